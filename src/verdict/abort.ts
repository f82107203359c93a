// Early verdicts (docs/verdict.md, "abort"): a threshold line ending in `abort` stops the run once
// its breach is certain whatever the remaining requests do. Pure: the counts come in per second
// (run.series' samples), the rule is arithmetic on them and the planned number of requests.
import { decodeHistogram } from '../results/histogram.ts';
import { percentileOf } from '../thresholds/grammar.ts';
import type { SecondSample, Threshold } from '../types.ts';

/** What the seconds so far hold against one abort line: requests that count against its limit. */
export interface AbortTally {
  threshold: Threshold;
  /** HTTP errors (http_fail_rate), or responses beyond the time limit (a percentile). */
  against: number;
}

/**
 * HDR histograms hold values to 3 significant digits: a recorded value within 0.1 % above the
 * limit may be one just under it, so a response counts against a time limit only above this.
 */
const HDR_PRECISION = 1.001;

/** Adds one second's counts to each tally. */
export function addSecond(tallies: readonly AbortTally[], sample: SecondSample): AbortTally[] {
  return tallies.map((tally) => ({ ...tally, against: tally.against + againstIn(tally.threshold, sample) }));
}

function againstIn(t: Threshold, sample: SecondSample): number {
  if (t.metric === 'http_fail_rate') return sample.errors ?? 0;
  if (sample.histogram === undefined || sample.responses === 0) return 0;
  const h = decodeHistogram(sample.histogram);
  try {
    // Half a rank below: the percentile's rank is rounded up, so float error cannot step to the next value.
    const valueAtRank = (rank: number): number => h.getValueAtPercentile(((rank - 0.5) / h.totalCount) * 100);
    return countAbove(h.totalCount, valueAtRank, t.value * 1000 * HDR_PRECISION);
  } finally {
    h.destroy();
  }
}

/** How many of `total` sorted values exceed `limit`, given the value at each rank (1-based): a binary search. */
export function countAbove(total: number, valueAtRank: (rank: number) => number, limit: number): number {
  let low = 1;
  let high = total + 1;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (valueAtRank(mid) > limit) high = mid;
    else low = mid + 1;
  }
  return total - low + 1;
}

/**
 * The breach is certain when even the most requests the run can send (`plannedRequests`, every
 * iteration reaching every step) would leave the metric over its limit. `http_fail_rate < L%`
 * fails once errors ≥ L % of them (`<=`: above); `pQ < X` fails once more responses than the
 * (100 − Q) % of them that the percentile lets through took longer than X.
 */
export function breachCertain(tally: AbortTally, plannedRequests: number): boolean {
  const { threshold: t, against } = tally;
  if (t.metric === 'http_fail_rate') {
    const share = (against * 100) / plannedRequests;
    return t.op === '<' ? share >= t.value : share > t.value;
  }
  const q = percentileOf(t.metric)!;
  return against > plannedRequests - Math.ceil((q * plannedRequests) / 100);
}

/** `http_fail_rate < 5% abort: 78 of 1,500 planned requests failed` — why the run stopped. */
export function abortReason(tally: AbortTally, plannedRequests: number): string {
  const what = tally.threshold.metric === 'http_fail_rate' ? 'failed' : `took longer than ${tally.threshold.value} ms`;
  return `${tally.threshold.source}: ${tally.against} of the ${plannedRequests} planned requests ${what}, so it cannot hold whatever the rest do`;
}
