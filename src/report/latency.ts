// The latency test in the reports (docs/latency.md): a Markdown section for the PR comment and job
// summary, lines for the terminal, and an HTML section with a phase chart per location. Pure
// renderers; user text (location names, reasons, the target) is escaped for each medium here.
import { formatLatencyMs, LATENCY_MS as MS } from './figures.ts';
import { LATENCY_PHASES, LATENCY_STATS, type ExtraCheck, type LatencyPhase, type LatencyResult, type LocationLatency } from '../types.ts';
import { oneLine, plural, truncate } from './format.ts';
import { htmlTable } from './html-blocks.ts';
import { escapeMarkdown } from './markdown-blocks.ts';
import { barChart, escapeXml } from './svg.ts';

export interface LatencyTerminalOptions {
  /** ANSI colours; false gives text with no escape codes at all. */
  color: boolean;
  /** The latency thresholds' checks, as the judgement has them. */
  outcomes?: readonly ExtraCheck[];
}

const TITLE = 'Latency';
const PHASE_LABEL: Record<LatencyPhase, string> = { dns: 'DNS', connect: 'TCP', tls: 'TLS', ttfb: 'TTFB', total: 'Total' };
const PHASE_HEADER: Record<LatencyPhase, string> = { dns: 'DNS', connect: 'Connect', tls: 'TLS', ttfb: 'TTFB', total: 'Total' };
const NAME_CHARS = 80;
const BAR_COLOR = '#0891b2';

function successes(l: LocationLatency): number {
  return l.samples - l.failures;
}

function headline(result: LatencyResult): string {
  const count = Object.keys(result.locations).length;
  return `${result.samples} ${plural(result.samples, 'sample')} per location from ${count} ${plural(count, 'location')}: a new connection each, phases in ms (median unless marked).`;
}

// ---- Markdown ----

export function latencyMarkdown(result: LatencyResult, outcomes: readonly ExtraCheck[] = []): { title: string; markdown: string } {
  const entries = Object.entries(result.locations);
  const blocks = [`Target \`${escapeCode(result.target)}\` · ${escapeMarkdown(headline(result))}`];
  if (outcomes.length > 0) {
    const rows = outcomes.map(
      (o) => `| ${escapeMarkdown(o.describe)} | ${escapeMarkdown(o.actual)} | ${o.passed ? '✅ pass' : '❌ fail'} |`,
    );
    blocks.push(['| Threshold | Actual | Result |', '| --- | --- | --- |', ...rows].join('\n'));
  }
  const header = `| Location | Egress | OK | ${LATENCY_PHASES.map((p) => PHASE_HEADER[p]).join(' | ')} | Total p95 | Total max |`;
  const rows = entries.map(([code, l]) => {
    const phases = LATENCY_PHASES.map((p) => (successes(l) > 0 ? MS.format(l.phases[p].median) : '–'));
    const tail = successes(l) > 0 ? [MS.format(l.phases.total.p95), MS.format(l.phases.total.max)] : ['–', '–'];
    return `| ${locationCell(code, l)} | ${escapeMarkdown(l.egress)} | ${successes(l)}/${l.samples} | ${[...phases, ...tail].join(' | ')} |`;
  });
  blocks.push([header, `| --- | --- | ---: |${' ---: |'.repeat(LATENCY_PHASES.length + 2)}`, ...rows].join('\n'));
  const errors = entries.flatMap(([code, l]) =>
    sortedCounts(l.errors).map(([reason, n]) => `| ${escapeMarkdown(code)} | ${escapeMarkdown(truncate(reason, NAME_CHARS))} | ${n} |`),
  );
  if (errors.length > 0) blocks.push(['| Location | Failure | Samples |', '| --- | --- | ---: |', ...errors].join('\n'));
  blocks.push(allStatsDetails(entries));
  return { title: TITLE, markdown: blocks.join('\n\n') };
}

function locationCell(code: string, l: LocationLatency): string {
  const status = l.status_code === undefined ? '' : ` · ${l.status_code}`;
  return `**${escapeMarkdown(code)}** ${escapeMarkdown(truncate(l.name, NAME_CHARS))}${status}`;
}

function allStatsDetails(entries: readonly [string, LocationLatency][]): string {
  const rows = entries
    .filter(([, l]) => successes(l) > 0)
    .flatMap(([code, l]) =>
      LATENCY_PHASES.map(
        (p) => `| ${escapeMarkdown(code)} | ${PHASE_HEADER[p]} | ${LATENCY_STATS.map((s) => MS.format(l.phases[p][s])).join(' | ')} |`,
      ),
    );
  if (rows.length === 0) return '';
  const table = [
    `| Location | Phase | ${LATENCY_STATS.join(' | ')} |`,
    `| --- | --- |${' ---: |'.repeat(LATENCY_STATS.length)}`,
    ...rows,
  ].join('\n');
  return `<details><summary>Every phase: min, avg, median, p95, max (ms)</summary>\n\n${table}\n\n</details>`;
}

/** Inside a code span only a backtick can end it; a URL has none, but user text might. */
function escapeCode(text: string): string {
  return oneLine(text).replace(/`/g, "'");
}

function sortedCounts(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

// ---- terminal ----

export function latencyTerminal(result: LatencyResult, opts: LatencyTerminalOptions): string {
  const paint = (code: number, text: string): string => (opts.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines = [paint(1, `Latency of ${oneLine(result.target)}`), `  ${headline(result)}`];
  for (const o of opts.outcomes ?? []) {
    const mark = o.passed ? paint(32, '✔') : paint(31, '✘');
    lines.push(`  ${mark} ${oneLine(o.describe)} (actual ${oneLine(o.actual)})`);
  }
  const header = ['Location', 'Egress', 'OK', ...LATENCY_PHASES.map((p) => PHASE_HEADER[p]), 'Total p95', 'Total max'];
  const rows = Object.entries(result.locations).map(([code, l]) => {
    const ok = successes(l) > 0;
    const phases = LATENCY_PHASES.map((p) => (ok ? MS.format(l.phases[p].median) : '-'));
    const tail = ok ? [MS.format(l.phases.total.p95), MS.format(l.phases.total.max)] : ['-', '-'];
    return [`${code} ${truncate(oneLine(l.name), 30)}`, oneLine(l.egress), `${successes(l)}/${l.samples}`, ...phases, ...tail];
  });
  lines.push('', ...alignColumns([header, ...rows]).map((r) => `  ${r}`));
  for (const [code, l] of Object.entries(result.locations)) {
    for (const [reason, n] of sortedCounts(l.errors)) lines.push(`  ${paint(33, '!')} ${code}: ${oneLine(reason)} × ${n}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The first two columns left-aligned, the numbers right-aligned. */
function alignColumns(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows.map((r) =>
    r
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i]! - [...cell].length);
        return i < 2 ? cell + pad : pad + cell;
      })
      .join('  ')
      .trimEnd(),
  );
}

// ---- HTML ----

export function latencyHtml(result: LatencyResult, outcomes: readonly ExtraCheck[] = []): { title: string; html: string } {
  const parts = [`<p class="note">Target <code>${escapeXml(result.target)}</code>. ${escapeXml(headline(result))}</p>`];
  if (outcomes.length > 0) {
    const rows = outcomes.map((o) => [
      escapeXml(o.describe),
      escapeXml(o.actual),
      `<span class="badge badge-${o.passed ? 'pass' : 'fail'}">${o.passed ? 'passed' : 'failed'}</span>`,
    ]);
    parts.push(htmlTable(['Threshold', 'Actual', 'Result'], 'lll', rows));
  }
  const entries = Object.entries(result.locations);
  const statRows = entries.flatMap(([code, l]) =>
    successes(l) === 0
      ? [
          [
            escapeXml(code),
            escapeXml(l.name),
            escapeXml(l.egress),
            `${successes(l)}/${l.samples}`,
            'every sample failed',
            '',
            '',
            '',
            '',
            '',
          ],
        ]
      : LATENCY_PHASES.map((p, i) => [
          i === 0 ? escapeXml(code) : '',
          i === 0 ? escapeXml(l.name) : '',
          i === 0 ? escapeXml(l.egress) : '',
          i === 0 ? `${successes(l)}/${l.samples}` : '',
          PHASE_HEADER[p],
          ...LATENCY_STATS.map((s) => MS.format(l.phases[p][s])),
        ]),
  );
  parts.push(htmlTable(['Location', 'Name', 'Egress', 'OK', 'Phase', ...LATENCY_STATS], 'llllrrrrrr', statRows));
  const errorRows = entries.flatMap(([code, l]) =>
    sortedCounts(l.errors).map(([reason, n]) => [escapeXml(code), escapeXml(truncate(reason, NAME_CHARS)), String(n)]),
  );
  if (errorRows.length > 0) parts.push(htmlTable(['Location', 'Failure', 'Samples'], 'llr', errorRows));
  const charts = entries.filter(([, l]) => successes(l) > 0).map(([code, l]) => phaseChart(code, l));
  if (charts.length > 0) parts.push(`<div class="dist-grid">${charts.join('')}</div>`);
  return { title: TITLE, html: parts.join('\n') };
}

function phaseChart(code: string, l: LocationLatency): string {
  const rows = LATENCY_PHASES.map((p) => ({ label: PHASE_LABEL[p], value: l.phases[p].median }));
  const chart = barChart({ title: `Median phases at ${code} (ms)`, rows, color: BAR_COLOR, formatValue: formatLatencyMs });
  return `<figure class="dist" data-location="${escapeXml(code)}"><figcaption><strong>${escapeXml(code)}</strong><span>${escapeXml(l.name)}</span></figcaption>${chart}</figure>`;
}
