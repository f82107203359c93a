// The comparison gate as checks of the one judgement (docs/comparison.md), worded as its report section words them.
import type { Comparison } from '../results/comparison.ts';
import { formatRatio, ratioNumber, stopText } from '../report/comparison.ts';
import type { Check } from '../types.ts';

/**
 * The gate as checks for the one judgement: one per step. `slower` fails; `inconclusive` (at the
 * budget) warns, or fails with on-inconclusive `fail`; the other verdicts pass.
 */
export function comparisonChecks(c: Comparison): Check[] {
  const limit = ratioNumber(1 + c.max_regression);
  return c.steps.map((step) => {
    const describe = `step[${step.name}] head/base ${c.metric} <= ${limit}`;
    if (step.verdict !== 'inconclusive') {
      return { kind: 'comparison', describe, actual: `${formatRatio(step)}, ${step.verdict}`, passed: step.verdict !== 'slower' };
    }
    return {
      kind: 'comparison',
      describe,
      actual: `${formatRatio(step)}, inconclusive ${stopText(c)}${step.note ? `: ${step.note}` : ''}`,
      passed: false,
      ...(c.on_inconclusive !== 'fail' && { warnOnly: true }),
    };
  });
}
