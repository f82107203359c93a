// What the recorder keeps of streaming steps (docs/streaming.md), by cell as the rest of it: streams
// opened, events counted, and HDR histograms (µs) of the time to the first event and of the gaps
// between events. Made only when a run records a stream, so a run without streaming steps carries
// none of it.
import { newHistogram, type Histogram } from '../results/histogram.ts';
import { StreamSecond } from '../results/stream-seconds.ts';
import type { SecondStream } from '../types.ts';

export class StreamCells {
  readonly firstEvent: Histogram[];
  readonly gap: Histogram[];
  readonly opened: Float64Array;
  readonly events: Float64Array;
  /** WebSocket close codes per cell. */
  readonly closeCodes: Map<number, number>[];
  /** The current second's figures, over every cell (the series' `stream`). */
  private readonly second = new StreamSecond();

  constructor(cells: number) {
    this.firstEvent = Array.from({ length: cells }, newHistogram);
    this.gap = Array.from({ length: cells }, newHistogram);
    this.opened = new Float64Array(cells);
    this.events = new Float64Array(cells);
    this.closeCodes = Array.from({ length: cells }, () => new Map());
  }

  /** A stream opened: a 2xx event-stream response, or a WebSocket handshake completed. */
  streamOpened(cell: number): void {
    this.opened[cell]!++;
    this.second.streams++;
  }

  /** A counted event: the first of its stream (µs since the request or the first send), or the gap since the one before. */
  event(cell: number, micros: number, first: boolean): void {
    const us = micros < 1 ? 1 : Math.round(micros);
    (first ? this.firstEvent : this.gap)[cell]!.recordValue(us);
    (first ? this.second.firstEvent : this.second.gap).recordValue(us);
    this.events[cell]!++;
    this.second.events++;
  }

  /** Closes the current second: its figures, with the histograms encoded when `keepHistograms`. */
  closeSecond(keepHistograms: boolean): SecondStream {
    const figures = this.second.figures(keepHistograms);
    this.second.reset();
    return figures;
  }

  closed(cell: number, code: number): void {
    const codes = this.closeCodes[cell]!;
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }

  destroy(): void {
    for (const h of this.firstEvent) h.destroy();
    for (const h of this.gap) h.destroy();
    this.second.destroy();
  }
}
