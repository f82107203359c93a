// The value of a threshold metric at one level of a result (overall, a step, a location, a step
// at a location). Pure. A statistic with no sample is undefined, never 0 (docs/verdict.md).
//
// Counts of the 2.5 result are of iterations at the overall and location levels and of requests
// at the step levels (docs/results.md); the HTTP metrics (http_fail_rate, status_Nxx) are always
// of requests, so they are summed from the step cells under a level.
import { decodeHistogram, encodedAt, encodedValue, exactTimes, type HistogramPlace } from '../results/histogram.ts';
import { partRps, percent } from '../rates.ts';
import { isNamedMetric, percentileOf } from '../thresholds/grammar.ts';
import { requestCounts, type RequestCell } from '../results/request-counts.ts';
import { expectedStatuses, runStep } from '../results/run-steps.ts';
import type {
  LoadTestResult,
  ResponseTimes,
  StepLocationResult,
  StepResult,
  StreamFigures,
  StreamMetric,
  ThresholdMetric,
} from '../types.ts';

export interface Level {
  /** How reports name it: `overall`, `step 2 (login)`, `location DE`, `step 2 (login) at DE`. */
  label: string;
  fail_count: number;
  success_count: number;
  iteration_count: number;
  response_times: ResponseTimes;
  cells: RequestCell[];
  /** Where its histogram is in result.histograms, when the result has them. */
  histogram: HistogramPlace;
  /** A streaming step's figures (a step, or a step at a location). */
  stream?: StreamFigures;
}

const CLASS_OF: Partial<Record<ThresholdMetric, 2 | 3 | 4 | 5>> = { status_2xx: 2, status_3xx: 3, status_4xx: 4, status_5xx: 5 };

/**
 * The metric's value in its base unit, or undefined when the level has nothing to measure it on
 * (no response for a time, no request for a rate). `rps` of a scoped level is its share of the
 * run's requests at the run's rate.
 */
export function metricValue(metric: ThresholdMetric, level: Level, result: LoadTestResult, scoped: boolean): number | undefined {
  const requests = requestCounts(level.cells);
  const iterations = level.fail_count + level.success_count;
  switch (metric) {
    case 'fail_rate':
      return percent(level.fail_count, iterations);
    case 'success_rate':
      return percent(level.success_count, iterations);
    case 'http_fail_rate':
      return percent(requests.httpErrors, requests.requests);
    case 'status_2xx':
    case 'status_3xx':
    case 'status_4xx':
    case 'status_5xx':
      return percent(requests.byClass[CLASS_OF[metric]!], requests.requests);
    case 'fail_count':
    case 'success_count':
    case 'iteration_count':
      return level[metric];
    case 'capacity':
      return result.capacity?.max_rate;
    case 'rps':
      if (!scoped) return result.run.rps;
      return partRps(result.run.rps, requests.requests, overallRequests(result));
  }
  if (requests.responses === 0) return undefined;
  // Judged on the histograms' values to the microsecond, not the integer 2.5 fields (docs/verdict.md).
  if (isNamedMetric(metric)) return exactTimes(result.histograms, level.histogram, level.response_times)[metric as keyof ResponseTimes];
  return percentileFromHistogram(percentileOf(metric)!, level, result);
}

/**
 * A time of the streaming steps' figures (`first_event.p95`): from the stream histograms when the
 * result carries them (to the microsecond, any percentile, and over every stream at the overall
 * level), else from the level's `stream` object; undefined when no stream had such an event.
 */
export function streamMetricValue(stream: StreamMetric, metric: ThresholdMetric, level: Level, result: LoadTestResult): number | undefined {
  const encoded = streamHistogramAt(result, stream, level.histogram);
  const named = isNamedMetric(metric) ? (metric as keyof ResponseTimes) : undefined;
  if (encoded !== undefined) return encodedValue(encoded, named ?? percentileOf(metric)!);
  const figures = level.histogram.level === 'overall' ? onlyStreamingStep(result) : level.stream;
  const times = figures?.[stream];
  if (!figures || !times || (stream === 'first_event' ? figures.events === 0 : figures.events <= figures.streams)) return undefined;
  return named === undefined ? percentileInTimes(times, percentileOf(metric)!) : times[named];
}

function streamHistogramAt(result: LoadTestResult, stream: StreamMetric, place: HistogramPlace): string | undefined {
  const levels = result.histograms?.streams?.[stream];
  if (!levels) return undefined;
  if (place.level === 'overall') return levels.overall;
  if (place.level === 'steps') return levels.steps[place.key];
  if (place.level === 'step_locations') return levels.step_locations[place.step]?.[place.location];
  return undefined;
}

/** Without histograms, "every stream" can be read only where one step streams. */
function onlyStreamingStep(result: LoadTestResult): StreamFigures | undefined {
  const streaming = result.results.steps.filter((s) => s.stream !== undefined);
  return streaming.length === 1 ? streaming[0]!.stream : undefined;
}

function percentileInTimes(times: ResponseTimes, percentile: number): number | undefined {
  const known: Record<number, keyof ResponseTimes> = { 50: 'median', 80: 'p80', 90: 'p90', 95: 'p95', 99: 'p99' };
  const key = known[percentile];
  return key === undefined ? undefined : times[key];
}

/** Percentiles outside the 2.5 set come from the run's histograms (µs), to the microsecond. */
function percentileFromHistogram(percentile: number, level: Level, result: LoadTestResult): number | undefined {
  const encoded = encodedAt(result.histograms, level.histogram);
  if (encoded === undefined) return undefined;
  const h = decodeHistogram(encoded);
  try {
    return Math.round(h.getValueAtPercentile(percentile)) / 1000;
  } finally {
    h.destroy();
  }
}

// ---- levels ----

export function stepLabel(result: LoadTestResult, id: number): string {
  const name = runStep(result, id)?.name;
  return name === undefined ? `step ${id}` : `step ${id} (${name})`;
}

function cellOf(result: LoadTestResult, step: StepResult | StepLocationResult, id: number): RequestCell {
  return { ...step, expected: expectedStatuses(result, id) };
}

/** The run's requests, counted once per result: every step's `rps` needs them, and counting them per step was quadratic. */
const OVERALL_REQUESTS = new WeakMap<readonly StepResult[], { length: number; requests: number }>();

function overallRequests(result: LoadTestResult): number {
  const steps = result.results.steps;
  const known = OVERALL_REQUESTS.get(steps);
  if (known !== undefined && known.length === steps.length) return known.requests;
  const requests = requestCounts(overallLevel(result).cells).requests;
  OVERALL_REQUESTS.set(steps, { length: steps.length, requests });
  return requests;
}

export function overallLevel(result: LoadTestResult): Level {
  const r = result.results;
  return { label: 'overall', ...r, cells: r.steps.map((s) => cellOf(result, s, s.id)), histogram: { level: 'overall' } };
}

export function stepLevel(result: LoadTestResult, step: StepResult): Level {
  return {
    label: stepLabel(result, step.id),
    ...step,
    cells: [cellOf(result, step, step.id)],
    histogram: { level: 'steps', key: String(step.id) },
  };
}

export function locationLevel(result: LoadTestResult, location: string): Level | undefined {
  const counts = result.results.location_dist[location];
  if (!counts) return undefined;
  const cells = result.results.steps.flatMap((s) => {
    const cell = s.location_dist[location];
    return cell ? [cellOf(result, cell, s.id)] : [];
  });
  return { label: `location ${location}`, ...counts, cells, histogram: { level: 'locations', key: location } };
}

export function stepLocationLevel(result: LoadTestResult, step: StepResult, location: string): Level | undefined {
  const cell = step.location_dist[location];
  if (!cell) return undefined;
  return {
    label: `${stepLabel(result, step.id)} at ${location}`,
    ...cell,
    cells: [cellOf(result, cell, step.id)],
    histogram: { level: 'step_locations', step: String(step.id), location },
  };
}
