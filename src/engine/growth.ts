// When the engine may add a slot (and so a connection) beyond those opened ahead (docs/engine.md).
// A due iteration that finds every slot busy is not enough: when the event loop falls behind, or
// while every slot runs its first, cold iteration, busy slots are only waiting for the loop to read
// their responses, and a connection per waiting iteration (hundreds, at 20,000/s) made the first
// second several times slower, measured. So slots are added in two cases only, each while the
// loop has time to spare (it is not the limit):
// - after a 50 ms window in which at least 3/4 of them were in use (the service held them): half
//   as many again, or as many as are waiting if more, earned evenly over the next window;
// - at once, at the schedule's rate (and for the iterations already waiting), while the iterations
//   in flight have been out for 20 ms on average (and 4 times what one was expected to take) and
//   the loop is on time now: a slow service, which needs a slot for every iteration it holds and
//   would otherwise leave the first windows' iterations late.
// "Time to spare" is two measures, because each misses a case: the loop's utilisation stays under
// 90 % on a machine whose other tenants take the core away from an idle-looking loop (then its
// 1 ms tick comes late), and a tick can come on time in a window whose loop was busy throughout.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Length of the window that decides how many slots the next one may add. */
export const GROWTH_WINDOW_MS = 50;
/** Slots were mostly in use: on average at least this share of them held an iteration (those opened ahead for twice the expected need run at about half). */
export const IN_USE_SHARE = 0.75;
/** The loop had time to spare: busy less than this share of the window, and no tick later than ON_TIME_MS. */
export const LOOP_BUSY_SHARE = 0.9;
export const ON_TIME_MS = 5;
/** A window may add this share of the slots (or the iterations waiting for one, if more), at least MIN_GROWTH. */
export const GROWTH_PER_WINDOW = 0.5;
const MIN_GROWTH = 4;
/** In flight this long on average (ms, and SLOW_FACTOR times the expected iteration), the service is slow. */
export const SLOW_SERVICE_MS = 20;
const SLOW_FACTOR = 4;
/** At most this many ms' worth of earned slots are saved up. */
const SAVED_MS = 5;

export class SlotGrowth {
  private windowStart = 0;
  private lastTick = 0;
  private lastGap = 0;
  private samples = 0;
  private inFlightSum = 0;
  private longestGap = 0;
  private perMs = 0;
  private earned = 0;
  private atRate = 0;
  private elu: EventLoopUtilization = performance.eventLoopUtilization();

  /** Starts afresh (a new phase): nothing earned until a window has shown a need. */
  reset(now: number): void {
    this.windowStart = now;
    this.lastTick = now;
    this.lastGap = 0;
    this.samples = 0;
    this.inFlightSum = 0;
    this.longestGap = 0;
    this.perMs = 0;
    this.earned = 0;
    this.atRate = 0;
    this.elu = performance.eventLoopUtilization();
  }

  /**
   * On every tick of the engine: earn, sample how many slots are in use, close the window when due.
   * `rate`: the schedule's iterations this second; `waiting`: due iterations that found no slot.
   */
  tick(now: number, inFlight: number, slots: number, rate: number, waiting: number): void {
    const sinceLast = Math.max(0, now - this.lastTick);
    this.lastTick = now;
    this.lastGap = sinceLast;
    this.longestGap = Math.max(this.longestGap, sinceLast);
    this.earned = Math.min(Math.max(1, this.perMs * SAVED_MS), this.earned + this.perMs * sinceLast);
    const onTime = sinceLast <= ON_TIME_MS;
    const saved = Math.max(MIN_GROWTH, (rate * SAVED_MS) / 1000, waiting);
    this.atRate = onTime ? Math.min(saved, this.atRate + (rate * sinceLast) / 1000 + waiting) : 0;
    this.samples++;
    this.inFlightSum += inFlight;
    if (now - this.windowStart >= GROWTH_WINDOW_MS) this.closeWindow(now, slots, waiting);
  }

  /**
   * Whether one slot may be added at `now` (and counts it). `outMs`: how long the iterations in flight
   * have been out on average; `expectedMs`: how long one was expected to take.
   */
  take(now: number, outMs: number, expectedMs: number): boolean {
    if (this.earned >= 1) {
      this.earned--;
      return true;
    }
    // On time now, too: right after a stall, responses not read yet look like a slow service.
    const onTime = this.lastGap <= ON_TIME_MS && now - this.lastTick <= ON_TIME_MS;
    const slowService = onTime && outMs >= Math.max(SLOW_SERVICE_MS, SLOW_FACTOR * expectedMs);
    if (!slowService || this.atRate < 1) return false;
    this.atRate--;
    return true;
  }

  private closeWindow(now: number, slots: number, waiting: number): void {
    const inUse = this.inFlightSum / this.samples / Math.max(1, slots);
    const busy = performance.eventLoopUtilization(this.elu).utilization;
    const grow = inUse >= IN_USE_SHARE && busy < LOOP_BUSY_SHARE && this.longestGap <= ON_TIME_MS;
    this.perMs = grow ? Math.max(MIN_GROWTH, Math.ceil(slots * GROWTH_PER_WINDOW), waiting) / GROWTH_WINDOW_MS : 0;
    if (!grow) this.earned = 0;
    this.windowStart = now;
    this.samples = 0;
    this.inFlightSum = 0;
    this.longestGap = 0;
    this.elu = performance.eventLoopUtilization();
  }
}
