// Connections opened ahead of need (docs/engine.md, warm start). Opening a connection costs the
// generator a connect (and a TLS handshake) on its event loop, and costs the request that opens
// it a round trip in its recorded time. So the engine opens the connections the schedule will
// need before the recorded start, and hands them to its undici Clients through undici's own
// `connect` hook: a Client that connects takes a socket opened ahead if one is waiting, else
// opens one as usual. HTTP stays undici's; only the socket comes earlier. Every socket made
// here is counted while it is open (`sockets` in the series).
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildConnector } from 'undici';
import { skipContinueResponses } from './interim.ts';

export interface ConnectSettings {
  insecure: boolean;
  /** Connect timeout (the longest step timeout of the test). */
  connectTimeoutMs: number;
}

/** Sockets open now, and the most at once. */
export class SocketCount {
  open = 0;
  max = 0;

  track(socket: Socket): void {
    this.open++;
    if (this.open > this.max) this.max = this.open;
    socket.once('close', () => this.open--);
  }
}

/**
 * undici's connector (TLS verified unless insecure; ALPN h2 only for h2 steps), counting its
 * sockets, each of which skips interim `100 Continue` responses (interim.ts).
 */
export function countedConnector(settings: ConnectSettings, h2: boolean, count: SocketCount): buildConnector.connector {
  const connect = buildConnector({ rejectUnauthorized: !settings.insecure, timeout: settings.connectTimeoutMs, allowH2: h2 });
  return (options, callback) => {
    const socket = connect(options, callback) as unknown as Socket;
    count.track(socket);
    skipContinueResponses(socket, h2);
    return socket;
  };
}

/** What a Client passes its connector for an origin. */
function connectOptionsOf(origin: string): buildConnector.Options {
  const url = new URL(origin);
  return { host: url.host, hostname: url.hostname.replace(/^\[|\]$/g, ''), protocol: url.protocol, port: url.port };
}

/**
 * The connector of one origin and protocol, shared by the Clients of every slot: sockets opened
 * ahead wait here until a Client takes one. Sharing it also shares undici's TLS session cache,
 * so connections after the first resume their session.
 */
export class OriginConnector {
  readonly connect: buildConnector.connector;
  private readonly open: buildConnector.connector;
  private readonly options: buildConnector.Options;
  private readonly waiting: Socket[] = [];

  constructor(origin: string, settings: ConnectSettings, h2: boolean, count: SocketCount) {
    this.open = countedConnector(settings, h2, count);
    this.options = connectOptionsOf(origin);
    this.connect = (options, callback) => {
      const socket = this.waiting.pop();
      if (!socket) return this.open(options, callback);
      // undici expects the callback after connect() has returned, as a real connect does.
      queueMicrotask(() => callback(null, socket));
      return socket;
    };
  }

  get idle(): number {
    return this.waiting.length;
  }

  /**
   * Opens `probes` sockets one after another and times each: the fastest connect's time in ms, or
   * null when the first failed or took over waitMs. The fastest, because a connect's time on a
   * loaded machine (the first on cold code above all) is as much the scheduler's as the
   * network's, and it scales every connection opened ahead; one after another, because sockets
   * opened at once are read in the same turn of the loop and share its delay.
   */
  async timeConnect(waitMs: number, probes = 1): Promise<number | null> {
    let fastest: number | null = null;
    for (let i = 0; i < probes; i++) {
      const started = performance.now();
      if (!(await this.openOne(waitMs))) break;
      fastest = Math.min(fastest ?? Infinity, performance.now() - started);
    }
    return fastest;
  }

  /** Opens n sockets at once; resolves when each has connected or failed, or after waitMs. */
  async prepare(n: number, waitMs: number): Promise<void> {
    await Promise.all(Array.from({ length: Math.max(0, n) }, () => this.openOne(waitMs)));
  }

  /** Opens n sockets without waiting for them (more connections ahead of a rising schedule). */
  add(n: number): void {
    for (let i = 0; i < n; i++) void this.openOne(Infinity);
  }

  /** Closes the sockets no Client took. */
  close(): void {
    for (const socket of this.waiting.splice(0)) socket.destroy();
  }

  private openOne(waitMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = Number.isFinite(waitMs) ? setTimeout(() => resolve(false), waitMs) : undefined;
      this.open(this.options, (error, socket) => {
        clearTimeout(timer);
        if (error || !socket) return resolve(false);
        this.keep(socket);
        resolve(true);
      });
    });
  }

  private keep(socket: Socket): void {
    this.waiting.push(socket);
    // A socket that closes while it waits (the server's idle timeout) is simply not handed out.
    socket.once('close', () => {
      const at = this.waiting.indexOf(socket);
      if (at >= 0) this.waiting.splice(at, 1);
    });
  }
}
