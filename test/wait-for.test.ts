// wait-for against real sockets: a service that starts listening only once the first poll has
// been refused (the test acts on that event, not on a delay), a port where nothing listens,
// and the same through the CLI and the bundled action.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWaitFor, waitFor } from '../src/pipeline/wait-for.ts';
import { runNode } from './helpers/process.ts';
import { refusedPort } from './helpers/targets.ts';

const NAMES = { url: 'wait-for', timeout: 'wait-for-timeout' };

/** A service that is not up yet: start() makes it listen on its port and answer `status` to everything. */
function lateService(port: number, status: number): { start(): Promise<void>; requests: string[]; server: Server } {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(status).end('warming up');
  });
  return {
    requests,
    server,
    start: async () => {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
  };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe('parseWaitFor', () => {
  it('takes an http(s) URL and seconds, 60 by default', () => {
    expect(parseWaitFor('http://127.0.0.1:8080/health', '', NAMES)).toEqual({
      ok: true,
      value: { url: 'http://127.0.0.1:8080/health', timeoutS: 60 },
    });
    expect(parseWaitFor('https://example.com', '2.5', NAMES)).toEqual({ ok: true, value: { url: 'https://example.com/', timeoutS: 2.5 } });
  });

  it('names the input and what was expected', () => {
    expect(parseWaitFor('ftp://host/x', '0', NAMES)).toEqual({
      ok: false,
      problems: [
        { path: 'wait-for', message: 'expected an http:// or https:// URL to poll, got "ftp://host/x"' },
        { path: 'wait-for-timeout', message: 'expected a duration greater than 0, got "0"' },
      ],
    });
    expect(parseWaitFor('127.0.0.1:8080', 'soon', NAMES)).toEqual({
      ok: false,
      problems: [
        { path: 'wait-for', message: 'expected an http:// or https:// URL to poll, got "127.0.0.1:8080"' },
        {
          path: 'wait-for-timeout',
          message: 'expected a duration, such as 30s, 2m or 1h (a bare number is seconds), got "soon"',
        },
      ],
    });
  });
});

describe('waitFor', () => {
  it('polls until the service listens, and any status counts as an answer', async () => {
    const port = await refusedPort();
    const service = lateService(port, 503);
    servers.push(service.server);
    const retries: Array<[number, string]> = [];
    const outcome = await waitFor(
      { url: `http://127.0.0.1:${port}/health`, timeoutS: 30 },
      {
        onRetry: (attempt, reason) => {
          retries.push([attempt, reason]);
          if (attempt === 1) void service.start();
        },
      },
    );
    expect(retries[0]).toEqual([1, 'connection refused']);
    expect(outcome.status).toBe(503);
    expect(outcome.attempts).toBe(retries.length + 1);
    expect(service.requests).toEqual(['GET /health']);
  });

  it('gives up after the timeout, naming the URL and the last reason', async () => {
    const port = await refusedPort();
    const retries: string[] = [];
    const waiting = waitFor({ url: `http://127.0.0.1:${port}/`, timeoutS: 0.3 }, { onRetry: (_, reason) => retries.push(reason) });
    await expect(waiting).rejects.toThrow(
      new RegExp(
        `^wait-for: http://127\\.0\\.0\\.1:${port}/ did not answer within 0\\.3 s \\(\\d+ attempts?, last: connection refused\\)$`,
      ),
    );
    expect(retries.every((reason) => reason === 'connection refused')).toBe(true);
  });

  it('a service that takes the connection but never answers is a failed attempt, not a wait past the timeout', async () => {
    const hanging = createServer(() => {});
    servers.push(hanging);
    hanging.listen(0, '127.0.0.1');
    await once(hanging, 'listening');
    const { port } = hanging.address() as AddressInfo;
    // The attempt's own deadline is the time left (1.5 s), give or take the timer's precision.
    await expect(waitFor({ url: `http://127.0.0.1:${port}/`, timeoutS: 1.5 })).rejects.toThrow(
      new RegExp(
        `^wait-for: http://127\\.0\\.0\\.1:${port}/ did not answer within 1\\.5 s \\(\\d attempts?, last: no answer within \\d\\.\\d s\\)$`,
      ),
    );
  });

  it('stops waiting when cancelled', async () => {
    const port = await refusedPort();
    const controller = new AbortController();
    const waiting = waitFor(
      { url: `http://127.0.0.1:${port}/`, timeoutS: 30 },
      { signal: controller.signal, onRetry: () => controller.abort() },
    );
    await expect(waiting).rejects.toThrow(/aborted/);
  });
});

describe('loadgate wait-for', () => {
  it('waits for a service that comes up after the first refused poll, then exits 0', async () => {
    const port = await refusedPort();
    const service = lateService(port, 200);
    servers.push(service.server);
    let started = false;
    const run = await runNode(['src/cli/entry.ts', 'wait-for', `http://127.0.0.1:${port}/ready`, '--wait-for-timeout', '30'], {
      onOutput: (out) => {
        if (started || !out.includes('waiting for')) return;
        started = true;
        void service.start();
      },
    });
    expect(run.stderr).toBe(`waiting for http://127.0.0.1:${port}/ready to answer (connection refused), up to 30 s…\n`);
    expect(run.stdout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/ready answered 200 after \\d+\\.\\d s\\n$`));
    expect(run.code).toBe(0);
    expect(service.requests).toEqual(['GET /ready']);
  });

  it('exits 2 with one clear line when nothing answers in time', async () => {
    const port = await refusedPort();
    const run = await runNode(['src/cli/entry.ts', 'wait-for', `http://127.0.0.1:${port}/`, '--wait-for-timeout', '0.5']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(
        `^loadgate: wait-for: http://127\\.0\\.0\\.1:${port}/ did not answer within 0\\.5 s \\(\\d+ attempts?, last: connection refused\\)$`,
      ),
    );
  });

  it('refuses bad flags with exit 2, naming them', async () => {
    const run = await runNode(['src/cli/entry.ts', 'wait-for', 'localhost:8080', '--wait-for-timeout', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      [
        'loadgate: bad input',
        '  url: expected an http:// or https:// URL to poll, got "localhost:8080"',
        '  --wait-for-timeout: expected a duration greater than 0, got "0"',
        '',
      ].join('\n'),
    );
  });
});

describe('the action input wait-for', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loadgate-wait-for-'));

  function actionEnv(inputs: Record<string, string>): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      GITHUB_OUTPUT: join(dir, 'output.txt'),
      GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    };
    writeFileSync(env.GITHUB_OUTPUT!, '');
    writeFileSync(env.GITHUB_STEP_SUMMARY!, '');
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
    return env;
  }

  function definition(port: number): string {
    const path = join(dir, `late-${port}.json`);
    writeFileSync(
      path,
      JSON.stringify({
        name: 'late',
        config_data: { steps: [{ id: 1, name: 'home', url: `http://127.0.0.1:${port}/` }], iteration_count: 5, duration: 1 },
      }),
    );
    return path;
  }

  it('waits before the run, then load-tests the service that came up', async () => {
    const port = await refusedPort();
    const service = lateService(port, 200);
    servers.push(service.server);
    let started = false;
    const run = await runNode(['dist/index.js'], {
      env: actionEnv({
        test: definition(port),
        'wait-for': `http://127.0.0.1:${port}/health`,
        'results-file': join(dir, 'late.json'),
        comment: 'false',
      }),
      onOutput: (out) => {
        if (started || !out.includes('loadgate: waiting for')) return;
        started = true;
        void service.start();
      },
    });
    expect(run.out).toContain(`loadgate: waiting for http://127.0.0.1:${port}/health to answer (connection refused), up to 60 s`);
    expect(run.out).toMatch(new RegExp(`loadgate: http://127\\.0\\.0\\.1:${port}/health answered 200 after`));
    expect(run.code, run.out).toBe(0);
    expect(service.requests).toEqual(['GET /health', ...Array(5).fill('GET /')]);
    expect(readFileSync(join(dir, 'output.txt'), 'utf8')).toMatch(/passed<<.*\ntrue\n/);
  });

  it('fails the step before the run when the service never answers', async () => {
    const port = await refusedPort();
    const run = await runNode(['dist/index.js'], {
      env: actionEnv({
        test: definition(port),
        'wait-for': `http://127.0.0.1:${port}/health`,
        'wait-for-timeout': '0.5',
        comment: 'false',
        'results-file': join(dir, 'never.json'),
      }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `::error::loadgate: wait-for: http://127\\.0\\.0\\.1:${port}/health did not answer within 0\\.5 s \\(\\d+ attempts?, last: connection refused\\)`,
      ),
    );
    expect(run.stdout).not.toContain('loadgate: running');
  });
});
