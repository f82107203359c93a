// One second of a run's series added up from parts that ran side by side over the same second:
// a run's engine threads (engine/seconds.ts) and the shards of a merge (merge/results.ts). Counts
// are summed, the response times' histograms added bucket by bucket (p50/p95/p99 read from the
// sum, exact, never averaged), what the generator measured of itself added (late starts and
// sockets summed, the worst part's loop delay, CPU and busy share), and the stream figures added
// as stream-seconds.ts adds them. Pure: which parts belong to which second, and what a histogram
// that does not decode means, are the callers'.
import type { SecondSample } from '../types.ts';
import { addDecoded, addHistogramBytes, encodeHistogram, type Histogram, newHistogram, secondPercentiles } from './histogram.ts';
import { StreamSecond } from './stream-seconds.ts';

/** A part's histogram that does not decode; `field` is its path inside the second (`histogram`, `stream.gap.histogram`). */
export interface SecondProblem {
  field: string;
  message: string;
}

export class SecondSum {
  private started = 0;
  private responses = 0;
  private failures = 0;
  /** null once a part lacks them (a file of an older version): the sum would undercount. */
  private errors: number | null = 0;
  private readonly histogram: Histogram = newHistogram();
  /** The generator's figures in the order the parts first name them. */
  private readonly generator: Partial<SecondSample> = {};
  /** The parts' stream figures, once one of them has any. */
  private stream: StreamSecond | null = null;

  /**
   * Adds one part's second. Its response times come beside it: as HDR's plain bytes from an engine
   * thread, or as the compressed base64 of a file. Returns why any of its histograms does not decode.
   */
  add(part: SecondSample, histogram: Uint8Array | string): SecondProblem[] {
    this.started += part.started;
    this.responses += part.responses;
    this.failures += part.failures;
    this.errors = this.errors === null || part.errors === undefined ? null : this.errors + part.errors;
    addGeneratorSecond(this.generator, part);
    const problems: SecondProblem[] = [];
    const added = addHistogram(this.histogram, histogram);
    if (added !== undefined) problems.push({ field: 'histogram', message: added });
    if (part.stream) {
      for (const p of (this.stream ??= new StreamSecond()).add(part.stream))
        problems.push({ field: `stream.${p.field}.histogram`, message: p.message });
    }
    return problems;
  }

  /** The summed second as second `t` of a series; `keepHistograms`: with its encoded histograms (shard files). */
  sample(t: number, keepHistograms: boolean): SecondSample {
    const h = this.histogram;
    return {
      t,
      started: this.started,
      responses: this.responses,
      failures: this.failures,
      ...(this.errors !== null && { errors: this.errors }),
      ...secondPercentiles(h),
      ...this.generator,
      ...(keepHistograms && { histogram: encodeHistogram(h) }),
      ...(this.stream && { stream: this.stream.figures(keepHistograms) }),
    };
  }

  destroy(): void {
    this.histogram.destroy();
    this.stream?.destroy();
  }
}

/** Adds the bytes or the encoding; the reason when an encoding does not decode (bytes are a thread's own, so a bug if they do not). */
function addHistogram(into: Histogram, histogram: Uint8Array | string): string | undefined {
  if (typeof histogram === 'string') {
    const added = addDecoded(into, histogram);
    return typeof added === 'string' ? added : undefined;
  }
  addHistogramBytes(into, histogram);
  return undefined;
}

/** What the runners measured of themselves in one second, added up: counts summed, the worst runner's delay, CPU and busy share. */
function addGeneratorSecond(into: Partial<SecondSample>, part: SecondSample): void {
  const add = (key: 'late' | 'sockets'): void => {
    if (part[key] !== undefined) into[key] = (into[key] ?? 0) + part[key];
  };
  const most = (key: 'loop_delay_p99_ms' | 'loop_delay_max_ms' | 'cpu_pct' | 'busy_pct'): void => {
    if (part[key] !== undefined) into[key] = Math.max(into[key] ?? 0, part[key]);
  };
  add('late');
  add('sockets');
  most('loop_delay_p99_ms');
  most('loop_delay_max_ms');
  most('cpu_pct');
  most('busy_pct');
}
