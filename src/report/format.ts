// Figures and wording shared by the Markdown and terminal renderers, so both say the same
// thing the same way. Values in a metric's unit go through formatMetricValue (thresholds),
// which is what threshold lines show too.

import { describeThreshold, formatMetricValue } from '../thresholds.ts';
import type { ExtraCheck, LoadTestResult, ThresholdMetric, ThresholdOutcome } from '../types.ts';

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

/** failed: a threshold was breached. partial: stopped early, nothing breached. neutral: no thresholds. */
export type VerdictStatus = 'passed' | 'failed' | 'partial' | 'neutral';

export interface Verdict {
  status: VerdictStatus;
  /** `checkout failed — 2 of 5 thresholds breached: p95 < 500 ms (actual 612 ms), …` */
  text: string;
}

/** Breached thresholds named in the verdict; the tables list the rest. */
const VERDICT_BREACHES = 3;

/**
 * The one-line verdict. `escape` is applied to every piece of user text (the test name and
 * threshold descriptions, which carry step names), so each renderer keeps its own escaping.
 */
/** A threshold's outcome as a check, the form every part of the verdict shares. */
export function thresholdCheck(o: ThresholdOutcome): ExtraCheck {
  return { describe: describeThreshold(o.threshold), actual: formatMetric(o.threshold.metric, o.actual), passed: o.passed };
}

export function verdictOf(
  result: LoadTestResult,
  thresholdOutcomes: readonly ThresholdOutcome[],
  escape: (text: string) => string = (t) => t,
  extraChecks: readonly ExtraCheck[] = [],
): Verdict {
  const outcomes: ExtraCheck[] = [...thresholdOutcomes.map(thresholdCheck), ...extraChecks];
  const name = escape(result.run.name);
  const partial = result.run.interrupted;
  const failed = outcomes.filter((o) => !o.passed);
  if (failed.length > 0) {
    const stopped = partial ? ' (stopped early; results are partial)' : '';
    const named = failed
      .slice(0, VERDICT_BREACHES)
      .map((o) => `${escape(o.describe)} (actual ${escape(o.actual)})`);
    if (failed.length > VERDICT_BREACHES) named.push(`and ${failed.length - VERDICT_BREACHES} more`);
    const breached = `${failed.length} of ${outcomes.length} ${plural(outcomes.length, 'threshold')} breached`;
    return { status: 'failed', text: `${name} failed${stopped} — ${breached}: ${named.join(', ')}` };
  }
  const met =
    outcomes.length === 0
      ? 'no thresholds set'
      : outcomes.length === 1
        ? '1 threshold met'
        : `all ${outcomes.length} thresholds met`;
  if (partial) return { status: 'partial', text: `${name} stopped early — results are partial; ${met}` };
  if (outcomes.length === 0) return { status: 'neutral', text: `${name} finished — ${met}` };
  return { status: 'passed', text: `${name} passed — ${met}` };
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
