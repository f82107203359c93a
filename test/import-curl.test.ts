// `loadgate import curl`: ten lines as browsers and docs write them become the requests they
// describe, checked by a local server that records what it received.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { FIXTURES, importToFile, runImported, runLoadgate, secretKeys, statusesByStep } from './helpers/import.ts';

let target: Target;
let lines: string;
beforeAll(async () => {
  target = await startTarget({
    handler: (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return true;
    },
  });
  lines = join(mkdtempSync(join(tmpdir(), 'loadgate-curl-')), 'lines.sh');
  writeFileSync(lines, readFileSync(join(FIXTURES, 'curl-lines.sh'), 'utf8').replaceAll('ORIGIN', target.url));
});
afterAll(() => target.close());

describe('loadgate import curl', () => {
  it('sends what each of the ten lines describes', async () => {
    const imported = await importToFile('curl', lines, ['--keep-secrets']);
    expect(imported.code).toBe(0);
    const definition = imported.definition!;
    expect(definition.config_data.steps).toHaveLength(10);
    target.reset();
    const result = await runImported(definition, {}, 1);
    expect(Object.values(statusesByStep(definition, result))).toEqual(Array(10).fill(['200']));
    const byPath = new Map(target.received.map((r) => [r.path, r]));
    const got = (path: string) => byPath.get(path)!;

    expect(got('/api/items').method).toBe('GET');
    expect(got('/api/items').url).toBe('/api/items?page=2');
    expect(got('/api/items').headers['accept-language']).toBe('en-GB,en;q=0.9');
    expect(got('/api/items').headers['user-agent']).toBe('Mozilla/5.0 (X11; Linux x86_64)');
    expect(got('/api/notes').method).toBe('POST');
    expect(JSON.parse(got('/api/notes').body)).toEqual({ text: "it's here\nand there" });
    expect(got('/api/orders').headers.origin).toBe(target.url);
    expect(JSON.parse(got('/api/orders').body)).toEqual({ sku: 'A-1', qty: 2 });
    expect(got('/api/users/7').method).toBe('PUT');
    expect(JSON.parse(got('/api/users/7').body)).toEqual({ name: 'Bob "the builder"' });
    expect(got('/api/tags').method).toBe('POST');
    expect(got('/api/tags').headers['content-type']).toBe('application/json');
    expect(got('/api/tags').headers.accept).toBe('application/json');
    expect(got('/api/me').headers.authorization).toBe(`Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
    expect(got('/api/cart').headers.cookie).toBe('session=abc123; theme=dark');
    expect(got('/api/settings').method).toBe('PATCH');
    expect(got('/api/settings').body).toBe('a=1&b=two words');
    expect(got('/api/settings').headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(got('/api/search').method).toBe('GET');
    expect(got('/api/search').url).toBe('/api/search?q=hello%20world&lang=en');
    expect(got('/api/items/3').method).toBe('DELETE');
    expect(got('/api/items/3').headers.authorization).toBe('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
    // curl asks for compression only with --compressed.
    expect(got('/api/items').headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(got('/api/orders').headers['accept-encoding']).toBeUndefined();
    expect(imported.stderr).toContain('-k: run the definition with loadgate run --insecure');
  });

  it('keeps credentials out of the file: secret variables the run is given', async () => {
    const imported = await importToFile('curl', lines);
    const text = readFileSync(imported.file, 'utf8');
    for (const secret of ['s3cret', Buffer.from('alice:s3cret').toString('base64'), 'abc123', 'eyJhbGciOiJIUzI1NiJ9'])
      expect(text).not.toContain(secret);
    expect(secretKeys(imported.definition!)).toEqual(['BASIC_AUTH', 'BEARER_TOKEN', 'COOKIE']);
    expect(imported.stderr).toMatch(/secret variables \(values not written[^\n]*\n\s+- BASIC_AUTH: Authorization header \(step 6\)/);
    target.reset();
    const result = await runImported(imported.definition!, { BASIC_AUTH: 'YTpi', COOKIE: 'session=fresh', BEARER_TOKEN: 'new-token' }, 1);
    expect(result.results.steps.every((s) => Object.keys(s.status_code_dist).join() === '200')).toBe(true);
    const byPath = new Map(target.received.map((r) => [r.path, r]));
    expect(byPath.get('/api/me')!.headers.authorization).toBe('Basic YTpi');
    expect(byPath.get('/api/cart')!.headers.cookie).toBe('session=fresh');
    expect(byPath.get('/api/items/3')!.headers.authorization).toBe('Bearer new-token');
  });

  it('reads stdin for "-" and writes the definition to stdout', async () => {
    const run = await runLoadgate(
      ['import', 'curl', '-', '--name', 'from stdin', '--rate', '5', '--duration', '4'],
      `curl ${target.url}/ok\n`,
    );
    expect(run.code).toBe(0);
    const definition = JSON.parse(run.stdout);
    expect(definition).toMatchObject({
      name: 'from stdin',
      config_data: { iteration_count: 20, duration: 4, steps: [{ id: 1, name: 'GET /ok', url: `${target.url}/ok`, method: 'GET' }] },
    });
    expect(run.stderr).toContain('1 step from stdin (curl command lines); 20 iterations over 4 s');
  });

  it('an unknown option is an error naming the file and line, exit 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loadgate-curl-')), 'bad.sh');
    writeFileSync(file, `curl ${target.url}/ok\n\ncurl ${target.url}/ok \\\n  --frobnicate 3\n`);
    const run = await runLoadgate(['import', 'curl', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: line 3: unknown curl option --frobnicate`);
    expect(run.stdout).toBe('');
  });

  it('a converted definition that would not run lists every problem at once, schema and data, and writes nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loadgate-curl-'));
    const file = join(folder, 'broken.sh');
    writeFileSync(
      file,
      [
        `curl '${target.url}/x?u={{data.users.email}}'`,
        `curl -H 'Bad Header: 1' ${target.url}/y`,
        `curl ${target.url}/z -H 'X-Ok: {{data.people.id}}'`,
      ].join('\n'),
    );
    const output = join(folder, 'out.json');
    const run = await runLoadgate(['import', 'curl', file, '-o', output]);
    expect(run.code).toBe(2);
    const problems = run.stderr.split('\n').filter((line) => line.startsWith('  '));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain(`${output}: $.config_data.steps[1].headers["Bad Header"]: invalid header name`);
    expect(problems[1]).toContain('$.config_data.steps[0].url: unknown data set "users"');
    expect(problems[2]).toContain('$.config_data.steps[2].headers["X-Ok"]: unknown data set "people"');
    expect(existsSync(output)).toBe(false);
  });

  it('the parsers are loaded by import alone: validate (as run) loads none of them', async () => {
    const definition = join(mkdtempSync(join(tmpdir(), 'loadgate-curl-')), 'd.json');
    writeFileSync(definition, JSON.stringify({ name: 'x', config_data: { steps: [{ id: 1, url: `${target.url}/ok` }] } }));
    // Every module the CLI resolves, recorded by a resolve hook in a child process of its own.
    const loaded = async (args: string[]) => {
      const script = `import { registerHooks } from 'node:module';
        const seen = [];
        registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
        const { cli } = await import(${JSON.stringify(join(import.meta.dirname, '..', 'src', 'cli', 'cli.ts'))});
        const code = await cli(${JSON.stringify(args)}, { out: () => {}, err: () => {}, isTTY: false });
        console.log(JSON.stringify({ code, parsers: [...new Set(seen.map((u) => u.split('node_modules/')[1]?.split('/')[0]))].filter((name) => ['yaml', 'shlex', 'postman-collection', '@apidevtools', 'har-schema'].includes(name)) }));`;
      const run = await runNode(['--input-type=module', '-e', script]);
      if (run.code !== 0) throw new Error(run.stderr);
      return JSON.parse(run.stdout) as { code: number; parsers: string[] };
    };
    expect(await loaded(['validate', definition])).toEqual({ code: 0, parsers: [] });
    expect(await loaded(['import', 'curl', lines, '-o', join(tmpdir(), `loadgate-lazy-${process.pid}.json`)])).toEqual({
      code: 0,
      parsers: ['shlex'],
    });
  });

  it('an unclosed quote is an error at the line its command starts', async () => {
    const run = await runLoadgate(['import', 'curl', '-'], `curl ${target.url}/ok\ncurl '${target.url}/ok\n`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('stdin: line 2: the command does not end: a quote is not closed');
  });
});
