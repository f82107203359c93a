// The Hodges-Lehmann estimate of head/base (Hodges & Lehmann 1963) and its distribution-free
// confidence interval (Bauer 1972; Hollander & Wolfe, Nonparametric Statistical Methods, 4.3),
// computed on log values so that a shift becomes a ratio.

import { EXACT_MAX_SIZE, exactLowerCritical } from './mann-whitney.ts';
import { assertSample, normalUpperQuantile } from './stats.ts';

/**
 * Latencies are in milliseconds; a round value of 0 (a response faster than the resolution)
 * has no logarithm, so it counts as one microsecond.
 */
export const ZERO_VALUE_FLOOR = 0.001;

export interface RatioEstimate {
  /** Median of all pairwise ratios head_i / base_j. */
  estimate: number;
  /** 0 when the samples are too small for the confidence asked. */
  lower: number;
  /** Infinity when the samples are too small for the confidence asked. */
  upper: number;
}

export function hodgesLehmannRatio(head: readonly number[], base: readonly number[], confidence = 0.95): RatioEstimate {
  assertPositive('Hodges-Lehmann head', head);
  assertPositive('Hodges-Lehmann base', base);
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`Hodges-Lehmann: expected 0 < confidence < 1, got ${confidence}`);
  }
  const differences = pairwiseLogDifferences(head, base);
  const count = differences.length;
  const mid = Math.floor(count / 2);
  const middle = count % 2 === 1 ? differences[mid]! : (differences[mid - 1]! + differences[mid]!) / 2;
  const c = intervalRank(head.length, base.length, confidence);
  const bounded = c >= 1;
  return {
    estimate: Math.exp(middle),
    lower: bounded ? Math.exp(differences[c - 1]!) : 0,
    upper: bounded ? Math.exp(differences[count - c]!) : Number.POSITIVE_INFINITY,
  };
}

function assertPositive(name: string, values: readonly number[]): void {
  assertSample(name, values);
  const negative = values.find((v) => v < 0);
  if (negative !== undefined) throw new RangeError(`${name}: expected values ≥ 0, got ${negative}`);
}

/** log(h_i) − log(b_j) for every pair, ascending. */
function pairwiseLogDifferences(head: readonly number[], base: readonly number[]): number[] {
  const logOf = (v: number): number => Math.log(Math.max(v, ZERO_VALUE_FLOOR));
  const logBase = base.map(logOf);
  const differences = head.flatMap((h) => logBase.map((b) => logOf(h) - b));
  return differences.sort((a, b) => a - b);
}

/**
 * C_α: the interval is [d_(C_α), d_(m·n + 1 − C_α)] with d the ordered differences (1-based).
 * Its coverage is 1 − 2·P(U ≤ C_α − 1), so C_α − 1 is the largest k with P(U ≤ k) ≤ α/2
 * (exact), or round(m·n/2 − z_{α/2}·√(m·n·(m + n + 1)/12)) for large samples. 0 means no
 * interval at this confidence.
 */
export function intervalRank(m: number, n: number, confidence: number): number {
  const halfAlpha = (1 - confidence) / 2;
  if (m <= EXACT_MAX_SIZE && n <= EXACT_MAX_SIZE) return exactLowerCritical(m, n, halfAlpha) + 1;
  const sd = Math.sqrt((m * n * (m + n + 1)) / 12);
  return Math.max(0, Math.round((m * n) / 2 - normalUpperQuantile(halfAlpha) * sd));
}
