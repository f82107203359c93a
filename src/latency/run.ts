// A latency test (docs/latency.md): N samples per location, locations in parallel and the samples of
// one location one after the other (parallel samples from one place would measure each other).
// Also the two ends of the service answer (docs/interface.md 2.6): the server's flat object made from a
// LatencyResult, and a LatencyResult read back from any service's answer by the hosted client.
import type { Problem } from '../errors.ts';
import { wholeNumber } from '../settings/values.ts';
import { unexpectedAnswer, type ServiceClient } from '../hosted/client.ts';
import { egressLabel } from './locations.ts';
import { probe, type ProbeSample } from './probe.ts';
import {
  LATENCY_PHASES,
  LATENCY_STATS,
  type LatencyAnswerEntry,
  type LatencyLocation,
  type LatencyResult,
  type LocationLatency,
  type PhaseStats,
  type PhaseSummary,
} from '../types.ts';
import { isRecord } from '../json.ts';

export const DEFAULT_SAMPLES = 10;
export const MAX_SAMPLES = 100;
/** Per sample, connection included: the load test's default request timeout. */
export const DEFAULT_SAMPLE_TIMEOUT_MS = 5_000;

export interface LatencyRunOptions {
  /** Samples per location; default DEFAULT_SAMPLES. */
  samples?: number;
  timeoutMs?: number;
  insecure?: boolean;
  /** Certificate authorities to trust instead of the system's (PEM). */
  ca?: string | string[];
  /** Stops the test: samples in flight fail as "cancelled", no new ones start. */
  signal?: AbortSignal;
  /**
   * After this many ms no location starts another sample (each takes at least one), so that a
   * slow or hanging target still gives an answer in time; `samples` says how many were taken.
   */
  budgetMs?: number;
}

export async function runLatency(
  target: string,
  locations: readonly LatencyLocation[],
  options: LatencyRunOptions = {},
): Promise<LatencyResult> {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  const started = performance.now();
  const overBudget = (): boolean => options.budgetMs !== undefined && performance.now() - started >= options.budgetMs;
  const measured = await Promise.all(
    locations.map(async (location) => {
      const taken: ProbeSample[] = [];
      while (taken.length < samples && !options.signal?.aborted && !(taken.length > 0 && overBudget())) {
        taken.push(
          await probe(target, {
            timeoutMs: options.timeoutMs ?? DEFAULT_SAMPLE_TIMEOUT_MS,
            ...(options.insecure === undefined ? {} : { insecure: options.insecure }),
            ...(options.ca === undefined ? {} : { ca: options.ca }),
            ...(location.proxy === undefined ? {} : { proxy: location.proxy }),
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          }),
        );
      }
      return [location.code, summarizeLocation(location.name, egressLabel(location), taken)] as const;
    }),
  );
  return { target, samples, locations: Object.fromEntries(measured) };
}

/** The statistics of one location's samples; phases over the successful ones only. */
export function summarizeLocation(name: string, egress: string, samples: readonly ProbeSample[]): LocationLatency {
  const errors: Record<string, number> = {};
  let statusCode: number | undefined;
  const values: Record<string, number[]> = Object.fromEntries(LATENCY_PHASES.map((p) => [p, []]));
  for (const sample of samples) {
    if (!sample.ok) {
      errors[sample.reason] = (errors[sample.reason] ?? 0) + 1;
      continue;
    }
    statusCode = sample.status_code;
    for (const phase of LATENCY_PHASES) values[phase]!.push(sample.phases[phase]);
  }
  const failures = Object.values(errors).reduce((a, b) => a + b, 0);
  const phases = Object.fromEntries(LATENCY_PHASES.map((p) => [p, phaseStats(values[p] ?? [])])) as PhaseSummary;
  return {
    name,
    egress,
    samples: samples.length,
    failures,
    errors,
    ...(statusCode === undefined ? {} : { status_code: statusCode }),
    phases,
  };
}

/** min, avg, median, p95, max in ms with one decimal; all 0 for no values. */
export function phaseStats(values: readonly number[]): PhaseStats {
  if (values.length === 0) return { min: 0, avg: 0, median: 0, p95: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    min: oneDecimal(sorted[0]!),
    avg: oneDecimal(sum / sorted.length),
    median: oneDecimal(quantile(sorted, 0.5)),
    p95: oneDecimal(quantile(sorted, 0.95)),
    max: oneDecimal(sorted[sorted.length - 1]!),
  };
}

/** Linear interpolation between the closest ranks (the common "type 7"): the median of 1, 2 is 1.5. */
function quantile(sorted: readonly number[], q: number): number {
  const rank = (sorted.length - 1) * q;
  const low = Math.floor(rank);
  const lower = sorted[low]!;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)]!;
  return lower + (upper - lower) * (rank - low);
}

function oneDecimal(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** `latency-samples`: a whole number from 1 to MAX_SAMPLES. */
export function parseSamples(text: string, inputName: string): number | Problem {
  return text.trim() === '' ? DEFAULT_SAMPLES : wholeNumber(text, inputName, { min: 1, max: MAX_SAMPLES });
}

// ---- the service answer ----

/** The flat answer of POST /v1/latency/test/: location code → its object, no null anywhere. */
export function latencyAnswer(result: LatencyResult): Record<string, LatencyAnswerEntry> {
  return Object.fromEntries(Object.entries(result.locations).map(([code, l]) => [code, answerEntry(l)]));
}

function answerEntry(l: LocationLatency): LatencyAnswerEntry {
  const common = {
    name: l.name,
    // A Kubernetes location's pod reaches the target directly from where it runs.
    egress: l.egress.startsWith('proxy') ? ('proxy' as const) : ('direct' as const),
    samples: l.samples,
    failures: l.failures,
    errors: l.errors,
  };
  if (l.status_code === undefined) return { ...common, error: mostFrequent(l.errors) };
  return { ...common, status_code: l.status_code, latency: Math.round(l.phases.total.median), ...l.phases.total, phases: l.phases };
}

function mostFrequent(errors: Record<string, number>): string {
  const [top] = Object.entries(errors).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return top?.[0] ?? 'no samples taken';
}

const ANSWER_WHERE = 'POST /v1/latency/test/';

/** Runs a latency test on the service (POST /v1/latency/test/) and reads its answer. */
export async function runHostedLatency(
  client: Pick<ServiceClient, 'startLatencyTest'>,
  target: string,
  locations: readonly string[],
  samples?: number,
): Promise<LatencyResult> {
  const answer = await client.startLatencyTest({ target, locations: [...locations], ...(samples === undefined ? {} : { samples }) });
  return latencyFromAnswer(target, answer);
}

/**
 * A service's flat answer as a LatencyResult. Other services may send only `status_code` and
 * `latency` (or `error`): what is missing is read as one sample whose every total statistic
 * is `latency`, with the other phases 0.
 */
export function latencyFromAnswer(target: string, answer: Record<string, unknown>): LatencyResult {
  const locations: Record<string, LocationLatency> = {};
  for (const [code, entry] of Object.entries(answer)) locations[code] = locationFromAnswer(code, entry);
  const samples = Math.max(0, ...Object.values(locations).map((l) => l.samples));
  return { target, samples, locations };
}

function locationFromAnswer(code: string, entry: unknown): LocationLatency {
  const at = `$[${JSON.stringify(code)}]`;
  if (!isRecord(entry)) throw unexpectedAnswer(ANSWER_WHERE, at, 'expected an object per location');
  const samples = countOf(entry.samples) ?? 1;
  const common = {
    name: typeof entry.name === 'string' ? entry.name : code,
    egress: typeof entry.egress === 'string' ? entry.egress : 'hosted',
    samples,
  };
  if (typeof entry.error === 'string') {
    const failures = countOf(entry.failures) ?? samples;
    return { ...common, failures, errors: countRecord(entry.errors) ?? { [entry.error]: failures }, phases: phaseSummary(undefined) };
  }
  if (typeof entry.latency !== 'number') throw unexpectedAnswer(ANSWER_WHERE, `${at}.latency`, 'expected a number (or an "error" string)');
  const total = statsOf(entry) ?? { min: entry.latency, avg: entry.latency, median: entry.latency, p95: entry.latency, max: entry.latency };
  const phases = isRecord(entry.phases) ? phaseSummary(entry.phases) : { ...phaseSummary(undefined), total };
  return {
    ...common,
    failures: countOf(entry.failures) ?? 0,
    errors: countRecord(entry.errors) ?? {},
    ...(typeof entry.status_code === 'number' ? { status_code: entry.status_code } : {}),
    phases,
  };
}

function phaseSummary(phases: Record<string, unknown> | undefined): PhaseSummary {
  const zero = phaseStats([]);
  return Object.fromEntries(
    LATENCY_PHASES.map((p) => [p, (isRecord(phases?.[p]) && statsOf(phases[p] as Record<string, unknown>)) || zero]),
  ) as PhaseSummary;
}

function statsOf(record: Record<string, unknown>): PhaseStats | undefined {
  const stats = LATENCY_STATS.map((s) => [s, record[s]] as const);
  return stats.every(([, v]) => typeof v === 'number') ? (Object.fromEntries(stats) as PhaseStats) : undefined;
}

function countRecord(value: unknown): Record<string, number> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, v]) => countOf(v) !== undefined) ? (Object.fromEntries(entries) as Record<string, number>) : undefined;
}

function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
