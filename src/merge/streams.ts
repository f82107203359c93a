// The streaming steps' figures of a sharded run (docs/streaming.md), merged exactly as response
// times are: each shard's step × location histograms of first_event and gap added bucket by
// bucket, counts and close codes summed; every percentile is taken from the sums, never averaged.
import type { Problem } from '../errors.ts';
import { addDecoded, encodeHistogram, newHistogram, responseTimesOf, sumHistograms, type Histogram } from '../results/histogram.ts';
import { member } from '../json.ts';
import type { CountDist, EncodedHistograms, Results, StreamFigures, StreamHistograms, StreamMetric } from '../types.ts';

interface Counts {
  streams: number;
  events: number;
  close_code_dist: CountDist;
}

/** By step id, then by location. */
type ByCell<T> = Map<number, Map<string, T>>;

export class StreamSums {
  private readonly histograms: Record<StreamMetric, ByCell<Histogram>> = { first_event: new Map(), gap: new Map() };
  private readonly counts: ByCell<Counts> = new Map();

  /** Adds one shard's streaming steps; problems name the histograms that do not decode. */
  add(file: string, results: Results, histograms: EncodedHistograms): Problem[] {
    const problems: Problem[] = [];
    for (const step of results.steps) {
      if (step.stream === undefined) continue;
      for (const [location, part] of Object.entries(step.location_dist)) {
        if (part.stream === undefined) continue;
        const counts = cellOf(this.counts, step.id, location, (): Counts => ({ streams: 0, events: 0, close_code_dist: {} }));
        counts.streams += part.stream.streams;
        counts.events += part.stream.events;
        for (const [code, n] of Object.entries(part.stream.close_code_dist ?? {}))
          counts.close_code_dist[code] = (counts.close_code_dist[code] ?? 0) + n;
        for (const metric of ['first_event', 'gap'] as const) {
          const encoded = histograms.streams?.[metric].step_locations[String(step.id)]?.[location];
          const path = `$.histograms.streams.${metric}.step_locations${member(String(step.id))}${member(location)}`;
          if (typeof encoded !== 'string') {
            problems.push({ file, path, message: `missing the ${metric} histogram of streaming step ${step.id} at ${location}` });
            continue;
          }
          const added = addDecoded(cellOf(this.histograms[metric], step.id, location, newHistogram), encoded);
          if (typeof added === 'string') problems.push({ file, path, message: added });
        }
      }
    }
    return problems;
  }

  /** Sets the merged `stream` of every streaming step and of each of its locations. */
  apply(results: Results): void {
    for (const step of results.steps) {
      const byLocation = this.counts.get(step.id);
      if (!byLocation) continue;
      for (const [location, counts] of byLocation) {
        const cell = step.location_dist[location];
        if (cell) cell.stream = this.figures(step.id, [location], counts);
      }
      const all: Counts = { streams: 0, events: 0, close_code_dist: {} };
      for (const counts of byLocation.values()) {
        all.streams += counts.streams;
        all.events += counts.events;
        for (const [code, n] of Object.entries(counts.close_code_dist)) all.close_code_dist[code] = (all.close_code_dist[code] ?? 0) + n;
      }
      step.stream = this.figures(step.id, [...byLocation.keys()], all);
    }
  }

  /** The merged stream histograms, or undefined when no shard streamed. */
  encoded(): EncodedHistograms['streams'] {
    if (this.counts.size === 0) return undefined;
    return { first_event: this.encodedOf('first_event'), gap: this.encodedOf('gap') };
  }

  destroy(): void {
    for (const byCell of Object.values(this.histograms))
      for (const byLocation of byCell.values()) for (const h of byLocation.values()) h.destroy();
  }

  private figures(stepId: number, locations: string[], counts: Counts): StreamFigures {
    const timesOf = (metric: StreamMetric) => {
      const parts = locations.flatMap((l) => this.histograms[metric].get(stepId)?.get(l) ?? []);
      const sum = sumHistograms(parts);
      const times = responseTimesOf(sum);
      sum.destroy();
      return times;
    };
    return {
      streams: counts.streams,
      events: counts.events,
      first_event: timesOf('first_event'),
      gap: timesOf('gap'),
      ...(Object.keys(counts.close_code_dist).length > 0 && { close_code_dist: counts.close_code_dist }),
    };
  }

  private encodedOf(metric: StreamMetric): StreamHistograms {
    const byCell = this.histograms[metric];
    const encodeSum = (parts: Histogram[]): string => {
      const sum = sumHistograms(parts);
      const encoded = encodeHistogram(sum);
      sum.destroy();
      return encoded;
    };
    return {
      overall: encodeSum([...byCell.values()].flatMap((b) => [...b.values()])),
      steps: Object.fromEntries([...byCell].map(([id, b]) => [String(id), encodeSum([...b.values()])])),
      step_locations: Object.fromEntries(
        [...byCell].map(([id, b]) => [String(id), Object.fromEntries([...b].map(([name, h]) => [name, encodeHistogram(h)]))]),
      ),
    };
  }
}

function cellOf<T>(map: ByCell<T>, step: number, location: string, make: () => T): T {
  let byLocation = map.get(step);
  if (!byLocation) map.set(step, (byLocation = new Map()));
  let value = byLocation.get(location);
  if (value === undefined) byLocation.set(location, (value = make()));
  return value;
}
