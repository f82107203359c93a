// Connections. Each in-flight slot owns an Agent whose factory makes one Client per origin: the
// fastest undici path here (a shared Pool or Agent costs 14–16 %, shared/bench/ANCHORS.md), and
// keep-alive reuse falls out of slots being reused. An Agent routes by origin, so the redirects
// the slot follows (slot.ts) may cross origins.
import { Agent, Client, ProxyAgent, type Dispatcher } from 'undici';

export interface ConnectionSettings {
  insecure: boolean;
  /** Connect timeout (the longest step timeout of the test). */
  connectTimeoutMs: number;
}

const KEEP_ALIVE_MS = 30_000;

function connectOptions(settings: ConnectionSettings) {
  return { rejectUnauthorized: !settings.insecure, timeout: settings.connectTimeoutMs };
}

/** A direct dispatcher for one slot: one connection per origin. */
export function directDispatcher(settings: ConnectionSettings, h2: boolean): { dispatcher: Dispatcher; close(): Promise<void> } {
  const agent = new Agent({
    factory: (origin, opts) => new Client(origin, opts),
    connect: connectOptions(settings),
    // Explicit either way: undici 8 offers h2 by ALPN unless told not to (the Agent then keys its
    // clients by "<origin>#http1-only", a string built per request, ~1.5 % of the engine's CPU).
    allowH2: h2,
    // With 1, undici writes the next request on a reused connection one event-loop turn later,
    // batched after the reads; writing at once (2) measured 8–18 % slower.
    pipelining: 1,
    keepAliveTimeout: KEEP_ALIVE_MS,
  });
  return { dispatcher: agent, close: () => agent.destroy() };
}

/** A dispatcher through an HTTP proxy (one per location, shared by the slots). */
export function proxyDispatcher(proxyUrl: string, settings: ConnectionSettings, h2: boolean): { dispatcher: Dispatcher; close(): Promise<void> } {
  const agent = new ProxyAgent({
    uri: proxyUrl,
    requestTls: connectOptions(settings),
    proxyTls: connectOptions(settings),
    connect: connectOptions(settings),
    allowH2: h2,
    keepAliveTimeout: KEEP_ALIVE_MS,
  });
  return { dispatcher: agent, close: () => agent.destroy() };
}
