// A running test's progress, added up from the seconds its engine or its shards report:
// executors/ and shards/ both count it, so it lives below both.

/** What a running test has done so far (GET /v1/load/test/<id>/ and its report page show it). */
export interface Progress {
  /** Seconds of the schedule with results (the furthest any shard has reached). */
  seconds: number;
  started: number;
  responses: number;
  failures: number;
}

/** Adds a completed second to the totals. */
export function addSecond(progress: Progress, sample: { t: number; started: number; responses: number; failures: number }): Progress {
  return {
    seconds: Math.max(progress.seconds, sample.t + 1),
    started: progress.started + sample.started,
    responses: progress.responses + sample.responses,
    failures: progress.failures + sample.failures,
  };
}

export const NO_PROGRESS: Progress = { seconds: 0, started: 0, responses: 0, failures: 0 };
