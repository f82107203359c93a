// History in the reports (docs/history.md): the model's section, built from the results file's
// `history` block and this run's figures, and its layouts: a Mermaid xychart-beta of p95 and
// p99 over the runs with a one-line trend (PR comment, job summary, check run, --summary-file),
// inline SVG charts of each figure in the web report, and the trend line in the terminal.
import { formatMs, formatPercent, formatRate, formatSignedPercent, formatTimestamp } from './figures.ts';
import { median as medianOf } from '../median.ts';
import { escapeMarkdown, mermaidLabel, niceCeiling } from './markdown-blocks.ts';
import { escapeXml, runsChart } from './svg.ts';
import type { HistoryBlock, HistoryFigures, HistoryLevelFigures, Judgement } from '../types.ts';

/** What the pipeline hands the report: the block it wrote and this run's own figures. */
export interface HistoryView {
  block: HistoryBlock;
  current: HistoryFigures;
  notes: readonly string[];
}

/** One run on a chart: an earlier one, or this run (the last). */
export interface HistoryPoint {
  /** The short sha, else the run's id; `this run` for the current one. */
  label: string;
  sha?: string;
  startedAt?: string;
  figures: HistoryLevelFigures;
  current: boolean;
}

export interface HistoryChart {
  /** `overall`, or the step's name. */
  title: string;
  points: HistoryPoint[];
  /** A step a threshold failed on: charted in the comment before the steps that moved most. */
  failed?: boolean;
}

export interface HistorySection {
  /** Earlier runs read. */
  runs: number;
  /** `p95 +12 % over the last 10 runs on main (median 9.8 ms, this run 11 ms)`. */
  trend?: string;
  /** `median of the last 5 runs: 1041, 1042, …`. */
  baseline?: string;
  overall: HistoryChart;
  /** The steps charted on their own: those whose p95 moved most (markdown), every step (web report). */
  steps: HistoryChart[];
  notes: readonly string[];
}

/** Steps charted on their own in the comment: each chart costs bytes of GitHub's 65,536. */
export const MARKDOWN_STEP_CHARTS = 3;
const LABEL_CHARS = 12;

/** The steps a failed threshold names (`step[2]`, `step[login]`, or the one `step[*]` failed at). */
export function failedSteps(judgement: Judgement, stepNames: ReadonlyMap<number, string>): Set<number> {
  const failed = new Set<number>();
  for (const o of judgement.thresholds) {
    const step = o.threshold.step;
    if (o.passed || !step) continue;
    if ('id' in step) failed.add(step.id);
    else if ('name' in step) {
      for (const [id, name] of stepNames) if (name === step.name) failed.add(id);
    } else {
      // `where` is the level's label, `step 2 (login)` (src/verdict/metrics.ts, stepLabel).
      const id = /^step (\d+)/.exec(o.where ?? '')?.[1];
      if (id !== undefined) failed.add(Number(id));
    }
  }
  return failed;
}

export function historySection(
  view: HistoryView,
  stepNames: ReadonlyMap<number, string>,
  failed: ReadonlySet<number> = new Set(),
): HistorySection {
  const { block, current } = view;
  const pointsOf = (pick: (f: HistoryFigures) => HistoryLevelFigures | undefined): HistoryPoint[] => [
    ...block.runs.flatMap((run) => {
      const figures = pick(run.figures);
      if (!figures) return [];
      const label = run.sha ? run.sha.slice(0, 7) : run.id.slice(-LABEL_CHARS);
      return [{ label, ...(run.sha && { sha: run.sha }), startedAt: run.started_at, figures, current: false }];
    }),
    { label: 'this run', figures: pick(current) ?? {}, current: true },
  ];
  const steps = [...stepNames].map(([id, name]) => ({
    title: name,
    points: pointsOf((f) => f.steps[String(id)]),
    ...(failed.has(id) && { failed: true }),
  }));
  const trend = trendOf(
    pointsOf((f) => f.overall),
    block.branch,
  );
  return {
    runs: block.runs.length,
    ...(trend && { trend }),
    ...(block.baseline && {
      baseline: `median of the last ${block.baseline.median_of.length} runs: ${block.baseline.median_of.join(', ')}`,
    }),
    overall: { title: 'overall', points: pointsOf((f) => f.overall) },
    steps,
    notes: view.notes,
  };
}

/** This run's p95 against the median of the earlier runs' (a single run's noise cannot move a median). */
function trendOf(points: readonly HistoryPoint[], branch: string | undefined): string | undefined {
  const now = points.at(-1)?.figures.p95;
  const earlier = points.filter((p) => !p.current && p.figures.p95 !== undefined).map((p) => p.figures.p95!);
  const middle = medianOf(earlier);
  if (now === undefined || middle === undefined || middle === 0) return undefined;
  const where = branch ? ` on ${branch}` : '';
  const runs = earlier.length === 1 ? 'the last run' : `the last ${earlier.length} runs`;
  return `p95 ${formatSignedPercent((now / middle - 1) * 100)} over ${runs}${where} (median ${formatMs(middle)}, this run ${formatMs(now)})`;
}

/** The steps charted on their own: those a threshold failed on, in step order, then those whose p95 moved most. */
export function stepsToChart(section: HistorySection, count: number): HistoryChart[] {
  const failed = section.steps.filter((chart) => chart.failed);
  return [...failed, ...stepsMovedMost(section.steps.filter((chart) => !chart.failed))].slice(0, count);
}

/** The steps whose p95 moved most against their history, largest change first. */
function stepsMovedMost(steps: readonly HistoryChart[]): HistoryChart[] {
  const moved = steps.flatMap((chart) => {
    const now = chart.points.at(-1)?.figures.p95;
    const middle = medianOf(chart.points.filter((p) => !p.current && p.figures.p95 !== undefined).map((p) => p.figures.p95!));
    if (now === undefined || middle === undefined || middle === 0) return [];
    return [{ chart, change: Math.abs(now / middle - 1) }];
  });
  return moved.sort((a, b) => b.change - a.change).map((m) => m.chart);
}

// ---- Markdown ----

export function historyMarkdown(section: HistorySection): string {
  const parts = ['#### History'];
  if (section.runs === 0) parts.push('_No earlier runs of this test were found; the chart starts with the next run._');
  if (section.trend) parts.push(`**${escapeMarkdown(section.trend)}**`);
  if (section.baseline) parts.push(`Baseline: the ${escapeMarkdown(section.baseline)}.`);
  const overall = mermaidChart(section.overall, 'p95 and p99');
  if (overall) parts.push(overall, '_The upper line is p99, the lower p95, oldest run first; the last point is this run._');
  if (section.steps.length > 1) {
    for (const chart of stepsToChart(section, MARKDOWN_STEP_CHARTS)) {
      const drawn = mermaidChart(chart, `${chart.title}: p95 and p99`);
      if (drawn) parts.push(drawn);
    }
  }
  if (section.notes.length > 0) parts.push(section.notes.map((n) => `- ${escapeMarkdown(n)}`).join('\n'));
  return parts.join('\n\n');
}

/** A chart of p95 and p99 over the runs that have both; none with fewer than two such runs. */
export function mermaidChart(chart: HistoryChart, what: string): string | undefined {
  const points = chart.points.filter((p) => p.figures.p95 !== undefined && p.figures.p99 !== undefined);
  if (points.length < 2) return undefined;
  const round = (v: number) => Math.round(v * 10) / 10;
  const list = (pick: (p: HistoryPoint) => number) => `[${points.map((p) => round(pick(p))).join(', ')}]`;
  const top = Math.max(...points.map((p) => p.figures.p99!));
  const runs = points.length - 1;
  return [
    '```mermaid',
    'xychart-beta',
    `  title "${mermaidLabel(`${what} over the last ${runs} ${runs === 1 ? 'run' : 'runs'} and this one (ms)`, 80)}"`,
    `  x-axis [${points.map((p) => `"${mermaidLabel(p.label, LABEL_CHARS)}"`).join(', ')}]`,
    `  y-axis "ms" 0 --> ${niceCeiling(top * 1.1)}`,
    `  line ${list((p) => p.figures.p99!)}`,
    `  line ${list((p) => p.figures.p95!)}`,
    '```',
  ].join('\n');
}

// ---- HTML ----

/** The web report's History section: each figure over the runs, this run marked (hover names the run and its value). */
export function historyHtml(
  section: HistorySection,
  colors: { p50: string; p95: string; p99: string; throughput: string; errors: string },
): {
  title: string;
  html: string;
} {
  const points = section.overall.points;
  const runs = points.map((p) => ({
    label: p.label,
    hover: p.current ? 'this run' : `${p.sha ?? p.label}${p.startedAt ? ` (${formatTimestamp(p.startedAt)})` : ''}`,
  }));
  const current = points.length - 1;
  const values = (pick: (f: HistoryLevelFigures) => number | undefined) => points.map((p) => pick(p.figures) ?? null);
  const latency = runsChart({
    title: 'p50, p95 and p99 per run (ms)',
    runs,
    current,
    yUnit: 'ms',
    formatValue: formatMs,
    series: [
      { key: 'p50', label: 'p50', color: colors.p50, values: values((f) => f.p50) },
      { key: 'p95', label: 'p95', color: colors.p95, values: values((f) => f.p95) },
      { key: 'p99', label: 'p99', color: colors.p99, values: values((f) => f.p99) },
    ],
  });
  const throughput = runsChart({
    title: 'Throughput per run (requests per second)',
    runs,
    current,
    yUnit: 'req/s',
    formatValue: (v) => formatRate(v, 'req'),
    series: [{ key: 'rps', label: 'throughput', color: colors.throughput, values: values((f) => f.rps) }],
    height: 180,
  });
  const errors = runsChart({
    title: 'HTTP errors per run (%)',
    runs,
    current,
    yUnit: '%',
    formatValue: formatPercent,
    series: [{ key: 'http_fail_rate', label: 'HTTP errors', color: colors.errors, values: values((f) => f.http_fail_rate) }],
    height: 180,
  });
  const lines = [
    section.runs === 0 ? 'No earlier runs of this test were found.' : section.trend,
    section.baseline && `Baseline: the ${section.baseline}.`,
    ...section.notes,
  ].filter((l): l is string => Boolean(l));
  const notes = lines.map((l) => `<p class="note">${escapeXml(l)}</p>`).join('');
  const figures =
    `<figure class="history" data-chart="history-latency">${latency}</figure>` +
    `<figure class="history" data-chart="history-throughput">${throughput}</figure>` +
    `<figure class="history" data-chart="history-errors">${errors}</figure>`;
  return { title: 'History', html: `${notes}${section.runs === 0 ? '' : figures}` };
}

// ---- Terminal ----

export function historyTerminal(section: HistorySection, clean: (text: string) => string): string[] {
  const lines = [`History (${section.runs} earlier ${section.runs === 1 ? 'run' : 'runs'})`];
  if (section.trend) lines.push(`  ${clean(section.trend)}`);
  if (section.baseline) lines.push(`  baseline: ${clean(section.baseline)}`);
  for (const note of section.notes) lines.push(`  note: ${clean(note)}`);
  return lines;
}
