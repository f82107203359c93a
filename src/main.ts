// The action: inputs → thresholds checked → result (run here, on the service, or merged from
// shards) → latency test → one judgement → report → publish, then the verdict. The one place that
// calls core.setFailed, and only after everything was posted (bad input included).
import { pathToFileURL } from 'node:url';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { InputError, formatProblem } from './errors.ts';
import { getInputs, type ActionInputs } from './inputs.ts';
import { judgeRun, judgeShard, loadAndCheck, mergeShardFiles, preflight, preflightComparison, readEnvironmentSpec, readResultsFile, reportPathFor, shapeOf, type Gate } from './pipeline.ts';
import { type StopSignal } from './verdict/judge.ts';
import { runEmbeddedInWorkers } from './engine/workers.ts';
import { workersFor } from './engine/worker-count.ts';
import { runHostedDefinition } from './hosted/run-definition.ts';
import { judgeLatency, runLatencyPlan } from './latency/session.ts';
import { loadDefinition } from './definition/load.ts';
import { comparisonResultFile, prepareSides, runComparison } from './compare/run.ts';
import {
  comparisonChecks, comparisonExtensionLine, comparisonHtmlSection, comparisonPlanLine, comparisonProgressLine, comparisonSection, comparisonStopLine,
} from './compare/report.ts';
import { THRESHOLDS_INPUT } from './thresholds.ts';
import { compareToBaseline, type BaselineDelta } from './report/baseline.ts';
import { renderHtmlReport, type HtmlReportSection } from './report/html.ts';
import { latencyHtmlSection, latencyMarkdownSection } from './report/latency.ts';
import { escapeMarkdown, renderMarkdown, renderSummaryLine, type ReportSection } from './report/markdown.ts';
import { totalResponses } from './report/format.ts';
import { addSample, progressLine, type ProgressTotals } from './report/progress.ts';
import { shardsSection } from './report/shards.ts';
import { artifactName, NOT_IN_ACTIONS, uploadReportArtifactUniquely } from './github/artifact.ts';
import { commentMarker, MAX_COMMENT_LENGTH } from './github/comment.ts';
import { runUrl } from './github/context.ts';
import { publishReport } from './github/publish.ts';
import { logInfo } from './github/log.ts';
import { waitFor, type WaitForSettings } from './wait-for.ts';
import type { Check, Environment, Judgement, LoadTestResult, SecondSample } from './types.ts';
import { secretValues } from './variables/environment.ts';

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = getInputs((name) => core.getInput(name));
    if (inputs.githubToken) core.setSecret(inputs.githubToken);
    if (inputs.apiKey) core.setSecret(inputs.apiKey);
    await runAction(inputs, env);
  } catch (error) {
    if (error instanceof InputError) {
      await reportBadInput(error);
      return;
    }
    core.setFailed(`loadgate: ${(error as Error).message}`);
  }
}

type ComparedResult = ReturnType<typeof comparisonResultFile>;

/** The summary, outputs and annotations of a run that never started: nothing was sent. */
async function reportBadInput(error: InputError): Promise<void> {
  const count = `${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}`;
  for (const problem of error.problems) {
    core.error(formatProblem(problem), {
      title: 'loadgate: bad input',
      ...(problem.file && { file: problem.file }),
      ...(problem.line !== undefined && { startLine: problem.line }),
      ...(problem.column !== undefined && { startColumn: problem.column }),
    });
  }
  core.setOutput('passed', 'false');
  try {
    const items = error.problems.map((p) => `- ${escapeMarkdown(formatProblem(p))}`);
    await core.summary.addRaw(`### ❌ loadgate: bad input — nothing was sent\n\n${items.join('\n')}\n`).write();
  } catch {
    // No job summary file outside Actions: the annotations above say it all.
  }
  core.setFailed(`loadgate: bad input (${count}); nothing was sent`);
}

/** What the report and the verdict are made of. */
interface Judged {
  result: LoadTestResult;
  judgement: Judgement;
  markdownSections: ReportSection[];
  htmlSections: HtmlReportSection[];
}

async function runAction(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<void> {
  const baseline = inputs.baseline ? await readResultsFile(inputs.baseline, 'baseline') : undefined;
  const gate: Gate = {
    thresholds: inputs.thresholds, defaults: inputs.defaultThresholds, origin: THRESHOLDS_INPUT, onSaturated: inputs.onSaturated, ...(baseline && { baseline }),
  };
  const resultsPath = resolve(inputs.resultsFile);
  const stop = cancelSignal();
  if (inputs.waitFor) await waitForTarget(inputs.waitFor, inputs.insecureTls, stop.signal);
  const result = inputs.mode === 'merge'
    ? await mergeShardFiles([inputs.shards], process.cwd(), 'shards', testUrlOf(env, resultsPath))
    : inputs.mode === 'compare'
      ? await runCompare(inputs, gate, env, resultsPath, stop.signal)
      : await runDefinition(inputs, gate, env, resultsPath, stop.signal);
  if (inputs.shard) {
    await writeResults(resultsPath, result);
    return publishShard(result, resultsPath);
  }
  const judged = await judge(inputs, gate, result, stop);
  await writeResults(resultsPath, judged.result);
  await publish(inputs, env, judged, baseline ? compareToBaseline(result, baseline) : undefined, resultsPath);
  const { judgement } = judged;
  if (judgement.outcome === 'incomplete') {
    core.setFailed(`loadgate: the run was stopped early (${judgement.stoppedBy}); partial results are not a pass`);
  } else if (judgement.outcome === 'failed') {
    const failed = judgement.failed;
    core.setFailed(`loadgate: ${failed.length} check${failed.length === 1 ? '' : 's'} failed: ${failed.map((c) => `${c.describe} (actual ${c.actual})`).join('; ')}`);
  }
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

function writeResults(path: string, result: LoadTestResult): Promise<void> {
  return writeFile(path, `${JSON.stringify(result, null, 2)}\n`);
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

async function runDefinition(inputs: ActionInputs, gate: Gate, env: NodeJS.ProcessEnv, resultsPath: string, signal: AbortSignal): Promise<LoadTestResult> {
  const test = await loadAndCheck(inputs.test, await readEnvironmentSpec(inputs.environment, 'environment'));
  maskSecrets(test.definition.environment);
  preflight(gate, shapeOf(test.definition, inputs.proxies, inputs.mode === 'hosted' ? 'hosted' : 'embedded', gate.baseline));
  if (inputs.insecureTls) core.warning('loadgate: TLS certificates are not verified (insecure-tls: true)');
  const { duration, iteration_count: iterations } = test.definition.config_data;
  logInfo(`loadgate: running "${test.definition.name}" (${iterations} iterations over ${duration} s, ${inputs.mode})`);
  if (inputs.mode === 'hosted') {
    if (inputs.warmUpS || test.definition.warm_up) core.warning('loadgate: the warm-up period is not applied to hosted runs (the service interface has no such field)');
    return runHostedDefinition(test, { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, resultPath: inputs.apiResultPath, signal, log: logInfo });
  }
  return runEmbeddedInWorkers(test, {
    concurrency: inputs.maxConcurrency,
    insecure: inputs.insecureTls,
    proxies: inputs.proxies,
    signal,
    onSecond: progressLogger(duration, iterations),
    shard: inputs.shard,
    startAtMs: inputs.startAtMs,
    warmUpS: inputs.warmUpS,
    testUrl: testUrlOf(env, resultsPath),
  }, workersFor(inputs.workers, test.definition, inputs.shard));
}

/** The runner masks secret variables' values wherever the log would show them (docs/security.md). */
function maskSecrets(environment: Environment | undefined): void {
  for (const value of secretValues(environment)) core.setSecret(value);
}

/** Head against base in interleaved rounds (docs/comparison.md); both sides are checked before any request. */
async function runCompare(inputs: ActionInputs, gate: Gate, env: NodeJS.ProcessEnv, resultsPath: string, signal: AbortSignal): Promise<ComparedResult> {
  const loaded = await loadDefinition(inputs.test);
  const headEnvironment = await readEnvironmentSpec(inputs.environment, 'environment');
  const baseEnvironment = await readEnvironmentSpec(inputs.compareEnvironment, 'compare-environment');
  const sides = await prepareSides(loaded, headEnvironment, baseEnvironment!, 'compare-environment');
  maskSecrets(sides.head.definition.environment);
  maskSecrets(sides.base.definition.environment);
  const settings = inputs.compare!;
  preflightComparison(gate, sides.head.definition, inputs.proxies, settings, 'rounds');
  logInfo(comparisonPlanLine(sides.head.definition, settings));
  const compared = await runComparison(sides, settings, {
    concurrency: inputs.maxConcurrency,
    workers: workersFor(inputs.workers, sides.head.definition),
    insecure: inputs.insecureTls,
    proxies: inputs.proxies,
    signal,
    onProgress: (progress) => logInfo(comparisonProgressLine(progress)),
    onExtend: (extension) => logInfo(comparisonExtensionLine(extension)),
    testUrl: testUrlOf(env, resultsPath),
  });
  core.info(comparisonStopLine(compared.comparison));
  return comparisonResultFile(compared);
}

/** The one judgement: thresholds (on the head side in mode compare), defaults, no data, completeness, the comparison gate and the latency test (run after the load, so it does not disturb it). */
async function judge(inputs: ActionInputs, gate: Gate, loaded: LoadTestResult | ComparedResult, stop: ReturnType<typeof cancelSignal>): Promise<Judged> {
  const checks: Check[] = [];
  const shards = shardsSection(loaded);
  const judged: Omit<Judged, 'judgement'> = { result: loaded, markdownSections: shards ? [shards] : [], htmlSections: [] };
  if ('comparison' in loaded) {
    checks.push(...comparisonChecks(loaded.comparison));
    judged.markdownSections.push(comparisonSection(loaded.comparison));
    judged.htmlSections.push(comparisonHtmlSection(loaded.comparison));
  }
  if (inputs.latency && !stop.signal.aborted) {
    logInfo(`loadgate: latency test of ${inputs.latency.target} (${inputs.latency.patterns.join(', ')})`);
    const hosted = inputs.mode === 'hosted' ? { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, log: logInfo, warn: core.warning } : undefined;
    const latency = await runLatencyPlan(inputs.latency, { insecure: inputs.insecureTls, signal: stop.signal, hosted });
    judged.result = { ...loaded, run: { ...loaded.run, latency } };
    const latencyJudged = judgeLatency(latency, inputs.latencyThresholds, THRESHOLDS_INPUT);
    checks.push(...latencyJudged.checks.map((c): Check => ({ ...c, kind: 'latency' })));
    judged.markdownSections.push(latencyMarkdownSection(latency, latencyJudged.outcomes));
    judged.htmlSections.push(latencyHtmlSection(latency, latencyJudged.outcomes));
  }
  const stoppedBy = judged.result.run.interrupted ? (stop.stoppedBy() ?? 'stopped') : undefined;
  return { ...judged, judgement: await judgeRun(judged.result, gate, checks, stoppedBy) };
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
async function publishShard(result: LoadTestResult, resultsPath: string): Promise<void> {
  const line = renderSummaryLine(result, await judgeShard(result));
  logInfo(line);
  await publishReport({
    markdown: line,
    outputs: outputsOf(result, undefined, resultsPath),
    annotations: [],
    comment: { enabled: false, testName: result.run.name, job: '', eventName: '', eventPayload: {} },
  });
}

async function publish(inputs: ActionInputs, env: NodeJS.ProcessEnv, judged: Judged, baseline: BaselineDelta | undefined, resultsPath: string): Promise<void> {
  const { result, judgement } = judged;
  const job = env.GITHUB_JOB ?? 'loadgate';
  // The comment module puts its marker first; leave it room under GitHub's limit.
  const marker = commentMarker(result.run.name, job);
  const reportUrl = await writeAndUploadReport(judged, baseline, resultsPath, inputs.reportName, env);
  const markdown = renderMarkdown({
    result,
    judgement,
    baseline,
    reportUrl,
    definitionFile: inputs.test || undefined,
    maxLength: MAX_COMMENT_LENGTH - marker.length - 1,
    extraSections: judged.markdownSections,
  });
  await publishReport({
    markdown,
    outputs: outputsOf(result, judgement, resultsPath),
    annotations: judgement.checks.filter((c) => !c.passed).map((c) => ({
      level: c.warnOnly ? 'warning' as const : 'error' as const,
      title: annotationTitle(c),
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
async function writeAndUploadReport(judged: Judged, baseline: BaselineDelta | undefined, resultsPath: string, reportName: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const file = reportPathFor(resultsPath);
  const { result, judgement, htmlSections } = judged;
  await writeFile(file, renderHtmlReport({ result, judgement, baseline, extraSections: htmlSections }));
  const name = reportName || artifactName(result.run.name, env.GITHUB_JOB ?? '');
  const uploaded = await uploadReportArtifactUniquely({ file, name, env });
  if (uploaded.ok) return uploaded.url;
  if (uploaded.reason === NOT_IN_ACTIONS) logInfo(`loadgate: web report written to ${file}`);
  else core.warning(`loadgate: the web report could not be uploaded as an artifact: ${uploaded.reason}`);
  return undefined;
}

function annotationTitle(check: Check): string {
  if (check.warnOnly) return 'loadgate: warning';
  if (check.kind === 'threshold' || check.kind === 'latency') return 'loadgate: threshold failed';
  return check.kind === 'comparison' ? 'loadgate: comparison failed' : 'loadgate: check failed';
}

async function eventPayload(env: NodeJS.ProcessEnv): Promise<unknown> {
  if (!env.GITHUB_EVENT_PATH) return {};
  try {
    return JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return {};
  }
}

/** The action's outputs; `passed` is the judgement's (a shard, judged at the merge, has none). */
export function outputsOf(result: LoadTestResult, judgement: Judgement | undefined, resultsPath: string): Record<string, string> {
  const r = result.results;
  const ended = r.fail_count + r.success_count;
  // No response: no response time, and an empty output rather than a 0 that reads as fast.
  const time = (ms: number): string => (totalResponses(result) > 0 ? String(ms) : '');
  return {
    ...(judgement && {
      passed: String(judgement.outcome === 'passed'),
      outcome: judgement.outcome,
      checks: JSON.stringify(judgement.checks.map((c) => ({ check: c.describe, actual: c.actual, passed: c.passed, ...(c.warnOnly && { warning: true }) }))),
    }),
    'results-file': resultsPath,
    'test-url': result.test_url,
    avg: time(r.response_times.avg),
    p95: time(r.response_times.p95),
    p99: time(r.response_times.p99),
    'fail-rate': ended === 0 ? '' : String(Math.round((r.fail_count * 10000) / ended) / 100),
    iterations: String(r.iteration_count),
  };
}
