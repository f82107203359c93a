// What one client can hold of the server: how long a connection may take to send its headers,
// its whole request (body included) and to stay silent, and how many connections one address
// may keep open. Without these, sockets that trickle a body a byte at a time, or simply never
// finish, hold the server's file descriptors until nothing else can connect (docs/security.md).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { rawErrorAnswer } from './errors.ts';
import { closeLingering, DEFAULT_LINGER, type Linger } from './linger.ts';

export interface ConnectionLimits {
  /** From a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body. */
  requestTimeoutMs: number;
  /** A connection with no byte in either direction for this long is closed. */
  idleTimeoutMs: number;
  /** Connections one client address may hold open at once; 0: no cap. */
  maxConnectionsPerAddress: number;
  /** How long, and for how many bytes, a connection closed after a refusal still reads (linger.ts). */
  linger: Linger;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  // A 50 MiB upload (the upload limit) needs about 3.5 Mbit/s to arrive in time.
  requestTimeoutMs: 120_000,
  idleTimeoutMs: 60_000,
  maxConnectionsPerAddress: 64,
  linger: DEFAULT_LINGER,
};

/**
 * Node checks the headers and request timeouts of open connections on a timer, every 30 s by
 * default, so a 20 s limit would fire after anything up to 50 s; a second keeps them close to
 * what they say, and visiting a few hundred sockets a second costs nothing.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** The Fastify options that apply the timeouts to its HTTP server. */
export function timeoutOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      // Node checks the two against each other when it creates the server.
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, limits.headersTimeoutMs, limits.requestTimeoutMs),
    },
  };
}

function tooManyConnections(max: number): string {
  return rawErrorAnswer(
    503,
    'Service Unavailable',
    'too_many_connections',
    `more than ${max} open connections from this address; close some and retry`,
  );
}

/**
 * Refuses a connection beyond `max` from one address with a 503 written straight on the socket
 * (before any request on it is read), then closes it lingering, so that the request the client
 * sent meanwhile does not reset the answer away. A refused connection counts against the address
 * while it lingers; past twice `max`, a refusal is closed at once, so that refusals cannot hold
 * more sockets than the cap. Behind a reverse proxy every client has the proxy's address: the cap
 * is then the proxy's, and per-client limits belong in the proxy.
 */
export function capConnectionsPerAddress(server: Server, max: number, linger: Linger): void {
  if (max === 0) return;
  const refusal = tooManyConnections(max);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // Gone before it was seen: nothing to count.
    if (address === undefined) {
      socket.destroy();
      return;
    }
    const count = open.get(address) ?? 0;
    if (count >= 2 * max) {
      socket.end(refusal, () => socket.destroy());
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
    if (count >= max) closeLingering(socket, linger, refusal);
  });
}
