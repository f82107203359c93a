// Warms the engine's hot path before the first recorded start (docs/engine.md, warm start), without
// sending the user's requests. Cold, the engine's and undici's code runs several times slower
// until the JIT has compiled it, and in a run's first second that showed as the service's latency
// (tens to hundreds of ms against a service answering in 0.3 ms). So a real Engine, with its
// slots, schedule and recorder, first runs against an HTTP endpoint of its own on 127.0.0.1: the
// same number of steps with the same methods, bodies, default headers and timeouts, for
// warmMsFor(the plan's busiest second), half of it at the plan's own pace (up to PACED_WARM_RATE)
// and half as fast as it can (warmRounds), each round ending as a finished run ends, and what it
// recorded is thrown away. Once per thread: the code stays compiled for every later run on it
// (the comparison gate's rounds); a later run that needs a longer warm-up gets the difference.
import { performance } from 'node:perf_hooks';
import { Engine } from './engine.ts';
import { initHistograms } from '../results/histogram.ts';
import { LoadPlan } from './plan.ts';
import { dispatchOptions, type PreparedStep, type Renderable } from './step.ts';
import { startWarmEndpoint } from './warm-endpoint.ts';

/** The warm-up's bounds: this long (up to 1,000 requests a second; warmMsFor), at this many iterations a second at most. */
export const WARM_MS = 500;
/**
 * Above what one thread sends to its own endpoint once warm: the warm-up goes as fast as the
 * thread can, because V8 compiles with its top tier only what has run often enough; warmed at a
 * plan's own rate, tens of the hot path's functions were still compiled by TurboFan in the
 * recorded first second. The figures are in docs/performance.md, "Measurements behind the engine's choices" (measurements stay out of
 * comments, issue 32).
 */
export const WARM_RATE = 40_000;
/** Plans whose busiest second has up to this many requests get WARM_MS. */
export const WARM_SHORT_RATE = 1_000;
/** Plans whose busiest second has this many requests get WARM_LONG_MS. */
export const WARM_LONG_RATE = 5_000;
export const WARM_LONG_MS = 1000;
/** Plans whose busiest second has this many requests or more get WARM_TOP_MS. */
export const WARM_TOP_RATE = 20_000;
export const WARM_TOP_MS = 3000;

/**
 * How long to warm for a plan whose busiest second sends `peakRequestsPerS` requests: WARM_MS up
 * to 1,000 a second, WARM_LONG_MS at 5,000, WARM_TOP_MS from 20,000, in proportion between. Cold
 * code adds its own time to every request it handles, and at a slow plan's rate V8 would compile
 * it during the run: a shorter warm-up left the first second's p95 well above the steady seconds'
 * and iterations late. The faster the plan, the more of the hot path V8 must have compiled with
 * its top tier before the start: near the thread's full speed there is no time to spare for it,
 * and what the first second could not start on time was a backlog the rest of the run carried.
 * The interleaved runs that chose these bounds: docs/performance.md, "Measurements behind the
 * engine's choices" and "Starts on the tick".
 */
export function warmMsFor(peakRequestsPerS: number): number {
  if (peakRequestsPerS <= WARM_LONG_RATE) return between(peakRequestsPerS, [WARM_SHORT_RATE, WARM_MS], [WARM_LONG_RATE, WARM_LONG_MS]);
  return between(peakRequestsPerS, [WARM_LONG_RATE, WARM_LONG_MS], [WARM_TOP_RATE, WARM_TOP_MS]);
}

/** The ms at `rate` on the line from `from` to `to` ([rate, ms] each), held at their ends. */
function between(rate: number, [fromRate, fromMs]: [number, number], [toRate, toMs]: [number, number]): number {
  const share = Math.min(1, Math.max(0, (rate - fromRate) / (toRate - fromRate)));
  return Math.round(fromMs + (toMs - fromMs) * share);
}
const WARM_CONCURRENCY = 32;

export interface WarmReport {
  /** Requests the engine sent, and the loopback endpoint answered. */
  requests: number;
  served: number;
  /** Requests that failed (none: the round winds down rather than stopping). */
  failed: number;
  ms: number;
}

const constant = (text: string): Renderable => ({ static: text, render: () => text });

/** A step of the same shape as the user's, to the loopback endpoint, with nothing of its content. */
export function loopbackStep(step: PreparedStep, origin: string): PreparedStep {
  const warm: PreparedStep = {
    id: step.id,
    name: step.name,
    displayUrl: `${origin}/warm`,
    origin,
    method: step.method,
    path: constant('/warm'),
    headers: [],
    body: step.body === null ? null : constant('warm'),
    staticOptions: null,
    // The user's timeout: the slot's deadline and the connect timer are then Node timers of the
    // lengths the recorded run arms (docs/engine.md, warm start).
    timeoutMs: step.timeoutMs,
    followRedirects: false,
    h2: false,
    decompress: step.decompress,
    checks: null,
    expectedStatus: step.expectedStatus,
    sleep: null,
    // The hot path warmed is the request's: a stream is sent to the loopback endpoint as a request.
    stream: null,
  };
  warm.staticOptions = dispatchOptions(warm, null);
  return warm;
}

/**
 * How long a warm-up round may take to wind down before it is stopped: its endpoint answers at
 * once, so this bounds only an endpoint that stopped answering.
 */
export const WIND_DOWN_MS = 1000;

/**
 * Runs the engine against a loopback endpoint of its own for `ms`, `iterations` a second (linear);
 * nothing is kept. The round ends as a finished run does, with every request answered: stopped, its
 * requests in flight were aborted, and undici's objects took values on that path (an aborted
 * request, a destroyed socket) that made V8 throw away much of the compiled hot path right before
 * the recorded start, then compile it again in the first second (docs/performance.md, "The
 * recorded start: code compiled twice").
 */
export async function warmHotPath(steps: readonly PreparedStep[], { ms = WARM_MS, iterations = WARM_RATE } = {}): Promise<WarmReport> {
  const started = performance.now();
  await initHistograms();
  const endpoint = await startWarmEndpoint();
  const stop = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  try {
    const plan = new LoadPlan({ iteration_count: Math.max(1, iterations), duration: 1, load_type: 'linear' });
    const engine = new Engine(
      plan,
      steps.map((step) => loopbackStep(step, endpoint.origin)),
      {
        concurrency: WARM_CONCURRENCY,
        insecure: false,
        proxies: {},
        signal: stop.signal,
      },
    );
    timers.push(
      setTimeout(() => engine.windDown(), ms),
      setTimeout(() => stop.abort(), ms + WIND_DOWN_MS),
    );
    const outcome = await engine.run();
    const failed = outcome.recorder.failed.reduce((n, c) => n + c, 0);
    outcome.recorder.destroy();
    return { requests: outcome.requests, served: endpoint.served(), failed, ms: Math.round(performance.now() - started) };
  } finally {
    for (const timer of timers) clearTimeout(timer);
    endpoint.close();
  }
}

let warmed: Promise<unknown> = Promise.resolve();
let warmedMs = 0;

/** The share of a warm-up spent at the recorded plan's own pace, before the rest flat out. */
export const PACED_SHARE = 0.5;

export interface WarmRound {
  ms: number;
  /** Iterations a second (linear): WARM_RATE is as fast as the thread can. */
  iterations: number;
}

/**
 * The paced round's rate at most. The warm-up's endpoint answers on the engine's own thread, so
 * near the thread's full speed a round at the plan's own rate had every connection busy, like the
 * flat-out round, and the recorded run met the paced paths for the first time (an idle connection
 * unref'd and ref'd again, its keep-alive timer, a tick that finds nothing in flight). At this rate
 * the thread has time between requests (docs/performance.md, "The recorded start: code compiled
 * twice").
 */
export const PACED_WARM_RATE = 10_000;

/**
 * A warm-up of `ms` in two rounds. The first, PACED_SHARE of the time, at the recorded plan's own
 * rate (`perS` iterations a second, up to PACED_WARM_RATE), so that the code compiled before the
 * recorded start has seen the paths a paced run takes (a connection idle between requests) and
 * the state a finished run leaves. The second goes flat out, so that V8 compiles the hot path with
 * its top tier with all of that seen. Both rounds keep WARM_CONCURRENCY in flight, whatever the
 * plan's cap: the thread's first connect is slow on cold code and must not size the round's
 * connections. What V8 did otherwise: docs/performance.md, "Why the engine's code is shaped as it is";
 * the measurements: docs/performance.md, "Measurements behind the engine's choices".
 */
export function warmRounds(ms: number, perS: number): WarmRound[] {
  const paced = Math.round(ms * PACED_SHARE);
  return [
    { ms: paced, iterations: Math.min(perS, PACED_WARM_RATE) },
    { ms: ms - paced, iterations: WARM_RATE },
  ];
}

/**
 * warmHotPath once per thread for `ms`, in warmRounds for a plan of `perS` iterations a second; a
 * later call that asks for longer warms for the difference.
 */
export function warmThread(steps: readonly PreparedStep[], ms: number, perS: number): Promise<unknown> {
  if (ms > warmedMs) {
    const rounds = warmRounds(ms - warmedMs, perS);
    warmedMs = ms;
    warmed = warmed.then(async () => {
      for (const round of rounds) await warmHotPath(steps, round);
    });
  }
  return warmed;
}
