// Patterns from definitions (WebSocket `until`, and the issue on stalls' captures and assertions),
// run on an RE2-semantics engine (re2js): matching takes time linear in the text, whatever the
// pattern, so no definition can stall a run with catastrophic backtracking. What RE2 cannot run
// (backreferences, lookaround) is refused with the construct named. Imports nothing of the project.
import { RE2JS } from 're2js';

export interface Pattern {
  readonly source: string;
  readonly groupCount: number;
  /** Matches anywhere in text. */
  test(text: string): boolean;
  /** The first match: [whole, group1, ...], null when none. */
  exec(text: string): (string | undefined)[] | null;
}

export type CompiledPattern = { pattern: Pattern; problem?: undefined } | { pattern?: undefined; problem: string };

const FLAGS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

/** Constructs of JavaScript regular expressions that RE2 refuses, by how they start. */
const REFUSED: [RegExp, string][] = [
  [/\(\?<[=!]/, 'lookbehind'],
  [/\(\?[=!]/, 'lookahead'],
  [/\\[1-9]|\\k</, 'backreference'],
];

export function compilePattern(source: string, flags = ''): CompiledPattern {
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAGS[flag];
    if (bit === undefined) return { problem: `unknown pattern flag "${flag}"; expected i, m or s` };
    bits |= bit;
  }
  const refused = REFUSED.find(([construct]) => construct.test(source));
  if (refused) return { problem: `invalid pattern: RE2 (linear-time matching) has no ${refused[1]}` };
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, bits);
  } catch (error) {
    return { problem: `invalid pattern: ${(error as Error).message}` };
  }
  const groupCount = re.groupCount();
  return {
    pattern: {
      source,
      groupCount,
      test: (text) => re.matcher(text).find(),
      exec: (text) => {
        const m = re.matcher(text);
        if (!m.find()) return null;
        const groups: (string | undefined)[] = [];
        for (let g = 0; g <= groupCount; g++) groups.push(m.group(g) ?? undefined);
        return groups;
      },
    },
  };
}
