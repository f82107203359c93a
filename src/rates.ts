// Percentages of exact counts, and rates over the time the work took, computed one way everywhere
// (the engine's run block and generator figures, thresholds, reports, outputs).

/** One division of exact integers: 7 of 100 is 7, where 7 / 100 * 100 is 7.000000000000001. */
export function percent(part: number, whole: number): number | undefined {
  return whole === 0 ? undefined : (part * 100) / whole;
}

/** What sets the seconds a run's rates are over (docs/results.md, "Rates"): what an engine run knows of its schedule. */
export interface RateSpan {
  /** The plan's seconds. */
  plannedS: number;
  /** Seconds from the schedule's start to the run's end (to the stop, for a stopped run). */
  elapsedS: number;
  interrupted: boolean;
  /** Seconds from the schedule's start to the last iteration that started late (0: none did). */
  lastLateStartS: number;
}

/**
 * The seconds a run's rates are over: the plan's seconds (for a stopped run, the part of them that
 * ran), or longer, to the last late start, when an overloaded generator went on starting iterations
 * after the plan's end (its start grace). Counting those over the planned seconds alone would report
 * more per second than the run ever did. A start on time (not late: within 10 ms of its planned
 * instant) never lengthens it, so a run that kept its schedule reads exactly its planned rate.
 * Not to the last response: latency shifts the answers later without changing their rate, and a
 * lone request in a 1 s plan would read as its response time's inverse.
 */
export function rateWindowS(span: RateSpan): number {
  const ran = span.interrupted ? Math.min(span.plannedS, span.elapsedS) : span.plannedS;
  // To the millisecond, as run.rate_window_s is written: a rate read back from the file over it is the one reported.
  return Math.round(Math.max(ran, span.lastLateStartS) * 1000) / 1000;
}

/** `count` per second over `windowS`, to one decimal, as every rate of a run block is. */
export function perSecond(count: number, windowS: number): number {
  return windowS > 0 ? Math.round((count / windowS) * 10) / 10 : 0;
}

/**
 * A part's requests per second (a step, a location): its share of the run's requests at the run's
 * rate (run.rps, over the run's rate window), so that a part's rate and the run's are over the same
 * seconds, which a results file names only through run.rps.
 */
export function partRps(runRps: number, partRequests: number, allRequests: number): number {
  return allRequests === 0 ? 0 : (runRps * partRequests) / allRequests;
}

/** Percent of finished iterations that failed, as the fail_rate threshold measures it; undefined when none finished. */
export function failRatePct(counts: { fail_count: number; success_count: number }): number | undefined {
  return percent(counts.fail_count, counts.fail_count + counts.success_count);
}
