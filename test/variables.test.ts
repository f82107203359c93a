import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Parsed, type Problem, valueOrThrow } from '../src/errors.ts';
import type { EnvValue, FileConfig, Step } from '../src/types.ts';
import { compileStepChecks, type StepChecks, type StepResponse } from '../src/variables/checks.ts';
import { loadDataSet, type DataSet } from '../src/variables/csv.ts';
import { mulberry32 } from '../src/compare/random.ts';
import { DYNAMIC_VALUES } from '../src/variables/dynamic.ts';
import { envVariables, mergeEnvironments, redactSecrets, renderEnvValue, secretNames, secretValues } from '../src/variables/environment.ts';
import {
  beginIteration,
  compileTemplate,
  compileUrl,
  createIterationVars,
  toRequestTarget,
  type CompiledTemplate,
  type CompiledUrl,
  type TemplateScope,
} from '../src/variables/template.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/variables/${name}`, import.meta.url));
const DEF = 'loadtest.json';

function config(overrides: Partial<FileConfig> = {}): FileConfig {
  return {
    delimiter: ',',
    vars: { '0': { tag: 'a' }, '1': { tag: 'b' } },
    allow_quota: false,
    order: 'sequential',
    skip_first_line: false,
    skip_empty_line: false,
    ...overrides,
  };
}

async function load(file: string, cfg: FileConfig, name = 'set'): Promise<Parsed<DataSet>> {
  return loadDataSet({ name, file, type: 'csv', file_config: cfg }, { file: DEF, path: '$.test_data[0]' });
}

async function mustLoad(file: string, cfg: FileConfig, name = 'set'): Promise<DataSet> {
  const set = await load(file, cfg, name);
  return valueOrThrow(set);
}

function column(set: DataSet, tag: string): string[] {
  const t = set.tagIndex(tag);
  return Array.from({ length: set.rowCount }, (_, row) => set.value(t, row));
}

function scopeOf(env: Record<string, EnvValue>, dataSets: DataSet[] = [], captured: string[] = []): TemplateScope {
  return {
    env: envVariables({ name: 'test', vars: Object.entries(env).map(([key, value]) => ({ key, value })) }),
    dataSets,
    capturedNames: new Set(captured),
  };
}

function compiled(text: string, scope: TemplateScope): CompiledTemplate {
  return valueOrThrow(compileTemplate(text, scope, { file: DEF, path: '$.x' }));
}

function problemsOf(result: Parsed<unknown>): Problem[] {
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('environment values', () => {
  it.each<[EnvValue, string]>([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['', ''],
    [42, '42'],
    [-7, '-7'],
    [1e21, '1000000000000000000000'],
    [0.5, '0.5'],
    [3.14, '3.14'],
    [true, 'true'],
    [false, 'false'],
    [[1, 2, 3], '[1,2,3]'],
    [[], '[]'],
  ])('%j renders as %s', (value, text) => {
    expect(renderEnvValue(value)).toBe(text);
  });

  it('merges environments, the override winning per key', () => {
    const merged = mergeEnvironments(
      {
        name: 'base',
        vars: [
          { key: 'A', value: 1 },
          { key: 'B', value: 'b' },
        ],
      },
      {
        name: 'head',
        vars: [
          { key: 'B', value: 'B2' },
          { key: 'C', value: true },
        ],
      },
    );
    expect(merged).toEqual({
      name: 'head',
      vars: [
        { key: 'A', value: 1 },
        { key: 'B', value: 'B2' },
        { key: 'C', value: true },
      ],
    });
    expect(mergeEnvironments(undefined, undefined)).toEqual({ name: '', vars: [] });
    expect(mergeEnvironments({ name: 'only', vars: [] }).name).toBe('only');
  });

  it('keeps a variable secret through a merge, even when the override gives its value without the flag', () => {
    const merged = mergeEnvironments(
      {
        name: 'def',
        vars: [
          { key: 'KEY', value: 'old', secret: true },
          { key: 'BASE', value: 'http://a' },
        ],
      },
      {
        name: 'input',
        vars: [
          { key: 'KEY', value: 'sk-new' },
          { key: 'PIN', value: 1234, secret: true },
        ],
      },
    );
    expect(merged.vars).toEqual([
      { key: 'KEY', value: 'sk-new', secret: true },
      { key: 'BASE', value: 'http://a' },
      { key: 'PIN', value: 1234, secret: true },
    ]);
    expect(secretNames(merged)).toEqual(new Set(['KEY', 'PIN']));
    expect(secretValues(merged)).toEqual(['sk-new', '1234']);
    expect(redactSecrets('got "http://sk-new.1234/"', secretValues(merged))).toBe('got "http://***.***/"');
  });

  it('renders an environment into template variables', () => {
    expect([
      ...envVariables({
        name: 'e',
        vars: [
          { key: 'N', value: 5 },
          { key: 'L', value: [7] },
        ],
      }),
    ]).toEqual([
      ['N', '5'],
      ['L', '[7]'],
    ]);
  });
});

describe('templates', () => {
  it('resolves environment variables at compile time into a constant', () => {
    const t = compiled('{{BASE}}/users?limit={{LIMIT}}&on={{ON}}', scopeOf({ BASE: 'http://h', LIMIT: 10, ON: true }));
    expect(t.static).toBe('http://h/users?limit=10&on=true');
    expect(t.render(createIterationVars(0))).toBe('http://h/users?limit=10&on=true');
    expect(compiled('no variables', scopeOf({})).static).toBe('no variables');
  });

  it('allows whitespace inside the braces', () => {
    expect(compiled('{{ KEY }}-{{KEY  }}', scopeOf({ KEY: 'v' })).static).toBe('v-v');
  });

  it('mixes environment, data and dynamic values', async () => {
    const users = await mustLoad(
      fixture('users.csv'),
      config({ vars: { '0': { tag: 'email' }, '1': { tag: 'id' } }, skip_first_line: true, skip_empty_line: true }),
      'users',
    );
    const t = compiled(
      '{{BASE}}/u/{{data.users.id}}?e={{data.users.email}}&r={{ _randomInt(5,5) }}&t={{_timestamp}}',
      scopeOf({ BASE: 'http://h' }, [users]),
    );
    expect(t.static).toBeNull();
    const vars = createIterationVars(1);
    beginIteration(vars, 1);
    const before = Math.floor(Date.now() / 1000);
    const out = t.render(vars);
    const after = Math.floor(Date.now() / 1000);
    const m = /^http:\/\/h\/u\/2\?e=b@x\.io&r=5&t=(\d+)$/.exec(out);
    expect(m, out).not.toBeNull();
    // The seconds read around the render bracket it, however long the machine took.
    expect(Number(m![1])).toBeGreaterThanOrEqual(before);
    expect(Number(m![1])).toBeLessThanOrEqual(after);
  });

  it('reports an unclosed "{{" with file and path', () => {
    const problems = problemsOf(
      compileTemplate('{"a": "{{TOKEN"}', scopeOf({ TOKEN: 't' }), { file: DEF, path: '$.config_data.steps[0].payload' }),
    );
    expect(problems).toEqual([
      { file: DEF, path: '$.config_data.steps[0].payload', message: expect.stringContaining('"{{" at character 8 is not closed') },
    ]);
  });

  it('reports every unknown variable, data set and tag with the JSON path', async () => {
    const users = await mustLoad(fixture('users.csv'), config({ vars: { '0': { tag: 'email' } } }), 'users');
    const where = { file: DEF, path: '$.config_data.steps[1].headers.Authorization' };
    const problems = problemsOf(
      compileTemplate('{{TOKN}} {{data.people.email}} {{data.users.mail}} {{data.users}} {{}}', scopeOf({ TOKEN: 't' }, [users]), where),
    );
    expect(problems.map((p) => p.path)).toEqual(Array(5).fill(where.path));
    expect(problems.every((p) => p.file === DEF)).toBe(true);
    const messages = problems.map((p) => p.message);
    expect(messages[0]).toMatch(/unknown variable "TOKN".*known: TOKEN/);
    expect(messages[1]).toMatch(/unknown data set "people".*declared: users/);
    expect(messages[2]).toMatch(/data set "users" has no tag "mail".*its tags: email/);
    expect(messages[3]).toMatch(/incomplete; write \{\{data\.<set>\.<tag>\}\}/);
    expect(messages[4]).toMatch(/empty "\{\{\}\}"/);
  });

  it('knows captures only when an earlier step captured them', () => {
    expect(problemsOf(compileTemplate('Bearer {{TOKEN}}', scopeOf({}), { path: '$.h' }))[0]!.message).toMatch(
      /not captured by an earlier step/,
    );
    const t = compiled('Bearer {{TOKEN}}', scopeOf({}, [], ['TOKEN']));
    const vars = createIterationVars(0);
    vars.captured.set('TOKEN', 'abc');
    expect(t.render(vars)).toBe('Bearer abc');
  });

  it('renders every dynamic value in its documented form', () => {
    const formats: Record<string, RegExp> = {
      _randomInt: /^(\d|[1-9]\d{1,2}|1000)$/,
      _randomFloat: /^0\.\d{6}$/,
      _randomString: /^[A-Za-z0-9]{16}$/,
      _randomBoolean: /^(true|false)$/,
      _randomUUID: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      _timestamp: /^\d{10}$/,
      _timestampMs: /^\d{13}$/,
      _isoTimestamp: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    };
    expect(DYNAMIC_VALUES.map((d) => d.name).sort()).toEqual(Object.keys(formats).sort());
    const vars = createIterationVars(0, mulberry32(7));
    for (const [name, format] of Object.entries(formats)) {
      const t = compiled(`{{${name}}}`, scopeOf({}));
      expect(t.static).toBeNull();
      for (let i = 0; i < 50; i++) expect(t.render(vars)).toMatch(format);
    }
  });

  it('takes arguments for _randomInt and _randomString, checked at compile time', () => {
    const vars = createIterationVars(0, mulberry32(1));
    const ints = new Set(Array.from({ length: 200 }, () => compiled('{{_randomInt(-2, 2)}}', scopeOf({})).render(vars)));
    expect([...ints].sort()).toEqual(['-1', '-2', '0', '1', '2']);
    expect(compiled('{{_randomString(5)}}', scopeOf({})).render(vars)).toMatch(/^[A-Za-z0-9]{5}$/);
    const bad = [
      '{{_randomInt(5,1)}}',
      '{{_randomInt(1)}}',
      '{{_randomInt(a,b)}}',
      '{{_randomString(0)}}',
      '{{_randomUUID(1)}}',
      '{{_randomThing}}',
    ];
    for (const text of bad) expect(problemsOf(compileTemplate(text, scopeOf({}), { path: '$.p' })), text).toHaveLength(1);
    expect(problemsOf(compileTemplate('{{_randomThing}}', scopeOf({}), { path: '$.p' }))[0]!.message).toMatch(/dynamic values: _randomInt/);
  });

  it('rejects an environment key that is also a dynamic value', () => {
    expect(problemsOf(compileTemplate('{{_timestamp}}', scopeOf({ _timestamp: 1 }), { path: '$.p' }))[0]!.message).toMatch(
      /both an environment variable and a dynamic value/,
    );
  });
});

describe('test data rows', () => {
  it('sequential order uses row k mod rowCount, wrapping around, shared by all templates of an iteration', async () => {
    const set = await mustLoad(
      fixture('users.csv'),
      config({ vars: { '1': { tag: 'id' }, '2': { tag: 'name' } }, skip_first_line: true, skip_empty_line: true }),
      'u',
    );
    const scope = scopeOf({}, [set]);
    const id = compiled('{{data.u.id}}', scope);
    const name = compiled('{{data.u.name}}', scope);
    const vars = createIterationVars(1);
    const seen: string[] = [];
    for (let k = 0; k < 7; k++) {
      beginIteration(vars, k);
      seen.push(`${id.render(vars)}:${name.render(vars)}`);
    }
    expect(seen).toEqual(['1:Ann', '2:Bob', '3:Cy', '1:Ann', '2:Bob', '3:Cy', '1:Ann']);
  });

  it('random order draws uniformly once per iteration and set', async () => {
    const set = await mustLoad(fixture('ten.csv'), config({ vars: { '0': { tag: 'n' } }, order: 'random' }), 'ten');
    const t = compiled('{{data.ten.n}}|{{data.ten.n}}', scopeOf({}, [set]));
    const vars = createIterationVars(1, mulberry32(42));
    const counts = new Map<string, number>();
    const draws = 10_000;
    for (let k = 0; k < draws; k++) {
      beginIteration(vars, k);
      const [a, b] = t.render(vars).split('|');
      expect(a).toBe(b);
      counts.set(a!, (counts.get(a!) ?? 0) + 1);
    }
    expect(counts.size).toBe(10);
    const expected = draws / 10;
    const chiSquare = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // Seeded, so the same draws every run: this cannot fail by chance. 27.88 is the chi-square
    // quantile at p = 0.001 for 9 degrees of freedom: a source this uneven is not uniform.
    expect(chiSquare).toBeLessThan(27.88);
  });
});

describe('CSV data sets', () => {
  it.each([
    ['tab.tsv', '\t'],
    ['semicolon.csv', ';'],
    ['pipe.csv', '|'],
  ])('reads %s with delimiter %j', async (file, delimiter) => {
    const set = await mustLoad(fixture(file), config({ delimiter, vars: { '0': { tag: 'a' }, '2': { tag: 'c' } } }));
    expect(set.rowCount).toBe(2);
    expect(set.tags).toEqual(['a', 'c']);
    expect(column(set, 'a')).toEqual(['a', 'b']);
    expect(column(set, 'c')).toEqual(['x', 'y']);
    expect(set.tagIndex('b')).toBe(-1); // untagged columns are not kept
  });

  it('reads quoted fields: delimiters, doubled quotes and line breaks inside quotes', async () => {
    const set = await mustLoad(fixture('quoted.csv'), config({ vars: { '1': { tag: 'text' } }, skip_first_line: true }));
    expect(column(set, 'text')).toEqual(['with, comma', 'doubled "quotes"', 'two\nlines']);
  });

  it('accepts lenient quotes only under allow_quota', async () => {
    const cfg = config({ vars: { '0': { tag: 'id' }, '1': { tag: 'text' } }, skip_first_line: true });
    const strict = problemsOf(await load(fixture('lenient.csv'), cfg));
    expect(strict).toHaveLength(1);
    expect(strict[0]!.file).toBe(DEF);
    expect(strict[0]!.path).toBe('$.test_data[0].file');
    expect(strict[0]!.message).toContain(`${fixture('lenient.csv')} line 3:`);
    expect(strict[0]!.message).toContain('"allow_quota": true');
    const lenient = await mustLoad(fixture('lenient.csv'), { ...cfg, allow_quota: true });
    expect(column(lenient, 'text')).toEqual(['plain', 'say "hi" there', '"lone " quote"']);
  });

  it('skip_first_line drops the header and skip_empty_line the empty lines', async () => {
    const cfg = config({ vars: { '0': { tag: 'email' } } });
    expect(column(await mustLoad(fixture('users.csv'), cfg), 'email')).toEqual(['email', 'a@x.io', '', 'b@x.io', 'c@x.io']);
    expect(column(await mustLoad(fixture('users.csv'), { ...cfg, skip_first_line: true, skip_empty_line: true }), 'email')).toEqual([
      'a@x.io',
      'b@x.io',
      'c@x.io',
    ]);
  });

  it('strips a UTF-8 byte order mark and reads CRLF line ends', async () => {
    const set = await mustLoad(fixture('bom-crlf.csv'), config({ vars: { '0': { tag: 'id' }, '1': { tag: 'v' } } }));
    expect(column(set, 'id')).toEqual(['id', '1', '2']);
    expect(column(set, 'v')).toEqual(['v', 'one', 'two']);
  });

  it('says a column index past six digits is too large, and one not written in decimal is not a decimal index', async () => {
    const problems = problemsOf(await load(fixture('short-row.csv'), config({ vars: { '999999999': { tag: 'a' }, '01': { tag: 'b' } } })));
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['$.test_data[0].file_config.vars["999999999"]', 'a column index must be at most 999,999 (columns count from "0"), got "999999999"'],
      ['$.test_data[0].file_config.vars["01"]', 'a column index must be a whole number written in decimal, from "0", got "01"'],
    ]);
  });

  it('reports a tag past the last column of a row with file, line and the tag path', async () => {
    const problems = problemsOf(await load(fixture('short-row.csv'), config({ vars: { '0': { tag: 'a' }, '2': { tag: 'c' } } })));
    expect(problems).toEqual([
      {
        file: DEF,
        path: '$.test_data[0].file_config.vars["2"]',
        message: expect.stringMatching(/short-row\.csv line 3 has 2 columns, but the tag "c" reads column 2/),
      },
    ]);
  });

  it('checks a whole file without keeping its rows (keepRows: false): the same rows counted and problems found, no cell held', async () => {
    const where = { file: DEF, path: '$.test_data[0]' };
    const cfg = config({ vars: { '0': { tag: 'email' } } });
    const checked = await loadDataSet({ name: 'users', file: fixture('users.csv'), type: 'csv', file_config: cfg }, where, {
      keepRows: false,
    });
    const set = valueOrThrow(checked);
    expect([set.rowCount, set.tags]).toEqual([5, ['email']]);
    expect(() => set.value(0, 0)).toThrow(/data set "users" was checked without keeping its rows/);
    const short = await loadDataSet(
      { name: 's', file: fixture('short-row.csv'), type: 'csv', file_config: config({ vars: { '2': { tag: 'c' } } }) },
      where,
      { keepRows: false },
    );
    expect(problemsOf(short)[0]!.message).toMatch(/short-row\.csv line 3 has 2 columns/);
  });

  it('reports an empty line read as a row too short for its tags', async () => {
    const problems = problemsOf(await load(fixture('users.csv'), config({ vars: { '1': { tag: 'id' } } })));
    expect(problems[0]!.message).toMatch(/line 3 has 1 column,.*"skip_empty_line": true/);
  });

  it('reports a data set without rows, a missing file and bad configuration', async () => {
    const headerOnly = problemsOf(await load(fixture('header-only.csv'), config({ skip_first_line: true })));
    expect(headerOnly[0]).toMatchObject({
      path: '$.test_data[0].file',
      message: expect.stringMatching(/has no data rows \(after skipping the first line\)/),
    });
    expect(problemsOf(await load(fixture('empty.csv'), config()))[0]!.message).toMatch(/has no data rows/);
    expect(problemsOf(await load(fixture('missing.csv'), config()))[0]).toMatchObject({
      path: '$.test_data[0].file',
      message: expect.stringMatching(/cannot read the data file .*missing\.csv: not found/),
    });
    const bad = problemsOf(
      await load(
        fixture('tab.tsv'),
        config({ delimiter: '\\t', vars: { x: { tag: 'a' }, '1': { tag: 'b c' }, '2': { tag: 'd' }, '3': { tag: 'd' } } }),
      ),
    );
    expect(bad.map((p) => p.path)).toEqual([
      '$.test_data[0].file_config.delimiter',
      '$.test_data[0].file_config.vars["1"].tag',
      '$.test_data[0].file_config.vars["3"].tag',
      '$.test_data[0].file_config.vars["x"]',
    ]);
  });

  it('names the line and byte of the first byte that is not UTF-8, also one split across read chunks, rather than replacing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadgate-variables-'));
    try {
      const file = join(dir, 'latin1.csv');
      writeFileSync(file, Buffer.concat([Buffer.from('ok,1\ncaf'), Buffer.from([0xe9]), Buffer.from(',2\n')]));
      expect(problemsOf(await load(file, config()))).toEqual([
        { file: DEF, path: '$.test_data[0].file', message: `${file} is not valid UTF-8: line 2, byte 9 (0xe9); save the file as UTF-8` },
      ]);
      // A three-byte "€" straddling the stream's 64 KiB chunks is valid; a cut-off one at the end is not.
      const big = join(dir, 'split.csv');
      const row = Buffer.from('a,€\n');
      writeFileSync(
        big,
        Buffer.concat([
          Buffer.from('h,'),
          Buffer.alloc(65_533, 0x20),
          Buffer.from('\n'),
          ...Array.from({ length: 10 }, () => row),
          Buffer.from([0xe2, 0x82]),
        ]),
      );
      const problems = problemsOf(await load(big, config()));
      expect(problems).toEqual([
        {
          file: DEF,
          path: '$.test_data[0].file',
          message: `${big} is not valid UTF-8: line 12, byte ${65_536 + 10 * row.length + 1} (0xe2); save the file as UTF-8`,
        },
      ]);
      writeFileSync(
        big,
        Buffer.concat([Buffer.from('h,'), Buffer.alloc(65_533, 0x20), Buffer.from('€\n'), ...Array.from({ length: 10 }, () => row)]),
      );
      expect(column(await mustLoad(big, config()), 'b')).toEqual([`${' '.repeat(65_533)}€`, ...new Array(10).fill('€')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads 1,000,000 rows of 3 columns in a small heap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadgate-variables-'));
    const file = join(dir, 'big.csv');
    try {
      const rows = 1_000_000;
      const lines: string[] = [];
      for (let i = 0; i < rows; i++) lines.push(`user${i}@example.com,${i},Name ${i}`);
      writeFileSync(file, `${lines.join('\n')}\n`);
      lines.length = 0;
      const before = await settledMemory();
      const set = await mustLoad(file, config({ vars: { '0': { tag: 'email' }, '1': { tag: 'id' }, '2': { tag: 'name' } } }));
      const after = await settledMemory();
      const heapMb = (after.heapUsed - before.heapUsed) / 2 ** 20;
      const buffersMb = (after.arrayBuffers - before.arrayBuffers) / 2 ** 20;
      console.info(
        `1e6 rows x 3 columns: heap +${heapMb.toFixed(1)} MB, array buffers +${buffersMb.toFixed(1)} MB, rss ${(after.rss / 2 ** 20).toFixed(0)} MB`,
      );
      expect(set.rowCount).toBe(rows);
      expect(set.value(0, 999_999)).toBe('user999999@example.com');
      expect(set.value(2, 1024)).toBe('Name 1024');
      expect(heapMb + buffersMb).toBeLessThan(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('URLs', () => {
  function url(text: string, scope = scopeOf({ BASE: 'http://Example.COM:80' })): CompiledUrl {
    return valueOrThrow(compileUrl(text, scope, { file: DEF, path: '$.config_data.steps[0].url' }));
  }

  it('splits a static URL into its normalised origin and a constant path', () => {
    const u = url('{{BASE}}/a b/c?q=1#frag');
    expect(u.origin).toBe('http://example.com');
    expect(u.path.static).toBe('/a%20b/c?q=1');
    expect(url('https://h:8443').path.static).toBe('/');
    expect(url('http://h?x=1').path.static).toBe('/?x=1');
  });

  it('renders a dynamic path, encoding what a request target may not hold', async () => {
    const set = await mustLoad(fixture('quoted.csv'), config({ vars: { '1': { tag: 'text' } }, skip_first_line: true }), 'q');
    const u = url('{{BASE}}/s/{{data.q.text}}?page=1', scopeOf({ BASE: 'http://127.0.0.1:8080' }, [set]));
    expect(u.origin).toBe('http://127.0.0.1:8080');
    const vars = createIterationVars(1);
    beginIteration(vars, 0);
    expect(u.path.render(vars)).toBe('/s/with,%20comma?page=1');
    expect(toRequestTarget('/ü/%41"x"')).toBe('/%C3%BC/%41%22x%22');
  });

  it('rejects an origin that depends on data, and origins that are not http(s) with a host', () => {
    const where = { file: DEF, path: '$.config_data.steps[0].url' };
    const dynamicHost = problemsOf(compileUrl('http://{{_randomInt}}.h/x', scopeOf({}), where));
    expect(dynamicHost).toEqual([
      { ...where, message: expect.stringContaining("the URL's origin (scheme, host and port) must not depend on test data") },
    ]);
    expect(problemsOf(compileUrl('{{_randomUUID}}', scopeOf({}), where))).toHaveLength(1);
    expect(problemsOf(compileUrl('ftp://h/x', scopeOf({}), where))[0]!.message).toMatch(/scheme must be http or https/);
    expect(problemsOf(compileUrl('{{BASE}}/x', scopeOf({ BASE: 'localhost:8080' }), where))[0]!.message).toMatch(
      /must start with http:\/\/ or https:\/\//,
    );
    expect(problemsOf(compileUrl('http://u:p@h/', scopeOf({}), where))[0]!.message).toMatch(/Authorization header/);
    expect(problemsOf(compileUrl('http://h:99999/', scopeOf({}), where))).toHaveLength(1);
  });
});

describe('captures and assertions', () => {
  const STEP = '$.config_data.steps[0]';

  function checks(step: Pick<Step, 'capture_env' | 'assertion'>, scope = scopeOf({})): StepChecks {
    return valueOrThrow(compileStepChecks(step, scope, { file: DEF, path: STEP }));
  }

  function response(over: Partial<StepResponse> = {}): StepResponse {
    return {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-token': 'hdr-123',
        'set-cookie': ['a=1; Path=/', 'sid=s42; HttpOnly'],
      },
      body: JSON.stringify({
        data: { token: 'tok', n: 5, ok: true, obj: { a: 1 } },
        items: [{ id: 'i0' }, { id: 'i1' }],
        tags: ['x', 'y'],
      }),
      responseTimeMs: 120,
      ...over,
    };
  }

  it('captures from JSON paths, headers and body regexps, for the later steps', () => {
    const c = checks({
      capture_env: {
        TOKEN: { from: 'body', json_path: 'data.token' },
        SECOND: { from: 'body', json_path: 'items.1.id' },
        FIRST: { from: 'body', json_path: '$.items[0].id' },
        N: { from: 'body', json_path: 'data.n' },
        OBJ: { from: 'body', json_path: 'data.obj' },
        HDR: { from: 'header', header_key: 'X-Token' },
        SID: { from: 'header', header_key: 'Set-Cookie', regexp: { exp: 'sid=([^;]+)' } },
        TOK_RE: { from: 'body', regexp: { exp: '"token":"(\\w+)"' } },
        WHOLE: { from: 'body', regexp: { exp: '"n":\\d+' } },
        GROUP0: { from: 'body', regexp: { exp: '"n":(\\d+)', matchNo: 0 } },
      },
    });
    expect(c.needsBody).toBe(true);
    expect(c.captureNames).toEqual(['TOKEN', 'SECOND', 'FIRST', 'N', 'OBJ', 'HDR', 'SID', 'TOK_RE', 'WHOLE', 'GROUP0']);
    const vars = createIterationVars(0);
    expect(c.run(response(), vars)).toBeNull();
    expect(Object.fromEntries(vars.captured)).toEqual({
      TOKEN: 'tok',
      SECOND: 'i1',
      FIRST: 'i0',
      N: '5',
      OBJ: '{"a":1}',
      HDR: 'hdr-123',
      SID: 's42',
      TOK_RE: 'tok',
      WHOLE: '"n":5',
      GROUP0: '"n":5',
    });
    const next = compiled('{{TOKEN}}/{{SID}}', scopeOf({}, [], c.captureNames as string[]));
    expect(next.render(vars)).toBe('tok/s42');
  });

  it('needs the body only for body captures and body assertions', () => {
    expect(
      checks({ capture_env: { H: { from: 'header', header_key: 'x-token' } }, assertion: ['equals(status_code,200)'] }).needsBody,
    ).toBe(false);
    expect(checks({ assertion: ['contains(body,"x")'] }).needsBody).toBe(true);
    expect(checks({ assertion: ['exists(json_path("a"))'] }).needsBody).toBe(true);
  });

  it.each<[string, Partial<StepResponse>, string]>([
    ['{"from":"body","json_path":"data.missing"}', {}, 'capture failed: X (json path "data.missing" not found)'],
    ['{"from":"body","json_path":"data.token"}', { body: '<html>secret</html>' }, 'capture failed: X (body is not JSON)'],
    ['{"from":"header","header_key":"X-Absent"}', {}, 'capture failed: X (header "x-absent" not found)'],
    [
      '{"from":"header","header_key":"x-token","regexp":{"exp":"^z(\\\\d)"}}',
      {},
      'capture failed: X (regexp "^z(\\\\d)" did not match header "x-token")',
    ],
    ['{"from":"body","regexp":{"exp":"nomatch(\\\\d+)"}}', {}, 'capture failed: X (regexp "nomatch(\\\\d+)" did not match the body)'],
  ])('capture %s fails with a bounded reason', (spec, over, reason) => {
    const c = checks({ capture_env: { X: JSON.parse(spec) } });
    expect(c.run(response(over), createIterationVars(0))).toBe(reason);
  });

  it('rejects bad captures before the run', () => {
    const scope = scopeOf({ TOKEN: 'x' });
    const problems = problemsOf(
      compileStepChecks(
        {
          capture_env: {
            TOKEN: { from: 'body', json_path: 'a' },
            '1bad': { from: 'body', json_path: 'a' },
            _timestamp: { from: 'body', json_path: 'a' },
            RE: { from: 'body', regexp: { exp: '(' } },
            NO: { from: 'body', regexp: { exp: '(a)', matchNo: 2 } },
            EMPTY: { from: 'body', json_path: 'a..b' },
          },
        },
        scope,
        { file: DEF, path: STEP },
      ),
    );
    expect(problems.map((p) => p.path)).toEqual([
      `${STEP}.capture_env.TOKEN`,
      `${STEP}.capture_env["1bad"]`,
      `${STEP}.capture_env._timestamp`,
      `${STEP}.capture_env.RE.regexp.exp`,
      `${STEP}.capture_env.NO.regexp.matchNo`,
      `${STEP}.capture_env.EMPTY.json_path`,
    ]);
    expect(problems[0]!.message).toMatch(/already an environment variable/);
  });

  it.each<[string, boolean]>([
    ['equals(status_code,200)', true],
    ['equals(status_code,201)', false],
    ['equals(status_code,"200")', true],
    ['not_equals(status_code,500)', true],
    ['not_equals(status_code,200)', false],
    ['in(status_code,[200,201])', true],
    ['in(status_code,[301, 302])', false],
    ['not_in(status_code,[500,502])', true],
    ['not_in(status_code,[200])', false],
    ['less_than(response_time,500)', true],
    ['less_than(response_time,100)', false],
    ['greater_than(response_time,100)', true],
    ['greater_than(response_time,120)', false],
    ['range(status_code,200,300)', true],
    ['range(status_code,300,400)', false],
    ['range(status_code,100,200)', false],
    ['contains(body,"tok")', true],
    ['contains(body,"nope")', false],
    ['not_contains(body,"error")', true],
    ['not_contains(body,"token")', false],
    ['contains(json_path("tags"),"y")', true],
    ['contains(json_path("tags"),"z")', false],
    ['equals(json_path("data.token"),"tok")', true],
    ['equals(json_path(data.n), 5)', true],
    ['equals(json_path("data.obj"),{"a":1})', false],
    ['equals(json_path("data.ok"),true)', true],
    ['equals(json_path("items.0.id"),"i1")', false],
    ['equals(headers.X-Token,"hdr-123")', true],
    ['contains(headers.content-type,"application/json")', true],
    ['equals(headers.content-type,"application/json")', false],
    ['regexp(headers.set-cookie,"sid=s\\\\d+")', true],
    ['regexp(body,"^<html")', false],
    ['exists(headers.x-token)', true],
    ['exists(json_path("data.nothing"))', false],
    ['not_exists(headers.x-nothing)', true],
    ['not_exists(json_path("data.token"))', false],
    ['  equals( status_code , 200 )  ', true],
  ])('%s → %s', (assertion, holds) => {
    const result = compileStepChecks({ assertion: [assertion] }, scopeOf({}), { path: STEP });
    if (assertion.includes('{"a":1}')) {
      expect(problemsOf(result)[0]!.message).toMatch(/expected a number, "string", \[array\]/);
      return;
    }
    const c = valueOrThrow(result);
    expect(c.run(response(), createIterationVars(0))).toBe(holds ? null : `assertion failed: ${assertion.trim()}`);
  });

  it('checks assertions before captures, so the reason is the assertion', () => {
    const c = checks({ capture_env: { T: { from: 'body', json_path: 'data.token' } }, assertion: ['equals(status_code,200)'] });
    const vars = createIterationVars(0);
    expect(c.run(response({ status: 500, body: 'oops' }), vars)).toBe('assertion failed: equals(status_code,200)');
    expect(vars.captured.size).toBe(0);
  });

  it('rejects assertions it cannot read, at their JSON path', () => {
    const bad = [
      'equals(status_code 200)',
      'equal(status_code,200)',
      'equals(status,200)',
      'less_than(response_time,"fast")',
      'in(status_code,200)',
      'range(status_code,200)',
      'regexp(body,"(")',
      'equals(status_code,200) extra',
      'equals(json_path(""),1)',
    ];
    const problems = problemsOf(
      compileStepChecks({ assertion: ['equals(status_code,200)', ...bad] }, scopeOf({}), { file: DEF, path: STEP }),
    );
    expect(problems.map((p) => p.path)).toEqual(bad.map((_, j) => `${STEP}.assertion[${j + 1}]`));
    expect(problems[0]!.message).toMatch(/expected "\)" at character 20/);
    expect(problems[1]!.message).toMatch(/unknown assertion "equal"; known: equals/);
    expect(problems[2]!.message).toMatch(/unknown subject "status"/);
    expect(problems[3]!.message).toMatch(/argument 2 must be a number; expected less_than\(subject, number\)/);
  });
});

/**
 * Memory after full collections, so the figure is what the data set keeps. The pause lets V8
 * finish sweeping and free array buffer backing stores between the two collections.
 */
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  return process.memoryUsage();
}
