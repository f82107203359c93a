// What a comparison of head and base holds, as the layers above compare/ read it: its settings,
// the events of its rounds (progress lines) and the `comparison` block of the results file
// (docs/comparison.md). Types and the two name lists only: compare/ computes these; verdict/ and
// report/ read them without importing the statistics.
import type { Results, RunInfo, StreamMetric } from '../types.ts';

/** Time metrics a round can be summarised by (the threshold metrics of the same name). */
export const COMPARE_METRICS = ['avg', 'median', 'p80', 'p90', 'p95', 'p99', 'min', 'max'] as const;
export type CompareTime = (typeof COMPARE_METRICS)[number];
/** A time of the steps' response times (`p95`), or of the streaming steps' first events or gaps (`first_event.p95`). */
export type CompareMetric = CompareTime | `${StreamMetric}.${CompareTime}`;

/** The figure a metric reads (null: response times) and its time. */
export function metricParts(metric: CompareMetric): { stream: StreamMetric | null; time: CompareTime } {
  return splitMetric(metric) as { stream: StreamMetric | null; time: CompareTime };
}

/** A metric's name split at its first dot (`first_event.p95`), the one split the setting's parser and metricParts share. */
export function splitMetric(text: string): { stream: string | null; time: string } {
  const dot = text.indexOf('.');
  return dot < 0 ? { stream: null, time: text } : { stream: text.slice(0, dot), time: text.slice(dot + 1) };
}

/** The steps a comparison judges: every step, or with a stream metric the streaming ones. */
export function comparedSteps<T extends { stream?: unknown }>(steps: readonly T[], metric: CompareMetric): T[] {
  return metricParts(metric).stream === null ? [...steps] : steps.filter((s) => s.stream !== undefined);
}

/** What steps still inconclusive at the budget do to the run: a warning, or a failed check. */
export const ON_INCONCLUSIVE = ['warn', 'fail'] as const;
export type OnInconclusive = (typeof ON_INCONCLUSIVE)[number];

export interface CompareSettings {
  /** Measured rounds planned: each runs head and base once. */
  rounds: number;
  /** The most measured rounds, extension included (≥ rounds; equal: no extension). */
  maxRounds: number;
  /** Seconds from the start after which no extension round begins; undefined: no time limit. */
  maxTimeS?: number;
  /** Steps still inconclusive at the budget warn (default) or fail the run. */
  onInconclusive: OnInconclusive;
  /** Rounds run first and discarded. */
  warmupRounds: number;
  /** Largest tolerated slowdown as a fraction: 0.1 for 10 %. */
  maxRegression: number;
  metric: CompareMetric;
  /** Seeds the order of the sides in each round; printed so that the order can be repeated. */
  seed: number;
}

export type Side = 'head' | 'base';

export type RoundOrder = 'head-first' | 'base-first';

/** What the gate decided of one step: head slower or faster than base, the same, or not known yet. */
export type StepDecision = 'slower' | 'faster' | 'same' | 'inconclusive';

/** One step of the comparison, as the results file keeps it (snake_case like the rest of the file). */
export interface ComparisonStep {
  id: number;
  name: string;
  verdict: StepDecision;
  /** Why the verdict is `inconclusive`. */
  note?: string;
  /** Medians of the round values, ms. null: no statistics (see note). */
  head_median: number | null;
  base_median: number | null;
  /** Hodges-Lehmann estimate of head/base and its interval; ratio_upper null means unbounded. */
  ratio: number | null;
  ratio_lower: number | null;
  ratio_upper: number | null;
  /** One-sided Mann-Whitney p that head is slower, before and after Holm's correction across steps. */
  p: number | null;
  p_adjusted: number | null;
  /** The same for "head faster". */
  p_faster: number | null;
  p_faster_adjusted: number | null;
  method: 'exact' | 'normal' | null;
  /** The metric per measured round, ms with microsecond resolution; null: no response that round. */
  head: (number | null)[];
  base: (number | null)[];
  /** The same for the warm-up rounds, which are not analysed. */
  warmup_head: (number | null)[];
  warmup_base: (number | null)[];
}

/**
 * Why the rounds ended: every step decided (or one `slower`), the max-rounds budget spent, no
 * time left for another round, or a signal.
 */
export type StopReason = 'decided' | 'max-rounds' | 'time-limit' | 'interrupted';

/** The `comparison` block of the results file: settings, order, rounds, verdicts and the base side. */
export interface Comparison {
  metric: CompareMetric;
  /** Measured rounds asked for (planned). */
  rounds: number;
  /** The budget: at most this many measured rounds, extension included. */
  max_rounds: number;
  /** Seconds from the start after which no extension round begins; null: no time limit. */
  max_time_s: number | null;
  /** Steps still inconclusive at the end warn, or fail the run. */
  on_inconclusive: OnInconclusive;
  warmup_rounds: number;
  /** Largest tolerated slowdown, a fraction (0.1 = 10 %). */
  max_regression: number;
  /** The gate's level: the chance of a false `slower` over every look and step together. */
  alpha: number;
  /** The measured rounds at each planned look (the first is `rounds`, the last `max_rounds`). */
  looks: number[];
  /** The level of each look (alpha split over the looks); `slower` needs p_adjusted below it. */
  look_alpha: number;
  /** The confidence of each look's interval, 1 − look_alpha. */
  confidence: number;
  seed: number;
  /** Which side ran first in each round that ran, warm-ups first. */
  order: RoundOrder[];
  /** Measured rounds that completed on both sides. */
  rounds_measured: number;
  /** More rounds than planned were run because steps were inconclusive. */
  extended: boolean;
  stopped: StopReason;
  /** Stopped early (cancelled): the rounds are fewer than asked. */
  interrupted: boolean;
  started_at: string;
  finished_at: string;
  duration_s: number;
  /** False when a step is `slower`, or inconclusive with on_inconclusive `fail`. */
  passed: boolean;
  steps: ComparisonStep[];
  /** The base side's 2.5 results over the measured rounds (the head's are the file's own). */
  base_results: Results;
  base_run: Pick<RunInfo, 'duration_s' | 'rps' | 'late_iterations' | 'max_schedule_lag_ms' | 'interrupted'>;
}

export interface ComparisonProgress {
  /** 1-based, warm-ups included. */
  round: number;
  of: number;
  side: Side;
  warmup: boolean;
}

/** At a look that leaves steps undecided, with budget left: the rounds go on. */
export interface ComparisonExtension {
  /** Measured rounds so far, and at the next look. */
  after: number;
  to: number;
  /** The next look (1-based) and how many are planned. */
  look: number;
  looks: number;
  maxRounds: number;
  /** The steps that need more rounds. */
  inconclusive: string[];
}
