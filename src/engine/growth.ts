// When the engine may add a slot (and so a connection) beyond those opened ahead. Only while the
// event loop has time to spare (neither busy for LOOP_BUSY_SHARE of a window nor a tick late):
// after a window in which at least IN_USE_SHARE of the slots held an iteration, half as many again
// (or as many as are waiting, at most doubling), earned over the next window; and at once, at the
// schedule's rate, for a service that is slow by both the in-flight ages and the last second's
// median response. Never more than the schedule needs (slotsNeeded). The rules and the cases each
// measure misses: docs/engine.md, "Slots grow smoothly"; what each was measured against:
// docs/performance.md, "Growth sized on the loop's own time".
import { performance } from 'node:perf_hooks';

/** Length of the window that decides how many slots the next one may add. */
export const GROWTH_WINDOW_MS = 50;
/** An iteration's time is the least mean of this many recent windows with time to spare. */
export const MEASURED_WINDOWS = 5;
/** Slots were mostly in use: on average at least this share of them held an iteration (those opened ahead for twice the expected need run at about half). */
export const IN_USE_SHARE = 0.75;
/** The loop had time to spare: busy less than this share of the window, and no tick more than LATE_TICK_MS after its turn. */
export const LOOP_BUSY_SHARE = 0.9;
export const LATE_TICK_MS = 4;
/** A window may add this share of the slots, or the iterations waiting for one up to as many again, at least MIN_GROWTH. */
export const GROWTH_PER_WINDOW = 0.5;
const MIN_GROWTH = 4;
/** Out this long on average (ms, and SLOW_FACTOR times the expected iteration), with responses as slow: a slow service. */
export const SLOW_SERVICE_MS = 20;
const SLOW_FACTOR = 4;
/** At most this many ms' worth of the schedule's rate is saved up. */
const SAVED_MS = 5;
/** Slots beyond the schedule's need, for the first iterations of a second and rounding. */
export const SLOT_HEADROOM = 4;

/**
 * Iterations a second above what one engine thread sends (docs/performance.md has what it sent):
 * a schedule asked for more is sized as if for this. Every slot of an overloaded thread is in
 * flight, and each costs CPU on every request: at an unreachable rate the thousands of slots
 * sized for it cost much of the thread's throughput.
 */
export const THREAD_RATE_CEILING = 100_000;

/**
 * Slots a schedule of `rate` iterations a second (at most THREAD_RATE_CEILING) needs when one
 * takes `iterationMs`, `loopMs` of it the engine's own loop: the iterations of a second in flight
 * for twice the service's part of that time and once the loop's (Little's law, with room for the
 * service's variation), plus SLOT_HEADROOM. The loop's part is not doubled: near full speed it is
 * most of an iteration's time, and more connections only make it longer.
 */
export function slotsNeeded(rate: number, iterationMs: number, loopMs = 0): number {
  const serviceMs = Math.max(0, iterationMs - loopMs);
  const heldMs = 2 * serviceMs + Math.min(loopMs, iterationMs);
  return Math.ceil((Math.min(rate, THREAD_RATE_CEILING) * heldMs) / 1000) + SLOT_HEADROOM;
}

/** The share of wall time the event loop was busy since the last call (0–1). */
export type LoopBusy = () => number;

/** The engine thread's own event-loop utilisation since the last call. */
export function eventLoopBusy(): LoopBusy {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return busy;
  };
}

/** What the engine knows when a due iteration finds no free slot. */
export interface Need {
  now: number;
  /** How long the iterations in flight have been out, on average (ms). */
  outMs: number;
  /** How long an iteration was expected to take (ms). */
  expectedMs: number;
  /** Median response time of the last second (ms), null before there were enough. */
  medianMs: number | null;
  /** Slots there are, and the schedule's iterations this second. */
  slots: number;
  rate: number;
}

export class SlotGrowth {
  /** The engine's tick period (tick.ts): a gap between ticks up to it and LATE_TICK_MS is on time. */
  private readonly everyMs: number;
  /** The gap the last tick planned to the next (ms): longer than the period when nothing was due sooner. */
  private plannedMs: number;
  private windowStart = 0;
  private lastTick = 0;
  /** The last tick came on time; some tick of this window did not. */
  private lastOnTime = true;
  private lateInWindow = false;
  private samples = 0;
  private inFlightSum = 0;
  /** The last window's loop had time to spare. */
  private spare = false;
  private perMs = 0;
  private earned = 0;
  private atRate = 0;
  /** Iterations that ended in this window, and their time added up (ms). */
  private ended = 0;
  private endedMs = 0;
  /** The means of the last MEASURED_WINDOWS windows with time to spare (ms), oldest first. */
  private recentMeans: number[] = [];
  /** Tick gaps of this window added up (ms). */
  private gapSum = 0;
  /** How long the last window's loop held each iteration by itself: its busy share of a tick's gap (ms). */
  private loopMs = 0;
  /** take() said no since the last tick. */
  private refused = false;
  private readonly loopBusy: LoopBusy;

  constructor(tickEveryMs = 1, loopBusy: LoopBusy = eventLoopBusy()) {
    this.everyMs = tickEveryMs;
    this.plannedMs = tickEveryMs;
    this.loopBusy = loopBusy;
  }

  /** Starts afresh (a new phase): nothing earned until a window has shown a need. */
  reset(now: number): void {
    this.windowStart = now;
    this.lastTick = now;
    this.plannedMs = this.everyMs;
    this.lastOnTime = true;
    this.lateInWindow = false;
    this.samples = 0;
    this.inFlightSum = 0;
    this.spare = false;
    this.perMs = 0;
    this.earned = 0;
    this.atRate = 0;
    this.ended = 0;
    this.endedMs = 0;
    this.recentMeans = [];
    this.gapSum = 0;
    this.loopMs = 0;
    this.refused = false;
    this.loopBusy();
  }

  /** An iteration ended after `ms`. */
  iterationEnded(ms: number): void {
    this.ended++;
    this.endedMs += ms;
  }

  /**
   * On every tick of the engine: earn, sample how many slots are in use, close the window when due.
   * `rate`: the schedule's iterations this second; `waiting`: due iterations that found no slot;
   * `nextInMs`: when the engine's next tick is due (the period, or later when nothing falls due sooner).
   */
  tick(now: number, inFlight: number, slots: number, rate: number, waiting: number, nextInMs = this.everyMs): void {
    const sinceLast = Math.max(0, now - this.lastTick);
    const onTime = this.onTime(sinceLast);
    this.lastTick = now;
    this.plannedMs = nextInMs;
    this.refused = false;
    this.lastOnTime = onTime;
    if (!onTime) this.lateInWindow = true;
    this.earned = Math.min(Math.max(1, this.perMs * SAVED_MS), this.earned + this.perMs * sinceLast);
    const saved = Math.max(MIN_GROWTH, (rate * SAVED_MS) / 1000, Math.min(waiting, slots));
    this.atRate = onTime ? Math.min(saved, this.atRate + (rate * sinceLast) / 1000 + waiting) : 0;
    this.samples++;
    this.gapSum += sinceLast;
    this.inFlightSum += inFlight;
    if (now - this.windowStart >= GROWTH_WINDOW_MS) this.closeWindow(now, slots, waiting);
  }

  /**
   * Whether take() may say yes before the next tick. What it grants is earned on ticks, so a no
   * stands until then: a starved engine asks on every iteration that ends, and without this each
   * ask built and weighed a Need, on code the warm-up (at its slot cap) never ran, in a first
   * second with every slot busy (docs/performance.md, "The first 100 ms").
   */
  get mayGrow(): boolean {
    return !this.refused;
  }

  /** Whether one slot may be added now (and counts it). */
  take(need: Need): boolean {
    if (need.slots >= slotsNeeded(need.rate, this.iterationTime(need), this.loopMs)) return this.refuse();
    if (this.earned >= 1) this.earned--;
    else if (this.slowService(need) && this.atRate >= 1) this.atRate--;
    else return this.refuse();
    return true;
  }

  /**
   * How long an iteration takes, to size the slots by: what the recent windows with time to spare
   * measured (measuredMs; or the expected time, if longer). The age of those in flight counts
   * before anything was measured, and after only when it says the service turned slow
   * (SLOW_SERVICE_MS and SLOW_FACTOR times the measured): a busy loop, or a stall of a few ms, ages
   * every iteration in flight by its own delay, and sizing on that age is what grew the slots
   * (docs/performance.md, "Growth sized on the loop's own time").
   */
  private iterationTime({ expectedMs, outMs }: Need): number {
    const measuredMs = this.measuredMs;
    const measured = Math.max(expectedMs, measuredMs);
    const turnedSlow = measuredMs === 0 || outMs >= Math.max(SLOW_SERVICE_MS, SLOW_FACTOR * measured);
    return turnedSlow ? Math.max(measured, outMs) : measured;
  }

  /**
   * An iteration's time as measured (ms; 0 before any window was): the least of the last
   * MEASURED_WINDOWS means of windows with time to spare. One window's mean carries whatever stall
   * or catch-up fell in it (those in flight aged by the loop's own delay), and sized on it the
   * slots grew during the catch-up of a stall in a steady second; a service that slows for real
   * raises every window's mean, and the least follows within MEASURED_WINDOWS windows (one that
   * turned slow shows sooner, in the age of those in flight).
   */
  private get measuredMs(): number {
    return this.recentMeans.length === 0 ? 0 : Math.min(...this.recentMeans);
  }

  /** A gap since the last tick no longer than it planned (or the period) and LATE_TICK_MS. */
  private onTime(gapMs: number): boolean {
    return gapMs <= Math.max(this.everyMs, this.plannedMs) + LATE_TICK_MS;
  }

  private refuse(): false {
    this.refused = true;
    return false;
  }

  private slowService({ now, outMs, expectedMs, medianMs }: Need): boolean {
    // On time now, too: right after a stall, responses not read yet look like a slow service.
    const onTime = this.spare && this.lastOnTime && this.onTime(now - this.lastTick);
    const slow = Math.max(SLOW_SERVICE_MS, SLOW_FACTOR * expectedMs);
    return onTime && outMs >= slow && (medianMs === null || medianMs >= slow);
  }

  private closeWindow(now: number, slots: number, waiting: number): void {
    const inUse = this.inFlightSum / this.samples / Math.max(1, slots);
    const busy = this.loopBusy();
    this.spare = busy < LOOP_BUSY_SHARE && !this.lateInWindow;
    // The loop's busy time per tick: about how long it holds each iteration itself (to write it, and to read its answer).
    this.loopMs = (busy * this.gapSum) / Math.max(1, this.samples);
    // A window without time to spare read responses late: its iterations' times are the loop's.
    if (this.spare && this.ended > 0) {
      this.recentMeans.push(this.endedMs / this.ended);
      if (this.recentMeans.length > MEASURED_WINDOWS) this.recentMeans.shift();
    }
    this.ended = 0;
    this.endedMs = 0;
    const grow = this.spare && inUse >= IN_USE_SHARE;
    const more = Math.max(MIN_GROWTH, Math.ceil(slots * GROWTH_PER_WINDOW), Math.min(waiting, slots));
    this.perMs = grow ? more / GROWTH_WINDOW_MS : 0;
    if (!grow) this.earned = 0;
    this.windowStart = now;
    this.samples = 0;
    this.gapSum = 0;
    this.inFlightSum = 0;
    this.lateInWindow = false;
  }
}
