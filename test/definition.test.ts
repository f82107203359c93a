import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinition, loadEnvironmentFile } from '../src/definition/load.ts';
import { FORBIDDEN_HEADERS, LIMITS, schemaFileText } from '../src/definition/schema.ts';
import { invalidUtf8Offset, MAX_DEFINITION_BYTES } from '../src/definition/text-file.ts';
import { LoadPlan } from '../src/engine/plan.ts';
import { parseSleep } from '../src/engine/prepare.ts';
import { checkHeaderName, checkStepUrl, validateDefinition, validateEnvironment } from '../src/definition/validate.ts';
import { InputError, type Problem } from '../src/errors.ts';
import { HTTP_METHODS, LOAD_TYPES, type LoadTestDefinition } from '../src/types.ts';

const root = resolve(import.meta.dirname, '..');
const fixtures = join(root, 'test', 'fixtures', 'definition');

function minimal(): { name: string; config_data: Record<string, unknown> } & Record<string, unknown> {
  return { name: 'smoke', config_data: { steps: [{ id: 1, name: 'home', url: 'http://127.0.0.1:8080/' }] } };
}

function withConfig(config: Record<string, unknown>): Record<string, unknown> {
  const def = minimal();
  return { ...def, config_data: { ...def.config_data, ...config } };
}

function withStep(step: Record<string, unknown>): Record<string, unknown> {
  return withConfig({ steps: [{ id: 1, name: 'home', url: 'http://127.0.0.1:8080/', ...step }] });
}

function problemsOf(raw: unknown): Problem[] {
  const result = validateDefinition(raw, 'def.json');
  if (result.ok) throw new Error('expected the definition to be rejected');
  return result.problems;
}

function definitionOf(raw: unknown): LoadTestDefinition {
  const result = validateDefinition(raw, 'def.json');
  if (!result.ok) throw new Error(`expected a valid definition: ${JSON.stringify(result.problems)}`);
  return result.value.definition;
}

function expectOnly(raw: unknown, path: string, message: string): void {
  expect(problemsOf(raw)).toEqual([{ file: 'def.json', path, message }]);
}

describe('validateDefinition: rejected definitions', () => {
  it('requires steps', () => {
    expectOnly({ name: 'x', config_data: {} }, '$.config_data.steps', 'missing required key "steps"');
  });

  it('rejects an empty step list', () => {
    expectOnly(withConfig({ steps: [] }), '$.config_data.steps', 'expected at least one item, got an empty array');
  });

  it('rejects duplicate step ids', () => {
    const steps = [1, 1].map((id) => ({ id, name: `s${id}`, url: 'http://a.test/' }));
    expectOnly(
      withConfig({ steps }),
      '$.config_data.steps[1].id',
      'duplicate id 1 (also $.config_data.steps[0]): ids are 1..n in step order',
    );
  });

  it('rejects a gap in step ids', () => {
    const steps = [1, 3].map((id) => ({ id, name: `s${id}`, url: 'http://a.test/' }));
    expectOnly(withConfig({ steps }), '$.config_data.steps[1].id', 'expected id 2 (ids are 1..n in step order), got 3');
  });

  it('rejects an unknown method and a lower-case one', () => {
    const expected = 'expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';
    expectOnly(withStep({ method: 'FETCH' }), '$.config_data.steps[0].method', `${expected}, got "FETCH"`);
    expectOnly(withStep({ method: 'get' }), '$.config_data.steps[0].method', `${expected}, got "get"`);
  });

  it.each([
    ['example.com/cart', 'expected an absolute URL starting with http:// or https://, got "example.com/cart"'],
    ['ftp://example.com/file', 'expected an http:// or https:// URL, got a ftp:// URL'],
    ['not a url', 'expected an absolute URL starting with http:// or https://, got "not a url"'],
    ['http://exa mple.com/', 'expected a valid absolute http(s) URL, got "http://exa mple.com/"'],
  ])('rejects the step URL %s', (url, message) => {
    expectOnly(withStep({ url }), '$.config_data.steps[0].url', message);
  });

  it('leaves URLs with templates to be checked after resolution', () => {
    expect(definitionOf(withStep({ url: '{{BASE}}/cart' })).config_data.steps[0]?.url).toBe('{{BASE}}/cart');
  });

  it('rejects an unknown load type', () => {
    expectOnly(withConfig({ load_type: 'spiky' }), '$.config_data.load_type', 'expected one of linear, incremental, waved, got "spiky"');
  });

  it('rejects negative and zero counts', () => {
    expectOnly(withConfig({ iteration_count: -5 }), '$.config_data.iteration_count', 'expected an integer of at least 1, got -5');
    expectOnly(withConfig({ duration: 0 }), '$.config_data.duration', 'expected an integer of at least 1, got 0');
    expectOnly(
      withConfig({ manual_load: [{ duration: 5, count: -1 }] }),
      '$.config_data.manual_load[0].count',
      'expected an integer of at least 0, got -1',
    );
    expectOnly(withStep({ timeout: 0 }), '$.config_data.steps[0].timeout', 'expected a number of at least 0.001, got 0');
  });

  it('rejects non-integer, negative and all-zero shares and bad country codes', () => {
    expectOnly(withConfig({ proxy_config: { US: 50.5, DE: 50 } }), '$.config_data.proxy_config.US', 'expected an integer, got 50.5');
    expectOnly(withConfig({ proxy_config: { US: -1 } }), '$.config_data.proxy_config.US', 'expected an integer of at least 0, got -1');
    expectOnly(
      withConfig({ proxy_config: { US: 0, DE: 0 } }),
      '$.config_data.proxy_config',
      'expected at least one country with a share above 0, got none',
    );
    expectOnly(
      withConfig({ proxy_config: { usa: 10 } }),
      '$.config_data.proxy_config.usa',
      'invalid key "usa": expected a two-letter upper-case country code such as US or DE',
    );
  });

  it('rejects iteration_count and request_count together', () => {
    expectOnly(
      withConfig({ iteration_count: 10, request_count: 10 }),
      '$.config_data.request_count',
      'give either iteration_count or request_count (its older name), not both',
    );
  });

  it('names an unknown key and suggests the close one', () => {
    expectOnly(
      withConfig({ iteration_cont: 10 }),
      '$.config_data.iteration_cont',
      'unknown key "iteration_cont" (did you mean "iteration_count"?)',
    );
    expectOnly({ ...minimal(), enviroment: 'env.json' }, '$.enviroment', 'unknown key "enviroment" (did you mean "environment"?)');
    expectOnly(
      withStep({ others: { http2: true } }),
      '$.config_data.steps[0].others.http2',
      'unknown key "http2"; expected one of h2, disable-redirect, disable-compression',
    );
  });

  it('rejects a bad sleep', () => {
    const expected = 'expected milliseconds as "N" or "N-M", such as "1000" or "300-500"';
    expectOnly(withStep({ sleep: '1s' }), '$.config_data.steps[0].sleep', `${expected}, got "1s"`);
    expectOnly(withStep({ sleep: '500-300' }), '$.config_data.steps[0].sleep', 'expected a range "N-M" with M ≥ N, got "500-300"');
  });

  it('rejects bad environment variable keys and values', () => {
    const keyRule =
      'expected a name of letters, digits and "_" that starts with a letter (names starting with "_" are reserved for dynamic values such as _randomInt)';
    const env = (vars: unknown[]) => ({ ...minimal(), environment: { name: 'e', vars } });
    expectOnly(env([{ key: '_randomInt', value: 1 }]), '$.environment.vars[0].key', `${keyRule}, got "_randomInt"`);
    expectOnly(env([{ key: '1ST', value: 1 }]), '$.environment.vars[0].key', `${keyRule}, got "1ST"`);
    expectOnly(
      env([{ key: 'A', value: null }]),
      '$.environment.vars[0].value',
      'expected a boolean, a string, a number or an array of integers, got null',
    );
    expectOnly(env([{ key: 'A', value: [1, 2.5] }]), '$.environment.vars[0].value[1]', 'expected an integer, got 2.5');
    expectOnly(
      env([
        { key: 'A', value: 1 },
        { key: 'A', value: 2 },
      ]),
      '$.environment.vars[1].key',
      'duplicate key "A" (also $.environment.vars[0].key)',
    );
  });

  it('rejects an environment that is neither an object nor a path', () => {
    expectOnly(
      { ...minimal(), environment: 42 },
      '$.environment',
      'expected an environment object {"name": …, "vars": […]} or a path to an environment file, got 42',
    );
  });

  it('reports the branch of a capture that was meant, not every alternative', () => {
    expectOnly(
      withStep({ capture_env: { TOKEN: { from: 'header', header_key: 5 } } }),
      '$.config_data.steps[0].capture_env.TOKEN.header_key',
      'expected a string, got 5',
    );
    expectOnly(
      withStep({ capture_env: { TOKEN: { from: 'body', regexp: { exp: '(' } } } }),
      '$.config_data.steps[0].capture_env.TOKEN.regexp.exp',
      'not a valid regular expression: missing closing ): `(`',
    );
    const [problem] = problemsOf(withStep({ capture_env: { TOKEN: { from: 'body' } } }));
    expect(problem?.path).toBe('$.config_data.steps[0].capture_env.TOKEN');
    expect(problem?.message).toMatch(/^expected a JSON body capture .* or a header capture .*, got an object$/);
  });

  it('rejects header names that are not HTTP tokens, and non-string values', () => {
    expectOnly(
      withStep({ headers: { 'Content Type': 'text/plain' } }),
      '$.config_data.steps[0].headers["Content Type"]',
      'invalid header name "Content Type": expected letters, digits and !#$%&\'*+-.^_`|~ only (no spaces or colons)',
    );
    expectOnly(withStep({ headers: { 'X-Count': 5 } }), '$.config_data.steps[0].headers["X-Count"]', 'expected a string, got 5');
  });

  it('bounds the duration, the iteration count, the timeout and the think time (issue 18: 1e9 s ran out of memory)', () => {
    const at = (n: number) => `expected an integer of at most ${n}, got`;
    expectOnly(withConfig({ duration: 1_000_000_000 }), '$.config_data.duration', `${at(86_400)} 1000000000`);
    expectOnly(withConfig({ iteration_count: 1e12 }), '$.config_data.iteration_count', `${at(1_000_000_000)} 1000000000000`);
    expectOnly(withStep({ timeout: 1e12 }), '$.config_data.steps[0].timeout', 'expected a number of at most 3600, got 1000000000000');
    // Below a millisecond undici's timeout would round to 0, which turns it off.
    expectOnly(withStep({ timeout: 0.0001 }), '$.config_data.steps[0].timeout', 'expected a number of at least 0.001, got 0.0001');
    expectOnly(
      withStep({ sleep: '100000000000000' }),
      '$.config_data.steps[0].sleep',
      'expected at most 3600000 ms (an hour) of think time, got "100000000000000"',
    );
    expectOnly(
      withStep({ sleep: '5-3600001' }),
      '$.config_data.steps[0].sleep',
      'expected at most 3600000 ms (an hour) of think time, got "5-3600001"',
    );
    expectOnly(
      withConfig({
        manual_load: [
          { duration: 86_400, count: 1 },
          { duration: 1, count: 1 },
        ],
      }),
      '$.config_data.manual_load',
      'the stages add up to 86401 s; a test lasts at most 86400 s (a day)',
    );
    expectOnly(
      withConfig({
        manual_load: [
          { duration: 1, count: 1_000_000_000 },
          { duration: 1, count: 1 },
        ],
      }),
      '$.config_data.manual_load',
      'the stages add up to 1000000001 iterations; at most 1000000000 are allowed',
    );
    const steps = Array.from({ length: 1001 }, (_, i) => ({ id: i + 1, name: `s${i}`, url: 'http://a.test/' }));
    expectOnly(withConfig({ steps }), '$.config_data.steps', 'expected at most 1000 items, got 1001 items');
    expect(definitionOf(withConfig({ duration: 86_400, iteration_count: 1_000_000_000 })).config_data.duration).toBe(86_400);
  });

  it('refuses headers the engine sets, header values that are not one line, and names given twice', () => {
    for (const name of ['Content-Length', 'transfer-encoding', 'Connection', 'Keep-Alive', 'Upgrade', 'Expect', 'TE', 'Proxy-Connection']) {
      const [problem, ...more] = problemsOf(withStep({ headers: { [name]: '1' } }));
      expect(more).toEqual([]);
      expect(problem?.path).toBe(`$.config_data.steps[0].headers${/^[A-Za-z]+$/.test(name) ? `.${name}` : `["${name}"]`}`);
      expect(problem?.message).toMatch(new RegExp(`^the header "${name}" cannot be set: `));
    }
    expectOnly(
      withStep({ headers: { 'X-A': 'a\r\nX-Injected: 1' } }),
      '$.config_data.steps[0].headers["X-A"]',
      'invalid header value: it holds a line break; a header value is one line of tab, printable ASCII and Latin-1 characters',
    );
    expectOnly(
      withStep({ headers: { 'X-A': 'price €{{P}}' } }),
      '$.config_data.steps[0].headers["X-A"]',
      'invalid header value: it holds the character "€" (U+20AC); a header value is one line of tab, printable ASCII and Latin-1 characters',
    );
    expectOnly(
      withStep({ headers: { Accept: 'a', accept: 'b' } }),
      '$.config_data.steps[0].headers.accept',
      'duplicate header "accept" (also "Accept"): header names are case-insensitive',
    );
    // Host is sent as given (a virtual host on an address); the connection still goes to the URL's origin.
    expect(
      definitionOf(withStep({ headers: { Host: 'api.example', 'X-T': 'tab\tand é', 'X-V': '{{V}}' } })).config_data.steps[0]?.headers.Host,
    ).toBe('api.example');
  });

  it('rejects manual_load that starts nothing or disagrees with iteration_count', () => {
    expectOnly(
      withConfig({ manual_load: [{ duration: 5, count: 0 }] }),
      '$.config_data.manual_load',
      'expected at least one stage with a count above 0, got none',
    );
    expectOnly(
      withConfig({ iteration_count: 100, manual_load: [{ duration: 5, count: 10 }] }),
      '$.config_data.iteration_count',
      'is 100, but the manual_load stages add up to 10 iterations: leave iteration_count out or make them equal',
    );
  });

  it('rejects test data with a bad delimiter, order or duplicate tags', () => {
    const set = (fileConfig: Record<string, unknown>) => ({
      ...minimal(),
      test_data: [{ name: 'users', file: 'u.csv', file_config: { vars: { '0': { tag: 'email' } }, ...fileConfig } }],
    });
    expectOnly(set({ delimiter: ';;' }), '$.test_data[0].file_config.delimiter', 'expected exactly one character, got ";;"');
    expectOnly(set({ order: 'shuffled' }), '$.test_data[0].file_config.order', 'expected one of random, sequential, got "shuffled"');
    expectOnly(
      set({ vars: { '0': { tag: 'email' }, '2': { tag: 'email' } } }),
      '$.test_data[0].file_config.vars["2"].tag',
      'duplicate tag "email" (also $.test_data[0].file_config.vars["0"].tag)',
    );
    expectOnly(
      set({ vars: { first: { tag: 'email' } } }),
      '$.test_data[0].file_config.vars.first',
      'invalid key "first": expected a column index written as a decimal number, starting at 0',
    );
  });

  it('reports several problems together, in document order', () => {
    const raw = {
      name: 'many',
      config_data: {
        steps: [
          { id: 1, name: 'a', url: 'ftp://a.test/', method: 'FETCH' },
          { id: 3, name: 'b', url: 'http://b.test/' },
        ],
        iteration_cont: 5,
        proxy_config: { US: 1.5 },
      },
    };
    expect(problemsOf(raw)).toEqual([
      { file: 'def.json', path: '$.config_data.iteration_cont', message: 'unknown key "iteration_cont" (did you mean "iteration_count"?)' },
      { file: 'def.json', path: '$.config_data.proxy_config.US', message: 'expected an integer, got 1.5' },
      {
        file: 'def.json',
        path: '$.config_data.steps[0].method',
        message: 'expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got "FETCH"',
      },
      { file: 'def.json', path: '$.config_data.steps[0].url', message: 'expected an http:// or https:// URL, got a ftp:// URL' },
      { file: 'def.json', path: '$.config_data.steps[1].id', message: 'expected id 2 (ids are 1..n in step order), got 3' },
    ]);
  });

  it('rejects a definition that is not an object', () => {
    expectOnly([], '$', 'expected an object, got an empty array');
  });
});

describe('validateDefinition: accepted definitions', () => {
  it('applies every default exactly', () => {
    expect(validateDefinition(minimal(), 'def.json')).toStrictEqual({
      ok: true,
      value: {
        definition: {
          name: 'smoke',
          config_data: {
            steps: [
              {
                id: 1,
                name: 'home',
                url: 'http://127.0.0.1:8080/',
                method: 'GET',
                headers: {},
                timeout: 5,
                others: { h2: false, 'disable-redirect': false, 'disable-compression': false },
              },
            ],
            iteration_count: 100,
            load_type: 'linear',
            duration: 10,
          },
          test_data: [],
        },
      },
    });
  });

  it('fills defaults inside partial objects and test data', () => {
    const def = definitionOf({
      ...withStep({ others: { h2: true } }),
      test_data: [{ name: 'users', file: 'u.csv', file_config: { vars: { '0': { tag: 'email' } } } }],
    });
    expect(def.config_data.steps[0]?.others).toStrictEqual({ h2: true, 'disable-redirect': false, 'disable-compression': false });
    expect(def.test_data).toStrictEqual([
      {
        name: 'users',
        file: 'u.csv',
        type: 'csv',
        file_config: {
          delimiter: ',',
          allow_quota: false,
          order: 'random',
          skip_first_line: false,
          skip_empty_line: true,
          vars: { '0': { tag: 'email' } },
        },
      },
    ]);
  });

  it('names a step without a name after its id, as the public interface leaves name optional', () => {
    const steps = definitionOf(
      withConfig({
        steps: [
          { id: 1, url: 'http://127.0.0.1:8080/' },
          { id: 2, name: 'two', url: 'http://127.0.0.1:8080/' },
        ],
      }),
    ).config_data.steps;
    expect(steps.map((s) => s.name)).toEqual(['step 1', 'two']);
    expect(problemsOf(withStep({ name: '' })).map((p) => p.path)).toEqual(['$.config_data.steps[0].name']);
  });

  it('accepts request_count as iteration_count', () => {
    const config = definitionOf(withConfig({ request_count: 42 })).config_data;
    expect(config.iteration_count).toBe(42);
    expect(config).not.toHaveProperty('request_count');
  });

  it('lets manual_load set the duration and iteration count', () => {
    const stages = [
      { duration: 10, count: 100 },
      { duration: 20, count: 0 },
      { duration: 5, count: 50 },
    ];
    const config = definitionOf(withConfig({ manual_load: stages, duration: 99, iteration_count: 150 })).config_data;
    expect(config).toMatchObject({ duration: 35, iteration_count: 150, manual_load: stages });
  });

  it('returns an environment given as a path, unloaded', () => {
    const result = validateDefinition({ ...minimal(), environment: 'env/staging.json' }, 'def.json');
    expect(result).toMatchObject({ ok: true, value: { environmentPath: 'env/staging.json' } });
    expect(result.ok && result.value.definition.environment).toBeUndefined();
  });

  it('accepts "$schema" and decimal timeouts', () => {
    const def = definitionOf({ ...withStep({ timeout: 0.25 }), $schema: '../schema/loadtest.schema.json' });
    expect(def.config_data.steps[0]?.timeout).toBe(0.25);
    expect(def).not.toHaveProperty('$schema');
  });

  it('takes a warm-up period in whole seconds, from 0 (none) to 600', () => {
    expect(definitionOf({ ...minimal(), warm_up: 30 }).warm_up).toBe(30);
    expect(definitionOf({ ...minimal(), warm_up: 0 })).not.toHaveProperty('warm_up');
    expect(definitionOf(minimal())).not.toHaveProperty('warm_up');
    expectOnly({ ...minimal(), warm_up: 601 }, '$.warm_up', 'expected an integer of at most 600, got 601');
    expectOnly({ ...minimal(), warm_up: 1.5 }, '$.warm_up', 'expected an integer, got 1.5');
  });

  it('does not share objects with its input', () => {
    const raw = withStep({ headers: { Accept: 'text/html' } }) as { config_data: { steps: Array<{ headers: object }> } };
    const def = definitionOf(raw);
    expect(def.config_data.steps[0]?.headers).not.toBe(raw.config_data.steps[0]?.headers);
  });
});

describe('checkStepUrl and checkHeaderName', () => {
  it('accepts http and https URLs only', () => {
    expect(checkStepUrl('https://example.com/a?b=1')).toBeNull();
    expect(checkStepUrl('http://127.0.0.1:8080')).toBeNull();
    expect(checkStepUrl('localhost:8080/x')).toMatch(/^expected an absolute URL starting with http/);
    expect(checkStepUrl('ws://example.com')).toBe(
      'expected an http:// or https:// URL, got a ws:// URL; a WebSocket step takes "stream": {"type": "websocket", …}',
    );
    expect(checkStepUrl('ws://example.com', true)).toBeNull();
    expect(checkStepUrl('http://example.com', true)).toBe(
      'expected a ws:// or wss:// URL, got a http:// URL: the URL of a WebSocket stream step',
    );
  });

  it('accepts token names and names made of templates', () => {
    expect(checkHeaderName('X-Request-Id')).toBeNull();
    expect(checkHeaderName('{{HEADER}}')).toBeNull();
    expect(checkHeaderName('X-{{SUFFIX}}')).toBeNull();
    expect(checkHeaderName('X: y')).toMatch(/^invalid header name "X: y"/);
    expect(checkHeaderName('')).toMatch(/^invalid header name ""/);
  });
});

describe('validateEnvironment', () => {
  it('keeps the secret flag, and only a boolean', () => {
    expect(
      validateEnvironment({
        name: 'e',
        vars: [
          { key: 'K', value: 'v', secret: true },
          { key: 'B', value: 1, secret: false },
        ],
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'e',
        vars: [
          { key: 'K', value: 'v', secret: true },
          { key: 'B', value: 1 },
        ],
      },
    });
    expect(validateEnvironment({ name: 'e', vars: [{ key: 'K', value: 'v', secret: 'yes' }] })).toEqual({
      ok: false,
      problems: [{ path: '$.vars[0].secret', message: 'expected a boolean, got "yes"' }],
    });
  });

  it('returns name and vars, and problems without a file for an input', () => {
    expect(validateEnvironment({ name: 'e', vars: [{ key: 'A', value: true }] })).toStrictEqual({
      ok: true,
      value: { name: 'e', vars: [{ key: 'A', value: true }] },
    });
    expect(validateEnvironment({ name: 'e' })).toStrictEqual({
      ok: false,
      problems: [{ path: '$.vars', message: 'missing required key "vars"' }],
    });
  });
});

describe('loadDefinition and loadEnvironmentFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadgate-definition-'));
    await mkdir(join(dir, 'data'));
    await writeFile(join(dir, 'data', 'rows.csv'), 'a\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function loadError(file: string, text: string): Promise<InputError> {
    await writeFile(join(dir, file), text);
    const error = await loadDefinition(join(dir, file)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }

  it('loads the DESIGN 2 example with test data resolved to an absolute path', async () => {
    const file = join(fixtures, 'checkout.json');
    const loaded = await loadDefinition(file);
    expect(loaded.file).toBe(file);
    expect(loaded.dir).toBe(fixtures);
    expect(loaded.definition.config_data).toMatchObject({ iteration_count: 1000, duration: 30, proxy_config: { US: 50, DE: 50 } });
    expect(loaded.definition.config_data.steps.map((s) => [s.id, s.method, s.timeout])).toEqual([
      [1, 'GET', 5],
      [2, 'POST', 5],
    ]);
    expect(loaded.definition.environment).toStrictEqual({ name: 'staging', vars: [{ key: 'BASE', value: 'http://127.0.0.1:8080' }] });
    expect(loaded.definition.test_data[0]?.file).toBe(join(fixtures, 'data', 'users.csv'));
    expect(loaded.definition.test_data[0]?.file_config.skip_first_line).toBe(true);
  });

  it('loads an environment file named relative to the definition', async () => {
    const loaded = await loadDefinition(join(fixtures, 'env-by-path.json'));
    expect(loaded.definition.environment).toStrictEqual({
      name: 'staging',
      vars: [
        { key: 'BASE', value: 'http://127.0.0.1:8080' },
        { key: 'RETRIES', value: 3 },
        { key: 'IDS', value: [1, 2, 3] },
      ],
    });
  });

  it('reports a JSON syntax error with line and column', async () => {
    const error = await loadError('broken.json', '{\n  "name": "x",\n  config_data: {}\n}\n');
    const file = join(dir, 'broken.json');
    expect(error.problems).toEqual([
      {
        file,
        path: 'line 3, column 3',
        message:
          'JSON syntax error: expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array), got `config_data`',
        line: 3,
        column: 3,
      },
    ]);
    expect(error.message).toBe(
      `${file}: line 3, column 3: JSON syntax error: expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array), got \`config_data\``,
    );
  });

  it.each([
    ['{\n  "steps": [1, 2,]\n}', 'line 2, column 18', 'expected a value, got `]`'],
    [`{\n  "big": "${'x'.repeat(200)}" "next": 1}`, 'line 2, column 213', 'expected \',\' between two items, got `"next"`'],
    [
      '{"a": tru}',
      'line 1, column 7',
      'expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array), got `tru`',
    ],
    ['{"a": 1,\n', 'line 2, column 1', 'expected a key in double quotes, got the end of the text'],
    ['{"a": [1, 2', 'line 1, column 12', "expected ',' or ']' after an item of the array, got the end of the text"],
    ['', 'line 1, column 1', 'expected a value, got the end of the text'],
    ['{"a": 1} // note', 'line 1, column 10', 'expected no comments (JSON has none), got `// note`'],
    [
      '{"a": "tab\tin a string"}',
      'line 1, column 7',
      'expected control characters in a string to be escaped (\\n, \\t, \\u0000), got `"tab\\tin a string"`',
    ],
    ['{\r\n"a": 1,\r\n"b": 2 3}', 'line 3, column 8', "expected ',' between two items, got `3`"],
  ])('locates syntax errors at the offset jsonc-parser gives: %j', async (text, path, reason) => {
    const error = await loadError('syntax.json', text);
    const [, line, column] = /^line (\d+), column (\d+)$/.exec(path)!;
    expect(error.problems).toEqual([
      { file: join(dir, 'syntax.json'), path, message: `JSON syntax error: ${reason}`, line: Number(line), column: Number(column) },
    ]);
  });

  it('reports a missing file', async () => {
    const file = join(dir, 'nope.json');
    await expect(loadDefinition(file)).rejects.toThrow(`${file}: $: cannot read the test definition: not found`);
  });

  it('refuses a FIFO and a device at once, naming the file (issue 18: a FIFO hung, /dev/urandom ate 1.2 GB)', async () => {
    const fifo = join(dir, 'pipe.json');
    await promisify(execFile)('mkfifo', [fifo]);
    // No writer ever opens the pipe: a blocking read would wait forever and time the test out.
    await expect(loadDefinition(fifo)).rejects.toThrow(
      `${fifo}: $: cannot read the test definition: is a named pipe (FIFO), not a regular file`,
    );
    await expect(loadDefinition('/dev/urandom')).rejects.toThrow(
      '/dev/urandom: $: cannot read the test definition: is a device, not a regular file',
    );
    await expect(loadEnvironmentFile(fifo)).rejects.toThrow(
      `${fifo}: $: cannot read the environment file: is a named pipe (FIFO), not a regular file`,
    );
    const error = await loadError(
      'fifo-data.json',
      JSON.stringify({ ...minimal(), test_data: [{ name: 'p', file: 'pipe.json', file_config: { vars: {} } }] }),
    );
    expect(error.problems).toEqual([
      {
        file: join(dir, 'fifo-data.json'),
        path: '$.test_data[0].file',
        message: `data file "pipe.json" is a named pipe (FIFO), not a regular file (looked for ${fifo})`,
      },
    ]);
  });

  it('refuses a definition larger than 16 MiB before reading it', async () => {
    const file = join(dir, 'huge.json');
    await writeFile(file, '');
    await truncate(file, MAX_DEFINITION_BYTES + 1);
    await expect(loadDefinition(file)).rejects.toThrow(
      `cannot read the test definition: is ${MAX_DEFINITION_BYTES + 1} bytes, larger than the 16 MiB allowed`,
    );
  });

  it('names the line and byte of the first byte that is not UTF-8, rather than replacing it', async () => {
    const file = join(dir, 'latin1.json');
    await writeFile(
      file,
      Buffer.concat([
        Buffer.from('{"name": "ok",\n "config_data": {"steps": [{"id": 1, "name": "caf'),
        Buffer.from([0xe9]),
        Buffer.from('", "url": "http://a.test/"}]}}'),
      ]),
    );
    await expect(loadDefinition(file)).rejects.toThrow(
      `${file}: $: cannot read the test definition: is not valid UTF-8: line 2, byte 65 (0xe9); save the file as UTF-8`,
    );
  });

  it('finds the first byte that is not UTF-8 where Node, reading the same bytes, finds it', () => {
    // Text made of ASCII and of lead bytes followed by up to three continuation bytes, so that most
    // draws reach the sequences at the edges: overlong forms, surrogates, above U+10FFFF, cut short.
    const ascii = fc.integer({ min: 0x20, max: 0x7f }).map((b) => [b]);
    const continuation = fc.integer({ min: 0x80, max: 0xbf });
    const sequence = fc
      .tuple(fc.integer({ min: 0x80, max: 0xff }), fc.array(continuation, { maxLength: 3 }))
      .map(([lead, rest]) => [lead, ...rest]);
    const text = fc.array(fc.oneof(ascii, sequence), { maxLength: 12 }).map((parts) => parts.flat());
    fc.assert(
      fc.property(text, (values) => {
        const bytes = Buffer.from(values);
        const at = invalidUtf8Offset(bytes);
        if (at < 0) {
          expect(isUtf8(bytes)).toBe(true);
          return;
        }
        // Valid up to the offset, and no longer prefix is: the sequence that starts there is where it breaks.
        expect(isUtf8(bytes.subarray(0, at))).toBe(true);
        for (let end = at + 1; end <= bytes.length; end++) expect(isUtf8(bytes.subarray(0, end))).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it('reports missing test data files and a missing environment file together', async () => {
    const definition = {
      ...minimal(),
      environment: 'env/missing.json',
      test_data: [
        { name: 'ok', file: 'data/rows.csv', file_config: { vars: {} } },
        { name: 'gone', file: 'data/missing.csv', file_config: { vars: {} } },
        { name: 'dir', file: 'data', file_config: { vars: {} } },
      ],
    };
    const error = await loadError('refs.json', JSON.stringify(definition));
    const file = join(dir, 'refs.json');
    expect(error.problems).toEqual([
      {
        file,
        path: '$.environment',
        message: `cannot read the environment file "env/missing.json": not found (looked for ${join(dir, 'env', 'missing.json')})`,
      },
      {
        file,
        path: '$.test_data[1].file',
        message: `data file "data/missing.csv" not found (looked for ${join(dir, 'data', 'missing.csv')})`,
      },
      {
        file,
        path: '$.test_data[2].file',
        message: `data file "data" is a directory, not a regular file (looked for ${join(dir, 'data')})`,
      },
    ]);
  });

  it('names the environment file in its own problems', async () => {
    await writeFile(join(dir, 'bad-env.json'), JSON.stringify({ name: 'e', vars: [{ key: 'has space', value: 1 }] }));
    const error = await loadError('uses-bad-env.json', JSON.stringify({ ...minimal(), environment: 'bad-env.json' }));
    expect(error.problems).toEqual([
      {
        file: join(dir, 'bad-env.json'),
        path: '$.vars[0].key',
        message: expect.stringMatching(/^expected a name of letters, digits and "_" .*, got "has space"$/),
        line: 1,
        column: 22,
      },
    ]);
  });

  it('loads an environment file on its own', async () => {
    expect(await loadEnvironmentFile(join(fixtures, 'env', 'staging.json'))).toMatchObject({ name: 'staging' });
    await writeFile(join(dir, 'env-syntax.json'), '{"name": "e",, "vars": []}');
    await expect(loadEnvironmentFile(join(dir, 'env-syntax.json'))).rejects.toThrow(
      `${join(dir, 'env-syntax.json')}: line 1, column 14: JSON syntax error:`,
    );
  });
});

describe('published schema', () => {
  it('schema/loadtest.schema.json is what the script writes now', async () => {
    expect(await readFile(join(root, 'schema', 'loadtest.schema.json'), 'utf8')).toBe(schemaFileText());
  });

  it('has an $id editors can fetch (the raw file at the v0 tag), which the README shows and a definition may name', async () => {
    const schema = JSON.parse(await readFile(join(root, 'schema', 'loadtest.schema.json'), 'utf8'));
    expect(schema.$id).toBe('https://raw.githubusercontent.com/loadgate/loadgate/v0/schema/loadtest.schema.json');
    expect(await readFile(join(root, 'README.md'), 'utf8')).toContain(`"$schema": "${schema.$id}"`);
    expect(definitionOf({ ...minimal(), $schema: schema.$id })).not.toHaveProperty('$schema');
  });

  it('the script --check passes on the committed file', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(root, 'scripts', 'write-schema.ts'), '--check']);
    expect(`${stdout}${stderr}`).toBe('');
  });
});

// ---- properties ----

const varName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/);
const tag = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/);
const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,12}$/).filter((name) => FORBIDDEN_HEADERS[name.toLowerCase()] === undefined);
/** Headers with names distinct regardless of case, as HTTP compares them. */
const headerSet = fc
  .uniqueArray(fc.tuple(headerName, fc.string()), { selector: ([name]) => name.toLowerCase(), maxLength: 3 })
  .map((pairs) => Object.fromEntries(pairs));

const capture = fc.oneof(
  fc.record({ from: fc.constant('body' as const), json_path: fc.constantFrom('token', 'data.id', 'items.0.name') }),
  fc.record({
    from: fc.constant('body' as const),
    regexp: fc.record({ exp: fc.constantFrom('id=(\\d+)', '[a-z]+'), matchNo: fc.nat(3) }, { requiredKeys: ['exp'] }),
  }),
  fc.record(
    {
      from: fc.constant('header' as const),
      header_key: headerName,
      regexp: fc.record({ exp: fc.constant('(\\w+)') }),
    },
    { requiredKeys: ['from', 'header_key'] },
  ),
);

const stepBody = fc.record(
  {
    name: fc.string({ minLength: 1 }),
    url: fc.oneof(
      fc.webUrl({ validSchemes: ['http', 'https'] }),
      varName.map((v) => `{{${v}}}/path`),
    ),
    method: fc.constantFrom(...HTTP_METHODS),
    headers: headerSet,
    payload: fc.string(),
    timeout: fc.oneof(fc.integer({ min: 1, max: 120 }), fc.double({ min: 0.001, max: 120, noNaN: true })),
    others: fc.record({ h2: fc.boolean(), 'disable-redirect': fc.boolean(), 'disable-compression': fc.boolean() }, { requiredKeys: [] }),
    sleep: fc.oneof(
      fc.nat(5000).map(String),
      fc.tuple(fc.nat(1000), fc.nat(1000)).map(([a, b]) => `${a}-${a + b}`),
    ),
    capture_env: fc.dictionary(varName, capture, { maxKeys: 2 }),
    assertion: fc.array(fc.constantFrom('equals(status_code,200)', 'less_than(response_time,500)'), { maxLength: 2 }),
  },
  { requiredKeys: ['name', 'url'] },
);

type Counts = { iteration_count?: number; request_count?: number };

const counts: fc.Arbitrary<Counts> = fc.oneof(
  fc.constant({}),
  fc.integer({ min: 1, max: 100_000 }).map((n) => ({ iteration_count: n })),
  fc.integer({ min: 1, max: 100_000 }).map((n) => ({ request_count: n })),
);

const stages = fc
  .array(fc.record({ duration: fc.integer({ min: 1, max: 600 }), count: fc.nat(10_000) }), { minLength: 1, maxLength: 4 })
  .filter((s) => s.some((stage) => stage.count > 0));

const config = fc
  .record(
    {
      steps: fc.array(stepBody, { minLength: 1, maxLength: 4 }).map((bodies) => bodies.map((b, i) => ({ id: i + 1, ...b }))),
      proxy_config: fc
        .dictionary(fc.stringMatching(/^[A-Z]{2}$/), fc.nat(100), { minKeys: 1, maxKeys: 4 })
        .filter((shares) => Object.values(shares).some((n) => n > 0)),
      load_type: fc.constantFrom(...LOAD_TYPES),
      duration: fc.integer({ min: 1, max: 3600 }),
      manual_load: stages,
    },
    { requiredKeys: ['steps'] },
  )
  .chain((c) =>
    counts.map((n) => {
      const total = c.manual_load?.reduce((sum, s) => sum + s.count, 0);
      // With manual_load, a count given alongside must agree with the stages.
      const agreed: Counts = total === undefined ? n : Object.fromEntries(Object.keys(n).map((k) => [k, total]));
      return { ...c, ...agreed };
    }),
  );

const environment = fc.oneof(
  fc.record({
    name: fc.string({ minLength: 1 }),
    vars: fc.uniqueArray(
      fc.record({
        key: varName,
        value: fc.oneof(
          fc.boolean(),
          fc.string(),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.array(fc.integer()),
        ),
      }),
      { selector: (v) => v.key, maxLength: 4 },
    ),
  }),
  fc.constant('env/staging.json'),
);

const testData = fc.uniqueArray(
  fc.record(
    {
      name: tag,
      file: fc.constantFrom('data/users.csv', 'rows.csv'),
      type: fc.constant('csv' as const),
      file_config: fc.record(
        {
          delimiter: fc.constantFrom(',', ';', '\t', '|'),
          vars: fc.uniqueArray(tag, { maxLength: 3 }).map((tags) => Object.fromEntries(tags.map((t, i) => [String(i * 2), { tag: t }]))),
          allow_quota: fc.boolean(),
          order: fc.constantFrom('random' as const, 'sequential' as const),
          skip_first_line: fc.boolean(),
          skip_empty_line: fc.boolean(),
        },
        { requiredKeys: ['vars'] },
      ),
    },
    { requiredKeys: ['name', 'file', 'file_config'] },
  ),
  { selector: (set) => set.name, maxLength: 2 },
);

const validDefinition = fc.record(
  { name: fc.string({ minLength: 1 }), config_data: config, environment, test_data: testData },
  { requiredKeys: ['name', 'config_data'] },
);

type JsonPath = Array<string | number>;

function pathsIn(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => pathsIn(v, [...prefix, i]))];
  if (value !== null && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => pathsIn(v, [...prefix, k]))];
  }
  return [prefix];
}

function replacedAt(root: unknown, path: JsonPath, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const container = root as Record<string | number, unknown>;
  const copy = (Array.isArray(root) ? [...root] : { ...container }) as Record<string | number, unknown>;
  copy[head] = replacedAt(container[head], rest, replacement);
  return copy;
}

function expectWellFormed(result: ReturnType<typeof validateDefinition>): void {
  if (result.ok) return;
  expect(result.problems.length).toBeGreaterThan(0);
  for (const p of result.problems) {
    expect(p.path.startsWith('$')).toBe(true);
    expect(p.message.length).toBeGreaterThan(0);
    expect(p.file).toBe('def.json');
  }
}

describe('properties', () => {
  it('any valid definition validates, and validating its normalised form changes nothing', () => {
    fc.assert(
      fc.property(validDefinition, (raw) => {
        const first = validateDefinition(raw, 'def.json');
        if (!first.ok) throw new Error(JSON.stringify(first.problems));
        const { config_data: c } = first.value.definition;
        expect(c.iteration_count).toBe(
          raw.config_data.manual_load?.reduce((sum, s) => sum + s.count, 0) ??
            raw.config_data.iteration_count ??
            raw.config_data.request_count ??
            100,
        );
        for (const step of c.steps) {
          expect(HTTP_METHODS).toContain(step.method);
          expect(step.timeout).toBeGreaterThan(0);
          expect(Object.keys(step.others).sort()).toEqual(['disable-compression', 'disable-redirect', 'h2']);
        }
        const second = validateDefinition(first.value.definition, 'def.json');
        expect(second).toStrictEqual({ ok: true, value: { definition: first.value.definition } });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary JSON, and every problem has a path and a message', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        expectWellFormed(validateDefinition(raw, 'def.json'));
        const env = validateEnvironment(raw, 'env.json');
        if (!env.ok) expect(env.problems.every((p) => p.path.startsWith('$') && p.message !== '')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws when any part of a valid definition is replaced by arbitrary JSON', () => {
    fc.assert(
      fc.property(validDefinition, fc.nat(), fc.jsonValue({ maxDepth: 3 }), (raw, pick, replacement) => {
        const paths = pathsIn(raw);
        const path = paths[pick % paths.length] ?? [];
        expectWellFormed(validateDefinition(replacedAt(raw, path, replacement), 'def.json'));
      }),
      { numRuns: 500 },
    );
  });

  it("plans every definition validate accepts, up to the bounds, with every timer within setTimeout's range", () => {
    const MAX_TIMER_MS = 2 ** 31 - 1;
    const OVERRUN_MS = 60_000;
    const near = (max: number, min = 1) => fc.oneof(fc.integer({ min, max }), fc.integer({ min: Math.max(min, max - 1000), max }));
    const count = near(LIMITS.iterations);
    const bigStages = fc
      .array(fc.record({ duration: near(Math.floor(LIMITS.durationS / 4)), count: near(Math.floor(LIMITS.iterations / 4), 0) }), {
        minLength: 1,
        maxLength: 4,
      })
      .filter((s) => s.some((stage) => stage.count > 0));
    const load = fc.oneof(
      fc.record({ iteration_count: count, duration: near(LIMITS.durationS), load_type: fc.constantFrom(...LOAD_TYPES) }),
      fc.record({ manual_load: bigStages }),
    );
    const step = fc.record({
      id: fc.constant(1),
      name: fc.constant('s'),
      url: fc.constant('http://127.0.0.1:1/'),
      timeout: fc.oneof(
        fc.double({ min: LIMITS.timeoutMinS, max: LIMITS.timeoutMaxS, noNaN: true }),
        fc.constantFrom(LIMITS.timeoutMinS, LIMITS.timeoutMaxS),
      ),
      sleep: fc.tuple(fc.nat(LIMITS.sleepMs), fc.nat(LIMITS.sleepMs)).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
    });
    const shares = fc.dictionary(fc.constantFrom('US', 'DE', 'JP'), near(LIMITS.proxyShare), { minKeys: 1 });
    const definition = fc.record({
      name: fc.constant('bounds'),
      config_data: fc.record({ steps: fc.tuple(step), proxy_config: shares }).chain((c) => load.map((l) => ({ ...c, ...l }))),
      warm_up: fc.integer({ min: 0, max: 600 }),
    });
    fc.assert(
      fc.property(definition, (raw) => {
        const result = validateDefinition(raw, 'def.json');
        if (!result.ok) throw new Error(JSON.stringify(result.problems));
        const config = result.value.definition.config_data;
        const plan = new LoadPlan(config);
        expect(plan.total).toBe(config.iteration_count);
        expect(plan.durationS * 1000 + OVERRUN_MS).toBeLessThanOrEqual(MAX_TIMER_MS);
        expect(plan.startOffsetUs(plan.total - 1)).toBeLessThan(plan.durationS * 1e6);
        for (const s of config.steps) {
          const timeoutMs = Math.round(s.timeout * 1000);
          expect(timeoutMs).toBeGreaterThanOrEqual(1);
          expect(timeoutMs).toBeLessThanOrEqual(MAX_TIMER_MS);
          expect(parseSleep(s.sleep)![1]).toBeLessThanOrEqual(MAX_TIMER_MS);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('validateDefinition: streaming steps', () => {
  const sse = (stream: Record<string, unknown>) => withStep({ stream: { type: 'sse', ...stream } });
  const ws = (stream: Record<string, unknown>, step: Record<string, unknown> = {}) =>
    withStep({ url: 'ws://127.0.0.1:8080/chat', ...step, stream: { type: 'websocket', ...stream } });

  it('fills in the defaults of an SSE stream and of a WebSocket exchange', () => {
    expect(definitionOf(sse({})).config_data.steps[0]?.stream).toEqual({ type: 'sse', max_seconds: 60, expect_open: false });
    expect(definitionOf(ws({ send: ['hi'] })).config_data.steps[0]?.stream).toEqual({
      type: 'websocket',
      send: ['hi'],
      max_seconds: 60,
      receive: 1,
    });
    expect(definitionOf(ws({ until: 'done' })).config_data.steps[0]?.stream).toMatchObject({ send: [], until: 'done' });
  });

  it('refuses a URL scheme the stream cannot use', () => {
    expectOnly(
      ws({}, { url: 'http://127.0.0.1/chat' }),
      '$.config_data.steps[0].url',
      'expected a ws:// or wss:// URL, got a http:// URL: the URL of a WebSocket stream step',
    );
    expectOnly(
      withStep({ url: 'wss://example.com/' }),
      '$.config_data.steps[0].url',
      'expected an http:// or https:// URL, got a wss:// URL; a WebSocket step takes "stream": {"type": "websocket", …}',
    );
  });

  it('refuses receive below 1, a max_seconds of 0, an unknown key and an unknown type', () => {
    expectOnly(ws({ receive: 0 }), '$.config_data.steps[0].stream.receive', 'expected an integer of at least 1, got 0');
    expectOnly(sse({ max_seconds: 0 }), '$.config_data.steps[0].stream.max_seconds', 'expected a number greater than 0, got 0');
    expectOnly(
      sse({ until: 'x' }),
      '$.config_data.steps[0].stream.until',
      'unknown key "until"; expected one of type, until_event, max_events, max_seconds, expect_open',
    );
    const [problem] = problemsOf(withStep({ stream: { type: 'grpc' } }));
    expect(problem?.path).toBe('$.config_data.steps[0].stream');
    expect(problem?.message).toMatch(/^expected a server-sent event stream .* or a WebSocket exchange/);
  });

  it('refuses an until pattern RE2 cannot run, naming the construct', () => {
    expectOnly(
      ws({ until: '(a)\\1' }),
      '$.config_data.steps[0].stream.until',
      'the backreference \\1 is not supported: patterns run on RE2, which matches in linear time and has no backreferences or lookaround',
    );
    expectOnly(
      ws({ until: 'x(?=y)' }),
      '$.config_data.steps[0].stream.until',
      'the lookahead (?=…) is not supported: patterns run on RE2, which matches in linear time and has no backreferences or lookaround',
    );
  });

  it('refuses a WebSocket step with a payload (its messages are stream.send)', () => {
    expectOnly(
      ws({ send: ['hi'] }, { payload: 'hi' }),
      '$.config_data.steps[0].payload',
      'a WebSocket step sends no request body; put its messages in stream.send',
    );
  });

  it('refuses a WebSocket over h2 and an SSE step sent as HEAD', () => {
    expectOnly(
      ws({}, { others: { h2: true } }),
      '$.config_data.steps[0].others.h2',
      'a WebSocket stream opens over HTTP/1.1; expected h2 false or left out',
    );
    expectOnly(
      withStep({ method: 'HEAD', stream: { type: 'sse' } }),
      '$.config_data.steps[0].method',
      'a HEAD response has no body to stream; expected GET, POST or another method',
    );
  });
});
