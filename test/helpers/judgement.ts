// The one judgement of a result, as the CLI and the action make it, for renderer tests.
import { parseThresholdLines, parseThresholds, THRESHOLD_FLAG } from '../../src/thresholds/grammar.ts';
import { judge } from '../../src/verdict/judge.ts';
import type { Check, Judgement, LoadTestResult, Threshold } from '../../src/types.ts';
import type { OnSaturated } from '../../src/verdict/on-saturated.ts';

export function judgementFor(
  result: LoadTestResult,
  thresholds = '',
  options: { defaults?: boolean; checks?: Check[]; onSaturated?: OnSaturated } = {},
): Judgement {
  const parsed = parseThresholds(thresholds);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return judge({
    result,
    thresholds: parsed.value,
    defaults: options.defaults ?? false,
    checks: options.checks ?? [],
    ...(options.onSaturated && { onSaturated: options.onSaturated }),
  });
}

/** One threshold line parsed as the CLI's flag gives it, or the test fails with its problems. */
export function threshold(line: string): Threshold {
  const parsed = parseThresholdLines([line], THRESHOLD_FLAG);
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('; '));
  return parsed.value[0]!;
}
