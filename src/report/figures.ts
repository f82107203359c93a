// How figures are written, everywhere: reports, threshold lines, settings and progress lines
// all format numbers with these, so every surface says the same thing the same way. Values in a
// metric's unit go through formatMetricValue (the threshold grammar), which is what threshold
// lines show too.

import { formatMetricValue, metricKind } from '../thresholds/grammar.ts';
import type { ThresholdMetric } from '../types.ts';

const MS_SMALL = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
const MS_WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Response times as tables, summaries and progress lines show them: two significant digits below
 * 10 ms (`0.31 ms`, `3.1 ms`), where a whole millisecond would read a fast service as 0, and
 * whole milliseconds above (`512 ms`, `1,234 ms`). A check line writes its measured value so too
 * (formatMeasured); limits are written as the user gave them (formatMetricValue).
 */
export function formatMs(ms: number): string {
  return `${(ms < 10 ? MS_SMALL : MS_WHOLE).format(ms)} ms`;
}

/** The number formatMs writes. */
function shownMs(ms: number): number {
  return ms < 10 ? Number(ms.toPrecision(2)) : Math.round(ms);
}

/**
 * A measured value beside its limit (a check line): as the rest of the report writes it
 * (formatMetric), so that a check's p95 reads as the summary's; a time gets as many more decimals
 * (up to 3) as it takes not to read as the limit or past it: `499.6 ms` against `< 500 ms`.
 */
export function formatMeasured(metric: ThresholdMetric, value: number, limit?: number): string {
  if (metricKind(metric) !== 'time' || limit === undefined) return formatMetric(metric, value);
  const side = Math.sign(value - limit);
  if (Math.sign(shownMs(value) - limit) === side) return formatMs(value);
  for (let decimals = 1; decimals < 3; decimals++)
    if (Math.sign(Number(value.toFixed(decimals)) - limit) === side) return `${msIn(decimals).format(value)} ms`;
  return `${msIn(3).format(value)} ms`;
}

function msIn(decimals: number): Intl.NumberFormat {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
}

/** `3.2 %`, `1.25 %` (at most two decimals). */
export function formatPercent(pct: number): string {
  return formatMetricValue('fail_rate', pct);
}

/** `1,234`. */
export function formatCount(n: number): string {
  return formatMetricValue('iteration_count', n);
}

/**
 * `812.3 req/s`, `60 it/s`: a rate named by what it counts, requests or iterations, at one decimal
 * (as much as a run's throughput means), so that the two are never read for each other.
 */
export function formatRate(perS: number, what: 'req' | 'it'): string {
  return `${formatMetricValue('iteration_count', Math.round(perS * 10) / 10)} ${what}/s`;
}

/** A metric's value as reports show it: times like formatMs, rps like formatRate. */
export function formatMetric(metric: ThresholdMetric, value: number): string {
  if (metric === 'rps') return formatRate(value, 'req');
  return metricKind(metric) === 'time' ? formatMs(value) : formatMetricValue(metric, value);
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

/** Latencies as every surface shows them: to a tenth of a millisecond. */
export const LATENCY_MS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `12.5 ms`. */
export function formatLatencyMs(ms: number): string {
  return `${LATENCY_MS.format(ms)} ms`;
}
