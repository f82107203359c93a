// What the load thresholds (grammar.ts) and the latency thresholds (latency.ts)
// share: the tokens of `metric op value` and where a parse error points. The comparison a
// threshold's operator makes is the verdict's (src/verdict/compare-values.ts).
import { type Parsed, type Problem, parsedUnless } from '../errors.ts';
import type { ThresholdOp } from '../types.ts';

/** A parse error: the 0-based column it points at, and what was expected there. */
export interface LineError {
  index: number;
  message: string;
}

/** A latency threshold (`latency.ttfb.p95 < 200ms`): the latency grammar's, and no other's. */
export function isLatencyThresholdLine(line: string): boolean {
  return /^\s*latency(?![A-Za-z0-9_])/.test(line);
}

/**
 * Parses every line this grammar accepts (`place(n)` names line n: `thresholds line 3`,
 * `--thresholds #3`); all problems at once, each with its 1-based column.
 */
export function parseEachLine<T>(
  lines: readonly string[],
  accepts: (line: string) => boolean,
  parseLine: (raw: string, line: number) => T | LineError,
  place: (line: number) => string,
): Parsed<T[]> {
  const thresholds: T[] = [];
  const problems: Problem[] = [];
  lines.forEach((raw, i) => {
    if (!accepts(raw)) return;
    const parsed = parseLine(raw, i + 1);
    if (isLineError(parsed)) {
      const column = [...raw.slice(0, parsed.index)].length + 1;
      problems.push({ path: `${place(i + 1)}, column ${column}`, message: parsed.message });
    } else {
      thresholds.push(parsed);
    }
  });
  return parsedUnless(problems, thresholds);
}

function isLineError(value: unknown): value is LineError {
  return typeof value === 'object' && value !== null && 'message' in value && 'index' in value;
}

export const OPS: readonly ThresholdOp[] = ['<', '<=', '>', '>=', '==', '!='];

export function skipSpace(raw: string, from: number): number {
  let i = from;
  while (i < raw.length && /\s/.test(raw.charAt(i))) i += 1;
  return i;
}

export function readWord(raw: string, from: number): string {
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(raw.slice(from))?.[0] ?? '';
}

export function quote(text: string): string {
  return JSON.stringify(text);
}

/** What was found at `index`, for "got …": the next word (20 characters at most), or the end of the line. */
export function got(raw: string, index: number): string {
  if (index >= raw.length) return 'end of line';
  const token = [...(/^\S*/.exec(raw.slice(index))?.[0] ?? '')];
  return quote(token.length > 20 ? `${token.slice(0, 20).join('')}…` : token.join(''));
}

export function parseOp(raw: string, from: number, metric: string): { op: ThresholdOp; end: number } | LineError {
  const start = skipSpace(raw, from);
  const text = /^[<>=!]*/.exec(raw.slice(start))?.[0] ?? '';
  const op = OPS.find((o) => o === text);
  if (op) return { op, end: start + text.length };
  const actual = text === '' ? got(raw, start) : quote(text);
  return { index: start, message: `expected an operator (${OPS.join(', ')}) after "${metric}", got ${actual}` };
}
