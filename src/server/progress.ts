// A running test's progress, added up from the seconds its engine or its shards report:
// executors/ and shards/ both count it, so it lives below both.

/** What a running test has done so far (GET /v1/load/test/<id>/ and its report page show it). */
export interface Progress {
  /** Seconds of the schedule with results (the furthest any shard has reached). */
  seconds: number;
  started: number;
  responses: number;
  failures: number;
  /** Tests with streaming steps, from the first second that reports a stream: streams opened and events counted. */
  streams?: number;
  events?: number;
}

/** What progress reads of a second. */
export interface ProgressSecond {
  t: number;
  started: number;
  responses: number;
  failures: number;
  stream?: { streams: number; events: number };
}

/** Adds a completed second to the totals. */
export function addSecond(progress: Progress, sample: ProgressSecond): Progress {
  return {
    seconds: Math.max(progress.seconds, sample.t + 1),
    started: progress.started + sample.started,
    responses: progress.responses + sample.responses,
    failures: progress.failures + sample.failures,
    ...((sample.stream || progress.streams !== undefined) && {
      streams: (progress.streams ?? 0) + (sample.stream?.streams ?? 0),
      events: (progress.events ?? 0) + (sample.stream?.events ?? 0),
    }),
  };
}

export const NO_PROGRESS: Progress = { seconds: 0, started: 0, responses: 0, failures: 0 };
