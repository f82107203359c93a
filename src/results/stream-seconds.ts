// The streaming steps' figures of one second of a run's series (docs/results.md, `run.series`):
// streams opened, events counted, and HDR histograms (µs) of that second's first-event and gap
// times. Wherever seconds are added up (a run's engine threads, the shards of a merge, the
// Kubernetes executor's uploads) these are added too: counts summed, histograms bucket by bucket,
// percentiles read from the sums, as a second's response times are.
import type { SecondStream, SecondTimes } from '../types.ts';
import { addDecoded, encodeHistogram, type Histogram, newHistogram, secondPercentiles } from './histogram.ts';

export class StreamSecond {
  streams = 0;
  events = 0;
  readonly firstEvent: Histogram = newHistogram();
  readonly gap: Histogram = newHistogram();

  /** Adds one second's figures (another thread's, another shard's); returns why a histogram does not decode, per field. */
  add(part: SecondStream): { field: 'first_event' | 'gap'; message: string }[] {
    this.streams += part.streams;
    this.events += part.events;
    const problems: { field: 'first_event' | 'gap'; message: string }[] = [];
    for (const [field, into] of [
      ['first_event', this.firstEvent],
      ['gap', this.gap],
    ] as const) {
      const encoded = part[field].histogram;
      // A second without that time has none to add (a thread or shard with no stream event in it).
      if (encoded === undefined) continue;
      const added = addDecoded(into, encoded);
      if (typeof added === 'string') problems.push({ field, message: added });
    }
    return problems;
  }

  /** The second's figures; `keepHistograms`: with the encoded histograms (shard files, a thread's second). */
  figures(keepHistograms: boolean): SecondStream {
    return {
      streams: this.streams,
      events: this.events,
      first_event: timesOf(this.firstEvent, keepHistograms),
      gap: timesOf(this.gap, keepHistograms),
    };
  }

  reset(): void {
    this.streams = 0;
    this.events = 0;
    this.firstEvent.reset();
    this.gap.reset();
  }

  destroy(): void {
    this.firstEvent.destroy();
    this.gap.destroy();
  }
}

function timesOf(h: Histogram, keepHistogram: boolean): SecondTimes {
  return {
    ...secondPercentiles(h),
    ...(keepHistogram && h.totalCount > 0 && { histogram: encodeHistogram(h) }),
  };
}
