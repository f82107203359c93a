// HDR histograms of response times in microseconds. WebAssembly histograms with 32-bit buckets:
// the fastest to record into (18–26 ns), and 8/16-bit buckets overflow silently (p50 and p99 read 0 after 65,535 counts in one bucket).
import * as hdr from 'hdr-histogram-js';
import type { EncodedHistograms, ResponseTimes } from '../types.ts';

export type Histogram = hdr.Histogram;

let wasmReady: Promise<void> | undefined;
let wasmLoaded = false;

/** Must be awaited once before any histogram is built. */
export function initHistograms(): Promise<void> {
  wasmReady ??= hdr.initWebAssembly().then(() => {
    wasmLoaded = true;
  });
  return wasmReady;
}

export function newHistogram(): Histogram {
  return hdr.build({
    bitBucketSize: 32,
    useWebAssembly: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    autoResize: true,
    numberOfSignificantValueDigits: 3,
  });
}

/** Adds histograms into a new one (exact: bucket counts are summed, never averaged). */
export function sumHistograms(parts: Histogram[]): Histogram {
  const total = newHistogram();
  for (const part of parts) total.add(part);
  return total;
}

const ZERO_TIMES: ResponseTimes = { avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 };

/** The interface's response_times (integer ms) from a histogram of microseconds. */
export function responseTimesOf(h: Histogram): ResponseTimes {
  return timesOf(h, (us) => Math.round(us / 1000));
}

/** A second's p50, p95 and p99 (fractional ms, to the µs) from a histogram of microseconds; 0 when it is empty. */
export function secondPercentiles(h: Histogram): { p50: number; p95: number; p99: number } {
  const ms = (p: number): number => (h.totalCount === 0 ? 0 : Math.round(h.getValueAtPercentile(p)) / 1000);
  return { p50: ms(50), p95: ms(95), p99: ms(99) };
}

/** Where one level's histogram is in a result's `histograms`. */
export type HistogramPlace =
  | { level: 'overall' }
  | { level: 'steps'; key: string }
  | { level: 'locations'; key: string }
  | { level: 'step_locations'; step: string; location: string };

export function encodedAt(histograms: EncodedHistograms | undefined, place: HistogramPlace): string | undefined {
  if (!histograms) return undefined;
  if (place.level === 'overall') return histograms.overall;
  if (place.level === 'step_locations') return histograms.step_locations[place.step]?.[place.location];
  return place.level === 'steps' ? histograms.steps[place.key] : histograms.locations[place.key];
}

/**
 * A level's response times in ms to the microsecond, from its histogram when the result carries
 * one: what thresholds judge and reports show (docs/verdict.md), so that a 0.56 ms median is not
 * judged or shown as the 1 ms of the integer `response_times`. Without a histogram (hosted and
 * comparison results, older files), the integer fields as they are.
 */
export function exactTimes(histograms: EncodedHistograms | undefined, place: HistogramPlace, integer: ResponseTimes): ResponseTimes {
  const encoded = encodedAt(histograms, place);
  if (encoded === undefined) return integer;
  // The WebAssembly histogram reads several times faster (the JavaScript one takes tens of ms for
  // a standard deviation); the JavaScript one serves where no run has loaded the module.
  const h = hdr.decodeFromCompressedBase64(encoded, 32, wasmLoaded);
  try {
    return timesOf(h, (us) => Math.round(us) / 1000);
  } finally {
    h.destroy();
  }
}

/**
 * A value of an encoded histogram in ms to the microsecond: a named time (avg, median, …) or a
 * percentile; undefined when it holds no sample.
 */
export function encodedValue(encoded: string, metric: keyof ResponseTimes | number): number | undefined {
  const h = hdr.decodeFromCompressedBase64(encoded, 32, wasmLoaded);
  try {
    if (h.totalCount === 0) return undefined;
    if (typeof metric === 'number') return Math.round(h.getValueAtPercentile(metric)) / 1000;
    return timesOf(h, (us) => Math.round(us) / 1000)[metric];
  } finally {
    h.destroy();
  }
}

function timesOf(h: Histogram, ms: (us: number) => number): ResponseTimes {
  if (h.totalCount === 0) return { ...ZERO_TIMES };
  return {
    avg: ms(h.mean),
    max: ms(h.maxValue),
    min: ms(h.minNonZeroValue),
    p80: ms(h.getValueAtPercentile(80)),
    p90: ms(h.getValueAtPercentile(90)),
    p95: ms(h.getValueAtPercentile(95)),
    p99: ms(h.getValueAtPercentile(99)),
    median: ms(h.getValueAtPercentile(50)),
    stddev: ms(h.stdDeviation),
  };
}

export function encodeHistogram(h: Histogram): string {
  return hdr.encodeIntoCompressedBase64(h);
}

export function decodeHistogram(base64: string): Histogram {
  return hdr.decodeFromCompressedBase64(base64, 32, true);
}

/** Adds an encoded histogram into `into` and returns how many values it held, or why it does not decode. */
export function addDecoded(into: Histogram, encoded: string): number | string {
  let part: Histogram;
  try {
    part = decodeHistogram(encoded);
  } catch (error) {
    return `expected an HdrHistogram in compressed base64 (V2), but it does not decode: ${(error as Error).message}`;
  }
  into.add(part);
  const values = part.totalCount;
  part.destroy();
  return values;
}

/**
 * HDR's plain V2 encoding (no compression, no base64): how a histogram crosses to another thread
 * (parts.ts). Our histograms are WebAssembly ones, whose `encode` the Histogram type does not list.
 */
export function encodeBytes(h: Histogram): Uint8Array {
  return (h as Histogram & { encode(): Uint8Array }).encode();
}

export function decodeBytes(bytes: Uint8Array): Histogram {
  return hdr.WasmHistogram.decode(bytes, 32);
}

/** Adds a histogram's plain bytes (encodeBytes) into `into`, bucket by bucket. */
export function addHistogramBytes(into: Histogram, bytes: Uint8Array): void {
  const part = decodeBytes(bytes);
  into.add(part);
  part.destroy();
}
