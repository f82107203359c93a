// Extending the comparison while steps are inconclusive (docs/comparison-statistics.md, 6): the looks
// at the rounds are planned before any request, and the gate's α is split evenly among them, so
// that looking again never raises the chance of a false `slower` above α. Pure.
import type { StepDecision } from '../results/comparison.ts';
import { gateFails, MORE_ROUNDS_NOTE, verdicts, type StepComparisonInput, type StepVerdict } from './verdict.ts';

/** At most this many looks at the data: the planned rounds and three extensions. */
export const MAX_LOOKS = 4;

/** The looks of one comparison: after how many measured rounds each happens, and its level. */
export interface LookPlan {
  /** Measured rounds at each look, ascending: the planned rounds first, max-rounds last. */
  rounds: number[];
  /** The nominal one-sided level of every look: the gate's α divided by the number of looks. */
  alpha: number;
  /** The confidence of every look's interval, 1 − alpha: the intervals of all looks hold together with 1 − α. */
  confidence: number;
}

/**
 * Looks after the planned rounds, then after every `batch` more rounds up to max-rounds (the last
 * batch may be shorter). A batch is at least the planned rounds, and larger when needed to keep
 * the looks to MAX_LOOKS: each look costs a share of α, so looking after every round would leave
 * each look too little to decide anything.
 */
export function lookRounds(rounds: number, maxRounds: number): number[] {
  if (maxRounds <= rounds) return [rounds];
  const batch = Math.max(rounds, Math.ceil((maxRounds - rounds) / (MAX_LOOKS - 1)));
  const looks: number[] = [];
  for (let n = rounds; n < maxRounds; n += batch) looks.push(n);
  looks.push(maxRounds);
  return looks;
}

/**
 * The gate's α split evenly over the looks (Bonferroni across looks, as Pocock's design keeps one
 * nominal level for every look): a false `slower` at some look is the union of a false `slower`
 * at each, so its chance is at most the sum of the looks' levels, α. Holm's correction across the
 * steps holds at each look's level whatever the dependence between steps and looks.
 */
export function lookPlan(rounds: number, maxRounds: number, alpha: number): LookPlan {
  const looks = lookRounds(rounds, maxRounds);
  const perLook = alpha / looks.length;
  return { rounds: looks, alpha: perLook, confidence: 1 - perLook };
}

/** One look: every step's verdict at the look's level and interval. */
export function lookVerdicts(steps: readonly StepComparisonInput[], plan: LookPlan, maxRegression: number): StepVerdict[] {
  return verdicts(steps, { maxRegression, alpha: plan.alpha, confidence: plan.confidence });
}

/** Steps that more rounds could decide: inconclusive for want of evidence (not for want of data). */
export function undecided<T extends { verdict: StepDecision; note?: string | undefined }>(steps: readonly T[]): T[] {
  return steps.filter((s) => s.verdict === 'inconclusive' && s.note === MORE_ROUNDS_NOTE);
}

/**
 * The gate is decided when a step is `slower` (it fails, and more rounds cannot undo a rejection
 * made at its look's level) or when no step needs more rounds.
 */
export function decided(steps: readonly { verdict: StepDecision; note?: string | undefined }[]): boolean {
  return gateFails(steps) || undecided(steps).length === 0;
}
