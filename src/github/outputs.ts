// The action's outputs and the workflow's annotations of one judged result: the same for a run,
// a shard and mode publish (docs/ci.md).
import { totalResponses } from '../report/model.ts';
import { failRatePct } from '../rates.ts';
import type { Check, Judgement, LoadTestResult } from '../types.ts';
import type { Annotation } from './publish.ts';

/** The action's outputs; `passed` is the judgement's (a shard, judged at the merge, has none). */
export function outputsOf(result: LoadTestResult, judgement: Judgement | undefined, resultsPath: string): Record<string, string> {
  const r = result.results;
  const failRate = failRatePct(r);
  // No response: no response time, and an empty output rather than a 0 that reads as fast.
  const time = (ms: number): string => (totalResponses(result) > 0 ? String(ms) : '');
  return {
    ...(judgement && {
      passed: String(judgement.outcome === 'passed'),
      outcome: judgement.outcome,
      checks: JSON.stringify(
        judgement.checks.map((c) => ({ check: c.describe, actual: c.actual, passed: c.passed, ...(c.warnOnly && { warning: true }) })),
      ),
    }),
    'results-file': resultsPath,
    'test-url': result.test_url,
    avg: time(r.response_times.avg),
    p95: time(r.response_times.p95),
    p99: time(r.response_times.p99),
    'fail-rate': failRate === undefined ? '' : String(Math.round(failRate * 100) / 100),
    iterations: String(r.iteration_count),
    ...(result.capacity && { capacity: String(result.capacity.max_rate) }),
  };
}

/** One annotation per check that did not pass: an error, or a warning for a check that only warns. */
export function annotationsOf(judgement: Judgement, file: string | undefined): Annotation[] {
  return judgement.checks
    .filter((c) => !c.passed)
    .map((c) => ({
      level: c.warnOnly ? ('warning' as const) : ('error' as const),
      title: annotationTitle(c),
      message: `${c.describe}: actual ${c.actual}`,
      file,
    }));
}

function annotationTitle(check: Check): string {
  if (check.warnOnly) return 'loadgate: warning';
  if (check.kind === 'threshold' || check.kind === 'latency') return 'loadgate: threshold failed';
  return check.kind === 'comparison' ? 'loadgate: comparison failed' : 'loadgate: check failed';
}
