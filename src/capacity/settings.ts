// The capacity search's settings (docs/capacity.md): the texts of --probe, --from, --to,
// --precision and --max-time, read and checked together. Pure.
import { isProblem, type Parsed, parsedUnless, type Problem } from '../errors.ts';
import { duration, rate } from '../settings/values.ts';
import { flagNames } from '../settings/exclusive.ts';
import type { SearchSettings } from './search.ts';

export interface CapacitySettings extends SearchSettings {
  /** Seconds per probe, its first (unjudged) second included. */
  probeS: number;
  /** The search stops before a probe that would end past this many seconds. */
  maxTimeS: number;
}

export interface CapacityTexts {
  probe: string;
  from: string;
  to?: string;
  precision: string;
  maxTime: string;
}

/** What the settings are called where they were given: CLI flags, or the action's inputs. */
export type CapacityNames = Record<keyof CapacityTexts, string>;

export const CAPACITY_INPUTS: CapacityNames = { probe: 'probe', from: 'from', to: 'to', precision: 'precision', maxTime: 'max-time' };
/** The CLI's flags spell the same words as the action's inputs. */
export const CAPACITY_FLAGS: CapacityNames = flagNames(CAPACITY_INPUTS);

/** A probe needs its unjudged second and at least one judged one. */
export const MIN_PROBE_S = 2;

export function parseCapacitySettings(texts: CapacityTexts, names: CapacityNames = CAPACITY_FLAGS): Parsed<CapacitySettings> {
  const problems: Problem[] = [];
  const keep = <T>(value: T | Problem): T | undefined => {
    if (!isProblem(value)) return value;
    problems.push(value);
    return undefined;
  };
  const probeS = keep(duration(texts.probe, names.probe, { whole: true, min: MIN_PROBE_S }));
  const from = keep(wholeRate(texts.from, names.from));
  const to = texts.to === undefined ? undefined : keep(wholeRate(texts.to, names.to));
  const precision = keep(percentage(texts.precision, names.precision));
  const maxTimeS = keep(duration(texts.maxTime, names.maxTime, { min: 1 }));
  if (from !== undefined && to !== undefined && to < from)
    problems.push({ path: names.to, message: `expected a rate at or above ${names.from} (${from}/s), got "${texts.to}"` });
  if (probeS !== undefined && maxTimeS !== undefined && maxTimeS < probeS)
    problems.push({
      path: names.maxTime,
      message: `expected at least one probe's time (${names.probe} ${probeS}s), got "${texts.maxTime}"`,
    });
  return parsedUnless(problems, {
    probeS: probeS ?? 0,
    from: from ?? 0,
    ...(to !== undefined && { to }),
    precision: (precision ?? 0) / 100,
    maxTimeS: maxTimeS ?? 0,
  });
}

/** Probes run whole iterations per second: `40/s`, at least 1/s. */
function wholeRate(text: string, name: string): number | Problem {
  const perSecond = rate(text, name);
  if (isProblem(perSecond)) return perSecond;
  if (Number.isInteger(perSecond) && perSecond >= 1) return perSecond;
  return { path: name, message: `expected a whole number of iterations per second, at least 1/s (such as 10/s), got "${text}"` };
}

/** `5%` (or `5`): above 0 and below 100. */
function percentage(text: string, name: string): number | Problem {
  const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text.trim());
  const value = match ? Number(match[1]) : Number.NaN;
  if (value > 0 && value < 100) return value;
  return { path: name, message: `expected a percentage above 0 and below 100, such as 5%, got "${text}"` };
}
