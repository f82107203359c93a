// A realistic LoadTestResult for tests of any module (reports, thresholds, merge, outputs).
//
// Usage:
//   makeResult()                                   3 steps, US + DE, 1,200 iterations, 60 s
//   makeResult({ latencyScale: 1.2 })              the same run, 20 % slower
//   makeResult({ locations: { local: 1 } })        one embedded location
//   makeResult({ steps: ['a', 'b'], failRates: [0, 0.5] })
//   makeResult({ run: { interrupted: true } })     any RunInfo field, as given
//
// The counts are consistent the way a real run's are:
// - per location, iterations split by share and add up to the total;
// - the steps form a funnel: an iteration that fails a step does not run the next one, so a
//   step's iteration_count is the previous step's success_count (per location and overall);
// - overall success_count is the last step's successes and fail_count is the rest;
// - per step, status_code_dist + error_dist add up to iteration_count;
// - every step and overall figure is the sum of its location figures.
// Latencies are deterministic (no randomness): snapshots of anything built on this are stable.

import {
  LATENCY_PHASES,
  type LatencyResult,
  type CountDist,
  type LoadTestResult,
  type LocationResult,
  type ResponseTimes,
  type Results,
  type RunInfo,
  type RunStepInfo,
  type SecondSample,
  type StepLocationResult,
  type StepResult,
} from '../../src/types.ts';

export interface ResultFixtureOptions {
  /** run.name. Default 'checkout'. */
  name?: string;
  /** Step names in order; their number sets the step count. Default login, browse catalog, checkout. */
  steps?: string[];
  /** Location → share of iterations. Default { US: 60, DE: 40 }. */
  locations?: Record<string, number>;
  /** Iterations started over the run. Default 1,200. */
  iterations?: number;
  /** Share of a step's iterations that fail (0–1), by step index; cycles when shorter. */
  failRates?: number[];
  /** Multiplies every latency (1.2 = 20 % slower). Default 1. */
  latencyScale?: number;
  /** Default 'https://github.com/acme/shop/actions/runs/42'. */
  test_url?: string;
  /** Merged over the generated run block last (wins over everything above). */
  run?: Partial<RunInfo>;
}

const DEFAULT_STEPS = ['login', 'browse catalog', 'checkout'];
const DEFAULT_LOCATIONS: Record<string, number> = { US: 60, DE: 40 };
const DEFAULT_FAIL_RATES = [0.01, 0.005, 0.03];
/** Median latency (ms) of step i before location and scale factors. */
const BASE_MEDIANS = [120, 80, 300, 150, 60, 220, 95];
/** Where DE and any other location sit against US. */
const LOCATION_FACTORS = [1, 1.4, 1.8, 1.2, 2.1];
const ERROR_REASONS = ['read timeout', 'connection reset by peer', 'assertion: status_code == 200'];
const DURATION_S = 60;
const STARTED_AT = '2025-05-01T12:00:00.000Z';

export function makeResult(options: ResultFixtureOptions = {}): LoadTestResult {
  const stepNames = options.steps ?? DEFAULT_STEPS;
  const shares = options.locations ?? DEFAULT_LOCATIONS;
  const locationNames = Object.keys(shares);
  const perLocation = splitByShare(
    options.iterations ?? 1200,
    locationNames.map((l) => shares[l] ?? 0),
  );
  const failRates = options.failRates ?? DEFAULT_FAIL_RATES;
  const scale = options.latencyScale ?? 1;

  const steps: StepResult[] = [];
  let arriving = perLocation;
  stepNames.forEach((_, i) => {
    const byLocation: Record<string, StepLocationResult> = {};
    locationNames.forEach((location, l) => {
      const base = BASE_MEDIANS[i % BASE_MEDIANS.length] ?? 100;
      const median = base * (LOCATION_FACTORS[l % LOCATION_FACTORS.length] ?? 1) * scale;
      byLocation[location] = stepAtLocation(arriving[l] ?? 0, failRates[i % failRates.length] ?? 0, median, i);
    });
    const step = sumStep(i + 1, Object.values(byLocation), byLocation);
    steps.push(step);
    arriving = locationNames.map((location) => byLocation[location]?.success_count ?? 0);
  });

  const results = overallResults(steps, locationNames, perLocation);
  const responses = steps.reduce((n, s) => n + s.iteration_count, 0);
  const run: RunInfo = {
    mode: 'embedded',
    name: options.name ?? 'checkout',
    started_at: STARTED_AT,
    finished_at: new Date(Date.parse(STARTED_AT) + DURATION_S * 1000).toISOString(),
    duration_s: DURATION_S,
    rps: Math.round((responses / DURATION_S) * 10) / 10,
    late_iterations: 0,
    max_schedule_lag_ms: 0,
    version: '0.1.0',
    steps: stepNames.map((name, i) => stepInfo(i + 1, name)),
    locations: Object.fromEntries(locationNames.map((l) => [l, egress(l)])),
    interrupted: false,
    series: series(results.iteration_count, responses, results.fail_count, results.response_times),
    ...options.run,
  };
  return { test_url: options.test_url ?? 'https://github.com/acme/shop/actions/runs/42', results, run };
}

/** Splits total into integer parts proportional to shares; the parts add up to total. */
function splitByShare(total: number, shares: number[]): number[] {
  const sum = shares.reduce((a, b) => a + b, 0) || 1;
  const parts = shares.map((s) => Math.floor((total * s) / sum));
  const rest = total - parts.reduce((a, b) => a + b, 0);
  if (parts.length > 0) parts[0] = (parts[0] ?? 0) + rest;
  return parts;
}

function stepAtLocation(iterations: number, failRate: number, median: number, stepIndex: number): StepLocationResult {
  const failures = Math.round(iterations * failRate);
  const httpFailures = Math.floor(failures / 2);
  const errorFailures = failures - httpFailures;
  const status_code_dist: CountDist = {};
  const successes = iterations - failures;
  if (successes > 0) status_code_dist[stepIndex === 2 ? '201' : '200'] = successes;
  if (httpFailures > 0) status_code_dist['503'] = httpFailures;
  const error_dist: CountDist = {};
  if (errorFailures > 0) {
    const main = Math.ceil(errorFailures * 0.7);
    error_dist[ERROR_REASONS[stepIndex % ERROR_REASONS.length] ?? 'read timeout'] = main;
    if (errorFailures - main > 0) error_dist['connection refused'] = errorFailures - main;
  }
  return {
    error_dist,
    fail_count: failures,
    success_count: successes,
    response_times: iterations > 0 ? timesFromMedian(median) : zeroTimes(),
    iteration_count: iterations,
    status_code_dist,
    location_dist: {},
  };
}

function timesFromMedian(m: number): ResponseTimes {
  const r = (f: number) => Math.round(m * f);
  return {
    avg: r(1.15),
    max: r(5),
    min: r(0.3),
    p80: r(1.3),
    p90: r(1.6),
    p95: r(2),
    p99: r(3),
    median: r(1),
    stddev: r(0.6),
  };
}

function zeroTimes(): ResponseTimes {
  return { avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 };
}

/** Weighted means for the central figures; max/min over parts. Close enough for a fixture. */
function combineTimes(parts: { n: number; t: ResponseTimes }[]): ResponseTimes {
  const live = parts.filter((p) => p.n > 0);
  const total = live.reduce((a, p) => a + p.n, 0);
  if (total === 0) return zeroTimes();
  const mean = (k: keyof ResponseTimes) => Math.round(live.reduce((a, p) => a + p.t[k] * p.n, 0) / total);
  return {
    avg: mean('avg'),
    max: Math.max(...live.map((p) => p.t.max)),
    min: Math.min(...live.map((p) => p.t.min)),
    p80: mean('p80'),
    p90: mean('p90'),
    p95: mean('p95'),
    p99: mean('p99'),
    median: mean('median'),
    stddev: mean('stddev'),
  };
}

function addDist(into: CountDist, from: CountDist): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

function sumStep(id: number, parts: StepLocationResult[], byLocation: Record<string, StepLocationResult>): StepResult {
  const status_code_dist: CountDist = {};
  const error_dist: CountDist = {};
  for (const p of parts) {
    addDist(status_code_dist, p.status_code_dist);
    addDist(error_dist, p.error_dist);
  }
  return {
    id,
    fail_count: parts.reduce((a, p) => a + p.fail_count, 0),
    success_count: parts.reduce((a, p) => a + p.success_count, 0),
    iteration_count: parts.reduce((a, p) => a + p.iteration_count, 0),
    response_times: combineTimes(parts.map((p) => ({ n: p.iteration_count, t: p.response_times }))),
    status_code_dist,
    error_dist,
    location_dist: byLocation,
  };
}

function overallResults(steps: StepResult[], locationNames: string[], perLocation: number[]): Results {
  const last = steps[steps.length - 1];
  const location_dist: Record<string, LocationResult> = {};
  locationNames.forEach((location, l) => {
    const started = perLocation[l] ?? 0;
    const completed = last?.location_dist[location]?.success_count ?? started;
    const atLocation = steps.flatMap((s) => {
      const p = s.location_dist[location];
      return p ? [{ n: p.iteration_count, t: p.response_times }] : [];
    });
    location_dist[location] = {
      fail_count: started - completed,
      success_count: completed,
      iteration_count: started,
      response_times: combineTimes(atLocation),
    };
  });
  const iterations = perLocation.reduce((a, b) => a + b, 0);
  const successes = Object.values(location_dist).reduce((a, l) => a + l.success_count, 0);
  return {
    steps,
    fail_count: iterations - successes,
    success_count: successes,
    iteration_count: iterations,
    response_times: combineTimes(steps.map((s) => ({ n: s.iteration_count, t: s.response_times }))),
    location_dist,
  };
}

function egress(location: string): string {
  return location === 'local' ? 'direct' : `proxy http://proxy-${location.toLowerCase()}.example:3128`;
}

function stepInfo(id: number, name: string): RunStepInfo {
  const path = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const url = `https://shop.example.com/api/${path}?session={{session}}`;
  return { id, name, method: id === 1 ? 'POST' : 'GET', url };
}

function series(iterations: number, responses: number, failures: number, t: ResponseTimes): SecondSample[] {
  return Array.from({ length: DURATION_S }, (_, s) => ({
    t: s,
    started: Math.round(iterations / DURATION_S),
    responses: Math.round(responses / DURATION_S),
    failures: Math.round(failures / DURATION_S),
    p50: t.median,
    p95: t.p95,
    p99: t.p99,
  }));
}

/** The result with a latency test beside it: one location, EU.DE.FRA, whose name is user text to escape ('Frankfurt <b>'). */
export function withLatency(result: LoadTestResult): LoadTestResult {
  const latency: LatencyResult = {
    target: 'https://example.test/',
    samples: 2,
    locations: {
      'EU.DE.FRA': {
        name: 'Frankfurt <b>',
        egress: 'direct',
        samples: 2,
        failures: 0,
        errors: {},
        status_code: 200,
        phases: Object.fromEntries(
          LATENCY_PHASES.map((p) => [p, { min: 1, avg: 2, median: 2, p95: 3, max: 3 }]),
        ) as LatencyResult['locations'][string]['phases'],
      },
    },
  };
  return { ...result, run: { ...result.run, latency } };
}
