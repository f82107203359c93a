// How user text and status codes are shown: one line, cut to a length, requests by their path,
// status codes with errors marked. The figures themselves are written by src/report/figures.ts.

import { hideCredentials } from '../results/credentials.ts';
import { formatCount } from './figures.ts';
import { exactTimes, type HistogramPlace } from '../results/histogram.ts';
import type { LoadTestResult, ResponseTimes } from '../types.ts';
import { expectedStatuses } from '../results/run-steps.ts';

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

// ---- response times ----

/**
 * A level's times as reports show them: the histogram's, to the microsecond, where a figure is
 * below 10 ms and whole milliseconds would hide it (formatMs); from 10 ms up the integer fields,
 * rounded from the same histogram, already say all that is shown, and decoding a histogram costs
 * milliseconds a level. A level without responses shows none.
 */
export function timesToShow(result: LoadTestResult, place: HistogramPlace, integer: ResponseTimes, responses: number): ResponseTimes {
  const t = integer;
  const sub10 = Math.min(t.avg, t.median, t.p90, t.p95, t.p99, t.max, t.stddev) < 10;
  return responses > 0 && sub10 ? exactTimes(result.histograms, place, integer) : integer;
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
  const expected = expectedStatuses(result, stepId);
  return Object.entries(dist)
    .map(([code, count]) => ({ code, count, error: Number(code) >= 400 && !expected.has(Number(code)) }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

export const NO_RESPONSE = '—';

/** Status codes shown in a step's row before the rest are counted. */
const STATUS_CODES_SHOWN = 3;

/**
 * `200 ×28, 500 ×2`: `escapeUser` applies each renderer's escaping to the codes (keys of a results
 * file, so user text), `mark` highlights the errors in its way.
 */
export function statusText(counts: readonly StatusCount[], escapeUser: (text: string) => string, mark: (text: string) => string): string {
  if (counts.length === 0) return NO_RESPONSE;
  const shown = counts.slice(0, STATUS_CODES_SHOWN).map((c) => {
    const text = `${escapeUser(truncate(c.code, 12))} ×${formatCount(c.count)}`;
    return c.error ? mark(text) : text;
  });
  const rest = counts.length - STATUS_CODES_SHOWN;
  return rest > 0 ? `${shown.join(', ')} +${rest}` : shown.join(', ');
}

export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** How a location sent its traffic, proxy credentials hidden (a results file written before they were). */
export function egressOf(result: LoadTestResult, location: string): string {
  return hideCredentials(result.run.locations[location] ?? '—');
}
