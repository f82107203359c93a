// --include / --exclude patterns: a regular expression written in slashes (`/\/api\//`), or a
// glob (`*` any run of characters, `?` one) matched against the whole URL, or against the path
// and query when it starts with "/".
import { eachParsed, type Parsed, type Problem } from '../errors.ts';
import { compilePattern } from '../patterns/pattern.ts';

export type UrlTest = (url: string) => boolean;

/** The tests of every pattern, or the problem of each one that is not a valid regular expression. */
export function urlPatterns(patterns: readonly string[], flag: string): Parsed<UrlTest[]> {
  return eachParsed(patterns.map((pattern) => urlPattern(pattern, flag)));
}

function urlPattern(pattern: string, flag: string): UrlTest | Problem {
  // No flags after the closing slash: "/api/orders" must stay a path, not "api" with flags.
  const regex = /^\/(.+)\/$/.exec(pattern);
  if (regex) {
    const compiled = compilePattern(regex[1]!);
    if (compiled.problem !== undefined) return { path: flag, message: `invalid regular expression ${pattern}: ${compiled.problem}` };
    return (url) => compiled.pattern.test(url);
  }
  // A glob is a pattern too: "*a*a*a*b" on a backtracking engine takes polynomial time in the URL.
  const glob = compilePattern(
    `^${pattern
      .split(/([*?])/)
      .map((part) => (part === '*' ? '.*' : part === '?' ? '.' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  ).pattern!;
  if (pattern.startsWith('/')) return (url) => glob.test(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/#.*$/, '') || '/');
  return (url) => glob.test(url);
}
