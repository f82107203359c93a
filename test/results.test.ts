// Results from recorded samples: percentiles agree with the exact percentiles of the same samples
// within HDR precision (3 significant digits), and every level adds up.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initHistograms } from '../src/results/histogram.ts';
import { Recorder } from '../src/engine/recorder.ts';
import { buildResults } from '../src/engine/results.ts';

beforeAll(() => initHistograms());

/** The nearest-rank percentile, the definition HdrHistogram uses. */
function exactPercentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

function expectClose(actualMs: number, exactUs: number): void {
  // Histogram buckets are within 0.1 % of the value; the result rounds to whole ms.
  expect(Math.abs(actualMs - exactUs / 1000)).toBeLessThanOrEqual((exactUs / 1000) * 0.001 + 0.5);
}

describe('percentiles', () => {
  it('match the exact percentiles of the recorded samples at every level', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 50, max: 5_000_000 })), {
          minLength: 1,
          maxLength: 400,
        }),
        (samples) => {
          const rec = new Recorder(2, 3);
          for (const [step, loc, us] of samples) {
            const cell = step * 3 + loc;
            rec.stepReached(cell);
            rec.response(cell, us, 200);
            rec.stepSucceeded(cell);
          }
          const results = buildResults(rec, [1, 2], ['US', 'DE', 'local']);
          const all = samples.map(([, , us]) => us).sort((a, b) => a - b);
          for (const p of [50, 80, 90, 95, 99] as const) {
            const key = p === 50 ? 'median' : (`p${p}` as const);
            expectClose(results.response_times[key], exactPercentile(all, p));
          }
          expectClose(results.response_times.max, all.at(-1)!);
          expectClose(results.response_times.min, all[0]!);
          expectClose(results.response_times.avg, all.reduce((a, b) => a + b, 0) / all.length);
          results.steps.forEach((step, s) => {
            const mine = samples
              .filter(([st]) => st === s)
              .map(([, , us]) => us)
              .sort((a, b) => a - b);
            expect(step.success_count).toBe(mine.length);
            if (mine.length > 0) expectClose(step.response_times.p95, exactPercentile(mine, 95));
            const locSum = Object.values(step.location_dist).reduce((n, l) => n + l.success_count, 0);
            expect(locSum).toBe(step.success_count);
          });
          rec.destroy();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('distributions', () => {
  it('counts status codes, odd codes and error reasons per cell and sums them per step', () => {
    const rec = new Recorder(1, 2);
    rec.response(0, 1000, 200);
    rec.response(1, 1000, 200);
    rec.response(1, 1000, 503);
    rec.response(1, 1000, 999);
    rec.stepFailed(0, 'read timeout');
    rec.stepFailed(1, 'read timeout');
    rec.stepFailed(1, 'dns');
    const results = buildResults(rec, [1], ['US', 'DE']);
    expect(results.steps[0]!.status_code_dist).toEqual({ '200': 2, '503': 1, '999': 1 });
    expect(results.steps[0]!.error_dist).toEqual({ 'read timeout': 2, dns: 1 });
    expect(results.steps[0]!.location_dist.DE!.status_code_dist).toEqual({ '200': 1, '503': 1, '999': 1 });
    expect(results.steps[0]!.location_dist.US!.location_dist).toEqual({});
    rec.destroy();
  });

  it('an empty level reports zeros, not NaN', () => {
    const rec = new Recorder(1, 1);
    const results = buildResults(rec, [1], ['local']);
    expect(results.response_times).toEqual({ avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 });
    rec.destroy();
  });
});
