// A step as the hot loop sees it: everything that can be computed before the run is computed once.
// Templates that turned out constant become one prebuilt dispatch-options object.
import type { Dispatcher } from 'undici';
import type { IterationVars } from '../variables/iteration.ts';
import type { CompiledTemplate } from '../variables/template.ts';
import type { StepChecks } from '../variables/checks.ts';
import type { Pattern } from '../patterns/pattern.ts';

export type { IterationVars };
export type Renderable = CompiledTemplate;

export interface PreparedStep {
  id: number;
  name: string;
  /** The URL for reports: environment variables resolved, per-iteration parts left as written. */
  displayUrl: string;
  origin: string;
  method: Dispatcher.HttpMethod;
  path: Renderable;
  headers: [Renderable, Renderable][];
  body: Renderable | null;
  /** Prebuilt when path, headers and body are all constant. */
  staticOptions: Dispatcher.DispatchOptions | null;
  timeoutMs: number;
  followRedirects: boolean;
  h2: boolean;
  decompress: boolean;
  checks: StepChecks | null;
  /** Error statuses the step's assertions expect: not HTTP errors (run.steps[].expected_status). */
  expectedStatus: ReadonlySet<number>;
  /** Think time after the step, [min, max] ms. */
  sleep: [number, number] | null;
  /** A streaming step (docs/streaming.md); null for every other step, which the slot sends as a request. */
  stream: PreparedStream | null;
}

/** A server-sent event stream: the step's request, its body read as events until an end. */
export interface PreparedSse {
  type: 'sse';
  /** The event type that ends the stream; null: a `data: [DONE]` event ends it. */
  untilEvent: string | null;
  maxEvents: number;
  maxMs: number;
  expectOpen: boolean;
}

/** A WebSocket exchange: `origin` is the step's, with its ws:// or wss:// scheme. */
export interface PreparedWebSocket {
  type: 'websocket';
  origin: string;
  send: Renderable[];
  receive: number;
  until: Pattern | null;
  maxMs: number;
}

export type PreparedStream = PreparedSse | PreparedWebSocket;

const DEFAULT_HEADERS: [string, string][] = [['user-agent', 'loadgate']];

/** Dispatch options for one request of the step. */
export function dispatchOptions(step: PreparedStep, vars: IterationVars | null): Dispatcher.DispatchOptions {
  const render = (r: Renderable): string => (r.static !== null || vars === null ? (r.static ?? '') : r.render(vars));
  const headers: string[] = [];
  const given = new Set<string>();
  for (const [name, value] of step.headers) {
    const key = render(name);
    given.add(key.toLowerCase());
    headers.push(key, render(value));
  }
  for (const [key, value] of DEFAULT_HEADERS) if (!given.has(key)) headers.push(key, value);
  if (step.decompress && !given.has('accept-encoding')) headers.push('accept-encoding', 'gzip, deflate, br');
  const body = step.body === null ? null : render(step.body);
  return {
    origin: step.origin,
    path: render(step.path),
    method: step.method,
    headers,
    body,
    // Off: the slot's deadline is the step timeout (slot.ts armDeadline). undici's own timers for
    // these are swept every half second, and a connection idle between requests (its keep-alive
    // timer in between) made a new one per request: each lived until the sweep, was promoted,
    // and the old generation's collections stalled the loop (docs/performance.md, "Steady-second stalls").
    headersTimeout: 0,
    bodyTimeout: 0,
  } as Dispatcher.DispatchOptions;
}

export function isStatic(step: Omit<PreparedStep, 'staticOptions'>): boolean {
  return (
    step.path.static !== null &&
    step.headers.every(([n, v]) => n.static !== null && v.static !== null) &&
    (step.body === null || step.body.static !== null)
  );
}
