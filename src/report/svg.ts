// Small pure SVG chart builders for the HTML report: a time chart (lines and areas over
// seconds) and a horizontal bar chart. Each returns one self-contained <svg> element with
// axes, ticks and a legend, coloured through attributes so it also reads outside the page.
// Every piece of text that goes in is escaped here.

import { formatDuration } from './figures.ts';

/** Text and attribute values for XML and HTML alike: the five characters that can start markup or end a quote. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export interface TimeSeries {
  /** Stable name, used in `data-series` (`p95`, `failures`). */
  key: string;
  label: string;
  color: string;
  kind: 'line' | 'area';
  /** One value per x; null leaves a gap (a second without responses has no latency). */
  values: readonly (number | null)[];
}

export interface TimeChartSpec {
  /** Accessible name of the chart. */
  title: string;
  /** Seconds since the start, ascending; one per value of each series. */
  xs: readonly number[];
  series: readonly TimeSeries[];
  /** Unit written on the y axis (`ms`, `per second`). */
  yUnit: string;
  width?: number;
  height?: number;
}

export interface BarRow {
  label: string;
  value: number;
}

export interface BarChartSpec {
  title: string;
  rows: readonly BarRow[];
  color: string;
  formatValue: (value: number) => string;
  width?: number;
}

const AXIS_COLOR = '#94a3b8';
const GRID_COLOR = '#e2e8f0';
const TEXT_COLOR = '#475569';
const FONT_SIZE = 12;
const MARGIN = { top: 34, right: 16, bottom: 30, left: 60 };
/** Time axis steps in seconds: round to the eye at any run length, from seconds to hours. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 21_600, 43_200, 86_400];
const TICK_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function timeChart(spec: TimeChartSpec): string {
  const width = spec.width ?? 960;
  const height = spec.height ?? 260;
  const plot = { x0: MARGIN.left, x1: width - MARGIN.right, y0: height - MARGIN.bottom, y1: MARGIN.top };
  const first = spec.xs[0] ?? 0;
  const last = spec.xs[spec.xs.length - 1] ?? first;
  // A single second still gets a one-second-wide axis, so its point sits at the left edge.
  const xMax = last > first ? last : first + 1;
  const values = spec.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yTicks = niceTicks(Math.max(0, ...values));
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const sx = (x: number) => plot.x0 + ((x - first) / (xMax - first)) * (plot.x1 - plot.x0);
  const sy = (y: number) => plot.y0 - (y / yMax) * (plot.y0 - plot.y1);

  const grid = yTicks.map((t) => {
    const y = fmt(sy(t));
    return (
      `<line x1="${plot.x0}" x2="${plot.x1}" y1="${y}" y2="${y}" stroke="${GRID_COLOR}"/>` +
      text(plot.x0 - 8, sy(t) + 4, TICK_NUMBER.format(t), 'end')
    );
  });
  const xTicks = timeTicks(first, xMax).map((t) => {
    const x = fmt(sx(t));
    return (
      `<line x1="${x}" x2="${x}" y1="${plot.y0}" y2="${plot.y0 + 5}" stroke="${AXIS_COLOR}"/>` +
      text(sx(t), plot.y0 + 18, formatDuration(t), 'middle')
    );
  });
  const axes =
    `<line x1="${plot.x0}" x2="${plot.x1}" y1="${plot.y0}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
    `<line x1="${plot.x0}" x2="${plot.x0}" y1="${plot.y1}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
    text(4, 14, spec.yUnit, 'start');
  const marks = spec.series.map((s) => seriesMarks(s, spec.xs, sx, sy, plot.y0));
  const legend = legendOf(spec.series, plot.x1);
  return svg(width, height, spec.title, [...grid, axes, ...xTicks, ...marks, legend].join(''));
}

export function barChart(spec: BarChartSpec): string {
  const width = spec.width ?? 460;
  const rowHeight = 24;
  const labelWidth = 44;
  const valueWidth = 76;
  const top = 8;
  const height = top + spec.rows.length * rowHeight + 24;
  // The scale ends at the largest value, so the longest bar fills the plot; ticks stay round.
  const largest = Math.max(0, ...spec.rows.map((r) => r.value));
  const max = largest > 0 ? largest : 1;
  const ticks = niceTicks(max, 4).filter((t) => t <= max);
  const x0 = labelWidth;
  const x1 = width - valueWidth;
  const sx = (v: number) => x0 + (v / max) * (x1 - x0);
  const axisY = top + spec.rows.length * rowHeight;

  const grid = ticks.map((t) => {
    const x = fmt(sx(t));
    return (
      `<line x1="${x}" x2="${x}" y1="${top}" y2="${axisY}" stroke="${GRID_COLOR}"/>` +
      text(sx(t), axisY + 16, TICK_NUMBER.format(t), 'middle')
    );
  });
  const bars = spec.rows.map((row, i) => {
    const y = top + i * rowHeight;
    const barWidth = Math.max(0, sx(row.value) - x0);
    return (
      text(x0 - 8, y + rowHeight / 2 + 4, row.label, 'end') +
      `<rect x="${x0}" y="${fmt(y + 4)}" width="${fmt(barWidth)}" height="${rowHeight - 8}" rx="3" fill="${spec.color}">` +
      `<title>${escapeXml(`${row.label}: ${spec.formatValue(row.value)}`)}</title></rect>` +
      text(x0 + barWidth + 6, y + rowHeight / 2 + 4, spec.formatValue(row.value), 'start', 'value')
    );
  });
  const axis = `<line x1="${x0}" x2="${x0}" y1="${top}" y2="${axisY}" stroke="${AXIS_COLOR}"/>`;
  return svg(width, height, spec.title, [...grid, axis, ...bars].join(''));
}

/** Ticks from 0 to the first round number (1, 2, 2.5 or 5 × 10^k steps) at or above max; [0, 1] for no data. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((f) => f * magnitude >= raw) ?? 10) * magnitude;
  const n = Math.ceil(max / step - 1e-9);
  return Array.from({ length: n + 1 }, (_, i) => round(i * step));
}

/** Round times (10s, 1m, 10m, 1h…) within [from, to], at most eight of them. */
export function timeTicks(from: number, to: number): number[] {
  const span = Math.max(1, to - from);
  const step = TIME_STEPS.find((s) => span / s <= 8) ?? Math.ceil(span / 8);
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}

// ---- pieces ----

function seriesMarks(s: TimeSeries, xs: readonly number[], sx: (x: number) => number, sy: (y: number) => number, baseY: number): string {
  const runs = pointRuns(xs, s.values).map((run) => run.map(([x, y]) => [sx(x), sy(y)] as const));
  const line = runs.map((run) => run.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`).join('')).join('');
  const attrs = `class="series" data-series="${escapeXml(s.key)}"`;
  const stroke = `fill="none" stroke="${s.color}" stroke-width="2" stroke-linejoin="round"`;
  // A lone point has no segment to draw, so it gets a dot.
  const dots = runs
    .filter((run) => run.length === 1)
    .map((run) => run.map(([x, y]) => `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="3" fill="${s.color}"/>`).join(''))
    .join('');
  if (s.kind === 'line') return `<path ${attrs} d="${line || 'M0 0'}" ${stroke}/>${dots}`;
  const area = runs
    .filter((run) => run.length > 0)
    .map((run) => {
      const [firstX] = run[0] ?? [0];
      const [lastX] = run[run.length - 1] ?? [0];
      const top = run.map(([x, y]) => `L${fmt(x)} ${fmt(y)}`).join('');
      return `M${fmt(firstX)} ${fmt(baseY)}${top}L${fmt(lastX)} ${fmt(baseY)}Z`;
    })
    .join('');
  const fill = `<path d="${area || 'M0 0'}" fill="${s.color}" fill-opacity="0.18" stroke="none"/>`;
  return `${fill}<path ${attrs} d="${line || 'M0 0'}" ${stroke}/>${dots}`;
}

/** Consecutive (x, y) points, split where a value is missing. */
function pointRuns(xs: readonly number[], values: readonly (number | null)[]): (readonly [number, number])[][] {
  const runs: (readonly [number, number])[][] = [[]];
  xs.forEach((x, i) => {
    const v = values[i];
    if (v === null || v === undefined) runs.push([]);
    else runs[runs.length - 1]?.push([x, v]);
  });
  return runs.filter((r) => r.length > 0);
}

/** Right-aligned above the plot; the unit sits top left. Label widths are estimated (no text metrics without a DOM). */
function legendOf(series: readonly TimeSeries[], right: number): string {
  const widths = series.map((s) => 20 + s.label.length * 6.5);
  let x = right - widths.reduce((a, w) => a + w + 14, -14);
  const items = series.map((s, i) => {
    const item =
      `<g class="legend-item"><rect x="${fmt(x)}" y="8" width="14" height="4" rx="2" fill="${s.color}"/>` +
      text(x + 20, 14, s.label, 'start') +
      '</g>';
    x += (widths[i] ?? 0) + 14;
    return item;
  });
  return `<g class="legend">${items.join('')}</g>`;
}

function text(x: number, y: number, content: string, anchor: 'start' | 'middle' | 'end', cls?: string): string {
  const classAttr = cls ? ` class="${cls}"` : '';
  return `<text x="${fmt(x)}" y="${fmt(y)}" text-anchor="${anchor}" font-size="${FONT_SIZE}" fill="${TEXT_COLOR}"${classAttr}>${escapeXml(content)}</text>`;
}

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" class="chart">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** Coordinates to one decimal: sharp enough on screen, and it keeps 3,600-point paths small. */
function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function round(n: number): number {
  return Math.round(n * 1e9) / 1e9;
}

export interface RunsSeries {
  key: string;
  label: string;
  color: string;
  /** One value per run; null: the run has no value (no response), a gap. */
  values: readonly (number | null)[];
}

export interface RunsChartSpec {
  title: string;
  /** One per run, oldest first: the label under the axis and what hovering a point names (the sha). */
  runs: readonly { label: string; hover: string }[];
  series: readonly RunsSeries[];
  yUnit: string;
  formatValue: (value: number) => string;
  /** The run marked as this one (the last). */
  current: number;
  width?: number;
  height?: number;
}

/**
 * Figures over runs (history, docs/history.md): one point per run on an evenly spaced axis, a
 * line per figure, each point's <title> naming the run and its value (what hovering shows), and
 * this run marked by a band and a ringed point.
 */
export function runsChart(spec: RunsChartSpec): string {
  const width = spec.width ?? 960;
  const height = spec.height ?? 240;
  const plot = { x0: MARGIN.left, x1: width - MARGIN.right, y0: height - MARGIN.bottom, y1: MARGIN.top };
  const n = spec.runs.length;
  const step = (plot.x1 - plot.x0) / Math.max(1, n);
  const sx = (i: number) => plot.x0 + step * (i + 0.5);
  const values = spec.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yTicks = niceTicks(Math.max(0, ...values));
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const sy = (y: number) => plot.y0 - (y / yMax) * (plot.y0 - plot.y1);
  const grid = yTicks.map((t) => {
    const y = fmt(sy(t));
    return `<line x1="${plot.x0}" x2="${plot.x1}" y1="${y}" y2="${y}" stroke="${GRID_COLOR}"/>${text(plot.x0 - 8, sy(t) + 4, TICK_NUMBER.format(t), 'end')}`;
  });
  const band = `<rect class="current-run" x="${fmt(sx(spec.current) - step / 2)}" y="${plot.y1}" width="${fmt(step)}" height="${fmt(plot.y0 - plot.y1)}" fill="#fef3c7"/>`;
  // Every label fits up to about 12 runs; beyond, every k-th, and always this run.
  const every = Math.max(1, Math.ceil(n / 12));
  const labels = spec.runs
    .map((r, i) => (i % every === 0 || i === spec.current ? text(sx(i), plot.y0 + 18, r.label, 'middle') : ''))
    .join('');
  const axes =
    `<line x1="${plot.x0}" x2="${plot.x1}" y1="${plot.y0}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
    `<line x1="${plot.x0}" x2="${plot.x0}" y1="${plot.y1}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
    text(4, 14, spec.yUnit, 'start');
  const marks = spec.series.map((s) => runsMarks(s, spec, sx, sy));
  const legend = legendOf(
    spec.series.map((s) => ({ ...s, kind: 'line' as const })),
    plot.x1,
  );
  return svg(width, height, spec.title, [band, ...grid, axes, labels, ...marks, legend].join(''));
}

function runsMarks(s: RunsSeries, spec: RunsChartSpec, sx: (i: number) => number, sy: (y: number) => number): string {
  const xs = s.values.map((_, i) => i);
  const line = pointRuns(xs, s.values)
    .map((run) => run.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${fmt(sx(x))} ${fmt(sy(y))}`).join(''))
    .join('');
  const points = s.values
    .map((v, i) => {
      if (v === null) return '';
      const current = i === spec.current;
      const ring = current ? ` stroke="#0f172a" stroke-width="2"` : '';
      const run = spec.runs[i]!;
      return (
        `<circle class="run-point${current ? ' current' : ''}" data-run="${escapeXml(run.label)}" cx="${fmt(sx(i))}" cy="${fmt(sy(v))}" r="${current ? 5 : 3.5}" fill="${s.color}"${ring}>` +
        `<title>${escapeXml(`${run.hover}: ${s.label} ${spec.formatValue(v)}`)}</title></circle>`
      );
    })
    .join('');
  return `<path class="series" data-series="${escapeXml(s.key)}" d="${line || 'M0 0'}" fill="none" stroke="${s.color}" stroke-width="2" stroke-linejoin="round"/>${points}`;
}
