// The action: the pipeline (src/pipeline/) with GitHub's sinks. Inputs → thresholds checked →
// measured (here, on the service, merged from shards, or compared) → latency test → conclude (one
// judgement, one report model) → results file, web report, comment, summary, outputs and
// annotations, then the verdict. The one place that calls core.setFailed, and only after
// everything was posted (bad input included).
import { pathToFileURL } from 'node:url';
import { writeFile } from 'node:fs/promises';
import { basename, extname, relative, resolve } from 'node:path';
import * as core from '@actions/core';
import { InputError, formatProblem, problemLines, shownProblems, type Problem } from './errors.ts';
import { AUTO_BASELINE, getInputs, readCheckInputs, type ActionInputs, type InputReader } from './inputs.ts';
import { conclude, concludeShard, type Concluded } from './pipeline/conclude.ts';
import { preflight, shapeOf, type Gate } from './pipeline/gate.ts';
import { measureComparison, measureDefinition, measureMerge, type Measured, type RunLog } from './pipeline/measure.ts';
import { writeCiReports } from './pipeline/ci-reports.ts';
import { loadAndCheck, readEnvironmentSpec, readResultsFile, reportPathFor, resultsText } from './pipeline/sources.ts';
import type { StopSignal } from './verdict/judge.ts';
import { runLatencyPlan } from './latency/session.ts';
import { loadDefinition } from './definition/load.ts';
import { judgedOnWindows, THRESHOLDS_INPUT } from './thresholds.ts';
import { renderHtmlReport } from './report/html.ts';
import { renderMarkdown, renderSummaryLine } from './report/markdown.ts';
import { escapeMarkdown } from './report/markdown-blocks.ts';
import { totalResponses, type ReportModel } from './report/model.ts';
import { addSample, progressLine, type ProgressTotals } from './report/progress.ts';
import {
  artifactName,
  NOT_IN_ACTIONS,
  RESULTS_ARTIFACT_PREFIX,
  resultsArtifactName,
  uploadReportArtifact,
  uploadReportArtifactUniquely,
} from './github/artifact.ts';
import { autoBaseline } from './github/baseline-artifact.ts';
import { actionHistory, baseBranchSearch } from './github/history.ts';
import { createOctokit, messageOf } from './github/publish.ts';
import { commentBudget, commentMarker, commentState } from './github/comment.ts';
import { eventPayload, headShaOf, pullRequestFromEvent, runUrl, type PullRequestRef } from './github/context.ts';
import { CHECK_SUMMARY_LIMIT } from './github/check-run.ts';
import { checkAnnotations, checkNameOf, StatusCheck } from './github/status-check.ts';
import {
  downloadRunResults,
  findPullRequest,
  readPublishable,
  triggeringRunOf,
  type PublishBlock,
  type ResultsWithBlock,
  type TriggeringRun,
} from './github/publish-mode.ts';
import { buildReport } from './report/model.ts';
import type { Comparison } from './compare/run.ts';
import { publishReport } from './github/publish.ts';
import { logInfo } from './github/log.ts';
import { waitFor, type WaitForSettings } from './pipeline/wait-for.ts';
import type { Check, Judgement, LoadTestResult, SecondSample } from './types.ts';
import { redactSecrets, secretValues } from './variables/environment.ts';
import { failRatePct } from './rates.ts';
import { proxyCredentials } from './credentials.ts';
import { runCapacityMode } from './action-capacity.ts';

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const read = (name: string): string => core.getInput(name);
  const secrets = new Secrets();
  const check = statusCheckOf(read, env, await eventPayload(env), secrets);
  try {
    const inputs = getInputs(read, (line) => core.notice(line));
    secrets.add([inputs.githubToken, inputs.apiKey, ...proxyCredentials(inputs.proxies)]);
    await runAction(inputs, env, check, secrets);
  } catch (error) {
    if (error instanceof InputError) {
      await reportBadInput(error, check, read('test').trim());
      return;
    }
    await reportError(error, check, read('test').trim(), secrets);
  }
}

/**
 * Values the runner masks in the log (core.setSecret). Text sent to the API instead, such as
 * an error's message on the check, the runner never sees: redact() hides them there.
 */
class Secrets {
  private readonly values: string[] = [];

  add(values: readonly string[]): void {
    for (const value of values.filter((v) => v !== '')) {
      core.setSecret(value);
      this.values.push(value);
    }
  }

  redact(text: string): string {
    // Longest first, so a secret inside another is not left half hidden.
    return redactSecrets(
      text,
      [...this.values].sort((a, b) => b.length - a.length),
    );
  }
}

/** Before the definition named the test, its file's name stands in for it. */
function fallbackTestName(test: string): string {
  return basename(test, extname(test)) || 'loadgate';
}

/**
 * An error nothing expected: the check is completed as a failure with its message (one left
 * in_progress would hold a required check until GitHub times it out), then the step fails.
 */
async function reportError(error: unknown, check: StatusCheck, test: string, secrets: Secrets): Promise<void> {
  const message = secrets.redact(messageOf(error));
  await check.complete(fallbackTestName(test), 'error', {
    title: 'loadgate: error — the run did not finish',
    summary: `loadgate stopped on an error: ${escapeMarkdown(message)}\n\nThe job log has the details.`,
    annotations: [],
  });
  core.setFailed(`loadgate: ${message}`);
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

/** The job log: lines as info, warnings as annotations. */
const ACTION_LOG: RunLog = { info: logInfo, warn: (line) => core.warning(`loadgate: ${line}`) };

/** The summary, outputs and annotations of a run that never started: nothing was sent. */
async function reportBadInput(error: InputError, check: StatusCheck, test: string): Promise<void> {
  const count = `${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}`;
  for (const problem of shownProblems(error.problems).shown) {
    core.error(formatProblem(problem), {
      title: 'loadgate: bad input',
      ...(problem.file && { file: problem.file }),
      ...(problem.line !== undefined && { startLine: problem.line }),
      ...(problem.column !== undefined && { startColumn: problem.column }),
    });
  }
  core.setOutput('passed', 'false');
  const items = problemLines(error.problems).map((line) => `- ${escapeMarkdown(line)}`);
  const title = 'loadgate: bad input — nothing was sent';
  try {
    await core.summary.addRaw(`### ❌ ${title}\n\n${items.join('\n')}\n`).write();
  } catch {
    // No job summary file outside Actions: the annotations above say it all.
  }
  await check.complete(fallbackTestName(test), 'bad-input', { title, summary: items.join('\n'), annotations: [] });
  core.setFailed(`loadgate: bad input (${count}); nothing was sent`);
}

async function runAction(inputs: ActionInputs, env: NodeJS.ProcessEnv, check: StatusCheck, secrets: Secrets): Promise<void> {
  if (inputs.mode === 'publish') return runPublish(inputs, env);
  const auto = inputs.baseline === AUTO_BASELINE ? await findAutoBaseline(inputs, env) : undefined;
  const baselineFile = auto ? auto.file : inputs.baseline;
  const baseline = baselineFile ? await readResultsFile(baselineFile, 'baseline') : undefined;
  // With no baseline to be found, limits relative to it are not checked (the note says so) rather than failed.
  const history = await actionHistory(inputs, env);
  const unchecked = auto && !baseline ? inputs.thresholds.filter((t) => t.baseline) : history.unchecked;
  const gate: Gate = {
    thresholds: inputs.thresholds.filter((t) => !unchecked.includes(t)),
    ...(history.history && { history: history.history }),
    defaults: inputs.defaultThresholds,
    origin: THRESHOLDS_INPUT,
    onSaturated: inputs.onSaturated,
    ...(baseline && { baseline }),
  };
  const note = auto && `${auto.note}${unchecked.length > 0 ? `; not checked: ${unchecked.map((t) => t.source).join(', ')}` : ''}`;
  if (note) logInfo(`loadgate: ${note}`);
  const resultsPath = resolve(inputs.resultsFile);
  const stop = cancelSignal();
  if (inputs.waitFor) await waitForTarget(inputs.waitFor, inputs.insecureTls, stop.signal);
  // A shard is judged, and checked, at the merge.
  const started = inputs.shard ? () => {} : (testName: string) => check.start(testName);
  const capacity =
    inputs.mode === 'capacity'
      ? await runCapacityMode(inputs, gate, {
          signal: stop.signal,
          started,
          addSecrets: (values) => secrets.add(values),
          testUrl: testUrlOf(env, resultsPath),
          log: ACTION_LOG,
        })
      : undefined;
  const measured = capacity
    ? capacity.measured
    : inputs.mode === 'merge'
      ? await measureMerge([inputs.shards], process.cwd(), 'shards', testUrlOf(env, resultsPath))
      : inputs.mode === 'compare'
        ? await runCompare(inputs, gate, env, resultsPath, stop.signal, started, secrets)
        : await runDefinition(inputs, gate, env, resultsPath, stop.signal, started, secrets);
  if (inputs.shard) return publishShard(await concludeShard(measured), resultsPath);
  started(measured.result.run.name);
  const latency = inputs.latency && !stop.signal.aborted ? await runLatency(inputs, stop.signal) : undefined;
  const stoppedBy = stop.stoppedBy();
  const concluded = withNote(
    await conclude(measured, capacity?.gate ?? gate, {
      ...(latency && { latency: { result: latency, thresholds: inputs.latencyThresholds, origin: THRESHOLDS_INPUT } }),
      ...(stoppedBy && { stoppedBy }),
      ...(inputs.test && { definitionFile: inputs.test }),
    }),
    note,
  );
  const block = await publishBlockOf(inputs, env, concluded, {
    notes: note ? [note] : [],
    ...(baseline && { baseline: withoutBlock(baseline) }),
  });
  await writeFile(resultsPath, resultsText(block ? { ...concluded.result, github: block } : concluded.result));
  const ciReports = await writeCiReports(
    { junit: inputs.junitFile, gitlabMetrics: inputs.gitlabMetricsFile },
    concluded.result,
    concluded.judgement,
  );
  for (const file of ciReports) logInfo(`loadgate: wrote ${file}`);
  await publish(inputs, env, concluded, resultsPath, check);
  const { judgement } = concluded;
  if (judgement.outcome === 'incomplete') {
    core.setFailed(`loadgate: the run was stopped early (${judgement.stoppedBy}); partial results are not a pass`);
  } else if (judgement.outcome === 'failed') {
    const failed = judgement.failed;
    core.setFailed(
      `loadgate: ${failed.length} check${failed.length === 1 ? '' : 's'} failed: ${failed.map((c) => `${c.describe} (actual ${c.actual})`).join('; ')}`,
    );
  }
}

/** A line of the report's context, where every surface shows it. */
function withNote(concluded: Concluded, note: string | undefined): Concluded {
  if (!note) return concluded;
  return { ...concluded, model: { ...concluded.model, context: [...concluded.model.context, [{ user: note }]] } };
}

/** baseline: auto — the base branch's newest results of this test (docs/ci.md). */
async function findAutoBaseline(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<{ file?: string; note: string }> {
  const testName = (await loadDefinition(inputs.test)).definition.name;
  const { settings, octokit } = await baseBranchSearch(inputs, env, testName);
  return autoBaseline(settings, octokit);
}

async function waitForTarget(settings: WaitForSettings, insecure: boolean, signal: AbortSignal): Promise<void> {
  const answered = await waitFor(settings, {
    insecure,
    signal,
    onRetry: (attempt, reason) => {
      if (attempt === 1) logInfo(`loadgate: waiting for ${settings.url} to answer (${reason}), up to ${settings.timeoutS} s`);
    },
  });
  logInfo(`loadgate: ${settings.url} answered ${answered.status} after ${(answered.elapsedMs / 1000).toFixed(1)} s`);
}

/** The job's cancellation: the signal that stops the run, and which one it was. */
function cancelSignal(): { signal: AbortSignal; stoppedBy: () => StopSignal | undefined } {
  const controller = new AbortController();
  let received: StopSignal | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      received ??= signal;
      core.warning(`loadgate: ${signal} received: stopping; partial results follow`);
      controller.abort(signal);
    });
  }
  return { signal: controller.signal, stoppedBy: () => received };
}

async function runDefinition(
  inputs: ActionInputs,
  gate: Gate,
  env: NodeJS.ProcessEnv,
  resultsPath: string,
  signal: AbortSignal,
  started: (testName: string) => void,
  secrets: Secrets,
): Promise<Measured> {
  const test = await loadAndCheck(inputs.test, await readEnvironmentSpec(inputs.environment, 'environment'));
  started(test.definition.name);
  secrets.add(secretValues(test.definition.environment));
  preflight(gate, shapeOf(test.definition, inputs.proxies, inputs.mode === 'hosted' ? 'hosted' : 'embedded', gate.baseline));
  const { duration, iteration_count: iterations } = test.definition.config_data;
  logInfo(`loadgate: running "${test.definition.name}" (${iterations} iterations over ${duration} s, ${inputs.mode})`);
  return measureDefinition(
    test,
    {
      ...(inputs.mode === 'hosted' && {
        hosted: { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, resultPath: inputs.apiResultPath, signal, log: logInfo },
      }),
      embedded: {
        concurrency: inputs.maxConcurrency,
        insecure: inputs.insecureTls,
        proxies: inputs.proxies,
        signal,
        onSecond: progressLogger(duration, iterations),
        shard: inputs.shard,
        startAtMs: inputs.startAtMs,
        warmUpS: inputs.warmUpS,
        keepSecondHistograms: judgedOnWindows(gate.thresholds),
        testUrl: testUrlOf(env, resultsPath),
      },
      workers: inputs.workers,
      abortOn: gate.thresholds,
    },
    ACTION_LOG,
  );
}

/** Head against base in interleaved rounds (docs/comparison.md); both sides are checked before any request. */
async function runCompare(
  inputs: ActionInputs,
  gate: Gate,
  env: NodeJS.ProcessEnv,
  resultsPath: string,
  signal: AbortSignal,
  started: (testName: string) => void,
  secrets: Secrets,
): Promise<Measured> {
  return measureComparison(
    {
      loaded: await loadDefinition(inputs.test),
      head: await readEnvironmentSpec(inputs.environment, 'environment'),
      base: (await readEnvironmentSpec(inputs.compareEnvironment, 'compare-environment'))!,
      baseName: 'compare-environment',
      settings: inputs.compare!,
      roundsName: 'rounds',
      options: {
        concurrency: inputs.maxConcurrency,
        workers: inputs.workers,
        insecure: inputs.insecureTls,
        proxies: inputs.proxies,
        signal,
        testUrl: testUrlOf(env, resultsPath),
      },
    },
    gate,
    ACTION_LOG,
    (sides) => {
      started(sides.head.definition.name);
      // The runner masks secret variables' values wherever the log would show them (docs/security.md).
      secrets.add([...secretValues(sides.head.definition.environment), ...secretValues(sides.base.definition.environment)]);
    },
  );
}

/** The latency test runs after the load, so that it does not disturb it. */
function runLatency(inputs: ActionInputs, signal: AbortSignal) {
  const plan = inputs.latency!;
  logInfo(`loadgate: latency test of ${plan.target} (${plan.patterns.join(', ')})`);
  const hosted = inputs.mode === 'hosted' ? { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, log: logInfo, warn: core.warning } : undefined;
  return runLatencyPlan(plan, { insecure: inputs.insecureTls, signal, hosted });
}

/** A progress line in the job log every 5 seconds (the log is not a terminal: no live line). */
function progressLogger(plannedSeconds: number, plannedIterations: number): (sample: SecondSample) => void {
  let totals: ProgressTotals = { started: 0, responses: 0, failures: 0 };
  return (sample) => {
    totals = addSample(totals, sample);
    if (sample.t % 5 === 4) logInfo(progressLine(sample, totals, plannedSeconds, plannedIterations));
  };
}

/** Where the run's report is seen: the Actions run page, else the web report's file next to the results. */
function testUrlOf(env: NodeJS.ProcessEnv, resultsPath: string): string {
  return runUrl(env) ?? pathToFileURL(reportPathFor(resultsPath)).href;
}

/** A shard is judged and reported at the merge, where all its data is: here only one line. */
async function publishShard(shard: Concluded, resultsPath: string): Promise<void> {
  await writeFile(resultsPath, resultsText(shard.result));
  const line = renderSummaryLine(shard.model);
  logInfo(line);
  await publishReport({
    markdown: line,
    outputs: outputsOf(shard.result, undefined, resultsPath),
    annotations: [],
    comment: { enabled: false, testName: shard.result.run.name, job: '', eventName: '', eventPayload: {} },
  });
}

async function publish(
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  concluded: Concluded,
  resultsPath: string,
  check: StatusCheck,
): Promise<void> {
  const { result, model } = concluded;
  const reportUrl = await writeAndUploadReport(model, resultsPath, inputs.reportName, env);
  await uploadResults(resultsPath, resultsArtifactName(result.run.name, inputs.matrixEntry), env);
  const linked: ReportModel = reportUrl ? { ...model, links: { ...model.links, htmlReport: reportUrl } } : model;
  const definitionFile = definitionPath(inputs, env);
  await postReport({
    inputs,
    env,
    concluded: { ...concluded, model: linked },
    resultsPath,
    check,
    job: commentJobOf(inputs, env),
    ...(inputs.test && { annotationFile: inputs.test }),
    ...(definitionFile && { definitionFile }),
  });
}

/** The job whose sticky comment it is: in a matrix with its entry, so entries never overwrite one another's comment. */
function commentJobOf(inputs: ActionInputs, env: NodeJS.ProcessEnv): string {
  const job = env.GITHUB_JOB ?? 'loadgate';
  return inputs.matrixEntry ? `${job} (${inputs.matrixEntry})` : job;
}

/** The definition relative to the workspace, as the Checks API places annotations. */
function definitionPath(inputs: ActionInputs, env: NodeJS.ProcessEnv): string {
  return inputs.test && relative(env.GITHUB_WORKSPACE || process.cwd(), resolve(inputs.test));
}

interface Posting {
  inputs: ActionInputs;
  env: NodeJS.ProcessEnv;
  concluded: Concluded;
  resultsPath: string;
  check: StatusCheck;
  /** The job whose sticky comment it is. */
  job: string;
  /** Where the workflow's annotations point, and the check's (relative to the workspace). */
  annotationFile?: string;
  definitionFile?: string;
  /** The PR, when the event is not its own (mode publish). */
  pullRequest?: PullRequestRef;
}

/** The comment, summary, outputs, annotations and check of one judged result: the same for a run and for mode publish. */
async function postReport(p: Posting): Promise<void> {
  const { inputs, env, check } = p;
  const { result, judgement, model: linked } = p.concluded;
  const marker = commentMarker(result.run.name, p.job);
  const state = commentState(judgement);
  const markdown = renderMarkdown(linked, { maxLength: commentBudget(marker, state) });
  await publishReport({
    markdown,
    outputs: outputsOf(result, judgement, p.resultsPath),
    annotations: judgement.checks
      .filter((c) => !c.passed)
      .map((c) => ({
        level: c.warnOnly ? ('warning' as const) : ('error' as const),
        title: annotationTitle(c),
        message: `${c.describe}: actual ${c.actual}`,
        file: p.annotationFile,
      })),
    comment: {
      enabled: inputs.comment,
      policy: { when: inputs.commentWhen, state, failed: judgement.outcome !== 'passed' },
      token: inputs.githubToken || undefined,
      testName: result.run.name,
      job: p.job,
      eventName: env.GITHUB_EVENT_NAME ?? '',
      eventPayload: await eventPayload(env),
      ...(p.pullRequest && { pullRequest: p.pullRequest }),
    },
  });
  await check.complete(result.run.name, judgement.outcome, {
    title: renderSummaryLine(linked),
    summary: renderMarkdown(linked, { maxLength: CHECK_SUMMARY_LIMIT }),
    // The Checks API places annotations on a file: a merge has none of its own.
    annotations: p.definitionFile
      ? checkAnnotations(
          judgement.checks.filter((c) => !c.passed),
          p.definitionFile,
        )
      : [],
  });
}

/**
 * What a later mode publish needs of a pull_request run (docs/results.md, `github`): the PR and
 * its head, the names the comment and check take, and the verdict with what the report showed.
 */
async function publishBlockOf(
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  concluded: Concluded,
  report: PublishBlock['report'],
): Promise<PublishBlock | undefined> {
  const payload = await eventPayload(env);
  const pr = pullRequestFromEvent(env.GITHUB_EVENT_NAME ?? '', payload);
  const headSha = headShaOf(env.GITHUB_EVENT_NAME ?? '', payload, env);
  if (!pr || !headSha) return undefined;
  const { result, judgement, model } = concluded;
  const definitionFile = definitionPath(inputs, env);
  const latencyOutcomes = model.latency?.outcomes;
  return {
    pull_request: pr.number,
    head_sha: headSha,
    job: commentJobOf(inputs, env),
    check_name: checkNameOf(inputs.checkName, result.run.name, inputs.matrixEntry),
    ...(definitionFile && { definition_file: definitionFile }),
    judgement,
    report: { ...report, ...(latencyOutcomes && { latency_outcomes: [...latencyOutcomes] }) },
  };
}

/** A results file without its own `github` block: a PR run's results as another's baseline would otherwise nest them. */
function withoutBlock(result: LoadTestResult): LoadTestResult {
  const copy: LoadTestResult & { github?: unknown } = { ...result };
  delete copy.github;
  return copy;
}

/**
 * mode publish (docs/ci.md, Forks): the comment and check of a pull_request run, from its
 * results artifacts alone. Every file is checked against the triggering run before anything is
 * posted, so one that does not match refuses them all.
 */
async function runPublish(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<void> {
  const run = triggeringRunOf(env.GITHUB_EVENT_NAME ?? '', await eventPayload(env));
  if (run.event !== 'pull_request') {
    logInfo(`loadgate: run ${run.runId} ran on ${run.event || 'an unknown event'}, not a pull request: nothing to publish`);
    return;
  }
  if (!inputs.githubToken)
    throw new InputError([
      { path: 'github-token', message: 'mode publish needs a token (pull-requests: write, checks: write, actions: read)' },
    ]);
  const octokit = createOctokit(inputs.githubToken, env.GITHUB_API_URL);
  const pr = await findPullRequest(octokit, run);
  if (!pr) {
    core.warning(`loadgate: no open pull request has ${run.headSha} (run ${run.runId}) as its head: nothing to publish`);
    return;
  }
  const downloaded = await downloadRunResults(octokit, run, inputs.githubToken);
  if (downloaded.length === 0) {
    core.warning(`loadgate: run ${run.runId} kept no ${RESULTS_ARTIFACT_PREFIX}* artifact: nothing to publish`);
    return;
  }
  const checked: { file: string; results: ResultsWithBlock }[] = [];
  const problems: Problem[] = [];
  for (const { artifact, file } of downloaded) {
    try {
      checked.push({ file, results: await readPublishable(file, artifact, pr, run.headSha) });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new InputError(problems);
  for (const { file, results } of checked) await publishResults(inputs, env, run, pr, file, results);
}

/** One checked results file, posted as its pull_request run would have posted it. */
async function publishResults(
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  run: TriggeringRun,
  pr: PullRequestRef,
  file: string,
  results: ResultsWithBlock,
): Promise<void> {
  const { github: block, ...measured } = results;
  // The links lead to the triggering run, as GitHub names it, not to a URL the file claims.
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const runPage = `${server}/${run.owner}/${run.repo}/actions/runs/${run.runId}`;
  const result = { ...measured, test_url: runPage };
  const { judgement, report } = block;
  const model = buildReport({
    result,
    judgement,
    ...(report.baseline && { baseline: report.baseline }),
    ...(results.comparison !== undefined && { comparison: results.comparison as Comparison }),
    ...(report.latency_outcomes && { latencyOutcomes: report.latency_outcomes }),
    ...(block.definition_file && { definitionFile: block.definition_file }),
  });
  const concluded = withNote({ result, judgement, model }, report.notes.join('; ') || undefined);
  const check = new StatusCheck({
    enabled: inputs.check,
    token: inputs.githubToken,
    name: block.check_name,
    owner: run.owner,
    repo: run.repo,
    headSha: run.headSha,
    detailsUrl: runPage,
    ...(env.GITHUB_API_URL && { apiUrl: env.GITHUB_API_URL }),
    warn: (message) => core.warning(message),
    info: logInfo,
  });
  logInfo(`loadgate: publishing "${result.run.name}" of run ${run.runId} on PR #${pr.number} (${run.headSha}): ${judgement.outcome}`);
  await postReport({
    inputs,
    env,
    concluded,
    resultsPath: file,
    check,
    job: block.job,
    pullRequest: pr,
    ...(block.definition_file && { annotationFile: block.definition_file, definitionFile: block.definition_file }),
  });
}

/** The web report next to the results file, uploaded as an artifact; its link, when there is one. */
async function writeAndUploadReport(
  model: ReportModel,
  resultsPath: string,
  reportName: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const file = reportPathFor(resultsPath);
  await writeFile(file, renderHtmlReport(model));
  const name = reportName || artifactName(model.name, env.GITHUB_JOB ?? '');
  const uploaded = await uploadReportArtifactUniquely({ file, name, env });
  if (uploaded.ok) return uploaded.url;
  if (uploaded.reason === NOT_IN_ACTIONS) logInfo(`loadgate: web report written to ${file}`);
  else core.warning(`loadgate: the web report could not be uploaded as an artifact: ${uploaded.reason}`);
  return undefined;
}

/** Every run keeps its results under a stable name, for later runs' baseline: auto. */
async function uploadResults(file: string, name: string, env: NodeJS.ProcessEnv): Promise<void> {
  const uploaded = await uploadReportArtifact({ file, name, env });
  if (!uploaded.ok && uploaded.reason !== NOT_IN_ACTIONS)
    core.warning(`loadgate: the results file could not be kept as an artifact: ${uploaded.reason}`);
}

function annotationTitle(check: Check): string {
  if (check.warnOnly) return 'loadgate: warning';
  if (check.kind === 'threshold' || check.kind === 'latency') return 'loadgate: threshold failed';
  return check.kind === 'comparison' ? 'loadgate: comparison failed' : 'loadgate: check failed';
}

/** The action's outputs; `passed` is the judgement's (a shard, judged at the merge, has none). */
export function outputsOf(result: LoadTestResult, judgement: Judgement | undefined, resultsPath: string): Record<string, string> {
  const r = result.results;
  const failRate = failRatePct(r);
  // No response: no response time, and an empty output rather than a 0 that reads as fast.
  const time = (ms: number): string => (totalResponses(result) > 0 ? String(ms) : '');
  return {
    ...(judgement && {
      passed: String(judgement.outcome === 'passed'),
      outcome: judgement.outcome,
      checks: JSON.stringify(
        judgement.checks.map((c) => ({ check: c.describe, actual: c.actual, passed: c.passed, ...(c.warnOnly && { warning: true }) })),
      ),
    }),
    'results-file': resultsPath,
    'test-url': result.test_url,
    avg: time(r.response_times.avg),
    p95: time(r.response_times.p95),
    p99: time(r.response_times.p99),
    'fail-rate': failRate === undefined ? '' : String(Math.round(failRate * 100) / 100),
    iterations: String(r.iteration_count),
    ...(result.capacity && { capacity: String(result.capacity.max_rate) }),
  };
}
