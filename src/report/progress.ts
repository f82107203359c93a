// The lines a run prints while it goes: the live progress line from the engine's per-second
// samples, and the comparison gate's plan, rounds and stop (pure).
import type { CompareSettings, Comparison, ComparisonExtension, ComparisonProgress } from '../results/comparison.ts';
import type { SecondSample } from '../types.ts';
import { stopText } from './comparison.ts';
import { formatDuration, formatMs } from './figures.ts';
import { NO_RESPONSE, oneLine, plural, truncate } from './format.ts';
import { errorsOf } from './timeline.ts';

export interface ProgressTotals {
  started: number;
  responses: number;
  failures: number;
}

export function addSample(totals: ProgressTotals, s: SecondSample): ProgressTotals {
  return {
    started: totals.started + s.started,
    responses: totals.responses + s.responses,
    failures: totals.failures + s.failures,
  };
}

export function progressLine(s: SecondSample, totals: ProgressTotals, plannedSeconds: number, plannedIterations: number): string {
  // After the planned seconds, the iterations in flight finish.
  const second = s.t + 1 > plannedSeconds ? 'finishing' : `${String(s.t + 1).padStart(String(plannedSeconds).length)}/${plannedSeconds} s`;
  const pct = plannedIterations > 0 ? Math.floor((totals.started / plannedIterations) * 100) : 100;
  // A second without responses has no latency: `—`, not the 0 its sample holds.
  const ms = (v: number): string => (s.responses > 0 ? formatMs(v) : NO_RESPONSE);
  return (
    `[${second}] ${pct}% started ${totals.started}/${plannedIterations}` +
    ` | ${s.responses} resp/s, ${errorsOf(s)} errors/s | p50 ${ms(s.p50)} p95 ${ms(s.p95)} p99 ${ms(s.p99)}`
  );
}

// ---- the comparison gate (docs/comparison.md) ----

/** Steps named in a line before the rest are counted. */
const NAMED_STEPS = 3;

/** Before the first round (each side runs `run` seconds a round): how long it will take, how far it may extend, and the seed that repeats the order. */
export function comparisonPlanLine(run: number, settings: CompareSettings): string {
  const rounds = settings.warmupRounds + settings.rounds;
  const warmup = settings.warmupRounds > 0 ? ` (${settings.warmupRounds} warm-up)` : '';
  const most = settings.warmupRounds + settings.maxRounds;
  const limit = settings.maxTimeS === undefined ? '' : `, no extension round after ${formatDuration(settings.maxTimeS)}`;
  const extension =
    settings.maxRounds > settings.rounds
      ? `; while steps are inconclusive up to ${settings.maxRounds} rounds (about ${formatDuration(most * 2 * run)})${limit}`
      : '';
  return (
    `comparison: ${rounds} ${plural(rounds, 'round')}${warmup} × 2 sides × ${formatDuration(run)} = about ` +
    `${formatDuration(rounds * 2 * run)}${extension}; ${settings.metric} per step, max regression ${Math.round(settings.maxRegression * 1000) / 10} %, ` +
    `seed ${settings.seed} (give it again to repeat the order)`
  );
}

/** `round 3/11: head` or `round 1/11 (warm-up): base`, as each side of each round starts. */
export function comparisonProgressLine(p: ComparisonProgress): string {
  return `round ${p.round}/${p.of}${p.warmup ? ' (warm-up)' : ''}: ${p.side} (${p.round - 1} done)`;
}

/** When a look leaves steps inconclusive and the rounds go on: which steps, and up to where. */
export function comparisonExtensionLine(e: ComparisonExtension): string {
  const n = e.inconclusive.length;
  const named = e.inconclusive.slice(0, NAMED_STEPS).map((name) => `"${oneLine(truncate(name, 40))}"`);
  if (n > NAMED_STEPS) named.push(`${n - NAMED_STEPS} more`);
  return (
    `extending: ${n} ${plural(n, 'step')} inconclusive after ${e.after} ${plural(e.after, 'round')} (${named.join(', ')}); ` +
    `measuring up to ${e.to} rounds for look ${e.look} of ${e.looks} (max-rounds ${e.maxRounds})`
  );
}

/** After the last round: how many rounds were measured and why the comparison stopped. */
export function comparisonStopLine(c: Comparison): string {
  return `comparison: ${c.rounds_measured} ${plural(c.rounds_measured, 'round')} measured${c.extended ? ` (${c.rounds} planned)` : ''}; stopped: ${stopText(c)}`;
}
