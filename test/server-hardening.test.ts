// `loadgate serve` against hostile clients, over raw sockets on 127.0.0.1: no key and a body that
// trickles in, headers that never end, an upload far over its limit, more connections than one
// address may hold, a forged Host header, a second server on the same database, and names that
// try to forge log lines. Limits are set small for the test; every wait is for an event (an
// answer, a close, a log line), never for a fixed time.
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLogLine } from '../src/server/log-line.ts';
import { startServer, type RunningServer } from '../src/server/main.ts';
import { parsePublicUrl } from '../src/server/public-url.ts';
import { pollUntil } from './helpers/api-call.ts';
import { cleanEnv, EVENT_WAIT_MS, runNode } from './helpers/process.ts';
import { startServerProcess, TEST_KEY, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const CLI = fileURLToPath(new URL('../src/cli/entry.ts', import.meta.url));
const PUBLIC_URL = 'https://loadgate.example.com/lg';
/** A raw connection: everything the server sent, and a promise of all of it once it is closed. */
interface Conversation {
  socket: Socket;
  received(): string;
  /** Resolves with everything received, once the connection is closed (by either side). */
  closed: Promise<string>;
  /** Resolves once what was received satisfies `done`. */
  until(done: (text: string) => boolean): Promise<string>;
}

async function open(port: number): Promise<Conversation> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  const waiters: Array<() => void> = [];
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  // A reset after the server's answer is one of the outcomes under test, not a failure of it.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  await once(socket, 'connect');
  const until = async (done: (text: string) => boolean): Promise<string> => {
    while (!done(text)) {
      if (socket.destroyed) throw new Error(`connection closed; received: ${JSON.stringify(text)}`);
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), closed]);
    }
    return text;
  };
  return { socket, received: () => text, closed, until };
}

/** Writes `chunk` every 100 ms until the connection closes: a client that never finishes. */
function trickle(conversation: Conversation, chunk: string): void {
  const timer = setInterval(() => {
    if (conversation.socket.writable) conversation.socket.write(chunk);
  }, 100);
  void conversation.closed.finally(() => clearInterval(timer));
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
}

function bodyOf(text: string): any {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

function answers(text: string): number {
  return text.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0;
}

const BALANCE = `GET /v1/balance/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${TEST_KEY}\r\n\r\n`;

function tinyTest(target: Target, name: string): string {
  return JSON.stringify({
    name,
    config_data: { steps: [{ id: 1, name: 'ok', url: `${target.url}/ok` }], iteration_count: 1, duration: 1 },
  });
}

function postTest(body: string, host: string): string {
  return (
    `POST /v1/load/test/ HTTP/1.1\r\nHost: ${host}\r\nX-API-KEY: ${TEST_KEY}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

async function call(server: { url: string }, path: string): Promise<any> {
  return (await fetch(`${server.url}${path}`, { headers: { 'x-api-key': TEST_KEY } })).json();
}

async function waitForStatus(server: { url: string }, id: string, wanted: string): Promise<void> {
  await pollUntil(
    () => call(server, `/v1/load/test/${id}/`),
    (t) => t.status === wanted,
    `test ${id} to become ${wanted}`,
    EVENT_WAIT_MS,
  );
}

/** Waits for the server to log `text`: its stderr arrives in its own time. */
async function untilLogged(server: ServerProcess, text: string): Promise<void> {
  await pollUntil(
    async () => server.stderr(),
    (log) => log.includes(text),
    `the server to log ${JSON.stringify(text)}`,
    EVENT_WAIT_MS,
  );
}

describe('loadgate serve: closing after refusals, headers and request timeouts, --public-url, log lines', () => {
  let server: ServerProcess;
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
    server = await startServerProcess({ args: ['--headers-timeout', '1', '--request-timeout', '2', '--public-url', `${PUBLIC_URL}/`] });
  });
  afterAll(async () => {
    await server?.dispose();
    await target?.close();
  });

  it('answers a request without a key before reading its body, then closes the connection', async () => {
    for (const keyHeader of ['', 'X-API-KEY: wrong-key\r\n']) {
      const client = await open(server.port);
      client.socket.write(
        `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\n${keyHeader}Content-Type: application/json\r\nContent-Length: 900000\r\n\r\n{`,
      );
      trickle(client, ' ');
      const text = await client.closed;
      // One answer, then the server's close: not a 408 from the request timeout much later.
      expect(statusOf(text)).toBe(keyHeader === '' ? 401 : 403);
      expect(text.toLowerCase()).toContain('connection: close');
      expect(answers(text)).toBe(1);
    }
  });

  it('invites the body of an Expect: 100-continue request only with a valid key', async () => {
    const head = (key: string) =>
      `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${key}\r\nContent-Type: application/json\r\n` +
      'Content-Length: 2\r\nExpect: 100-continue\r\n\r\n';
    const stranger = await open(server.port);
    stranger.socket.write(head('wrong-key'));
    const refused = await stranger.closed;
    expect(statusOf(refused)).toBe(403);
    expect(answers(refused)).toBe(1);

    const holder = await open(server.port);
    holder.socket.write(head(TEST_KEY));
    await holder.until((text) => text.includes('\r\n\r\n'));
    expect(statusOf(holder.received())).toBe(100);
    holder.socket.write('{}');
    await holder.until((text) => answers(text) === 2);
    holder.socket.destroy();
  });

  it('answers 408 and closes a connection whose headers never end', async () => {
    const client = await open(server.port);
    client.socket.write('GET /v1/balance/ HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    trickle(client, 'X-Slow: 1\r\n');
    const text = await client.closed;
    expect(statusOf(text)).toBe(408);
    expect(bodyOf(text).error.code).toBe('request_timeout');
  });

  it('answers 408 and closes a request whose body trickles in past --request-timeout', async () => {
    const client = await open(server.port);
    client.socket.write(
      `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${TEST_KEY}\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n{`,
    );
    trickle(client, ' ');
    const text = await client.closed;
    expect(statusOf(text)).toBe(408);
    expect(answers(text)).toBe(1);
  });

  it('builds test_url from --public-url, whatever Host the client sends', async () => {
    const client = await open(server.port);
    client.socket.write(postTest(tinyTest(target, 'host check'), 'evil.example'));
    const text = await client.closed;
    expect(statusOf(text)).toBe(201);
    const created = bodyOf(text);
    expect(created.test_url).toBe(`${PUBLIC_URL}/report/${created.id}/`);
    expect((await call(server, `/v1/load/test/${created.id}/`)).test_url).toBe(created.test_url);
    await waitForStatus(server, created.id, 'completed');
  });

  it('writes a name with line breaks and escapes on one log line, escaped', async () => {
    const forged = '1999-01-01T00:00:00.000Z test 0 (x): completed';
    const name = `forge\n${forged}\r\n\u001b[2J${forged}`;
    const created = await fetch(`${server.url}/v1/load/test/`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_KEY, 'content-type': 'application/json' },
      body: tinyTest(target, name),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const escaped = `test ${created.id} (forge\\n${forged}\\r\\n\\u{1b}[2J${forged})`;
    await untilLogged(server, `${escaped}: completed`);
    expect(server.stderr()).toContain(`${escaped}: running`);
    for (const line of server
      .stderr()
      .split('\n')
      .filter((l) => l !== ''))
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /);
    expect(server.stderr()).not.toContain('\u001b');
  });
});

describe('loadgate serve --idle-timeout --max-connections-per-address', () => {
  let server: ServerProcess;
  const opened: Conversation[] = [];
  beforeAll(async () => {
    server = await startServerProcess({ args: ['--max-connections-per-address', '3', '--idle-timeout', '1'] });
  });
  afterAll(async () => {
    for (const client of opened) client.socket.destroy();
    await server?.dispose();
  });

  it('closes a connection that falls silent mid-request after --idle-timeout, without an answer', async () => {
    const client = await open(server.port);
    client.socket.write(
      `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${TEST_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    // Closed without an answer: the request timeout (120 s by default) would answer 408.
    expect(await client.closed).toBe('');
  });

  it('answers a connection over the cap with 503 and closes it; the others keep working', async () => {
    for (let i = 0; i < 3; i++) {
      const client = await open(server.port);
      opened.push(client);
      // An answer on it: the server has counted this connection.
      client.socket.write(BALANCE);
      await client.until((text) => text.includes('"request_count"'));
    }
    const refused = await open(server.port);
    const text = await refused.closed;
    expect(statusOf(text)).toBe(503);
    expect(bodyOf(text).error.code).toBe('too_many_connections');

    const first = opened[0]!;
    first.socket.write(BALANCE);
    await first.until((received) => answers(received) === 2);

    first.socket.destroy();
    // The server sees the close in its own time: retry until a connection gets through.
    const deadline = Date.now() + EVENT_WAIT_MS;
    for (;;) {
      const retry = await open(server.port);
      retry.socket.write(BALANCE);
      const answer = await Promise.race([retry.until((received) => /^HTTP\/1\.1 200 [\s\S]*"request_count"/.test(received)), retry.closed]);
      retry.socket.destroy();
      if (statusOf(answer) === 200) break;
      expect(statusOf(answer)).toBe(503);
      if (Date.now() > deadline) throw new Error('no connection got through after one of three was closed');
    }
  });
});

describe('loadgate serve uploads over the limit', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadgate-upload-'));
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dbPath: join(dir, 'server.db'),
      dataDir: join(dir, 'data'),
      apiKeys: [TEST_KEY],
      proxies: {},
      log: () => undefined,
      limits: { bodyBytes: 64 * 1024, uploadBytes: 64 * 1024 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 413 at the limit and closes, without reading the rest of a 1 GB upload', async () => {
    const client = await open(Number(new URL(server.url).port));
    const boundary = 'loadgate-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nusers\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    client.socket.write(
      `POST /v1/testdata/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${TEST_KEY}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000000\r\n\r\n${head}`,
    );
    // Four times the limit, then nothing: the answer cannot wait for the part to end.
    client.socket.write('a'.repeat(256 * 1024));
    const text = await client.closed;
    expect(statusOf(text)).toBe(413);
    expect(bodyOf(text).error).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('65536 bytes') });
    expect(text.toLowerCase()).toContain('connection: close');
  });
});

/** A client that streams a body until the server answers or closes, as curl and undici stop on an early answer. */
async function streamUntilAnswered(
  port: number,
  head: string,
  chunk: Buffer,
  maxBytes: number,
): Promise<{ written: number; answer: string }> {
  const client = await open(port);
  client.socket.write(head);
  let written = 0;
  while (client.received() === '' && !client.socket.destroyed && written < maxBytes) {
    const flushed = new Promise<void>((resolve) =>
      client.socket.write(chunk, (error) => {
        if (!error) written += chunk.length;
        resolve();
      }),
    );
    // One chunk at a time, each after the last reached the kernel, and a whole turn of the event
    // loop (its poll phase reads the socket) between two: an answer stops the client before its
    // next chunk, which would meet the reset of a server that closed with the body unread.
    await Promise.race([flushed, client.closed]);
    for (const _ of [1, 2]) await new Promise((resolve) => setImmediate(resolve));
  }
  client.socket.end();
  const answer = await client.closed;
  return { written, answer };
}

/** The files of the data folder but its secret key (docs/server.md, "Secrets at rest"): uploads, finished or not. */
async function uploadsIn(dataDir: string): Promise<string[]> {
  return (await readdir(dataDir)).filter((name) => name !== 'secret.key');
}

/** `size` bytes of `text` as one chunk of a chunked body (no Content-Length to refuse the body by). */
function bodyChunk(text: string, size: number): Buffer {
  const data = Buffer.alloc(size, text);
  return Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
}

describe('loadgate serve: a malformed upload of any shape is refused at the limit', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const uploadHead = (contentType: string, form = '') =>
    `POST /v1/testdata/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${TEST_KEY}\r\nContent-Type: ${contentType}\r\n` +
    `Transfer-Encoding: chunked\r\n\r\n${form && `${Buffer.byteLength(form).toString(16)}\r\n${form}\r\n`}`;
  // The default limit: a 50 MiB file and 1 MiB of form around it; the server logs how much it read.
  const READ_AT_MOST = 60_000_000;
  // What the client counts as sent also holds what the kernel keeps between the two ends (the
  // client's send buffer and the server's receive buffer, a few MB): far below the 1 GiB body.
  const SENT_AT_MOST = 100_000_000;
  const GIB = 1024 ** 3;
  const shapes = [
    ['no boundary at all', uploadHead('multipart/form-data'), 'a'],
    ['part header lines without end', uploadHead('multipart/form-data; boundary=XX', '--XX\r\n'), 'X-Filler: header line\r\n'],
    [
      'an epilogue after the last part',
      uploadHead(
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\n\r\na,b\n1,2\r\n--XX--\r\n',
      ),
      'epilogue ',
    ],
  ] as const;

  for (const [shape, head, filler] of shapes) {
    it(`${shape}: 413 within the first 60 MB read of a 1 GiB body, and no file is left`, async () => {
      const logged = server.stderr().length;
      const { written, answer } = await streamUntilAnswered(server.port, head, bodyChunk(filler, 64 * 1024), GIB);
      expect(statusOf(answer)).toBe(413);
      expect(bodyOf(answer).error).toEqual({
        code: 'payload_too_large',
        message: 'the upload is larger than the limit of 51 MiB (a file of 50 MiB and the form around it)',
      });
      expect(answer.toLowerCase()).toContain('connection: close');
      // The server's log line comes through its stderr pipe, which a busy machine can deliver after the answer.
      const refusal = /POST \/v1\/testdata\/: upload refused at its limit of 51 MiB, (\d+) bytes read\n/g;
      const lines = await pollUntil(
        async () => [...server.stderr().slice(logged).matchAll(refusal)],
        (found) => found.length > 0,
        'the refusal to be logged',
      );
      expect(lines).toHaveLength(1);
      const read = Number(lines[0]![1]);
      expect(read).toBeGreaterThan(51 * 1024 * 1024);
      expect(read).toBeLessThan(READ_AT_MOST);
      expect(written).toBeGreaterThanOrEqual(read);
      expect(written).toBeLessThan(SENT_AT_MOST);
      await pollUntil(
        () => uploadsIn(join(server.dir, 'server-data')),
        (names) => names.length === 0,
        'the refused upload to be removed from the data directory',
      );
    });
  }

  it('a declared length over the limit is refused before a byte of the body is read', async () => {
    const head = uploadHead('multipart/form-data; boundary=XX').replace('Transfer-Encoding: chunked', `Content-Length: ${GIB}`);
    const client = await open(server.port);
    client.socket.write(head);
    const answer = await client.closed;
    expect(statusOf(answer)).toBe(413);
  });

  it("a client that gives up an upload halfway is one line of the server's log, without a stack", async () => {
    const before = server.stderr().length;
    const client = await open(server.port);
    const form = '--XX\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\n\r\na,b\n';
    client.socket.write(uploadHead('multipart/form-data; boundary=XX', form));
    client.socket.write(bodyChunk('1,2\n', 64 * 1024));
    await pollUntil(
      () => uploadsIn(join(server.dir, 'server-data')),
      (names) => names.length === 1,
      'the upload to start its file',
    );
    client.socket.destroy();
    const logged = await pollUntil(
      async () => server.stderr().slice(before),
      (text) => text.includes('POST /v1/testdata/'),
      'the abort to be logged',
    );
    expect(logged.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^\S+ POST \/v1\/testdata\/: the client closed the connection before the request's body ended$/),
    ]);
    await pollUntil(
      () => uploadsIn(join(server.dir, 'server-data')),
      (names) => names.length === 0,
      'the given-up upload to be removed from the data directory',
    );
  });
});

describe('loadgate serve: one server per database', () => {
  let first: ServerProcess;
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
    first = await startServerProcess();
  });
  afterAll(async () => {
    await first?.dispose();
    await target?.close();
  });

  it('refuses a second server on the same --db with exit code 2 and one line naming the file; the first runs on', async () => {
    const long = JSON.stringify({
      name: 'long',
      // Ten minutes: still running however long the second server takes to start and give up on a
      // busy machine; the test stops it below.
      config_data: { steps: [{ id: 1, name: 'ok', url: `${target.url}/ok` }], iteration_count: 200, duration: 600 },
    });
    const created = await fetch(`${first.url}/v1/load/test/`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_KEY, 'content-type': 'application/json' },
      body: long,
    }).then((r) => r.json() as Promise<{ id: string }>);
    await waitForStatus(first, created.id, 'running');

    const second = await runNode([CLI, 'serve', '--port', '0', '--db', first.dbPath], {
      env: cleanEnv({ LOADGATE_API_KEY: TEST_KEY }),
      // Were it to start, it would say so and be stopped, so that the assertions below fail.
      interruptWhen: (out) => out.includes('listening on'),
    });
    expect(second.code).toBe(2);
    expect(second.stderr.trim().split('\n')).toEqual([expect.stringContaining(first.dbPath)]);
    expect(second.stderr).toContain('in use by another loadgate serve');

    expect(await call(first, `/v1/load/test/${created.id}/`)).toMatchObject({ status: 'running', failure_reason: null });
    expect((await call(first, `/v1/load/test/${created.id}/stop/`)).status).toBe('stopped');
    expect(await first.stop()).toBe(0);
    // Released with its server: the next one starts.
    first = await first.restart();
    expect((await call(first, `/v1/load/test/${created.id}/`)).status).toBe('stopped');
  });
});

describe('serve settings', () => {
  it('refuses a bad --public-url, a bad whole number or timeouts that contradict each other with exit code 2, naming the option', async () => {
    const cases: Array<[string[], string]> = [
      [['--public-url', 'ftp://loadgate.example.com'], '--public-url: expected an absolute http:// or https:// URL'],
      [['--headers-timeout', '30', '--request-timeout', '10'], '--headers-timeout: expected at most --request-timeout (10 s), got 30 s'],
      [['--max-connections-per-address', 'x'], '--max-connections-per-address: expected a whole number from 0 to 1000000, got "x"'],
    ];
    for (const [args, message] of cases) {
      const run = await runNode([CLI, 'serve', '--port', '0', ...args], { env: cleanEnv({ LOADGATE_API_KEY: TEST_KEY }) });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });

  it("reads the keys from LOADGATE_API_KEY, the client's variable; the older LOADGATE_API_KEYS still works and names it", async () => {
    const args = [CLI, 'serve', '--port', '0', '--max-connections-per-address', 'x'];
    const older = await runNode(args, { env: cleanEnv({ LOADGATE_API_KEYS: TEST_KEY }) });
    expect(older.code).toBe(2);
    expect(older.stderr).toContain('note: LOADGATE_API_KEYS is now LOADGATE_API_KEY (the old name still works)');
    const none = await runNode(args.slice(0, 4), { env: cleanEnv(), interruptWhen: (out) => out.includes('listening on') });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no API keys: give --api-key-file FILE (one key per line) or set LOADGATE_API_KEY');
  });

  it('parsePublicUrl keeps a path prefix without its trailing slash and rejects what no link should carry', () => {
    expect(parsePublicUrl('https://loadgate.example.com/', '--public-url')).toBe('https://loadgate.example.com');
    expect(parsePublicUrl('https://example.com/tools/loadgate//', '--public-url')).toBe('https://example.com/tools/loadgate');
    expect(parsePublicUrl('http://10.0.0.5:8080', '--public-url')).toBe('http://10.0.0.5:8080');
    for (const bad of [
      'loadgate.example.com',
      'ftp://x.example',
      'https://user:pw@x.example',
      'https://x.example/?a=1',
      'https://x.example/#top',
    ]) {
      expect(parsePublicUrl(bad, '--public-url')).toMatchObject({ path: '--public-url', message: expect.stringContaining(bad) });
    }
  });

  it('escapeLogLine keeps any text on one line and shows its control characters', () => {
    expect(escapeLogLine('a\nb\r\nc\td')).toBe('a\\nb\\r\\nc\\td');
    expect(escapeLogLine('\u001b[31mred\u0000\u007f\u0085\u2028\u2029')).toBe('\\u{1b}[31mred\\u{0}\\u{7f}\\u{85}\\u{2028}\\u{2029}');
    expect(escapeLogLine('plain — ünïcode ✓')).toBe('plain — ünïcode ✓');
  });
});
