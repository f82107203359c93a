// The web report: one self-contained HTML file (inline CSS, inline SVG charts, no scripts and
// a Content-Security-Policy that forbids every fetch), written next to the results file, uploaded
// as an artifact and served at test_url. Pure builders, one per section, and one composer.
// Every piece of user text (names, URLs, reasons, status keys) goes through escapeXml.

import type { CountDist, Judgement, LoadTestResult, ResponseTimes, SecondSample, StepResult } from '../types.ts';
import type { BaselineDelta, BaselineMetric, MetricChange } from './baseline.ts';
import { changeVerdict, describeChange, failRatePct, findChange } from './baseline.ts';
import type { VerdictStatus } from './format.ts';
import {
  checkName,
  checkRows,
  egressOf,
  formatCount,
  formatDuration,
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
  requestLabel,
  runContext,
  showsLocations,
  truncate,
  verdictOf,
} from './format.ts';
import { bucketSeries } from './timeline.ts';
import { barChart, escapeXml, timeChart } from './svg.ts';

/** A section another feature adds (latency test, comparison). */
export interface HtmlReportSection {
  /** Plain text; escaped here. */
  title: string;
  /** Trusted HTML, placed as given; the producer escapes its own user text. */
  html: string;
}

export interface HtmlReportInput {
  result: LoadTestResult;
  /** The verdict, judged once (src/verdict/judge.ts): rendered here, never recomputed. */
  judgement: Judgement;
  baseline?: BaselineDelta;
  /** The page title; default `<test name> — loadgate report`. */
  title?: string;
  /** Placed after the latency distribution, before status codes and errors. */
  extraSections?: HtmlReportSection[];
}

/** Shown instead of the timeline when the result has no per-second samples. */
export const NO_SERIES_NOTE = 'no per-second data (hosted or merged run)';

/** Forbids every fetch, script included: the page needs only its inline styles and SVG. */
export const HTML_REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const VERDICT_WORD: Record<VerdictStatus, string> = {
  passed: 'Passed',
  failed: 'Failed',
  partial: 'Stopped early',
};
/** Points per timeline chart; longer runs are drawn in buckets of several seconds. */
const MAX_CHART_POINTS = 600;
const NAME_CHARS = 200;
const COLORS = {
  p50: '#2563eb',
  p95: '#d97706',
  p99: '#dc2626',
  started: '#64748b',
  responses: '#0891b2',
  failures: '#dc2626',
  bars: '#6366f1',
};

export function renderHtmlReport(input: HtmlReportInput): string {
  const { result } = input;
  const title = input.title ?? `${result.run.name} — loadgate report`;
  const steps = stepViews(result);
  const sections = [
    header(input),
    checksSection(input.judgement),
    overallSection(input),
    timelineSection(result.run.series),
    stepsSection(input.result, steps, input.baseline),
    locationsSection(result),
    stepLocationSection(result, steps),
    distributionSection(result, steps),
    ...(input.extraSections ?? []).map((s) => section(s.title, s.html)),
    statusSection(steps),
    errorsSection(steps),
    footer(result),
  ];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${HTML_REPORT_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // An empty data: icon, so the browser does not ask the server for /favicon.ico.
    '<link rel="icon" href="data:,">',
    `<title>${escapeXml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    ...sections.filter((s): s is string => s !== undefined),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

// ---- preparation ----

interface StepView {
  step: StepResult;
  name: string;
  request: string;
}

function stepViews(result: LoadTestResult): StepView[] {
  const info = new Map(result.run.steps.map((s) => [s.id, s]));
  return result.results.steps.map((step) => {
    const i = info.get(step.id);
    return {
      step,
      name: truncate(i?.name ?? `step ${step.id}`, NAME_CHARS),
      request: i ? truncate(requestLabel(i.method, i.url), NAME_CHARS) : '',
    };
  });
}

// ---- sections ----

function header(input: HtmlReportInput): string {
  const { result } = input;
  const verdict = verdictOf(result, input.judgement, escapeXml);
  const context = runContext(result, escapeXml);
  const late = context.lateWarning ? `<p class="warning">⚠ ${context.lateWarning}</p>` : '';
  return [
    '<header>',
    `<p class="brand">loadgate report</p>`,
    `<h1>${escapeXml(result.run.name)}</h1>`,
    `<div class="verdict verdict-${verdict.status}" data-verdict="${verdict.status}">`,
    `<span class="verdict-word">${VERDICT_WORD[verdict.status]}</span>`,
    `<span class="verdict-text">${verdict.text}</span>`,
    '</div>',
    `<p class="context">${context.parts.map((p) => `<span>${p}</span>`).join('')}</p>`,
    late,
    '</header>',
  ].join('\n');
}

const RESULT_BADGE = { passed: ['pass', 'passed'], failed: ['fail', 'failed'], warning: ['warn', 'warning'] } as const;

function checksSection(judgement: Judgement): string | undefined {
  const rows = checkRows(judgement).map((row) => [
    escapeXml(checkName(row.check)),
    escapeXml(row.check.actual),
    escapeXml(row.limit),
    badge(RESULT_BADGE[row.result][0], RESULT_BADGE[row.result][1]),
  ]);
  if (rows.length === 0) return undefined;
  return section('Checks', table(['Check', 'Actual', 'Limit', 'Result'], 'lrrl', rows));
}

function overallSection(input: HtmlReportInput): string {
  const { result, baseline } = input;
  const r = result.results;
  const t = r.response_times;
  const responses = totalResponses(result);
  const time = (ms: number) => formatTimeOrNone(ms, responses);
  const changes = baseline?.overall ?? [];
  const card = (label: string, value: string, metric?: BaselineMetric) => {
    const change = metric ? findChange(changes, metric) : undefined;
    const delta = change ? `<span class="delta">${changeHtml(change)}</span>` : '';
    return `<div class="card"><span class="card-label">${label}</span><span class="card-value">${value}</span>${delta}</div>`;
  };
  const cards = [
    card('Iterations', formatCount(r.iteration_count)),
    card('Successes', formatCount(r.success_count)),
    card('Failures', formatCount(r.fail_count)),
    card('Fail rate', formatPercent(failRatePct(r)), 'fail_rate'),
    card('Throughput', formatRps(result.run.rps), 'rps'),
    card('Duration', formatDuration(result.run.duration_s)),
    card('avg', time(t.avg), 'avg'),
    card('p50', time(t.median)),
    card('p90', time(t.p90)),
    card('p95', time(t.p95), 'p95'),
    card('p99', time(t.p99), 'p99'),
    card('max', time(t.max)),
  ];
  const against = baseline
    ? `<p class="note">Changes against the baseline run of ${escapeXml(formatTimestamp(baseline.baselineStartedAt))}.</p>`
    : '';
  return section('Overall', `${against}<div class="cards">${cards.join('')}</div>`);
}

function timelineSection(series: readonly SecondSample[]): string {
  if (series.length === 0) return section('Timeline', `<p class="note empty">${NO_SERIES_NOTE}</p>`);
  const points = bucketSeries(series, MAX_CHART_POINTS);
  const latency = timeChart({
    title: 'Latency percentiles per second (ms)',
    xs: points.xs,
    yUnit: 'ms',
    series: [
      { key: 'p50', label: 'p50', color: COLORS.p50, kind: 'line', values: points.p50 },
      { key: 'p95', label: 'p95', color: COLORS.p95, kind: 'line', values: points.p95 },
      { key: 'p99', label: 'p99', color: COLORS.p99, kind: 'line', values: points.p99 },
    ],
  });
  const counts = timeChart({
    title: 'Iterations started, responses and failures per second',
    xs: points.xs,
    yUnit: 'per second',
    series: [
      { key: 'responses', label: 'responses', color: COLORS.responses, kind: 'area', values: points.responses },
      { key: 'started', label: 'iterations started', color: COLORS.started, kind: 'line', values: points.started },
      { key: 'failures', label: 'failures', color: COLORS.failures, kind: 'area', values: points.failures },
    ],
  });
  const bucketNote =
    points.seconds > 1
      ? ` Each point covers ${points.seconds} seconds: counts are averaged per second, latencies are the highest second's.`
      : '';
  const note = `<p class="note">Per second of the run; seconds without responses leave a gap in the latency lines.${bucketNote}</p>`;
  return section(
    'Timeline',
    `${note}<figure class="timeline" data-chart="latency">${latency}</figure>` +
      `<figure class="timeline" data-chart="throughput">${counts}</figure>`,
  );
}

function stepsSection(result: LoadTestResult, steps: readonly StepView[], baseline: BaselineDelta | undefined): string {
  if (steps.length === 0) return section('Steps', '<p class="note empty">No steps ran.</p>');
  const deltas = new Map((baseline?.steps ?? []).map((d) => [d.id, d]));
  const rows = steps.map((v) => {
    const { step } = v;
    const t = step.response_times;
    const delta = deltas.get(step.id);
    const cell = (metric: BaselineMetric, plain: string) => {
      const change = delta ? findChange(delta.changes, metric) : undefined;
      return change ? `${plain}<span class="delta">${changeHtml(change)}</span>` : plain;
    };
    const isNew = delta?.status === 'new' ? ' <span class="tag">new</span>' : '';
    const time = (ms: number) => formatTimeOrNone(ms, responseCount(step.status_code_dist));
    const status = statusText(statusCounts(result, step.id, step.status_code_dist), escapeXml, (text) => `<span class="status-error">${text}</span>`);
    return [
      String(step.id),
      `<span class="step-name">${escapeXml(v.name)}</span>${isNew}<code class="request">${escapeXml(v.request)}</code>`,
      formatCount(step.iteration_count),
      formatCount(step.success_count),
      formatCount(step.fail_count),
      cell('fail_rate', formatPercent(failRatePct(step))),
      status,
      cell('avg', time(t.avg)),
      time(t.median),
      cell('p95', time(t.p95)),
      cell('p99', time(t.p99)),
      time(t.max),
    ];
  });
  const header = ['#', 'Step', 'Iterations', 'Successes', 'Failures', 'Fail rate', 'Status'];
  header.push('avg', 'p50', 'p95', 'p99', 'max');
  const removed = (baseline?.steps ?? []).filter((d) => d.status === 'removed');
  const removedNote =
    removed.length > 0
      ? `<p class="note">Not run any more since the baseline: ${removed.map((d) => `${d.id} ${escapeXml(truncate(d.name, NAME_CHARS))}`).join(', ')}.</p>`
      : '';
  return section('Steps', table(header, 'rlrrrrlrrrrr', rows) + removedNote);
}

function locationsSection(result: LoadTestResult): string | undefined {
  if (!showsLocations(result)) return undefined;
  const rows = Object.entries(result.results.location_dist).map(([location, l]) => [
    escapeXml(location),
    `<code>${escapeXml(egressOf(result, location))}</code>`,
    formatCount(l.iteration_count),
    formatCount(l.success_count),
    formatCount(l.fail_count),
    formatPercent(failRatePct(l)),
    ...latencyCells(l.response_times, locationResponses(result, location)),
  ]);
  const header = ['Location', 'Egress', 'Iterations', 'Successes', 'Failures', 'Fail rate', 'avg', 'p50', 'p95', 'p99'];
  return section('Locations', table(header, 'llrrrrrrrr', rows));
}

function stepLocationSection(result: LoadTestResult, steps: readonly StepView[]): string | undefined {
  if (!showsLocations(result)) return undefined;
  const rows = steps.flatMap((v) =>
    Object.entries(v.step.location_dist).map(([location, l]) => [
      escapeXml(v.name),
      escapeXml(location),
      formatCount(l.iteration_count),
      formatCount(l.success_count),
      formatCount(l.fail_count),
      formatPercent(failRatePct(l)),
      ...latencyCells(l.response_times, responseCount(l.status_code_dist)),
    ]),
  );
  if (rows.length === 0) return undefined;
  const header = ['Step', 'Location', 'Iterations', 'Successes', 'Failures', 'Fail rate', 'avg', 'p50', 'p95', 'p99'];
  return section('Steps by location', table(header, 'llrrrrrrrr', rows));
}

function distributionSection(result: LoadTestResult, steps: readonly StepView[]): string | undefined {
  if (steps.length === 0) return undefined;
  const cards = [
    distributionCard('All requests', '', result.results.response_times),
    ...steps.map((v) => distributionCard(v.name, v.request, v.step.response_times)),
  ];
  const note = '<p class="note">Response times of each step: min, percentiles and max.</p>';
  return section('Latency distribution', `${note}<div class="dist-grid">${cards.join('')}</div>`);
}

function distributionCard(name: string, request: string, t: ResponseTimes): string {
  const rows = [
    { label: 'min', value: t.min },
    { label: 'p50', value: t.median },
    { label: 'p80', value: t.p80 },
    { label: 'p90', value: t.p90 },
    { label: 'p95', value: t.p95 },
    { label: 'p99', value: t.p99 },
    { label: 'max', value: t.max },
  ];
  const chart = barChart({ title: `Response times of ${name} (ms)`, rows, color: COLORS.bars, formatValue: formatMs });
  const sub = request ? `<code>${escapeXml(request)}</code>` : `<span>avg ${formatMs(t.avg)}</span>`;
  return `<figure class="dist"><figcaption><strong>${escapeXml(name)}</strong>${sub}</figcaption>${chart}</figure>`;
}

function statusSection(steps: readonly StepView[]): string | undefined {
  const rows = steps.flatMap((v) => {
    const responses = Object.values(v.step.status_code_dist).reduce((a, b) => a + b, 0);
    return sortedEntries(v.step.status_code_dist).map(([code, count]) => [
      escapeXml(v.name),
      `<span class="status status-${statusClass(code)}">${escapeXml(code)}</span>`,
      formatCount(count),
      formatPercent(responses > 0 ? (count / responses) * 100 : 0),
    ]);
  });
  if (rows.length === 0) return undefined;
  return section('Status codes per step', table(['Step', 'Status', 'Responses', 'Share'], 'llrr', rows));
}

function errorsSection(steps: readonly StepView[]): string {
  const rows = steps.flatMap((v) =>
    sortedEntries(v.step.error_dist).map(([reason, count]) => [
      escapeXml(v.name),
      escapeXml(truncate(reason, NAME_CHARS)),
      formatCount(count),
    ]),
  );
  if (rows.length === 0) return section('Errors per step', '<p class="note empty">No errors.</p>');
  return section('Errors per step', table(['Step', 'Error', 'Count'], 'llr', rows));
}

function footer(result: LoadTestResult): string {
  const { run } = result;
  const parts = [
    `loadgate ${escapeXml(run.version)}`,
    `started ${escapeXml(formatTimestamp(run.started_at))}`,
    `finished ${escapeXml(formatTimestamp(run.finished_at))}`,
    `mode ${escapeXml(run.mode)}`,
  ];
  if (result.test_url) parts.push(link(result.test_url));
  return `<footer>${parts.map((p) => `<span>${p}</span>`).join('')}</footer>`;
}

// ---- building blocks ----

function section(title: string, body: string): string {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `<section id="${escapeXml(id)}">\n<h2>${escapeXml(title)}</h2>\n${body}\n</section>`;
}

/** One alignment letter per column (l left, r right: numbers). Cells arrive escaped. */
function table(header: readonly string[], align: string, rows: readonly (readonly string[])[]): string {
  const cls = (i: number) => (align[i] === 'r' ? ' class="num"' : '');
  const head = header.map((h, i) => `<th${cls(i)}>${h}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`).join('\n');
  return `<div class="table-wrap"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

function badge(kind: 'pass' | 'fail' | 'warn', label: string): string {
  return `<span class="badge badge-${kind}">${label}</span>`;
}

function changeHtml(change: MetricChange): string {
  return `<span class="change change-${changeVerdict(change)}">${escapeXml(describeChange(change))}</span>`;
}

function latencyCells(t: ResponseTimes, responses: number): string[] {
  return [t.avg, t.median, t.p95, t.p99].map((ms) => formatTimeOrNone(ms, responses));
}

function sortedEntries(dist: CountDist): [string, number][] {
  return Object.entries(dist).sort((a, b) => b[1] - a[1]);
}

/** `2xx`…`5xx` for colouring; `other` for anything that is not an HTTP status. */
function statusClass(code: string): string {
  return /^[1-5]\d\d$/.test(code) ? `${code[0]}xx` : 'other';
}

/** A link for http(s) and file URLs (test_url is a file:// URL outside Actions); any other text stays text. */
function link(url: string): string {
  const text = escapeXml(truncate(url, NAME_CHARS));
  return /^(https?|file):\/\//i.test(url) ? `<a href="${escapeXml(url)}">${text}</a>` : text;
}

// ---- style ----

/** A light, quiet look: system fonts, roomy spacing, numbers right-aligned in tabular figures. */
const STYLE = `
:root { color-scheme: light; --fg: #0f172a; --muted: #64748b; --line: #e2e8f0; --bg: #f8fafc; --card: #fff; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif; }
main { max-width: 1240px; margin: 0 auto; padding: 32px 20px 48px; }
header { margin-bottom: 8px; }
.brand { margin: 0; color: var(--muted); font-size: 12px; font-weight: 600; letter-spacing: .08em; text-transform: uppercase; }
h1 { margin: 4px 0 16px; font-size: 28px; line-height: 1.2; overflow-wrap: anywhere; }
h2 { margin: 0 0 12px; font-size: 17px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 20px; margin: 18px 0; }
.verdict { display: flex; gap: 14px; align-items: center; padding: 14px 18px; border-radius: 10px; border: 1px solid; }
.verdict-word { flex: none; font-weight: 700; font-size: 13px; letter-spacing: .04em; text-transform: uppercase;
  padding: 4px 10px; border-radius: 999px; color: #fff; }
.verdict-text { font-size: 15px; font-weight: 500; overflow-wrap: anywhere; }
.verdict-passed { background: #f0fdf4; border-color: #bbf7d0; color: #14532d; } .verdict-passed .verdict-word { background: #16a34a; }
.verdict-failed { background: #fef2f2; border-color: #fecaca; color: #7f1d1d; } .verdict-failed .verdict-word { background: #dc2626; }
.verdict-partial { background: #fffbeb; border-color: #fde68a; color: #78350f; } .verdict-partial .verdict-word { background: #d97706; }
.status-error { color: #b91c1c; font-weight: 600; }
.context { margin: 12px 0 0; color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 0; }
.context span:not(:last-child)::after { content: "·"; margin: 0 10px; color: #cbd5e1; }
.warning { margin: 10px 0 0; padding: 8px 12px; border-radius: 8px; background: #fffbeb; color: #78350f; border: 1px solid #fde68a; }
.note { margin: 0 0 12px; color: var(--muted); }
.note.empty { margin: 0; font-style: italic; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 10px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; display: flex; flex-direction: column; }
.card-label { color: var(--muted); font-size: 12px; }
.card-value { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
.delta { display: block; font-size: 12px; }
.change-worse { color: #b91c1c; } .change-better { color: #15803d; } .change-same { color: var(--muted); }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 7px 8px; text-align: left; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-size: 12px; font-weight: 600; white-space: nowrap; background: #f8fafc; }
tbody tr:hover { background: #f8fafc; }
td.num, th.num { text-align: right; white-space: nowrap; }
td { overflow-wrap: break-word; }
td code { white-space: nowrap; }
.step-name { font-weight: 500; }
code.request { display: block; margin-top: 2px; color: var(--muted); }
code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #334155; }
.tag { font-size: 11px; padding: 1px 6px; border-radius: 4px; background: #e0e7ff; color: #3730a3; }
.badge, .status { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 999px; }
.badge-pass, .status-2xx { background: #dcfce7; color: #166534; }
.badge-fail, .status-5xx { background: #fee2e2; color: #991b1b; }
.badge-warn { background: #fef3c7; color: #92400e; }
.status-1xx, .status-3xx { background: #e0f2fe; color: #075985; }
.status-4xx { background: #fef3c7; color: #92400e; }
.status-other { background: #f1f5f9; color: #334155; }
figure { margin: 0; }
.timeline + .timeline { margin-top: 18px; }
svg.chart { display: block; width: 100%; height: auto; font-family: inherit; }
svg text { font-variant-numeric: tabular-nums; }
.dist-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(460px, 1fr)); gap: 14px; }
.dist { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px 6px; }
.dist figcaption { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; margin-bottom: 6px; overflow-wrap: anywhere; }
.dist figcaption span { color: var(--muted); font-size: 12px; }
footer { display: flex; flex-wrap: wrap; gap: 4px 0; color: var(--muted); font-size: 12px; margin-top: 24px; }
footer span:not(:last-child)::after { content: "·"; margin: 0 10px; color: #cbd5e1; }
footer a { color: #2563eb; overflow-wrap: anywhere; }
`;
