// How a capacity search reads (docs/capacity.md): a line per probe while it runs, the answer as
// a headline, and the table of probes for the terminal and Markdown. Pure.
import { formatCount, formatMs, formatPercent } from './figures.ts';
import type { CapacityInfo, CapacityProbe } from '../types.ts';
import { escapeMarkdown, markdownTable } from './markdown-blocks.ts';
import { NO_RESPONSE } from './format.ts';

/** `40/s`: rates asked are whole; applied ones keep a decimal. */
export function formatProbeRate(perS: number): string {
  return `${formatCount(Math.round(perS * 10) / 10)}/s`;
}

/** What a probe says in the table: held, failed, or why it says nothing of the target. */
export function probeVerdict(p: CapacityProbe): string {
  if (p.saturated) return p.stalled ? 'machine busy' : 'generator saturated';
  return p.passed ? 'held' : 'failed';
}

function msOr(value: number | undefined): string {
  return value === undefined ? NO_RESPONSE : formatMs(value);
}

function percentOr(value: number | undefined): string {
  return value === undefined ? NO_RESPONSE : formatPercent(value);
}

/** `probe 3: 40/s (applied 40/s) p99 12 ms, errors 0 %: held; bracket 40/s–80/s`, as each probe ends. */
export function probeLine(n: number, p: CapacityProbe, bracket: { held?: number; failed?: number }): string {
  const range =
    bracket.held !== undefined && bracket.failed !== undefined
      ? `; between ${formatProbeRate(bracket.held)} and ${formatProbeRate(bracket.failed)}`
      : '';
  return `probe ${n}: ${formatProbeRate(p.rate)} (applied ${formatProbeRate(p.applied)}) p99 ${msOr(p.p99)}, errors ${percentOr(p.http_fail_rate)}: ${probeVerdict(p)}${range}`;
}

/** The SLO lines as one phrase: `p99 < 100ms and http_fail_rate < 1%`. */
function sloText(capacity: CapacityInfo): string {
  return capacity.slo.join(' and ');
}

/**
 * The answer in one line: `capacity 380/s: p99 < 100ms held up to 380/s, failed at 400/s`, or
 * what bounds it when the search did not reach the target's limit.
 */
export function capacityHeadline(capacity: CapacityInfo): string {
  const found = formatProbeRate(capacity.max_rate);
  const failed = capacity.failed_at === undefined ? undefined : formatProbeRate(capacity.failed_at);
  switch (capacity.limited_by) {
    case 'slo':
      if (capacity.max_rate === 0) return `capacity below ${failed}: ${sloText(capacity)} failed at every rate probed, down to ${failed}`;
      return `capacity ${found}: ${sloText(capacity)} held up to ${found}, failed at ${failed}`;
    case 'max':
      return `capacity ≥ ${found}: ${sloText(capacity)} held up to ${found}, the highest rate asked (--to)`;
    case 'generator':
      return (
        `capacity ≥ ${found} on this machine: the load generator saturated at ${failed} before an SLO failed; ` +
        'the target may take more: give more --workers, or split the load over shards (docs/scaling.md)'
      );
    case 'host':
      return (
        `capacity ≥ ${found} on this machine: at ${failed} the machine running loadgate stalled its engine thread (busy with other work) on every try; ` +
        'run the search where it has the cores to itself'
      );
    case 'time':
      return failed === undefined
        ? `capacity ≥ ${found}: the time for the search (--max-time) ran out before an SLO failed`
        : `capacity between ${found} and ${failed}: the time for the search (--max-time) ran out before it narrowed`;
  }
}

const HEADER = ['rate', 'applied', 'p50', 'p95', 'p99', 'errors', 'SLO'] as const;

function probeRow(p: CapacityProbe): string[] {
  return [
    formatProbeRate(p.rate),
    formatProbeRate(p.applied),
    msOr(p.p50),
    msOr(p.p95),
    msOr(p.p99),
    percentOr(p.http_fail_rate),
    probeVerdict(p),
  ];
}

/** The probes in the order they ran, as aligned columns, under the headline. */
export function capacityTerminal(capacity: CapacityInfo): string {
  const rows = [[...HEADER], ...capacity.probes.map(probeRow)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => `  ${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padStart(widths[i]!))).join('  ')}`);
  return [capacityHeadline(capacity), `probes of ${capacity.probe_s} s (the first second unjudged):`, ...lines].join('\n');
}

/** The headline and a table of probes, for the job summary, the PR comment and the check run. */
export function capacityMarkdown(capacity: CapacityInfo): string {
  return [
    `**${escapeMarkdown(capacityHeadline(capacity))}**`,
    '',
    markdownTable([...HEADER], 'rrrrrrl', capacity.probes.map(probeRow)),
  ].join('\n');
}
