// What one engine thread of several hands back (workers.ts), and how the parent adds it up: the
// recorder's counts as they are, and its histograms as their bucket counts. A histogram lives in
// its thread's WebAssembly memory, so it crosses as HDR's plain V2 encoding (a few hundred bytes,
// no compression, no base64), its buffer transferred rather than copied, and is added into the
// parent's bucket by bucket: exact, as in one recorder. The encoding keeps buckets, not the exact
// extremes, so each cell's max and min travel beside it.
import { decodeBytes, encodeBytes, type Histogram } from './histogram.ts';
import { Recorder } from './recorder.ts';

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
  };
}

/** The buffers a part may hand over to the receiving thread instead of copying them. */
export function transferList(part: RecorderPart): ArrayBuffer[] {
  const arrays = [part.reached, part.succeeded, part.failed, part.statusCounts, part.iterationsStarted, part.iterationsSucceeded, part.iterationsFailed];
  const buffers = [...arrays.map((a) => a.buffer), ...part.cells.map((c) => c.bytes.buffer)] as ArrayBuffer[];
  return [...new Set(buffers)];
}

/** Adds an encoded histogram into `into`, bucket by bucket. */
export function addHistogramBytes(into: Histogram, bytes: Uint8Array): void {
  const part = decodeBytes(bytes);
  into.add(part);
  part.destroy();
}

const addArray = (into: Float64Array, part: Float64Array): void => {
  for (let i = 0; i < into.length; i++) into[i]! += part[i]!;
};

const addCounts = <K>(into: Map<K, number>, part: [K, number][]): void => {
  for (const [key, count] of part) into.set(key, (into.get(key) ?? 0) + count);
};

/** Exact extremes per cell, which the summed histograms no longer hold (results.ts reads them). */
export interface CellExtremes {
  maxUs: Float64Array;
  minUs: Float64Array;
}

/** Several threads' parts added into one recorder, as if one engine had recorded everything. */
export function combineParts(parts: RecorderPart[], stepCount: number, locationCount: number): { recorder: Recorder; extremes: CellExtremes } {
  const recorder = new Recorder(stepCount, locationCount);
  const n = stepCount * locationCount;
  const extremes: CellExtremes = { maxUs: new Float64Array(n), minUs: new Float64Array(n).fill(Infinity) };
  for (const part of parts) {
    part.cells.forEach((cell, i) => {
      addHistogramBytes(recorder.cells[i]!, cell.bytes);
      if (cell.maxUs > 0) {
        extremes.maxUs[i] = Math.max(extremes.maxUs[i]!, cell.maxUs);
        extremes.minUs[i] = Math.min(extremes.minUs[i]!, cell.minUs);
      }
    });
    addArray(recorder.reached, part.reached);
    addArray(recorder.succeeded, part.succeeded);
    addArray(recorder.failed, part.failed);
    addArray(recorder.statusCounts, part.statusCounts);
    addArray(recorder.iterationsStarted, part.iterationsStarted);
    addArray(recorder.iterationsSucceeded, part.iterationsSucceeded);
    addArray(recorder.iterationsFailed, part.iterationsFailed);
    part.oddStatus.forEach((entries, i) => addCounts(recorder.oddStatus[i]!, entries));
    part.errors.forEach((entries, i) => addCounts(recorder.errors[i]!, entries));
  }
  return { recorder, extremes };
}
