// One hosted run (docs/interface.md 10): environment and test data on the service, start, poll, result.
// The answer is the same shape as an embedded run: the service's 2.5 body untouched, plus `run`,
// plus the service's `histograms` when it sent sound ones (loadgate serve does).
import { createHash } from 'node:crypto';
import { histogramsProblems } from '../engine/results.ts';
import { requestsOf, runBlock, runSteps } from '../engine/run-info.ts';
import { initHistograms } from '../results/histogram.ts';
import {
  DEFAULT_RESULT_PATH,
  resultPathFor,
  ServiceError,
  unexpectedAnswer,
  type Id,
  type LoadTestDetails,
  type ServiceClient,
} from './client.ts';
import { isRecord } from '../json.ts';
import { rateWindowS } from '../rates.ts';
import type {
  Coverage,
  EncodedHistograms,
  Environment,
  LoadTestDefinition,
  LoadTestResult,
  Results,
  RunInfo,
  RunStepInfo,
} from '../types.ts';

export interface HostedDataFile {
  /** The test data set's name in the definition. */
  name: string;
  fileName: string;
  content: Buffer;
}

export interface HostedRunOptions {
  client: ServiceClient;
  definition: LoadTestDefinition;
  dataFiles: HostedDataFile[];
  /** From the start of the test until it must reach a final status. */
  deadlineMs: number;
  /** Default 1000; never below minPollMs. */
  pollIntervalMs?: number;
  /** Floor of the poll interval. Default 1000 (public services allow about 5 GET/s); tests lower it. */
  minPollMs?: number;
  /** After a stop, how long to wait for a final status. Default 30 s. */
  stopWaitMs?: number;
  signal?: AbortSignal;
  /** `api-result-path`: a path template with `<id>`. */
  resultPath?: string;
  log?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** run.steps as the checked test shows them (variables resolved, secrets kept as templates), as embedded runs do; default: the definition's. */
  runSteps?: RunStepInfo[];
}

/** The hosted test could not give a result: failed, too slow, or cancelled before it started. */
export class HostedRunError extends Error {
  readonly testId: Id | undefined;
  readonly testUrl: string | undefined;
  constructor(message: string, testId?: Id, testUrl?: string) {
    super(message);
    this.name = 'HostedRunError';
    this.testId = testId;
    this.testUrl = testUrl;
  }
}

/** No public source names the public service's statuses after `initial` (docs/interface.md 3). */
export const IN_PROGRESS_STATUSES: ReadonlySet<string> = new Set(['initial', 'queued', 'pending', 'running', 'in_progress', 'stopping']);
const KNOWN_FINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'incomplete', 'stopped', 'cancelled', 'failed']);
const FAILED_STATUSES: ReadonlySet<string> = new Set(['failed', 'error', 'errored']);
const DEFAULT_POLL_MS = 1000;
const DEFAULT_STOP_WAIT_MS = 30_000;

interface Context {
  client: ServiceClient;
  log: (message: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export async function runHosted(opts: HostedRunOptions): Promise<LoadTestResult> {
  const ctx: Context = {
    client: opts.client,
    log: opts.log ?? (() => {}),
    sleep: opts.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    now: opts.now ?? Date.now,
  };
  const { definition } = opts;
  const environment = await ensureEnvironment(ctx, definition.environment);
  const testData = await uploadTestData(ctx, definition, opts.dataFiles);
  if (opts.signal?.aborted) throw new HostedRunError('cancelled before the hosted test started');

  const startedMs = ctx.now();
  const created = await ctx.client.startLoadTest({
    name: definition.name,
    config_data: definition.config_data,
    ...(environment === undefined ? {} : { environment }),
    ...(testData.length === 0 ? {} : { test_data: testData }),
  });
  ctx.log(`hosted test ${created.id} started${created.test_url ? `: ${created.test_url}` : ''}`);

  const { details, stoppedByUs } = await pollUntilFinal(ctx, created.id, opts, startedMs);
  const finishedMs = ctx.now();
  const testUrl = details.test_url ?? created.test_url;
  if (FAILED_STATUSES.has(details.status)) {
    const reason = details.failure_reason ?? 'the service gave no failure_reason';
    throw new HostedRunError(
      `hosted test ${created.id} ${details.status}: ${reason}${testUrl ? ` (${testUrl})` : ''}`,
      created.id,
      testUrl,
    );
  }

  // loadgate serve: part of the planned load is missing; the partial result is judged, and can never pass.
  const incomplete = details.status === 'incomplete';
  if (incomplete) ctx.log(`hosted test ${created.id} incomplete: ${details.failure_reason ?? 'part of the planned load is missing'}`);
  const resultPath = incomplete ? acceptingIncomplete(opts.resultPath ?? DEFAULT_RESULT_PATH) : opts.resultPath;
  const body = checkResultBody(await ctx.client.getResult(created.id, resultPath), `GET ${resultPathFor(created.id, resultPath)}`);
  await readPlan(ctx, details, definition);
  const histograms = await serviceHistograms(ctx, body);
  return {
    test_url: typeof body.test_url === 'string' ? body.test_url : (testUrl ?? ''),
    results: body.results,
    run: hostedRun(
      definition,
      body,
      details,
      { startedMs, finishedMs, interrupted: stoppedByUs || details.status === 'stopped' || incomplete },
      opts.runSteps,
    ),
    ...(histograms && { histograms }),
  };
}

/** The result path asking for an incomplete test's partial result, which serve gives only to a client that says it knows the status. */
function acceptingIncomplete(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}accept=incomplete`;
}

/**
 * The service's histograms of every level (not in the interface; loadgate serve sends its
 * engine's), kept when every level of the results has one that decodes, so that any percentile
 * can be judged on the result as on an embedded one. Without them, the log says what is lost.
 */
async function serviceHistograms(ctx: Context, body: ResultBody): Promise<EncodedHistograms | undefined> {
  if (body.histograms === undefined) {
    ctx.log('the service sent no histograms: thresholds on this result can use the median, p80, p90, p95 and p99 only');
    return undefined;
  }
  await initHistograms();
  const [problem, ...more] = histogramsProblems(body.histograms, body.results);
  if (problem === undefined) return body.histograms as EncodedHistograms;
  ctx.log(
    `the service's histograms are left out: ${problem.path}: ${problem.message}${more.length > 0 ? ` (and ${more.length} more)` : ''}`,
  );
  return undefined;
}

/** A list route's records; none when the service has no such route (not in the interface: docs/interface.md 4). */
async function listIfServed<T>(list: () => Promise<T[]>): Promise<T[]> {
  try {
    return await list();
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 404 || error.status === 405)) return [];
    throw error;
  }
}

/** Reuses an environment with the same name and the same vars, else creates one. */
async function ensureEnvironment(ctx: Context, env: Environment | undefined): Promise<Id | undefined> {
  if (!env || env.vars.length === 0) return undefined;
  const existing = await listIfServed(() => ctx.client.listEnvironments());
  const same = existing.find((e) => e.name === env.name && sameVars(e.vars, env.vars));
  if (same) {
    ctx.log(`reusing environment "${env.name}" (id ${same.id})`);
    return same.id;
  }
  const created = await ctx.client.createEnvironment(env);
  ctx.log(`created environment "${env.name}" (id ${created.id})`);
  return created.id;
}

/** Same keys with the same values, in any order. */
export function sameVars(a: Environment['vars'] | undefined, b: Environment['vars']): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  const byKey = new Map(a.map((v) => [v.key, JSON.stringify(v.value)]));
  return b.every((v) => byKey.get(v.key) === JSON.stringify(v.value));
}

/** The same JSON value, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    isRecord(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : Array.isArray(value)
        ? value.map(canonical)
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/**
 * A stored data set is reused when its file has the same SHA-256 (a service that shows one:
 * loadgate serve does) and its name, type and file_config are the same; otherwise the file is
 * uploaded. Without this, every run would leave one more copy of the same file on the service.
 */
async function uploadTestData(ctx: Context, definition: LoadTestDefinition, files: HostedDataFile[]): Promise<Id[]> {
  const ids: Id[] = [];
  const stored = definition.test_data.length === 0 ? [] : await listIfServed(() => ctx.client.listTestData());
  for (const set of definition.test_data) {
    const file = files.find((f) => f.name === set.name);
    if (!file) throw new HostedRunError(`test data set "${set.name}": no file content was given to upload (${set.file})`);
    const sha256 = createHash('sha256').update(file.content).digest('hex');
    const same = stored.find(
      (r) => r.sha256 === sha256 && r.name === set.name && (r.type ?? 'csv') === set.type && sameJson(r.file_config, set.file_config),
    );
    if (same) {
      ctx.log(`reusing test data "${set.name}" (id ${same.id}, same file and file_config)`);
      ids.push(same.id);
      continue;
    }
    const record = await ctx.client.createTestData({
      name: set.name,
      type: set.type,
      file_config: set.file_config,
      fileName: file.fileName,
      content: file.content,
    });
    ctx.log(`uploaded test data "${set.name}" (id ${record.id})`);
    ids.push(record.id);
  }
  return ids;
}

async function pollUntilFinal(
  ctx: Context,
  id: Id,
  opts: HostedRunOptions,
  startedMs: number,
): Promise<{ details: LoadTestDetails; stoppedByUs: boolean }> {
  const interval = Math.max(opts.pollIntervalMs ?? DEFAULT_POLL_MS, opts.minPollMs ?? DEFAULT_POLL_MS);
  const stopWaitMs = opts.stopWaitMs ?? DEFAULT_STOP_WAIT_MS;
  let stopDeadline: number | undefined;
  let lastStatus = '';
  for (;;) {
    const details = await ctx.client.getLoadTest(id);
    if (details.status !== lastStatus) ctx.log(`hosted test ${id}: ${details.status}`);
    lastStatus = details.status;
    if (!IN_PROGRESS_STATUSES.has(details.status)) {
      if (!KNOWN_FINAL_STATUSES.has(details.status)) {
        ctx.log(`hosted test ${id}: status "${details.status}" is not one loadgate knows; treating it as final`);
      }
      return { details, stoppedByUs: stopDeadline !== undefined };
    }
    if (stopDeadline === undefined && opts.signal?.aborted) {
      ctx.log(`cancelled: stopping hosted test ${id}`);
      await requestStop(ctx, id);
      stopDeadline = ctx.now() + stopWaitMs;
    }
    if (stopDeadline === undefined && ctx.now() - startedMs >= opts.deadlineMs) {
      await requestStop(ctx, id);
      throw new HostedRunError(
        `hosted test ${id} did not finish within ${seconds(opts.deadlineMs)} s; it was asked to stop`,
        id,
        details.test_url,
      );
    }
    if (stopDeadline !== undefined && ctx.now() >= stopDeadline) {
      throw new HostedRunError(
        `hosted test ${id} was asked to stop but did not reach a final status within ${seconds(stopWaitMs)} s`,
        id,
        details.test_url,
      );
    }
    await sleepUnlessAborted(ctx.sleep, interval, stopDeadline === undefined ? opts.signal : undefined);
  }
}

/** A stop that fails (the test just finished, say) is logged: the next poll tells what happened. */
async function requestStop(ctx: Context, id: Id): Promise<void> {
  try {
    await ctx.client.stopLoadTest(id);
  } catch (error) {
    ctx.log(`could not stop hosted test ${id}: ${(error as Error).message}`);
  }
}

/** Sleeps, but a cancel wakes the loop at once so the stop goes out without waiting a poll. */
function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const wake = () => resolve();
    signal.addEventListener('abort', wake, { once: true });
    void sleep(ms).then(() => {
      signal.removeEventListener('abort', wake);
      resolve();
    });
  });
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

type ResultBody = { test_url?: unknown; results: Results; run?: unknown; histograms?: unknown };

/** Just enough of 2.5 for thresholds and reports to work on; everything else is kept as sent. */
export function checkResultBody(body: unknown, where: string): ResultBody {
  const fail = (jsonPath: string, expected: string) => unexpectedAnswer(where, jsonPath, expected);
  if (!isRecord(body)) throw fail('$', 'expected a JSON object (docs/interface.md 2.5)');
  const r = body.results;
  if (!isRecord(r)) throw fail('$.results', 'expected an object');
  if (!Array.isArray(r.steps)) throw fail('$.results.steps', 'expected an array');
  for (const key of ['fail_count', 'success_count', 'iteration_count']) {
    if (typeof r[key] !== 'number') throw fail(`$.results.${key}`, 'expected a number');
  }
  r.steps.forEach((step: unknown, i: number) => {
    if (step === null || typeof step !== 'object') throw fail(`$.results.steps[${i}]`, 'expected an object');
    for (const key of ['id', 'fail_count', 'success_count', 'iteration_count']) {
      if (typeof (step as Record<string, unknown>)[key] !== 'number') throw fail(`$.results.steps[${i}].${key}`, 'expected a number');
    }
  });
  const dist = r.location_dist;
  if (!isRecord(dist)) throw fail('$.results.location_dist', 'expected an object');
  return body as ResultBody;
}

/** The plan is optional (a service may not keep one): a 404 is fine, a step count that differs is worth a note. */
async function readPlan(ctx: Context, details: LoadTestDetails, definition: LoadTestDefinition): Promise<void> {
  if (!details.plan_id) return;
  try {
    const plan = await ctx.client.getPlan(details.plan_id);
    const planSteps = plan.config_data?.steps;
    if (Array.isArray(planSteps) && planSteps.length !== definition.config_data.steps.length) {
      ctx.log(`plan ${details.plan_id} has ${planSteps.length} steps, the definition ${definition.config_data.steps.length}`);
    }
  } catch (error) {
    if (!(error instanceof ServiceError && error.status === 404)) throw error;
  }
}

interface RunTimes {
  startedMs: number;
  finishedMs: number;
  interrupted: boolean;
}

/**
 * The hosted run's block: its window and counts from the service's answers (our own clock where
 * the service gave no time), and what the service measured of its run where it sent that.
 */
function hostedRun(
  definition: LoadTestDefinition,
  body: ResultBody,
  details: LoadTestDetails,
  times: RunTimes,
  steps = runSteps(definition),
): RunInfo {
  const startedAt = dateOr(details.started_at, times.startedMs);
  const finishedAt = dateOr(details.finished_at, times.finishedMs);
  const measured = measuredRun(body.run);
  const durationS = Math.max(0, (finishedAt.getTime() - startedAt.getTime()) / 1000);
  const run = runBlock({
    mode: 'hosted',
    name: definition.name,
    startedAt,
    finishedAt,
    durationS,
    // The service's own window when it measured one (its late starts past the plan's end); else the
    // plan's seconds: our clock's window holds the submission and the polling, not the load's time.
    rateWindowS:
      measured.rate_window_s ??
      rateWindowS({ plannedS: definition.config_data.duration, elapsedS: durationS, interrupted: times.interrupted, lastLateStartS: 0 }),
    requests: requestsOf(body.results),
    lateIterations: measured.late_iterations ?? 0,
    maxScheduleLagMs: measured.max_schedule_lag_ms ?? 0,
    steps,
    locations: Object.fromEntries(Object.keys(body.results.location_dist).map((k) => [k, 'hosted'])),
    interrupted: times.interrupted,
    series: measured.series ?? [],
    ...(measured.generator && { generator: measured.generator }),
  });
  return measured.coverage ? { ...run, coverage: measured.coverage } : run;
}

/**
 * What the service measured of its own run, when its answer has it (`loadgate serve` sends its
 * whole run block; the interface does not require one): late starts, the schedule's lag, the
 * seconds its rates are over, the per-second series and the generator's self-monitoring, kept
 * rather than replaced by zeros. A field of another shape is left out, never guessed at.
 */
export function measuredRun(
  run: unknown,
): Partial<Pick<RunInfo, 'late_iterations' | 'max_schedule_lag_ms' | 'rate_window_s' | 'series' | 'generator' | 'coverage'>> {
  if (!isRecord(run)) return {};
  const r = run;
  const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  return {
    ...(count(r.late_iterations) && { late_iterations: r.late_iterations }),
    ...(count(r.max_schedule_lag_ms) && { max_schedule_lag_ms: r.max_schedule_lag_ms }),
    ...(count(r.rate_window_s) && r.rate_window_s > 0 && { rate_window_s: r.rate_window_s }),
    ...(Array.isArray(r.series) && r.series.every((x) => isRecord(x) && count(x.t)) && { series: r.series as RunInfo['series'] }),
    ...(isRecord(r.generator) &&
      typeof r.generator.saturated === 'boolean' && { generator: r.generator as unknown as RunInfo['generator'] }),
    ...(isRecord(r.coverage) &&
      count(r.coverage.measured_pct) &&
      Array.isArray(r.coverage.shards) && { coverage: r.coverage as unknown as Coverage }),
  };
}

/** The service's own timestamp when it gave a readable one, else what we observed. */
function dateOr(value: string | null | undefined, fallbackMs: number): Date {
  return new Date(typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : fallbackMs);
}
