// The engine's scheduling tick (docs/engine.md, All the cores). Iterations start when a slot frees
// and on a timer tick, which starts the ones that fell due since the last. Each tick wakes the
// thread's event loop, and a thread's CPU per request grows as its own rate falls, each wake
// serving fewer requests (docs/performance.md, "Measurements behind the engine's choices", has
// the figures). So the threads of a run that each carry less than one
// thread does at 10,000/s take turns: each ticks every N ms, thread w at w − 1 ms into each period,
// and starts about as many iterations a tick as one thread does at 10,000/s; the process as a
// whole still ticks once a millisecond, and the service gets the same batches as from one thread.

/** When a thread ticks: every `everyMs`, `atMs` into each period from the schedule's start (whole ms). */
export interface TickTurn {
  everyMs: number;
  atMs: number;
}

/** A thread ticks at least this often: an iteration starts at most this long after it is due (sooner when a slot frees). */
export const MAX_TICK_MS = 4;
/** Iterations a tick starts at most by taking turns: what one thread's 1 ms tick starts at 10,000/s. */
export const TICK_BATCH = 10;

/** The tick of one thread, and of the only one. */
export const EVERY_MS: TickTurn = { everyMs: 1, atMs: 0 };

/**
 * Thread `thread` (1-based) of `threads`, whose share peaks at `peakPerS` iterations a second: every
 * ms when it starts TICK_BATCH or more a ms by itself, else every as many ms as bring a tick to
 * TICK_BATCH, at most one a thread and MAX_TICK_MS.
 */
export function threadTurn(thread: number, threads: number, peakPerS: number): TickTurn {
  const batchMs = Math.floor((TICK_BATCH * 1000) / Math.max(1, peakPerS));
  const everyMs = Math.max(1, Math.min(threads, MAX_TICK_MS, batchMs));
  return { everyMs, atMs: (thread - 1) % everyMs };
}

/**
 * Whole ms from `sinceStartMs` (ms since the schedule's start) to the thread's next turn: 1 to
 * everyMs. Counted from the start rather than from the last tick, so that the late firings of
 * Node's timers do not drift the threads' turns into one another.
 */
export function msToTurn(sinceStartMs: number, { everyMs, atMs }: TickTurn): number {
  const into = (((Math.floor(sinceStartMs) - atMs) % everyMs) + everyMs) % everyMs;
  return everyMs - into;
}

/**
 * Whole ms from `sinceStartMs` to the thread's first turn at or after `dueMs` (ms since the start),
 * and never before its next turn: a tick for what falls due then, with no tick before it.
 */
export function msToTurnAtOrAfter(sinceStartMs: number, dueMs: number, turn: TickTurn): number {
  const wait = msToTurn(sinceStartMs, turn);
  const short = dueMs - (Math.floor(sinceStartMs) + wait);
  return short <= 0 ? wait : wait + Math.ceil(short / turn.everyMs) * turn.everyMs;
}
