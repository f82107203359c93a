// The CLI's end-of-run summary: the same figures and words as the Markdown report, as aligned
// plain text. Colour only when asked for (a TTY); user text is stripped of control characters
// so a step name cannot move the cursor or change colours.

import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import type { Judgement, LoadTestResult, ResponseTimes } from '../types.ts';
import { BASELINE_METRICS, changeVerdict, failRatePct, findChange, formatChange } from './baseline.ts';
import type { VerdictStatus } from './format.ts';
import {
  checkName,
  checkRows,
  egressOf,
  formatCount,
  formatMs,
  formatTimeOrNone,
  locationResponses,
  responseCount,
  statusCounts,
  NO_RESPONSE,
  type StatusCount,
  totalResponses,
  formatPercent,
  formatRps,
  formatTimestamp,
  oneLine,
  plural,
  requestLabel,
  runContext,
  showsLocations,
  truncate,
  verdictOf,
} from './format.ts';
import type { ReportInput } from './markdown.ts';

export interface TerminalOptions {
  /** ANSI colours; false gives text with no escape codes at all. */
  color: boolean;
  /** Columns to fit the step table into. Default 120. */
  width?: number;
}

/** extraSections are Markdown and stay out of the terminal; their features print their own lines. */
export type TerminalInput = Omit<ReportInput, 'marker' | 'maxLength'>;

const DEFAULT_WIDTH = 120;
/** Steps printed before the rest are counted; the results file has them all. */
const TERMINAL_STEPS = 50;
const TOP_ERRORS = 10;
const MIN_TEXT_COLUMN = 8;
const TERMINAL_STATUS_CODES = 3;

type Paint = (code: number, text: string) => string;

const SYMBOL: Record<VerdictStatus, string> = { passed: '✔', failed: '✘', partial: '!' };
const COLOUR: Record<VerdictStatus, number> = { passed: 32, failed: 31, partial: 33 };
const GREEN = 32;
const RED = 31;
const YELLOW = 33;
const BOLD = 1;

export function renderTerminal(input: TerminalInput, opts: TerminalOptions): string {
  const paint: Paint = opts.color
    ? (code, text) => (code === 0 ? text : `\u001b[${code}m${text}\u001b[0m`)
    : (_, text) => text;
  const width = Math.max(60, opts.width ?? DEFAULT_WIDTH);
  const blocks = [
    header(input, paint),
    checkLines(input.judgement, paint),
    overallLines(input, paint),
    stepLines(input.result, width, paint),
    locationLines(input.result),
    errorLines(input.result),
    linkLines(input),
  ];
  return blocks.filter((b) => b.length > 0).map((b) => b.join('\n')).join('\n\n') + '\n';
}

/** User text for a terminal: control characters (ESC included) become spaces. */
const clean = oneLine;

function header(input: TerminalInput, paint: Paint): string[] {
  const verdict = verdictOf(input.result, input.judgement, clean);
  const status = verdict.status;
  const lines = [paint(COLOUR[status], paint(BOLD, `${SYMBOL[status]} loadgate: ${verdict.text}`))];
  const context = runContext(input.result, clean);
  lines.push(`  ${context.parts.join(' · ')}`);
  if (context.lateWarning) lines.push(`  ${paint(YELLOW, `! ${context.lateWarning}`)}`);
  return lines;
}

function checkLines(judgement: Judgement, paint: Paint): string[] {
  const rows = checkRows(judgement);
  if (rows.length === 0) return [];
  const described = rows.map((r) => clean(checkName(r.check)));
  const pad = Math.max(...described.map((d) => stringWidth(d)));
  const marks = { passed: paint(GREEN, '✔ pass'), failed: paint(RED, '✘ FAIL'), warning: paint(YELLOW, '! warn') };
  const lines = rows.map((r, i) => {
    const limit = r.limit === '' ? '' : `  limit ${clean(r.limit)}`;
    return `  ${marks[r.result]}  ${padEndColumns(described[i] ?? '', pad)}  actual ${clean(r.check.actual)}${limit}`;
  });
  return ['Checks', ...lines];
}

function overallLines(input: TerminalInput, paint: Paint): string[] {
  const { results: r, run } = input.result;
  const t = r.response_times;
  const counts = [
    `iterations ${formatCount(r.iteration_count)}`,
    `successes ${formatCount(r.success_count)}`,
    `failures ${formatCount(r.fail_count)}`,
    `fail rate ${formatPercent(failRatePct(r))}`,
    formatRps(run.rps),
  ];
  const times = totalResponses(input.result) === 0
    ? ['response times — (no response)']
    : [
      `avg ${formatMs(t.avg)}`,
      `p50 ${formatMs(t.median)}`,
      `p90 ${formatMs(t.p90)}`,
      `p95 ${formatMs(t.p95)}`,
      `p99 ${formatMs(t.p99)}`,
      `max ${formatMs(t.max)}`,
      `stddev ${formatMs(t.stddev)}`,
    ];
  const lines = ['Overall', `  ${counts.join(' · ')}`, `  ${times.join(' · ')}`];
  const baseline = input.baseline;
  if (!baseline) return lines;
  const changes = BASELINE_METRICS.flatMap((m) => {
    const change = findChange(baseline.overall, m);
    if (!change) return [];
    const verdict = changeVerdict(change);
    const text = `${m} ${formatChange(change)}`;
    return [verdict === 'worse' ? paint(RED, text) : verdict === 'better' ? paint(GREEN, text) : text];
  });
  lines.push(`  against the baseline of ${formatTimestamp(baseline.baselineStartedAt)}:`);
  lines.push(...changes.map((c) => `    ${c}`));
  return lines;
}

function stepLines(result: LoadTestResult, width: number, paint: Paint): string[] {
  const steps = result.results.steps;
  if (steps.length === 0) return [];
  const info = new Map(result.run.steps.map((s) => [s.id, s]));
  const rows = steps.slice(0, TERMINAL_STEPS).map((s) => {
    const i = info.get(s.id);
    return [
      String(s.id),
      clean(i?.name ?? `step ${s.id}`),
      clean(i ? requestLabel(i.method, i.url) : ''),
      formatCount(s.success_count),
      formatCount(s.fail_count),
      formatPercent(failRatePct(s)),
      compactStatus(statusCounts(result, s.id, s.status_code_dist), paint),
      ...latencies(s.response_times, responseCount(s.status_code_dist)),
    ];
  });
  const head = ['#', 'Step', 'Request', 'OK', 'Failed', 'Fail rate', 'Status', 'avg', 'p50', 'p95', 'p99', 'max'];
  const lines = ['Steps', ...alignedTable(head, rows, { width, textColumns: [1, 2], leftColumns: [1, 2, 6] })];
  const hidden = steps.length - TERMINAL_STEPS;
  if (hidden > 0) lines.push(`  … and ${formatCount(hidden)} more ${plural(hidden, 'step')} (see the full report)`);
  return lines;
}

function locationLines(result: LoadTestResult): string[] {
  if (!showsLocations(result)) return [];
  const rows = Object.entries(result.results.location_dist).map(([location, l]) => [
    clean(location),
    clean(egressOf(result, location)),
    formatCount(l.iteration_count),
    formatCount(l.success_count),
    formatCount(l.fail_count),
    ...[l.response_times.avg, l.response_times.p95, l.response_times.p99].map((ms) => formatTimeOrNone(ms, locationResponses(result, location))),
  ]);
  const head = ['Location', 'Egress', 'Iterations', 'OK', 'Failed', 'avg', 'p95', 'p99'];
  return ['Locations', ...alignedTable(head, rows, { width: Number.POSITIVE_INFINITY, textColumns: [0, 1] })];
}

function errorLines(result: LoadTestResult): string[] {
  const names = new Map(result.run.steps.map((s) => [s.id, s.name]));
  const entries = result.results.steps
    .flatMap((s) => Object.entries(s.error_dist).map(([reason, count]) => ({ id: s.id, reason, count })))
    .sort((a, b) => b.count - a.count);
  if (entries.length === 0) return [];
  const top = entries.slice(0, TOP_ERRORS);
  const pad = Math.max(...top.map((e) => formatCount(e.count).length));
  const lines = top.map((e) => {
    const step = clean(truncate(names.get(e.id) ?? `step ${e.id}`, 40));
    return `  ${formatCount(e.count).padStart(pad)}  ${clean(truncate(e.reason, 100))}  (step ${e.id} ${step})`;
  });
  const more = entries.length > TOP_ERRORS ? [`  … and ${entries.length - TOP_ERRORS} more`] : [];
  return ['Top errors', ...lines, ...more];
}

function linkLines(input: TerminalInput): string[] {
  const lines: string[] = [];
  if (input.result.test_url) lines.push(`Full report: ${clean(input.result.test_url)}`);
  if (input.reportUrl) lines.push(`HTML report: ${clean(input.reportUrl)}`);
  return lines;
}

/** `200, 503 ×6`: the codes, and a count beside each error, which is in red; narrow enough for a terminal row. */
function compactStatus(counts: readonly StatusCount[], paint: Paint): string {
  if (counts.length === 0) return NO_RESPONSE;
  const shown = counts.slice(0, TERMINAL_STATUS_CODES).map((c) => {
    const code = clean(truncate(c.code, 5));
    return c.error ? paint(RED, `${code} ×${formatCount(c.count)}`) : code;
  });
  const rest = counts.length - TERMINAL_STATUS_CODES;
  return rest > 0 ? `${shown.join(', ')} +${rest}` : shown.join(', ');
}

function latencies(t: ResponseTimes, responses: number): string[] {
  return [t.avg, t.median, t.p95, t.p99, t.max].map((ms) => formatTimeOrNone(ms, responses));
}

/**
 * Columns padded to their widest cell by display width (wide CJK characters take two columns,
 * colour codes none), numbers right-aligned. When the table is wider than `width`, the text
 * columns (names) are cut, sharing what is left, never below a minimum.
 */
function alignedTable(
  head: readonly string[],
  rows: readonly string[][],
  layout: { width: number; textColumns: readonly number[]; leftColumns?: readonly number[] },
): string[] {
  const widths = head.map((h, c) => Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[c] ?? ''))));
  const gap = 2;
  const indent = 2;
  const total = indent + widths.reduce((a, w) => a + w, 0) + gap * (widths.length - 1);
  if (total > layout.width) {
    const fixed = total - layout.textColumns.reduce((a, c) => a + (widths[c] ?? 0), 0);
    const share = Math.max(MIN_TEXT_COLUMN, Math.floor((layout.width - fixed) / layout.textColumns.length));
    for (const c of layout.textColumns) widths[c] = Math.min(widths[c] ?? 0, share);
  }
  const line = (cells: readonly string[]) =>
    ' '.repeat(indent) +
    cells
      .map((cell, c) => {
        const w = widths[c] ?? 0;
        const text = layout.textColumns.includes(c) ? truncateColumns(cell, w) : cell;
        return (layout.leftColumns ?? layout.textColumns).includes(c) ? padEndColumns(text, w) : padStartColumns(text, w);
      })
      .join(' '.repeat(gap))
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

/** Cuts text to at most `width` columns, ending in `…` when cut (a cut text loses its colours). */
function truncateColumns(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let out = '';
  for (const ch of stripVTControlCharacters(text)) {
    if (stringWidth(`${out}${ch}…`) > width) break;
    out += ch;
  }
  return `${out}…`;
}

function padEndColumns(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

function padStartColumns(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - stringWidth(text))) + text;
}
