// One embedded run: plan + prepared steps → engine → the 2.5 result with its `run` block.
import { Engine, type EngineOutcome } from './engine.ts';
import { initHistograms, type Histogram } from '../results/histogram.ts';
import type { CellExtremes } from './parts.ts';
import { LoadPlan, perSecondCounts, type LocationConfig, type Shard } from './plan.ts';
import { buildResults, encodeHistograms } from './results.ts';
import { definitionSha256, threadShard, waitForStart } from './shard.ts';
import { warmMsFor, warmThread } from './warm.ts';
import { threadTurn } from './tick.ts';
import { runBlock, type RunFacts } from './run-info.ts';
import type { CheckedTest, PreparedTest } from './prepare.ts';
import type { PreparedStep } from './step.ts';
import { MAX_WARM_UP_S } from '../definition/schema.ts';
import { isProblem, type Problem } from '../errors.ts';
import { rateWindowS } from '../rates.ts';
import { duration } from '../settings/values.ts';
import type { LoadTestResult, SecondSample, ShardInfo } from '../types.ts';

export interface RunOptions {
  /** In-flight cap; absent: the default the schedule suits (defaultConcurrency). */
  concurrency?: number;
  insecure: boolean;
  /** Country code → proxy URL. */
  proxies: Record<string, string>;
  /** Aborted to stop: the requests in flight are aborted (counted as cancelled) and the partial result returned. */
  signal?: AbortSignal;
  onSecond?: (sample: SecondSample) => void;
  /** Run only this slice of the plan; the results file then carries what merge needs (docs/scaling.md). */
  shard?: Shard;
  /** Epoch ms to wait for before starting (sharded runs start together). */
  startAtMs?: number;
  testUrl: string;
  /** Monotonic clock in ms, for tests that drive time themselves (in-process runs only). */
  clock?: () => number;
  /** Seconds of unrecorded load before the recorded schedule; overrides the definition's warm_up. */
  warmUpS?: number;
  /** How long after the plan's end an iteration may still start (ms; START_GRACE_MS when absent). */
  startGraceMs?: number;
  /** Each second of run.series carries its histogram (shards have them anyway): for thresholds `over TIME`. */
  keepSecondHistograms?: boolean;
  /** What a step's checks read of a response body, at most (bytes; DEFAULT_CHECK_BODY_BYTES when absent). */
  checkBodyBytes?: number;
  /** How long after the signal the engine's threads that have not ended are ended (ms; STOP_DEADLINE_MS when absent). */
  stopDeadlineMs?: number;
}

/** What the engine itself needs of the run's options: all but where the result's report is seen. */
export type EngineOptions = Omit<RunOptions, 'testUrl'>;

/**
 * The default in-flight cap (docs/engine.md): room for every iteration of this runner's busiest
 * second to be in flight at once for as long as one may take, i.e. the schedule holds while
 * iterations take up to 1 s, or up to their streams' bounds (`max_seconds`, added up over the
 * iteration's streaming steps) where that is longer: a stream holds its slot until it ends; at
 * least MIN_DEFAULT_CONCURRENCY, so a slow service at a low rate still gets its load, and at most
 * MAX_DEFAULT_CONCURRENCY connections from one runner.
 */
export const MIN_DEFAULT_CONCURRENCY = 100;
export const MAX_DEFAULT_CONCURRENCY = 5000;

export function defaultConcurrency(plan: LoadPlan, steps: readonly Pick<PreparedStep, 'stream'>[] = []): number {
  const streamsS = steps.reduce((sum, step) => sum + (step.stream ? step.stream.maxMs / 1000 : 0), 0);
  const heldS = Math.max(1, streamsS);
  return Math.min(MAX_DEFAULT_CONCURRENCY, Math.max(MIN_DEFAULT_CONCURRENCY, Math.ceil(plan.peakPerSecond() * heldS)));
}

/** A warm-up period given as a setting (`--warm-up`, input `warm-up`): whole seconds, 0 to MAX_WARM_UP_S. */
export function parseWarmUp(text: string, inputName: string): number | Problem {
  const seconds = duration(text, inputName, { whole: true });
  if (isProblem(seconds) || seconds <= MAX_WARM_UP_S) return seconds;
  return { path: inputName, message: `expected at most ${MAX_WARM_UP_S} s, got "${text}"` };
}

/**
 * The warm-up against the target: the first recorded second's rate (its first second with any
 * load), reached in equal steps over the warm-up's seconds, so the service and the connections
 * grow into the load instead of meeting it at once. Same locations and shard split as the plan.
 */
export function warmUpPlan(config: LocationConfig, seconds: number, shard?: Shard): LoadPlan | undefined {
  if (seconds <= 0) return undefined;
  const rate = perSecondCounts(config).find((count) => count > 0) ?? 0;
  const manual_load = Array.from({ length: seconds }, (_, s) => ({ duration: 1, count: Math.round((rate * (s + 1)) / seconds) }));
  return new LoadPlan(
    { proxy_config: config.proxy_config, load_type: 'linear', manual_load, iteration_count: 0, duration: seconds },
    shard,
  );
}

/** One thread's share of a run on several (workers.ts): which thread, the common start, its seconds. */
export interface ThreadShare {
  /** This thread (1-based) of how many: its slice of the plan (threadShard) and its turn in the run's tick (tick.ts). */
  thread: number;
  threads: number;
  startGate: () => Promise<number>;
  onSecond: (sample: SecondSample, histogram: Histogram) => void;
  /** The share as it stands, after each closed second (EngineSettings.onCheckpoint). */
  onCheckpoint?: (outcome: EngineOutcome, startLagMs: number) => void;
}

/** The engine run of a test, or of one thread's share of it; nothing built from it yet. */
export async function runEngine(
  test: PreparedTest,
  options: EngineOptions,
  share?: ThreadShare,
): Promise<{ outcome: EngineOutcome; startLagMs: number }> {
  await initHistograms();
  const shard = share ? threadShard(options.shard, share.thread, share.threads) : options.shard;
  const plan = new LoadPlan(test.definition.config_data, shard);
  const peak = plan.peakPerSecond();
  await warmThread(test.steps, warmMsFor(peak * test.steps.length), peak);
  const startLagMs = options.startAtMs === undefined ? 0 : await waitForStart(options.startAtMs, options.signal);
  const warmUp = warmUpPlan(test.definition.config_data, options.warmUpS ?? test.definition.warm_up ?? 0, shard);
  const onSecond = share?.onSecond ?? options.onSecond;
  const engine = new Engine(plan, test.steps, {
    concurrency: options.concurrency ?? defaultConcurrency(plan, test.steps),
    insecure: options.insecure,
    proxies: options.proxies,
    signal: options.signal,
    ...(onSecond && { onSecond }),
    newIterationVars: test.iterationVars?.create,
    beginIteration: test.iterationVars?.begin,
    // A thread's seconds are added up by its parent, which encodes the sums for a shard file.
    keepSecondHistograms: (options.shard !== undefined || options.keepSecondHistograms === true) && !share,
    keepStreamSecondHistograms: options.shard !== undefined || options.keepSecondHistograms === true || share !== undefined,
    ...(share && { startGate: share.startGate, tick: threadTurn(share.thread, share.threads, peak) }),
    ...(share?.onCheckpoint && { onCheckpoint: (outcome: EngineOutcome) => share.onCheckpoint!(outcome, startLagMs) }),
    ...(warmUp && { warmUp }),
    ...(options.clock && { clock: options.clock }),
    ...(options.startGraceMs !== undefined && { startGraceMs: options.startGraceMs }),
    ...(options.checkBodyBytes !== undefined && { maxBodyBytes: options.checkBodyBytes }),
  });
  return { outcome: await engine.run(), startLagMs };
}

export async function runEmbedded(test: PreparedTest, options: RunOptions): Promise<LoadTestResult> {
  const { outcome, startLagMs } = await runEngine(test, options);
  try {
    return await resultOf(test, options, outcome, startLagMs);
  } finally {
    outcome.recorder.destroy();
  }
}

/**
 * The 2.5 result with its `run` block, from what one engine recorded or several threads' engines
 * did together (workers.ts; `extremes` then holds the exact max and min of each cell).
 */
export async function resultOf(
  test: CheckedTest,
  options: RunOptions,
  outcome: EngineOutcome,
  startLagMs: number,
  extremes?: CellExtremes,
): Promise<LoadTestResult> {
  const stepIds = test.definition.config_data.steps.map((s) => s.id);
  const streaming = test.definition.config_data.steps.map((s) => s.stream !== undefined);
  return {
    test_url: options.testUrl,
    results: buildResults(outcome.recorder, stepIds, outcome.locations, extremes, streaming),
    run: runBlock({
      ...engineFacts(test, outcome),
      ...(options.shard && { shard: await shardBlock(test, options.shard, outcome, startLagMs) }),
    }),
    // Every level's histogram, so that any percentile can be judged (docs/verdict.md) and shards merged exactly.
    histograms: encodeHistograms(outcome.recorder, stepIds, outcome.locations, streaming),
  };
}

/** What an engine run (one thread's or several's) says of itself, for runBlock. */
function engineFacts(test: CheckedTest, outcome: EngineOutcome): RunFacts {
  return {
    mode: 'embedded',
    name: test.definition.name,
    startedAt: outcome.startedAt,
    finishedAt: outcome.finishedAt,
    durationS: outcome.durationS,
    rateWindowS: rateWindowS({
      plannedS: test.definition.config_data.duration,
      elapsedS: outcome.durationS,
      interrupted: outcome.interrupted,
      lastLateStartS: outcome.lastLateStartS,
    }),
    requests: outcome.requests,
    lateIterations: outcome.lateIterations,
    maxScheduleLagMs: outcome.maxScheduleLagMs,
    steps: test.runSteps,
    locations: outcome.egress,
    interrupted: outcome.interrupted,
    series: outcome.recorder.series,
    generator: outcome.generator,
  };
}

async function shardBlock(test: CheckedTest, shard: Shard, outcome: EngineOutcome, startLagMs: number): Promise<ShardInfo> {
  return {
    index: shard.index,
    count: shard.count,
    definition_sha256: await definitionSha256(test.definition),
    started_at: outcome.startedAt.toISOString(),
    finished_at: outcome.finishedAt.toISOString(),
    start_lag_ms: Math.round(startLagMs),
  };
}
