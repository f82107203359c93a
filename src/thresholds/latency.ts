// Latency thresholds, in the grammar of the README's Thresholds with a `latency` scope:
//   latency[.|[CODE].]<phase>.<stat> op value[ms|s]     phase dns|connect|tls|ttfb|total, stat min|avg|median|p95|max
//   latency[.|[CODE].]fail_rate op value[%]
// `latency.ttfb.p95 < 200ms` holds at every location; `latency[EU.DE.FRA].total.avg < 300` at one.
// Other lines of the same input are left to grammar.ts (isLatencyThresholdLine in syntax.ts tells them
// apart), so that line numbers stay those of the whole input. Parsing only, pure, like grammar.ts;
// the evaluation against a latency test's results is the verdict's (src/verdict/latency.ts).
import type { Parsed } from '../errors.ts';
import { thresholdPlace, THRESHOLD_FLAG, THRESHOLDS_INPUT, type ThresholdOrigin } from './grammar.ts';
import { got, isLatencyThresholdLine, parseEachLine, parseOp, readWord, skipSpace, type LineError } from './syntax.ts';
import type { ThresholdOp } from '../types.ts';
import { LATENCY_PHASES, LATENCY_STATS, type LatencyPhase, type LatencyStat } from '../types.ts';

export type LatencyMetric = `${LatencyPhase}.${LatencyStat}` | 'fail_rate';

export interface LatencyThreshold {
  /** The line as the user wrote it (trimmed). */
  source: string;
  /** 1-based line number in the input. */
  line: number;
  /** A location code; absent: every location. */
  location?: string;
  metric: LatencyMetric;
  op: ThresholdOp;
  /** ms for phases, % for fail_rate. */
  value: number;
}

const CODE = /^[A-Z][A-Z0-9]*(?:\.[A-Z][A-Z0-9]*)+$/;
const METRIC_FORM = `<phase>.<stat> (phase ${LATENCY_PHASES.join(', ')}; stat ${LATENCY_STATS.join(', ')}) or fail_rate`;

/** The `latency…` lines of a multi-line input; the others (and blank and # lines) are skipped. */
export function parseLatencyThresholds(text: string, origin: ThresholdOrigin = THRESHOLDS_INPUT): Parsed<LatencyThreshold[]> {
  return parseLatencyThresholdLines(text.split(/\r?\n/), origin);
}

/** One threshold per entry (repeated CLI flags), numbered from 1; entries not starting with `latency` are skipped. */
export function parseLatencyThresholdLines(lines: readonly string[], origin: ThresholdOrigin = THRESHOLD_FLAG): Parsed<LatencyThreshold[]> {
  return parseEachLine(lines, isLatencyThresholdLine, parseLine, (line) => thresholdPlace(origin, line));
}

// ---- parsing one line ----

function parseLine(raw: string, line: number): LatencyThreshold | LineError {
  let at = skipSpace(raw, 0) + 'latency'.length;
  let location: string | undefined;
  if (raw[at] === '[') {
    const close = raw.indexOf(']', at);
    if (close < 0) return { index: at, message: 'unclosed "[" in latency[…]; expected "]" after the location code' };
    const inner = raw.slice(at + 1, close).trim();
    if (!CODE.test(inner)) return { index: at + 1, message: locationMessage(inner) };
    location = inner;
    at = close + 1;
  }
  if (raw[at] !== '.') return { index: at, message: `expected "." after "${raw.slice(skipSpace(raw, 0), at)}", got ${got(raw, at)}` };
  const metric = parseMetric(raw, at + 1);
  if ('message' in metric) return metric;
  const op = parseOp(raw, metric.end, metric.metric);
  if ('message' in op) return op;
  const value = parseValue(raw, op.end, metric.metric, op.op);
  if ('message' in value) return value;
  const rest = skipSpace(raw, value.end);
  if (rest < raw.length) return { index: rest, message: `unexpected ${got(raw, rest)}; expected the end of the threshold (one per line)` };
  return {
    source: raw.trim(),
    line,
    ...(location === undefined ? {} : { location }),
    metric: metric.metric,
    op: op.op,
    value: value.value,
  };
}

function locationMessage(inner: string): string {
  if (inner === '') return 'expected a location code inside latency[], such as latency[EU.DE.FRA]';
  if (inner.includes('*')) return `latency[${inner}]: a threshold names one location code, not a pattern; use latency.… for every location`;
  if (CODE.test(inner.toUpperCase())) return `location codes are upper case; write latency[${inner.toUpperCase()}]`;
  return `location ${JSON.stringify(inner)} is not a location code; expected two or more dot-separated upper-case segments such as EU.DE.FRA`;
}

function parseMetric(raw: string, from: number): { metric: LatencyMetric; end: number } | LineError {
  const word = readWord(raw, from);
  if (word === 'fail_rate') return { metric: 'fail_rate', end: from + word.length };
  const phase = LATENCY_PHASES.find((p) => p === word);
  if (!phase) {
    const lower = word.toLowerCase();
    const hint = LATENCY_PHASES.some((p) => p === lower) || lower === 'fail_rate' ? `; metrics are lower case: ${lower}` : '';
    return {
      index: from,
      message: `unknown latency metric ${word === '' ? got(raw, from) : JSON.stringify(word)}${hint}; expected ${METRIC_FORM}`,
    };
  }
  const dot = from + word.length;
  if (raw[dot] !== '.')
    return { index: dot, message: `expected "." and a statistic (${LATENCY_STATS.join(', ')}) after "${phase}", got ${got(raw, dot)}` };
  const statWord = readWord(raw, dot + 1);
  const stat = LATENCY_STATS.find((s) => s === statWord);
  if (!stat) {
    const hint = /^p50$/i.test(statWord) ? '; the 50th percentile is written median' : '';
    const found = statWord === '' ? got(raw, dot + 1) : JSON.stringify(statWord);
    return { index: dot + 1, message: `unknown statistic ${found}${hint}; expected one of ${LATENCY_STATS.join(', ')}` };
  }
  return { metric: `${phase}.${stat}`, end: dot + 1 + statWord.length };
}

function parseValue(raw: string, from: number, metric: LatencyMetric, op: ThresholdOp): { value: number; end: number } | LineError {
  const start = skipSpace(raw, from);
  const number = /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(raw.slice(start))?.[0];
  if (number === undefined) return { index: start, message: `expected a number after "${op}", got ${got(raw, start)}` };
  const unitStart = skipSpace(raw, start + number.length);
  const unit = /^[^\s#]*/.exec(raw.slice(unitStart))?.[0] ?? '';
  const isRate = metric === 'fail_rate';
  const units = isRate ? ['%'] : ['ms', 's'];
  if (unit !== '' && !units.includes(unit)) {
    const usage = isRate ? 'fail_rate takes % or no unit' : `${metric} takes ms or s (no unit means ms)`;
    const known = ['ms', 's', '%'].includes(unit);
    return {
      index: unitStart,
      message: known
        ? `unit ${JSON.stringify(unit)} does not apply here; ${usage}`
        : `unknown unit ${JSON.stringify(unit)} after ${number}; ${usage}`,
    };
  }
  // Shifting the decimal point in the text keeps 0.1s at exactly 100 (0.1 * 1000 is not).
  const value = unit === 's' ? Number(`${number}e3`) : Number(number);
  if (isRate && value > 100) return { index: start, message: `fail_rate is a percentage; expected a value from 0 to 100, got ${number}` };
  return { value, end: unit === '' ? start + number.length : unitStart + unit.length };
}

// ---- rendering ----

const PLAIN = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/** Canonical text of a threshold; parses back to the same threshold. */
export function describeLatencyThreshold(t: LatencyThreshold): string {
  const scope = t.location === undefined ? 'latency' : `latency[${t.location}]`;
  return `${scope}.${t.metric} ${t.op} ${PLAIN.format(t.value)} ${t.metric === 'fail_rate' ? '%' : 'ms'}`;
}
