// Every regular expression that comes from a user (a definition's assertions and captures, an
// import's url filters, a streaming step's `until`) is compiled here, on re2js: RE2's semantics,
// whose matching takes time linear in the text, whatever the pattern. A backtracking engine (V8's
// RegExp) takes exponential time on `(a+)+$` against 40 a's and a "!", and one such line in a
// definition held a core, its run and its stop (docs/variables.md, "Regular expressions").
//
// The source is written as JavaScript writes a RegExp's: re2js translates the spellings RE2 lacks
// (`\uXXXX`, `(?<name>…)`, `[^]`, `\cX`, an escaped `/`). What RE2 cannot run in linear time
// (backreferences, lookaround) is refused, named, before re2js sees it. Imports nothing of the
// project: callers attach the JSON path or the flag to the problem.
import { RE2JS } from 're2js';

export interface Pattern {
  readonly source: string;
  readonly groupCount: number;
  /** Whether the pattern matches anywhere in text. */
  test(text: string): boolean;
  /** The first match: [whole, group1, ...] (an unmatched group undefined), null when none. */
  exec(text: string): (string | undefined)[] | null;
}

export type CompiledPattern = { pattern: Pattern; problem?: undefined } | { pattern?: undefined; problem: string };

/** The flags a pattern may carry, as JavaScript spells them; `u` is accepted and changes nothing (RE2 reads code points). */
const FLAGS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  u: 0,
};

export function compilePattern(source: string, flags = ''): CompiledPattern {
  let mask = 0;
  for (const flag of flags) {
    const bit = FLAGS[flag];
    if (bit === undefined) return { problem: `the flag "${flag}" is not supported; a pattern takes i, m, s and u` };
    mask |= bit;
  }
  const refused = refusedConstruct(source);
  if (refused !== undefined) {
    return {
      problem: `${refused} is not supported: patterns run on RE2, which matches in linear time and has no backreferences or lookaround`,
    };
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(source), mask);
  } catch (error) {
    return { problem: `not a valid regular expression: ${(error as Error).message.replace(/^error parsing regexp: /, '')}` };
  }
  return { pattern: new Re2Pattern(source, re) };
}

class Re2Pattern implements Pattern {
  readonly source: string;
  readonly groupCount: number;
  private readonly re: RE2JS;

  constructor(source: string, re: RE2JS) {
    this.source = source;
    this.re = re;
    this.groupCount = re.groupCount();
  }

  test(text: string): boolean {
    return this.re.test(text);
  }

  exec(text: string): (string | undefined)[] | null {
    const match = this.re.exec(text);
    if (match === null) return null;
    const groups: (string | undefined)[] = new Array(this.groupCount + 1);
    for (let i = 0; i <= this.groupCount; i++) groups[i] = match[i] ?? undefined;
    return groups;
  }
}

/**
 * The first construct RE2 refuses, named as a user knows it: `\1`…`\9` and `\k<name>`
 * (backreferences), `(?=`, `(?!` (lookahead), `(?<=`, `(?<!` (lookbehind). Escapes and character
 * classes are skipped, so `\\1` and `[(?=]` are literal text.
 */
function refusedConstruct(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const refused = inClass ? undefined : backreference(source, i + 1);
      if (refused !== undefined) return refused;
      i++;
    } else if (inClass) {
      inClass = c !== ']';
    } else if (c === '[') {
      inClass = true;
      // A "]" right after "[" or "[^" is a member in RE2 (JavaScript's "[]" matches nothing, a rare spelling).
      if (source[i + 1] === '^') i++;
      if (source[i + 1] === ']') i++;
    } else if (c === '(' && source[i + 1] === '?') {
      const kind = lookaround(source.slice(i + 2, i + 4));
      if (kind !== undefined) return kind;
    }
  }
  return undefined;
}

/** The backreference an escape at `at` (after its backslash) writes, if it is one. */
function backreference(source: string, at: number): string | undefined {
  const next = source[at] ?? '';
  if (next >= '1' && next <= '9') return `the backreference \\${next}`;
  if (next === 'k' && source[at + 1] === '<') return 'the backreference \\k<…>';
  return undefined;
}

function lookaround(after: string): string | undefined {
  if (after.startsWith('=')) return 'the lookahead (?=…)';
  if (after.startsWith('!')) return 'the negative lookahead (?!…)';
  if (after === '<=') return 'the lookbehind (?<=…)';
  if (after === '<!') return 'the negative lookbehind (?<!…)';
  return undefined;
}
