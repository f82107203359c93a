// The run over time, for every report that draws it (the web report's charts, the comment's
// Mermaid timeline): the per-second series in at most N points, so that both show the same
// seconds the same way.
import type { SecondSample } from '../types.ts';

export interface ChartPoints {
  /** Seconds per point. */
  seconds: number;
  xs: number[];
  started: number[];
  responses: number[];
  /** Requests without a 2xx/3xx answer (errorsOf). */
  errors: number[];
  /** Iterations that started late (docs/engine.md), per second. */
  late: number[];
  p50: (number | null)[];
  p95: (number | null)[];
  p99: (number | null)[];
}

/**
 * The series in at most maxPoints points of whole seconds each. Counts are the bucket's mean
 * per second (the axis stays "per second"); latencies the highest of the bucket's seconds, so
 * a spike is never averaged away. A bucket without responses has no latency.
 */
export function bucketSeries(series: readonly SecondSample[], maxPoints: number): ChartPoints {
  const seconds = Math.max(1, Math.ceil(series.length / maxPoints));
  const points: ChartPoints = { seconds, xs: [], started: [], responses: [], errors: [], late: [], p50: [], p95: [], p99: [] };
  for (let i = 0; i < series.length; i += seconds) {
    const bucket = series.slice(i, i + seconds);
    const answered = bucket.filter((s) => s.responses > 0);
    const mean = (pick: (s: SecondSample) => number) => bucket.reduce((a, s) => a + pick(s), 0) / bucket.length;
    const highest = (pick: (s: SecondSample) => number) => (answered.length > 0 ? Math.max(...answered.map(pick)) : null);
    points.xs.push(bucket[0]?.t ?? i);
    points.started.push(mean((s) => s.started));
    points.responses.push(mean((s) => s.responses));
    points.errors.push(mean(errorsOf));
    points.late.push(mean((s) => s.late ?? 0));
    points.p50.push(highest((s) => s.p50));
    points.p95.push(highest((s) => s.p95));
    points.p99.push(highest((s) => s.p99));
  }
  return points;
}

/**
 * A second's requests without a 2xx/3xx answer; a series of an older version has only its
 * failures (no response or a failed check), the nearest it recorded.
 */
export function errorsOf(s: SecondSample): number {
  return s.errors ?? s.failures;
}
