// --include / --exclude patterns of `loadgate import` (src/import/url-filter.ts): globs and
// /regular expressions/, both compiled on RE2 (src/patterns/pattern.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urlPatterns } from '../src/import/url-filter.ts';

function test(pattern: string): (url: string) => boolean {
  const parsed = urlPatterns([pattern], '--include');
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('; '));
  return parsed.value[0]!;
}

describe('url patterns', () => {
  it('a glob is literal text but for * and ?, matched whole', () => {
    // Any text, regular-expression metacharacters included, matches itself and not itself plus more.
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', '.', '+', '(', ')', '[', ']', '{', '}', '^', '$', '|', '\\', '1', ':'),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, text, (literal, other) => {
        expect(test(literal)(literal)).toBe(true);
        expect(test(literal)(`${literal}${other}`)).toBe(false);
        expect(test(`*${literal}*`)(`${other}${literal}${other}`)).toBe(true);
      }),
      { seed: 58, numRuns: 300 },
    );
  });

  it('a glob starting with / is matched against the path and query', () => {
    expect(test('/api/*')('https://shop.example/api/orders?x=1')).toBe(true);
    expect(test('/api/*')('https://shop.example/static/app.js')).toBe(false);
    expect(test('/api/????s')('https://shop.example/api/order#top')).toBe(false);
    expect(test('/api/?rders')('https://shop.example/api/orders#top')).toBe(true);
  });

  it('a regular expression runs in linear time, and one RE2 cannot run is refused by name', () => {
    expect(test('/^https://[^/]+/(a+)+$/')(`https://x/${'a'.repeat(40)}!`)).toBe(false);
    expect(test(`*${'a*'.repeat(20)}b`)('a'.repeat(5000))).toBe(false);
    const refused = urlPatterns(['/(a)\\1/'], '--exclude');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems[0]).toMatchObject({ path: '--exclude', message: expect.stringContaining('backreference') });
  });
});
