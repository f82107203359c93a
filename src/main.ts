// The action: inputs → result (run here, on the service, or merged from shards) → latency test →
// thresholds → report → publish, then the verdict. The one place that calls core.setFailed, and
// only after everything was posted.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { InputError, formatProblem } from './errors.ts';
import { getInputs, type ActionInputs } from './inputs.ts';
import { applyThresholds, loadAndPrepare, mergeShardFiles, readEnvironmentSpec, readResultsFile, reportPathFor } from './pipeline.ts';
import { runEmbeddedInWorker } from './engine/in-worker.ts';
import { runHostedDefinition } from './hosted/run-definition.ts';
import { judgeLatency, runLatencyPlan } from './latency/session.ts';
import { loadDefinition } from './definition/load.ts';
import { comparisonResultFile, prepareSides, runComparison } from './compare/run.ts';
import { comparisonChecks, comparisonHtmlSection, comparisonPlanLine, comparisonProgressLine, comparisonSection } from './compare/report.ts';
import { THRESHOLDS_INPUT } from './thresholds.ts';
import { compareToBaseline, type BaselineDelta } from './report/baseline.ts';
import { thresholdCheck } from './report/format.ts';
import { renderHtmlReport, type HtmlReportSection } from './report/html.ts';
import { latencyHtmlSection, latencyMarkdownSection } from './report/latency.ts';
import { renderMarkdown, renderSummaryLine, type ReportSection } from './report/markdown.ts';
import { addSample, progressLine, type ProgressTotals } from './report/progress.ts';
import { shardsSection } from './report/shards.ts';
import { artifactName, NOT_IN_ACTIONS, uploadReportArtifact } from './github/artifact.ts';
import { commentMarker, MAX_COMMENT_LENGTH } from './github/comment.ts';
import { runUrl } from './github/context.ts';
import { publishReport } from './github/publish.ts';
import type { ExtraCheck, LoadTestResult, SecondSample, ThresholdOutcome } from './types.ts';

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = getInputs((name) => core.getInput(name));
    if (inputs.githubToken) core.setSecret(inputs.githubToken);
    if (inputs.apiKey) core.setSecret(inputs.apiKey);
    await runAction(inputs, env);
  } catch (error) {
    if (error instanceof InputError) {
      for (const problem of error.problems) core.error(formatProblem(problem), { title: 'loadgate: bad input' });
      core.setFailed(`loadgate: bad input (${error.problems.length} problem${error.problems.length === 1 ? '' : 's'})`);
      return;
    }
    core.setFailed(`loadgate: ${(error as Error).message}`);
  }
}

type ComparedResult = ReturnType<typeof comparisonResultFile>;

/** What the report and the verdict are made of. */
interface Judged {
  result: LoadTestResult;
  outcomes: ThresholdOutcome[];
  /** Every check, thresholds first: what passes or fails the step. */
  checks: ExtraCheck[];
  /** Checks of the other sections (latency), for the renderers' verdict. */
  extraChecks: ExtraCheck[];
  markdownSections: ReportSection[];
  htmlSections: HtmlReportSection[];
}

async function runAction(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<void> {
  const baseline = inputs.baseline ? await readResultsFile(inputs.baseline, 'baseline') : undefined;
  const resultsPath = resolve(inputs.resultsFile);
  const signal = cancelSignal();
  const result = inputs.mode === 'merge'
    ? await mergeShardFiles([inputs.shards], process.cwd(), 'shards')
    : inputs.mode === 'compare'
      ? await runCompare(inputs, env, resultsPath, signal)
      : await runDefinition(inputs, env, resultsPath, signal);
  if (inputs.shard) {
    await writeResults(resultsPath, result);
    return publishShard(result, resultsPath);
  }
  const judged = await judge(inputs, result, signal);
  await writeResults(resultsPath, result);
  await publish(inputs, env, judged, baseline ? compareToBaseline(result, baseline) : undefined, resultsPath);
  const failed = judged.checks.filter((c) => !c.passed);
  if (failed.length > 0) {
    core.setFailed(`loadgate: ${failed.length} threshold${failed.length === 1 ? '' : 's'} failed: ${failed.map((c) => `${c.describe} (actual ${c.actual})`).join('; ')}`);
  }
}

function writeResults(path: string, result: LoadTestResult): Promise<void> {
  return writeFile(path, `${JSON.stringify(result, null, 2)}\n`);
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

async function runDefinition(inputs: ActionInputs, env: NodeJS.ProcessEnv, resultsPath: string, signal: AbortSignal): Promise<LoadTestResult> {
  const test = await loadAndPrepare(inputs.test, await readEnvironmentSpec(inputs.environment, 'environment'));
  if (inputs.insecureTls) core.warning('loadgate: TLS certificates are not verified (insecure-tls: true)');
  const { duration, iteration_count: iterations } = test.definition.config_data;
  core.info(`loadgate: running "${test.definition.name}" (${iterations} iterations over ${duration} s, ${inputs.mode})`);
  if (inputs.mode === 'hosted') {
    if (inputs.warmUpS || test.definition.warm_up) core.warning('loadgate: the warm-up period is not applied to hosted runs (the service interface has no such field)');
    return runHostedDefinition(test, { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, resultPath: inputs.apiResultPath, signal, log: core.info });
  }
  return runEmbeddedInWorker(test, {
    concurrency: inputs.maxConcurrency,
    insecure: inputs.insecureTls,
    proxies: inputs.proxies,
    signal,
    onSecond: progressLogger(duration, iterations),
    shard: inputs.shard,
    startAtMs: inputs.startAtMs,
    warmUpS: inputs.warmUpS,
    testUrl: runUrl(env) ?? `file://${reportPathFor(resultsPath)}`,
  });
}

/** Head against base in interleaved rounds (DESIGN 12); both sides are checked before any request. */
async function runCompare(inputs: ActionInputs, env: NodeJS.ProcessEnv, resultsPath: string, signal: AbortSignal): Promise<ComparedResult> {
  const loaded = await loadDefinition(inputs.test);
  const headEnvironment = await readEnvironmentSpec(inputs.environment, 'environment');
  const baseEnvironment = await readEnvironmentSpec(inputs.compareEnvironment, 'compare-environment');
  const sides = await prepareSides(loaded, headEnvironment, baseEnvironment!, 'compare-environment');
  const settings = inputs.compare!;
  core.info(comparisonPlanLine(sides.head.definition, settings));
  const compared = await runComparison(sides, settings, {
    concurrency: inputs.maxConcurrency,
    insecure: inputs.insecureTls,
    proxies: inputs.proxies,
    signal,
    onProgress: (progress) => core.info(comparisonProgressLine(progress)),
    testUrl: runUrl(env) ?? `file://${reportPathFor(resultsPath)}`,
  });
  return comparisonResultFile(compared);
}

/** The thresholds (on the head side in mode compare), the comparison gate, and the latency test (run after the load, so it does not disturb it). */
async function judge(inputs: ActionInputs, result: LoadTestResult | ComparedResult, signal: AbortSignal): Promise<Judged> {
  const { outcomes } = applyThresholds(result, inputs.thresholds, THRESHOLDS_INPUT);
  const shards = shardsSection(result);
  const judged: Judged = {
    result, outcomes, checks: outcomes.map(thresholdCheck), extraChecks: [], markdownSections: shards ? [shards] : [], htmlSections: [],
  };
  if ('comparison' in result) {
    const checks = comparisonChecks(result.comparison);
    judged.checks.push(...checks);
    judged.extraChecks.push(...checks);
    judged.markdownSections.push(comparisonSection(result.comparison));
    judged.htmlSections.push(comparisonHtmlSection(result.comparison));
  }
  if (!inputs.latency) return judged;
  core.info(`loadgate: latency test of ${inputs.latency.target} (${inputs.latency.patterns.join(', ')})`);
  const hosted = inputs.mode === 'hosted' ? { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, log: core.info, warn: core.warning } : undefined;
  const latency = await runLatencyPlan(inputs.latency, { insecure: inputs.insecureTls, signal, hosted });
  result.run.latency = latency;
  const latencyJudged = judgeLatency(latency, inputs.latencyThresholds, THRESHOLDS_INPUT);
  judged.checks.push(...latencyJudged.checks);
  judged.extraChecks.push(...latencyJudged.checks);
  judged.markdownSections.push(latencyMarkdownSection(latency, latencyJudged.outcomes));
  judged.htmlSections.push(latencyHtmlSection(latency, latencyJudged.outcomes));
  return judged;
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

async function publish(inputs: ActionInputs, env: NodeJS.ProcessEnv, judged: Judged, baseline: BaselineDelta | undefined, resultsPath: string): Promise<void> {
  const { result, outcomes } = judged;
  const job = env.GITHUB_JOB ?? 'loadgate';
  // The comment module puts its marker first; leave it room under GitHub's limit.
  const marker = commentMarker(result.run.name, job);
  const reportUrl = await writeAndUploadReport(judged, baseline, resultsPath, env);
  const markdown = renderMarkdown({
    result,
    outcomes,
    baseline,
    reportUrl,
    definitionFile: inputs.test || undefined,
    maxLength: MAX_COMMENT_LENGTH - marker.length - 1,
    extraSections: judged.markdownSections,
    extraChecks: judged.extraChecks,
  });
  await publishReport({
    markdown,
    outputs: outputsOf(result, judged.checks, resultsPath),
    annotations: judged.checks.filter((c) => !c.passed).map((c) => ({
      title: 'loadgate: threshold failed',
      message: `${c.describe}: actual ${c.actual}`,
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
async function writeAndUploadReport(judged: Judged, baseline: BaselineDelta | undefined, resultsPath: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const file = reportPathFor(resultsPath);
  const { result, outcomes, extraChecks, htmlSections } = judged;
  await writeFile(file, renderHtmlReport({ result, outcomes, baseline, extraChecks, extraSections: htmlSections }));
  const uploaded = await uploadReportArtifact({ file, name: artifactName(result.run.name), env });
  if (uploaded.ok) return uploaded.url;
  if (uploaded.reason === NOT_IN_ACTIONS) core.info(`loadgate: web report written to ${file}`);
  else core.warning(`loadgate: the web report could not be uploaded as an artifact: ${uploaded.reason}`);
  return undefined;
}

async function eventPayload(env: NodeJS.ProcessEnv): Promise<unknown> {
  if (!env.GITHUB_EVENT_PATH) return {};
  try {
    return JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return {};
  }
}

export function outputsOf(result: LoadTestResult, checks: ExtraCheck[], resultsPath: string): Record<string, string> {
  const r = result.results;
  const ended = r.fail_count + r.success_count;
  return {
    passed: String(checks.every((c) => c.passed)),
    'results-file': resultsPath,
    'test-url': result.test_url,
    avg: String(r.response_times.avg),
    p95: String(r.response_times.p95),
    p99: String(r.response_times.p99),
    'fail-rate': String(ended === 0 ? 0 : Math.round((r.fail_count * 10000) / ended) / 100),
    iterations: String(r.iteration_count),
  };
}
