import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePattern, type Pattern } from '../src/patterns/pattern.ts';

function compiled(source: string, flags?: string): Pattern {
  const { pattern, problem } = compilePattern(source, flags);
  if (pattern === undefined) throw new Error(`${source}: ${problem}`);
  return pattern;
}

describe('compilePattern', () => {
  it('matches in linear time where a backtracking engine takes exponential time', () => {
    // V8's RegExp does not answer this within minutes; RE2 reads the text once.
    const pattern = compiled('^echo /(a+)+$');
    const text = `echo /${'a'.repeat(40)}!`;
    expect(pattern.test(text)).toBe(false);
    expect(pattern.test(`echo /${'a'.repeat(40)}`)).toBe(true);
    expect(compiled('(x+x+)+y').test('x'.repeat(5000))).toBe(false);
  });

  it('refuses backreferences and lookaround, naming the construct', () => {
    const refused: [string, RegExp][] = [
      ['(a)\\1', /backreference \\1/],
      ['(?<x>a)\\k<x>', /backreference \\k<…>/],
      ['a(?=b)', /lookahead \(\?=…\)/],
      ['a(?!b)', /negative lookahead/],
      ['(?<=a)b', /lookbehind \(\?<=…\)/],
      ['(?<!a)b', /negative lookbehind/],
    ];
    for (const [source, named] of refused) {
      const { pattern, problem } = compilePattern(source);
      expect(pattern, source).toBeUndefined();
      expect(problem, source).toMatch(named);
      expect(problem, source).toMatch(/RE2/);
    }
  });

  it('reads those spellings as literal text where they are escaped or in a class', () => {
    expect(compiled('a\\\\1').test('a\\1')).toBe(true);
    expect(compiled('[(?=]+').test('(?=')).toBe(true);
    expect(compiled('[\\d(?!]+').test('(?!')).toBe(true);
    expect(compiled('\\(\\?=').test('(?=')).toBe(true);
  });

  it('keeps the JavaScript spellings definitions use', () => {
    expect(compiled('"token":"(\\w+)"').exec('{"token":"abc"}')).toEqual(['"token":"abc"', 'abc']);
    expect(compiled('^[0-9a-f-]{36}$').test('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(compiled('(?<id>\\d+)').exec('n=42')).toEqual(['42', '42']);
    expect(compiled('\\u00e9t\\u00e9').test('été')).toBe(true);
    expect(compiled('\\/api\\/').test('/api/x')).toBe(true);
    expect(compiled('\\bword\\b\\s\\S').test('a word x')).toBe(true);
    expect(compiled('(a)|(b)').exec('b')).toEqual(['b', undefined, 'b']);
    expect(compiled('x').exec('y')).toBeNull();
    expect(compiled('(a)(b)?').groupCount).toBe(2);
  });

  it('takes the flags i, m, s and u, and names any other', () => {
    expect(compiled('ABC', 'i').test('xabcx')).toBe(true);
    expect(compiled('ABC').test('abc')).toBe(false);
    expect(compiled('^b$', 'm').test('a\nb\nc')).toBe(true);
    expect(compiled('^b$').test('a\nb\nc')).toBe(false);
    expect(compiled('a.c', 's').test('a\nc')).toBe(true);
    expect(compiled('a.c').test('a\nc')).toBe(false);
    expect(compiled('é', 'u').test('été')).toBe(true);
    expect(compilePattern('a', 'g').problem).toMatch(/the flag "g" is not supported; a pattern takes i, m, s and u/);
  });

  it('says what is wrong with a pattern that does not parse', () => {
    expect(compilePattern('(').problem).toBe('not a valid regular expression: missing closing ): `(`');
    expect(compilePattern('a{2,1}').problem).toMatch(/^not a valid regular expression: invalid repeat count/);
  });

  it('agrees with JavaScript on literal text and on classes of letters and digits', () => {
    // Quoted text, and runs of \d, \w and [a-c]: the shapes of definitions' patterns. Both engines
    // must find the same first match (RE2 picks leftmost-first as Perl and JavaScript do).
    const piece = fc.oneof(
      fc.stringMatching(/^[a-z0-9 ]{1,4}$/).map((s) => ({ re: s, js: s })),
      fc
        .constantFrom('\\d+', '\\w*', '[a-c]+', '\\s?', '(\\d+)', '([a-z]+)', '(x|yz)', '.', '\\.', 'a{1,3}')
        .map((s) => ({ re: s, js: s })),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '2', ' ', 'x', 'y', 'z', '.', '\n'), maxLength: 30 }),
        (pieces, text) => {
          const source = pieces.map((p) => p.re).join('');
          const ours = compiled(source).exec(text);
          const theirs = new RegExp(source).exec(text);
          expect(ours).toEqual(theirs === null ? null : [...theirs]);
        },
      ),
      { seed: 58, numRuns: 500 },
    );
  });

  it('never throws: any source compiles to a pattern or a problem', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('(', ')', '[', ']', '\\', '?', '=', '!', '<', '>', 'k', '1', 'a', '*', '+', '{', '}', '^', '$', '|'),
          maxLength: 12,
        }),
        (source) => {
          const result = compilePattern(source);
          expect((result.pattern === undefined) !== (result.problem === undefined)).toBe(true);
          if (result.pattern) expect(typeof result.pattern.test('a1(')).toBe('boolean');
        },
      ),
      { seed: 58, numRuns: 2000 },
    );
  });
});
