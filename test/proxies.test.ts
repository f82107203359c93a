// The proxy per location, as the flags, the action's input and serve's --proxy give it, and its
// credentials: used to reach the proxy, never written anywhere a reader sees.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy, type ProxyServer } from 'proxy';
import { hideCredentials, proxyCredentials } from '../src/results/credentials.ts';
import { parseProxies } from '../src/engine/proxies.ts';
import type { InputError } from '../src/errors.ts';
import { readProxies } from '../src/pipeline/sources.ts';
import { judgementFor } from './helpers/judgement.ts';
import { cleanEnv, runCli, runNode } from './helpers/process.ts';
import { markdownOf } from './helpers/report.ts';
import { startServerProcess, TEST_KEY } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

describe('parseProxies', () => {
  it('accepts repeated flags and comma lists', () => {
    expect(parseProxies(['US=http://a:1', 'DE=http://b:2,FR=https://c:3'], '--proxies')).toEqual({
      ok: true,
      value: { US: 'http://a:1', DE: 'http://b:2', FR: 'https://c:3' },
    });
  });

  it('quotes each refused entry with its credentials hidden', () => {
    expect(parseProxies(['US=ftp://agent:hunter2@proxy:21', 'DE=http://b:2,fr=http://c:3'], '--proxies')).toEqual({
      ok: false,
      problems: [
        {
          path: '--proxies',
          message: 'expected CC=http://host:port (a two-letter country code and a proxy URL), got "US=ftp://***@proxy:21"',
        },
        { path: '--proxies', message: 'expected CC=http://host:port (a two-letter country code and a proxy URL), got "fr=http://c:3"' },
      ],
    });
  });
});

describe('readProxies (--proxies-file)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'loadgate-proxies-file-'));
  });

  it('reads the entries of --proxies, one or more a line, blank lines and # comments skipped', async () => {
    const file = join(dir, 'proxies');
    writeFileSync(file, '# egress per country\nUS=http://a:1\n\n  DE=http://b:2,FR=https://c:3  \r\n');
    expect(await readProxies([], file)).toEqual({ US: 'http://a:1', DE: 'http://b:2', FR: 'https://c:3' });
  });

  it('names the file and line of a refused entry, its credentials hidden; one of the two flags only', async () => {
    const file = join(dir, 'bad-proxies');
    writeFileSync(file, 'US=http://a:1\nDE=ftp://agent:hunter2@proxy:21\n');
    const error = await readProxies([], file).catch((e: unknown) => e);
    expect((error as InputError).problems).toEqual([
      {
        file,
        path: 'line 2',
        message: 'expected CC=http://host:port (a two-letter country code and a proxy URL), got "DE=ftp://***@proxy:21"',
      },
    ]);
    const both = await readProxies(['US=http://a:1'], file).catch((e: unknown) => e);
    expect((both as InputError).problems).toEqual([{ path: '--proxies-file', message: 'give --proxies or --proxies-file, not both' }]);
  });
});

describe('proxyCredentials (what the action masks)', () => {
  it('gives each password as the URL holds it and decoded, and a user given alone', () => {
    const proxies = { US: 'http://agent:p%40ss@a:1', DE: 'http://tok3n@b:2', FR: 'http://c:3' };
    expect(proxyCredentials(proxies)).toEqual(['p%40ss', 'p@ss', 'tok3n']);
  });
});

describe('hideCredentials', () => {
  it('hides user and password, a user alone, and a password holding @, in any text', () => {
    expect(hideCredentials('proxy http://user:pw@proxy:3128')).toBe('proxy http://***@proxy:3128');
    expect(hideCredentials('proxy http://user@proxy:3128')).toBe('proxy http://***@proxy:3128');
    expect(hideCredentials('got "US=http://u:p@ss@proxy:3128", expected …')).toBe('got "US=http://***@proxy:3128", expected …');
    expect(hideCredentials('http://proxy:3128/path?mail=a@b')).toBe('http://proxy:3128/path?mail=a@b');
    expect(hideCredentials('direct')).toBe('direct');
  });
});

describe('a run through a proxy that wants credentials', () => {
  const USER = 'gateuser7k';
  const PASSWORD = 's3cretPw9q';
  let target: Target;
  let proxy: ProxyServer;
  let proxyPort: number;
  let dir: string;
  beforeAll(async () => {
    target = await startTarget();
    proxy = createProxy();
    const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === expected;
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyPort = (proxy.address() as AddressInfo).port;
    dir = mkdtempSync(join(tmpdir(), 'loadgate-proxy-'));
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    proxy.close();
    await target.close();
  });

  it('sends through it, and no results file, report or output holds the user or the password', async () => {
    const definition = join(dir, 'def.json');
    writeFileSync(
      definition,
      JSON.stringify({
        name: 'through a proxy',
        config_data: {
          steps: [{ id: 1, name: 'home', url: `${target.url}/ok` }],
          iteration_count: 20,
          duration: 1,
          proxy_config: { US: 1, DE: 1 },
        },
      }),
    );
    const results = join(dir, 'out.json');
    // From a file, as a CI secret or a credentials store writes it: not on argv (shell history, ps).
    const proxiesFile = join(dir, 'proxies');
    writeFileSync(proxiesFile, `US=http://${USER}:${PASSWORD}@127.0.0.1:${proxyPort}\n`);
    const run = await runCli(['run', definition, '--results-file', results, '--proxies-file', proxiesFile]);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(results, 'utf8'));
    // The proxy let every request through: it was given the credentials.
    expect(written.results.location_dist.US.success_count).toBe(10);
    expect(written.run.locations.US).toBe(`proxy http://***@127.0.0.1:${proxyPort}`);
    const seen = {
      'results file': readFileSync(results, 'utf8'),
      'web report': readFileSync(join(dir, 'out.html'), 'utf8'),
      'markdown report': markdownOf({ result: written, judgement: judgementFor(written) }),
      'terminal output': run.out,
    };
    for (const [where, text] of Object.entries(seen)) {
      expect({ where, user: text.includes(USER), password: text.includes(PASSWORD) }).toEqual({ where, user: false, password: false });
    }
    expect(run.stdout).toContain(`proxy http://***@127.0.0.1:${proxyPort}`);
  });

  it('loadgate serve --proxy: its stored result, report page, locations route and log hold neither', async () => {
    const server = await startServerProcess({ args: ['--proxies', `US=http://${USER}:${PASSWORD}@127.0.0.1:${proxyPort}`] });
    try {
      const definition = join(dir, 'served.json');
      writeFileSync(
        definition,
        JSON.stringify({
          name: 'served through a proxy',
          config_data: {
            steps: [{ id: 1, name: 'home', url: `${target.url}/ok` }],
            iteration_count: 10,
            duration: 1,
            proxy_config: { US: 1 },
          },
        }),
      );
      const run = await runNode(
        ['src/cli/entry.ts', 'run', definition, '--api-url', server.url, '--results-file', join(dir, 'served-out.json')],
        { env: cleanEnv({ LOADGATE_API_KEY: TEST_KEY }) },
      );
      expect(run.code, run.out).toBe(0);
      const hosted = JSON.parse(readFileSync(join(dir, 'served-out.json'), 'utf8'));
      const reportPath = new URL(hosted.test_url).pathname;
      const id = /\/report\/([^/]+)\/$/.exec(reportPath)![1];
      const get = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { 'x-api-key': TEST_KEY } })).text();
      const stored = await get(`/v1/load/test/${id}/result/`);
      expect(JSON.parse(stored).results.location_dist.US.success_count).toBe(10);
      expect(JSON.parse(stored).run.locations.US).toBe(`proxy http://***@127.0.0.1:${proxyPort}`);
      const seen = {
        'stored result': stored,
        'report page': await get(reportPath),
        'locations route': await get('/v1/load/locations/'),
        'server log': server.stderr(),
        'client output': run.out,
      };
      for (const [where, text] of Object.entries(seen)) {
        expect({ where, user: text.includes(USER), password: text.includes(PASSWORD) }).toEqual({ where, user: false, password: false });
      }
    } finally {
      await server.dispose();
    }
  });
});
