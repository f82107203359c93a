// Thresholds (docs/verdict.md): the grammar. Parse the user's lines into Threshold values and
// write them back in canonical form; evaluation is src/verdict/metrics.ts's. Pure.
//
// Grammar, one threshold per line:  [scope.]metric op limit
//   scope   step[<id>|<name>|*] | location[<CC>|local|*] | both, in either order, joined by "."
//   stream  first_event. | gap. before a time metric: the streaming steps' figures (docs/streaming.md)
//   metric  avg min max median stddev, any percentile pN (p50, p75, p99.9, p999 = 99.9), rates,
//           counts, rps (THRESHOLD_METRICS)
//   op      < <= > >= == !=
//   limit   value[unit] | baseline [(+|-) value(%|unit)]
//   unit    ms or s for times (none = ms), % for rates (required), none for counts and rps

import type { Parsed } from '../errors.ts';
import { STREAM_METRICS, THRESHOLD_METRICS, type BaselineLimit, type NamedMetric, type StreamMetric } from '../types.ts';
import { got, isLatencyThresholdLine, parseEachLine, parseOp, quote, readWord, skipSpace, type LineError } from './syntax.ts';
import type { Threshold, ThresholdMetric, ThresholdOp } from '../types.ts';

export type MetricKind = 'time' | 'rate' | 'count' | 'throughput';

export function metricKind(metric: ThresholdMetric): MetricKind {
  switch (metric) {
    case 'fail_rate':
    case 'success_rate':
    case 'http_fail_rate':
    case 'status_2xx':
    case 'status_3xx':
    case 'status_4xx':
    case 'status_5xx':
      return 'rate';
    case 'fail_count':
    case 'success_count':
    case 'iteration_count':
      return 'count';
    case 'rps':
    case 'capacity':
      return 'throughput';
    default:
      return 'time';
  }
}

/** Where thresholds came from, so that problems point where the user wrote them. */
export interface ThresholdOrigin {
  /** The action input or CLI flag: `thresholds`, `--thresholds`. */
  name: string;
  /** `lines`: one text, a threshold per line. `flags`: a threshold per use of a repeated flag. */
  kind: 'lines' | 'flags';
}
export const THRESHOLDS_INPUT: ThresholdOrigin = { name: 'thresholds', kind: 'lines' };
export const THRESHOLD_FLAG: ThresholdOrigin = { name: '--thresholds', kind: 'flags' };

/** `thresholds line 3` or `--thresholds #3`: the Problem path of one threshold. */
export function thresholdPlace(origin: ThresholdOrigin, line: number): string {
  return origin.kind === 'lines' ? `${origin.name} line ${line}` : `${origin.name} #${line}`;
}

/** The percentile a metric names (`p99.9` → 99.9, `median` → 50), or undefined for other metrics. */
export function percentileOf(metric: ThresholdMetric): number | undefined {
  if (metric === 'median') return 50;
  if (!/^p\d/.test(metric)) return undefined;
  return Number(metric.slice(1));
}

/** The action input: a multi-line text, one threshold per line. */
export function parseThresholds(text: string, origin: ThresholdOrigin = THRESHOLDS_INPUT): Parsed<Threshold[]> {
  return parseThresholdLines(text.split(/\r?\n/), origin);
}

/** The CLI's repeated `--thresholds` flags: one threshold per entry, numbered from 1. */
export function parseThresholdLines(lines: readonly string[], origin: ThresholdOrigin = THRESHOLD_FLAG): Parsed<Threshold[]> {
  // `latency…` lines are the latency test's (latency.ts); callers without one refuse them.
  const accepts = (raw: string): boolean => {
    const trimmed = raw.trim();
    return trimmed !== '' && !trimmed.startsWith('#') && !isLatencyThresholdLine(trimmed);
  };
  return parseEachLine(lines, accepts, parseLine, (line) => thresholdPlace(origin, line));
}

// ---- parsing one line ----

const METRICS_LIST = `${THRESHOLD_METRICS.join(', ')}, or any percentile pN (p50, p75, p99.9)`;
const UNITS: Record<MetricKind, readonly string[]> = { time: ['ms', 's'], rate: ['%'], count: [], throughput: ['/s'] };
const KNOWN_UNITS = ['ms', 's', '%', '/s'];
const KIND_NAMES: Record<MetricKind, string> = {
  time: 'a time',
  rate: 'a percentage',
  count: 'a count',
  throughput: 'requests per second',
};
const KIND_USAGE: Record<MetricKind, string> = {
  time: 'takes ms or s (no unit means ms)',
  rate: 'takes a percentage with its % sign',
  count: 'takes a whole number with no unit',
  throughput: 'takes a number per second, with /s or no unit',
};

/** What a line's scope names: its step and its location, each when the line gives one. */
interface Scope {
  step?: Threshold['step'];
  location?: string;
  /** The scope text read so far (`step[login].`), for messages. */
  read: string;
  /** Where the metric starts. */
  end: number;
}

function parseLine(raw: string, line: number): Threshold | LineError {
  const scope = parseScopes(raw);
  if ('message' in scope) return scope;
  const stream = parseStreamMetric(raw, scope);
  if (stream && 'message' in stream) return stream;
  const metric = parseMetric(raw, scope);
  if ('message' in metric) return metric;
  if (stream && metricKind(metric.metric) !== 'time')
    return {
      index: stream.at,
      message: `${stream.stream} is a time: it takes avg, min, max, median, stddev or a percentile pN, not ${metric.metric}`,
    };
  const op = parseOp(raw, metric.end, metric.metric);
  if ('message' in op) return op;
  const limit = parseLimit(raw, op.end, metric.metric, op.op);
  if ('message' in limit) return limit;
  const window = parseWindow(raw, limit.end, {
    metric: metric.metric,
    scoped: scope.read !== '' || stream !== undefined,
    relative: limit.baseline !== undefined,
  });
  if ('message' in window) return window;
  const abort = parseAbort(raw, window.end, {
    metric: metric.metric,
    op: op.op,
    plain: scope.read === '' && limit.baseline === undefined && window.overS === undefined && stream === undefined,
  });
  if ('message' in abort) return abort;
  const rest = skipSpace(raw, abort.end);
  if (rest < raw.length) return trailingText(raw, rest, raw.slice(limit.start, abort.end));
  return {
    source: raw.trim(),
    line,
    ...(scope.step !== undefined && { step: scope.step }),
    ...(scope.location !== undefined && { location: scope.location }),
    metric: metric.metric,
    op: op.op,
    value: limit.value,
    ...(limit.baseline !== undefined && { baseline: limit.baseline }),
    ...(window.overS !== undefined && { overS: window.overS }),
    ...(abort.abort && { abort: true }),
    ...(stream && { stream: stream.stream }),
  };
}

/**
 * `first_event.` or `gap.` before the metric: a streaming step's time to its first event or its
 * gaps between events. Judged over every stream (no scope), per step, or per step at a location;
 * a location alone has no stream histogram of its own.
 */
function parseStreamMetric(raw: string, scope: Scope): { stream: StreamMetric; at: number } | LineError | undefined {
  const word = readWord(raw, scope.end);
  const stream = STREAM_METRICS.find((m) => m === word);
  if (stream === undefined) return undefined;
  const at = scope.end;
  const dot = skipSpace(raw, at + word.length);
  if (raw[dot] !== '.')
    return { index: dot, message: `expected "." and a time metric after "${scope.read}${word}" (${word}.p95), got ${got(raw, dot)}` };
  if (scope.location !== undefined && scope.step === undefined)
    return { index: at, message: `${word} at a location takes a step too: step[NAME].location[${scope.location}].${word}.p95` };
  scope.read += `${word}.`;
  scope.end = skipSpace(raw, dot + 1);
  return { stream, at };
}

/**
 * `abort` at the end: the run stops once the breach is certain whatever the remaining requests do
 * (src/verdict/abort.ts), which can be known of an upper limit on the whole run's HTTP failure
 * rate or on a percentile of its response times.
 */
function parseAbort(
  raw: string,
  from: number,
  threshold: { metric: ThresholdMetric; op: ThresholdOp; plain: boolean },
): { abort: boolean; end: number } | LineError {
  const start = skipSpace(raw, from);
  if (readWord(raw, start) !== 'abort') return { abort: false, end: from };
  const { metric, op } = threshold;
  const upper = op === '<' || op === '<=';
  if (!upper || !(metric === 'http_fail_rate' || percentileOf(metric) !== undefined) || !threshold.plain)
    return {
      index: start,
      message:
        'abort takes an upper limit (< or <=) on http_fail_rate or a percentile of the whole run, with a value: http_fail_rate < 5% abort, p99 < 500ms abort',
    };
  return { abort: true, end: start + 'abort'.length };
}

/** The longest window of `over TIME`: the longest run. */
const MAX_WINDOW_S = 86_400;

/**
 * `over 10s` after the limit: the threshold is judged on every sliding window of that many whole
 * seconds, from the per-second histograms; so only response times of the whole run take it.
 */
function parseWindow(
  raw: string,
  from: number,
  threshold: { metric: ThresholdMetric; scoped: boolean; relative: boolean },
): { overS?: number; end: number } | LineError {
  const start = skipSpace(raw, from);
  if (readWord(raw, start) !== 'over') return { end: from };
  const at = skipSpace(raw, start + 'over'.length);
  const text = /^\S*/.exec(raw.slice(at))?.[0] ?? '';
  const match = /^(\d+)(s|m)?$/.exec(text);
  const seconds = match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : Number.NaN;
  if (!(seconds >= 1 && seconds <= MAX_WINDOW_S))
    return { index: at, message: `expected a window of whole seconds after "over", such as 10s or 1m, got ${got(raw, at)}` };
  if (metricKind(threshold.metric) !== 'time')
    return {
      index: start,
      message: `over TIME judges response times from the per-second histograms (p95 < 300ms over 10s); ${threshold.metric} is not one`,
    };
  if (threshold.scoped)
    return {
      index: start,
      message: "over TIME is judged on the whole run's seconds of response times: it takes no step[…], location[…], first_event or gap",
    };
  if (threshold.relative) return { index: start, message: 'over TIME takes a limit, not one relative to the baseline' };
  return { overS: seconds, end: at + text.length };
}

/** Some threshold is judged on windows: the run keeps each second's histogram. */
export function judgedOnWindows(thresholds: readonly Threshold[]): boolean {
  return thresholds.some((t) => t.overS !== undefined);
}

function parseScopes(raw: string): Scope | LineError {
  const scope: Scope = { read: '', end: skipSpace(raw, 0) };
  for (;;) {
    const word = readWord(raw, scope.end);
    const bracket = skipSpace(raw, scope.end + word.length);
    const isScopeWord = word === 'step' || word === 'location';
    if (word === '' || raw[bracket] !== '[') {
      if (isScopeWord) return { index: bracket, message: `expected "[" after "${word}", got ${got(raw, bracket)}` };
      return scope;
    }
    if (!isScopeWord) {
      return { index: scope.end, message: `unknown scope ${quote(word)}; expected step[…] or location[…]` };
    }
    if (scope[word] !== undefined) {
      return { index: scope.end, message: `${word}[…] given twice; a threshold has at most one step and one location` };
    }
    const close = raw.indexOf(']', bracket + 1);
    if (close < 0) {
      const inside = word === 'step' ? 'the step id or name' : 'the location';
      return { index: bracket, message: `unclosed "[" in ${word}[…]; expected "]" after ${inside}` };
    }
    const innerStart = skipSpace(raw, bracket + 1);
    const inner = raw.slice(innerStart, close).trim();
    const error = word === 'step' ? setStep(scope, inner, innerStart) : setLocation(scope, inner, innerStart);
    if (error) return error;
    scope.read += `${word}[${inner}]`;
    const dot = skipSpace(raw, close + 1);
    if (raw[dot] !== '.') return { index: dot, message: `expected "." after "${scope.read}", got ${got(raw, dot)}` };
    scope.read += '.';
    scope.end = skipSpace(raw, dot + 1);
  }
}

function setStep(scope: Scope, inner: string, index: number): LineError | undefined {
  if (inner === '') return { index, message: 'expected a step id or name inside step[], or * for each step' };
  if (inner === '*') {
    scope.step = { each: true };
    return undefined;
  }
  if (!/^\d+$/.test(inner)) {
    scope.step = { name: inner };
    return undefined;
  }
  const id = Number(inner);
  if (!Number.isSafeInteger(id)) return { index, message: `step id ${inner} is too large to be a step id` };
  scope.step = { id };
  return undefined;
}

const LOCATION_FORM = 'a two-letter upper-case country code such as DE, local, or * for each location';

function setLocation(scope: Scope, inner: string, index: number): LineError | undefined {
  if (/^[A-Z]{2}$/.test(inner) || inner === 'local' || inner === '*') {
    scope.location = inner;
    return undefined;
  }
  if (inner === '') return { index, message: `expected a location inside location[]: ${LOCATION_FORM}` };
  if (/^[a-zA-Z]{2}$/.test(inner)) {
    const code = inner.toUpperCase();
    return { index, message: `location ${quote(inner)}: country codes are upper case; write location[${code}]` };
  }
  return { index, message: `location ${quote(inner)} is not valid; expected ${LOCATION_FORM}` };
}

function parseMetric(raw: string, scope: Scope): { metric: ThresholdMetric; end: number } | LineError {
  const percentile = /^p\d+(?:\.\d+)?(?![A-Za-z0-9_.])/.exec(raw.slice(scope.end))?.[0];
  if (percentile !== undefined) return parsePercentile(percentile, scope.end);
  const word = readWord(raw, scope.end);
  if (word === '') {
    const message =
      scope.read === ''
        ? `expected a metric (${METRICS_LIST}) or a scope (step[…], location[…]), got ${got(raw, scope.end)}`
        : `expected a metric or a scope after "${scope.read}", got ${got(raw, scope.end)}`;
    return { index: scope.end, message };
  }
  const metric = THRESHOLD_METRICS.find((m) => m === word);
  if (metric) return { metric, end: scope.end + word.length };
  const lower = THRESHOLD_METRICS.find((m) => m === word.toLowerCase()) ?? (/^P\d/.test(word) ? word.toLowerCase() : undefined);
  const message = lower
    ? `unknown metric ${quote(word)}; metrics are lower case: ${lower}`
    : `unknown metric ${quote(word)}; expected one of ${METRICS_LIST}`;
  return { index: scope.end, message };
}

/**
 * `p75` → 75, `p99.9` → 99.9; without a decimal point, digits past 100 read as HdrHistogram's
 * and k6's shorthand: `p999` → 99.9, `p9999` → 99.99. The metric is kept in canonical form (`p99.9`).
 */
function parsePercentile(text: string, index: number): { metric: ThresholdMetric; end: number } | LineError {
  const digits = text.slice(1);
  const value = digits.includes('.') || Number(digits) <= 100 ? Number(digits) : Number(`${digits.slice(0, 2)}.${digits.slice(2)}`);
  if (!(value > 0 && value <= 100)) {
    return {
      index,
      message: `percentile ${quote(text)} is out of range; expected p followed by a number above 0 and up to 100 (p50, p99.9)`,
    };
  }
  return { metric: `p${value}`, end: index + text.length };
}

interface ParsedLimit {
  value: number;
  baseline?: BaselineLimit;
  /** Where the limit starts and where it ends. */
  start: number;
  end: number;
}

function parseLimit(raw: string, from: number, metric: ThresholdMetric, op: ThresholdOp): ParsedLimit | LineError {
  const start = skipSpace(raw, from);
  if (readWord(raw, start) !== 'baseline') {
    const value = parseValue(raw, start, metric, `after "${op}"`);
    return 'message' in value ? value : { ...value, start };
  }
  const afterWord = start + 'baseline'.length;
  const signAt = skipSpace(raw, afterWord);
  const sign = raw[signAt];
  if (sign !== '+' && sign !== '-') return { value: 0, baseline: { kind: 'percent', amount: 0 }, start, end: afterWord };
  const amountAt = skipSpace(raw, signAt + 1);
  const number = readNumber(raw, amountAt);
  if (number === undefined) return { index: amountAt, message: `expected a number after "baseline ${sign}", got ${got(raw, amountAt)}` };
  const unitAt = skipSpace(raw, amountAt + number.length);
  const unit = readUnit(raw, unitAt);
  const signed = (n: number): number => (sign === '-' ? -n : n) || 0;
  if (unit === '%') return { value: 0, baseline: { kind: 'percent', amount: signed(Number(number)) }, start, end: unitAt + 1 };
  if (metricKind(metric) === 'rate') {
    return {
      index: unitAt,
      message: `expected % after "baseline ${sign} ${number}": a change relative to the baseline, e.g. baseline + 10%`,
    };
  }
  const value = parseValue(raw, amountAt, metric, `after "baseline ${sign}"`);
  if ('message' in value) return value;
  // `baseline + 0ms` means the baseline itself: one meaning, one form (`baseline`).
  const amount = signed(value.value);
  return { value: 0, baseline: { kind: amount === 0 ? 'percent' : 'absolute', amount }, start, end: value.end };
}

/** Words that may follow a limit without a unit (`p95 < 300 over 10s`, `p99 < 500 abort`). */
const SUFFIXES = ['over', 'abort'];

function readNumber(raw: string, at: number): string | undefined {
  return /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(raw.slice(at))?.[0];
}

function readUnit(raw: string, at: number): string {
  return /^[^\s#]*/.exec(raw.slice(at))?.[0] ?? '';
}

function parseValue(raw: string, start: number, metric: ThresholdMetric, after: string): { value: number; end: number } | LineError {
  const number = readNumber(raw, start);
  if (number === undefined) return { index: start, message: `expected a number or baseline ${after}, got ${got(raw, start)}` };
  const unitStart = skipSpace(raw, start + number.length);
  const unit = SUFFIXES.includes(readUnit(raw, unitStart)) ? '' : readUnit(raw, unitStart);
  const kind = metricKind(metric);
  if (kind === 'rate' && unit === '') {
    return {
      index: unitStart,
      message: `${metric} is a percentage and needs its % sign: write ${number}% for ${number} %, or ${plainDecimal(Number(number) * 100)}% if ${number} is a fraction`,
    };
  }
  if (unit !== '' && !UNITS[kind].includes(unit)) {
    const message = KNOWN_UNITS.includes(unit)
      ? `unit ${quote(unit)} does not apply to ${metric} (${KIND_NAMES[kind]}); ${metric} ${KIND_USAGE[kind]}`
      : `unknown unit ${quote(unit)} after ${number}; ${metric} ${KIND_USAGE[kind]}`;
    return { index: unitStart, message };
  }
  if (kind === 'count' && !/^\d+$/.test(number)) {
    return { index: start, message: `${metric} is a count; expected a whole number, got ${number}` };
  }
  // Shifting the decimal point in the text keeps 0.1s at exactly 100 (0.1 * 1000 is not).
  const value = unit === 's' ? Number(`${number}e3`) : Number(number);
  if (kind === 'rate' && value > 100) {
    return { index: start, message: `${metric} is a percentage; expected a value from 0 to 100, got ${number}` };
  }
  return { value, end: unit === '' ? start + number.length : unitStart + unit.length };
}

function trailingText(raw: string, index: number, value: string): LineError {
  if (raw[index] === '#') {
    return { index, message: `unexpected comment after "${value}"; a comment goes on its own line, starting with #` };
  }
  return {
    index,
    message: `unexpected ${got(raw, index)} after "${value}"; expected the end of the threshold (one per line)`,
  };
}

// ---- rendering ----

const UNIT_TEXT: Record<MetricKind, string> = { time: ' ms', rate: ' %', count: '', throughput: '' };

/** Canonical text of a threshold (`step[login].location[DE].p95 < 500 ms`); parses back to it. */
export function describeThreshold(t: Threshold): string {
  const step = t.step === undefined ? '' : `step[${'id' in t.step ? t.step.id : 'name' in t.step ? t.step.name : '*'}].`;
  const location = t.location === undefined ? '' : `location[${t.location}].`;
  const stream = t.stream === undefined ? '' : `${t.stream}.`;
  return `${step}${location}${stream}${t.metric} ${t.op} ${describeLimit(t)}${t.overS === undefined ? '' : ` over ${t.overS}s`}${t.abort ? ' abort' : ''}`;
}

function describeLimit(t: Threshold): string {
  const unit = UNIT_TEXT[metricKind(t.metric)];
  if (t.baseline === undefined) return `${plainDecimal(t.value)}${unit}`;
  const { kind, amount } = t.baseline;
  if (amount === 0) return 'baseline';
  const sign = amount < 0 ? '-' : '+';
  return `baseline ${sign} ${plainDecimal(Math.abs(amount))}${kind === 'percent' ? '%' : unit}`;
}

const VALUE_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A value in the metric's base unit as reports show it: `512 ms`, `1.25 %`, `1,234`, `812.3/s`. */
export function formatMetricValue(metric: ThresholdMetric, value: number): string {
  const number = VALUE_FORMAT.format(value);
  const suffix = { time: ' ms', rate: ' %', count: '', throughput: '/s' }[metricKind(metric)];
  return `${number}${suffix}`;
}

/** Whether a metric is one of the named ones (not a percentile written pN). */
export function isNamedMetric(metric: ThresholdMetric): metric is NamedMetric {
  return (THRESHOLD_METRICS as readonly string[]).includes(metric);
}

/** String(n) without exponent notation, which the grammar does not read (1e-7 → 0.0000001). */
function plainDecimal(n: number): string {
  const text = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', first = '', rest = '', exponentText = ''] = match;
  const digits = first + rest;
  const exponent = Number(exponentText);
  // String() uses exponents only below 1e-6 and from 1e21 on, beyond the 17 significant digits.
  const plain = exponent < 0 ? `0.${'0'.repeat(-exponent - 1)}${digits}` : digits.padEnd(exponent + 1, '0');
  return sign + plain;
}
