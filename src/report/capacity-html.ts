// The web report's Capacity section (docs/capacity.md): the answer, a chart of latency (p50, p95,
// p99) against the probes' rates with each time SLO as a line and the rate found marked, and the
// table of probes. Pure; every text that goes in is escaped.
import { metricKind, parseThresholdLines } from '../thresholds/grammar.ts';
import type { CapacityInfo, CapacityProbe } from '../types.ts';
import { capacityHeadline, formatProbeRate, probeVerdict } from './capacity.ts';
import { NO_RESPONSE } from './format.ts';
import { htmlSection, htmlTable } from './html-blocks.ts';
import { escapeXml, niceTicks } from './svg.ts';
import { formatMs, formatPercent } from './figures.ts';

const WIDTH = 960;
const HEIGHT = 300;
const PLOT = { x0: 60, x1: WIDTH - 16, y0: HEIGHT - 34, y1: 34 };
const LINES = [
  { key: 'p50', label: 'p50', color: '#0891b2' },
  { key: 'p95', label: 'p95', color: '#6366f1' },
  { key: 'p99', label: 'p99', color: '#dc2626' },
] as const;
const SLO_COLOR = '#f59e0b';
const FOUND_COLOR = '#16a34a';
const AXIS_COLOR = '#94a3b8';
const TEXT_COLOR = '#475569';

/** The time SLOs of the whole run, as lines on the chart: `p99 < 100ms` at 100 ms. */
function sloLimits(capacity: CapacityInfo): { label: string; ms: number }[] {
  const parsed = parseThresholdLines(capacity.slo);
  if (!parsed.ok) return [];
  return parsed.value
    .filter((t) => metricKind(t.metric) === 'time' && t.step === undefined && t.location === undefined && t.baseline === undefined)
    .map((t) => ({ label: t.source, ms: t.value }));
}

/** The last probe of each rate (its confirmation, when it had one), by rate. */
function byRate(probes: readonly CapacityProbe[]): CapacityProbe[] {
  const last = new Map<number, CapacityProbe>();
  for (const p of probes) if (!p.saturated) last.set(p.rate, p);
  return [...last.values()].sort((a, b) => a.rate - b.rate);
}

function text(x: number, y: number, content: string, anchor: 'start' | 'middle' | 'end', color = TEXT_COLOR): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" fill="${color}" font-size="12" text-anchor="${anchor}">${escapeXml(content)}</text>`;
}

/** Latency against rate: a line per percentile over the probes, the SLOs across, the rate found upright. */
export function capacityChart(capacity: CapacityInfo): string {
  const points = byRate(capacity.probes);
  const limits = sloLimits(capacity);
  const values = points.flatMap((p) => LINES.map((l) => p[l.key]).filter((v): v is number => v !== undefined));
  const yTicks = niceTicks(Math.max(0, ...values, ...limits.map((l) => l.ms)));
  const xTicks = niceTicks(Math.max(1, ...points.map((p) => p.rate)));
  const yMax = yTicks.at(-1) ?? 1;
  const xMax = xTicks.at(-1) ?? 1;
  const sx = (x: number): number => PLOT.x0 + (x / xMax) * (PLOT.x1 - PLOT.x0);
  const sy = (y: number): number => PLOT.y0 - (Math.min(y, yMax) / yMax) * (PLOT.y0 - PLOT.y1);
  const parts = [
    `<line x1="${PLOT.x0}" x2="${PLOT.x1}" y1="${PLOT.y0}" y2="${PLOT.y0}" stroke="${AXIS_COLOR}"/>`,
    `<line x1="${PLOT.x0}" x2="${PLOT.x0}" y1="${PLOT.y1}" y2="${PLOT.y0}" stroke="${AXIS_COLOR}"/>`,
    text(4, 14, 'ms', 'start'),
    text(PLOT.x1, HEIGHT - 4, 'iterations per second', 'end'),
    ...yTicks.map((t) => text(PLOT.x0 - 8, sy(t) + 4, String(t), 'end')),
    ...xTicks.map((t) => text(sx(t), PLOT.y0 + 16, `${t}/s`, 'middle')),
    ...limits.map(
      (l) =>
        `<line data-slo="${escapeXml(l.label)}" x1="${PLOT.x0}" x2="${PLOT.x1}" y1="${sy(l.ms).toFixed(1)}" y2="${sy(l.ms).toFixed(1)}" stroke="${SLO_COLOR}" stroke-dasharray="6 4"/>` +
        text(PLOT.x1, sy(l.ms) - 4, l.label, 'end', SLO_COLOR),
    ),
    ...LINES.map((l) => {
      const marks = points.flatMap((p) => (p[l.key] === undefined ? [] : [`${sx(p.rate).toFixed(1)},${sy(p[l.key]!).toFixed(1)}`]));
      return `<polyline data-series="${l.key}" points="${marks.join(' ')}" fill="none" stroke="${l.color}" stroke-width="2"/>`;
    }),
    ...LINES.map((l, i) => text(PLOT.x0 + 10 + i * 60, 22, `— ${l.label}`, 'start', l.color)),
  ];
  if (capacity.max_rate > 0) {
    const x = sx(capacity.max_rate).toFixed(1);
    parts.push(
      `<line data-found="${capacity.max_rate}" x1="${x}" x2="${x}" y1="${PLOT.y1}" y2="${PLOT.y0}" stroke="${FOUND_COLOR}" stroke-dasharray="4 3"/>`,
      text(sx(capacity.max_rate) + 4, PLOT.y1 + 12, formatProbeRate(capacity.max_rate), 'start', FOUND_COLOR),
    );
  }
  const title = escapeXml(`latency against rate: ${capacityHeadline(capacity)}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${title}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%"><title>${title}</title>${parts.join('')}</svg>`;
}

function cell(value: number | undefined, format: (v: number) => string): string {
  return escapeXml(value === undefined ? NO_RESPONSE : format(value));
}

export function capacityHtml(capacity: CapacityInfo): string {
  const rows = capacity.probes.map((p) => [
    escapeXml(formatProbeRate(p.rate)),
    escapeXml(formatProbeRate(p.applied)),
    cell(p.p50, formatMs),
    cell(p.p95, formatMs),
    cell(p.p99, formatMs),
    cell(p.http_fail_rate, formatPercent),
    escapeXml(probeVerdict(p)),
  ]);
  return htmlSection(
    'Capacity',
    [
      `<p><strong>${escapeXml(capacityHeadline(capacity))}</strong></p>`,
      capacityChart(capacity),
      htmlTable(['rate', 'applied', 'p50', 'p95', 'p99', 'errors', 'SLO'], 'rrrrrrl', rows),
    ].join('\n'),
  );
}
