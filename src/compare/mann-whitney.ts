// The Mann-Whitney U test (Mann & Whitney 1947), with scipy.stats.mannwhitneyu's conventions:
// U of x counts the pairs (x_i, y_j) with x_i > y_j, ties counting one half; the exact null
// distribution when there are no ties and both samples hold at most EXACT_MAX_SIZE values;
// otherwise the normal approximation with tie correction and continuity correction.

import { assertSample, normalSf } from './stats.ts';
import type { Alternative } from './stats.ts';

/** Largest sample size (per side) for the exact distribution ("exact below 20 rounds", docs/comparison-statistics.md). */
export const EXACT_MAX_SIZE = 20;

export type UMethod = 'exact' | 'normal';

export interface MannWhitneyResult {
  /** U of x: pairs with x above y, ties counted 1/2. Ranges from 0 to m·n. */
  u: number;
  p: number;
  method: UMethod;
}

/**
 * `greater`: H1 is that x tends to be larger than y (head slower, with x = head latencies).
 * `less`: x tends to be smaller. `two-sided`: either.
 */
export function mannWhitneyU(x: readonly number[], y: readonly number[], alternative: Alternative): MannWhitneyResult {
  assertSample('Mann-Whitney x', x);
  assertSample('Mann-Whitney y', y);
  const { rankSumX, tieSizes } = rankSample(x, y);
  const m = x.length;
  const n = y.length;
  const u = rankSumX - (m * (m + 1)) / 2;
  const exact = tieSizes.length === 0 && m <= EXACT_MAX_SIZE && n <= EXACT_MAX_SIZE;
  const p = exact ? exactP(u, m, n, alternative) : normalP(u, m, n, tieSizes, alternative);
  return { u, p, method: exact ? 'exact' : 'normal' };
}

/** Sum of the mid-ranks of x in the pooled sample, and the sizes of the groups of tied values. */
function rankSample(x: readonly number[], y: readonly number[]): { rankSumX: number; tieSizes: number[] } {
  const pooled = [...x.map((value) => ({ value, fromX: true })), ...y.map((value) => ({ value, fromX: false }))];
  pooled.sort((a, b) => a.value - b.value);
  let rankSumX = 0;
  const tieSizes: number[] = [];
  for (let start = 0; start < pooled.length; ) {
    let end = start + 1;
    while (end < pooled.length && pooled[end]!.value === pooled[start]!.value) end++;
    const midRank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) if (pooled[i]!.fromX) rankSumX += midRank;
    if (end - start > 1) tieSizes.push(end - start);
    start = end;
  }
  return { rankSumX, tieSizes };
}

/**
 * The number of arrangements of m x's and n y's giving U = 0 … m·n, for untied samples.
 * These are the coefficients of the Gaussian binomial [m+n choose m](q): built as
 * ∏_{i=1..m} (1 − q^{n+i}) / (1 − q^i), where after step i the polynomial is [n+i choose i](q),
 * so every intermediate coefficient is an integer no larger than C(m+n, m) (< 2^53 here).
 */
export function exactUCounts(m: number, n: number): number[] {
  const counts = new Array<number>(m * n + 1).fill(0);
  counts[0] = 1;
  for (let i = 1; i <= m; i++) {
    for (let k = i * n; k >= n + i; k--) counts[k]! -= counts[k - n - i]!;
    for (let k = i; k <= i * n; k++) counts[k]! += counts[k - i]!;
  }
  return counts;
}

/** P(U ≤ u) under H0 for untied samples of sizes m and n. */
export function exactUCdf(u: number, m: number, n: number): number {
  const counts = exactUCounts(m, n);
  const total = counts.reduce((a, b) => a + b, 0);
  let below = 0;
  for (let k = 0; k <= Math.min(u, m * n); k++) below += counts[k]!;
  return below / total;
}

/**
 * The largest k with P(U ≤ k) ≤ level, or −1 when even U = 0 is more likely than that:
 * the lower-tail critical value found in published tables (reject H0 when U ≤ k).
 * A relative tolerance of 1e-9 keeps levels like (1 − 0.8)/2 from missing by a rounding error.
 */
export function exactLowerCritical(m: number, n: number, level: number): number {
  const counts = exactUCounts(m, n);
  const total = counts.reduce((a, b) => a + b, 0);
  let below = 0;
  for (let k = 0; k < counts.length; k++) {
    below += counts[k]!;
    if (below / total > level * (1 + 1e-9)) return k - 1;
  }
  return counts.length - 1;
}

function exactP(u: number, m: number, n: number, alternative: Alternative): number {
  const atMost = (k: number): number => exactUCdf(k, m, n);
  // The distribution is symmetric about m·n/2, so P(U ≥ u) = P(U ≤ m·n − u).
  const pGreater = atMost(m * n - u);
  const pLess = atMost(u);
  if (alternative === 'greater') return pGreater;
  if (alternative === 'less') return pLess;
  return Math.min(1, 2 * Math.min(pGreater, pLess));
}

function normalP(u: number, m: number, n: number, tieSizes: readonly number[], alternative: Alternative): number {
  const sd = tieCorrectedSd(m, n, tieSizes);
  // All values equal: U sits on its mean with no spread, and the data say nothing.
  if (sd === 0) return 1;
  const mean = (m * n) / 2;
  const statistic = alternative === 'greater' ? u : alternative === 'less' ? m * n - u : Math.max(u, m * n - u);
  const z = (statistic - mean - 0.5) / sd;
  const p = normalSf(z);
  return Math.min(1, alternative === 'two-sided' ? 2 * p : p);
}

/** σ_U = √( m·n/12 · ((N + 1) − Σ(t³ − t) / (N(N − 1))) ), N = m + n, t the tie group sizes. */
export function tieCorrectedSd(m: number, n: number, tieSizes: readonly number[]): number {
  const total = m + n;
  const tieTerm = tieSizes.reduce((sum, t) => sum + t ** 3 - t, 0);
  const correction = total > 1 ? tieTerm / (total * (total - 1)) : 0;
  return Math.sqrt(((m * n) / 12) * (total + 1 - correction));
}
