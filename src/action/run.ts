// The action's run stage (src/pipeline/ with the action's inputs and job log): the gate with its
// baseline and history, waiting for the target, the measurement of each mode (embedded, hosted,
// merge, compare, capacity) and the latency test after it.
import { pathToFileURL } from 'node:url';
import * as core from '@actions/core';
import { runCapacityMode } from './capacity.ts';
import { ACTION_INPUT_NAMES } from '../compare/settings.ts';
import { loadDefinition } from '../definition/load.ts';
import { autoBaseline } from '../github/baseline-artifact.ts';
import { runUrl } from '../github/context.ts';
import { actionHistory, baseBranchSearch } from '../github/history.ts';
import { logInfo } from '../github/log.ts';
import { AUTO_BASELINE, type ActionInputs } from './inputs.ts';
import { runLatencyPlan } from '../latency/session.ts';
import { preflight, shapeOf, type Gate } from '../pipeline/gate.ts';
import { measureComparison, measureDefinition, measureMerge, type Measured, type RunLog } from '../pipeline/measure.ts';
import { loadAndCheck, readEnvironmentSpec, readResultsFile, reportPathFor } from '../pipeline/sources.ts';
import { waitFor, type WaitForSettings } from '../pipeline/wait-for.ts';
import { addSample, progressLine, type ProgressTotals } from '../report/progress.ts';
import { judgedOnWindows, THRESHOLDS_INPUT } from '../thresholds/grammar.ts';
import type { LoadTestResult, SecondSample } from '../types.ts';
import { secretValues } from '../variables/environment.ts';
import type { StopSignal } from '../verdict/judge.ts';

/** The job log: lines as info, warnings as annotations. */
const ACTION_LOG: RunLog = { info: logInfo, warn: (line) => core.warning(`loadgate: ${line}`) };

/** What the verdict will check, the baseline it compares with, and the note saying what was not found. */
export interface ActionGate {
  gate: Gate;
  baseline?: LoadTestResult;
  note?: string;
}

/** The gate of the inputs, with baseline: auto and history found on the base branch (docs/ci.md, docs/history.md). */
export async function actionGate(inputs: ActionInputs, env: NodeJS.ProcessEnv, payload: unknown): Promise<ActionGate> {
  const auto = inputs.baseline === AUTO_BASELINE ? await findAutoBaseline(inputs, env, payload) : undefined;
  const baselineFile = auto ? auto.file : inputs.baseline;
  const baseline = baselineFile ? await readResultsFile(baselineFile, 'baseline') : undefined;
  // With no baseline to be found, limits relative to it are not checked (the note says so) rather than failed.
  const history = await actionHistory(inputs, env, payload);
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
  return { gate, ...(baseline && { baseline }), ...(note && { note }) };
}

/** baseline: auto — the base branch's newest results of this test (docs/ci.md). */
async function findAutoBaseline(inputs: ActionInputs, env: NodeJS.ProcessEnv, payload: unknown): Promise<{ file?: string; note: string }> {
  const testName = (await loadDefinition(inputs.test)).definition.name;
  const { settings, octokit } = baseBranchSearch(inputs, env, payload, testName);
  return autoBaseline(settings, octokit);
}

export async function waitForTarget(settings: WaitForSettings, insecure: boolean, signal: AbortSignal): Promise<void> {
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
export function cancelSignal(): { signal: AbortSignal; stoppedBy: () => StopSignal | undefined } {
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

export interface ActionRunIo {
  signal: AbortSignal;
  /** The status check starts once the definition names the test. */
  started: (testName: string) => void;
  /** The environment's secret variables, masked from here on. */
  addSecrets: (values: string[]) => void;
  /** Where the run's report is seen (testUrlOf). */
  testUrl: string;
}

/** What the run measured in its mode, and the gate its verdict takes (mode capacity judges the probe at the rate found). */
export async function measureRun(inputs: ActionInputs, gate: Gate, io: ActionRunIo): Promise<{ measured: Measured; gate: Gate }> {
  if (inputs.mode === 'capacity') return runCapacityMode(inputs, gate, { ...io, log: ACTION_LOG });
  const measured =
    inputs.mode === 'merge'
      ? await measureMerge([inputs.shards], process.cwd(), 'shards', io.testUrl)
      : inputs.mode === 'compare'
        ? await runCompare(inputs, gate, io)
        : await runDefinition(inputs, gate, io);
  return { measured, gate };
}

async function runDefinition(inputs: ActionInputs, gate: Gate, io: ActionRunIo): Promise<Measured> {
  const mode = inputs.mode === 'hosted' ? 'hosted' : 'embedded';
  const test = await loadAndCheck(inputs.test, await readEnvironmentSpec(inputs.environment, 'environment'), (definition) =>
    preflight(gate, shapeOf(definition, inputs.proxies, mode, gate.baseline)),
  );
  io.started(test.definition.name);
  io.addSecrets(secretValues(test.definition.environment));
  const { duration, iteration_count: iterations } = test.definition.config_data;
  logInfo(`loadgate: running "${test.definition.name}" (${iterations} iterations over ${duration} s, ${inputs.mode})`);
  return measureDefinition(
    test,
    {
      ...(inputs.mode === 'hosted' && {
        hosted: { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, resultPath: inputs.apiResultPath, signal: io.signal, log: logInfo },
      }),
      embedded: {
        concurrency: inputs.maxConcurrency,
        insecure: inputs.insecureTls,
        proxies: inputs.proxies,
        signal: io.signal,
        onSecond: progressLogger(duration, iterations),
        shard: inputs.shard,
        startAtMs: inputs.startAtMs,
        warmUpS: inputs.warmUpS,
        stopDeadlineMs: inputs.stopDeadlineMs,
        checkBodyBytes: inputs.checkBodyBytes,
        keepSecondHistograms: judgedOnWindows(gate.thresholds),
        testUrl: io.testUrl,
      },
      workers: inputs.workers,
      abortOn: gate.thresholds,
    },
    ACTION_LOG,
  );
}

/** Head against base in interleaved rounds (docs/comparison.md); both sides are checked before any request. */
async function runCompare(inputs: ActionInputs, gate: Gate, io: ActionRunIo): Promise<Measured> {
  return measureComparison(
    {
      loaded: await loadDefinition(inputs.test),
      head: await readEnvironmentSpec(inputs.environment, 'environment'),
      base: (await readEnvironmentSpec(inputs.compareEnvironment, 'compare-environment'))!,
      baseName: 'compare-environment',
      settings: inputs.compare!,
      settingNames: ACTION_INPUT_NAMES,
      options: {
        concurrency: inputs.maxConcurrency,
        workers: inputs.workers,
        insecure: inputs.insecureTls,
        proxies: inputs.proxies,
        signal: io.signal,
        testUrl: io.testUrl,
      },
    },
    gate,
    ACTION_LOG,
    (sides) => {
      io.started(sides.head.definition.name);
      // The runner masks secret variables' values wherever the log would show them (docs/security.md).
      io.addSecrets([...secretValues(sides.head.definition.environment), ...secretValues(sides.base.definition.environment)]);
    },
  );
}

/** The latency test runs after the load, so that it does not disturb it. */
export function runLatency(inputs: ActionInputs, signal: AbortSignal) {
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
export function testUrlOf(env: NodeJS.ProcessEnv, resultsPath: string): string {
  return runUrl(env) ?? pathToFileURL(reportPathFor(resultsPath)).href;
}
