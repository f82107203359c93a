// Percentages of exact counts, computed one way everywhere (thresholds, reports, outputs).

/** One division of exact integers: 7 of 100 is 7, where 7 / 100 * 100 is 7.000000000000001. */
export function percent(part: number, whole: number): number | undefined {
  return whole === 0 ? undefined : (part * 100) / whole;
}

/**
 * A part's requests per second (a step, a location): its share of the run's requests at the run's
 * rate (run.rps, over the planned seconds), so that a part's rate and the run's are over the same
 * seconds, which a results file names only through run.rps.
 */
export function partRps(runRps: number, partRequests: number, allRequests: number): number {
  return allRequests === 0 ? 0 : (runRps * partRequests) / allRequests;
}

/** Percent of finished iterations that failed, as the fail_rate threshold measures it; undefined when none finished. */
export function failRatePct(counts: { fail_count: number; success_count: number }): number | undefined {
  return percent(counts.fail_count, counts.fail_count + counts.success_count);
}
