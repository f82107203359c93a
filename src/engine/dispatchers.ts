// Connections. Each in-flight slot owns its connections: one undici Client per origin its steps
// use (a shared Pool or Agent, and even a per-slot Agent's routing layer, cost throughput,
// measured: docs/performance.md, "Measurements behind the engine's choices"), so keep-alive reuse falls out of slots being reused. Redirects may
// cross origins: their hops go through a per-slot Agent, made on the first redirect. Sockets come
// from the engine's connectors (connections.ts), which open them ahead of need and count them.
import { Agent, Client, ProxyAgent, type buildConnector, type Dispatcher } from 'undici';
import type { ConnectSettings } from './connections.ts';

export type ConnectionSettings = ConnectSettings;

export interface OwnedDispatcher {
  dispatcher: Dispatcher;
  close(): Promise<void>;
}

const KEEP_ALIVE_MS = 30_000;

function connectOptions(settings: ConnectionSettings) {
  return { rejectUnauthorized: !settings.insecure, timeout: settings.connectTimeoutMs };
}

function clientOptions(connect: buildConnector.connector, h2: boolean) {
  return {
    connect,
    // Explicit either way: undici 8 offers h2 by ALPN unless told not to.
    allowH2: h2,
    // With 1, undici writes the next request on a reused connection one event-loop turn later,
    // batched after the reads; writing at once (2) measured slower (figures in docs/performance.md:
    // measurements stay out of comments, issue 32).
    pipelining: 1,
    keepAliveTimeout: KEEP_ALIVE_MS,
  };
}

/** One connection of a slot to one origin, through the origin's connector. */
export function directClient(origin: string, connect: buildConnector.connector, h2: boolean): OwnedDispatcher {
  const client = new Client(origin, clientOptions(connect, h2));
  return { dispatcher: client, close: () => client.destroy() };
}

/** A slot's dispatcher for redirect hops, to any origin: one Client per origin. */
export function redirectAgent(connect: buildConnector.connector, h2: boolean): OwnedDispatcher {
  const agent = new Agent({ factory: (origin, opts) => new Client(origin, opts), ...clientOptions(connect, h2) });
  return { dispatcher: agent, close: () => agent.destroy() };
}

/** A dispatcher through an HTTP proxy (one per location, shared by the slots). */
export function proxyDispatcher(proxyUrl: string, settings: ConnectionSettings, h2: boolean): OwnedDispatcher {
  const agent = new ProxyAgent({
    uri: proxyUrl,
    requestTls: connectOptions(settings),
    proxyTls: connectOptions(settings),
    connect: connectOptions(settings),
    allowH2: h2,
    keepAliveTimeout: KEEP_ALIVE_MS,
    webSocket: { maxPayloadSize: MAX_MESSAGE_BYTES },
  });
  return { dispatcher: agent, close: () => agent.destroy() };
}

/**
 * The largest WebSocket message the engine takes (bytes; undici's own bound, 128 MB by default):
 * a larger one fails the exchange and memory stays flat, as an SSE event's bound does (docs/streaming.md).
 */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The agent direct WebSocket handshakes go through (one per engine). A WebSocket keeps its
 * connection for itself once upgraded, so nothing is pooled: the agent only connects.
 */
export function webSocketAgent(settings: ConnectionSettings): OwnedDispatcher {
  const agent = new Agent({ connect: connectOptions(settings), webSocket: { maxPayloadSize: MAX_MESSAGE_BYTES } });
  return { dispatcher: agent, close: () => agent.destroy() };
}
