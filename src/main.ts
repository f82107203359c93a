// The action: inputs → definition → engine → thresholds → report → publish, then the verdict.
// The one place that calls core.setFailed, and only after everything was posted.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { InputError, formatProblem } from './errors.ts';
import { getInputs, type ActionInputs } from './inputs.ts';
import { applyThresholds, loadAndPrepare, mergeShardFiles, readEnvironmentSpec, readResultsFile, reportPathFor } from './pipeline.ts';
import { shardsSection } from './report/shards.ts';
import { runEmbedded } from './engine/run.ts';
import { runHostedDefinition } from './hosted/run-definition.ts';
import { describeThreshold, formatMetricValue, THRESHOLDS_INPUT } from './thresholds.ts';
import { compareToBaseline, type BaselineDelta } from './report/baseline.ts';
import { renderHtmlReport } from './report/html.ts';
import { artifactName, NOT_IN_ACTIONS, uploadReportArtifact } from './github/artifact.ts';
import { renderMarkdown, renderSummaryLine } from './report/markdown.ts';
import { commentMarker, MAX_COMMENT_LENGTH } from './github/comment.ts';
import { runUrl } from './github/context.ts';
import { publishReport } from './github/publish.ts';
import { addSample, progressLine, type ProgressTotals } from './report/progress.ts';
import type { LoadTestResult, SecondSample, ThresholdOutcome } from './types.ts';

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = getInputs((name) => core.getInput(name));
    if (inputs.githubToken) core.setSecret(inputs.githubToken);
    if (inputs.apiKey) core.setSecret(inputs.apiKey);
    await runTestMode(inputs, env);
  } catch (error) {
    if (error instanceof InputError) {
      for (const problem of error.problems) core.error(formatProblem(problem), { title: 'loadgate: bad input' });
      core.setFailed(`loadgate: bad input (${error.problems.length} problem${error.problems.length === 1 ? '' : 's'})`);
      return;
    }
    core.setFailed(`loadgate: ${(error as Error).message}`);
  }
}

function cancelSignal(): AbortSignal {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      core.warning(`loadgate: ${signal} received: stopping; partial results follow`);
      controller.abort();
    });
  }
  return controller.signal;
}

/** Gets the result (run here, on the service, or merged from shards), then judges and reports it. */
async function runTestMode(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<void> {
  const baseline = inputs.baseline ? await readResultsFile(inputs.baseline, 'baseline') : undefined;
  const resultsPath = resolve(inputs.resultsFile);
  const result = inputs.mode === 'merge'
    ? await mergeShardFiles([inputs.shards], process.cwd(), 'shards')
    : await runDefinition(inputs, env, resultsPath);
  await writeFile(resultsPath, `${JSON.stringify(result, null, 2)}\n`);
  if (inputs.shard) return publishShard(result, resultsPath);
  const { outcomes, passed } = applyThresholds(result, inputs.thresholds, THRESHOLDS_INPUT);
  await publish(inputs, env, result, outcomes, baseline, resultsPath);
  if (!passed) core.setFailed(failureMessage(outcomes));
}

async function runDefinition(inputs: ActionInputs, env: NodeJS.ProcessEnv, resultsPath: string): Promise<LoadTestResult> {
  const test = await loadAndPrepare(inputs.test, await readEnvironmentSpec(inputs.environment, 'environment'));
  if (inputs.insecureTls) core.warning('loadgate: TLS certificates are not verified (insecure-tls: true)');
  core.info(`loadgate: running "${test.definition.name}" (${test.definition.config_data.iteration_count} iterations, ${inputs.mode})`);
  const signal = cancelSignal();
  if (inputs.mode === 'hosted') {
    return runHostedDefinition(test, { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, resultPath: inputs.apiResultPath, signal, log: core.info });
  }
  return runEmbedded(test, {
    concurrency: inputs.maxConcurrency,
    insecure: inputs.insecureTls,
    proxies: inputs.proxies,
    signal,
    onSecond: progressLogger(test.definition.config_data.duration, test.definition.config_data.iteration_count),
    shard: inputs.shard,
    startAtMs: inputs.startAtMs,
    testUrl: runUrl(env) ?? `file://${resultsPath}`,
  });
}

/** A progress line in the job log every 5 seconds (the log is not a terminal: no live line). */
function progressLogger(plannedSeconds: number, plannedIterations: number): (sample: SecondSample) => void {
  let totals: ProgressTotals = { started: 0, responses: 0, failures: 0 };
  return (sample) => {
    totals = addSample(totals, sample);
    if (sample.t % 5 === 4) core.info(progressLine(sample, totals, plannedSeconds, plannedIterations));
  };
}

/** A shard is judged and reported at the merge, where all its data is: here only one line. */
async function publishShard(result: LoadTestResult, resultsPath: string): Promise<void> {
  const line = renderSummaryLine(result, []);
  core.info(line);
  await publishReport({
    markdown: line,
    outputs: outputsOf(result, [], resultsPath),
    annotations: [],
    comment: { enabled: false, testName: result.run.name, job: '', eventName: '', eventPayload: {} },
  });
}

async function publish(
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  result: LoadTestResult,
  outcomes: ThresholdOutcome[],
  baseline: LoadTestResult | undefined,
  resultsPath: string,
): Promise<void> {
  const job = env.GITHUB_JOB ?? 'loadgate';
  // The comment module puts its marker first; leave it room under GitHub's limit.
  const marker = commentMarker(result.run.name, job);
  const delta = baseline ? compareToBaseline(result, baseline) : undefined;
  const reportUrl = await writeAndUploadReport(result, outcomes, delta, resultsPath, env);
  const markdown = renderMarkdown({
    result,
    outcomes,
    baseline: delta,
    reportUrl,
    definitionFile: inputs.test || undefined,
    maxLength: MAX_COMMENT_LENGTH - marker.length - 1,
    extraSections: [shardsSection(result)].filter((section) => section !== undefined),
  });
  await publishReport({
    markdown,
    outputs: outputsOf(result, outcomes, resultsPath),
    annotations: outcomes.filter((o) => !o.passed).map((o) => ({
      title: 'loadgate: threshold failed',
      message: `${describeThreshold(o.threshold)}: actual ${formatMetricValue(o.threshold.metric, o.actual)}`,
      file: inputs.test || undefined,
    })),
    comment: {
      enabled: inputs.comment,
      token: inputs.githubToken || undefined,
      testName: result.run.name,
      job,
      eventName: env.GITHUB_EVENT_NAME ?? '',
      eventPayload: await eventPayload(env),
    },
  });
}

/** The web report next to the results file, uploaded as an artifact; its link, when there is one. */
async function writeAndUploadReport(
  result: LoadTestResult,
  outcomes: ThresholdOutcome[],
  baseline: BaselineDelta | undefined,
  resultsPath: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const file = reportPathFor(resultsPath);
  await writeFile(file, renderHtmlReport({ result, outcomes, baseline }));
  const uploaded = await uploadReportArtifact({ file, name: artifactName(result.run.name), env });
  if (uploaded.ok) return uploaded.url;
  if (uploaded.reason === NOT_IN_ACTIONS) core.info(`loadgate: web report written to ${file}`);
  else core.warning(`loadgate: the web report could not be uploaded as an artifact: ${uploaded.reason}`);
  return undefined;
}

async function eventPayload(env: NodeJS.ProcessEnv): Promise<unknown> {
  if (!env.GITHUB_EVENT_PATH) return {};
  try {
    const { readFile } = await import('node:fs/promises');
    return JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return {};
  }
}

export function outputsOf(result: LoadTestResult, outcomes: ThresholdOutcome[], resultsPath: string): Record<string, string> {
  const r = result.results;
  const ended = r.fail_count + r.success_count;
  return {
    passed: String(outcomes.every((o) => o.passed)),
    'results-file': resultsPath,
    'test-url': result.test_url,
    avg: String(r.response_times.avg),
    p95: String(r.response_times.p95),
    p99: String(r.response_times.p99),
    'fail-rate': String(ended === 0 ? 0 : Math.round((r.fail_count * 10000) / ended) / 100),
    iterations: String(r.iteration_count),
  };
}

function failureMessage(outcomes: ThresholdOutcome[]): string {
  const failed = outcomes.filter((o) => !o.passed);
  return `loadgate: ${failed.length} threshold${failed.length === 1 ? '' : 's'} failed: `
    + failed.map((o) => `${describeThreshold(o.threshold)} (actual ${formatMetricValue(o.threshold.metric, o.actual)})`).join('; ');
}
