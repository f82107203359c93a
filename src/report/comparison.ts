// The comparison gate's section of the report model (docs/comparison.md), as each renderer formats it:
// Markdown (PR comment and job summary), terminal lines and the web report. Pure; everything is read
// from the `comparison` block of the results file, so a report can be rendered again from a file.
// Step names are user text and are escaped for each format.

import type { Comparison, ComparisonStep, Side, StepDecision } from '../results/comparison.ts';
import { formatDuration, formatLevel, formatMs } from './figures.ts';
import { oneLine, plural, truncate } from './format.ts';
import { htmlTable } from './html-blocks.ts';
import { escapeMarkdown, markdownTable, mermaidLabel } from './markdown-blocks.ts';
import { escapeXml, niceTicks } from './svg.ts';

const SECTION_TITLE = 'Comparison with the base';
/** Steps charted in the Markdown report; a comment stays short. */
const MARKDOWN_CHARTS = 3;
/** Steps charted in the HTML report. */
const HTML_CHARTS = 20;
const NAME_CHARS = 80;
/** Steps named in the one-line verdict before the rest are counted. */
const NAMED_STEPS = 3;
const COLORS = { base: '#2563eb', head: '#d97706' };

/** Symbols with text presentation (no emoji), followed by the word: they read in any font and log. */
const VERDICT_LABEL: Record<StepDecision, string> = {
  slower: '✗ slower',
  faster: '✓ faster',
  same: '✓ same',
  inconclusive: '? inconclusive',
};

// ---- shared wording ----

/** `1.23 (1.10–1.41)`; an unbounded interval reads `(0–∞)`. */
export function formatRatio(step: Pick<ComparisonStep, 'ratio' | 'ratio_lower' | 'ratio_upper'>): string {
  if (step.ratio === null) return '—';
  const upper = step.ratio_upper === null ? '∞' : ratioNumber(step.ratio_upper);
  return `${ratioNumber(step.ratio)} (${ratioNumber(step.ratio_lower ?? 0)}–${upper})`;
}

export function ratioNumber(r: number): string {
  if (r === 0) return '0';
  return r >= 10 ? r.toFixed(1) : r >= 0.1 ? r.toFixed(2) : r.toPrecision(2);
}

/** `0.046`, `< 0.001`, `—` when there is no test. */
export function formatP(p: number | null): string {
  if (p === null) return '—';
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

function formatMedian(ms: number | null): string {
  return ms === null ? '—' : formatMs(ms);
}

function verdictText(step: ComparisonStep): string {
  return step.note ? `${VERDICT_LABEL[step.verdict]}: ${step.note}` : VERDICT_LABEL[step.verdict];
}

function limitPct(c: Comparison): string {
  return `${Math.round(c.max_regression * 1000) / 10} %`;
}

function metricName(c: Comparison): string {
  return c.metric === 'median' ? 'p50' : c.metric;
}

/**
 * What decided the gate: `checkout 1.31× the base (more than 10 % slower)` when it failed,
 * `3 steps same, 1 step inconclusive` when it passed. `escapeUser` is applied to step names.
 */
export function comparisonVerdict(c: Comparison, escapeUser: (text: string) => string = (t) => t): string {
  const slower = c.steps.filter((s) => s.verdict === 'slower');
  if (slower.length > 0) {
    const named = slower
      .slice(0, NAMED_STEPS)
      .map((s) => `${escapeUser(truncate(s.name, NAME_CHARS))} ${ratioNumber(s.ratio ?? 0)}× the base`);
    if (slower.length > NAMED_STEPS) named.push(`and ${slower.length - NAMED_STEPS} more`);
    return `${named.join(', ')} (more than ${limitPct(c)} slower)`;
  }
  const counts = (['same', 'faster', 'inconclusive'] as const)
    .map((v) => ({ v, n: c.steps.filter((s) => s.verdict === v).length }))
    .filter(({ n }) => n > 0)
    .map(({ v, n }) => `${n} ${plural(n, 'step')} ${v}`);
  const text = counts.join(', ') || 'no steps';
  return c.passed ? text : `${text} (on-inconclusive: fail)`;
}

/** For the job's failure message and stderr: which steps failed the gate and why; undefined when it passed. */
export function comparisonFailureMessage(c: Comparison): string | undefined {
  if (c.passed) return undefined;
  const slower = c.steps
    .filter((s) => s.verdict === 'slower')
    .map(
      (s) =>
        `step ${s.id} "${oneLine(s.name)}" is slower than the base: ${metricName(c)} head/base ${formatRatio(s)}, p ${formatP(s.p_adjusted)}`,
    );
  if (slower.length > 0) return `comparison gate failed (more than ${limitPct(c)} slower): ${slower.join('; ')}`;
  const inconclusive = c.steps
    .filter((s) => s.verdict === 'inconclusive')
    .map((s) => `step ${s.id} "${oneLine(s.name)}" is inconclusive: ${metricName(c)} head/base ${formatRatio(s)}`);
  return `comparison gate failed (inconclusive ${stopText(c)}, on-inconclusive: fail): ${inconclusive.join('; ')}`;
}

function methodLine(c: Comparison): string {
  const warmup = c.warmup_rounds > 0 ? ` (after ${c.warmup_rounds} warm-up ${plural(c.warmup_rounds, 'round')}, discarded)` : '';
  return (
    `${metricName(c)} of each step in ${roundsText(c)}${warmup}, ` +
    `head and base in a random order per round (seed ${c.seed}); max regression ${limitPct(c)}.`
  );
}

function roundsText(c: Comparison): string {
  if (c.extended)
    return `${c.rounds_measured} rounds (${c.rounds} planned, extended while steps were inconclusive; max-rounds ${c.max_rounds})`;
  if (c.rounds_measured < c.rounds) return `${c.rounds_measured} of ${c.rounds} rounds`;
  return `${c.rounds} ${plural(c.rounds, 'round')}`;
}

/**
 * How the rounds could extend and why they ended; nothing when they could not extend (one look).
 * `Looks after 10, 20, 30 rounds, each at p < 0.0167 (α 0.05 split over 3 looks); stopped: at max-rounds (30).`
 */
function extensionLine(c: Comparison): string | undefined {
  if (c.looks.length === 1) return undefined;
  return `Looks after ${c.looks.join(', ')} rounds, each at p < ${formatLevel(c.look_alpha)} (α ${c.alpha} split over ${c.looks.length} looks); stopped: ${stopText(c)}.`;
}

/** Why the rounds ended, in words. */
export function stopText(c: Comparison): string {
  if (c.stopped === 'interrupted') return `interrupted after ${c.rounds_measured} ${plural(c.rounds_measured, 'round')}`;
  if (c.stopped === 'time-limit') {
    return `after ${c.rounds_measured} ${plural(c.rounds_measured, 'round')}, no time for another within max-compare-time ${formatDuration(c.max_time_s ?? 0)}`;
  }
  if (c.stopped === 'max-rounds') return `at max-rounds (${c.max_rounds})`;
  return c.steps.some((s) => s.verdict === 'slower') ? 'a step is slower' : 'every step decided';
}

/** `1 step still inconclusive …` when the budget ran out on undecided steps. */
function inconclusiveWarning(c: Comparison): string | undefined {
  const n = c.steps.filter((s) => s.verdict === 'inconclusive').length;
  if (n === 0 || c.stopped === 'decided' || c.stopped === 'interrupted') return undefined;
  const effect =
    c.on_inconclusive === 'fail'
      ? 'this fails the gate (on-inconclusive: fail)'
      : 'a warning, the gate passes (on-inconclusive: fail makes it fail)';
  return `${n} ${plural(n, 'step')} still inconclusive ${stopText(c)}: ${effect}.`;
}

function warnings(c: Comparison): string[] {
  const lines: string[] = [];
  if (c.interrupted)
    lines.push(`Stopped early: ${c.rounds_measured} of ${Math.max(c.rounds, c.rounds_measured)} rounds measured; the verdicts use those.`);
  const inconclusive = inconclusiveWarning(c);
  if (inconclusive) lines.push(inconclusive);
  const late = c.base_run.late_iterations;
  if (late > 0) lines.push(`The base side had ${late} late ${plural(late, 'iteration')}: the load generator could not keep its schedule.`);
  return lines;
}

// ---- Markdown ----

/** The comparison's Markdown section: its title and body. */
export function comparisonMarkdown(c: Comparison): { title: string; markdown: string } {
  const rows = c.steps.map((s) => [
    String(s.id),
    escapeMarkdown(truncate(s.name, NAME_CHARS)),
    formatMedian(s.base_median),
    formatMedian(s.head_median),
    formatRatio(s),
    escapeMarkdown(formatP(s.p_adjusted)),
    s.verdict === 'slower' ? `**${verdictText(s)}**` : verdictText(s),
  ]);
  const metric = metricName(c);
  const header = ['#', 'Step', `Base ${metric}`, `Head ${metric}`, `Head/base (${pct(c.confidence)} CI)`, 'p', 'Verdict'];
  const extension = extensionLine(c);
  const parts = [
    `**${c.passed ? '✓ Passed' : '✗ Failed'}** — ${comparisonVerdict(c, escapeMarkdown)}`,
    extension ? `${methodLine(c)} ${extension}` : methodLine(c),
    ...warnings(c).map((w) => `⚠️ ${w}`),
    markdownTable(header, 'rlrrrrl', rows),
    `_${legend(c)}_`,
    ...markdownCharts(c),
  ];
  return { title: `${SECTION_TITLE}: ${c.passed ? 'passed' : 'failed'}`, markdown: parts.join('\n\n') };
}

/** `95 %`, `97.5 %`, `98.3 %`. */
function pct(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10} %`;
}

function legend(c: Comparison): string {
  const limit = (1 + c.max_regression).toFixed(2);
  return (
    `Base and head: medians of the round values. Head/base: the Hodges-Lehmann estimate of the ratio with its ` +
    `${pct(c.confidence)} interval. p: one-sided Mann-Whitney U for "head slower", Holm-adjusted across the steps. ` +
    `slower: p < ${formatLevel(c.look_alpha)} and the estimate above ${limit} (fails the gate); same: the whole interval below ${limit}.`
  );
}

/** The steps worth a chart: complete round values, slowest-looking first, in step order. */
function chartedSteps(c: Comparison, max: number): ComparisonStep[] {
  const complete = c.steps.filter((s) => s.head.length > 0 && [...s.head, ...s.base].every((v) => v !== null));
  const picked = new Set([...complete].sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0)).slice(0, max));
  return complete.filter((s) => picked.has(s));
}

function markdownCharts(c: Comparison): string[] {
  const steps = chartedSteps(c, MARKDOWN_CHARTS);
  if (steps.length === 0) return [];
  const which = steps.length < c.steps.length ? `the ${steps.length} steps with the highest head/base` : 'each step';
  const intro = `_${metricName(c)} per measured round (ms) of ${which}: base in blue, head in orange._`;
  return [intro, ...steps.map((s) => mermaidChart(c, s))];
}

function mermaidChart(c: Comparison, s: ComparisonStep): string {
  const values = (side: (number | null)[]) => `[${side.map((v) => Math.round((v ?? 0) * 100) / 100).join(', ')}]`;
  const top = Math.max(...s.head.map((v) => v ?? 0), ...s.base.map((v) => v ?? 0));
  const palette = `${COLORS.base}, ${COLORS.head}`;
  return [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    'xychart-beta',
    `  title "${mermaidLabel(s.name, 30)}: ${metricName(c)} per round (ms)"`,
    `  x-axis "round" [${s.head.map((_, i) => i + 1).join(', ')}]`,
    `  y-axis "ms" 0 --> ${niceTicks(top * 1.1).at(-1) ?? 1}`,
    `  line ${values(s.base)}`,
    `  line ${values(s.head)}`,
    '```',
  ].join('\n');
}

// ---- terminal ----

const SPARKS = '▁▂▃▄▅▆▇█';

export function comparisonTerminal(c: Comparison, opts: { color: boolean }): string {
  const paint = (code: number, text: string) => (opts.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const headline = `${c.passed ? '✔' : '✘'} ${SECTION_TITLE.toLowerCase()} ${c.passed ? 'passed' : 'FAILED'} — ${comparisonVerdict(c, oneLine)}`;
  const metric = metricName(c);
  const rows = c.steps.map((s) => [
    String(s.id),
    truncate(oneLine(s.name), 40),
    formatMedian(s.base_median),
    formatMedian(s.head_median),
    formatRatio(s),
    formatP(s.p_adjusted),
    verdictText(s),
  ]);
  const table = aligned(['#', 'Step', `base ${metric}`, `head ${metric}`, 'head/base (CI)', 'p', 'verdict'], rows, [1, 6]);
  const colored = table.map((line, i) => (c.steps[i - 1]?.verdict === 'slower' ? paint(31, line) : line));
  const extension = extensionLine(c);
  const lines = [
    paint(c.passed ? 32 : 31, paint(1, headline)),
    `  ${methodLine(c)}`,
    ...(extension ? [`  ${extension}`] : []),
    ...warnings(c).map((w) => `  ${paint(33, `! ${w}`)}`),
    ...colored.map((l) => `  ${l}`),
    `  ${metric} per round, base | head (each step on its own scale):`,
    ...sparkLines(c),
  ];
  return `${lines.join('\n')}\n`;
}

/** Columns padded to their widest cell; the text columns left-aligned, numbers right-aligned. */
function aligned(header: string[], rows: string[][], textColumns: number[]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => [...(r[i] ?? '')].length)));
  return all.map((r) =>
    r
      .map((cell, i) => {
        const pad = ' '.repeat(Math.max(0, widths[i]! - [...cell].length));
        return textColumns.includes(i) ? cell + pad : pad + cell;
      })
      .join('  ')
      .trimEnd(),
  );
}

function sparkLines(c: Comparison): string[] {
  const names = c.steps.map((s) => truncate(oneLine(s.name), 30));
  const pad = Math.max(...names.map((n) => [...n].length));
  return c.steps.map((s, i) => {
    const values = [...s.base, ...s.head].filter((v): v is number => v !== null);
    const top = Math.max(0, ...values);
    const spark = (side: (number | null)[]) =>
      side.map((v) => (v === null ? ' ' : SPARKS[Math.min(7, Math.floor((v / (top || 1)) * 7.999))])).join('');
    return `    ${(names[i] ?? '').padEnd(pad)}  ${spark(s.base)} | ${spark(s.head)}`;
  });
}

// ---- HTML ----

/** The comparison's section of the web report: its title and body. */
export function comparisonHtml(c: Comparison): { title: string; html: string } {
  const metric = metricName(c);
  const rows = c.steps.map((s) => [
    String(s.id),
    `<span class="step-name">${escapeXml(truncate(s.name, NAME_CHARS))}</span>`,
    formatMedian(s.base_median),
    formatMedian(s.head_median),
    formatRatio(s),
    escapeXml(formatP(s.p_adjusted)),
    `<span class="badge badge-${s.verdict === 'slower' ? 'fail' : 'pass'}" data-verdict="${s.verdict}">${escapeXml(VERDICT_LABEL[s.verdict])}</span>` +
      (s.note ? ` <span class="note">${escapeXml(s.note)}</span>` : ''),
  ]);
  const header = ['#', 'Step', `Base ${metric}`, `Head ${metric}`, `Head/base (${pct(c.confidence)} CI)`, 'p', 'Verdict'];
  const charts = chartedSteps(c, HTML_CHARTS).map(
    (s) =>
      `<figure class="dist" data-step="${s.id}"><figcaption><strong>${escapeXml(truncate(s.name, NAME_CHARS))}</strong>` +
      `<span>head/base ${escapeXml(formatRatio(s))}</span></figcaption>${roundChart(c, s)}</figure>`,
  );
  const html = [
    `<p class="verdict-text" data-gate="${c.passed ? 'passed' : 'failed'}">` +
      `<strong>${c.passed ? 'Passed' : 'Failed'}</strong> — ${escapeXml(comparisonVerdict(c))}</p>`,
    `<p class="note">${escapeXml(methodLine(c))}</p>`,
    ...[extensionLine(c)].filter((l) => l !== undefined).map((l) => `<p class="note">${escapeXml(l)}</p>`),
    ...warnings(c).map((w) => `<p class="warning">⚠ ${escapeXml(w)}</p>`),
    htmlTable(header, 'rlrrrrl', rows),
    `<p class="note">${escapeXml(legend(c))}</p>`,
    charts.length > 0 ? `<div class="dist-grid">${charts.join('')}</div>` : '',
  ];
  return { title: SECTION_TITLE, html: html.filter((h) => h !== '').join('\n') };
}

const CHART = { width: 460, height: 200, left: 48, right: 12, top: 28, bottom: 30 };

/** Round values of both sides as lines over the round number (1..n), with a legend. */
export function roundChart(c: Comparison, s: ComparisonStep): string {
  const { width, height } = CHART;
  const x0 = CHART.left;
  const x1 = width - CHART.right;
  const y0 = height - CHART.bottom;
  const y1 = CHART.top;
  const n = s.head.length;
  const values = [...s.head, ...s.base].filter((v): v is number => v !== null);
  const ticks = niceTicks(Math.max(0, ...values), 4);
  const yMax = ticks.at(-1) ?? 1;
  const sx = (i: number) => (n > 1 ? x0 + (i / (n - 1)) * (x1 - x0) : (x0 + x1) / 2);
  const sy = (v: number) => y0 - (v / yMax) * (y0 - y1);
  const text = (x: number, y: number, content: string, anchor: string) =>
    `<text x="${r1(x)}" y="${r1(y)}" text-anchor="${anchor}" font-size="12" fill="#475569">${escapeXml(content)}</text>`;
  const grid = ticks.map(
    (t) => `<line x1="${x0}" x2="${x1}" y1="${r1(sy(t))}" y2="${r1(sy(t))}" stroke="#e2e8f0"/>${text(x0 - 6, sy(t) + 4, String(t), 'end')}`,
  );
  const xLabels = s.head.map((_, i) => text(sx(i), y0 + 16, String(i + 1), 'middle'));
  const line = (side: Side, data: (number | null)[]) => {
    const points = data.map((v, i) => (v === null ? null : ([sx(i), sy(v)] as const))).filter((p) => p !== null);
    const path = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${r1(x)} ${r1(y)}`).join('');
    const dots = points.map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="3" fill="${COLORS[side]}"/>`).join('');
    return `<path class="series" data-series="${side}" d="${path || 'M0 0'}" fill="none" stroke="${COLORS[side]}" stroke-width="2"/>${dots}`;
  };
  const legendItems = (['base', 'head'] as const).map(
    (side, i) =>
      `<rect x="${x1 - 110 + i * 60}" y="8" width="14" height="4" rx="2" fill="${COLORS[side]}"/>${text(x1 - 90 + i * 60, 14, side, 'start')}`,
  );
  const title = `${s.name}: ${metricName(c)} per round (ms)`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" class="chart">` +
    `<title>${escapeXml(title)}</title>` +
    grid.join('') +
    `<line x1="${x0}" x2="${x1}" y1="${y0}" y2="${y0}" stroke="#94a3b8"/>` +
    xLabels.join('') +
    text(4, 14, 'ms', 'start') +
    text(x1, height - 2, 'round', 'end') +
    line('base', s.base) +
    line('head', s.head) +
    legendItems.join('') +
    '</svg>'
  );
}

function r1(n: number): string {
  return String(Math.round(n * 10) / 10);
}
