// The parsers every surface shares for a setting's text: whole numbers, durations with units,
// rates per second, booleans. Each returns the value or the Problem naming the setting (the flag
// or input as the user wrote it), so that every caller reports bad input the same way.
import type { Problem } from '../errors.ts';

export interface Range {
  min?: number;
  max?: number;
}

/** A whole number within the range (at least 1 unless said): `--max-concurrency 5`, `port: 8080`. */
export function wholeNumber(text: string, name: string, { min = 1, max = Number.MAX_SAFE_INTEGER }: Range = {}): number | Problem {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  return { path: name, message: `expected a whole number ${range}, got "${text}"` };
}

const SECONDS_PER: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/**
 * Seconds from `30s`, `2m`, `1h`, `500ms` or a bare number (seconds, as before units were taken).
 * `whole`: the setting counts whole seconds (a definition's duration), so `1.5s` is refused.
 */
export function duration(text: string, name: string, { whole = false, min = 0 }: { whole?: boolean; min?: number } = {}): number | Problem {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * SECONDS_PER[match[2] ?? 's']! : Number.NaN;
  const wanted = whole ? 'a whole number of seconds' : 'a duration';
  if (!Number.isFinite(seconds) || seconds < min || (whole && !Number.isInteger(seconds)))
    return {
      path: name,
      message: `expected ${wanted}${min > 0 ? ` of at least ${min} s` : ''}, such as 30s, 2m or 1h (a bare number is seconds), got "${text}"`,
    };
  return seconds;
}

/** Iterations per second from `20/s`, `1200/m` or a bare number (per second); above 0. */
/** No schedule asks more (a billion iterations a second): above it a rate is a typo, and its plan's counts would not be whole numbers. */
export const MAX_RATE_PER_S = 1e9;

export function rate(text: string, name: string): number | Problem {
  const match = /^(\d+(?:\.\d+)?)\s*(?:\/\s*(s|m|h))?$/.exec(text.trim());
  const perSecond = match ? Number(match[1]) / SECONDS_PER[match[2] ?? 's']! : Number.NaN;
  if (perSecond > 0 && perSecond <= MAX_RATE_PER_S) return perSecond;
  const most = perSecond > MAX_RATE_PER_S ? ` and at most ${MAX_RATE_PER_S.toLocaleString('en-US')}/s` : '';
  return { path: name, message: `expected iterations per second above 0${most}, such as 20/s, 1200/m or 20, got "${text}"` };
}

const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

/** As `core.getBooleanInput` reads an input (YAML 1.2's core schema): anything else names the input. */
export function boolean(text: string, name: string): boolean | Problem {
  const trimmed = text.trim();
  if (TRUE.includes(trimmed)) return true;
  if (FALSE.includes(trimmed)) return false;
  return { path: name, message: `expected true or false (True, TRUE, False, FALSE), got "${text}"` };
}
