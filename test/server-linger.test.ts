// The lingering close (src/server/linger.ts) over raw sockets on 127.0.0.1: after an answer that
// closes the connection (401, 403, 413, and the answers written straight on the socket: 400, the
// CONNECT's 405, the connection cap's 503), a client still sending reads the whole answer instead
// of a reset, and a client that never stops is cut off at the bound. The server runs in this
// process so that the test can count what its sockets read. Every wait is for an event (an answer,
// a write reaching the kernel, a close), never for a fixed time.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { createKeyChecker } from '../src/server/auth.ts';
import type { ConnectionLimits } from '../src/server/connections.ts';
import type { ServerContext } from '../src/server/context.ts';
import { localExecutor } from '../src/server/executors/local.ts';
import { DEFAULT_LINGER } from '../src/server/linger.ts';
import { TestQueue } from '../src/server/queue.ts';
import { ShardRegistry } from '../src/server/shards/registry.ts';
import { DEFAULT_LATENCY_LOCATIONS } from '../src/latency/locations.ts';
import { EVENT_WAIT_MS } from './helpers/process.ts';
import { TEST_KEY } from './helpers/server-process.ts';
import { openTempStore, removeTempStore, type TempStore } from './helpers/temp-store.ts';

const KIB = 1024;
const MIB = 1024 * KIB;
/** The servers' limits: a JSON body of 64 KiB, an upload of 64 KiB (and 64 KiB of form around it). */
const BODY_LIMIT = 64 * KIB;
/**
 * What the sequential client writes after the answer before it reads: more than its own socket's
 * send buffer can ever hold (Linux's tcp_wmem allows 4 MiB), so that the write ends only if the
 * server reads it. A server that closed with the body unread answers it with a reset.
 */
const AFTER_ANSWER = 8 * MIB;
/** The most Node reads from a socket at once: the bytes bound is checked after each read. */
const ONE_READ = 64 * KIB;
const CAP = 3;

/** A server of its own; the timeouts long, so that only the lingering close can end a connection here. */
interface Served {
  app: FastifyInstance;
  port: number;
  /** Resolves with what the server's side of the connection from `clientPort` read in all, once closed. */
  readByServer(clientPort: number): Promise<number>;
  /** Whether the server's side of the connection from `clientPort` is still open. */
  isOpen(clientPort: number): boolean;
}

async function serve(temp: TempStore, linger: ConnectionLimits['linger'], cap = 0): Promise<Served> {
  const log = () => undefined;
  const queue = new TestQueue(temp.store, { dataDir: temp.dir, executor: localExecutor({ proxies: {}, log }), log });
  let url = '';
  const ctx: ServerContext = {
    store: temp.store,
    queue,
    shards: new ShardRegistry(),
    dataDir: temp.dir,
    proxies: {},
    latencyLocations: DEFAULT_LATENCY_LOCATIONS,
    limits: { bodyBytes: BODY_LIMIT, uploadBytes: BODY_LIMIT },
    publicUrl: () => url,
    log,
  };
  const connections: ConnectionLimits = {
    headersTimeoutMs: 600_000,
    requestTimeoutMs: 600_000,
    idleTimeoutMs: 600_000,
    maxConnectionsPerAddress: cap,
    linger,
  };
  const app = await buildApp(ctx, { checkKey: createKeyChecker([TEST_KEY]) }, connections);
  const closes = new Map<number, Promise<number>>();
  const open = new Set<number>();
  app.server.on('connection', (socket: Socket) => {
    const port = socket.remotePort ?? 0;
    open.add(port);
    closes.set(
      port,
      once(socket, 'close').then(() => {
        open.delete(port);
        return socket.bytesRead;
      }),
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
  const readByServer = async (clientPort: number) => {
    const closed = closes.get(clientPort);
    if (!closed) throw new Error(`the server saw no connection from port ${clientPort}`);
    return closed;
  };
  return { app, port, readByServer, isOpen: (clientPort) => open.has(clientPort) };
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
}

function bodyOf(text: string): any {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

/** `promise`, or a failure naming `what` never came after EVENT_WAIT_MS. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let giveUp: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    giveUp = setTimeout(() => fail(new Error(`${what} never came`)), EVENT_WAIT_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(giveUp);
  }
}

/** Resolves once `socket` is closed, whether by an end, a reset or an error. */
function closeOf(socket: Socket): Promise<void> {
  return new Promise((resolve) => socket.once('close', () => resolve()));
}

function write(socket: Socket, data: string | Buffer): Promise<Error | undefined> {
  return new Promise((resolve) => socket.write(data, (error) => resolve(error ?? undefined)));
}

/** `keepSending`: the client's side stays open after the server's FIN, rather than ending with it. */
async function connected(port: number, keepSending = false): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: keepSending });
  await once(socket, 'connect');
  return socket;
}

interface Outcome {
  /** Everything the client read, once the connection was closed. */
  text: string;
  /** The error of the client's write after the answer, or of its socket: a reset, a broken pipe. */
  error: string | undefined;
}

/**
 * A client that writes its whole request before it reads the answer, as Python's http.client
 * does: `head`, then `AFTER_ANSWER` more bytes once the answer has arrived (left unread in its
 * socket), and only then reads. The answer reaches it only if the server read what it sent.
 */
async function writeThenRead(port: number, head: string | Buffer, socket?: Socket): Promise<Outcome> {
  const client = socket ?? (await connected(port));
  let error: string | undefined;
  client.on('error', (e: NodeJS.ErrnoException) => {
    error ??= e.code ?? e.message;
  });
  const closed = closeOf(client);
  // 'readable' without a read: the answer waits unread in the client's socket, which a reset
  // destroys with it.
  const answered = once(client, 'readable').catch(() => undefined);
  await write(client, head);
  await Promise.race([answered, closed]);
  const written = await write(client, Buffer.alloc(AFTER_ANSWER, 'x'));
  if (written) error ??= (written as NodeJS.ErrnoException).code ?? written.message;
  let text = '';
  client.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  client.resume();
  await closed;
  return { text, error };
}

const CHUNKED = (path: string, type: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${TEST_KEY}\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`;

/** One chunk of a chunked body: `size` bytes of `fill`. */
function chunk(fill: string, size: number): string {
  return `${size.toString(16)}\r\n${fill.repeat(Math.ceil(size / fill.length)).slice(0, size)}\r\n`;
}

const UPLOAD_FORM = '--XX\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\na,b\n';

/** Requests answered by a refusal that closes the connection, with the rest of their body still to come. */
const REFUSALS = [
  {
    name: '401 without a key',
    head: `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${64 * MIB}\r\n\r\n{`,
    status: 401,
    code: 'unauthorized',
  },
  {
    name: '403 with a wrong key',
    head: `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: wrong\r\nContent-Type: application/json\r\nContent-Length: ${64 * MIB}\r\n\r\n{`,
    status: 403,
    code: 'forbidden',
  },
  {
    name: '413 for a JSON body read past its limit',
    head: CHUNKED('/v1/environment/', 'application/json') + chunk(' ', 2 * BODY_LIMIT),
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: '413 for an upload read past its limit',
    head: CHUNKED('/v1/testdata/', 'multipart/form-data; boundary=XX') + chunk(UPLOAD_FORM, 4 * BODY_LIMIT),
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: '400 for a malformed request, written on the socket',
    head: 'GET /v1/balance/ HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n',
    status: 400,
    code: 'bad_request',
  },
  {
    name: '405 for a CONNECT, written on the socket',
    head: 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n',
    status: 405,
    code: 'method_not_allowed',
  },
] as const;

describe('loadgate serve: a client still sending after a refusal reads the answer, not a reset', () => {
  let temp: TempStore;
  let served: Served;
  beforeAll(async () => {
    temp = await openTempStore('linger');
    // Lingering as long as the test needs: the bytes bound alone ends a connection here.
    served = await serve(temp, { ms: 600_000, bytes: DEFAULT_LINGER.bytes });
  });
  afterAll(async () => {
    await served?.app.close();
    if (temp) removeTempStore(temp);
  });

  for (const refusal of REFUSALS) {
    it(`${refusal.name}: the answer, after ${AFTER_ANSWER / MIB} MiB more of the body`, async () => {
      const { text, error } = await writeThenRead(served.port, refusal.head);
      expect(error).toBeUndefined();
      expect(statusOf(text)).toBe(refusal.status);
      expect(bodyOf(text).error.code).toBe(refusal.code);
      expect(text.toLowerCase()).toContain('connection: close');
    });
  }

  it(`a client that never stops sending is cut off once ${DEFAULT_LINGER.bytes / MIB} MiB have arrived after the answer`, async () => {
    const client = await connected(served.port, true);
    const port = client.localPort ?? 0;
    client.on('error', () => undefined);
    const closed = closeOf(client);
    const head = `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${1024 * MIB}\r\n\r\n`;
    client.write(head);
    // The answer first, so that the server has read the head alone when it answers.
    const [answer] = await once(client, 'data');
    expect(statusOf(String(answer))).toBe(401);
    const filler = Buffer.alloc(ONE_READ, 'x');
    let open = true;
    void closed.then(() => {
      open = false;
    });
    while (open && !(await write(client, filler)));
    await closed;
    const read = (await served.readByServer(port)) - Buffer.byteLength(head);
    expect(read).toBeGreaterThan(DEFAULT_LINGER.bytes);
    expect(read).toBeLessThanOrEqual(DEFAULT_LINGER.bytes + ONE_READ);
  });
});

describe('loadgate serve: a connection over the cap', () => {
  let temp: TempStore;
  let served: Served;
  beforeAll(async () => {
    temp = await openTempStore('linger-cap');
    served = await serve(temp, { ms: 600_000, bytes: DEFAULT_LINGER.bytes }, CAP);
  });
  afterAll(async () => {
    await served?.app.close();
    if (temp) removeTempStore(temp);
  });

  /** `CAP` connections the server has counted: each has had an answer. */
  async function holdTheCap(): Promise<Socket[]> {
    const held: Socket[] = [];
    for (let i = 0; i < CAP; i++) {
      const socket = await connected(served.port);
      held.push(socket);
      await write(socket, `GET /v1/balance/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${TEST_KEY}\r\n\r\n`);
      await once(socket, 'data');
    }
    return held;
  }

  /** Closes the clients' sockets (on ports `ports`) and waits until the server has seen them closed. */
  async function release(sockets: Socket[], ports: number[]): Promise<void> {
    for (const socket of sockets) socket.destroy();
    // Counted until the server sees them closed: the next test needs the cap free.
    await within(Promise.all(ports.map((port) => served.readByServer(port))), "the server's close of the test's connections");
  }

  it('503 for a connection over the cap, written on the socket: the answer, after the request and 8 MiB more', async () => {
    const held = await holdTheCap();
    const refused = await connected(served.port);
    const ports = [...held, refused].map((socket) => socket.localPort ?? 0);
    try {
      const { text, error } = await writeThenRead(served.port, `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, refused);
      expect(error).toBeUndefined();
      expect(statusOf(text)).toBe(503);
      expect(bodyOf(text).error.code).toBe('too_many_connections');
    } finally {
      await release([...held, refused], ports);
    }
  });

  it('refusals linger while they are fewer than the cap; past twice the cap a refusal is closed at once', async () => {
    const held = await holdTheCap();
    const refused: Socket[] = [];
    // Clients that keep their side open: only the server can close these connections.
    for (let i = 0; i <= CAP; i++) {
      const socket = await connected(served.port, true);
      socket.on('error', () => undefined);
      refused.push(socket);
      const [answer] = await once(socket, 'data');
      expect(statusOf(String(answer))).toBe(503);
    }
    const sockets = [...held, ...refused];
    const ports = sockets.map((socket) => socket.localPort ?? 0);
    try {
      const last = ports.at(-1) ?? 0;
      await within(served.readByServer(last), "the server's close of the refusal past twice the cap");
      // The lingering ones (10 minutes here) are still open, counted against the address.
      for (const port of ports.slice(CAP, -1)) expect(served.isOpen(port)).toBe(true);
    } finally {
      await release(sockets, ports);
    }
  });
});

describe('loadgate serve: the lingering close ends in time', () => {
  let temp: TempStore;
  let served: Served;
  beforeAll(async () => {
    temp = await openTempStore('linger-time');
    served = await serve(temp, DEFAULT_LINGER);
  });
  afterAll(async () => {
    await served?.app.close();
    if (temp) removeTempStore(temp);
  });

  it(`a client that trickles its body after the refusal is cut off after ${DEFAULT_LINGER.ms / 1000} s`, async () => {
    const client = await connected(served.port, true);
    const port = client.localPort ?? 0;
    client.on('error', () => undefined);
    let text = '';
    client.setEncoding('utf8').on('data', (received: string) => {
      text += received;
    });
    const closed = closeOf(client);
    const head = `POST /v1/environment/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${MIB}\r\n\r\n`;
    client.write(head);
    await once(client, 'data');
    // A byte at once, then one every 100 ms: never the bytes bound, and never idle; the request
    // timeout is 10 minutes.
    client.write(' ');
    const timer = setInterval(() => {
      if (client.writable) client.write(' ');
    }, 100);
    try {
      await within(closed, "the lingering connection's close");
    } finally {
      clearInterval(timer);
    }
    expect(statusOf(text)).toBe(401);
    // The server read what came after the answer (it lingered), and closed all the same.
    const read = (await served.readByServer(port)) - Buffer.byteLength(head);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(DEFAULT_LINGER.bytes);
  });
});
