// One embedded run: plan + prepared steps → engine → the 2.5 result with its `run` block.
import { Engine, type EngineOutcome } from './engine.ts';
import { initHistograms } from './histogram.ts';
import { LoadPlan, type Shard } from './plan.ts';
import { buildResults, encodeHistograms } from './results.ts';
import { definitionSha256, waitForStart } from './shard.ts';
import type { IterationVars, PreparedStep } from './step.ts';
import { VERSION } from '../version.ts';
import { expectedErrorStatuses } from '../variables/checks.ts';
import type { LoadTestDefinition, LoadTestResult, RunInfo, RunStepInfo, SecondSample } from '../types.ts';

/** A definition made ready to run: steps compiled, test data loaded. */
export interface PreparedTest {
  definition: LoadTestDefinition;
  /** Where the definition came from: a worker thread prepares the same test again from it (worker.ts). */
  source: { file: string; dir: string };
  steps: PreparedStep[];
  /** Present when templates use per-iteration state (data rows, captures). */
  iterationVars?: { create(): IterationVars; begin(vars: IterationVars, k: number): void };
}

export interface RunOptions {
  concurrency: number;
  insecure: boolean;
  /** Country code → proxy URL. */
  proxies: Record<string, string>;
  signal?: AbortSignal;
  /** Aborted on a second signal: stop at once, abandoning the requests in flight (counted as cancelled). */
  forceSignal?: AbortSignal;
  onSecond?: (sample: SecondSample) => void;
  /** Run only this slice of the plan; the results file then carries what merge needs (docs/scaling.md). */
  shard?: Shard;
  /** Epoch ms to wait for before starting (sharded runs start together). */
  startAtMs?: number;
  testUrl: string;
  /** Monotonic clock in ms, for tests that drive time themselves (in-process runs only). */
  clock?: () => number;
}

export const DEFAULT_CONCURRENCY = 1000;

export async function runEmbedded(test: PreparedTest, options: RunOptions): Promise<LoadTestResult> {
  await initHistograms();
  const startLagMs = options.startAtMs === undefined ? 0 : await waitForStart(options.startAtMs, options.signal);
  const plan = new LoadPlan(test.definition.config_data, options.shard);
  const engine = new Engine(plan, test.steps, {
    concurrency: options.concurrency,
    insecure: options.insecure,
    proxies: options.proxies,
    signal: options.signal,
    ...(options.forceSignal && { forceSignal: options.forceSignal }),
    onSecond: options.onSecond,
    newIterationVars: test.iterationVars?.create,
    beginIteration: test.iterationVars?.begin,
    keepSecondHistograms: options.shard !== undefined,
    ...(options.clock && { clock: options.clock }),
  });
  const outcome = await engine.run();
  const stepIds = test.steps.map((s) => s.id);
  try {
    const result: LoadTestResult = {
      test_url: options.testUrl,
      results: buildResults(outcome.recorder, stepIds, outcome.locations),
      run: runInfo(test, outcome),
    };
    if (options.shard) {
      result.run.shard = {
        index: options.shard.index,
        count: options.shard.count,
        definition_sha256: await definitionSha256(test.definition),
        started_at: result.run.started_at,
        finished_at: result.run.finished_at,
        start_lag_ms: Math.round(startLagMs),
      };
    }
    // Every level's histogram, so that any percentile can be judged (docs/verdict.md) and shards merged exactly.
    result.histograms = encodeHistograms(outcome.recorder, stepIds, outcome.locations);
    return result;
  } finally {
    outcome.recorder.destroy();
  }
}

/** run.steps: names, requests as shown, and the error statuses each step's assertions expect. */
export function runSteps(definition: LoadTestDefinition, urlOf: (id: number) => string | undefined = () => undefined): RunStepInfo[] {
  return definition.config_data.steps.map((s) => {
    const expected = expectedErrorStatuses(s.assertion);
    return { id: s.id, name: s.name, method: s.method, url: urlOf(s.id) ?? s.url, ...(expected.length > 0 && { expected_status: expected }) };
  });
}

function runInfo(test: PreparedTest, outcome: EngineOutcome): RunInfo {
  const duration = outcome.durationS;
  return {
    mode: 'embedded',
    name: test.definition.name,
    started_at: outcome.startedAt.toISOString(),
    finished_at: outcome.finishedAt.toISOString(),
    duration_s: Math.round(duration * 1000) / 1000,
    rps: duration > 0 ? Math.round((outcome.requests / duration) * 10) / 10 : 0,
    late_iterations: outcome.lateIterations,
    max_schedule_lag_ms: outcome.maxScheduleLagMs,
    version: VERSION,
    steps: runSteps(test.definition, (id) => test.steps.find((s) => s.id === id)?.displayUrl),
    locations: outcome.egress,
    interrupted: outcome.interrupted,
    series: outcome.recorder.series,
  };
}
