// The requests of a level counted by how they ended, one way for the verdict (http_fail_rate,
// status_Nxx, no data) and for every report ("errors": the requests without a 2xx/3xx answer).
// Pure, over the 2.5 counts a result holds (docs/results.md, "Errors").
import type { CountDist, LoadTestResult, StepLocationResult, StepResult } from '../types.ts';
import { expectedStatuses } from './run-steps.ts';

/** One step's requests at a level: a whole step, or a step at one location. */
export interface RequestCell {
  fail_count: number;
  success_count: number;
  status_code_dist: CountDist;
  error_dist: CountDist;
  /** Error statuses the step's assertions expect (run.steps[].expected_status). */
  expected: ReadonlySet<number>;
}

/** Failures that happened after a response arrived (the response's status is counted too). */
const AFTER_RESPONSE = /^(assertion failed|capture failed):/;
/** A request the run itself cut short when it stopped: not the service's failure. */
export const CANCELLED = 'cancelled';

export interface RequestCounts {
  requests: number;
  /** Requests answered (any status). */
  responses: number;
  /** No response (connection errors, timeouts…) or an error status the assertions do not expect: http_fail_rate's count. */
  httpErrors: number;
  /** The part of httpErrors without a response (transport failures). */
  noResponse: number;
  /** The part of httpErrors answered with an error status the assertions do not expect. */
  errorStatuses: number;
  byClass: Record<1 | 2 | 3 | 4 | 5, number>;
  /** Responses with a status below 400 or one the assertions expect. */
  goodResponses: number;
}

export function requestCounts(cells: readonly RequestCell[]): RequestCounts {
  const counts: RequestCounts = {
    requests: 0,
    responses: 0,
    httpErrors: 0,
    noResponse: 0,
    errorStatuses: 0,
    byClass: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    goodResponses: 0,
  };
  for (const cell of cells) {
    counts.requests += cell.fail_count + cell.success_count;
    for (const [reason, n] of Object.entries(cell.error_dist)) {
      if (reason === CANCELLED) counts.requests -= n;
      else if (!AFTER_RESPONSE.test(reason)) counts.noResponse += n;
    }
    for (const [code, n] of Object.entries(cell.status_code_dist)) {
      const status = Number(code);
      counts.responses += n;
      const statusClass = Math.floor(status / 100);
      if (statusClass >= 1 && statusClass <= 5) counts.byClass[statusClass as 1 | 2 | 3 | 4 | 5] += n;
      if (isErrorStatus(status, cell.expected)) counts.errorStatuses += n;
      else counts.goodResponses += n;
    }
  }
  counts.httpErrors = counts.noResponse + counts.errorStatuses;
  return counts;
}

/** A status of 400 or more that the step's assertions do not expect: an HTTP error. */
export function isErrorStatus(status: number, expected: ReadonlySet<number>): boolean {
  return status >= 400 && !expected.has(status);
}

/** A step's requests (or the step's at one location, `cell`) with the statuses its assertions expect. */
export function stepCell(result: LoadTestResult, step: StepResult, cell: StepResult | StepLocationResult = step): RequestCell {
  return { ...cell, expected: expectedStatuses(result, step.id) };
}
