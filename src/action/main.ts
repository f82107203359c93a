// The action: the pipeline (src/pipeline/) with GitHub's sinks, read top to bottom. Inputs →
// the gate (thresholds, baseline, history) → measured (here, on the service, merged from shards,
// compared, or the capacity search: run.ts; or mode publish) → latency test → conclude
// (one judgement, one report model) → results file, artifacts, comment, summary, outputs,
// annotations and check (github/post-report.ts) → the verdict. The one place that calls
// core.setFailed, and only after everything was posted (bad input included).
import './node-guard.ts';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { actionGate, cancelSignal, measureRun, runLatency, testUrlOf, waitForTarget } from './run.ts';
import { proxyCredentials } from '../results/credentials.ts';
import { InputError } from '../errors.ts';
import { eventPayload, headShaOf, runUrl } from '../github/context.ts';
import { logInfo } from '../github/log.ts';
import { postBadInput, postError, publishRun, publishShard, withNote } from '../github/post-report.ts';
import { messageOf } from '../github/publish.ts';
import { publishBlockOf, runPublish, withoutBlock } from '../github/publish-mode-run.ts';
import { Secrets } from '../github/secrets.ts';
import { StatusCheck } from '../github/status-check.ts';
import { getInputs, readCheckInputs, type ActionInputs, type InputReader } from './inputs.ts';
import { writeCiReports } from '../pipeline/ci-reports.ts';
import { conclude, concludeShard } from '../pipeline/conclude.ts';
import { resultsText } from '../pipeline/sources.ts';
import { THRESHOLDS_INPUT } from '../thresholds/grammar.ts';
import type { Judgement } from '../types.ts';

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const read = (name: string): string => core.getInput(name);
  const secrets = new Secrets();
  // Read once: the check's commit, the PR, the comment and the base branch's artifacts all come from it.
  const payload = await eventPayload(env);
  const check = statusCheckOf(read, env, payload, secrets);
  try {
    const inputs = getInputs(read, (line) => core.notice(line));
    secrets.add([inputs.githubToken, inputs.apiKey, ...proxyCredentials(inputs.proxies)]);
    await runAction(inputs, { env, payload, check, secrets });
  } catch (error) {
    if (error instanceof InputError) {
      await postBadInput(error, check, read('test').trim());
      const count = `${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}`;
      core.setFailed(`loadgate: bad input (${count}); nothing was sent`);
      return;
    }
    // An error nothing expected: the check says so, then the step fails.
    const message = secrets.redact(messageOf(error));
    await postError(message, check, read('test').trim());
    core.setFailed(`loadgate: ${message}`);
  }
}

/** The run's status check on the PR's head commit (docs/ci.md); inert outside Actions or with check: false. */
function statusCheckOf(read: InputReader, env: NodeJS.ProcessEnv, payload: unknown, secrets: Secrets): StatusCheck {
  const settings = readCheckInputs(read);
  secrets.add([settings.token]);
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const headSha = headShaOf(env.GITHUB_EVENT_NAME ?? '', payload, env);
  const detailsUrl = runUrl(env);
  return new StatusCheck({
    enabled: settings.enabled,
    token: settings.token,
    name: settings.name,
    matrixEntry: settings.matrixEntry,
    ...(owner && repo && { owner, repo }),
    ...(headSha && { headSha }),
    ...(detailsUrl && { detailsUrl }),
    ...(env.GITHUB_API_URL && { apiUrl: env.GITHUB_API_URL }),
    warn: (message) => core.warning(message),
    info: logInfo,
  });
}

/** What one run of the action holds besides its inputs. */
interface RunContext {
  env: NodeJS.ProcessEnv;
  /** The event's payload (GITHUB_EVENT_PATH), read once. */
  payload: unknown;
  check: StatusCheck;
  secrets: Secrets;
}

async function runAction(inputs: ActionInputs, { env, payload, check, secrets }: RunContext): Promise<void> {
  if (inputs.mode === 'publish') return runPublish(inputs, env, payload);
  const { gate, baseline, note } = await actionGate(inputs, env, payload);
  const resultsPath = resolve(inputs.resultsFile);
  const stop = cancelSignal();
  if (inputs.waitFor) await waitForTarget(inputs.waitFor, inputs.insecureTls, stop.signal);
  // A shard is judged, and checked, at the merge.
  const started = inputs.shard ? () => {} : (testName: string) => check.start(testName);
  const addSecrets = (values: string[]) => secrets.add(values);
  const io = { signal: stop.signal, started, addSecrets, testUrl: testUrlOf(env, resultsPath) };
  const { measured, gate: verdictGate } = await measureRun(inputs, gate, io);
  if (inputs.shard) return publishShard(await concludeShard(measured), resultsPath);
  started(measured.result.run.name);
  const latency = inputs.latency && !stop.signal.aborted ? await runLatency(inputs, stop.signal) : undefined;
  const stoppedBy = stop.stoppedBy();
  const concluded = withNote(
    await conclude(measured, verdictGate, {
      ...(latency && { latency: { result: latency, thresholds: inputs.latencyThresholds, origin: THRESHOLDS_INPUT } }),
      ...(stoppedBy && { stoppedBy }),
      ...(inputs.test && { definitionFile: inputs.test }),
    }),
    note,
  );
  const report = { notes: note ? [note] : [], ...(baseline && { baseline: withoutBlock(baseline) }) };
  const block = publishBlockOf(inputs, env, payload, concluded, report);
  await writeFile(resultsPath, resultsText(block ? { ...concluded.result, github: block } : concluded.result));
  const ciReports = { junit: inputs.junitFile, gitlabMetrics: inputs.gitlabMetricsFile };
  for (const file of await writeCiReports(ciReports, concluded.result, concluded.judgement)) logInfo(`loadgate: wrote ${file}`);
  await publishRun(inputs, env, payload, concluded, resultsPath, check);
  failUnlessPassed(concluded.judgement);
}

/** The step fails on a verdict that is not a pass; a run stopped early is not one, whatever it measured. */
function failUnlessPassed(judgement: Judgement): void {
  if (judgement.outcome === 'incomplete') {
    core.setFailed(`loadgate: the run was stopped early (${judgement.stoppedBy}); partial results are not a pass`);
  } else if (judgement.outcome === 'failed') {
    const failed = judgement.failed;
    core.setFailed(
      `loadgate: ${failed.length} check${failed.length === 1 ? '' : 's'} failed: ${failed.map((c) => `${c.describe} (actual ${c.actual})`).join('; ')}`,
    );
  }
}
