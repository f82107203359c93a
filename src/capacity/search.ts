// The capacity search (docs/capacity.md): which rate to probe next, from the probes so far. Pure:
// the probes are run by the pipeline (src/pipeline/capacity.ts), which asks this module after
// each one. Rates rise ×2 from `from` until a probe fails, then the bracket [highest rate that
// held, lowest that failed] is bisected to `precision`, and the rate found is probed once more.

import type { CapacityInfo, CapacityProbe } from '../types.ts';

/** What one probe measured, as the results' capacity block holds it (docs/results.md). */
export type ProbeOutcome = CapacityProbe;

export type LimitedBy = CapacityInfo['limited_by'];

export interface SearchSettings {
  /** The first probe's rate. */
  from: number;
  /** The highest rate probed (`--to`); absent: no cap. */
  to?: number;
  /** The bracket is narrow enough once its width is at most this share of its lower end (0.05). */
  precision: number;
}

/** Where the search ended: the rate found, why it went no higher, and the bracket it was in. */
export interface SearchAnswer {
  /** The highest rate at which every SLO held (twice); 0 when none did. */
  maxRate: number;
  limitedBy: LimitedBy;
  /** The lowest rate at which an SLO failed (or the generator saturated, or the machine stalled it), when one did. */
  failedAt?: number;
}

export type SearchStep = { probe: number } | { done: SearchAnswer };

/** Below this rate a search that found no passing rate stops: the target fails at any load worth measuring. */
export const LOWEST_RATE = 1;

/**
 * A rate whose probe saturated the generator is probed once more before the search ends on it:
 * a neighbour that kept the machine busy for a moment passes, a generator at its limit saturates
 * again. Twice saturated, the search ends: the rates above would measure the generator.
 */
export const SATURATED_TRIES = 2;

/**
 * A rate whose probe the machine stalled (the generator was late with CPU to spare: another
 * process had its core) is probed again up to this many times in all: a stall says nothing of
 * the target nor of the generator's limit, and passes when the machine's other work does. Stalled
 * every time, the search ends with `limited_by: "host"`: this machine was too busy to measure there.
 */
export const STALLED_TRIES = 4;

/**
 * The next probe's rate, or the answer. A rate holds when every probe of it passed; the answer
 * is a rate that held twice (the confirmation). Saturated probes say nothing of the target and
 * count for neither side of the bracket.
 */
export function nextProbe(settings: SearchSettings, probes: readonly ProbeOutcome[]): SearchStep {
  const { held, failed } = bracketOf(probes);
  const last = probes.at(-1);
  if (last?.saturated) {
    const stalled = last.stalled === true;
    const tries = probes.filter((p) => p.rate === last.rate && p.saturated && (p.stalled === true) === stalled).length;
    if (tries < (stalled ? STALLED_TRIES : SATURATED_TRIES)) return { probe: last.rate };
    return { done: { maxRate: held ?? 0, limitedBy: stalled ? 'host' : 'generator', failedAt: last.rate } };
  }
  if (probes.length === 0) return { probe: capped(settings.from, settings) };
  if (failed === undefined) {
    const top = held!;
    if (settings.to !== undefined && top >= settings.to) return confirmOr(probes, top, { maxRate: top, limitedBy: 'max' });
    return { probe: capped(top * 2, settings) };
  }
  if (held === undefined) {
    const lower = Math.floor(failed / 2);
    return lower < LOWEST_RATE ? { done: { maxRate: 0, limitedBy: 'slo', failedAt: failed } } : { probe: lower };
  }
  if (narrow(held, failed, settings.precision)) return confirmOr(probes, held, { maxRate: held, limitedBy: 'slo', failedAt: failed });
  return { probe: Math.round((held + failed) / 2) };
}

/** The highest rate that held (below every failed one) and the lowest that failed. */
export function bracketOf(probes: readonly ProbeOutcome[]): { held?: number; failed?: number } {
  const measured = probes.filter((p) => !p.saturated);
  const failedRates = measured.filter((p) => !p.passed).map((p) => p.rate);
  const failed = failedRates.length > 0 ? Math.min(...failedRates) : undefined;
  const heldRates = measured.filter((p) => p.passed && (failed === undefined || p.rate < failed)).map((p) => p.rate);
  return { held: heldRates.length > 0 ? Math.max(...heldRates) : undefined, failed };
}

/** The answer once `rate` has held twice; until then, its second probe. */
function confirmOr(probes: readonly ProbeOutcome[], rate: number, answer: SearchAnswer): SearchStep {
  const runs = probes.filter((p) => p.rate === rate && !p.saturated).length;
  return runs >= 2 ? { done: answer } : { probe: rate };
}

/** Whole rates: a bracket one apart is as narrow as it gets. */
function narrow(held: number, failed: number, precision: number): boolean {
  return failed - held <= Math.max(1, held * precision);
}

function capped(rate: number, settings: SearchSettings): number {
  return settings.to === undefined ? rate : Math.min(rate, settings.to);
}

/** The answer when the time ran out before the search ended: the bracket so far. */
export function outOfTime(probes: readonly ProbeOutcome[]): SearchAnswer {
  const { held, failed } = bracketOf(probes);
  return { maxRate: held ?? 0, limitedBy: 'time', ...(failed !== undefined && { failedAt: failed }) };
}
