// The seconds of several engine threads as one series (workers.ts). The threads start their
// schedules at one instant, so their second t is the same second: counts are added, histograms
// added bucket by bucket (p50/p95/p99 read from the sum, exact), and what the generator measured
// of itself added as for shards (late starts and sockets summed, the worst thread's loop delay,
// CPU and busy share). A second is complete once every thread has closed it or ended; complete
// seconds go to onSecond in order, so the progress line shows one line a second for the run.
import { addGeneratorSecond } from './generator.ts';
import { encodeHistogram, newHistogram, type Histogram } from '../results/histogram.ts';
import { addHistogramBytes } from './parts.ts';
import { StreamSecond } from '../results/stream-seconds.ts';
import type { SecondSample } from '../types.ts';

interface SecondSum {
  started: number;
  responses: number;
  failures: number;
  errors: number;
  histogram: Histogram;
  generator: Partial<SecondSample>;
  /** The threads' stream figures, once one of them has any. */
  stream: StreamSecond | null;
}

export class SecondsCombiner {
  private readonly sums = new Map<number, SecondSum>();
  /** Per thread: the last second it closed (−1 before any), or Infinity once it has ended. */
  private readonly closed: number[];
  private readonly series: SecondSample[] = [];
  private readonly keepHistograms: boolean;
  private readonly onSecond: ((sample: SecondSample) => void) | undefined;

  /** keepHistograms: each second carries its summed histogram, encoded (a shard's file). */
  constructor(threads: number, keepHistograms: boolean, onSecond?: (sample: SecondSample) => void) {
    this.closed = new Array<number>(threads).fill(-1);
    this.keepHistograms = keepHistograms;
    this.onSecond = onSecond;
  }

  add(thread: number, sample: SecondSample, bytes: Uint8Array): void {
    let sum = this.sums.get(sample.t);
    if (!sum) {
      sum = { started: 0, responses: 0, failures: 0, errors: 0, histogram: newHistogram(), generator: {}, stream: null };
      this.sums.set(sample.t, sum);
    }
    sum.started += sample.started;
    sum.responses += sample.responses;
    sum.failures += sample.failures;
    sum.errors += sample.errors ?? 0;
    addHistogramBytes(sum.histogram, bytes);
    addGeneratorSecond(sum.generator, sample);
    // A thread's histograms are its own encodings: one that does not decode is a bug, not input.
    if (sample.stream) for (const p of (sum.stream ??= new StreamSecond()).add(sample.stream)) throw new Error(p.message);
    this.closed[thread] = sample.t;
    this.flush();
  }

  /** The thread has posted its last second. */
  end(thread: number): void {
    this.closed[thread] = Infinity;
    this.flush();
  }

  /** Every second, once every thread has ended. */
  all(): SecondSample[] {
    this.flush();
    return this.series;
  }

  /** Frees the histograms of seconds never completed (a thread failed). */
  destroy(): void {
    for (const sum of this.sums.values()) {
      sum.histogram.destroy();
      sum.stream?.destroy();
    }
    this.sums.clear();
  }

  private flush(): void {
    const upTo = Math.min(...this.closed);
    for (let t = this.series.length; t <= upTo; t++) {
      const sum = this.sums.get(t);
      if (!sum) break;
      this.sums.delete(t);
      const sample = this.sampleOf(t, sum);
      sum.histogram.destroy();
      sum.stream?.destroy();
      this.series.push(sample);
      this.onSecond?.(sample);
    }
  }

  private sampleOf(t: number, sum: SecondSum): SecondSample {
    const h = sum.histogram;
    const ms = (p: number): number => (h.totalCount === 0 ? 0 : Math.round(h.getValueAtPercentile(p)) / 1000);
    const { late, ...generator } = sum.generator;
    const sample: SecondSample = {
      t,
      started: sum.started,
      responses: sum.responses,
      failures: sum.failures,
      errors: sum.errors,
      p50: ms(50),
      p95: ms(95),
      p99: ms(99),
      ...(late !== undefined && { late }),
      ...generator,
    };
    if (this.keepHistograms) sample.histogram = encodeHistogram(h);
    if (sum.stream) sample.stream = sum.stream.figures(this.keepHistograms);
    return sample;
  }
}
