// The report model: what a reader of any surface sees, made once from the result, its judgement
// and the sections a mode adds (baseline, shards, comparison, latency test). The terminal,
// Markdown (comment and summary) and HTML renderers only format it, so every surface shows the
// same verdict, checks and figures. Figures are formatted here; user text (names, URLs, status
// keys, reasons) stays raw, for each renderer to escape and shorten in its own way.

import type { Comparison } from '../results/comparison.ts';
import type {
  CapacityInfo,
  ExtraCheck,
  Judgement,
  LatencyResult,
  LoadTestResult,
  ResponseTimes,
  SecondSample,
  ShardSummary,
  StepResult,
  StreamMetric,
  ThresholdMetric,
} from '../types.ts';
import { encodedValue } from '../results/histogram.ts';
import {
  compareToBaseline,
  describeChange,
  changeVerdict,
  findChange,
  type BaselineMetric,
  type ChangeVerdict,
  type MetricChange,
} from './baseline.ts';
import { failedSteps, historySection, type HistorySection, type HistoryView } from './history.ts';
import { failRatePct, percent } from '../rates.ts';
import { requestCounts, stepCell, type RequestCell, type RequestCounts } from '../results/request-counts.ts';
import { runStep, stepDisplayName } from '../results/run-steps.ts';
import { formatCount, formatDuration, formatMetric, formatMs, formatPercent, formatRate, formatTimestamp } from './figures.ts';
import { egressOf, NO_RESPONSE, plural, requestLabel, responseCount, statusCounts, timesToShow, type StatusCount } from './format.ts';

/** Text with the user's pieces marked, so that each renderer escapes only those. */
export type Text = readonly (string | { user: string })[];

export type VerdictStatus = 'passed' | 'failed' | 'incomplete';

/** A figure as every surface shows it, with its change since the baseline when there is one. */
export interface Figure {
  text: string;
  change?: { text: string; verdict: ChangeVerdict };
}

export interface CheckRow {
  /** User text: descriptions carry step and location names. */
  name: string;
  actual: string;
  /** The limit as written for thresholds (`< 500 ms`); '' for other checks. */
  limit: string;
  result: 'passed' | 'failed' | 'warning';
}

/**
 * The counts and times of one level (the run, a step, a location, a step at a location). Errors
 * lead: the requests without a 2xx/3xx answer, as http_fail_rate counts them (transport failures
 * and error statuses the step's assertions do not expect). successes, failures and failRate are
 * the 2.5 counts (iterations overall and per location, requests per step), which leave error
 * statuses out (docs/results.md, "Errors").
 */
export interface LevelFigures {
  iterations: string;
  successes: string;
  failures: string;
  failRate: Figure;
  /** Requests sent, those cancelled by a stop left out. */
  requests: string;
  errors: string;
  /** The errors' share of the requests (http_fail_rate); `—` without a request. */
  errorRate: Figure;
  /** `20 HTTP errors`, `3 transport failures`, or both apart; '' without errors. */
  errorKinds: string;
  /** The errors in one phrase: `no errors`, `20 HTTP errors (50 %)`, `23 errors (57.5 %): 3 transport failures, 20 HTTP errors`. */
  errorSummary: string;
  /** The level had an error (a renderer marks it). */
  hasErrors: boolean;
  /** False when the level got no response: its times read `—`. */
  responded: boolean;
  avg: Figure;
  p50: Figure;
  p90: Figure;
  p95: Figure;
  p99: Figure;
  max: Figure;
  stddev: Figure;
  /** The numbers behind the times, for charts. */
  times: ResponseTimes;
}

export interface StepRow extends LevelFigures {
  id: number;
  name: string;
  /** `GET /api/login`: the path only (a query string can hold secrets). */
  request: string;
  /** Only in this run, not in the baseline. */
  isNew: boolean;
  status: StatusCount[];
  /** A streaming step's figures (docs/streaming.md), shown beside its response times. */
  stream?: StreamRow;
}

/** A streaming step as reports show it: counts, and the time to the first event and the gaps in ms (`—` without one). */
export interface StreamRow {
  streams: string;
  events: string;
  firstEvent: { p50: string; p95: string; p99: string };
  gap: { p50: string; p95: string; p99: string };
  /** WebSocket close codes, most frequent first: `1000 × 20`. */
  closeCodes: string;
}

export interface LocationRow extends LevelFigures {
  name: string;
  /** How it sent (`direct`, `proxy http://host:port`), credentials left out. */
  egress: string;
}

export interface StepLocationRow extends LevelFigures {
  stepName: string;
  location: string;
}

/** One entry of a step's status codes or errors, most frequent first within the step. */
export interface CountRow {
  stepId: number;
  stepName: string;
  key: string;
  count: number;
  /** Of the step's responses (status codes) or of its errors. */
  share: number;
  /** Status codes: an error status the step's assertions do not expect. */
  error: boolean;
  /** Errors: the step's `host:port`, so that "connection refused" says where (absent when its URL is not one yet). */
  target?: string;
}

/** An entry of a step's errors: no response (`transport`), an error status (`http`), a failed assertion or capture (`check`). */
export interface ErrorRow extends CountRow {
  kind: 'transport' | 'http' | 'check';
}

export interface ShardsModel {
  /** `3 shards merged; all started together.` or which started late. */
  headline: string;
  late: boolean;
  shards: { index: number; file: string; started: string; startLag: string; iterations: string; late: boolean }[];
}

export interface LatencySection {
  result: LatencyResult;
  /** Its thresholds' checks, as the judgement has them. */
  outcomes: readonly ExtraCheck[];
}

export interface ReportModel {
  name: string;
  verdict: { status: VerdictStatus; text: Text };
  /**
   * `1,200 iterations in 1m (20 it/s)` (over the seconds the rates are over, run.rate_window_s),
   * `3,600 requests (60 req/s)`, `3 steps`, `mode embedded`, `2 locations: US, DE`.
   */
  context: Text[];
  /** Late iterations, with their cause as the judgement's generator check found it: a warning when less load was applied. */
  late?: { text: string; warning: boolean };
  checks: CheckRow[];
  /** Beside the checks: the user's fail_rate threshold does not count error statuses (and no threshold on http_fail_rate does). */
  thresholdNote?: string;
  /** `throughput`: requests per second (run.rps); `iterationRate`: iterations per second over the same seconds. */
  overall: { figures: LevelFigures; throughput: Figure; iterationRate: string; duration: string; baselineStartedAt?: string };
  steps: StepRow[];
  /** Steps of the baseline that did not run any more. */
  removedSteps: { id: number; name: string }[];
  /** Undefined when the only location is `local`, where the table would repeat the overall figures. */
  locations?: LocationRow[];
  stepLocations: StepLocationRow[];
  statusCodes: CountRow[];
  /** Error statuses (`HTTP 500`) beside the errors of error_dist, each step's most frequent first; empty only when there were none. */
  errors: ErrorRow[];
  /** Each second of the run; empty for runs without per-second samples. */
  timeline: readonly SecondSample[];
  shards?: ShardsModel;
  comparison?: Comparison;
  latency?: LatencySection;
  /** A capacity search's answer and probes (docs/capacity.md). */
  capacity?: CapacityInfo;
  /** Earlier runs of the test (--history): the trend and its charts (docs/history.md). */
  history?: HistorySection;
  links: { fullReport?: string; htmlReport?: string };
  about: { version: string; mode: string; startedAt: string; finishedAt: string; definitionFile?: string };
}

export interface ReportSource {
  result: LoadTestResult;
  /** The verdict, judged once (src/verdict/judge.ts): rendered, never recomputed. */
  judgement: Judgement;
  /** An earlier run to show changes against (the `baseline` input). */
  baseline?: LoadTestResult;
  comparison?: Comparison;
  /** The latency test's threshold checks (its result is in run.latency). */
  latencyOutcomes?: readonly ExtraCheck[];
  /** Earlier runs read with --history, and this run's figures beside them. */
  history?: HistoryView;
  /** The web report or artifact link, shown beside test_url. */
  reportUrl?: string;
  /** The definition file as the user named it. */
  definitionFile?: string;
}

export function buildReport(source: ReportSource): ReportModel {
  const { result, judgement } = source;
  const delta = source.baseline ? compareToBaseline(result, source.baseline) : undefined;
  const stepChanges = new Map((delta?.steps ?? []).map((d) => [d.id, d]));
  const steps = result.results.steps.map((step) => stepRow(result, step, stepChanges.get(step.id)));
  const byLocation = showsLocations(result);
  const latency = result.run.latency;
  const rates = ratesOf(result);
  const overall = levelFigures(
    result.results,
    result.results.steps.map((s) => stepCell(result, s)),
    timesToShow(result, { level: 'overall' }, result.results.response_times, totalResponses(result)),
    totalResponses(result),
    delta?.overall ?? [],
  );
  const thresholdNote = thresholdNoteOf(judgement);
  return {
    name: result.run.name,
    verdict: verdictOf(result, judgement),
    context: contextOf(result, rates, overall),
    ...(judgement.late && { late: judgement.late }),
    checks: checkRows(judgement),
    ...(thresholdNote && { thresholdNote }),
    overall: {
      figures: overall,
      throughput: withChange(rates.requests, delta?.overall ?? [], 'rps'),
      iterationRate: rates.iterations,
      duration: formatDuration(result.run.duration_s),
      ...(delta && { baselineStartedAt: formatTimestamp(delta.baselineStartedAt) }),
    },
    steps,
    removedSteps: (delta?.steps ?? []).filter((d) => d.status === 'removed').map((d) => ({ id: d.id, name: d.name })),
    ...(byLocation && { locations: locationRows(result) }),
    stepLocations: byLocation ? stepLocationRows(result, steps) : [],
    statusCodes: countRows(result, steps, (s) => s.status_code_dist),
    errors: errorRows(result, steps),
    timeline: result.run.series,
    ...(result.run.shards && result.run.shards.length > 0 && { shards: shardsOf(result.run.shards) }),
    ...(source.comparison && { comparison: source.comparison }),
    ...(latency && { latency: { result: latency, outcomes: source.latencyOutcomes ?? [] } }),
    ...(result.capacity && { capacity: result.capacity }),
    ...(source.history && { history: historySectionOf(source.history, result, judgement) }),
    links: { ...(result.test_url && { fullReport: result.test_url }), ...(source.reportUrl && { htmlReport: source.reportUrl }) },
    about: {
      version: result.run.version,
      mode: result.run.mode,
      startedAt: formatTimestamp(result.run.started_at),
      finishedAt: formatTimestamp(result.run.finished_at),
      ...(source.definitionFile && { definitionFile: source.definitionFile }),
    },
  };
}

/** Text as one string: the user's pieces through `escapeUser` (each renderer's own). */
export function textOf(text: Text, escapeUser: (user: string) => string = (t) => t): string {
  return text.map((piece) => (typeof piece === 'string' ? piece : escapeUser(piece.user))).join('');
}

/** A streaming step's row of the Streams table; the close codes are the renderer's to add or leave out. */
export interface StreamTableRow {
  /** `#`, the step's name as the renderer writes it, streams, events, first event p50/p95/p99, gap p50/p95/p99. */
  cells: string[];
  closeCodes: string;
}

/** The Streams table's rows, one a streaming step, the name written by `name` (each renderer's own escaping). */
export function streamTableRows(steps: readonly StepRow[], name: (name: string) => string): StreamTableRow[] {
  return steps.flatMap(({ id, name: stepName, stream }) => {
    if (stream === undefined) return [];
    const { streams, events, firstEvent, gap, closeCodes } = stream;
    const cells = [String(id), name(stepName), streams, events, firstEvent.p50, firstEvent.p95, firstEvent.p99, gap.p50, gap.p95, gap.p99];
    return [{ cells, closeCodes }];
  });
}

// ---- the verdict ----

/** Failed checks named in the verdict; the tables list the rest. */
const VERDICT_BREACHES = 3;

function verdictOf(result: LoadTestResult, judgement: Judgement): ReportModel['verdict'] {
  const name = { user: result.run.name };
  const total = judgement.checks.length;
  const checks = (n: number) => `${n} ${plural(n, 'check')}`;
  if (judgement.outcome === 'incomplete') {
    const by = judgement.stoppedBy && judgement.stoppedBy !== 'stopped' ? ` by ${judgement.stoppedBy}` : '';
    const others = judgement.failed.filter((c) => c.kind !== 'completeness');
    const rest: Text =
      others.length === 0
        ? [`the other ${checks(total - 1)} met`]
        : [`${others.length} of the other ${checks(total - 1)} failed: `, ...breaches(others)];
    return { status: 'incomplete', text: [name, ` stopped early${by} — results are partial, so this is not a pass; `, ...rest] };
  }
  if (judgement.outcome === 'failed') {
    return {
      status: 'failed',
      text: [name, ` failed — ${judgement.failed.length} of ${checks(total)} failed: `, ...breaches(judgement.failed)],
    };
  }
  const warnings = judgement.warnings.length;
  // Not "all met": a warning is a check that did not hold, only one that may not fail the run.
  if (warnings > 0)
    return {
      status: 'passed',
      text: [name, ` passed — ${total - warnings} of ${checks(total)} met, ${warnings} ${plural(warnings, 'warning')}`],
    };
  return { status: 'passed', text: [name, ` passed — ${total === 1 ? 'the 1 check' : `all ${total} checks`} met`] };
}

function breaches(failed: Judgement['failed']): Text {
  const named = failed
    .slice(0, VERDICT_BREACHES)
    .flatMap((c, i): Text => [...(i > 0 ? [', '] : []), { user: c.describe }, ' (actual ', { user: c.actual }, ')']);
  return failed.length > VERDICT_BREACHES ? [...named, `, and ${failed.length - VERDICT_BREACHES} more`] : named;
}

function checkRows(judgement: Judgement): CheckRow[] {
  return judgement.checks.map((check) => ({
    name: check.isDefault ? `${check.describe} (default)` : check.describe,
    actual: check.actual,
    limit: check.limit ?? '',
    result: check.passed ? 'passed' : check.warnOnly ? 'warning' : 'failed',
  }));
}

// ---- the line of context ----

/** Locations listed by name up to this many; beyond it, only counted. */
const LISTED_LOCATIONS = 5;

interface Rates {
  /** `60 it/s`, `240 req/s`. */
  iterations: string;
  requests: string;
  /** Requests that ended (response or error), which run.rps counts. */
  requestCount: number;
  /** The seconds both rates are over. */
  windowS: number;
}

/**
 * Iterations and requests per second over the same seconds: run.rps is the requests over
 * run.rate_window_s (docs/results.md, "Rates"), so the iterations' rate is over it too. A file of a
 * version before that field names its seconds only through rps (the requests over them).
 */
function ratesOf(result: LoadTestResult): Rates {
  const { rps, rate_window_s: window, duration_s: duration } = result.run;
  const requestCount = result.results.steps.reduce((n, s) => n + s.success_count + s.fail_count, 0);
  const windowS = window ?? (rps > 0 && requestCount > 0 ? requestCount / rps : duration);
  const perS = windowS > 0 ? result.results.iteration_count / windowS : 0;
  return { iterations: formatRate(perS, 'it'), requests: formatRate(rps, 'req'), requestCount, windowS };
}

function contextOf(result: LoadTestResult, rates: Rates, overall: LevelFigures): Text[] {
  const { run, results } = result;
  const locations = Object.keys(results.location_dist);
  const where: Text =
    locations.length === 0
      ? ['no locations']
      : locations.length <= LISTED_LOCATIONS
        ? [`${plural(locations.length, 'location')}: `, ...locations.flatMap((l, i): Text => [...(i > 0 ? [', '] : []), { user: l }])]
        : [`${locations.length} locations`];
  return [
    [
      `${formatCount(results.iteration_count)} ${plural(results.iteration_count, 'iteration')} in ${formatDuration(rates.windowS)} (${rates.iterations})`,
    ],
    [`${formatCount(rates.requestCount)} ${plural(rates.requestCount, 'request')} (${rates.requests})`],
    [overall.errorSummary],
    [`${formatCount(results.steps.length)} ${plural(results.steps.length, 'step')}`],
    [`mode ${run.mode}`],
    where,
  ];
}

// ---- figures ----

type Counts = Pick<StepResult, 'iteration_count' | 'success_count' | 'fail_count' | 'response_times'>;

/** `cells`: the level's requests, a cell per step (stepCell). */
function levelFigures(
  level: Counts,
  cells: readonly RequestCell[],
  t: ResponseTimes,
  responses: number,
  changes: readonly MetricChange[],
): LevelFigures {
  const time = (ms: number, metric?: BaselineMetric): Figure =>
    responses === 0 ? { text: NO_RESPONSE } : withChange(formatMs(ms), changes, metric);
  const failRate = failRatePct(level);
  const requests = requestCounts(cells);
  const errorRate = percent(requests.httpErrors, requests.requests);
  return {
    iterations: formatCount(level.iteration_count),
    successes: formatCount(level.success_count),
    failures: formatCount(level.fail_count),
    failRate: failRate === undefined ? { text: NO_RESPONSE } : withChange(formatPercent(failRate), changes, 'fail_rate'),
    requests: formatCount(requests.requests),
    errors: formatCount(requests.httpErrors),
    errorRate: errorRate === undefined ? { text: NO_RESPONSE } : withChange(formatPercent(errorRate), changes, 'http_fail_rate'),
    errorKinds: errorKindsOf(requests),
    errorSummary: errorSummaryOf(requests, errorRate === undefined ? NO_RESPONSE : formatPercent(errorRate)),
    hasErrors: requests.httpErrors > 0,
    responded: responses > 0,
    avg: time(t.avg, 'avg'),
    p50: time(t.median),
    p90: time(t.p90),
    p95: time(t.p95, 'p95'),
    p99: time(t.p99, 'p99'),
    max: time(t.max),
    stddev: time(t.stddev),
    times: t,
  };
}

function withChange(text: string, changes: readonly MetricChange[], metric: BaselineMetric | undefined): Figure {
  const change = metric === undefined ? undefined : findChange(changes, metric);
  if (!change) return { text };
  return { text: formatMetric(change.metric, change.after), change: { text: describeChange(change), verdict: changeVerdict(change) } };
}

/** The stream figures of a step, to the microsecond from the run's stream histograms where it has them. */
function streamRow(result: LoadTestResult, step: StepResult): StreamRow | undefined {
  const figures = step.stream;
  if (!figures) return undefined;
  const times = (metric: StreamMetric, counted: number) => {
    const encoded = result.histograms?.streams?.[metric].steps[String(step.id)];
    const value = (p: number, key: keyof ResponseTimes): string => {
      if (counted <= 0) return NO_RESPONSE;
      const ms = encoded === undefined ? figures[metric][key] : encodedValue(encoded, p);
      return ms === undefined ? NO_RESPONSE : formatMs(ms);
    };
    return { p50: value(50, 'median'), p95: value(95, 'p95'), p99: value(99, 'p99') };
  };
  const codes = Object.entries(figures.close_code_dist ?? {}).sort((a, b) => b[1] - a[1]);
  return {
    streams: formatCount(figures.streams),
    events: formatCount(figures.events),
    firstEvent: times('first_event', figures.events),
    gap: times('gap', figures.events - figures.streams),
    closeCodes: codes.map(([code, n]) => `${code} × ${formatCount(n)}`).join(', '),
  };
}

function stepRow(result: LoadTestResult, step: StepResult, delta: { status: string; changes: MetricChange[] } | undefined): StepRow {
  const info = runStep(result, step.id);
  const stream = streamRow(result, step);
  return {
    id: step.id,
    name: stepDisplayName(result, step.id),
    request: info ? requestLabel(info.method, info.url) : '',
    isNew: delta?.status === 'new',
    status: statusCounts(result, step.id, step.status_code_dist),
    ...(stream && { stream }),
    ...levelFigures(
      step,
      [stepCell(result, step)],
      timesToShow(result, { level: 'steps', key: String(step.id) }, step.response_times, responseCount(step.status_code_dist)),
      responseCount(step.status_code_dist),
      delta?.changes ?? [],
    ),
  };
}

function locationRows(result: LoadTestResult): LocationRow[] {
  return Object.entries(result.results.location_dist).map(([name, level]) => ({
    name,
    egress: egressOf(result, name),
    ...levelFigures(
      level,
      result.results.steps.flatMap((s) => (s.location_dist[name] ? [stepCell(result, s, s.location_dist[name])] : [])),
      timesToShow(result, { level: 'locations', key: name }, level.response_times, locationResponses(result, name)),
      locationResponses(result, name),
      [],
    ),
  }));
}

/** `rows` are the steps' rows, in the order of result.results.steps. */
function stepLocationRows(result: LoadTestResult, rows: readonly StepRow[]): StepLocationRow[] {
  return result.results.steps.flatMap((step, i) => {
    const stepName = rows[i]!.name;
    return Object.entries(step.location_dist).map(([location, level]) => ({
      stepName,
      location,
      ...levelFigures(
        level,
        [stepCell(result, step, level)],
        timesToShow(
          result,
          { level: 'step_locations', step: String(step.id), location },
          level.response_times,
          responseCount(level.status_code_dist),
        ),
        responseCount(level.status_code_dist),
        [],
      ),
    }));
  });
}

/** A step's status codes, errors marked as its row marks them; `rows` as for stepLocationRows. */
function countRows(
  result: LoadTestResult,
  rows: readonly StepRow[],
  dist: (s: StepResult) => Readonly<Record<string, number>>,
): CountRow[] {
  return result.results.steps.flatMap((step, i) => {
    const row = rows[i]!;
    const errors = new Set(row.status.filter((c) => c.error).map((c) => c.code));
    return sharesOf(step.id, row.name, Object.entries(dist(step))).map((r) => ({ ...r, error: errors.has(r.key) }));
  });
}

/** Entries of one step, most frequent first, each with its share of the step's total. */
function sharesOf(stepId: number, stepName: string, entries: readonly [string, number][]): Omit<CountRow, 'error'>[] {
  const whole = entries.reduce((n, [, count]) => n + count, 0);
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => ({ stepId, stepName, key, count, share: whole > 0 ? (count * 100) / whole : 0 }));
}

/** Failures that happened after a response arrived: the response's status says what the service did. */
const CHECK_FAILURE = /^(assertion failed|capture failed):/;

/**
 * A step's errors: its error statuses (`HTTP 500`, which error_dist never holds) beside the
 * reasons of error_dist; `rows` as for stepLocationRows.
 */
function errorRows(result: LoadTestResult, rows: readonly StepRow[]): ErrorRow[] {
  return result.results.steps.flatMap((step, i) => {
    const row = rows[i]!;
    const statuses = row.status.filter((c) => c.error).map((c): [string, number] => [`HTTP ${c.code}`, c.count]);
    const kinds = new Map<string, ErrorRow['kind']>(statuses.map(([key]) => [key, 'http']));
    for (const reason of Object.keys(step.error_dist)) kinds.set(reason, CHECK_FAILURE.test(reason) ? 'check' : 'transport');
    const entries = [...statuses, ...Object.entries(step.error_dist)];
    const target = hostPortOf(runStep(result, step.id)?.url);
    return sharesOf(step.id, row.name, entries).map((r) => ({ ...r, error: true, kind: kinds.get(r.key)!, ...(target && { target }) }));
  });
}

/** `127.0.0.1:8080`, `shop.example:443`: where a step connects (no user or password), its default port written out. */
function hostPortOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  const { protocol, hostname, port } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return undefined;
  return `${hostname}:${port || (protocol === 'https:' ? '443' : '80')}`;
}

/** `20 HTTP errors`, `3 transport failures`, `3 transport failures, 20 HTTP errors`; '' without errors. */
function errorKindsOf(counts: RequestCounts): string {
  const kinds = [
    ...(counts.noResponse > 0 ? [`${formatCount(counts.noResponse)} transport ${plural(counts.noResponse, 'failure')}`] : []),
    ...(counts.errorStatuses > 0 ? [`${formatCount(counts.errorStatuses)} HTTP ${plural(counts.errorStatuses, 'error')}`] : []),
  ];
  return kinds.join(', ');
}

/** `no errors`, `20 HTTP errors (50 %)`, `23 errors (57.5 %): 3 transport failures, 20 HTTP errors`. */
function errorSummaryOf(counts: RequestCounts, rate: string): string {
  if (counts.httpErrors === 0) return 'no errors';
  const kinds = errorKindsOf(counts);
  if (counts.noResponse === 0 || counts.errorStatuses === 0) return `${kinds} (${rate})`;
  return `${formatCount(counts.httpErrors)} errors (${rate}): ${kinds}`;
}

/**
 * A fail_rate or success_rate threshold of the user's without one on http_fail_rate: those rates
 * count failed iterations, which an error status alone does not make, so the reader is told where
 * HTTP errors are counted.
 */
function thresholdNoteOf(judgement: Judgement): string | undefined {
  const metrics = new Set(judgement.thresholds.filter((o) => !o.threshold.isDefault).map((o) => o.threshold.metric));
  const iterationRates = ['fail_rate', 'success_rate'].filter((m) => metrics.has(m as ThresholdMetric));
  if (iterationRates.length === 0 || metrics.has('http_fail_rate')) return undefined;
  const count = iterationRates.length === 1 ? 'counts' : 'count';
  return `${iterationRates.join(' and ')} ${count} failed iterations (no response, a failed assertion), not HTTP errors (a status ≥ 400): http_fail_rate counts those`;
}

/** Responses of the whole run (every step's). */
export function totalResponses(result: LoadTestResult): number {
  return result.results.steps.reduce((n, s) => n + responseCount(s.status_code_dist), 0);
}

function locationResponses(result: LoadTestResult, location: string): number {
  return result.results.steps.reduce((n, s) => n + responseCount(s.location_dist[location]?.status_code_dist ?? {}), 0);
}

/** The per-location table shows unless the only location is `local` (an embedded run without proxies). */
function showsLocations(result: LoadTestResult): boolean {
  const names = Object.keys(result.results.location_dist);
  return names.length > 1 || (names.length === 1 && names[0] !== 'local');
}

function shardsOf(shards: ShardSummary[]): ShardsModel {
  const late = shards.filter((s) => s.late);
  const headline =
    late.length === 0
      ? `${shards.length} shards merged; all started together.`
      : `${late.length} of ${shards.length} shards started late (shard ${late.map((s) => s.index).join(', ')}): the load was lower than planned while they were missing.`;
  return {
    headline,
    late: late.length > 0,
    shards: shards.map((s) => ({
      index: s.index,
      file: s.file,
      started: formatTimestamp(s.started_at),
      startLag: `${formatCount(s.start_lag_ms)} ms`,
      iterations: formatCount(s.iterations),
      late: s.late,
    })),
  };
}

function historySectionOf(view: HistoryView, result: LoadTestResult, judgement: Judgement): HistorySection {
  const names = new Map(result.run.steps.map((s) => [s.id, s.name]));
  return historySection(view, names, failedSteps(judgement, names));
}
