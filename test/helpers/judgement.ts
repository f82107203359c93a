// The one judgement of a result, as the CLI and the action make it, for renderer tests.
import { parseThresholds } from '../../src/thresholds.ts';
import { judge } from '../../src/verdict/judge.ts';
import type { Check, Judgement, LoadTestResult } from '../../src/types.ts';

export function judgementFor(result: LoadTestResult, thresholds = '', options: { defaults?: boolean; checks?: Check[] } = {}): Judgement {
  const parsed = parseThresholds(thresholds);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return judge({ result, thresholds: parsed.value, defaults: options.defaults ?? false, checks: options.checks ?? [] });
}
