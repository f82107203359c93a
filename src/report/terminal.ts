// The CLI's end-of-run summary: the report model as aligned plain text, the same figures and words
// as the Markdown report. Colour only when asked for (a TTY); user text is stripped of control
// characters so a step name cannot move the cursor or change colours.

import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import { comparisonTerminal } from './comparison.ts';
import { formatCount } from './figures.ts';
import { NO_RESPONSE, oneLine, plural, truncate, type StatusCount } from './format.ts';
import { latencyTerminal } from './latency.ts';
import { historyTerminal } from './history.ts';
import { streamTableRows, textOf, type Figure, type ReportModel, type VerdictStatus } from './model.ts';

export interface TerminalOptions {
  /** ANSI colours; false gives text with no escape codes at all. */
  color: boolean;
  /** Columns to fit the step table into. Default 120. */
  width?: number;
}

const DEFAULT_WIDTH = 120;
/** Steps printed before the rest are counted; the results file has them all. */
const TERMINAL_STEPS = 50;
const TOP_ERRORS = 10;
const MIN_TEXT_COLUMN = 8;
const TERMINAL_STATUS_CODES = 3;

type Paint = (code: number, text: string) => string;

const SYMBOL: Record<VerdictStatus, string> = { passed: '✔', failed: '✘', incomplete: '!' };
const COLOUR: Record<VerdictStatus, number> = { passed: 32, failed: 31, incomplete: 33 };
const GREEN = 32;
const RED = 31;
const YELLOW = 33;
const BOLD = 1;

export function renderTerminal(model: ReportModel, opts: TerminalOptions): string {
  const paint: Paint = opts.color ? (code, text) => (code === 0 ? text : `\u001b[${code}m${text}\u001b[0m`) : (_, text) => text;
  const width = Math.max(60, opts.width ?? DEFAULT_WIDTH);
  const blocks = [
    header(model, paint),
    checkLines(model, paint),
    overallLines(model, paint),
    stepLines(model, width, paint),
    streamLines(model, width),
    locationLines(model),
    shardLines(model),
    model.history ? historyTerminal(model.history, clean) : [],
    errorLines(model),
    linkLines(model),
  ];
  const text = `${blocks
    .filter((b) => b.length > 0)
    .map((b) => b.join('\n'))
    .join('\n\n')}\n`;
  const sections = [
    ...(model.comparison ? [comparisonTerminal(model.comparison, opts)] : []),
    ...(model.latency ? [latencyTerminal(model.latency.result, { ...opts, outcomes: model.latency.outcomes })] : []),
  ];
  return [text, ...sections].join('\n');
}

/** User text for a terminal: control characters (ESC included) become spaces. */
const clean = oneLine;

function header(model: ReportModel, paint: Paint): string[] {
  const status = model.verdict.status;
  const lines = [paint(COLOUR[status], paint(BOLD, `${SYMBOL[status]} loadgate: ${textOf(model.verdict.text, clean)}`))];
  lines.push(`  ${model.context.map((part) => textOf(part, clean)).join(' · ')}`);
  if (model.late?.warning) lines.push(`  ${paint(YELLOW, `! ${model.late.text}`)}`);
  else if (model.late) lines.push(`  note: ${model.late.text}`);
  return lines;
}

function checkLines(model: ReportModel, paint: Paint): string[] {
  if (model.checks.length === 0) return [];
  const note = model.thresholdNote ? [paint(YELLOW, `! ${model.thresholdNote}`)] : [];
  const described = model.checks.map((c) => clean(c.name));
  const pad = Math.max(...described.map((d) => stringWidth(d)));
  const marks = { passed: paint(GREEN, '✔ pass'), failed: paint(RED, '✘ FAIL'), warning: paint(YELLOW, '! warn') };
  const lines = model.checks.map((c, i) => {
    const limit = c.limit === '' ? '' : `  limit ${clean(c.limit)}`;
    return `  ${marks[c.result]}  ${padEndColumns(described[i] ?? '', pad)}  actual ${clean(c.actual)}${limit}`;
  });
  return ['Checks', ...lines, ...note];
}

function overallLines(model: ReportModel, paint: Paint): string[] {
  const { figures: o, throughput, baselineStartedAt } = model.overall;
  const requests = [`requests ${o.requests}`, o.hasErrors ? paint(RED, o.errorSummary) : o.errorSummary, throughput.text];
  const iterations = [`iterations ${o.iterations}`, `failed iterations ${o.failures} (fail_rate ${o.failRate.text})`];
  const times = o.responded
    ? [
        `avg ${o.avg.text}`,
        `p50 ${o.p50.text}`,
        `p90 ${o.p90.text}`,
        `p95 ${o.p95.text}`,
        `p99 ${o.p99.text}`,
        `max ${o.max.text}`,
        `stddev ${o.stddev.text}`,
      ]
    : [`response times ${NO_RESPONSE} (no response)`];
  const lines = ['Overall', `  ${requests.join(' · ')}`, `  ${iterations.join(' · ')}`, `  ${times.join(' · ')}`];
  if (!baselineStartedAt) return lines;
  const changed: [string, Figure][] = [
    ['avg', o.avg],
    ['p95', o.p95],
    ['p99', o.p99],
    ['http_fail_rate', o.errorRate],
    ['fail_rate', o.failRate],
    ['rps', throughput],
  ];
  const changes = changed.flatMap(([metric, f]) => {
    if (!f.change) return [];
    const text = `${metric} ${f.text} (${f.change.text})`;
    return [f.change.verdict === 'worse' ? paint(RED, text) : f.change.verdict === 'better' ? paint(GREEN, text) : text];
  });
  return [...lines, `  against the baseline of ${baselineStartedAt}:`, ...changes.map((c) => `    ${c}`)];
}

function stepLines(model: ReportModel, width: number, paint: Paint): string[] {
  if (model.steps.length === 0) return [];
  const rows = model.steps
    .slice(0, TERMINAL_STEPS)
    .map((s) => [
      String(s.id),
      clean(s.name),
      clean(s.request),
      s.requests,
      s.hasErrors ? paint(RED, s.errors) : s.errors,
      s.errorRate.text,
      compactStatus(s.status, paint),
      s.avg.text,
      s.p50.text,
      s.p95.text,
      s.p99.text,
      s.max.text,
    ]);
  const head = ['#', 'Step', 'Request', 'Requests', 'Errors', 'Error rate', 'Status', 'avg', 'p50', 'p95', 'p99', 'max'];
  const lines = ['Steps', ...alignedTable(head, rows, { width, textColumns: [1, 2], leftColumns: [1, 2, 6] })];
  const hidden = model.steps.length - TERMINAL_STEPS;
  if (hidden > 0) lines.push(`  … and ${formatCount(hidden)} more ${plural(hidden, 'step')} (see the full report)`);
  return lines;
}

/** Streaming steps: the time to the first event and the gaps between events (docs/streaming.md). */
function streamLines(model: ReportModel, width: number): string[] {
  const rows = streamTableRows(model.steps, clean)
    .slice(0, TERMINAL_STEPS)
    .map((row) => row.cells);
  if (rows.length === 0) return [];
  const head = ['#', 'Step', 'Streams', 'Events', 'first p50', 'first p95', 'first p99', 'gap p50', 'gap p95', 'gap p99'];
  return ['Streams (first event, gaps between events)', ...alignedTable(head, rows, { width, textColumns: [1], leftColumns: [1] })];
}

function locationLines(model: ReportModel): string[] {
  if (!model.locations) return [];
  const rows = model.locations.map((l) => [
    clean(l.name),
    clean(l.egress),
    l.iterations,
    l.requests,
    l.errors,
    l.errorRate.text,
    l.avg.text,
    l.p95.text,
    l.p99.text,
  ]);
  const head = ['Location', 'Egress', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p95', 'p99'];
  return ['Locations', ...alignedTable(head, rows, { width: Number.POSITIVE_INFINITY, textColumns: [0, 1] })];
}

/** A merged run: the headline, then a line per shard. */
function shardLines(model: ReportModel): string[] {
  if (!model.shards) return [];
  const { headline, late, shards } = model.shards;
  return [
    `${late ? '! ' : ''}${headline}`,
    ...shards.map(
      (s) =>
        `  shard ${s.index}  ${clean(s.file)}  started ${s.started}, lag ${s.startLag}, ${s.iterations} iterations${s.late ? ', late' : ''}`,
    ),
  ];
}

function errorLines(model: ReportModel): string[] {
  const entries = [...model.errors].sort((a, b) => b.count - a.count);
  if (entries.length === 0) return [];
  const top = entries.slice(0, TOP_ERRORS);
  const pad = Math.max(...top.map((e) => formatCount(e.count).length));
  const lines = top.map(
    (e) =>
      `  ${formatCount(e.count).padStart(pad)}  ${clean(truncate(e.key, 100))}  (step ${e.stepId} ${clean(truncate(e.stepName, 40))}${e.target ? `, ${clean(truncate(e.target, 80))}` : ''})`,
  );
  const more = entries.length > TOP_ERRORS ? [`  … and ${entries.length - TOP_ERRORS} more`] : [];
  return ['Top errors', ...lines, ...more];
}

function linkLines(model: ReportModel): string[] {
  const lines: string[] = [];
  if (model.links.fullReport) lines.push(`Full report: ${clean(model.links.fullReport)}`);
  if (model.links.htmlReport) lines.push(`HTML report: ${clean(model.links.htmlReport)}`);
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
