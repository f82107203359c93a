// The seconds of several engine threads as one series (workers.ts). The threads start their
// schedules at one instant, so their second t is the same second, and each second is their sum
// (results/second-sum.ts). A second is complete once every thread has closed it or ended; complete
// seconds go to onSecond in order, so the progress line shows one line a second for the run.
import { SecondSum } from '../results/second-sum.ts';
import type { SecondSample } from '../types.ts';

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
      sum = new SecondSum();
      this.sums.set(sample.t, sum);
    }
    // A thread's histograms are its own encodings: one that does not decode is a bug, not input.
    for (const p of sum.add(sample, bytes)) throw new Error(p.message);
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
    for (const sum of this.sums.values()) sum.destroy();
    this.sums.clear();
  }

  private flush(): void {
    const upTo = Math.min(...this.closed);
    for (let t = this.series.length; t <= upTo; t++) {
      const sum = this.sums.get(t);
      if (!sum) break;
      this.sums.delete(t);
      const sample = sum.sample(t, this.keepHistograms);
      sum.destroy();
      this.series.push(sample);
      this.onSecond?.(sample);
    }
  }
}
