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
    allowH2: h2,
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
