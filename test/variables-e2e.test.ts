// Variables through the real engine: a local target records what it received.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type Target } from './helpers/targets.ts';
import { definition, runDefinition, runOnTestClock } from './helpers/run-definition.ts';
import { InputError } from '../src/errors.ts';

let target: Target;
let dir: string;
beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-vars-'));
});
afterAll(async () => {
  await target.close();
});

function csv(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

function dataSet(name: string, file: string, config: Record<string, unknown>) {
  return {
    name,
    file,
    type: 'csv',
    file_config: { delimiter: ',', allow_quota: false, order: 'sequential', skip_first_line: false, skip_empty_line: true, ...config },
  };
}

const queryOf = (path: string) => target.received.filter((r) => r.path === path).map((r) => decodeURIComponent(r.url.split('?')[1] ?? ''));

describe('test data', () => {
  it('sequential: every row in order, wrapping around, one row per iteration shared by its steps', async () => {
    target.reset();
    const file = csv('users.csv', 'email;name\nada@x.io;Ada\n\ngrace@x.io;Grace\nalan@x.io;Alan\n');
    await runOnTestClock(
      definition(
        [{ url: `${target.url}/ok?u={{data.users.email}}` }, { url: `${target.url}/echo?n={{data.users.name}}` }],
        { iteration_count: 7, duration: 1 },
        {
          test_data: [
            dataSet('users', file, { delimiter: ';', skip_first_line: true, vars: { '0': { tag: 'email' }, '1': { tag: 'name' } } }),
          ],
        },
      ),
      { concurrency: 1 },
      undefined,
      dir,
    );
    expect(queryOf('/ok')).toEqual([
      'u=ada@x.io',
      'u=grace@x.io',
      'u=alan@x.io',
      'u=ada@x.io',
      'u=grace@x.io',
      'u=alan@x.io',
      'u=ada@x.io',
    ]);
    expect(queryOf('/echo')).toEqual(['n=Ada', 'n=Grace', 'n=Alan', 'n=Ada', 'n=Grace', 'n=Alan', 'n=Ada']);
  });

  it('random: rows are drawn uniformly', async () => {
    target.reset();
    const file = csv('ids.csv', 'a\nb\nc\nd\n');
    await runOnTestClock(
      definition(
        [{ url: `${target.url}/ok?id={{data.ids.id}}` }],
        { iteration_count: 400, duration: 1 },
        { test_data: [dataSet('ids', file, { order: 'random', vars: { '0': { tag: 'id' } } })] },
      ),
      {},
      undefined,
      dir,
    );
    const drawn = queryOf('/ok');
    const counts = new Map<string, number>();
    for (const q of drawn) counts.set(q, (counts.get(q) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(['id=a', 'id=b', 'id=c', 'id=d']);
    // Each row's count is within `slack` of a quarter of the draws (however many a busy machine
    // started), with a false failure probability below 1e-7: by Hoeffding's inequality a count
    // strays that far with probability at most 2·exp(-2·slack²/n) = 2.5e-8 per row, 1e-7 for four.
    // A draw stuck on one row is 3n/4 off: 300 for 400 draws, against a slack of 60.
    const slack = Math.sqrt((drawn.length / 2) * Math.log(8 / 1e-7));
    for (const n of counts.values()) expect(Math.abs(n - drawn.length / 4)).toBeLessThan(slack);
  });

  it('quotes, tab delimiters and lenient quotes parse as csv-parse does', async () => {
    target.reset();
    const file = csv('odd.tsv', '"x\ty"\tplain\nhe said "hi"\t"a ""q"""\n');
    await runOnTestClock(
      definition(
        [{ url: `${target.url}/echo`, method: 'POST', payload: '{{data.odd.first}}|{{data.odd.second}}' }],
        { iteration_count: 2, duration: 1 },
        {
          test_data: [
            dataSet('odd', file, { delimiter: '\t', allow_quota: true, vars: { '0': { tag: 'first' }, '1': { tag: 'second' } } }),
          ],
        },
      ),
      { concurrency: 1 },
      undefined,
      dir,
    );
    expect(target.received.map((r) => r.body)).toEqual(['x\ty|plain', 'he said "hi"|a "q"']);
  });
});

describe('broken test data', () => {
  it('a CSV that cannot be parsed is one problem, not also an "unknown data set" for each reference to it', async () => {
    target.reset();
    const file = csv('broken.csv', 'a,"never closed\n');
    const run = runDefinition(
      definition(
        [{ url: `${target.url}/ok?u={{data.users.id}}` }],
        {},
        { test_data: [dataSet('users', file, { vars: { '0': { tag: 'id' } } })] },
      ),
      {},
      dir,
    );
    const error = (await run.catch((e: unknown) => e)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({
      path: '$.test_data[0].file',
      message: expect.stringMatching(/broken\.csv line 1: a quoted field is never closed/),
    });
    expect(target.received).toHaveLength(0);
  });
});

describe('environment values', () => {
  it('render as documented in URL, headers and payload', async () => {
    target.reset();
    await runOnTestClock(
      definition(
        [
          {
            url: `${target.url}/echo?n={{N}}&d={{D}}&b={{B}}`,
            method: 'POST',
            headers: { 'X-Ids': '{{IDS}}', 'X-Name': '{{S}}' },
            payload: '{"n": {{N}}, "d": {{D}}, "b": {{B}}, "ids": {{IDS}}, "s": "{{S}}"}',
          },
        ],
        { iteration_count: 1, duration: 1 },
        {
          environment: {
            name: 'e',
            vars: [
              { key: 'N', value: 42 },
              { key: 'D', value: 2.5 },
              { key: 'B', value: true },
              { key: 'IDS', value: [1, 2, 3] },
              { key: 'S', value: 'hello world' },
            ],
          },
        },
      ),
    );
    const [request] = target.received;
    expect(request!.url).toBe('/echo?n=42&d=2.5&b=true');
    expect(request!.headers['x-ids']).toBe('[1,2,3]');
    expect(request!.headers['x-name']).toBe('hello world');
    expect(JSON.parse(request!.body)).toEqual({ n: 42, d: 2.5, b: true, ids: [1, 2, 3], s: 'hello world' });
  });

  it('a header whose environment value holds a line break, or that names a refused header, is an error before any request', async () => {
    target.reset();
    const env = {
      environment: {
        name: 'e',
        vars: [
          { key: 'V', value: 'a\r\nX-Injected: 1' },
          { key: 'H', value: 'Content-Length' },
        ],
      },
    };
    const run = runDefinition(definition([{ url: `${target.url}/ok`, headers: { 'X-V': '{{V}}', '{{H}}': '3' } }], {}, env));
    await expect(run).rejects.toThrow(/headers\["X-V"\].*after its variables are resolved: invalid header value: it holds a line break/s);
    await expect(run).rejects.toThrow(/headers\["\{\{H\}\}"\].*the header "Content-Length" cannot be set/s);
    expect(target.received).toHaveLength(0);
  });

  it('an unknown variable is an error before any request', async () => {
    target.reset();
    await expect(runDefinition(definition([{ url: `${target.url}/ok`, headers: { Authorization: 'Bearer {{TOKEN}}' } }]))).rejects.toThrow(
      /\$\.config_data\.steps\[0\]\.headers\["Authorization"\].*TOKEN/,
    );
    expect(target.received).toHaveLength(0);
  });
});

describe('step chaining', () => {
  it('a captured token arrives in the next step of the same iteration', async () => {
    target.reset();
    const file = csv('people.csv', 'ann\nbob\ncyd\n');
    await runOnTestClock(
      definition(
        [
          {
            url: `${target.url}/login`,
            method: 'POST',
            payload: '{"user": "{{data.people.name}}"}',
            capture_env: { TOKEN: { from: 'body', json_path: 'token' } },
          },
          {
            url: `${target.url}/echo`,
            headers: { Authorization: 'Bearer {{TOKEN}}' },
            assertion: ['equals(status_code,200)', 'contains(body,"Bearer tok-")'],
          },
        ],
        { iteration_count: 3, duration: 1 },
        { test_data: [dataSet('people', file, { vars: { '0': { tag: 'name' } } })] },
      ),
      { concurrency: 1 },
      undefined,
      dir,
    );
    expect(target.received.filter((r) => r.path === '/echo').map((r) => r.headers.authorization)).toEqual([
      'Bearer tok-ann',
      'Bearer tok-bob',
      'Bearer tok-cyd',
    ]);
  });

  it('captures from a header and by regular expression', async () => {
    target.reset();
    await runOnTestClock(
      definition(
        [
          {
            url: `${target.url}/json`,
            capture_env: { RID: { from: 'header', header_key: 'X-Request-Id' }, ITEM: { from: 'body', regexp: { exp: '"id":(\\d+)' } } },
          },
          { url: `${target.url}/echo?rid={{RID}}&item={{ITEM}}` },
        ],
        { iteration_count: 1, duration: 1 },
      ),
    );
    expect(target.received.find((r) => r.path === '/echo')!.url).toBe('/echo?rid=r-1&item=7');
  });

  it('a failed capture or assertion fails the step, is counted by reason, and ends the iteration', async () => {
    target.reset();
    const result = await runOnTestClock(
      definition(
        [
          { url: `${target.url}/json`, capture_env: { MISSING: { from: 'body', json_path: 'data.token' } } },
          { url: `${target.url}/ok?never` },
        ],
        { iteration_count: 4, duration: 1 },
      ),
    );
    const [capture, next] = result.results.steps;
    expect(capture!.fail_count).toBe(4);
    expect(Object.keys(capture!.error_dist)).toEqual(['capture failed: MISSING (json path "data.token" not found)']);
    expect(capture!.status_code_dist).toEqual({ '200': 4 });
    expect(next!.iteration_count).toBe(0);
    expect(target.received.filter((r) => r.url === '/ok?never')).toHaveLength(0);

    const asserted = await runOnTestClock(
      definition([{ url: `${target.url}/status/503`, assertion: ['in(status_code,[200,201])'] }, { url: `${target.url}/ok` }], {
        iteration_count: 3,
        duration: 1,
      }),
    );
    expect(asserted.results.steps[0]!.error_dist).toEqual({ 'assertion failed: in(status_code,[200,201])': 3 });
    expect(asserted.results.fail_count).toBe(3);
  });
});
