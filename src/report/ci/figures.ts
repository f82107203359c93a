// The run's headline figures as name/value pairs for machine readers (JUnit <properties>, the
// GitLab metrics report): raw numbers in base units, never the formatted text of the reports.
import { failRatePct, percent } from '../../rates.ts';
import { requestCounts, stepCell, type RequestCell } from '../../results/request-counts.ts';
import { runStep } from '../../results/run-steps.ts';
import { responseCount } from '../format.ts';
import type { LoadTestResult, ResponseTimes, StreamFigures } from '../../types.ts';

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

const STREAM_TIMES = ['median', 'p95', 'p99'] as const satisfies readonly (keyof ResponseTimes)[];

/** A streaming step's own figures (docs/streaming.md): streams, events, first-event and gap times. */
export function streamFiguresOf(stream: StreamFigures): Figures {
  return [
    ['streams', String(stream.streams)],
    ['events', String(stream.events)],
    // No event, no time: absent rather than a 0 that reads as fast.
    ...(stream.events > 0 ? STREAM_TIMES.map((name): [string, string] => [`first_event_${name}_ms`, round(stream.first_event[name])]) : []),
    // More events than streams means some stream had two, so a gap; fewer may still hold one (others had none).
    ...(stream.events > stream.streams || stream.gap.max > 0
      ? STREAM_TIMES.map((name): [string, string] => [`gap_${name}_ms`, round(stream.gap[name])])
      : []),
  ];
}

/** Each streaming step's figures under `stream.<step name>.`: what JUnit's properties add to the run's. */
export function stepStreamFigures(result: LoadTestResult): Figures {
  return result.results.steps.flatMap((step) =>
    step.stream
      ? streamFiguresOf(step.stream).map(([name, value]): [string, string] => [`stream.${stepName(result, step.id)}.${name}`, value])
      : [],
  );
}

export function stepName(result: LoadTestResult, id: number): string {
  return runStep(result, id)?.name ?? String(id);
}

export function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
