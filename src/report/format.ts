// Figures and wording shared by the Markdown and terminal renderers, so both say the same
// thing the same way. Values in a metric's unit go through formatMetricValue (thresholds),
// which is what threshold lines show too.

import { formatMetricValue } from '../thresholds.ts';
import type { Check, Judgement, LoadTestResult, ThresholdMetric } from '../types.ts';

/** `512 ms`, `0.45 ms`, `1,234 ms`. */
export function formatMs(ms: number): string {
  return formatMetricValue('avg', ms);
}

/** `3.2 %`, `1.25 %` (at most two decimals). */
export function formatPercent(pct: number): string {
  return formatMetricValue('fail_rate', pct);
}

/** `1,234`. */
export function formatCount(n: number): string {
  return formatMetricValue('iteration_count', n);
}

/** `812.3/s`: one decimal is as much as a run's throughput means. */
export function formatRps(rps: number): string {
  return formatMetricValue('rps', Math.round(rps * 10) / 10);
}

/** A metric's value as reports show it, with rps at one decimal like formatRps. */
export function formatMetric(metric: ThresholdMetric, value: number): string {
  return metric === 'rps' ? formatRps(value) : formatMetricValue(metric, value);
}

/** `45s`, `2.5s`, `1m 30s`, `1h 5m`, `1h 0m 12s`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) {
    const rounded = seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds);
    return `${rounded}s`;
  }
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = h > 0 ? [`${h}h`, `${m}m`] : [`${m}m`];
  if (s > 0) parts.push(`${s}s`);
  return parts.join(' ');
}

const SIGNED_PCT = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** `+12.3 %`, `-4.0 %`, `0.0 %`. */
export function formatSignedPercent(pct: number): string {
  return `${SIGNED_PCT.format(pct)} %`;
}

/** `2025-05-01 12:00:00 UTC` from an ISO time; the text as given when it is not one. */
export function formatTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `GET /api/login`: the path keeps a row short and leaves out query strings, which can hold secrets. */
export function requestLabel(method: string, url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutOrigin.split(/[?#]/, 1)[0] || '/';
  return `${method} ${path}`;
}

/** Control characters and line breaks become one space: user text stays on its line. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

/** Cuts text to at most `max` characters, ending in `…` when cut; never splits a surrogate pair. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

// ---- the verdict ----

/** failed: a check failed. partial: stopped early (never a pass). */
export type VerdictStatus = 'passed' | 'failed' | 'partial';

export interface Verdict {
  status: VerdictStatus;
  /** `checkout failed — 2 of 5 checks failed: p95 < 500 ms (actual 612 ms), …` */
  text: string;
}

/** Failed checks named in the verdict; the tables list the rest. */
const VERDICT_BREACHES = 3;

/**
 * The one-line verdict, rendered from the judgement (never recomputed). `escape` is applied to
 * every piece of user text (the test name and check descriptions, which carry step names), so
 * each renderer keeps its own escaping.
 */
export function verdictOf(result: LoadTestResult, judgement: Judgement, escape: (text: string) => string = (t) => t): Verdict {
  const name = escape(result.run.name);
  const total = judgement.checks.length;
  const named = judgement.failed
    .slice(0, VERDICT_BREACHES)
    .map((c) => `${escape(c.describe)} (actual ${escape(c.actual)})`);
  if (judgement.failed.length > VERDICT_BREACHES) named.push(`and ${judgement.failed.length - VERDICT_BREACHES} more`);
  const failedText = `${judgement.failed.length} of ${total} ${plural(total, 'check')} failed: ${named.join(', ')}`;
  if (judgement.outcome === 'incomplete') {
    const stopped = judgement.stoppedBy && judgement.stoppedBy !== 'stopped' ? ` by ${judgement.stoppedBy}` : '';
    const others = judgement.failed.filter((c) => c.kind !== 'completeness');
    const rest = others.length === 0
      ? `the other ${total - 1} ${plural(total - 1, 'check')} met`
      : `${others.length} of the other ${total - 1} ${plural(total - 1, 'check')} failed: ${others.slice(0, VERDICT_BREACHES).map((c) => `${escape(c.describe)} (actual ${escape(c.actual)})`).join(', ')}`;
    return { status: 'partial', text: `${name} stopped early${stopped} — results are partial, so this is not a pass; ${rest}` };
  }
  if (judgement.outcome === 'failed') return { status: 'failed', text: `${name} failed — ${failedText}` };
  const warnings = judgement.warnings.length;
  if (warnings > 0) {
    // Not "all met": a warning is a check that did not hold, only one that may not fail the run.
    const met = total - warnings;
    return { status: 'passed', text: `${name} passed — ${met} of ${total} ${plural(total, 'check')} met, ${warnings} ${plural(warnings, 'warning')}` };
  }
  return { status: 'passed', text: `${name} passed — ${total === 1 ? 'the 1 check' : `all ${total} checks`} met` };
}

/** A row of the checks table, the same in every report. */
export interface CheckRow {
  check: Check;
  /** The limit as written for thresholds (`< 500 ms`, `< 530 ms (baseline + 10%)`); '' for other checks. */
  limit: string;
  result: 'passed' | 'failed' | 'warning';
}

export function checkRows(judgement: Judgement): CheckRow[] {
  return judgement.checks.map((check) => ({
    check,
    limit: check.limit ?? '',
    result: check.passed ? 'passed' : check.warnOnly ? 'warning' : 'failed',
  }));
}

/** A check's name as tables show it: `(default)` after a threshold loadgate applied. */
export function checkName(check: Check): string {
  return check.isDefault ? `${check.describe} (default)` : check.describe;
}

// ---- status codes ----

/** Responses a level got: the sum of its status counts. None means its response times are absent. */
export function responseCount(statusDist: Readonly<Record<string, number>>): number {
  return Object.values(statusDist).reduce((n, c) => n + c, 0);
}

export interface StatusCount {
  code: string;
  count: number;
  /** An error status (≥ 400) the step's assertions do not expect. */
  error: boolean;
}

/** A step's status codes, most frequent first, errors marked. */
export function statusCounts(result: LoadTestResult, stepId: number, dist: Readonly<Record<string, number>>): StatusCount[] {
  const expected = new Set(result.run.steps.find((s) => s.id === stepId)?.expected_status ?? []);
  return Object.entries(dist)
    .map(([code, count]) => ({ code, count, error: Number(code) >= 400 && !expected.has(Number(code)) }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

/** A response time, or `—` when the level got no response to time. */
export function formatTimeOrNone(ms: number, responses: number): string {
  return responses === 0 ? NO_RESPONSE : formatMs(ms);
}

export const NO_RESPONSE = '—';

/** Responses of the whole run (every step's). */
export function totalResponses(result: LoadTestResult): number {
  return result.results.steps.reduce((n, s) => n + responseCount(s.status_code_dist), 0);
}

/** Responses at one location (every step's there). */
export function locationResponses(result: LoadTestResult, location: string): number {
  return result.results.steps.reduce((n, s) => n + responseCount(s.location_dist[location]?.status_code_dist ?? {}), 0);
}

/** Status codes shown in a step's row before the rest are counted. */
const STATUS_CODES_SHOWN = 3;

/**
 * `200 ×28, 500 ×2`: `escape` applies each renderer's escaping to the codes (keys of a results
 * file, so user text), `mark` highlights the errors in its way.
 */
export function statusText(counts: readonly StatusCount[], escape: (text: string) => string, mark: (text: string) => string): string {
  if (counts.length === 0) return NO_RESPONSE;
  const shown = counts.slice(0, STATUS_CODES_SHOWN).map((c) => {
    const text = `${escape(truncate(c.code, 12))} ×${formatCount(c.count)}`;
    return c.error ? mark(text) : text;
  });
  const rest = counts.length - STATUS_CODES_SHOWN;
  return rest > 0 ? `${shown.join(', ')} +${rest}` : shown.join(', ');
}

export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

// ---- the line of context under the verdict ----

export interface RunContext {
  /** `1,200 iterations in 1m`, `59.1/s`, `3 steps`, `mode embedded`, `2 locations: US, DE`. */
  parts: string[];
  /** Present when the generator fell behind its schedule: the applied load was lower than planned. */
  lateWarning?: string;
}

/** Locations listed by name up to this many; beyond it, only counted. */
const LISTED_LOCATIONS = 5;

export function runContext(result: LoadTestResult, escape: (text: string) => string = (t) => t): RunContext {
  const { run, results } = result;
  const locations = Object.keys(results.location_dist);
  const where =
    locations.length <= LISTED_LOCATIONS
      ? `${plural(locations.length, 'location')}: ${locations.map(escape).join(', ')}`
      : `${locations.length} locations`;
  const iterations = `${formatCount(results.iteration_count)} ${plural(results.iteration_count, 'iteration')}`;
  const parts = [
    `${iterations} in ${formatDuration(run.duration_s)}`,
    formatRps(run.rps),
    `${formatCount(results.steps.length)} ${plural(results.steps.length, 'step')}`,
    `mode ${run.mode}`,
    locations.length === 0 ? 'no locations' : where,
  ];
  if (run.late_iterations <= 0) return { parts };
  const late = `${formatCount(run.late_iterations)} late ${plural(run.late_iterations, 'iteration')}`;
  const lag = formatMs(run.max_schedule_lag_ms);
  const lateWarning =
    `${late}: the load generator could not keep the schedule (max lag ${lag}), so less load was applied than planned`;
  return { parts, lateWarning };
}

// ---- locations ----

/**
 * Whether reports show the per-location table: always, unless the run's only location is
 * `local` (an embedded run without proxies), where it would repeat the overall figures.
 */
export function showsLocations(result: LoadTestResult): boolean {
  const names = Object.keys(result.results.location_dist);
  return names.length > 1 || (names.length === 1 && names[0] !== 'local');
}

/** How a location sent its traffic, with any proxy user:password left out: reports are public. */
export function egressOf(result: LoadTestResult, location: string): string {
  return (result.run.locations[location] ?? '—').replace(/\/\/[^/@\s]*@/g, '//');
}
