// The run's headline figures as name/value pairs for machine readers (JUnit <properties>, the
// GitLab metrics report): raw numbers in base units, never the formatted text of the reports.
import { failRatePct, percent } from '../../rates.ts';
import { requestCounts, stepCell, type RequestCell } from '../../results/request-counts.ts';
import { responseCount } from '../format.ts';
import type { LoadTestResult, ResponseTimes } from '../../types.ts';

export type Figures = [name: string, value: string][];

const TIMES = ['avg', 'median', 'p90', 'p95', 'p99', 'max'] as const satisfies readonly (keyof ResponseTimes)[];

export function figuresOf(result: LoadTestResult): Figures {
  const r = result.results;
  const responded = result.results.steps.some((s) => responseCount(s.status_code_dist) > 0);
  const failRate = failRatePct(r);
  return [
    ['iterations', String(r.iteration_count)],
    ['successes', String(r.success_count)],
    ['failures', String(r.fail_count)],
    ...(failRate === undefined ? [] : [['fail_rate_pct', round(failRate)] as [string, string]]),
    ...errorsOf(r.steps.map((s) => stepCell(result, s))),
    ['rps', round(result.run.rps)],
    ['duration_s', round(result.run.duration_s)],
    // No response, no time: an absent figure rather than a 0 that reads as fast.
    ...(responded ? timesOf(r.response_times) : []),
  ];
}

/** The requests without a 2xx/3xx answer and their share (http_fail_rate), as every report counts them. */
export function errorsOf(cells: readonly RequestCell[]): Figures {
  const counts = requestCounts(cells);
  const rate = percent(counts.httpErrors, counts.requests);
  return [['errors', String(counts.httpErrors)], ...(rate === undefined ? [] : [['http_fail_rate_pct', round(rate)] as [string, string]])];
}

export function timesOf(times: ResponseTimes): Figures {
  return TIMES.map((name) => [`${name}_ms`, round(times[name])]);
}

export function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
