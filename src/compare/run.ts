// The comparison gate's rounds (docs/comparison.md): the definition runs once against each side per round,
// in a seeded random order; each run yields one value of the metric per step, taken from the
// run's HdrHistograms in microseconds (the 2.5 response times are whole milliseconds and tie).
// The values go to the statistics of verdict.ts; each side's measured runs are added up in memory
// (side.ts) into one 2.5 result (the head's is the results file, so thresholds still apply).
import { failed, InputError, type Parsed, parsed, type Problem } from '../errors.ts';
import type { LoadedDefinition } from '../definition/load.ts';
import { initHistograms, sumHistograms, type Histogram } from '../results/histogram.ts';
import { perSecondCounts } from '../engine/plan.ts';
import { checkTest, type CheckedTest } from '../engine/prepare.ts';
import { EngineWorkers, type RecordedRun } from '../engine/workers.ts';
import type { Recorder } from '../engine/recorder.ts';
import { SideRounds } from './side.ts';
import type { Environment, LoadTestDefinition, LoadTestResult } from '../types.ts';
import { lookPlan, lookVerdicts, undecided, type LookPlan } from './sequential.ts';
import {
  type CompareMetric,
  type CompareSettings,
  type CompareTime,
  comparedSteps,
  metricParts,
  type Comparison,
  type ComparisonExtension,
  type ComparisonProgress,
  type ComparisonStep,
  type RoundOrder,
  type Side,
  type StopReason,
} from '../results/comparison.ts';
import { ALPHA } from './settings.ts';
import { seededOrder } from './stats.ts';
import { gateFails, type StepVerdict } from './verdict.ts';

export interface CompareSides {
  head: CheckedTest;
  base: CheckedTest;
}

export const NO_DATA_NOTE = 'no response on one side in any measured round: nothing to compare';

export interface ComparisonResult {
  comparison: Comparison;
  /** The head side over the measured rounds, mode `compare`: what thresholds and the report read. */
  head: LoadTestResult;
}

export interface ComparisonOptions {
  /** Absent: the engine's default (docs/engine.md). */
  concurrency?: number;
  /** Engine threads for every run of both sides; absent: one. */
  workers?: number;
  insecure: boolean;
  /** Country code → proxy URL. */
  proxies: Record<string, string>;
  signal?: AbortSignal;
  /** Called as each side of each round starts. */
  onProgress?: (progress: ComparisonProgress) => void;
  /** Called when a look leaves steps inconclusive and the rounds go on. */
  onExtend?: (extension: ComparisonExtension) => void;
  /** The clock of started_at, finished_at and the time limit. */
  now?: () => Date;
  /** The head result's test_url. */
  testUrl?: string;
}

/**
 * Both sides made ready before any request. The base side takes its variables from the base
 * environment alone, never from the definition's environment or the head's: a variable the base
 * environment lacks is an error, rather than a base side silently sent to the head.
 */
export async function prepareSides(
  loaded: LoadedDefinition,
  headEnv: Environment | undefined,
  baseEnv: Environment,
  baseName = 'the compare environment',
): Promise<CompareSides> {
  const { environment: _definitionEnvironment, ...withoutEnvironment } = loaded.definition;
  const [head, base] = await Promise.all([
    settle(checkTest(loaded, { environment: headEnv })),
    settle(checkTest({ ...loaded, definition: withoutEnvironment }, { environment: baseEnv })),
  ]);
  if (head.ok && base.ok) return { head: head.value, base: base.value };
  const headProblems = head.ok ? [] : head.problems;
  const seen = new Set(headProblems.map(problemKey));
  const baseProblems = (base.ok ? [] : base.problems)
    .filter((p) => !seen.has(problemKey(p)))
    .map((p) => ({ ...p, message: `base side (variables from ${baseName} only): ${p.message}` }));
  throw new InputError([...headProblems, ...baseProblems]);
}

async function settle(prepared: Promise<CheckedTest>): Promise<Parsed<CheckedTest>> {
  try {
    return parsed(await prepared);
  } catch (error) {
    if (error instanceof InputError) return failed(error.problems);
    throw error;
  }
}

function problemKey(p: Problem): string {
  return JSON.stringify([p.file, p.path, p.message]);
}

/** Seconds one run of the definition is planned to take. */
export function plannedRunSeconds(definition: LoadTestDefinition): number {
  return perSecondCounts(definition.config_data).length;
}

/** The whole comparison's planned seconds: every round runs the definition once per side. */
export function expectedDurationS(definition: LoadTestDefinition, settings: CompareSettings): number {
  return (settings.warmupRounds + settings.rounds) * 2 * plannedRunSeconds(definition);
}

/** What one round recorded on each side, in this thread's memory until the round is added up. */
type RoundRuns = Record<Side, RecordedRun>;

/** What stays fixed through a comparison's rounds. */
interface RoundsSetup {
  sides: CompareSides;
  settings: CompareSettings;
  opts: ComparisonOptions;
  now: () => Date;
  startedAt: Date;
  plan: LookPlan;
  /** Which side goes first in each round that may run, warm-ups first. */
  order: RoundOrder[];
  stepIds: number[];
}

/** What the rounds have recorded so far, filled round by round. */
interface RoundsSoFar {
  /** Which side went first in each round that ran, warm-ups first. */
  ran: RoundOrder[];
  warmups: RoundValues[];
  values: RoundValues[];
  /** Each side's measured runs, added up. */
  measured: Record<Side, SideRounds>;
  /** The latest round's recorders, kept until the next round replaces them. */
  last: RoundRuns | undefined;
  /** The latest round was cut short. */
  interrupted: boolean;
}

/** The verdicts at the look where the rounds stopped, and why they stopped there. */
interface RoundsEnding {
  steps: ComparisonStep[];
  stopped: StopReason;
}

/**
 * The planned rounds, then, while steps are inconclusive and the budget allows, more rounds up to
 * the next look (sequential.ts); the seeded order of the sides continues through them.
 */
export async function runComparison(sides: CompareSides, settings: CompareSettings, opts: ComparisonOptions): Promise<ComparisonResult> {
  // The runs record on the engine's worker threads; their recorders are added up in this thread.
  await initHistograms();
  const now = opts.now ?? (() => new Date());
  const setup: RoundsSetup = {
    sides,
    settings,
    opts,
    now,
    startedAt: now(),
    plan: lookPlan(settings.rounds, settings.maxRounds, ALPHA),
    order: seededOrder(settings.seed, settings.warmupRounds + settings.maxRounds),
    stepIds: sides.head.definition.config_data.steps.map((s) => s.id),
  };
  const rounds: RoundsSoFar = {
    ran: [],
    warmups: [],
    values: [],
    measured: { head: new SideRounds(sides.head), base: new SideRounds(sides.base) },
    last: undefined,
    interrupted: false,
  };
  // The same engine threads for every run, so that no side meets colder code than the other.
  const engine = new EngineWorkers(opts.workers ?? 1);
  let ending: RoundsEnding;
  try {
    ending = await runUntilStopped(setup, engine, rounds);
    // With no measured round (stopped in the first), the sides are what that round recorded.
    if (rounds.measured.head.count === 0) {
      rounds.measured.head.add(rounds.last!.head);
      rounds.measured.base.add(rounds.last!.base);
    }
  } finally {
    destroyRound(rounds.last);
    await engine.close();
  }
  return comparisonResult(setup, rounds, ending, now());
}

/** Look by look: the rounds up to the look's count, then the stopping rule, until it says stop. */
async function runUntilStopped(setup: RoundsSetup, engine: EngineWorkers, rounds: RoundsSoFar): Promise<RoundsEnding> {
  const { settings, plan } = setup;
  for (let look = 0; ; look++) {
    const outOfTime = await runRoundsUpTo(setup, engine, rounds, settings.warmupRounds + plan.rounds[look]!, look > 0);
    const steps = compareSteps(setup.sides.head, rounds.values, rounds.warmups, settings, plan);
    const pending = undecided(steps);
    const stopped = stopReason(setup, rounds, { look, steps, pending: pending.length, outOfTime });
    if (stopped) return { steps, stopped };
    setup.opts.onExtend?.({
      after: rounds.measured.head.count,
      to: plan.rounds[look + 1]!,
      look: look + 2,
      looks: plan.rounds.length,
      maxRounds: settings.maxRounds,
      inconclusive: pending.map((s) => s.name),
    });
  }
}

/**
 * Runs rounds until `total` have run (warm-ups included) or one is cut short. Each round of an
 * extension starts only if it fits the time limit: true when one did not.
 */
async function runRoundsUpTo(
  setup: RoundsSetup,
  engine: EngineWorkers,
  rounds: RoundsSoFar,
  total: number,
  extension: boolean,
): Promise<boolean> {
  for (let r = rounds.ran.length; r < total; r++) {
    if (extension && !roundFits(setup, rounds.ran.length)) return true;
    keepRound(setup, rounds, r, await runRound(setup, engine, r, total));
    if (rounds.interrupted) break;
  }
  return false;
}

/** Round `r`: each side once, in the round's seeded order. */
async function runRound(setup: RoundsSetup, engine: EngineWorkers, r: number, total: number): Promise<RoundRuns> {
  const warmup = r < setup.settings.warmupRounds;
  const runs: Partial<RoundRuns> = {};
  for (const side of setup.order[r] === 'head-first' ? (['head', 'base'] as const) : (['base', 'head'] as const)) {
    setup.opts.onProgress?.({ round: r + 1, of: total, side, warmup });
    runs[side] = await runSide(engine, setup.sides[side], setup.opts);
  }
  return runs as RoundRuns;
}

/** Keeps what round `r` recorded: its order, and unless it was cut short, its values (and a measured round's runs). */
function keepRound(setup: RoundsSetup, rounds: RoundsSoFar, r: number, round: RoundRuns): void {
  rounds.ran.push(setup.order[r]!);
  destroyRound(rounds.last);
  rounds.last = round;
  // A run cut short measures part of a schedule; its round is left out of the analysis.
  rounds.interrupted = round.head.outcome.interrupted || round.base.outcome.interrupted;
  if (rounds.interrupted) return;
  const values = roundValues(round, setup.stepIds, setup.settings.metric);
  if (r < setup.settings.warmupRounds) {
    rounds.warmups.push(values);
    return;
  }
  rounds.values.push(values);
  rounds.measured.head.add(round.head);
  rounds.measured.base.add(round.base);
}

/** What the stopping rule reads at a look. */
interface Look {
  /** The look's index, 0-based. */
  look: number;
  steps: ComparisonStep[];
  /** Steps still undecided. */
  pending: number;
  /** An extension round did not start for want of time. */
  outOfTime: boolean;
}

/** The stopping rule at a look: why the rounds end there, or null when they go on to the next look. */
function stopReason(setup: RoundsSetup, rounds: RoundsSoFar, at: Look): StopReason | null {
  if (rounds.interrupted) return 'interrupted';
  if (gateFails(at.steps) || at.pending === 0) return 'decided';
  if (at.outOfTime) return 'time-limit';
  if (at.look === setup.plan.rounds.length - 1) return 'max-rounds';
  if (!roundFits(setup, rounds.ran.length)) return 'time-limit';
  return null;
}

/** No extension round starts unless, at the mean pace of the rounds so far, it ends in time. */
function roundFits(setup: RoundsSetup, roundsRan: number): boolean {
  if (setup.settings.maxTimeS === undefined) return true;
  const elapsed = setup.now().getTime() - setup.startedAt.getTime();
  return elapsed + elapsed / Math.max(1, roundsRan) <= setup.settings.maxTimeS * 1000;
}

/** Each side's measured runs as one result, and the comparison block beside the head's. */
function comparisonResult(setup: RoundsSetup, rounds: RoundsSoFar, ending: RoundsEnding, finishedAt: Date): ComparisonResult {
  const head = rounds.measured.head.result(setup.opts.testUrl ?? '');
  const base = rounds.measured.base.result('');
  rounds.measured.head.destroy();
  rounds.measured.base.destroy();
  const { settings, plan, startedAt } = setup;
  const { steps, stopped } = ending;
  const inconclusiveFails = settings.onInconclusive === 'fail' && steps.some((s) => s.verdict === 'inconclusive');
  const comparison: Comparison = {
    metric: settings.metric,
    rounds: settings.rounds,
    max_rounds: settings.maxRounds,
    max_time_s: settings.maxTimeS ?? null,
    on_inconclusive: settings.onInconclusive,
    warmup_rounds: settings.warmupRounds,
    max_regression: settings.maxRegression,
    alpha: ALPHA,
    looks: plan.rounds,
    look_alpha: plan.alpha,
    confidence: plan.confidence,
    seed: settings.seed,
    order: rounds.ran,
    rounds_measured: rounds.values.length,
    extended: rounds.values.length > settings.rounds,
    stopped,
    interrupted: rounds.interrupted,
    started_at: startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
    duration_s: Math.round(finishedAt.getTime() - startedAt.getTime()) / 1000,
    passed: !gateFails(steps) && !inconclusiveFails,
    steps,
    base_results: base.results,
    base_run: {
      duration_s: base.run.duration_s,
      rps: base.run.rps,
      late_iterations: base.run.late_iterations,
      max_schedule_lag_ms: base.run.max_schedule_lag_ms,
      interrupted: base.run.interrupted,
    },
  };
  return { comparison, head };
}

/** A full run of the plan, kept as what it recorded: the round's values and its side's result come from it. */
function runSide(engine: EngineWorkers, test: CheckedTest, opts: ComparisonOptions): Promise<RecordedRun> {
  return engine.record(test, {
    concurrency: opts.concurrency,
    insecure: opts.insecure,
    proxies: opts.proxies,
    signal: opts.signal,
  });
}

function destroyRound(round: RoundRuns | undefined): void {
  round?.head.outcome.recorder.destroy();
  round?.base.outcome.recorder.destroy();
}

// ---- round values ----

/** Step id → the metric's value in ms, per side; null when the step got no response. */
type RoundValues = Record<Side, Map<number, number | null>>;

function roundValues(round: RoundRuns, stepIds: number[], metric: CompareMetric): RoundValues {
  const of = ({ outcome }: RecordedRun) => new Map(stepIds.map((id, step) => [id, stepMetric(outcome.recorder, step, metric)] as const));
  return { head: of(round.head), base: of(round.base) };
}

/**
 * The metric of one step over every location: its cells' histograms added, of response times or
 * of a stream figure (a run with no stream recorded has none: null, as a step without a response).
 */
function stepMetric(recorder: Recorder, step: number, metric: CompareMetric): number | null {
  const { stream, time } = metricParts(metric);
  const source = stream === null ? recorder.cells : stream === 'first_event' ? recorder.streams?.firstEvent : recorder.streams?.gap;
  if (source === undefined) return null;
  const cells = Array.from({ length: recorder.locationCount }, (_, loc) => source[step * recorder.locationCount + loc]!);
  const histogram = sumHistograms(cells);
  try {
    return metricValueMs(histogram, time);
  } finally {
    histogram.destroy();
  }
}

const PERCENTILE: Record<Exclude<CompareTime, 'avg' | 'min' | 'max'>, number> = {
  median: 50,
  p80: 80,
  p90: 90,
  p95: 95,
  p99: 99,
};

/** A histogram of microseconds → the metric in ms, to the microsecond; null when it is empty. */
export function metricValueMs(h: Histogram, metric: CompareTime): number | null {
  if (h.totalCount === 0) return null;
  const us =
    metric === 'avg'
      ? h.mean
      : metric === 'min'
        ? h.minNonZeroValue
        : metric === 'max'
          ? h.maxValue
          : h.getValueAtPercentile(PERCENTILE[metric]);
  return Math.round(us) / 1000;
}

// ---- verdicts ----

function compareSteps(
  test: CheckedTest,
  measured: RoundValues[],
  warmups: RoundValues[],
  settings: CompareSettings,
  plan: LookPlan,
): ComparisonStep[] {
  const series = (rounds: RoundValues[], side: Side, id: number) => rounds.map((r) => r[side].get(id) ?? null);
  const rows = comparedSteps(test.definition.config_data.steps, settings.metric).map((step) => ({
    id: step.id,
    name: step.name,
    head: series(measured, 'head', step.id),
    base: series(measured, 'base', step.id),
    warmup_head: series(warmups, 'head', step.id),
    warmup_base: series(warmups, 'base', step.id),
  }));
  const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const comparable = rows.filter((row) => present(row.head).length > 0 && present(row.base).length > 0);
  const decided = lookVerdicts(
    comparable.map((row) => ({ head: present(row.head), base: present(row.base) })),
    plan,
    settings.maxRegression,
  );
  const byId = new Map(comparable.map((row, i) => [row.id, decided[i]!]));
  return rows.map((row) => {
    const decidedStep = byId.get(row.id);
    const statistics = decidedStep ? statisticsOf(decidedStep) : noStatistics();
    return { id: row.id, name: row.name, ...statistics, ...valuesOf(row) };
  });
}

type Values = Pick<ComparisonStep, 'head' | 'base' | 'warmup_head' | 'warmup_base'>;
type Statistics = Omit<ComparisonStep, 'id' | 'name' | keyof Values>;

function valuesOf(row: Values): Values {
  return { head: row.head, base: row.base, warmup_head: row.warmup_head, warmup_base: row.warmup_base };
}

function statisticsOf(v: StepVerdict): Statistics {
  return {
    verdict: v.verdict,
    ...(v.note === undefined ? {} : { note: v.note }),
    head_median: v.headMedian,
    base_median: v.baseMedian,
    ratio: v.ratio.estimate,
    ratio_lower: v.ratio.lower,
    ratio_upper: Number.isFinite(v.ratio.upper) ? v.ratio.upper : null,
    p: v.p,
    p_adjusted: v.pAdjusted,
    p_faster: v.pFaster,
    p_faster_adjusted: v.pFasterAdjusted,
    method: v.method,
  };
}

function noStatistics(): Statistics {
  return {
    verdict: 'inconclusive',
    note: NO_DATA_NOTE,
    head_median: null,
    base_median: null,
    ratio: null,
    ratio_lower: null,
    ratio_upper: null,
    p: null,
    p_adjusted: null,
    p_faster: null,
    p_faster_adjusted: null,
    method: null,
  };
}

/** The results file of a comparison: the head's 2.5 result (thresholds apply to it) and the comparison. */
export function comparisonResultFile(result: ComparisonResult): LoadTestResult & { comparison: Comparison } {
  return { ...result.head, comparison: result.comparison };
}
