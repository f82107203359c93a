// When the engine may add slots (src/engine/growth.ts), on a clock the test drives: each
// millisecond one tick, with every slot in use and iterations waiting for one, as in a schedule
// that slipped. The loop's busy share is given (0.2: time to spare, unless a case says), so the
// growth rule alone decides; the real pauses between windows keep the thread idle as well.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SlotGrowth, slotsNeeded, THREAD_RATE_CEILING } from '../src/engine/growth.ts';

interface Slipped {
  rate: number;
  /** How long each iteration takes (ms): its slot is held that long. */
  iterationMs: number;
  slots: number;
  ms: number;
  /** The loop's busy share (below 0.9: time to spare). */
  busy?: number;
  /** Mean age of the iterations in flight (ms); half their time unless given. */
  outMs?: number;
}

/** Slots after `ms` of a schedule whose every slot is in use with iterations waiting. */
async function slotsAfter({ rate, iterationMs, slots, ms, busy = 0.2, outMs = iterationMs / 2 }: Slipped): Promise<number> {
  const growth = new SlotGrowth(1, () => busy);
  growth.reset(0);
  let ending = 0;
  for (let now = 1; now <= ms; now++) {
    ending += slots / iterationMs;
    for (; ending >= 1; ending--) growth.iterationEnded(iterationMs);
    const waiting = rate / 100;
    growth.tick(now, slots, slots, rate, waiting);
    const need = { now, outMs, expectedMs: 1, medianMs: iterationMs, slots, rate };
    while (growth.take({ ...need, slots })) slots++;
    if (now % 50 === 0) await sleep(20);
  }
  return slots;
}

describe('slot growth', () => {
  it("sizes slots by Little's law: the iterations of a second in flight for twice their time, plus a few", () => {
    expect(slotsNeeded(20_000, 1)).toBe(44);
    expect(slotsNeeded(1_000, 30)).toBe(64);
    expect(slotsNeeded(100, 0.1)).toBe(5);
    // 1.5 ms an iteration, 1.2 of them the loop's own: 0.3 ms twice and 1.2 once, at 30,000/s.
    expect(slotsNeeded(30_000, 1.5, 1.2)).toBe(58);
  });

  it('sizes a rate above what one thread sends as that: an unreachable rate does not open thousands of connections', () => {
    expect(slotsNeeded(2_000_000, 1)).toBe(slotsNeeded(THREAD_RATE_CEILING, 1));
    expect(slotsNeeded(2_000_000, 1)).toBeLessThan(250);
  });

  it('does not grow for a backlog a fast service clears: the slots opened ahead are what the rate needs', async () => {
    // 20,000/s against a service answering in 0.2 ms, 44 slots opened ahead, all in use catching
    // up a slip. Growing by half per window (as before) made them hundreds within 300 ms.
    expect(await slotsAfter({ rate: 20_000, iterationMs: 0.2, slots: 44, ms: 300 })).toBe(44);
  });

  it("does not grow for a loop that holds the slots itself: near full speed an iteration's time is mostly the loop's", async () => {
    // 32,000/s, the loop 85 % busy, iterations of 1.2 ms and those in flight aged 3 ms by a short
    // stall: 64 slots opened ahead. Sized on the age, twice over (as before), they became 196.
    expect(await slotsAfter({ rate: 32_000, iterationMs: 1.2, slots: 64, ms: 300, busy: 0.85, outMs: 3 })).toBe(64);
  });

  it('grows for a service that holds the slots while the loop is busy, up to what the schedule needs', async () => {
    // 30,000/s, the loop 85 % busy, iterations of 4 ms (3 of them the service's): 120 in flight.
    const slots = await slotsAfter({ rate: 30_000, iterationMs: 4, slots: 64, ms: 400, busy: 0.85 });
    expect(slots).toBeGreaterThanOrEqual(120);
    expect(slots).toBeLessThanOrEqual(slotsNeeded(30_000, 4, 0.85));
  });

  it('sizes on the least of the recent windows: one whose iterations a stall aged does not grow the slots', () => {
    const growth = new SlotGrowth(1, () => 0.85);
    growth.reset(0);
    // 32,000/s on 64 slots, all in use: five windows of 1.2 ms iterations, then one whose
    // iterations a stall aged to 4 ms. Sized on that last window alone, the bound was 233.
    for (let now = 1; now <= 300; now++) {
      for (let i = 0; i < 30; i++) growth.iterationEnded(now > 250 ? 4 : 1.2);
      growth.tick(now, 64, 64, 32_000, 50);
    }
    expect(growth.take({ now: 300, outMs: 3, expectedMs: 1, medianMs: 1.2, slots: 64, rate: 32_000 })).toBe(false);
  });

  it('counts the age of those in flight once it says the service turned slow, and not for a stall of a few ms', () => {
    const growth = new SlotGrowth(1, () => 0.2);
    growth.reset(0);
    // 60 ms of a fast service at 1,000/s: iterations of 1 ms, every slot in use, a few waiting.
    for (let now = 1; now <= 60; now++) {
      growth.iterationEnded(1);
      growth.tick(now, 10, 10, 1_000, 10);
    }
    const need = { now: 60, expectedMs: 1, slots: 10, rate: 1_000 };
    expect(growth.take({ ...need, outMs: 10, medianMs: 1 })).toBe(false);
    growth.tick(61, 10, 10, 1_000, 10);
    expect(growth.take({ ...need, now: 61, outMs: 100, medianMs: 100 })).toBe(true);
  });

  it('grows while the service holds the slots, up to what the schedule needs and no further', async () => {
    // 1,000/s against a service answering in 30 ms: 30 in flight at once, 64 by the bound.
    const slots = await slotsAfter({ rate: 1_000, iterationMs: 30, slots: 6, ms: 600 });
    expect(slots).toBeGreaterThanOrEqual(30);
    expect(slots).toBeLessThanOrEqual(slotsNeeded(1_000, 30));
  });

  it('decides once a tick: after a no, the engine does not ask again until the next tick', () => {
    const growth = new SlotGrowth(1, () => 0.2);
    growth.reset(0);
    // A fast service (nothing earned, not slow): every slot busy, 200 iterations waiting.
    const need = { now: 1, outMs: 0.5, expectedMs: 1, medianMs: 0.5, slots: 10, rate: 20_000 };
    growth.tick(1, 10, 10, 20_000, 200);
    expect(growth.mayGrow).toBe(true);
    expect(growth.take(need)).toBe(false);
    expect(growth.mayGrow).toBe(false);
    growth.tick(2, 10, 10, 20_000, 200);
    expect(growth.mayGrow).toBe(true);
    // A yes (a slow service, out and answering in 100 ms, after a window with time to spare)
    // leaves the engine free to ask for the next slot at once.
    for (let now = 3; now <= 60; now++) growth.tick(now, 10, 10, 1_000, 10);
    expect(growth.take({ ...need, now: 60, outMs: 100, medianMs: 100, rate: 1_000 })).toBe(true);
    expect(growth.mayGrow).toBe(true);
  });

  it('a gap the engine planned (nothing due sooner) is on time; the same gap unplanned is a stall', () => {
    // 1,000/s against a slow service, every slot in use: first a window of ticks each 10 ms apart
    // as planned (a loop that slept with nothing due), then the same gaps unplanned (a stall).
    const slowNeed = (now: number) => ({ now, outMs: 100, expectedMs: 1, medianMs: 100, slots: 10, rate: 1_000 });
    const planned = new SlotGrowth(1, () => 0.2);
    planned.reset(0);
    for (let now = 0; now <= 60; now += 10) planned.tick(now, 10, 10, 1_000, 10, 10);
    expect(planned.take(slowNeed(60))).toBe(true);
    const stalled = new SlotGrowth(1, () => 0.2);
    stalled.reset(0);
    for (let now = 0; now <= 60; now += 10) stalled.tick(now, 10, 10, 1_000, 10);
    expect(stalled.take(slowNeed(60))).toBe(false);
  });
});
