// The engine threads' turns (src/engine/tick.ts): a thread that carries less than one does at
// 10,000/s ticks less often, in turn with the others, so that a tick starts about TICK_BATCH
// iterations; each thread's next tick falls on its turn whenever its timer fires. And what starts
// an iteration: a tick, or, while due iterations wait for a slot, a slot that frees.
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type EngineOutcome } from '../src/engine/engine.ts';
import { LoadPlan } from '../src/engine/plan.ts';
import { EVERY_MS, MAX_TICK_MS, TICK_BATCH, msToTurn, msToTurnAtOrAfter, threadTurn } from '../src/engine/tick.ts';
import { initHistograms } from '../src/results/histogram.ts';
import { definition, preparedTest } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const turnsOf = (threads: number, peakPerS: number) => Array.from({ length: threads }, (_, w) => threadTurn(w + 1, threads, peakPerS));

describe('threadTurn', () => {
  it('the only thread ticks every millisecond, whatever its rate', () => {
    for (const rate of [0, 10, 5_000, 100_000]) expect(threadTurn(1, 1, rate)).toEqual(EVERY_MS);
  });

  it('two threads at 5,000/s each take turns, a millisecond each of 2 ms', () => {
    expect(turnsOf(2, 5_000)).toEqual([
      { everyMs: 2, atMs: 0 },
      { everyMs: 2, atMs: 1 },
    ]);
  });

  it('a thread that starts TICK_BATCH a millisecond by itself ticks every millisecond', () => {
    expect(turnsOf(2, TICK_BATCH * 1000)).toEqual([EVERY_MS, EVERY_MS]);
    expect(turnsOf(4, 7_000).map((t) => t.everyMs)).toEqual([1, 1, 1, 1]);
  });

  it('slow threads tick every MAX_TICK_MS at most, the turns shared round', () => {
    expect(turnsOf(6, 100)).toEqual([0, 1, 2, 3, 0, 1].map((atMs) => ({ everyMs: MAX_TICK_MS, atMs })));
  });

  it('a tick starts at most TICK_BATCH (or what a millisecond brings), and the turns cover every millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 0, max: 200_000 }), (threads, peakPerS) => {
        const turns = turnsOf(threads, peakPerS);
        const { everyMs } = turns[0]!;
        const perTick = (everyMs * peakPerS) / 1000;
        const covered = new Set(turns.map((t) => t.atMs));
        return (
          turns.every((t) => t.everyMs === everyMs && t.atMs < everyMs) &&
          everyMs <= Math.min(threads, MAX_TICK_MS) &&
          (everyMs === 1 || perTick <= TICK_BATCH) &&
          covered.size === everyMs
        );
      }),
    );
  });
});

describe('msToTurn', () => {
  it('is 1 ms every millisecond', () => {
    fc.assert(fc.property(fc.double({ min: -1e3, max: 1e7, noNaN: true }), (since) => msToTurn(since, EVERY_MS) === 1));
  });

  it("waits whole ms, 1 to everyMs, to the millisecond that is the thread's turn", () => {
    const turn = fc
      .integer({ min: 1, max: 16 })
      .chain((everyMs) => fc.record({ everyMs: fc.constant(everyMs), atMs: fc.integer({ min: 0, max: everyMs - 1 }) }));
    fc.assert(
      fc.property(turn, fc.double({ min: -1e3, max: 1e7, noNaN: true }), (t, since) => {
        const wait = msToTurn(since, t);
        const at = Math.floor(since) + wait;
        return Number.isInteger(wait) && wait >= 1 && wait <= t.everyMs && (((at - t.atMs) % t.everyMs) + t.everyMs) % t.everyMs === 0;
      }),
    );
  });

  it('a tick that fires late does not drift the turn: it is counted from the start', () => {
    const turn = { everyMs: 2, atMs: 1 };
    // Due at 3 ms, fired at 3.9, or at 4.2 (late into the other thread's millisecond): next in 5 either way.
    expect(Math.floor(3.9) + msToTurn(3.9, turn)).toBe(5);
    expect(Math.floor(4.2) + msToTurn(4.2, turn)).toBe(5);
  });
});

describe('msToTurnAtOrAfter', () => {
  const turn = fc
    .integer({ min: 1, max: 16 })
    .chain((everyMs) => fc.record({ everyMs: fc.constant(everyMs), atMs: fc.integer({ min: 0, max: everyMs - 1 }) }));

  it("waits for the thread's first turn at or after what falls due, never before its next turn", () => {
    fc.assert(
      fc.property(turn, fc.double({ min: 0, max: 1e7, noNaN: true }), fc.double({ min: 0, max: 5e3, noNaN: true }), (t, since, ahead) => {
        const due = since + ahead;
        const wait = msToTurnAtOrAfter(since, due, t);
        const at = Math.floor(since) + wait;
        const next = Math.floor(since) + msToTurn(since, t);
        const onTurn = (((at - t.atMs) % t.everyMs) + t.everyMs) % t.everyMs === 0;
        // The tick falls on a turn, no sooner than the next one, and is the first turn from which
        // the due time is not in the future: one turn earlier would have been before it.
        return Number.isInteger(wait) && onTurn && at >= next && at >= due - 1e-9 * due && (at === next || at - t.everyMs < due);
      }),
    );
  });

  it('is the next turn for what is already due', () => {
    expect(msToTurnAtOrAfter(10.4, 3, EVERY_MS)).toBe(1);
    expect(msToTurnAtOrAfter(10.4, 11, EVERY_MS)).toBe(1);
    expect(msToTurnAtOrAfter(10.4, 11.2, EVERY_MS)).toBe(2);
    expect(msToTurnAtOrAfter(10.4, 1000, EVERY_MS)).toBe(990);
  });
});

describe('a loop with nothing due sleeps', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(async () => {
    await target.close();
  });

  it('ticks for each start and each second, not every millisecond: 4/s with iterations held 1.5 s', async () => {
    await initHistograms();
    // 4 iterations over 1 s, each held 1.5 s by the service, on the 5 slots opened ahead (so none
    // waits for one, which would tick every millisecond until growth gives one): the schedule asks
    // for a tick at each start (4) and at each second's close (3); ticking every millisecond made about 2,500.
    const test = await preparedTest(definition([{ url: `${target.url}/delay/1500` }], { iteration_count: 4, duration: 1 }));
    const engine = new Engine(new LoadPlan(test.definition.config_data), test.steps, {
      concurrency: 20,
      insecure: false,
      proxies: {},
      startGraceMs: 60_000,
      overrunLimitMs: 20_000,
    });
    const outcome = await engine.run();
    outcome.recorder.destroy();
    expect(outcome.recorder.iterationsStarted.reduce((n, c) => n + c, 0)).toBe(4);
    expect(outcome.recorder.series.reduce((n, s) => n + s.responses, 0)).toBe(4);
    // A busy machine fires timers late, which only makes ticks fewer.
    expect(outcome.ticks).toBeGreaterThanOrEqual(4);
    expect(outcome.ticks).toBeLessThan(50);
  });
});

describe('what starts an iteration', () => {
  let target: Target;
  /** Called as each request reaches the target. */
  let onRequest = (): void => {};
  beforeAll(async () => {
    target = await startTarget({ onRequest: () => onRequest() });
  });
  afterAll(async () => {
    await target.close();
  });

  /**
   * 200 iterations due over 1 s against a service answering in 20 ms, on 10 slots, ticking every 1.5 s.
   * The engine's clock stands at 0 until the first request reaches the target, so the first tick
   * finds exactly the iteration due at 0 however long a busy machine takes between the schedule's
   * start and that tick; from then it runs at the real pace.
   */
  async function runTickingSlowly(): Promise<EngineOutcome> {
    await initHistograms();
    const test = await preparedTest(definition([{ url: `${target.url}/delay/20` }], { iteration_count: 200, duration: 1 }));
    const plan = new LoadPlan(test.definition.config_data);
    let since: number | undefined;
    onRequest = () => {
      since ??= performance.now();
    };
    const engine = new Engine(plan, test.steps, {
      concurrency: 10,
      insecure: false,
      proxies: {},
      clock: () => (since === undefined ? 0 : performance.now() - since),
      tick: { everyMs: 1500, atMs: 0 },
      startGraceMs: 60_000,
      overrunLimitMs: 20_000,
    });
    const outcome = await engine.run();
    outcome.recorder.destroy();
    return outcome;
  }

  it('on schedule, an ending iteration starts nothing; at the cap, a slot that frees takes the next due one at once', async () => {
    const outcome = await runTickingSlowly();
    // The first tick starts the one iteration due at 0; its end, 20 ms later, with slots free,
    // starts none of those that fell due meanwhile: they wait for the tick at 1.5 s.
    expect(outcome.recorder.series[0]!.started).toBe(1);
    // That tick finds 199 due and 10 slots: from then each ending iteration starts the next on its
    // slot, so all run within the grace, not 10 a tick (one tick every 1.5 s would take 30 s).
    expect(outcome.recorder.iterationsStarted.reduce((n, c) => n + c, 0)).toBe(200);
    expect(outcome.interrupted).toBe(false);
    expect(outcome.lateIterations).toBe(199);
  });
});
