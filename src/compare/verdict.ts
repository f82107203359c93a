// The verdict per step of the comparison gate (docs/comparison.md): head against base over the rounds,
// Holm's correction across steps, and whether the gate fails. Pure.

import type { StepDecision } from '../results/comparison.ts';
import { hodgesLehmannRatio } from './hodges-lehmann.ts';
import type { RatioEstimate } from './hodges-lehmann.ts';
import { mannWhitneyU } from './mann-whitney.ts';
import type { UMethod } from './mann-whitney.ts';
import { holm, median } from './stats.ts';

export const MORE_ROUNDS_NOTE = 'more rounds needed to decide';

export interface CompareOptions {
  /** Largest tolerated slowdown as a fraction: 0.10 for 10 %. */
  maxRegression: number;
  /** Significance level after Holm's correction. Default 0.05. */
  alpha?: number;
  /** Confidence of the ratio's interval. Default 0.95. */
  confidence?: number;
}

/** One step's round values of the chosen metric: one value per round per side. */
export interface StepComparisonInput {
  head: readonly number[];
  base: readonly number[];
}

export interface StepComparison {
  headMedian: number;
  baseMedian: number;
  /** Hodges-Lehmann estimate of head/base and its confidence interval. */
  ratio: RatioEstimate;
  /** One-sided Mann-Whitney p for "head slower than base", before Holm's correction. */
  p: number;
  /** One-sided Mann-Whitney p for "head faster than base", before Holm's correction. */
  pFaster: number;
  method: UMethod;
}

export interface StepVerdict extends StepComparison {
  /** p after Holm's correction across the steps. */
  pAdjusted: number;
  pFasterAdjusted: number;
  verdict: StepDecision;
  /** Set for `inconclusive`: MORE_ROUNDS_NOTE. */
  note?: string;
}

export function compareStep(head: readonly number[], base: readonly number[], opts: { confidence?: number } = {}): StepComparison {
  const slower = mannWhitneyU(head, base, 'greater');
  return {
    headMedian: median(head),
    baseMedian: median(base),
    ratio: hodgesLehmannRatio(head, base, opts.confidence ?? 0.95),
    p: slower.p,
    pFaster: mannWhitneyU(head, base, 'less').p,
    method: slower.method,
  };
}

/** The verdict of every step, in the input order; both p families are corrected across steps. */
export function verdicts(steps: readonly StepComparisonInput[], opts: CompareOptions): StepVerdict[] {
  assertOptions(opts);
  const comparisons = steps.map((s) => compareStep(s.head, s.base, opts));
  const pAdjusted = holm(comparisons.map((c) => c.p));
  const pFasterAdjusted = holm(comparisons.map((c) => c.pFaster));
  return comparisons.map((comparison, i) => {
    const adjusted = { pAdjusted: pAdjusted[i]!, pFasterAdjusted: pFasterAdjusted[i]! };
    const verdict = decide({ ...comparison, ...adjusted }, opts);
    return verdict === 'inconclusive'
      ? { ...comparison, ...adjusted, verdict, note: MORE_ROUNDS_NOTE }
      : { ...comparison, ...adjusted, verdict };
  });
}

function decide(step: Omit<StepVerdict, 'verdict' | 'note'>, opts: CompareOptions): StepDecision {
  const alpha = opts.alpha ?? 0.05;
  const limit = 1 + opts.maxRegression;
  if (step.pAdjusted < alpha && step.ratio.estimate > limit) return 'slower';
  if (step.pFasterAdjusted < alpha && step.ratio.estimate < 1) return 'faster';
  if (step.ratio.upper < limit) return 'same';
  return 'inconclusive';
}

function assertOptions(opts: CompareOptions): void {
  if (!(opts.maxRegression >= 0 && Number.isFinite(opts.maxRegression))) {
    throw new RangeError(`comparison: expected maxRegression ≥ 0, got ${opts.maxRegression}`);
  }
  const alpha = opts.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`comparison: expected 0 < alpha < 1, got ${alpha}`);
}

/** Only a `slower` step fails the gate; `inconclusive` passes with its note. */
export function gateFails(steps: readonly { verdict: StepDecision }[]): boolean {
  return steps.some((s) => s.verdict === 'slower');
}
