// The report as Markdown: the PR comment and the job summary come from this one renderer.
// Pure builders, one per section, and one composer that keeps the text within a length
// budget (GitHub rejects comments over 65,536 characters) by dropping detail in a fixed order,
// whole tables at a time, so no table or code block is ever cut in half.

import type { CountDist, Judgement, LoadTestResult, ResponseTimes, SecondSample, StepResult } from '../types.ts';
import type { BaselineDelta, BaselineMetric, StepDelta } from './baseline.ts';
import { failRatePct, findChange, formatChange } from './baseline.ts';
import { bucketSeries } from './timeline.ts';
import { NO_RESPONSE, type VerdictStatus } from './format.ts';
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
  statusText,
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

/** GitHub rejects comment bodies longer than this. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** A section another feature adds (latency test, comparison): a `####` title and its Markdown. */
export interface ReportSection {
  title: string;
  /** Trusted Markdown, placed as given; the producer escapes its own user text. */
  markdown: string;
}

export interface ReportInput {
  result: LoadTestResult;
  /** The verdict, judged once (src/verdict/judge.ts): rendered here, never recomputed. */
  judgement: Judgement;
  baseline?: BaselineDelta;
  /** The definition file as the user named it; shown in the footer. */
  definitionFile?: string;
  /** The HTML report or artifact link, linked beside test_url. */
  reportUrl?: string;
  /** A complete hidden HTML comment, placed verbatim as the first line; it counts toward maxLength. */
  marker?: string;
  /** Default GITHUB_COMMENT_LIMIT. */
  maxLength?: number;
  /** Placed after the chart, before the <details> blocks; kept whole when the report is shortened. */
  extraSections?: ReportSection[];
}

const VERDICT_EMOJI: Record<VerdictStatus, string> = {
  passed: '✅',
  failed: '❌',
  partial: '⚠️',
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

/**
 * Escapes user text (names, URLs, error reasons, status keys) for a Markdown table cell or a
 * heading: it cannot end the cell, start a tag, entity, code span, emphasis or math, or break the line.
 * `<`, `>` and `&` stay readable where they cannot start markup (`p95 < 500 ms`).
 */
export function escapeMarkdown(text: string): string {
  return oneLine(text)
    .replace(/&(?=[#A-Za-z])/g, '&amp;')
    .replace(/<(?![\s=]|$)/g, '&lt;')
    .replace(/(?<!\s)>|>(?![\s=]|$)/g, '&gt;')
    .replace(/[\\`*_[\]|~$]/g, '\\$&')
    // `@name` would notify a person and `#12` link an issue: a zero-width space defuses both.
    .replace(/([@#])(?=[\w-])/g, '$1\u200b');
}

export function renderMarkdown(input: ReportInput): string {
  const max = input.maxLength ?? GITHUB_COMMENT_LIMIT;
  const report = prepare(input);
  const steps = input.result.results.steps.length;
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
  let high = steps - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const layout = { stepLocationDetail: false, distributionRows: SHORT_DISTRIBUTION_ROWS, stepRows: mid };
    const text = compose(report, layout);
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
export function renderSummaryLine(result: LoadTestResult, judgement: Judgement): string {
  const plain = (t: string) => truncate(oneLine(t), VERDICT_TEXT_CHARS);
  const r = result.results;
  const figures = [
    `${formatCount(r.iteration_count)} iterations`,
    formatRps(result.run.rps),
    `p95 ${formatTimeOrNone(r.response_times.p95, totalResponses(result))}`,
    `fail rate ${formatPercent(failRatePct(r))}`,
  ];
  return `loadgate: ${verdictOf(result, judgement, plain).text} · ${figures.join(' · ')}`;
}

// ---- preparation ----

interface StepView {
  step: StepResult;
  name: string;
  request: string;
  delta?: StepDelta;
}

interface Report {
  input: ReportInput;
  steps: StepView[];
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

function prepare(input: ReportInput): Report {
  const info = new Map(input.result.run.steps.map((s) => [s.id, s]));
  const deltas = new Map((input.baseline?.steps ?? []).map((d) => [d.id, d]));
  const steps = input.result.results.steps.map((step) => {
    const i = info.get(step.id);
    const view: StepView = {
      step,
      name: i?.name ?? `step ${step.id}`,
      request: i ? requestLabel(i.method, i.url) : '',
    };
    const delta = deltas.get(step.id);
    if (delta) view.delta = delta;
    return view;
  });
  const fixed = {
    opening: [input.marker, verdictSection(input), contextSection(input.result)],
    summary: [checksSection(input.judgement), overallSection(input.result, input.baseline)],
    middle: [
      locationsSection(input.result),
      chartSection(steps),
      timelineSection(input.result.run.series),
      ...(input.extraSections ?? []).map((s) => `#### ${escapeMarkdown(s.title)}\n\n${s.markdown.trim()}`),
    ],
    tail: [linksSection(input), footer(input)],
  };
  return { input, steps, fixed, distributions: new Map() };
}

function compose(report: Report, layout: Layout): string {
  const { fixed, distributions } = report;
  let distribution = distributions.get(layout.distributionRows);
  if (!distribution) {
    distribution = [statusSection(report.steps, layout.distributionRows), errorsSection(report.steps, layout.distributionRows)];
    distributions.set(layout.distributionRows, distribution);
  }
  const sections = [
    ...fixed.opening,
    ...fixed.summary,
    stepsSection(report, layout.stepRows),
    ...fixed.middle,
    layout.stepLocationDetail ? stepLocationSection(report.steps) : omittedNote('Steps by location'),
    ...distribution,
    ...fixed.tail,
  ];
  return joined(sections);
}

function joined(sections: readonly Section[]): string {
  return sections.filter((s): s is string => s !== undefined && s !== '').join('\n\n') + '\n';
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

function verdictSection(input: ReportInput): string {
  const verdict = verdictOf(input.result, input.judgement, (t) => escapeMarkdown(truncate(t, VERDICT_TEXT_CHARS)));
  return `### ${VERDICT_EMOJI[verdict.status]} loadgate: ${verdict.text}`;
}

function contextSection(result: LoadTestResult): string {
  const context = runContext(result, escapeMarkdown);
  const late = context.lateWarning ? [`⚠️ ${context.lateWarning}`] : [];
  return [...context.parts, ...late].join(' · ');
}

const RESULT_TEXT = { passed: '✅ passed', failed: '❌ failed', warning: '⚠️ warning' } as const;

function checksSection(judgement: Judgement): string | undefined {
  const rows = checkRows(judgement).map((row) => [
    escapeMarkdown(checkName(row.check)),
    escapeMarkdown(row.check.actual),
    escapeMarkdown(row.limit),
    RESULT_TEXT[row.result],
  ]);
  if (rows.length === 0) return undefined;
  return `#### Checks\n\n${table(['Check', 'Actual', 'Limit', 'Result'], 'lrrl', rows)}`;
}

function overallSection(result: LoadTestResult, baseline: BaselineDelta | undefined): string {
  const r = result.results;
  const t = r.response_times;
  const responses = totalResponses(result);
  const withChange = (metric: BaselineMetric, plain: string): string => {
    const change = baseline && findChange(baseline.overall, metric);
    return change ? formatChange(change) : plain;
  };
  const rows = [
    ['Iterations', formatCount(r.iteration_count)],
    ['Successes', formatCount(r.success_count)],
    ['Failures', formatCount(r.fail_count)],
    ['Fail rate', withChange('fail_rate', formatPercent(failRatePct(r)))],
    ['Throughput', withChange('rps', formatRps(result.run.rps))],
    ...(responses === 0
      ? [['Response times', `${NO_RESPONSE} (no response)`]]
      : [
        ['avg', withChange('avg', formatMs(t.avg))],
        ['p50', formatMs(t.median)],
        ['p90', formatMs(t.p90)],
        ['p95', withChange('p95', formatMs(t.p95))],
        ['p99', withChange('p99', formatMs(t.p99))],
        ['max', formatMs(t.max)],
        ['stddev', formatMs(t.stddev)],
      ]),
  ];
  const title = baseline
    ? `#### Overall, against the baseline run of ${escapeMarkdown(formatTimestamp(baseline.baselineStartedAt))}`
    : '#### Overall';
  return `${title}\n\n${table(['Metric', 'Value'], 'lr', rows)}`;
}

function stepsSection(report: Report, stepRows: number | null): string {
  const shown = stepRows === null ? report.steps : report.steps.slice(0, stepRows);
  const rows = shown.map((v) => {
    const { step } = v;
    const t = step.response_times;
    const changes = v.delta?.changes ?? [];
    const cell = (metric: BaselineMetric, plain: string) => {
      const change = findChange(changes, metric);
      return change ? formatChange(change) : plain;
    };
    const isNew = v.delta?.status === 'new' ? ' (new)' : '';
    const responses = responseCount(step.status_code_dist);
    const time = (ms: number) => formatTimeOrNone(ms, responses);
    return [
      String(step.id),
      escapeMarkdown(truncate(v.name, NAME_CHARS)) + isNew,
      escapeMarkdown(truncate(v.request, NAME_CHARS)),
      formatCount(step.success_count),
      formatCount(step.fail_count),
      formatCount(step.iteration_count),
      cell('fail_rate', formatPercent(failRatePct(step))),
      statusText(statusCounts(report.input.result, step.id, step.status_code_dist), escapeMarkdown, (text) => `**${text}**`),
      responses === 0 ? time(0) : cell('avg', time(t.avg)),
      time(t.median),
      responses === 0 ? time(0) : cell('p95', time(t.p95)),
      responses === 0 ? time(0) : cell('p99', time(t.p99)),
      time(t.max),
    ];
  });
  const header = ['#', 'Step', 'Request', 'Successes', 'Failures', 'Iterations', 'Fail rate', 'Status'];
  header.push('avg', 'p50', 'p95', 'p99', 'max');
  const parts = ['#### Steps', table(header, 'rllrrrrlrrrrr', rows), '_Status: the most frequent codes; error statuses the step does not expect are in bold._'];
  const hidden = report.steps.length - shown.length;
  if (hidden > 0) parts.push(`_… and ${formatCount(hidden)} more ${plural(hidden, 'step')} (see the full report)_`);
  const removed = (report.input.baseline?.steps ?? []).filter((d) => d.status === 'removed');
  if (removed.length > 0) {
    const names = removed.slice(0, 10).map((d) => `${d.id} ${escapeMarkdown(truncate(d.name, NAME_CHARS))}`);
    const more = removed.length > 10 ? ` and ${removed.length - 10} more` : '';
    parts.push(`Not run any more since the baseline: ${names.join(', ')}${more}.`);
  }
  return parts.join('\n\n');
}

function locationsSection(result: LoadTestResult): string | undefined {
  if (!showsLocations(result)) return undefined;
  const rows = Object.entries(result.results.location_dist).map(([location, l]) => [
    escapeMarkdown(location),
    escapeMarkdown(egressOf(result, location)),
    formatCount(l.iteration_count),
    formatCount(l.success_count),
    formatCount(l.fail_count),
    ...latencyCells(l.response_times, locationResponses(result, location)),
  ]);
  const header = ['Location', 'Egress', 'Iterations', 'Successes', 'Failures', 'avg', 'p95', 'p99'];
  return `#### Locations\n\n${table(header, 'llrrrrrr', rows)}`;
}

function chartSection(steps: readonly StepView[]): string | undefined {
  if (steps.length === 0) return undefined;
  const charted = chartedSteps(steps);
  const ms = (pick: (t: ResponseTimes) => number) =>
    `[${charted.map((v) => Math.round(pick(v.step.response_times) * 10) / 10).join(', ')}]`;
  const top = Math.max(...charted.map((v) => v.step.response_times.p99));
  const which =
    charted.length < steps.length ? `the ${CHART_STEPS} steps with the highest p95, in step order` : 'each step';
  const lines = [
    '```mermaid',
    'xychart-beta',
    '  title "Latency per step (ms)"',
    `  x-axis [${charted.map((v) => `"${chartLabel(v.name)}"`).join(', ')}]`,
    `  y-axis "ms" 0 --> ${niceCeiling(top * 1.1)}`,
    `  bar ${ms((t) => t.p99)}`,
    `  bar ${ms((t) => t.p95)}`,
    `  bar ${ms((t) => t.median)}`,
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
  const latency = ['```mermaid', 'xychart-beta', '  title "p95 per second (ms)"', xAxis, `  y-axis "ms" 0 --> ${niceCeiling(Math.max(...p95) * 1.1)}`, `  line ${list(p95)}`, '```'];
  const late = points.late.some((v) => v > 0);
  const rates = [
    '```mermaid',
    'xychart-beta',
    `  title "${late ? 'Responses (line) and late starts (bars) per second' : 'Responses per second'}"`,
    xAxis,
    `  y-axis "per second" 0 --> ${niceCeiling(Math.max(...points.responses, ...points.late) * 1.1)}`,
    ...(late ? [`  bar ${list(points.late)}`] : []),
    `  line ${list(points.responses)}`,
    '```',
  ];
  const bucket = points.seconds > 1 ? ` Each point covers ${points.seconds} s: the highest p95 of its seconds, the mean rates.` : '';
  const legend = `_Each second of the run; 0 ms where a second had no response.${bucket}_`;
  return ['#### Over time', legend, latency.join('\n'), rates.join('\n')].join('\n\n');
}

function stepLocationSection(steps: readonly StepView[]): string | undefined {
  const rows = steps.flatMap((v) =>
    Object.entries(v.step.location_dist).map(([location, l]) => [
      escapeMarkdown(truncate(v.name, NAME_CHARS)),
      escapeMarkdown(location),
      formatCount(l.iteration_count),
      formatCount(l.success_count),
      formatCount(l.fail_count),
      ...latencyCells(l.response_times, responseCount(l.status_code_dist)),
    ]),
  );
  if (rows.length === 0) return undefined;
  const header = ['Step', 'Location', 'Iterations', 'Successes', 'Failures', 'avg', 'p95', 'p99'];
  return details('Steps by location', table(header, 'llrrrrrr', rows));
}

function statusSection(steps: readonly StepView[], limit: number | null): string | undefined {
  const rows = distributionRows(steps, (s) => s.status_code_dist, 20, limit);
  if (rows.total === 0) return undefined;
  const content = [table(['Step', 'Status', 'Count'], 'llr', rows.rows), ...rows.note].join('\n\n');
  return details('Status codes per step', content);
}

function errorsSection(steps: readonly StepView[], limit: number | null): string {
  const rows = distributionRows(steps, (s) => s.error_dist, REASON_CHARS, limit);
  if (rows.total === 0) return '**Errors:** none.';
  const content = [table(['Step', 'Error', 'Count'], 'llr', rows.rows), ...rows.note].join('\n\n');
  return details('Errors per step', content);
}

function linksSection(input: ReportInput): string | undefined {
  const links = [link('Full report', input.result.test_url), link('HTML report', input.reportUrl)];
  const present = links.filter((l): l is string => l !== undefined);
  return present.length > 0 ? `🔗 ${present.join(' · ')}` : undefined;
}

function footer(input: ReportInput): string {
  const { run } = input.result;
  const parts = [`loadgate ${escapeMarkdown(run.version)}`];
  if (input.definitionFile) parts.push(escapeMarkdown(truncate(input.definitionFile, NAME_CHARS)));
  parts.push(`started ${escapeMarkdown(formatTimestamp(run.started_at))}`);
  return `<sub>${parts.join(' · ')}</sub>`;
}

function omittedNote(what: string): string {
  return `_${what} left out to keep this report within its size limit; see the full report._`;
}

// ---- building blocks ----

/** `table(['a','b'], 'lr', rows)`: one alignment letter per column (l left, r right). Cells arrive escaped. */
function table(header: readonly string[], align: string, rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = header.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  return [line(header), line(rule), ...rows.map(line)].join('\n');
}

/** The blank lines around the content let GitHub render the Markdown inside the HTML block. */
function details(summary: string, content: string): string {
  return `<details>\n<summary>${summary}</summary>\n\n${content}\n\n</details>`;
}

function latencyCells(t: ResponseTimes, responses: number): string[] {
  return [t.avg, t.p95, t.p99].map((ms) => formatTimeOrNone(ms, responses));
}

/**
 * Rows of (step, key, count) from each step's distribution, in step order with the most
 * frequent first; with a limit, the `limit` most frequent across all steps and a note.
 */
function distributionRows(
  steps: readonly StepView[],
  dist: (s: StepResult) => CountDist,
  keyChars: number,
  limit: number | null,
): { rows: string[][]; total: number; note: string[] } {
  const entries = steps.flatMap((v) =>
    Object.entries(dist(v.step))
      .sort((a, b) => b[1] - a[1])
      .map(([key, count]) => ({ name: v.name, key, count })),
  );
  const kept = limit === null ? entries : [...entries].sort((a, b) => b.count - a.count).slice(0, limit);
  const rows = kept.map((e) => [
    escapeMarkdown(truncate(e.name, NAME_CHARS)),
    escapeMarkdown(truncate(e.key, keyChars)),
    formatCount(e.count),
  ]);
  const note =
    kept.length < entries.length
      ? [`_The ${kept.length} most frequent of ${formatCount(entries.length)}; see the full report for all._`]
      : [];
  return { rows, total: entries.length, note };
}

/** The steps in step order, or when there are too many, the slowest by p95. */
function chartedSteps(steps: readonly StepView[]): StepView[] {
  if (steps.length <= CHART_STEPS) return [...steps];
  const byP95 = [...steps].sort((a, b) => b.step.response_times.p95 - a.step.response_times.p95);
  const slowest = new Set(byP95.slice(0, CHART_STEPS));
  return steps.filter((v) => slowest.has(v));
}

/** A category label Mermaid reads as one quoted string: no quotes, brackets, entities or line breaks. */
function chartLabel(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N} _\-./:()+]/gu, ' ').replace(/\s+/g, ' ').trim();
  return truncate(safe === '' ? '?' : safe, CHART_LABEL_CHARS);
}

/** The first round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k) at or above n, to end the axis on. */
function niceCeiling(n: number): number {
  if (n <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const factor = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((f) => f * magnitude >= n) ?? 10;
  return Math.round(factor * magnitude);
}

/** `[Full report](<url>)` for http(s) URLs; a file path (embedded run outside Actions) as text. */
function link(label: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!/^https?:\/\//i.test(url)) return `${label}: ${escapeMarkdown(url)}`;
  const safe = url.replace(/[\s<>()]/g, (c) => encodeURIComponent(c));
  return `[${label}](${safe})`;
}
