// Thresholds (the README's "Thresholds"): parse the user's lines into Threshold values, evaluate them against a
// result, and render them for reports. Pure: text and results come in, values go out.
//
// Grammar, one threshold per line:  [scope.]metric op value[unit]
//   scope   step[<id>|<name>] | location[<CC>|local] | both, in either order, joined by "."
//   op      < <= > >= == !=
//   unit    ms or s for times (none = ms), % for rates (optional), none for counts and rps

import type { Problem } from './errors.ts';
import { THRESHOLD_METRICS } from './types.ts';
import { compareValues, got, isLatencyThresholdLine, parseEachLine, parseOp, quote, readWord, skipSpace, type LineError } from './threshold-syntax.ts';
import type {
  LoadTestResult,
  ResponseTimes,
  RunInfo,
  StepResult,
  Threshold,
  ThresholdMetric,
  ThresholdOp,
  ThresholdOutcome,
} from './types.ts';

export type MetricKind = 'time' | 'rate' | 'count' | 'throughput';

export function metricKind(metric: ThresholdMetric): MetricKind {
  switch (metric) {
    case 'fail_rate':
    case 'success_rate':
      return 'rate';
    case 'fail_count':
    case 'success_count':
    case 'iteration_count':
      return 'count';
    case 'rps':
      return 'throughput';
    default:
      return 'time';
  }
}

/** Where thresholds came from, so that problems point where the user wrote them. */
export interface ThresholdOrigin {
  /** The action input or CLI flag: `thresholds`, `--threshold`. */
  name: string;
  /** `lines`: one text, a threshold per line. `flags`: a threshold per use of a repeated flag. */
  kind: 'lines' | 'flags';
}
export const THRESHOLDS_INPUT: ThresholdOrigin = { name: 'thresholds', kind: 'lines' };
export const THRESHOLD_FLAG: ThresholdOrigin = { name: '--threshold', kind: 'flags' };

/** `thresholds line 3` or `--threshold #3`: the Problem path of one threshold. */
export function thresholdPlace(origin: ThresholdOrigin, line: number): string {
  return origin.kind === 'lines' ? `${origin.name} line ${line}` : `${origin.name} #${line}`;
}

export type ParsedThresholds = { ok: true; thresholds: Threshold[] } | { ok: false; problems: Problem[] };
export type EvaluatedThresholds =
  | { ok: true; outcomes: ThresholdOutcome[] }
  | { ok: false; problems: Problem[] };

/** The action input: a multi-line text, one threshold per line. */
export function parseThresholds(text: string, origin: ThresholdOrigin = THRESHOLDS_INPUT): ParsedThresholds {
  return parseThresholdLines(text.split(/\r?\n/), origin);
}

/** The CLI's repeated `--threshold` flags: one threshold per entry, numbered from 1. */
export function parseThresholdLines(
  lines: readonly string[],
  origin: ThresholdOrigin = THRESHOLD_FLAG,
): ParsedThresholds {
  // `latency…` lines are the latency test's (src/latency/thresholds.ts); callers without one refuse them.
  const accepts = (raw: string): boolean => {
    const trimmed = raw.trim();
    return trimmed !== '' && !trimmed.startsWith('#') && !isLatencyThresholdLine(trimmed);
  };
  return parseEachLine(lines, accepts, parseLine, (line) => thresholdPlace(origin, line));
}

// ---- parsing one line ----

const METRICS_LIST = THRESHOLD_METRICS.join(', ');
const UNITS: Record<MetricKind, readonly string[]> = { time: ['ms', 's'], rate: ['%'], count: [], throughput: [] };
const KNOWN_UNITS = ['ms', 's', '%'];
const KIND_NAMES: Record<MetricKind, string> = {
  time: 'a time',
  rate: 'a percentage',
  count: 'a count',
  throughput: 'requests per second',
};
const KIND_USAGE: Record<MetricKind, string> = {
  time: 'takes ms or s (no unit means ms)',
  rate: 'takes % or no unit',
  count: 'takes a whole number with no unit',
  throughput: 'takes a number with no unit (requests per second)',
};

/** A problem in one line; `index` is where in the line (UTF-16 index, turned into a column later). */
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
  const metric = parseMetric(raw, scope);
  if ('message' in metric) return metric;
  const op = parseOp(raw, metric.end, metric.metric);
  if ('message' in op) return op;
  const value = parseValue(raw, op.end, metric.metric, op.op);
  if ('message' in value) return value;
  const rest = skipSpace(raw, value.end);
  if (rest < raw.length) return trailingText(raw, rest, raw.slice(value.start, value.end));
  return {
    source: raw.trim(),
    line,
    ...(scope.step !== undefined && { step: scope.step }),
    ...(scope.location !== undefined && { location: scope.location }),
    metric: metric.metric,
    op: op.op,
    value: value.value,
  };
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
  if (inner === '') return { index, message: 'expected a step id or name inside step[]' };
  if (!/^\d+$/.test(inner)) {
    scope.step = { name: inner };
    return undefined;
  }
  const id = Number(inner);
  if (!Number.isSafeInteger(id)) return { index, message: `step id ${inner} is too large to be a step id` };
  scope.step = { id };
  return undefined;
}

const LOCATION_FORM = 'a two-letter upper-case country code such as DE, or local';

function setLocation(scope: Scope, inner: string, index: number): LineError | undefined {
  if (/^[A-Z]{2}$/.test(inner) || inner === 'local') {
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
  const lower = THRESHOLD_METRICS.find((m) => m === word.toLowerCase());
  const message = lower
    ? `unknown metric ${quote(word)}; metrics are lower case: ${lower}`
    : /^p50$/i.test(word)
      ? `unknown metric ${quote(word)}; the 50th percentile is written median`
      : `unknown metric ${quote(word)}; expected one of ${METRICS_LIST}`;
  return { index: scope.end, message };
}


interface ParsedValue {
  value: number;
  /** Where the number starts and where its unit ends. */
  start: number;
  end: number;
}

function parseValue(raw: string, from: number, metric: ThresholdMetric, op: ThresholdOp): ParsedValue | LineError {
  const start = skipSpace(raw, from);
  const number = /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(raw.slice(start))?.[0];
  if (number === undefined) return { index: start, message: `expected a number after "${op}", got ${got(raw, start)}` };
  const unitStart = skipSpace(raw, start + number.length);
  const unit = /^[^\s#]*/.exec(raw.slice(unitStart))?.[0] ?? '';
  const kind = metricKind(metric);
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
  return { value, start, end: unit === '' ? start + number.length : unitStart + unit.length };
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

/** Canonical text of a threshold (`step[login].location[DE].p95 < 500 ms`); parses back to it. */
export function describeThreshold(t: Threshold): string {
  const step = t.step === undefined ? '' : `step[${'id' in t.step ? t.step.id : t.step.name}].`;
  const location = t.location === undefined ? '' : `location[${t.location}].`;
  const unit = { time: ' ms', rate: ' %', count: '', throughput: '' }[metricKind(t.metric)];
  return `${step}${location}${t.metric} ${t.op} ${plainDecimal(t.value)}${unit}`;
}

const VALUE_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A value in the metric's base unit as reports show it: `512 ms`, `1.25 %`, `1,234`, `812.3/s`. */
export function formatMetricValue(metric: ThresholdMetric, value: number): string {
  const number = VALUE_FORMAT.format(value);
  const suffix = { time: ' ms', rate: ' %', count: '', throughput: '/s' }[metricKind(metric)];
  return `${number}${suffix}`;
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

// ---- evaluation ----

/** The counts and response times that every level of a result (overall, step, location) has. */
interface Level {
  fail_count: number;
  success_count: number;
  iteration_count: number;
  response_times: ResponseTimes;
}

/**
 * Measure each threshold against the result. A threshold whose step or location is not in the
 * result is a problem, never a pass; all such problems are reported together.
 */
export function evaluateThresholds(
  result: LoadTestResult,
  thresholds: readonly Threshold[],
  origin: ThresholdOrigin = THRESHOLDS_INPUT,
): EvaluatedThresholds {
  const outcomes: ThresholdOutcome[] = [];
  const problems: Problem[] = [];
  for (const threshold of thresholds) {
    const level = resolveLevel(result, threshold);
    if (typeof level === 'string') {
      problems.push({ path: thresholdPlace(origin, threshold.line), message: level });
      continue;
    }
    const scoped = threshold.step !== undefined || threshold.location !== undefined;
    const actual = metricValue(threshold.metric, level, result.run, scoped);
    outcomes.push({ threshold, actual, passed: compareValues(actual, threshold.op, threshold.value) });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, outcomes };
}

function resolveLevel(result: LoadTestResult, t: Threshold): Level | string {
  let step: StepResult | undefined;
  if (t.step !== undefined) {
    const found = findStep(result, t.step);
    if (typeof found === 'string') return found;
    step = found;
  }
  if (t.location === undefined) return step ?? result.results;
  const locations: Record<string, Level> = step ? step.location_dist : result.results.location_dist;
  if (Object.hasOwn(locations, t.location)) {
    const level = locations[t.location];
    if (level) return level;
  }
  const keys = Object.keys(locations);
  const name = step && stepName(result, step.id);
  const where = step ? ` of step ${step.id}${name === undefined ? '' : ` (${name})`}` : '';
  const existing = keys.length > 0 ? `${step ? 'its ' : ''}locations are: ${keys.join(', ')}` : 'there are none';
  return `location ${quote(t.location)} is not in the results${where}; ${existing}`;
}

function findStep(result: LoadTestResult, selector: NonNullable<Threshold['step']>): StepResult | string {
  const steps = result.results.steps;
  const existing =
    steps.length > 0 ? `steps are: ${steps.map((s) => listedStep(result, s.id)).join(', ')}` : 'there are none';
  if ('id' in selector) {
    return steps.find((s) => s.id === selector.id) ?? `step ${selector.id} is not in the results; ${existing}`;
  }
  const named = result.run.steps.filter((s) => s.name === selector.name);
  const [only] = named;
  if (only === undefined) return `step ${quote(selector.name)} is not in the results; ${existing}`;
  if (named.length > 1) {
    const ids = named.map((s) => s.id).join(', ');
    return `step name ${quote(selector.name)} is ambiguous: steps ${ids} have it; use the id, e.g. step[${only.id}]`;
  }
  return (
    steps.find((s) => s.id === only.id) ??
    `step ${quote(selector.name)} (id ${only.id}) is not in the results; ${existing}`
  );
}

/** `2 login` as steps are listed in messages; just the id when the run does not name it. */
function listedStep(result: LoadTestResult, id: number): string {
  const name = stepName(result, id);
  return name === undefined ? String(id) : `${id} ${name}`;
}

function stepName(result: LoadTestResult, id: number): string | undefined {
  return result.run.steps.find((s) => s.id === id)?.name;
}

function metricValue(metric: ThresholdMetric, level: Level, run: RunInfo, scoped: boolean): number {
  const total = level.fail_count + level.success_count;
  // One division of exact integers: 7 of 100 is 7, where 7 / 100 * 100 is 7.000000000000001.
  switch (metric) {
    case 'fail_rate':
      return total === 0 ? 0 : (level.fail_count * 100) / total;
    case 'success_rate':
      return total === 0 ? 0 : (level.success_count * 100) / total;
    case 'fail_count':
    case 'success_count':
    case 'iteration_count':
      return level[metric];
    case 'rps':
      if (!scoped) return run.rps;
      return run.duration_s > 0 ? total / run.duration_s : 0;
    default:
      return level.response_times[metric];
  }
}

