// What the engine records while it runs. Everything is indexed by cell = step × locations + location,
// in typed arrays sized once, so recording a response allocates nothing: one histogram record per
// cell, and the step, location and overall figures are sums of cells, built when the run ends.
import assert from 'node:assert/strict';
import { encodeHistogram, newHistogram, secondPercentiles, type Histogram } from '../results/histogram.ts';
import type { GeneratorSecond } from './monitor.ts';
import type { SecondSample } from '../types.ts';
import { StreamCells } from './stream-cells.ts';

const STATUS_SLOTS = 600;

export class Recorder {
  readonly stepCount: number;
  readonly locationCount: number;
  readonly cells: Histogram[];
  readonly reached: Float64Array;
  readonly succeeded: Float64Array;
  readonly failed: Float64Array;
  /** Status counts per cell, STATUS_SLOTS wide; codes outside 0..599 go to oddStatus. */
  readonly statusCounts: Float64Array;
  readonly oddStatus: Map<number, number>[];
  readonly errors: Map<string, number>[];
  /** Iteration outcomes per location. */
  readonly iterationsStarted: Float64Array;
  readonly iterationsSucceeded: Float64Array;
  readonly iterationsFailed: Float64Array;
  readonly series: SecondSample[] = [];
  private second: Histogram;
  /** The last closed second's histogram, kept until the next close (closedSecond). */
  private previous: Histogram;
  private secondStarted = 0;
  private secondLate = 0;
  private secondResponses = 0;
  private secondFailures = 0;
  private secondErrors = 0;

  /** Shard runs keep each second's histogram (encoded) so merged series percentiles are exact. */
  private readonly keepSeconds: boolean;
  /** Streaming steps' figures, made when the first stream is recorded (streamCells). */
  streams: StreamCells | null = null;

  /** A second's stream histograms are kept by shard runs and by a thread's share, whose parent adds them up. */
  private readonly keepStreamSeconds: boolean;

  constructor(stepCount: number, locationCount: number, keepSeconds = false, keepStreamSeconds = keepSeconds) {
    this.keepSeconds = keepSeconds;
    this.keepStreamSeconds = keepStreamSeconds;
    this.stepCount = stepCount;
    this.locationCount = locationCount;
    const n = stepCount * locationCount;
    this.cells = Array.from({ length: n }, newHistogram);
    this.reached = new Float64Array(n);
    this.succeeded = new Float64Array(n);
    this.failed = new Float64Array(n);
    this.statusCounts = new Float64Array(n * STATUS_SLOTS);
    this.oddStatus = Array.from({ length: n }, () => new Map());
    this.errors = Array.from({ length: n }, () => new Map());
    this.iterationsStarted = new Float64Array(locationCount);
    this.iterationsSucceeded = new Float64Array(locationCount);
    this.iterationsFailed = new Float64Array(locationCount);
    this.second = newHistogram();
    this.previous = newHistogram();
  }

  /** The histogram of the second closeSecond closed last: valid until the next close. */
  get closedSecond(): Histogram {
    return this.previous;
  }

  /** An iteration started; late: more than the late threshold behind its planned time. */
  iterationStarted(location: number, late: boolean): void {
    this.iterationsStarted[location]!++;
    this.secondStarted++;
    if (late) this.secondLate++;
  }

  iterationEnded(location: number, ok: boolean): void {
    if (ok) this.iterationsSucceeded[location]!++;
    else this.iterationsFailed[location]!++;
  }

  stepReached(cell: number): void {
    this.reached[cell]!++;
  }

  /** A response arrived: its time counts, whatever its status; `error`: a status the step's assertions do not expect (≥ 400). */
  response(cell: number, micros: number, status: number, error = false): void {
    const us = micros < 1 ? 1 : Math.round(micros);
    this.cells[cell]!.recordValue(us);
    this.second.recordValue(us);
    this.secondResponses++;
    if (error) this.secondErrors++;
    if (status >= 0 && status < STATUS_SLOTS) this.statusCounts[cell * STATUS_SLOTS + status]!++;
    else this.oddStatus[cell]!.set(status, (this.oddStatus[cell]!.get(status) ?? 0) + 1);
  }

  /** A request got no response (a stop's cancellation aside): an error of this second, as an error status is. */
  noResponse(): void {
    this.secondErrors++;
  }

  stepSucceeded(cell: number): void {
    this.succeeded[cell]!++;
  }

  stepFailed(cell: number, reason: string): void {
    this.failed[cell]!++;
    this.secondFailures++;
    const errors = this.errors[cell]!;
    errors.set(reason, (errors.get(reason) ?? 0) + 1);
  }

  statusDist(cell: number): Record<string, number> {
    const dist: Record<string, number> = {};
    const base = cell * STATUS_SLOTS;
    for (let code = 0; code < STATUS_SLOTS; code++) {
      const count = this.statusCounts[base + code]!;
      if (count > 0) dist[String(code)] = count;
    }
    for (const [code, count] of this.oddStatus[cell]!) dist[String(code)] = count;
    return dist;
  }

  /** Median response time (ms) of the current second, or of the last one before it has minCount; null before either has. */
  recentMedianMs(minCount: number): number | null {
    if (this.second.totalCount >= minCount) return this.second.getValueAtPercentile(50) / 1000;
    const last = this.series.at(-1);
    return last && last.responses >= minCount ? last.p50 : null;
  }

  /** Closes second `t` of the series (latencies in fractional ms), with what the generator measured of itself. */
  closeSecond(t: number, generator?: GeneratorSecond & { sockets: number }): SecondSample {
    const h = this.second;
    // Once a second, never per request: a broken count would silently falsify the series.
    assert.equal(h.totalCount, this.secondResponses, "a second's histogram holds one value per response");
    assert.ok(this.secondLate <= this.secondStarted, "a second's late starts are among its starts");
    const sample: SecondSample = {
      t,
      started: this.secondStarted,
      responses: this.secondResponses,
      failures: this.secondFailures,
      errors: this.secondErrors,
      ...secondPercentiles(h),
      late: this.secondLate,
      ...generator,
    };
    if (this.keepSeconds) sample.histogram = encodeHistogram(h);
    if (this.streams) sample.stream = this.streams.closeSecond(this.keepStreamSeconds);
    this.series.push(sample);
    // The two swap: the closed second stays readable until the next close, and nothing is allocated.
    this.previous.reset();
    this.second = this.previous;
    this.previous = h;
    this.secondStarted = 0;
    this.secondLate = 0;
    this.secondResponses = 0;
    this.secondFailures = 0;
    this.secondErrors = 0;
    return sample;
  }

  /** The stream figures' cells, made on first use. */
  streamCells(): StreamCells {
    return (this.streams ??= new StreamCells(this.cells.length));
  }

  /** Frees the WebAssembly memory of the histograms. */
  destroy(): void {
    this.streams?.destroy();
    for (const h of this.cells) h.destroy();
    this.second.destroy();
    this.previous.destroy();
  }
}
