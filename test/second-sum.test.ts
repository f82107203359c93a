// One second added up from parts that ran side by side (src/results/second-sum.ts): what an engine
// thread's and a shard's seconds have in common. The percentiles expected are worked out from the
// raw samples (helpers/hdr-oracle.ts), and the parts' histograms are written by hdr-histogram-js
// directly, as any HdrHistogram writer would, never by src's histogram code.
import * as hdr from 'hdr-histogram-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistogram, initHistograms } from '../src/results/histogram.ts';
import { SecondSum } from '../src/results/second-sum.ts';
import type { SecondSample, SecondStream } from '../src/types.ts';
import { reportedPercentile } from './helpers/hdr-oracle.ts';

beforeAll(() => initHistograms());

const sums: SecondSum[] = [];
afterEach(() => {
  for (const sum of sums.splice(0)) sum.destroy();
});

function newSum(): SecondSum {
  const sum = new SecondSum();
  sums.push(sum);
  return sum;
}

function written(us: number[], useWebAssembly: boolean): hdr.Histogram {
  const h = hdr.build({ numberOfSignificantValueDigits: 3, useWebAssembly, bitBucketSize: 32 });
  for (const value of us) h.recordValue(value);
  return h;
}

/** A histogram's compressed base64, as a shard file holds it. */
const base64 = (us: number[]): string => hdr.encodeIntoCompressedBase64(written(us, false));

/** A histogram's plain V2 bytes, as an engine thread posts them (a WebAssembly histogram's `encode`). */
function bytes(us: number[]): Uint8Array {
  const h = written(us, true) as hdr.Histogram & { encode(): Uint8Array };
  const encoded = h.encode();
  h.destroy();
  return encoded;
}

const ms = (us: number[], p: number): number => (us.length === 0 ? 0 : reportedPercentile(us, p) / 1000);
const count = (encoded: string | undefined): number => {
  const h = decodeHistogram(encoded!);
  const n = h.totalCount;
  h.destroy();
  return n;
};

/** A part's second; its percentiles are its own, which the sum never reads (it reads its histograms). */
function part(figures: Partial<SecondSample> & Pick<SecondSample, 'started' | 'responses' | 'failures'>): SecondSample {
  return { t: 7, p50: 999, p95: 999, p99: 999, ...figures };
}

function stream(streams: number, events: number, firstEventUs: number[], gapUs: number[]): SecondStream {
  const times = (us: number[]) => ({ p50: 999, p95: 999, p99: 999, ...(us.length > 0 && { histogram: base64(us) }) });
  return { streams, events, first_event: times(firstEventUs), gap: times(gapUs) };
}

const A_US = [900, 1100, 1500, 2300, 48_000];
const B_US = [700, 650, 12_000, 12_500, 13_000, 90_000];

describe('a second summed', () => {
  it('adds counts and reads the percentiles from the summed histogram, from bytes and base64 alike', () => {
    for (const encode of [bytes, base64]) {
      const sum = newSum();
      expect(sum.add(part({ started: 3, responses: 5, failures: 1, errors: 2 }), encode(A_US))).toEqual([]);
      expect(sum.add(part({ started: 4, responses: 6, failures: 0, errors: 1 }), encode(B_US))).toEqual([]);
      const all = [...A_US, ...B_US];
      expect(sum.sample(3, false)).toEqual({
        t: 3,
        started: 7,
        responses: 11,
        failures: 1,
        errors: 3,
        p50: ms(all, 50),
        p95: ms(all, 95),
        p99: ms(all, 99),
      });
    }
  });

  it('keeps the summed histogram only when asked (a shard file)', () => {
    const sum = newSum();
    sum.add(part({ started: 1, responses: 5, failures: 0, errors: 0 }), bytes(A_US));
    sum.add(part({ started: 1, responses: 6, failures: 0, errors: 0 }), base64(B_US));
    expect(sum.sample(0, false).histogram).toBeUndefined();
    expect(count(sum.sample(0, true).histogram)).toBe(A_US.length + B_US.length);
  });

  it('reads 0 for the percentiles of a second without responses', () => {
    const sum = newSum();
    sum.add(part({ started: 2, responses: 0, failures: 0, errors: 0 }), base64([]));
    expect(sum.sample(0, false)).toMatchObject({ started: 2, responses: 0, p50: 0, p95: 0, p99: 0 });
  });

  it('is the part itself when only one part ran that second', () => {
    const sum = newSum();
    const one = part({ started: 2, responses: 5, failures: 1, errors: 1, late: 1, sockets: 4, cpu_pct: 12, busy_pct: 8 });
    sum.add(one, base64(A_US));
    expect(sum.sample(7, false)).toEqual({ ...one, p50: ms(A_US, 50), p95: ms(A_US, 95), p99: ms(A_US, 99) });
  });

  it("adds what the generator measured: late starts and sockets summed, the worst part's delay, CPU and busy share", () => {
    const sum = newSum();
    const generator = { late: 2, sockets: 10, loop_delay_p99_ms: 1.5, loop_delay_max_ms: 4, cpu_pct: 30, busy_pct: 20 };
    sum.add(part({ started: 1, responses: 0, failures: 0, errors: 0, ...generator }), base64([]));
    sum.add(
      part({
        started: 1,
        responses: 0,
        failures: 0,
        errors: 0,
        late: 3,
        sockets: 5,
        loop_delay_p99_ms: 9.5,
        loop_delay_max_ms: 2,
        cpu_pct: 45,
      }),
      base64([]),
    );
    expect(sum.sample(0, false)).toMatchObject({
      late: 5,
      sockets: 15,
      loop_delay_p99_ms: 9.5,
      loop_delay_max_ms: 4,
      cpu_pct: 45,
      busy_pct: 20,
    });
  });

  it('leaves out what no part measured, and takes what one part measured from that part', () => {
    const sum = newSum();
    sum.add(part({ started: 1, responses: 0, failures: 0, errors: 0 }), base64([]));
    sum.add(part({ started: 1, responses: 0, failures: 0, errors: 0, cpu_pct: 12 }), base64([]));
    const sample = sum.sample(0, false);
    expect(sample.cpu_pct).toBe(12);
    for (const key of ['late', 'sockets', 'loop_delay_p99_ms', 'loop_delay_max_ms', 'busy_pct', 'stream', 'histogram'])
      expect(sample).not.toHaveProperty(key);
  });

  it('drops the errors once a part lacks them (a file of an older version), rather than undercount', () => {
    const sum = newSum();
    sum.add(part({ started: 1, responses: 0, failures: 0, errors: 4 }), base64([]));
    sum.add(part({ started: 1, responses: 0, failures: 0 }), base64([]));
    sum.add(part({ started: 1, responses: 0, failures: 0, errors: 2 }), base64([]));
    expect(sum.sample(0, false)).not.toHaveProperty('errors');
  });

  it('writes its keys in the order of a results file', () => {
    const sum = newSum();
    const generator = { late: 1, sockets: 2, loop_delay_p99_ms: 3, loop_delay_max_ms: 4, cpu_pct: 5, busy_pct: 6 };
    sum.add(part({ started: 1, responses: 1, failures: 0, errors: 0, ...generator, stream: stream(1, 2, [3000], [1000]) }), base64([800]));
    expect(Object.keys(sum.sample(0, true))).toEqual([
      't',
      'started',
      'responses',
      'failures',
      'errors',
      'p50',
      'p95',
      'p99',
      ...Object.keys(generator),
      'histogram',
      'stream',
    ]);
  });
});

describe("a second's stream figures", () => {
  it('are summed over the parts that have them; a part without a stream block adds none', () => {
    const sum = newSum();
    const firstA = [3000, 4000];
    const firstB = [5000, 9000, 21_000];
    const gapB = [1000, 1200, 1300];
    sum.add(part({ started: 2, responses: 2, failures: 0, errors: 0, stream: stream(2, 2, firstA, []) }), base64([500, 600]));
    sum.add(part({ started: 1, responses: 1, failures: 0, errors: 0 }), base64([700]));
    sum.add(part({ started: 3, responses: 3, failures: 0, errors: 0, stream: stream(3, 6, firstB, gapB) }), base64([1, 2, 3]));
    const times = (us: number[]) => ({ p50: ms(us, 50), p95: ms(us, 95), p99: ms(us, 99) });
    expect(sum.sample(0, false).stream).toEqual({
      streams: 5,
      events: 8,
      first_event: times([...firstA, ...firstB]),
      gap: times(gapB),
    });
    const kept = sum.sample(0, true).stream!;
    expect(count(kept.first_event.histogram)).toBe(5);
    expect(count(kept.gap.histogram)).toBe(3);
  });

  it('are absent when no part has a stream block', () => {
    const sum = newSum();
    sum.add(part({ started: 1, responses: 1, failures: 0, errors: 0 }), base64([700]));
    expect(sum.sample(0, true)).not.toHaveProperty('stream');
  });
});

describe('a histogram that does not decode', () => {
  it("is named by its place in the second, and the part's other figures are still added", () => {
    const sum = newSum();
    const broken = { ...stream(1, 3, [2000], []), gap: { p50: 1, p95: 1, p99: 1, histogram: 'garbage' } };
    const problems = sum.add(part({ started: 2, responses: 2, failures: 0, errors: 1, stream: broken }), 'not a histogram');
    expect(problems.map((p) => p.field)).toEqual(['histogram', 'stream.gap.histogram']);
    for (const p of problems) expect(p.message).toMatch(/^expected an HdrHistogram in compressed base64 \(V2\), but it does not decode: /);
    expect(sum.sample(0, false)).toMatchObject({ started: 2, responses: 2, errors: 1, stream: { streams: 1, events: 3 } });
  });
});
