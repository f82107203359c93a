// The web report: the report model as one self-contained HTML file (inline CSS, inline SVG
// charts, no scripts and a Content-Security-Policy that forbids every fetch), written next to the
// results file, uploaded as an artifact and served at test_url. Pure builders, one per section,
// and one composer. Every piece of user text (names, URLs, reasons, status keys) goes through escapeXml.

import { capacityHtml } from './capacity-html.ts';
import type { SecondSample } from '../types.ts';
import { comparisonHtml } from './comparison.ts';
import { formatCount, formatMs, formatPercent } from './figures.ts';
import { NO_RESPONSE, statusText, truncate } from './format.ts';
import { badge, htmlSection as section, htmlTable as table } from './html-blocks.ts';
import { latencyHtml } from './latency.ts';
import { historyHtml } from './history.ts';
import {
  streamTableRows,
  textOf,
  type CountRow,
  type ErrorRow,
  type Figure,
  type LevelFigures,
  type ReportModel,
  type VerdictStatus,
} from './model.ts';
import { bucketSeries } from './timeline.ts';
import { barChart, escapeXml, timeChart } from './svg.ts';

export interface HtmlOptions {
  /** The page title; default `<test name> — loadgate report`. */
  title?: string;
}

/** Shown instead of the timeline when the result has no per-second samples. */
export const NO_SERIES_NOTE = 'no per-second data (hosted or merged run)';

/** Forbids every fetch, script included: the page needs only its inline styles and SVG. */
export const HTML_REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const VERDICT_WORD: Record<VerdictStatus, string> = {
  passed: 'Passed',
  failed: 'Failed',
  incomplete: 'Stopped early',
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
  errors: '#dc2626',
  bars: '#6366f1',
};

export function renderHtmlReport(model: ReportModel, options: HtmlOptions = {}): string {
  const title = options.title ?? `${model.name} — loadgate report`;
  const sections = [
    header(model),
    model.capacity && capacityHtml(model.capacity),
    checksSection(model),
    overallSection(model),
    timelineSection(model.timeline),
    stepsSection(model),
    streamsSection(model),
    locationsSection(model),
    stepLocationSection(model),
    distributionSection(model),
    shardsSection(model),
    model.comparison && extraSection(comparisonHtml(model.comparison)),
    model.latency && extraSection(latencyHtml(model.latency.result, model.latency.outcomes)),
    model.history && extraSection(historyHtml(model.history, { ...COLORS, throughput: COLORS.responses })),
    statusSection(model.statusCodes),
    errorsSection(model.errors),
    footer(model),
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
    ...sections.filter((s): s is string => typeof s === 'string'),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

// ---- sections ----

function header(model: ReportModel): string {
  const { status } = model.verdict;
  const late = !model.late
    ? ''
    : model.late.warning
      ? `<p class="warning">⚠ ${escapeXml(model.late.text)}</p>`
      : `<p class="note">${escapeXml(model.late.text)}</p>`;
  return [
    '<header>',
    `<p class="brand">loadgate report</p>`,
    `<h1>${escapeXml(model.name)}</h1>`,
    `<div class="verdict verdict-${status}" data-verdict="${status}">`,
    `<span class="verdict-word">${VERDICT_WORD[status]}</span>`,
    `<span class="verdict-text">${textOf(model.verdict.text, escapeXml)}</span>`,
    '</div>',
    `<p class="context">${model.context.map((p) => `<span>${textOf(p, escapeXml)}</span>`).join('')}</p>`,
    late,
    '</header>',
  ].join('\n');
}

const RESULT_BADGE = { passed: ['pass', 'passed'], failed: ['fail', 'failed'], warning: ['warn', 'warning'] } as const;

function checksSection(model: ReportModel): string | undefined {
  if (model.checks.length === 0) return undefined;
  const rows = model.checks.map((c) => [
    escapeXml(c.name),
    escapeXml(c.actual),
    escapeXml(c.limit),
    badge(RESULT_BADGE[c.result][0], RESULT_BADGE[c.result][1]),
  ]);
  const note = model.thresholdNote ? `<p class="warning">⚠ ${escapeXml(model.thresholdNote)}</p>` : '';
  return section('Checks', table(['Check', 'Actual', 'Limit', 'Result'], 'lrrl', rows) + note);
}

function overallSection(model: ReportModel): string {
  const { figures: o, throughput, duration, baselineStartedAt } = model.overall;
  const card = (label: string, f: Figure | string, sub = '', error = false) => {
    const value = typeof f === 'string' ? f : f.text;
    const delta = typeof f !== 'string' && f.change ? `<span class="delta">${changeHtml(f)}</span>` : '';
    const below = sub ? `<span class="card-sub">${escapeXml(sub)}</span>` : '';
    return `<div class="card${error ? ' card-error' : ''}"><span class="card-label">${label}</span><span class="card-value">${value}</span>${below}${delta}</div>`;
  };
  const cards = [
    card('Requests', o.requests),
    card('Errors', o.errors, o.errorKinds, o.hasErrors),
    card('Error rate (http_fail_rate)', o.errorRate, '', o.hasErrors),
    card('Iterations', o.iterations),
    card('Failed iterations', o.failures, `fail_rate ${o.failRate.text}`),
    card('Throughput', throughput),
    card('Duration', duration),
    card('avg', o.avg),
    card('p50', o.p50),
    card('p90', o.p90),
    card('p95', o.p95),
    card('p99', o.p99),
    card('max', o.max),
  ];
  const against = baselineStartedAt ? `<p class="note">Changes against the baseline run of ${escapeXml(baselineStartedAt)}.</p>` : '';
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
    title: 'Iterations started, responses and errors per second',
    xs: points.xs,
    yUnit: 'per second',
    series: [
      { key: 'responses', label: 'responses', color: COLORS.responses, kind: 'area', values: points.responses },
      { key: 'started', label: 'iterations started', color: COLORS.started, kind: 'line', values: points.started },
      { key: 'errors', label: 'errors (no 2xx/3xx)', color: COLORS.errors, kind: 'area', values: points.errors },
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

function stepsSection(model: ReportModel): string {
  if (model.steps.length === 0) return section('Steps', '<p class="note empty">No steps ran.</p>');
  const rows = model.steps.map((s) => [
    String(s.id),
    `<span class="step-name">${escapeXml(truncate(s.name, NAME_CHARS))}</span>${s.isNew ? ' <span class="tag">new</span>' : ''}` +
      `<code class="request">${escapeXml(truncate(s.request, NAME_CHARS))}</code>`,
    s.requests,
    s.hasErrors ? `<span class="status-error">${s.errors}</span>` : s.errors,
    withDelta(s.errorRate),
    statusText(s.status, escapeXml, (text) => `<span class="status-error">${text}</span>`),
    withDelta(s.avg),
    s.p50.text,
    withDelta(s.p95),
    withDelta(s.p99),
    s.max.text,
  ]);
  const header = ['#', 'Step', 'Requests', 'Errors', 'Error rate', 'Status', 'avg', 'p50', 'p95', 'p99', 'max'];
  const removed = model.removedSteps;
  const removedNote =
    removed.length > 0
      ? `<p class="note">Not run any more since the baseline: ${removed.map((d) => `${d.id} ${escapeXml(truncate(d.name, NAME_CHARS))}`).join(', ')}.</p>`
      : '';
  const note = '<p class="note">Errors: requests without a 2xx/3xx answer (no response, or an error status the step does not expect).</p>';
  return section('Steps', note + table(header, 'rlrrrlrrrrr', rows) + removedNote);
}

/** Streaming steps (docs/streaming.md): the time to the first event and the gaps between events. */
function streamsSection(model: ReportModel): string | undefined {
  const stepName = (name: string) => `<span class="step-name">${escapeXml(truncate(name, NAME_CHARS))}</span>`;
  const rows = streamTableRows(model.steps, stepName).map((row) => [...row.cells, escapeXml(row.closeCodes)]);
  if (rows.length === 0) return undefined;
  const header = ['#', 'Step', 'Streams', 'Events', 'First event p50', 'p95', 'p99', 'Gap p50', 'p95', 'p99', 'Close codes'];
  const note =
    '<p class="note">First event: from the request (a WebSocket’s first message sent) to the first event. Gap: between consecutive events. The steps’ response times are the whole exchange.</p>';
  return section('Streams', note + table(header, 'lrrrrrrrrrl', rows));
}

function locationsSection(model: ReportModel): string | undefined {
  if (!model.locations) return undefined;
  const rows = model.locations.map((l) => [escapeXml(l.name), `<code>${escapeXml(l.egress)}</code>`, ...levelCells(l)]);
  const header = ['Location', 'Egress', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p50', 'p95', 'p99'];
  return section('Locations', table(header, 'llrrrrrrrr', rows));
}

function stepLocationSection(model: ReportModel): string | undefined {
  if (model.stepLocations.length === 0) return undefined;
  const rows = model.stepLocations.map((l) => [escapeXml(truncate(l.stepName, NAME_CHARS)), escapeXml(l.location), ...levelCells(l)]);
  const header = ['Step', 'Location', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p50', 'p95', 'p99'];
  return section('Steps by location', table(header, 'llrrrrrrrr', rows));
}

function levelCells(l: LevelFigures): string[] {
  return [l.iterations, l.requests, l.errors, l.errorRate.text, l.avg.text, l.p50.text, l.p95.text, l.p99.text];
}

function distributionSection(model: ReportModel): string | undefined {
  if (model.steps.length === 0) return undefined;
  const cards = [
    distributionCard('All requests', '', model.overall.figures),
    ...model.steps.map((s) => distributionCard(truncate(s.name, NAME_CHARS), truncate(s.request, NAME_CHARS), s)),
  ];
  const note = '<p class="note">Response times of each step: min, percentiles and max.</p>';
  return section('Latency distribution', `${note}<div class="dist-grid">${cards.join('')}</div>`);
}

function distributionCard(name: string, request: string, level: LevelFigures): string {
  const t = level.times;
  const rows = [
    { label: 'min', value: t.min },
    { label: 'p50', value: t.median },
    { label: 'p80', value: t.p80 },
    { label: 'p90', value: t.p90 },
    { label: 'p95', value: t.p95 },
    { label: 'p99', value: t.p99 },
    { label: 'max', value: t.max },
  ];
  // Without a response there is no time to show: each statistic reads "—", not 0 ms.
  const formatValue = level.responded ? formatMs : () => NO_RESPONSE;
  const chart = barChart({ title: `Response times of ${name} (ms)`, rows, color: COLORS.bars, formatValue });
  const sub = request ? `<code>${escapeXml(request)}</code>` : `<span>avg ${level.avg.text}</span>`;
  return `<figure class="dist"><figcaption><strong>${escapeXml(name)}</strong>${sub}</figcaption>${chart}</figure>`;
}

function shardsSection(model: ReportModel): string | undefined {
  if (!model.shards) return undefined;
  const { headline, late, shards } = model.shards;
  const rows = shards.map((s) => [
    String(s.index),
    `<code>${escapeXml(s.file)}</code>`,
    s.started,
    s.startLag,
    s.iterations,
    s.late ? badge('warn', 'late') : 'on time',
  ]);
  const note = `<p class="${late ? 'warning' : 'note'}">${late ? '⚠ ' : ''}${escapeXml(headline)}</p>`;
  return section('Shards', note + table(['Shard', 'File', 'Started', 'Start lag', 'Iterations', ''], 'rllrrl', rows));
}

function extraSection(body: { title: string; html: string }): string {
  return section(body.title, body.html);
}

function statusSection(entries: readonly CountRow[]): string | undefined {
  if (entries.length === 0) return undefined;
  const rows = entries.map((e) => [
    escapeXml(truncate(e.stepName, NAME_CHARS)),
    `<span class="status status-${statusClass(e.key)}">${escapeXml(e.key)}</span>`,
    formatCount(e.count),
    formatPercent(e.share),
  ]);
  return section('Status codes per step', table(['Step', 'Status', 'Responses', 'Share'], 'llrr', rows));
}

const ERROR_KIND = { transport: 'no response', http: 'HTTP error', check: 'failed check' } as const;

function errorsSection(entries: readonly ErrorRow[]): string {
  if (entries.length === 0) return section('Errors per step', '<p class="note empty">No errors.</p>');
  const rows = entries.map((e) => [
    escapeXml(truncate(e.stepName, NAME_CHARS)),
    escapeXml(truncate(e.key, NAME_CHARS)),
    ERROR_KIND[e.kind],
    formatCount(e.count),
  ]);
  return section('Errors per step', table(['Step', 'Error', 'Kind', 'Count'], 'lllr', rows));
}

function footer(model: ReportModel): string {
  const { about } = model;
  const parts = [
    `loadgate ${escapeXml(about.version)}`,
    `started ${escapeXml(about.startedAt)}`,
    `finished ${escapeXml(about.finishedAt)}`,
    `mode ${escapeXml(about.mode)}`,
  ];
  if (model.links.fullReport) parts.push(link(model.links.fullReport));
  return `<footer>${parts.map((p) => `<span>${p}</span>`).join('')}</footer>`;
}

// ---- building blocks ----

function withDelta(f: Figure): string {
  return f.change ? `${f.text}<span class="delta">${changeHtml(f)}</span>` : f.text;
}

function changeHtml(f: Figure): string {
  return f.change ? `<span class="change change-${f.change.verdict}">${escapeXml(f.change.text)}</span>` : '';
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
.verdict-incomplete { background: #fffbeb; border-color: #fde68a; color: #78350f; } .verdict-incomplete .verdict-word { background: #d97706; }
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
.card-sub { color: var(--muted); font-size: 12px; }
.card-error .card-value { color: #b91c1c; }
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
