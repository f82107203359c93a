// How figures are written: the report model (model.ts) formats every figure with these, so all
// surfaces say the same thing the same way. Values in a metric's unit go through formatMetricValue (thresholds),
// which is what threshold lines show too.

import { formatMetricValue } from '../thresholds.ts';
import type { LoadTestResult, ThresholdMetric } from '../types.ts';

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

/** A significance level as settings and reports write it: `0.05`, `0.0167`. */
export function formatLevel(alpha: number): string {
  return String(Number(alpha.toPrecision(3)));
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

export const NO_RESPONSE = '—';

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

/** How a location sent its traffic, with any proxy user:password left out: reports are public. */
export function egressOf(result: LoadTestResult, location: string): string {
  return (result.run.locations[location] ?? '—').replace(/\/\/[^/@\s]*@/g, '//');
}
