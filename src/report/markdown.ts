// The report model as Markdown: the PR comment and the job summary come from this one renderer.
// Pure builders, one per section, and one composer that keeps the text within a length
// budget (GitHub rejects comments over 65,536 characters) by dropping detail in a fixed order,
// whole tables at a time, so no table or code block is ever cut in half.

import { capacityMarkdown } from './capacity.ts';
import { bucketSeries } from './timeline.ts';
import { formatCount } from './figures.ts';
import { oneLine, plural, statusText, truncate } from './format.ts';
import { comparisonMarkdown } from './comparison.ts';
import { latencyMarkdown } from './latency.ts';
import { historyMarkdown } from './history.ts';
import { details, escapeMarkdown, markdownTable, mermaidLabel, niceCeiling } from './markdown-blocks.ts';
import {
  streamTableRows,
  textOf,
  type CountRow,
  type Figure,
  type LevelFigures,
  type ReportModel,
  type StepRow,
  type VerdictStatus,
} from './model.ts';
import type { SecondSample } from '../types.ts';

/** GitHub rejects comment bodies longer than this (422). */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface MarkdownOptions {
  /** A complete hidden HTML comment, placed verbatim as the first line; it counts toward maxLength. */
  marker?: string;
  /** Default GITHUB_COMMENT_LIMIT. */
  maxLength?: number;
}

const VERDICT_EMOJI: Record<VerdictStatus, string> = {
  passed: '✅',
  failed: '❌',
  incomplete: '⚠️',
};
/** Entries kept in each distribution once the report must be shortened. */
const SHORT_DISTRIBUTION_ROWS = 10;
/** Steps charted; beyond this a bar chart is unreadable, so the slowest are picked. */
const CHART_STEPS = 20;
const CHART_LABEL_CHARS = 20;
const NAME_CHARS = 80;
const REASON_CHARS = 200;
/** User text in the verdict and minimal report is cut to this, so they stay small. */
const VERDICT_TEXT_CHARS = 120;

export function renderMarkdown(model: ReportModel, options: MarkdownOptions = {}): string {
  const max = options.maxLength ?? GITHUB_COMMENT_LIMIT;
  const report = prepare(model, options.marker);
  const layouts: Layout[] = [
    { stepLocationDetail: true, distributionRows: null, stepRows: null },
    { stepLocationDetail: false, distributionRows: null, stepRows: null },
    { stepLocationDetail: false, distributionRows: SHORT_DISTRIBUTION_ROWS, stepRows: null },
  ];
  for (const layout of layouts) {
    const text = compose(report, layout);
    if (text.length <= max) return text;
  }
  // The most step rows that fit; the text grows with the row count, so a binary search finds it.
  let best: string | undefined;
  let low = 0;
  let high = model.steps.length - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const text = compose(report, { stepLocationDetail: false, distributionRows: SHORT_DISTRIBUTION_ROWS, stepRows: mid });
    if (text.length <= max) {
      best = text;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best ?? minimalReport(report, max);
}

/** One line for shard job summaries and logs: the verdict and the headline figures, plain text. */
export function renderSummaryLine(model: ReportModel): string {
  const o = model.overall.figures;
  const figures = [
    `${o.iterations} iterations (${model.overall.iterationRate})`,
    model.overall.throughput.text,
    `p95 ${o.p95.text}`,
    o.hasErrors ? `${o.errors} ${o.errors === '1' ? 'error' : 'errors'} (${o.errorRate.text})` : 'no errors',
  ];
  return `loadgate: ${textOf(model.verdict.text, (t) => truncate(oneLine(t), VERDICT_TEXT_CHARS))} · ${figures.join(' · ')}`;
}

// ---- preparation ----

interface Report {
  model: ReportModel;
  /**
   * The sections no layout changes, rendered once: the search for the layout that fits composes
   * the report up to a dozen times, and the locations section alone reads every step per location.
   */
  fixed: { opening: Section[]; summary: Section[]; middle: Section[]; tail: Section[] };
  /** Status and error sections by their row limit (null: every row), rendered once each. */
  distributions: Map<number | null, Section[]>;
}

type Section = string | undefined;

interface Layout {
  stepLocationDetail: boolean;
  /** null: every entry. */
  distributionRows: number | null;
  /** null: every step. */
  stepRows: number | null;
}

function prepare(model: ReportModel, marker: string | undefined): Report {
  const fixed = {
    opening: [marker, verdictSection(model), contextSection(model)],
    summary: [capacitySection(model), checksSection(model), overallSection(model)],
    middle: [
      locationsSection(model),
      chartSection(model.steps),
      timelineSection(model.timeline),
      model.history && historyMarkdown(model.history),
      shardsSection(model),
      comparisonSection(model),
      latencySection(model),
    ],
    tail: [linksSection(model), footer(model)],
  };
  return { model, fixed, distributions: new Map() };
}

function compose(report: Report, layout: Layout): string {
  const { fixed, distributions, model } = report;
  let distribution = distributions.get(layout.distributionRows);
  if (!distribution) {
    distribution = [statusSection(model.statusCodes, layout.distributionRows), errorsSection(model.errors, layout.distributionRows)];
    distributions.set(layout.distributionRows, distribution);
  }
  const sections = [
    ...fixed.opening,
    ...fixed.summary,
    stepsSection(model, layout.stepRows),
    streamsSection(model),
    ...fixed.middle,
    layout.stepLocationDetail ? stepLocationSection(model) : omittedNote('Steps by location'),
    ...distribution,
    ...fixed.tail,
  ];
  return joined(sections);
}

function joined(sections: readonly Section[]): string {
  return `${sections.filter((s): s is string => s !== undefined && s !== '').join('\n\n')}\n`;
}

/** When even no step rows fit: the verdict, context, links and footer, which are small. */
function minimalReport(report: Report, max: number): string {
  const note = '_The report is too large for this comment; see the full report._';
  const text = joined([...report.fixed.opening, note, ...report.fixed.tail]);
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max - 1);
  return text.slice(0, Math.max(0, cut + 1));
}

// ---- sections ----

function verdictSection(model: ReportModel): string {
  const text = textOf(model.verdict.text, (t) => escapeMarkdown(truncate(t, VERDICT_TEXT_CHARS)));
  return `### ${VERDICT_EMOJI[model.verdict.status]} loadgate: ${text}`;
}

function contextSection(model: ReportModel): string {
  const late = model.late ? [`${model.late.warning ? '⚠️ ' : ''}${escapeMarkdown(model.late.text)}`] : [];
  return [...model.context.map((part) => textOf(part, escapeMarkdown)), ...late].join(' · ');
}

const RESULT_TEXT = { passed: '✅ passed', failed: '❌ failed', warning: '⚠️ warning' } as const;

function checksSection(model: ReportModel): string | undefined {
  if (model.checks.length === 0) return undefined;
  const rows = model.checks.map((c) => [escapeMarkdown(c.name), escapeMarkdown(c.actual), escapeMarkdown(c.limit), RESULT_TEXT[c.result]]);
  const note = model.thresholdNote ? `\n\n⚠️ ${escapeMarkdown(model.thresholdNote)}` : '';
  return `#### Checks\n\n${markdownTable(['Check', 'Actual', 'Limit', 'Result'], 'lrrl', rows)}${note}`;
}

/** `412 ms (+12.3 % ▲ worse)`: the figure, then how it moved since the baseline. */
function figure(f: Figure): string {
  return f.change ? `${f.text} (${f.change.text})` : f.text;
}

function overallSection(model: ReportModel): string {
  const { figures: o, throughput, baselineStartedAt } = model.overall;
  const rows = [
    ['Requests', o.requests],
    ['Errors', o.hasErrors ? `**${o.errors}** (${o.errorKinds})` : o.errors],
    ['Error rate (http\\_fail\\_rate)', o.hasErrors ? `**${figure(o.errorRate)}**` : figure(o.errorRate)],
    ['Iterations', o.iterations],
    ['Failed iterations', o.failures],
    ['Fail rate (fail\\_rate)', figure(o.failRate)],
    ['Throughput', figure(throughput)],
    ...(o.responded
      ? [
          ['avg', figure(o.avg)],
          ['p50', o.p50.text],
          ['p90', o.p90.text],
          ['p95', figure(o.p95)],
          ['p99', figure(o.p99)],
          ['max', o.max.text],
          ['stddev', o.stddev.text],
        ]
      : [['Response times', `${o.p95.text} (no response)`]]),
  ];
  const title = baselineStartedAt ? `#### Overall, against the baseline run of ${escapeMarkdown(baselineStartedAt)}` : '#### Overall';
  return `${title}\n\n${markdownTable(['Metric', 'Value'], 'lr', rows)}`;
}

function stepsSection(model: ReportModel, stepRows: number | null): string {
  const shown = stepRows === null ? model.steps : model.steps.slice(0, stepRows);
  const rows = shown.map((s) => [
    String(s.id),
    escapeMarkdown(truncate(s.name, NAME_CHARS)) + (s.isNew ? ' (new)' : ''),
    escapeMarkdown(truncate(s.request, NAME_CHARS)),
    s.requests,
    s.hasErrors ? `**${s.errors}**` : s.errors,
    figure(s.errorRate),
    statusText(s.status, escapeMarkdown, (text) => `**${text}**`),
    figure(s.avg),
    s.p50.text,
    figure(s.p95),
    figure(s.p99),
    s.max.text,
  ]);
  const header = ['#', 'Step', 'Request', 'Requests', 'Errors', 'Error rate', 'Status', 'avg', 'p50', 'p95', 'p99', 'max'];
  const parts = [
    '#### Steps',
    markdownTable(header, 'rllrrrlrrrrr', rows),
    '_Errors: requests without a 2xx/3xx answer (no response, or an error status the step does not expect). Status: the most frequent codes; error statuses are in bold._',
  ];
  const hidden = model.steps.length - shown.length;
  if (hidden > 0) parts.push(`_… and ${formatCount(hidden)} more ${plural(hidden, 'step')} (see the full report)_`);
  const removed = model.removedSteps;
  if (removed.length > 0) {
    const names = removed.slice(0, 10).map((d) => `${d.id} ${escapeMarkdown(truncate(d.name, NAME_CHARS))}`);
    const more = removed.length > 10 ? ` and ${removed.length - 10} more` : '';
    parts.push(`Not run any more since the baseline: ${names.join(', ')}${more}.`);
  }
  return parts.join('\n\n');
}

/** Streaming steps (docs/streaming.md): the time to the first event and the gaps between events, beside the steps' response times. */
function streamsSection(model: ReportModel): string | undefined {
  const rows = streamTableRows(model.steps, (name) => escapeMarkdown(truncate(name, NAME_CHARS))).map((row) => [
    ...row.cells,
    row.closeCodes,
  ]);
  if (rows.length === 0) return undefined;
  const header = [
    '#',
    'Step',
    'Streams',
    'Events',
    'First event p50',
    'First event p95',
    'First event p99',
    'Gap p50',
    'Gap p95',
    'Gap p99',
    'Close codes',
  ];
  return `#### Streams

${markdownTable(header, 'llrrrrrrrrl', rows)}

_First event: from the request (a WebSocket's first message sent) to the first event. Gap: between consecutive events. A step's response times above are the whole exchange._`;
}

function locationsSection(model: ReportModel): string | undefined {
  if (!model.locations) return undefined;
  const rows = model.locations.map((l) => [escapeMarkdown(l.name), escapeMarkdown(l.egress), ...levelCells(l)]);
  const header = ['Location', 'Egress', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p95', 'p99'];
  return `#### Locations\n\n${markdownTable(header, 'llrrrrrrr', rows)}`;
}

function levelCells(l: LevelFigures): string[] {
  return [l.iterations, l.requests, l.errors, l.errorRate.text, l.avg.text, l.p95.text, l.p99.text];
}

function chartSection(steps: readonly StepRow[]): string | undefined {
  if (steps.length === 0) return undefined;
  const charted = chartedSteps(steps);
  const ms = (pick: (s: StepRow) => number) => `[${charted.map((s) => Math.round(pick(s) * 10) / 10).join(', ')}]`;
  const top = Math.max(...charted.map((s) => s.times.p99));
  const which = charted.length < steps.length ? `the ${CHART_STEPS} steps with the highest p95, in step order` : 'each step';
  const lines = [
    '```mermaid',
    'xychart-beta',
    '  title "Latency per step (ms)"',
    `  x-axis [${charted.map((s) => `"${mermaidLabel(s.name, CHART_LABEL_CHARS)}"`).join(', ')}]`,
    `  y-axis "ms" 0 --> ${niceCeiling(top * 1.1)}`,
    `  bar ${ms((s) => s.times.p99)}`,
    `  bar ${ms((s) => s.times.p95)}`,
    `  bar ${ms((s) => s.times.median)}`,
    '```',
  ];
  const legend = `_p99, p95 and p50 of ${which}, drawn over each other: the tallest bar is p99, the shortest p50._`;
  return ['#### Latency per step', legend, lines.join('\n')].join('\n\n');
}

/** Points in the comment's timeline: Mermaid draws a few dozen legibly, and each costs bytes of the comment. */
export const TIMELINE_POINTS = 30;

/**
 * The run over time, from the same buckets as the web report's charts (timeline.ts): the p95 of
 * each second, and responses and late starts per second, so a slow-down or a warm-up spike shows
 * without opening the artifact. Two charts, since ms and "per second" share no axis.
 */
function timelineSection(series: readonly SecondSample[]): string | undefined {
  if (series.length < 2) return undefined;
  const points = bucketSeries(series, TIMELINE_POINTS);
  const round = (v: number) => Math.round(v * 10) / 10;
  const list = (values: readonly number[]) => `[${values.map(round).join(', ')}]`;
  const xAxis = `  x-axis "s" [${points.xs.map((x) => `"${x}"`).join(', ')}]`;
  const p95 = points.p95.map((v) => v ?? 0);
  const latency = [
    '```mermaid',
    'xychart-beta',
    '  title "p95 per second (ms)"',
    xAxis,
    `  y-axis "ms" 0 --> ${niceCeiling(Math.max(...p95) * 1.1)}`,
    `  line ${list(p95)}`,
    '```',
  ];
  const late = points.late.some((v) => v > 0);
  const errors = points.errors.some((v) => v > 0);
  const lines = errors ? 'Responses and errors' : 'Responses';
  const rates = [
    '```mermaid',
    'xychart-beta',
    `  title "${late ? `${lines} (${errors ? 'lines' : 'line'}) and late starts (bars) per second` : `${lines} per second`}"`,
    xAxis,
    `  y-axis "per second" 0 --> ${niceCeiling(Math.max(...points.responses, ...points.late) * 1.1)}`,
    ...(late ? [`  bar ${list(points.late)}`] : []),
    `  line ${list(points.responses)}`,
    ...(errors ? [`  line ${list(points.errors)}`] : []),
    '```',
  ];
  const bucket = points.seconds > 1 ? ` Each point covers ${points.seconds} s: the highest p95 of its seconds, the mean rates.` : '';
  const errorLine = errors ? ' The second line is the errors: requests without a 2xx/3xx answer.' : '';
  const legend = `_Each second of the run; 0 ms where a second had no response.${errorLine}${bucket}_`;
  return ['#### Over time', legend, latency.join('\n'), rates.join('\n')].join('\n\n');
}

function shardsSection(model: ReportModel): string | undefined {
  if (!model.shards) return undefined;
  const { headline, late, shards } = model.shards;
  const rows = shards.map((s) => [
    String(s.index),
    escapeMarkdown(s.file),
    s.started,
    s.startLag,
    s.iterations,
    s.late ? '⚠️ late' : 'on time',
  ]);
  const table = markdownTable(['Shard', 'File', 'Started', 'Start lag', 'Iterations', ''], 'rllrrl', rows);
  return `#### Shards\n\n${late ? '⚠️ ' : ''}${headline}\n\n${table}`;
}

function capacitySection(model: ReportModel): string | undefined {
  return model.capacity && `#### Capacity\n\n${capacityMarkdown(model.capacity)}`;
}

function comparisonSection(model: ReportModel): string | undefined {
  if (!model.comparison) return undefined;
  const { title, markdown } = comparisonMarkdown(model.comparison);
  return `#### ${escapeMarkdown(title)}\n\n${markdown}`;
}

function latencySection(model: ReportModel): string | undefined {
  if (!model.latency) return undefined;
  const { title, markdown } = latencyMarkdown(model.latency.result, model.latency.outcomes);
  return `#### ${escapeMarkdown(title)}\n\n${markdown}`;
}

function stepLocationSection(model: ReportModel): string | undefined {
  const rows = model.stepLocations.map((l) => [
    escapeMarkdown(truncate(l.stepName, NAME_CHARS)),
    escapeMarkdown(l.location),
    ...levelCells(l),
  ]);
  if (rows.length === 0) return undefined;
  const header = ['Step', 'Location', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p95', 'p99'];
  return details('Steps by location', markdownTable(header, 'llrrrrrrr', rows));
}

function statusSection(entries: readonly CountRow[], limit: number | null): string | undefined {
  if (entries.length === 0) return undefined;
  const rows = distributionRows(entries, 20, limit);
  return details('Status codes per step', [markdownTable(['Step', 'Status', 'Count'], 'llr', rows.rows), ...rows.note].join('\n\n'));
}

function errorsSection(entries: readonly CountRow[], limit: number | null): string {
  if (entries.length === 0) return '**Errors:** none.';
  const rows = distributionRows(entries, REASON_CHARS, limit);
  return details('Errors per step', [markdownTable(['Step', 'Error', 'Count'], 'llr', rows.rows), ...rows.note].join('\n\n'));
}

function linksSection(model: ReportModel): string | undefined {
  const links = [link('Full report', model.links.fullReport), link('HTML report', model.links.htmlReport)];
  const present = links.filter((l): l is string => l !== undefined);
  return present.length > 0 ? `🔗 ${present.join(' · ')}` : undefined;
}

function footer(model: ReportModel): string {
  const { about } = model;
  const parts = [`loadgate ${escapeMarkdown(about.version)}`];
  if (about.definitionFile) parts.push(escapeMarkdown(truncate(about.definitionFile, NAME_CHARS)));
  parts.push(`started ${escapeMarkdown(about.startedAt)}`);
  return `<sub>${parts.join(' · ')}</sub>`;
}

function omittedNote(what: string): string {
  return `_${what} left out to keep this report within its size limit; see the full report._`;
}

// ---- building blocks ----

/** Rows of (step, key, count) in step order; with a limit, the `limit` most frequent across all steps and a note. */
function distributionRows(entries: readonly CountRow[], keyChars: number, limit: number | null): { rows: string[][]; note: string[] } {
  const kept = limit === null ? entries : [...entries].sort((a, b) => b.count - a.count).slice(0, limit);
  const rows = kept.map((e) => [
    escapeMarkdown(truncate(e.stepName, NAME_CHARS)),
    escapeMarkdown(truncate(e.key, keyChars)),
    formatCount(e.count),
  ]);
  const note =
    kept.length < entries.length
      ? [`_The ${kept.length} most frequent of ${formatCount(entries.length)}; see the full report for all._`]
      : [];
  return { rows, note };
}

/** The steps in step order, or when there are too many, the slowest by p95. */
function chartedSteps(steps: readonly StepRow[]): StepRow[] {
  if (steps.length <= CHART_STEPS) return [...steps];
  const slowest = new Set([...steps].sort((a, b) => b.times.p95 - a.times.p95).slice(0, CHART_STEPS));
  return steps.filter((s) => slowest.has(s));
}

/** `[Full report](<url>)` for http(s) URLs; a file path (embedded run outside Actions) as text. */
function link(label: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!/^https?:\/\//i.test(url)) return `${label}: ${escapeMarkdown(url)}`;
  const safe = url.replace(/[\s<>()]/g, (c) => encodeURIComponent(c));
  return `[${label}](${safe})`;
}
