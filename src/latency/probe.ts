// One latency sample: a new connection to the target, timed phase by phase (docs/latency.md).
// DNS lookup, TCP connect and the TLS handshake are done here, on sockets this module opens, so
// each has its own clock; the request then goes over that very socket with undici (no keep-alive
// reuse: a fresh connection is what a latency test measures). The phases are contiguous:
// dns + connect + tls + ttfb is the time to the response headers, and total adds the body.
//
// Through an HTTP proxy (as undici's ProxyAgent does): an https target is reached through a
// CONNECT tunnel; `dns` is the lookup of the proxy's host, `connect` the TCP connection to the
// proxy plus the tunnel (in which the proxy resolves and connects to the target), `tls` the
// handshake with the target through the tunnel. An http target is sent to the proxy in absolute
// form: `connect` is to the proxy only, and the proxy's own connection to the target falls in ttfb.
import { promises as dns, type LookupAddress } from 'node:dns';
import { once, type EventEmitter } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect as netConnect, isIP, type LookupFunction, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import { connect as tlsConnect } from 'node:tls';
import { Client } from 'undici';
import { classifyError } from '../engine/errors.ts';
import { VERSION } from '../version.ts';
import type { LatencyPhase } from '../types.ts';

export interface ProbeOptions {
  /** The whole sample, connection included; past it the sample fails with the phase's timeout reason. */
  timeoutMs: number;
  /** Skip certificate verification. */
  insecure?: boolean;
  /** Certificate authorities to trust instead of the system's (PEM). */
  ca?: string | string[];
  /** An http:// proxy URL (credentials allowed) to reach the target through. */
  proxy?: string;
  signal?: AbortSignal;
}

/** Milliseconds, fractional. */
export type PhaseTimes = Record<LatencyPhase, number>;

export type ProbeSample = { ok: true; status_code: number; phases: PhaseTimes } | { ok: false; reason: string };

type Stage = 'dns' | 'connect' | 'tls' | 'response';

/** A CONNECT the proxy answered with something else than 200. */
class TunnelError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`the proxy answered CONNECT with HTTP ${status}`);
    this.name = 'TunnelError';
    this.status = status;
  }
}

/**
 * Everything a sample opens, destroyed when the sample ends whichever way it ends. Errors are
 * read where each step awaits its event; one arriving between steps or after the sample ended
 * must not become an uncaught exception, so each item also gets a listener that ignores it.
 */
class Opened {
  readonly #items: { destroy(): unknown }[] = [];
  add<T extends { destroy(): unknown }>(item: T): T {
    this.#items.push(item);
    return item;
  }
  /** A socket or request, whose late errors are ignored. */
  addEmitter<T extends EventEmitter & { destroy(): unknown }>(item: T): T {
    item.on('error', () => undefined);
    return this.add(item);
  }
  destroyAll(): void {
    for (const item of this.#items) {
      const done = item.destroy();
      if (done instanceof Promise) done.catch(() => undefined);
    }
  }
}

interface Progress {
  stage: Stage;
}

export async function probe(target: string | URL, options: ProbeOptions): Promise<ProbeSample> {
  const url = new URL(target);
  const opened = new Opened();
  const progress: Progress = { stage: 'dns' };
  try {
    const measured = await withDeadline(measure(url, options, opened, progress), options, progress);
    return { ok: true, ...measured };
  } catch (error) {
    return { ok: false, reason: reasonOf(error, progress.stage, options.proxy !== undefined) };
  } finally {
    opened.destroyAll();
  }
}

async function measure(
  url: URL,
  options: ProbeOptions,
  opened: Opened,
  progress: Progress,
): Promise<{ status_code: number; phases: PhaseTimes }> {
  const https = url.protocol === 'https:';
  const proxy = options.proxy === undefined ? undefined : new URL(options.proxy);
  const first = proxy ?? url;
  const start = performance.now();
  const literal = literalAddress(hostOf(first));
  // An IP literal is not looked up: its dns phase is 0, not the scheduler's noise around an await.
  const addresses = literal ?? (await dns.lookup(hostOf(first), { all: true }));
  const resolved = literal ? start : performance.now();
  progress.stage = 'connect';
  let socket = await tcpConnect(hostOf(first), addresses, portOf(first), opened);
  if (proxy && https) socket = await tunnel(socket, url, proxy, opened);
  const connected = performance.now();
  progress.stage = 'tls';
  if (https) socket = await tlsHandshake(socket, url, options, opened);
  const secured = https ? performance.now() : connected;
  progress.stage = 'response';
  const forward = proxy !== undefined && !https;
  // The socket is handed over on a later tick: undici's connect() does not expect its connector
  // to call back synchronously, and would never write the request.
  const connector = (_opts: unknown, callback: (error: null, socket: Socket) => void): void => queueMicrotask(() => callback(null, socket));
  const client = opened.add(new Client(forward ? proxy.origin : url.origin, { connect: connector, pipelining: 1 }));
  const response = await client.request({
    method: 'GET',
    path: forward ? url.href : `${url.pathname}${url.search}`,
    headers: { host: url.host, 'user-agent': `loadgate/${VERSION}`, ...(forward ? proxyAuthorization(proxy) : {}) },
  });
  const firstByte = performance.now();
  await finished(response.body.resume());
  const end = performance.now();
  return {
    status_code: response.statusCode,
    phases: {
      dns: resolved - start,
      connect: connected - resolved,
      tls: secured - connected,
      ttfb: firstByte - secured,
      total: end - start,
    },
  };
}

/** The work, or the timeout / cancellation that comes first. */
function withDeadline<T>(work: Promise<T>, options: ProbeOptions, progress: Progress): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(timeoutError(progress.stage)), options.timeoutMs);
    const onAbort = (): void => reject(Object.assign(new Error('the latency test was cancelled'), { code: 'UND_ERR_ABORTED' }));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    work.then(resolvePromise, reject).finally(() => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    });
  });
}

/** Codes that classifyError reads as the timeout of each stage. */
function timeoutError(stage: Stage): Error {
  const code = {
    dns: 'EAI_AGAIN',
    connect: 'UND_ERR_CONNECT_TIMEOUT',
    tls: 'UND_ERR_CONNECT_TIMEOUT',
    response: 'UND_ERR_HEADERS_TIMEOUT',
  }[stage];
  return Object.assign(new Error(`timed out during ${stage}`), { code });
}

function reasonOf(error: unknown, stage: Stage, viaProxy: boolean): string {
  if (error instanceof TunnelError) return `proxy tunnel failed: HTTP ${error.status}`;
  // Only the connection to the proxy is the proxy's failure; after it, errors come from the target.
  return classifyError(error, viaProxy && stage === 'connect');
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function literalAddress(host: string): LookupAddress[] | undefined {
  const family = isIP(host);
  return family === 0 ? undefined : [{ address: host, family }];
}

/**
 * Connects to the addresses already resolved (the lookup handed to net answers from them), so
 * that DNS stays out of the connect phase while net still tries IPv6 and IPv4 addresses in turn
 * (`localhost` may resolve to ::1 first for a server listening on 127.0.0.1 only).
 */
async function tcpConnect(host: string, addresses: readonly LookupAddress[], port: number, opened: Opened): Promise<Socket> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const socket = opened.addEmitter(netConnect({ host, port, lookup, autoSelectFamily: true }));
  await once(socket, 'connect');
  return socket;
}

async function tunnel(socket: Socket, url: URL, proxy: URL, opened: Opened): Promise<Socket> {
  const authority = `${url.hostname}:${portOf(url)}`;
  const req = httpRequest({
    method: 'CONNECT',
    path: authority,
    headers: { host: authority, ...proxyAuthorization(proxy) },
    createConnection: () => socket,
  });
  opened.addEmitter(req);
  req.end();
  const [response] = (await once(req, 'connect')) as [IncomingMessage, Socket, Buffer];
  if (response.statusCode !== 200) throw new TunnelError(response.statusCode ?? 0);
  return socket;
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (proxy.username === '' && proxy.password === '') return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

async function tlsHandshake(socket: Socket, url: URL, options: ProbeOptions, opened: Opened): Promise<Socket> {
  const host = hostOf(url);
  const secure = opened.addEmitter(
    tlsConnect({
      socket,
      host,
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ...(options.ca === undefined ? {} : { ca: options.ca }),
      rejectUnauthorized: options.insecure !== true,
      ALPNProtocols: ['http/1.1'],
    }),
  );
  await once(secure, 'secureConnect');
  return secure;
}
