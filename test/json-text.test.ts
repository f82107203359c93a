import fc from 'fast-check';
import { findNodeAtLocation, type JSONPath, parseTree, type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { locateProblems, MAX_JSON_DEPTH, parseJsonText } from '../src/definition/json-text.ts';
import { MAX_PROBLEMS_SHOWN } from '../src/errors.ts';
import { member } from '../src/json.ts';
import { badStepsDefinition } from './helpers/bad-definition.ts';

/**
 * `text` as a string that records the furthest character read (jsonc-parser's scanner reads by
 * `charCodeAt` and `substring`): how much of a text locating problems has cost.
 */
function recordingText(text: string): { text: string; furthest: () => number } {
  let furthest = -1;
  const reach = <T>(index: number, read: T): T => {
    furthest = Math.max(furthest, index);
    return read;
  };
  const reads: Record<string, unknown> = {
    length: text.length,
    charCodeAt: (i: number) => reach(i, text.charCodeAt(i)),
    substring: (start: number, end: number) => reach(end - 1, text.substring(start, end)),
  };
  const recording = new Proxy(new String(text), {
    get: (target, key) => {
      if (typeof key === 'string' && key in reads) return reads[key];
      // Any other method (a regular expression's, a split) is counted as reading it all.
      const value: unknown = reach(text.length - 1, Reflect.get(target, key));
      return typeof value === 'function' ? value.bind(text) : value;
    },
  });
  return { text: recording as unknown as string, furthest: () => furthest };
}

function problemsOf(text: string) {
  const parsed = parseJsonText(text, 'f.json');
  if (parsed.ok) throw new Error('expected the text to be refused');
  return parsed.problems;
}

describe('parseJsonText', () => {
  it('returns the value and the text without its byte order mark', () => {
    expect(parseJsonText('\uFEFF{"a": [1, "x", null]}')).toEqual({
      ok: true,
      value: { json: { a: [1, 'x', null] }, text: '{"a": [1, "x", null]}' },
    });
  });

  it('accepts nesting up to the limit and refuses one level more, where it starts', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(parseJsonText(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(problemsOf(` ${nested(MAX_JSON_DEPTH + 1)}`)).toEqual([
      {
        file: 'f.json',
        path: `$${'[0]'.repeat(MAX_JSON_DEPTH)}`,
        message: `arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep; a test definition needs fewer than 10`,
        line: 1,
        column: MAX_JSON_DEPTH + 2,
      },
    ]);
  });

  it('names a key given twice in one object, not the same key in two objects', () => {
    expect(parseJsonText('[{"a": 1}, {"a": 2}]').ok).toBe(true);
    expect(problemsOf('{"o": {"a": 1,\n "a": 2}}')).toEqual([
      {
        file: 'f.json',
        path: '$.o.a',
        message: 'duplicate key "a": first at line 1, column 8, again at line 2, column 2; JSON keeps only one of them, so give it once',
        line: 2,
        column: 2,
      },
    ]);
    expect(problemsOf('{"odd key": 1, "odd key": 2}').map((p) => p.path)).toEqual(['$["odd key"]']);
  });

  it('shows a control character found in a bad token escaped, never raw (a terminal escape, a log line)', () => {
    const [problem] = problemsOf('{"a": "one\u001b[2Jtwo"}');
    expect(problem?.message).toBe(
      'JSON syntax error: expected control characters in a string to be escaped (\\n, \\t, \\u0000), got `"one\\u001b[2Jtwo"`',
    );
  });
});

describe('parseJsonText of a secret text', () => {
  it('says where and what was expected, never what was found', () => {
    expect(parseJsonText('{"token": s3cret}', undefined, { secret: true })).toEqual({
      ok: false,
      syntax: true,
      problems: [
        {
          path: 'line 1, column 11',
          message:
            'JSON syntax error: expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array)',
          line: 1,
          column: 11,
        },
      ],
    });
  });
});

describe('locateProblems', () => {
  it('puts a problem on its key, or on the object that lacks the key', () => {
    const text = '{\r\n  "a": {\r\n    "b": [10, 20]\r\n  }\r\n}';
    const located = locateProblems(
      [
        { path: '$.a.b[1]', message: 'x' },
        { path: '$.a.missing', message: 'y' },
        { path: '--flag', message: 'z' },
      ],
      text,
    );
    expect(located.map((p) => [p.line, p.column])).toEqual([
      [3, 15],
      [2, 3],
      [undefined, undefined],
    ]);
  });

  it('locates only the problems a reader is shown: 10,000 problems cost MAX_PROBLEMS_SHOWN lookups, the rest kept as given', () => {
    const text = JSON.stringify({ steps: Array.from({ length: 10_000 }, () => ({ url: 'x' })) }, null, 1);
    const problems = Array.from({ length: 10_000 }, (_, i) => ({ path: `$.steps[${i}].url`, message: 'bad' }));
    const located = locateProblems(problems, text);
    expect(located).toHaveLength(10_000);
    expect(located.filter((p) => p.line !== undefined)).toHaveLength(MAX_PROBLEMS_SHOWN);
    expect(located[MAX_PROBLEMS_SHOWN - 1]).toEqual({
      path: `$.steps[${MAX_PROBLEMS_SHOWN - 1}].url`,
      message: 'bad',
      line: 151,
      column: 4,
    });
    expect(located.slice(MAX_PROBLEMS_SHOWN)).toEqual(problems.slice(MAX_PROBLEMS_SHOWN));
  });

  it('finds every shown place, in any order: through a value that ends early, an array item, the root, a key after the rest', () => {
    const text = ['{', '  "a": [{"x": 1}, 7, {"y": {"z": null}}],', '  "b": 5,', '  "c": {}', '}'].join('\n');
    const located = locateProblems(
      [
        { path: '$.c.late', message: 'the last object lacks a key' },
        { path: '$.b.deeper', message: 'a number has no keys' },
        { path: '$.a[1]', message: 'an item' },
        { path: '$.a[2].y.z', message: 'a nested key' },
        { path: '$.a[9]', message: 'no such item' },
        { path: '$', message: 'the root' },
      ],
      text,
    );
    expect(located.map((p) => [p.line, p.column])).toEqual([
      [4, 3],
      [3, 3],
      [2, 19],
      [2, 29],
      [2, 3],
      [1, 1],
    ]);
  });

  it('reads the text only as far as the last shown problem: as much for 10,000 bad steps as for 1,000', () => {
    const furthest = (steps: number) => {
      const text = badStepsDefinition(steps);
      const problems = Array.from({ length: steps }, (_, i) => ({ path: `$.config_data.steps[${i}].url`, message: 'bad' }));
      const recording = recordingText(text);
      const located = locateProblems(problems, recording.text);
      const urlLines = text.split('\n').flatMap((line, i) => (line.includes('"url"') ? [i + 1] : []));
      expect(located.slice(0, MAX_PROBLEMS_SHOWN).map((p) => p.line)).toEqual(urlLines.slice(0, MAX_PROBLEMS_SHOWN));
      return { read: recording.furthest(), length: text.length };
    };
    const few = furthest(1_000);
    const many = furthest(10_000);
    expect(many.read).toBe(few.read);
    expect(few.read).toBeLessThan(few.length / 10);
  });
});

// ---- properties ----

/** A path of keys and first-item indexes, and the text of a value wrapped along it. */
const nesting = fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.constant(0)), { maxLength: 5 });

function wrapped(path: Array<string | number>, inner: string): string {
  return path.reduceRight<string>(
    (text, segment) => (typeof segment === 'number' ? `[${text}]` : `{${JSON.stringify(segment)}: ${text}}`),
    inner,
  );
}

describe('properties', () => {
  it("places each shown problem where a tree of the whole text has it (jsonc-parser's parseTree), the rest not at all", () => {
    const key = fc.constantFrom('a', 'b', 'c d');
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 3 })),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(key, tie('value'), { maxKeys: 3 }),
      ),
    }));
    const path = fc.array(fc.oneof(key, fc.integer({ min: 0, max: 3 })), { maxLength: 4 });
    fc.assert(
      fc.property(value, fc.array(path, { maxLength: MAX_PROBLEMS_SHOWN + 5 }), fc.constantFrom(0, 1, '\t'), (v, paths, indent) => {
        const text = JSON.stringify(v, null, indent).replace(/\n/g, indent === '\t' ? '\r\n' : '\n');
        const problems = paths.map((segments) => ({ path: pathOf(segments), message: 'x' }));
        const located = locateProblems(problems, text);
        const root = parseTree(text)!;
        expect(located).toEqual(problems.map((p, i) => (i < MAX_PROBLEMS_SHOWN ? { ...p, ...placeInTree(root, text, paths[i]!) } : p)));
      }),
    );
  });

  it('any JSON without repeated keys reads as JSON.parse reads it', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), (text) => {
        const parsed = parseJsonText(text);
        expect(parsed).toEqual({ ok: true, value: { json: JSON.parse(text), text } });
      }),
      { numRuns: 400 },
    );
  });

  it('refuses a text exactly when JSON.parse does, or when it repeats a key (the text cut or spliced anywhere)', () => {
    fc.assert(
      fc.property(
        fc.json({ maxDepth: 4 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('', ',', '"', '}', ']', '{', '[', ':', '1', 'tru', '\\', '\n', '/*'),
        (text, from, length, insert) => {
          const at = from % (text.length + 1);
          const spliced = text.slice(0, at) + insert + text.slice(at + (length % 4));
          const parsed = parseJsonText(spliced);
          let valid = true;
          try {
            JSON.parse(spliced);
          } catch {
            valid = false;
          }
          if (parsed.ok) expect(valid).toBe(true);
          else expect(parsed.syntax).toBe(!valid);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('any object with a key given twice is refused naming that key at its JSON path, on the second place', () => {
    const object = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 });
    fc.assert(
      fc.property(nesting, object, fc.nat(), fc.jsonValue({ maxDepth: 2 }), (path, members, pick, again) => {
        const keys = Object.keys(members);
        const key = keys[pick % keys.length]!;
        const body = JSON.stringify(members);
        const inner = `${body.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(again)}}`;
        const text = wrapped(path, inner);
        const parsed = parseJsonText(text);
        if (parsed.ok) throw new Error(`accepted ${text}`);
        expect(parsed.syntax).toBe(false);
        const expectedPath = `$${[...path, key].map((s) => (typeof s === 'number' ? `[${s}]` : member(s))).join('')}`;
        const last = parsed.problems.at(-1)!;
        expect(last.path).toBe(expectedPath);
        expect(last.message.startsWith(`duplicate key ${JSON.stringify(key)}: first at line 1, column `)).toBe(true);
        // The repeated key starts after the wrapping and the object's first members.
        const [prefix = ''] = wrapped(path, '\u0000').split('\u0000');
        expect(last.column).toBe(prefix.length + body.length + 1);
      }),
      { numRuns: 400 },
    );
  });
});

function pathOf(segments: JSONPath): string {
  return `$${segments.map((s) => (typeof s === 'number' ? `[${s}]` : member(s))).join('')}`;
}

/** The deepest node of the path in the tree (a member by its key), as a line and column. */
function placeInTree(root: Node, text: string, segments: JSONPath): { line: number; column: number } {
  let n = segments.length;
  let node = findNodeAtLocation(root, segments);
  while (!node) node = findNodeAtLocation(root, segments.slice(0, --n));
  const offset = n > 0 && node.parent?.type === 'property' ? node.parent.offset : node.offset;
  const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}
