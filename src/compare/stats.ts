// Shared statistics of the comparison gate (docs/comparison-statistics.md): the standard normal distribution,
// medians, Holm's correction, and the seeded order of the rounds. Pure except newSeed().
// The method and its references: docs/comparison-statistics.md.

import { randomInt } from 'node:crypto';
import type { RoundOrder } from '../results/comparison.ts';
import { mulberry32 } from './random.ts';

export type Alternative = 'greater' | 'less' | 'two-sided';

/** A sample must be non-empty and finite; callers pass round values, so anything else is a bug. */
export function assertSample(name: string, values: readonly number[]): void {
  if (values.length === 0) throw new RangeError(`${name}: expected at least one value, got none`);
  const bad = values.find((v) => !Number.isFinite(v));
  if (bad !== undefined) throw new RangeError(`${name}: expected finite numbers, got ${bad}`);
}

/**
 * P(Z > z) for a standard normal Z. Hart's double-precision approximation as given by
 * G. West, "Better approximations to cumulative normal functions" (Wilmott Magazine, May 2005).
 * The upper tail is computed directly, so tiny p-values keep their precision: absolute error
 * below 1e-15, relative error below 1e-8 out to z = 37 (checked against scipy.stats.norm.sf).
 */
export function normalSf(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  const x = Math.abs(z);
  const tail = x > 37 ? 0 : x < 7.07106781186547 ? hartRational(x) : hartContinuedFraction(x);
  return z >= 0 ? tail : 1 - tail;
}

function hartRational(x: number): number {
  const numerator = polynomial(
    x,
    [220.206867912376, 221.213596169931, 112.079291497871, 33.912866078383, 6.37396220353165, 0.700383064443688, 3.52624965998911e-2],
  );
  const denominator = polynomial(
    x,
    [
      440.413735824752, 793.826512519948, 637.333633378831, 296.564248779674, 86.7807322029461, 16.064177579207, 1.75566716318264,
      8.83883476483184e-2,
    ],
  );
  return (Math.exp((-x * x) / 2) * numerator) / denominator;
}

function hartContinuedFraction(x: number): number {
  const fraction = x + 1 / (x + 2 / (x + 3 / (x + 4 / (x + 0.65))));
  return Math.exp((-x * x) / 2) / fraction / Math.sqrt(2 * Math.PI);
}

/** Horner's rule; coefficients from the constant term up. */
function polynomial(x: number, coefficients: readonly number[]): number {
  return coefficients.reduceRight((sum, c) => sum * x + c, 0);
}

/** The z with P(Z > z) = p, for 0 < p < 1: bisection on normalSf, exact to the last bits. */
export function normalUpperQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normal quantile: expected 0 < p < 1, got ${p}`);
  let low = -40;
  let high = 40;
  for (let i = 0; i < 200 && high - low > 1e-15; i++) {
    const mid = (low + high) / 2;
    if (normalSf(mid) > p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Holm's step-down adjusted p-values (Holm 1979), in the input order: the i-th smallest p is
 * multiplied by (m − i + 1), then made non-decreasing along that order and capped at 1.
 * A step is significant at level α after correction when its adjusted p is below α.
 */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}

/** Which side runs first in each round: a fair coin per round from mulberry32(seed). */
export function seededOrder(seed: number, rounds: number): RoundOrder[] {
  const next = mulberry32(seed);
  return Array.from({ length: rounds }, () => (next() < 0.5 ? 'head-first' : 'base-first'));
}

/** A fresh seed in [0, 2^32), to be printed so that a run's order can be reproduced. */
export function newSeed(): number {
  return randomInt(0, 2 ** 32);
}
