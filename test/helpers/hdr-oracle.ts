// What an HdrHistogram of 3 significant digits (docs/results.md) reports for a set of raw samples,
// worked out from the samples alone: tests of the merge compare against this, not against src's
// own histogram code, so a fault shared by src and its test cannot hide.
//
// Such a histogram keeps every value below 2048 in a bucket of its own, and the values from
// 1024·2^k to 2048·2^k in buckets 2^k wide. A percentile is the sample of nearest rank, read as the
// highest value of its bucket; the mean and standard deviation are of the buckets' middles.
import type { ResponseTimes } from '../../src/types.ts';

/** The first value and the width of the bucket that holds `us` (an integer ≥ 1). */
export function bucketOf(us: number): { lowest: number; width: number } {
  const width = us < 2048 ? 1 : 2 ** (Math.floor(Math.log2(us)) - 10);
  return { lowest: us - (us % width), width };
}

/** The sample of nearest rank: the smallest one that at least `percentile` % of the samples do not exceed. */
export function nearestRank(sorted: readonly number[], percentile: number): number {
  // The tolerance keeps a rank that is a whole number (99.9 % of 1000) from rounding up to the next.
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length - 1e-9));
  return sorted[rank - 1]!;
}

/** What the histogram of the samples (µs) reports as this percentile. */
export function reportedPercentile(samples: readonly number[], percentile: number): number {
  return reportedAt(sortedOf(samples), percentile);
}

const sortedOf = (samples: readonly number[]): number[] => [...samples].sort((a, b) => a - b);

function reportedAt(sorted: readonly number[], percentile: number): number {
  const { lowest, width } = bucketOf(nearestRank(sorted, percentile));
  return lowest + width - 1;
}

const middleOf = (us: number): number => {
  const { lowest, width } = bucketOf(us);
  return lowest + Math.floor(width / 2);
};

export function reportedMean(samples: readonly number[]): number {
  return samples.reduce((sum, us) => sum + middleOf(us), 0) / samples.length;
}

/** Population standard deviation, as HdrHistogram reports it. */
export function reportedStddev(samples: readonly number[]): number {
  const mean = reportedMean(samples);
  return Math.sqrt(samples.reduce((sum, us) => sum + (middleOf(us) - mean) ** 2, 0) / samples.length);
}

const ms = (us: number): number => Math.round(us / 1000);

/**
 * The results file's response_times (integer ms) of the samples (µs): percentiles, mean and spread
 * as the histogram reports them; min and max the samples' own, as a runner records them.
 */
export function responseTimesFrom(samples: readonly number[]): ResponseTimes {
  if (samples.length === 0) return { avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 };
  const sorted = sortedOf(samples);
  const at = (percentile: number): number => ms(reportedAt(sorted, percentile));
  return {
    avg: ms(reportedMean(samples)),
    max: ms(sorted.at(-1)!),
    min: ms(sorted[0]!),
    p80: at(80),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    median: at(50),
    stddev: ms(reportedStddev(samples)),
  };
}
