// An old release's `serve` for the fixture scripts (make-store-fixture.ts, make-secrets-fixture.ts):
// started from that release's sources with a database path and an API key, beside a loopback target
// that answers 200 "ok" for the tests it runs, and the calls that fill it through its API.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface OldServe {
  /** The loopback target's URL, for the steps of the tests the script runs. */
  targetUrl: string;
  /** One API call: a JSON body, or a multipart one (FormData); fails on a status other than 2xx. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Waits until a test has completed; fails if it ends otherwise. */
  finished(id: string): Promise<void>;
  /** Stops the server (its database then holds everything) and the target. */
  stop(): Promise<void>;
}

export async function startOldServe(oldCheckout: string, db: string, key: string): Promise<OldServe> {
  const target = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  const serve = spawn(
    process.execPath,
    [join(oldCheckout, 'src/cli-entry.ts'), 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db],
    {
      env: { ...process.env, LOADGATE_API_KEY: key },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(createInterface({ input: serve.stdout! }), 'line')) as [string];
  const base = /listening on (\S+)/.exec(line)![1]!;
  serve.stdout!.resume();
  // An error ends the script; the server must not outlive it.
  process.on('exit', () => serve.kill('SIGKILL'));

  async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const form = body instanceof FormData;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function finished(id: string): Promise<void> {
    for (;;) {
      const test = await call<{ status: string }>('GET', `/v1/load/test/${id}/`);
      if (test.status === 'completed') return;
      if (test.status !== 'initial' && test.status !== 'running') throw new Error(`test ${id} ended ${test.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop(): Promise<void> {
    serve.kill('SIGTERM');
    await once(serve, 'exit');
    target.close();
  }

  return { targetUrl, call, finished, stop };
}
