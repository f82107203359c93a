// What an engine thread hands back (workers.ts), and how the parent adds it up: the
// recorder's counts as they are, and its histograms as their bucket counts. A histogram lives in
// its thread's WebAssembly memory, so it crosses as HDR's plain V2 encoding (a few hundred bytes,
// no compression, no base64), its buffer transferred rather than copied, and is added into the
// parent's bucket by bucket: exact, as in one recorder. The encoding keeps buckets, not the exact
// extremes, so each cell's max and min travel beside it. Recorders added up in the parent add
// into one another in memory the same way (a comparison side's rounds, compare/side.ts).
import { addHistogramBytes, encodeBytes, type Histogram } from '../results/histogram.ts';
import { Recorder } from './recorder.ts';
import type { StreamCells } from './stream-cells.ts';

/** A recorder's stream figures (stream-cells.ts), as they cross threads. */
export interface StreamPart {
  firstEvent: Uint8Array[];
  gap: Uint8Array[];
  opened: Float64Array;
  events: Float64Array;
  closeCodes: [number, number][][];
}

export interface HistogramPart {
  bytes: Uint8Array;
  /** Exact max and min (µs) of what was recorded; 0 when nothing was. */
  maxUs: number;
  minUs: number;
}

export interface RecorderPart {
  cells: HistogramPart[];
  reached: Float64Array;
  succeeded: Float64Array;
  failed: Float64Array;
  statusCounts: Float64Array;
  oddStatus: [number, number][][];
  errors: [string, number][][];
  iterationsStarted: Float64Array;
  iterationsSucceeded: Float64Array;
  iterationsFailed: Float64Array;
  /** Runs that recorded a stream only. */
  streams?: StreamPart;
}

export function histogramPart(h: Histogram): HistogramPart {
  const empty = h.totalCount === 0;
  return { bytes: encodeBytes(h), maxUs: empty ? 0 : h.maxValue, minUs: empty ? 0 : h.minNonZeroValue };
}

export function recorderPart(rec: Recorder): RecorderPart {
  return {
    cells: rec.cells.map(histogramPart),
    reached: rec.reached,
    succeeded: rec.succeeded,
    failed: rec.failed,
    statusCounts: rec.statusCounts,
    oddStatus: rec.oddStatus.map((m) => [...m]),
    errors: rec.errors.map((m) => [...m]),
    iterationsStarted: rec.iterationsStarted,
    iterationsSucceeded: rec.iterationsSucceeded,
    iterationsFailed: rec.iterationsFailed,
    ...(rec.streams && { streams: streamPart(rec.streams) }),
  };
}

function streamPart(cells: StreamCells): StreamPart {
  return {
    firstEvent: cells.firstEvent.map(encodeBytes),
    gap: cells.gap.map(encodeBytes),
    opened: cells.opened,
    events: cells.events,
    closeCodes: cells.closeCodes.map((m) => [...m]),
  };
}

/** The buffers a part may hand over to the receiving thread instead of copying them. */
export function transferList(part: RecorderPart): ArrayBuffer[] {
  const arrays = [
    part.reached,
    part.succeeded,
    part.failed,
    part.statusCounts,
    part.iterationsStarted,
    part.iterationsSucceeded,
    part.iterationsFailed,
  ];
  const streams = part.streams ? [part.streams.opened, part.streams.events, ...part.streams.firstEvent, ...part.streams.gap] : [];
  const buffers = [
    ...arrays.map((a) => a.buffer),
    ...part.cells.map((c) => c.bytes.buffer),
    ...streams.map((a) => a.buffer),
  ] as ArrayBuffer[];
  return [...new Set(buffers)];
}

/** Exact extremes per cell, which summed histograms no longer hold (results.ts reads them). */
export interface CellExtremes {
  maxUs: Float64Array;
  minUs: Float64Array;
}

/** A recorder added up from several, with each cell's exact extremes beside it. */
export interface CombinedRecorder {
  recorder: Recorder;
  extremes: CellExtremes;
}

export function emptyCombined(stepCount: number, locationCount: number): CombinedRecorder {
  const n = stepCount * locationCount;
  return {
    recorder: new Recorder(stepCount, locationCount),
    extremes: { maxUs: new Float64Array(n), minUs: new Float64Array(n).fill(Infinity) },
  };
}

/** Several threads' parts added into one recorder, as if one engine had recorded everything. */
export function combineParts(parts: RecorderPart[], stepCount: number, locationCount: number): CombinedRecorder {
  const combined = emptyCombined(stepCount, locationCount);
  for (const part of parts) {
    part.cells.forEach((cell, i) => {
      addHistogramBytes(combined.recorder.cells[i]!, cell.bytes);
      addExtremes(combined.extremes, i, cell.maxUs, cell.minUs);
    });
    addCounts(combined.recorder, part);
    if (part.streams) addStreamPart(combined.recorder.streamCells(), part.streams);
  }
  return combined;
}

/** One combined recorder added into another, in this thread's memory (the comparison's rounds of a side). */
export function addCombined(into: CombinedRecorder, from: CombinedRecorder): void {
  from.recorder.cells.forEach((cell, i) => {
    into.recorder.cells[i]!.add(cell);
    addExtremes(into.extremes, i, from.extremes.maxUs[i]!, from.extremes.minUs[i]!);
  });
  addCounts(into.recorder, from.recorder);
  const streams = from.recorder.streams;
  if (streams) {
    const target = into.recorder.streamCells();
    streams.firstEvent.forEach((h, i) => {
      target.firstEvent[i]!.add(h);
    });
    streams.gap.forEach((h, i) => {
      target.gap[i]!.add(h);
    });
    addStreamCounts(target, streams);
  }
}

function addStreamPart(into: StreamCells, part: StreamPart): void {
  part.firstEvent.forEach((bytes, i) => {
    addHistogramBytes(into.firstEvent[i]!, bytes);
  });
  part.gap.forEach((bytes, i) => {
    addHistogramBytes(into.gap[i]!, bytes);
  });
  addStreamCounts(into, part);
}

function addStreamCounts(
  into: StreamCells,
  from: { opened: Float64Array; events: Float64Array; closeCodes: Iterable<[number, number]>[] },
): void {
  addArray(into.opened, from.opened);
  addArray(into.events, from.events);
  from.closeCodes.forEach((entries, i) => {
    addEntries(into.closeCodes[i]!, entries);
  });
}

function addExtremes(into: CellExtremes, cell: number, maxUs: number, minUs: number): void {
  if (maxUs <= 0) return;
  into.maxUs[cell] = Math.max(into.maxUs[cell]!, maxUs);
  into.minUs[cell] = Math.min(into.minUs[cell]!, minUs);
}

/** The counts of a recorder, or of a part of one: the maps may have crossed threads as lists of entries. */
type Counts = Omit<RecorderPart, 'cells' | 'oddStatus' | 'errors' | 'streams'> & {
  oddStatus: Iterable<[number, number]>[];
  errors: Iterable<[string, number]>[];
};

function addCounts(into: Recorder, from: Counts): void {
  addArray(into.reached, from.reached);
  addArray(into.succeeded, from.succeeded);
  addArray(into.failed, from.failed);
  addArray(into.statusCounts, from.statusCounts);
  addArray(into.iterationsStarted, from.iterationsStarted);
  addArray(into.iterationsSucceeded, from.iterationsSucceeded);
  addArray(into.iterationsFailed, from.iterationsFailed);
  from.oddStatus.forEach((entries, i) => {
    addEntries(into.oddStatus[i]!, entries);
  });
  from.errors.forEach((entries, i) => {
    addEntries(into.errors[i]!, entries);
  });
}

function addArray(into: Float64Array, part: Float64Array): void {
  for (let i = 0; i < into.length; i++) into[i]! += part[i]!;
}

function addEntries<K>(into: Map<K, number>, part: Iterable<[K, number]>): void {
  for (const [key, count] of part) into.set(key, (into.get(key) ?? 0) + count);
}
