// Percentages of exact counts, computed one way everywhere (thresholds, reports, outputs).

/** One division of exact integers: 7 of 100 is 7, where 7 / 100 * 100 is 7.000000000000001. */
export function percent(part: number, whole: number): number | undefined {
  return whole === 0 ? undefined : (part * 100) / whole;
}

/** Percent of finished iterations that failed, as the fail_rate threshold measures it; undefined when none finished. */
export function failRatePct(counts: { fail_count: number; success_count: number }): number | undefined {
  return percent(counts.fail_count, counts.fail_count + counts.success_count);
}
