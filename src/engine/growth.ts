// When the engine may add a slot (and so a connection) beyond those opened ahead (docs/engine.md).
// A due iteration that finds every slot busy is not enough: when the event loop falls behind, or
// while every slot runs its first, cold iteration, busy slots are only waiting for the loop to read
// their responses, and a connection per waiting iteration (hundreds, at 20,000/s) made the first
// second several times slower, measured. So the slots grow only after a window in which they were
// mostly in use (the service holds them) while the loop had time to spare (it is not the limit),
// by half of what there is per window, earned evenly over the next window: smoothly, never a burst.
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
/** A window may add this share of the slots, at least MIN_GROWTH. */
export const GROWTH_PER_WINDOW = 0.5;
const MIN_GROWTH = 4;
/** At most this many ms' worth of earned slots are saved up. */
const SAVED_MS = 5;

export class SlotGrowth {
  private windowStart = 0;
  private lastTick = 0;
  private samples = 0;
  private inFlightSum = 0;
  private longestGap = 0;
  private perMs = 0;
  private earned = 0;
  private elu: EventLoopUtilization = performance.eventLoopUtilization();

  /** Starts afresh (a new phase): nothing earned until a window has shown a need. */
  reset(now: number): void {
    this.windowStart = now;
    this.lastTick = now;
    this.samples = 0;
    this.inFlightSum = 0;
    this.longestGap = 0;
    this.perMs = 0;
    this.earned = 0;
    this.elu = performance.eventLoopUtilization();
  }

  /** On every tick of the engine: earn, sample how many slots are in use, close the window when due. */
  tick(now: number, inFlight: number, slots: number): void {
    const sinceLast = Math.max(0, now - this.lastTick);
    this.lastTick = now;
    this.longestGap = Math.max(this.longestGap, sinceLast);
    this.earned = Math.min(Math.max(1, this.perMs * SAVED_MS), this.earned + this.perMs * sinceLast);
    this.samples++;
    this.inFlightSum += inFlight;
    if (now - this.windowStart >= GROWTH_WINDOW_MS) this.closeWindow(now, slots);
  }

  /** Whether one slot may be added now (and counts it). */
  take(): boolean {
    if (this.earned < 1) return false;
    this.earned--;
    return true;
  }

  private closeWindow(now: number, slots: number): void {
    const inUse = this.inFlightSum / this.samples / Math.max(1, slots);
    const busy = performance.eventLoopUtilization(this.elu).utilization;
    const grow = inUse >= IN_USE_SHARE && busy < LOOP_BUSY_SHARE && this.longestGap <= ON_TIME_MS;
    this.perMs = grow ? Math.max(MIN_GROWTH, Math.ceil(slots * GROWTH_PER_WINDOW)) / GROWTH_WINDOW_MS : 0;
    if (!grow) this.earned = 0;
    this.windowStart = now;
    this.samples = 0;
    this.inFlightSum = 0;
    this.longestGap = 0;
    this.elu = performance.eventLoopUtilization();
  }
}
