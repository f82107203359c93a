// Turns what the recorder holds into the interface's `results` (docs/interface.md 2.5, docs/results.md). Step, location and
// overall response times come from histograms added cell by cell, so every level is exact.
import { decodeHistogram, encodeHistogram, responseTimesOf, sumHistograms, type Histogram } from '../results/histogram.ts';
import type { Problem } from '../errors.ts';
import { isRecord, member } from '../json.ts';
import type { Recorder } from './recorder.ts';
import type { CellExtremes } from './parts.ts';
import type {
  CountDist,
  EncodedHistograms,
  LocationResult,
  Results,
  StepLocationResult,
  StepResult,
  StreamFigures,
  StreamHistograms,
} from '../types.ts';
import type { StreamCells } from './stream-cells.ts';

function addInto(total: CountDist, part: CountDist): void {
  for (const [key, count] of Object.entries(part)) total[key] = (total[key] ?? 0) + count;
}

/**
 * Response times of the sum of some cells. Histograms added up from other threads' encodings
 * (parts.ts) hold buckets, not the exact extremes: those come from `extremes` when given.
 */
function timesOfCells(rec: Recorder, cells: number[], extremes?: CellExtremes) {
  const sum = sumHistograms(cells.map((cell) => rec.cells[cell]!));
  const times = responseTimesOf(sum);
  const empty = sum.totalCount === 0;
  sum.destroy();
  if (!extremes || empty) return times;
  const ms = (us: number): number => Math.round(us / 1000);
  return {
    ...times,
    max: ms(Math.max(...cells.map((cell) => extremes.maxUs[cell]!))),
    min: ms(Math.min(...cells.map((cell) => extremes.minUs[cell]!))),
  };
}

function stepLocationResult(rec: Recorder, cell: number, extremes?: CellExtremes, streaming = false): StepLocationResult {
  return {
    error_dist: Object.fromEntries(rec.errors[cell]!),
    fail_count: rec.failed[cell]!,
    success_count: rec.succeeded[cell]!,
    response_times: timesOfCells(rec, [cell], extremes),
    iteration_count: rec.reached[cell]!,
    status_code_dist: rec.statusDist(cell),
    location_dist: {},
    ...(streaming && { stream: streamFigures(rec.streamCells(), [cell]) }),
  };
}

/** A streaming step's figures over some of its cells: counts summed, histograms added (docs/results.md). */
function streamFigures(streams: StreamCells, cells: number[]): StreamFigures {
  const timesOf = (hs: Histogram[]) => {
    const sum = sumHistograms(cells.map((cell) => hs[cell]!));
    const times = responseTimesOf(sum);
    sum.destroy();
    return times;
  };
  const codes: CountDist = {};
  for (const cell of cells) for (const [code, count] of streams.closeCodes[cell]!) codes[String(code)] = (codes[String(code)] ?? 0) + count;
  return {
    streams: cells.reduce((n, cell) => n + streams.opened[cell]!, 0),
    events: cells.reduce((n, cell) => n + streams.events[cell]!, 0),
    first_event: timesOf(streams.firstEvent),
    gap: timesOf(streams.gap),
    ...(Object.keys(codes).length > 0 && { close_code_dist: codes }),
  };
}

function stepResult(
  rec: Recorder,
  step: number,
  stepId: number,
  locations: string[],
  extremes?: CellExtremes,
  streaming = false,
): StepResult {
  const cells = locations.map((_, loc) => step * rec.locationCount + loc);
  const byLocation = cells.map((cell) => stepLocationResult(rec, cell, extremes, streaming));
  const status: CountDist = {};
  const errors: CountDist = {};
  for (const part of byLocation) {
    addInto(status, part.status_code_dist);
    addInto(errors, part.error_dist);
  }
  return {
    id: stepId,
    fail_count: byLocation.reduce((n, p) => n + p.fail_count, 0),
    success_count: byLocation.reduce((n, p) => n + p.success_count, 0),
    iteration_count: byLocation.reduce((n, p) => n + p.iteration_count, 0),
    response_times: timesOfCells(rec, cells, extremes),
    status_code_dist: status,
    error_dist: errors,
    location_dist: Object.fromEntries(locations.map((name, loc) => [name, byLocation[loc]!])),
    ...(streaming && { stream: streamFigures(rec.streamCells(), cells) }),
  };
}

function locationResult(rec: Recorder, loc: number, extremes?: CellExtremes): LocationResult {
  const cells: number[] = [];
  for (let step = 0; step < rec.stepCount; step++) cells.push(step * rec.locationCount + loc);
  return {
    fail_count: rec.iterationsFailed[loc]!,
    success_count: rec.iterationsSucceeded[loc]!,
    iteration_count: rec.iterationsStarted[loc]!,
    response_times: timesOfCells(rec, cells, extremes),
  };
}

/**
 * Overall and per-location counts are of iterations (an iteration fails when one of its steps
 * fails); response times at every level are of requests (docs/results.md).
 */
export function buildResults(
  rec: Recorder,
  stepIds: number[],
  locations: string[],
  extremes?: CellExtremes,
  streaming?: readonly boolean[],
): Results {
  const sum = (a: Float64Array): number => a.reduce((n, v) => n + v, 0);
  return {
    steps: stepIds.map((id, step) => stepResult(rec, step, id, locations, extremes, streaming?.[step] === true)),
    fail_count: sum(rec.iterationsFailed),
    success_count: sum(rec.iterationsSucceeded),
    iteration_count: sum(rec.iterationsStarted),
    response_times: timesOfCells(
      rec,
      rec.cells.map((_, cell) => cell),
      extremes,
    ),
    location_dist: Object.fromEntries(locations.map((name, loc) => [name, locationResult(rec, loc, extremes)])),
  };
}

function encodeSum(parts: Histogram[]): string {
  const sum = sumHistograms(parts);
  const encoded = encodeHistogram(sum);
  sum.destroy();
  return encoded;
}

/** A stream figure's histograms: over the streaming steps, per streaming step, per step × location. */
function encodeStreamHistograms(
  rec: Recorder,
  of: Histogram[],
  stepIds: number[],
  locations: string[],
  streaming: readonly boolean[],
): StreamHistograms {
  const steps = stepIds.flatMap((id, step) =>
    streaming[step] ? [{ id, cells: locations.map((_, loc) => of[step * rec.locationCount + loc]!) }] : [],
  );
  return {
    overall: encodeSum(steps.flatMap((s) => s.cells)),
    steps: Object.fromEntries(steps.map((s) => [String(s.id), encodeSum(s.cells)])),
    step_locations: Object.fromEntries(
      steps.map((s) => [String(s.id), Object.fromEntries(locations.map((name, loc) => [name, encodeHistogram(s.cells[loc]!)]))]),
    ),
  };
}

/** A shard's histograms at every level, for an exact merge (docs/results.md, shard files). */
export function encodeHistograms(rec: Recorder, stepIds: number[], locations: string[], streaming?: readonly boolean[]): EncodedHistograms {
  const cell = (step: number, loc: number): Histogram => rec.cells[step * rec.locationCount + loc]!;
  const steps = stepIds.map((_, step) => locations.map((__, loc) => cell(step, loc)));
  const byLocation = locations.map((_, loc) => stepIds.map((__, step) => cell(step, loc)));
  const streams = streaming?.some(Boolean) ? rec.streamCells() : null;
  return {
    ...(streams && {
      streams: {
        first_event: encodeStreamHistograms(rec, streams.firstEvent, stepIds, locations, streaming!),
        gap: encodeStreamHistograms(rec, streams.gap, stepIds, locations, streaming!),
      },
    }),
    overall: encodeSum(rec.cells),
    steps: Object.fromEntries(stepIds.map((id, step) => [String(id), encodeSum(steps[step]!)])),
    locations: Object.fromEntries(locations.map((name, loc) => [name, encodeSum(byLocation[loc]!)])),
    step_locations: Object.fromEntries(
      stepIds.map((id, step) => [String(id), Object.fromEntries(locations.map((name, loc) => [name, encodeHistogram(cell(step, loc))]))]),
    ),
  };
}

/**
 * What is wrong with a `histograms` block that comes from elsewhere (a service's answer), for the
 * results it claims to go with: every level present for every step and location of the results,
 * each a histogram that decodes. Empty when it can stand beside them as this engine's would.
 * Callers await initHistograms() first.
 */
export function histogramsProblems(value: unknown, results: Results): Problem[] {
  if (!isRecord(value)) return [{ path: '$.histograms', message: 'expected an object' }];
  const steps = results.steps.map((step) => String(step.id));
  const locations = Object.keys(results.location_dist);
  const wanted: [string, unknown][] = [
    ['$.histograms.overall', value.overall],
    ...steps.map((id): [string, unknown] => [`$.histograms.steps${member(id)}`, isRecord(value.steps) ? value.steps[id] : undefined]),
    ...locations.map((name): [string, unknown] => [
      `$.histograms.locations${member(name)}`,
      isRecord(value.locations) ? value.locations[name] : undefined,
    ]),
    ...results.steps.flatMap((step) =>
      Object.keys(step.location_dist).map((name): [string, unknown] => {
        const byLocation = isRecord(value.step_locations) ? value.step_locations[String(step.id)] : undefined;
        return [
          `$.histograms.step_locations${member(String(step.id))}${member(name)}`,
          isRecord(byLocation) ? byLocation[name] : undefined,
        ];
      }),
    ),
  ];
  return wanted.flatMap(([path, encoded]) =>
    decodes(encoded) ? [] : [{ path, message: 'expected an encoded HdrHistogram (compressed base64) for this level of the results' }],
  );
}

function decodes(encoded: unknown): boolean {
  if (typeof encoded !== 'string') return false;
  try {
    decodeHistogram(encoded).destroy();
    return true;
  } catch {
    return false;
  }
}
