import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { selfSignedCert } from './tls.ts';

export interface ReceivedRequest {
  method: string;
  /** Path without the query string: what routes and countsByPath() use. */
  path: string;
  /** The request target as sent: path plus query string. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() in ms when the request arrived. */
  at: number;
  /** "1.1" or "2.0". */
  httpVersion: string;
}

/** Answers the request itself and returns true, or returns false to fall through to the built-in routes. */
export type TargetHandler = (req: IncomingMessage, res: ServerResponse, received: ReceivedRequest) => boolean;

export interface TargetOptions {
  /** Called for every request once its body is read, before it is answered. */
  onRequest?: (received: ReceivedRequest) => void;
  handler?: TargetHandler;
}

export interface Target {
  /** http://127.0.0.1:PORT (https:// for the TLS targets) */
  url: string;
  port: number;
  /** Every request in arrival order; the same array for the target's life (reset() empties it in place). */
  received: ReceivedRequest[];
  countsByPath(): Map<string, number>;
  /** Forgets the received requests and restarts the /flaky counter. */
  reset(): void;
  /** Destroys open connections (keep-alive, hanging, delayed) and stops listening. */
  close(): Promise<void>;
}

export interface TlsTarget extends Target {
  /** PEM of the self-signed certificate, to pass as `ca`. */
  ca: string;
}

export const GZIP_TEXT = 'hello gzip';
export const JSON_BODY = { token: 'abc123', items: [{ id: 7 }] } as const;
export const MAX_REDIRECT_HOPS = 100;

const GZIP_BODY = gzipSync(GZIP_TEXT);
const BIG_CHUNK = Buffer.alloc(64 * 1024, 'x');

interface RouteState {
  flakyCount: number;
  timers: Set<NodeJS.Timeout>;
}

type HttpRequestLike = Readable & Pick<IncomingMessage, 'method' | 'url' | 'headers' | 'httpVersion'>;

/** A real HTTP/1.1 server on 127.0.0.1 with the routes the engine tests need (see route()). */
export async function startTarget(options: TargetOptions = {}): Promise<Target> {
  const recorder = createRecorder();
  const state: RouteState = { flakyCount: 0, timers: new Set() };
  const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    void answer(req, res, recorder, state, options);
  });
  return listenHttp1(server, 'http', recorder, state);
}

/** The same routes as startTarget(), over HTTP/1.1 + TLS with a self-signed certificate. */
export async function startHttpsTarget(options: TargetOptions = {}): Promise<TlsTarget> {
  const { key, cert } = selfSignedCert();
  const recorder = createRecorder();
  const state: RouteState = { flakyCount: 0, timers: new Set() };
  const server = createHttpsServer({ key, cert, keepAliveTimeout: 30_000 }, (req, res) => {
    void answer(req, res, recorder, state, options);
  });
  return { ...(await listenHttp1(server, 'https', recorder, state)), ca: cert };
}

/**
 * HTTP/2 over TLS (ALPN), falling back to HTTP/1.1 for clients that do not offer h2.
 * Routes: /ok, /proto (answers "h2" or "http/1.1"), anything else 404.
 */
export async function startH2Target(): Promise<TlsTarget> {
  const { key, cert } = selfSignedCert();
  const recorder = createRecorder();
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    void answerH2(req, res, recorder);
  });
  const sockets = trackSockets(server);
  const port = await listen(server);
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    ca: cert,
    ...recorder.view,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
}

/** A port on 127.0.0.1 where nothing listens: connecting to it is refused. */
export async function refusedPort(): Promise<number> {
  const server = createNetServer();
  const port = await listen(server);
  await closeServer(server);
  return port;
}

interface Recorder {
  view: Pick<Target, 'received' | 'countsByPath' | 'reset'>;
  record(req: HttpRequestLike): Promise<ReceivedRequest>;
}

function createRecorder(): Recorder {
  const received: ReceivedRequest[] = [];
  return {
    view: {
      received,
      countsByPath: () => countPaths(received),
      reset: () => {
        received.length = 0;
      },
    },
    record: async (req) => {
      const at = performance.now();
      const body = await readBody(req);
      const url = req.url ?? '/';
      const request: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: new URL(url, 'http://target.invalid').pathname,
        url,
        headers: req.headers,
        body,
        at,
        httpVersion: req.httpVersion,
      };
      received.push(request);
      return request;
    },
  };
}

function countPaths(received: readonly ReceivedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { path } of received) counts.set(path, (counts.get(path) ?? 0) + 1);
  return counts;
}

function readBody(req: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  recorder: Recorder,
  state: RouteState,
  options: TargetOptions,
): Promise<void> {
  let received: ReceivedRequest;
  try {
    received = await recorder.record(req);
  } catch {
    return; // the client went away before sending its whole body: nothing to answer
  }
  options.onRequest?.(received);
  if (options.handler?.(req, res, received) === true) return;
  route(req, res, received, state);
}

function route(req: IncomingMessage, res: ServerResponse, received: ReceivedRequest, state: RouteState): void {
  const [, name = '', arg, extra] = received.path.split('/');
  if (extra !== undefined) return send(res, 404, 'not found');
  if (arg === undefined) return routeFixed(name, req, res, received, state);
  return routeWithArgument(name, arg, res, state);
}

function routeFixed(name: string, req: IncomingMessage, res: ServerResponse, received: ReceivedRequest, state: RouteState): void {
  switch (name) {
    case 'ok':
      return send(res, 200, 'ok');
    case 'close':
      return send(res, 200, 'ok', { connection: 'close' });
    case 'reset':
      req.socket.resetAndDestroy();
      return;
    case 'hang':
      return; // never answered; close() destroys the socket
    case 'redirect-loop':
      return redirect(res, '/redirect-loop');
    case 'gzip':
      return send(res, 200, GZIP_BODY, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    case 'echo':
      return sendJson(res, 200, {
        method: received.method,
        path: received.path,
        url: received.url,
        headers: received.headers,
        body: received.body,
      });
    case 'json':
      return sendJson(res, 200, JSON_BODY, { 'x-request-id': 'r-1' });
    case 'flaky':
      state.flakyCount += 1;
      return state.flakyCount % 3 === 0 ? send(res, 500, 'flaky failure') : send(res, 200, 'ok');
    case 'login':
      return login(res, received);
    case 'proto':
      return send(res, 200, protocolOf(req.httpVersion));
    default:
      return send(res, 404, 'not found');
  }
}

function routeWithArgument(name: string, arg: string, res: ServerResponse, state: RouteState): void {
  const n = Number(arg);
  if (!Number.isSafeInteger(n) || n < 0) return send(res, 400, `expected a non-negative integer, got "${arg}"`);
  switch (name) {
    case 'status':
      if (n < 200 || n > 599) return send(res, 400, `expected a status code 200..599, got ${n}`);
      return send(res, n, n === 204 || n === 304 ? '' : `status ${n}`);
    case 'delay':
      return delay(res, n, state);
    case 'redirect':
      if (n > MAX_REDIRECT_HOPS) return send(res, 400, `at most ${MAX_REDIRECT_HOPS} hops`);
      if (n === 0) return send(res, 200, 'ok');
      return redirect(res, n === 1 ? '/ok' : `/redirect/${n - 1}`);
    case 'big':
      return sendBig(res, n * 1024);
    default:
      return send(res, 404, 'not found');
  }
}

function delay(res: ServerResponse, ms: number, state: RouteState): void {
  const timer = setTimeout(() => send(res, 200, 'ok'), ms);
  state.timers.add(timer);
  res.once('close', () => {
    clearTimeout(timer);
    state.timers.delete(timer);
  });
}

function login(res: ServerResponse, received: ReceivedRequest): void {
  if (received.method !== 'POST') return send(res, 405, 'POST a JSON body {"user": "..."}', { allow: 'POST' });
  const user = parseJsonObject(received.body)?.user;
  if (typeof user !== 'string') return send(res, 400, 'expected a JSON body {"user": "<name>"}');
  return sendJson(res, 200, { token: `tok-${user}` });
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function redirect(res: ServerResponse, location: string): void {
  send(res, 302, '', { location });
}

function sendBig(res: ServerResponse, bytes: number): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes });
  let left = bytes;
  const writeMore = (): void => {
    while (left > 0) {
      const size = Math.min(left, BIG_CHUNK.length);
      left -= size;
      if (!res.write(BIG_CHUNK.subarray(0, size))) {
        res.once('drain', writeMore);
        return;
      }
    }
    res.end();
  };
  writeMore();
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json', ...headers });
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function protocolOf(httpVersion: string): string {
  return httpVersion === '2.0' ? 'h2' : 'http/1.1';
}

async function answerH2(
  req: IncomingMessage | Http2ServerRequest,
  res: ServerResponse | Http2ServerResponse,
  recorder: Recorder,
): Promise<void> {
  let received: ReceivedRequest;
  try {
    received = await recorder.record(req);
  } catch {
    return;
  }
  const [status, body] =
    received.path === '/ok' ? [200, 'ok'] : received.path === '/proto' ? [200, protocolOf(received.httpVersion)] : [404, 'not found'];
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

async function listenHttp1(server: Server, scheme: 'http' | 'https', recorder: Recorder, state: RouteState): Promise<Target> {
  const port = await listen(server);
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    ...recorder.view,
    reset: () => {
      recorder.view.reset();
      state.flakyCount = 0;
    },
    close: async () => {
      for (const timer of state.timers) clearTimeout(timer);
      state.timers.clear();
      const closed = closeServer(server);
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * An HTTP/2 server has no closeAllConnections(). Raw sockets are kept so that connections still in
 * their TLS handshake are destroyed too, TLS sockets so that established sessions end at once.
 */
function trackSockets(server: Http2SecureServer): Set<Socket> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  server.on('connection', track);
  server.on('secureConnection', track);
  return sockets;
}

async function listen(server: NetServer): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

function closeServer(server: NetServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve()); // an already closed server is closed enough
  });
}

/** A target that holds every request until `release()`, then answers them all (a service stalled, then back). */
export async function holdingTarget(): Promise<Target & { release(): void }> {
  let holding = true;
  const held: ServerResponse[] = [];
  const holder = await startTarget({
    handler: (_req, res) => {
      if (!holding) return false;
      held.push(res);
      return true;
    },
  });
  return Object.assign(holder, {
    release: () => {
      holding = false;
      for (const res of held.splice(0)) res.end('ok');
    },
  });
}

/**
 * A service of known capacity: `workers` requests served at a time, each for `serviceMs`, the
 * others waiting in arrival order; so it serves workers × 1000 / serviceMs requests a second, and
 * above that rate its queue, and every response time, grows for as long as the load lasts.
 */
export async function queueTarget(workers: number, serviceMs: number): Promise<Target> {
  const waiting: ServerResponse[] = [];
  let busy = 0;
  const serveNext = (): void => {
    const res = waiting.shift();
    if (res === undefined) return;
    busy += 1;
    setTimeout(() => {
      res.end('ok');
      busy -= 1;
      serveNext();
    }, serviceMs);
  };
  return startTarget({
    handler: (_req, res) => {
      waiting.push(res);
      if (busy < workers) serveNext();
      return true;
    },
  });
}
