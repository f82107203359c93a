// Warm start and the generator watching itself (DESIGN 4), against real local servers: the hot-path
// warm-up never reaches the user's target, the warm-up period is sent but not recorded, slots do not
// multiply when the loop falls behind, every second says how the generator did, and a run asked for
// far more than the machine can send still ends on time, saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadPlan } from '../src/engine/plan.ts';
import { defaultConcurrency, MAX_DEFAULT_CONCURRENCY, MIN_DEFAULT_CONCURRENCY, warmUpPlan } from '../src/engine/run.ts';
import {
  loopbackStep,
  PACED_SHARE,
  PACED_WARM_RATE,
  WARM_LONG_MS,
  WARM_MS,
  WARM_RATE,
  WARM_TOP_MS,
  warmHotPath,
  warmMsFor,
  warmRounds,
} from '../src/engine/warm.ts';
import { headerEnds, startWarmEndpoint } from '../src/engine/warm-endpoint.ts';
import { connect } from 'node:net';
import { generatorInfo, mergeGenerators, type GeneratorFacts } from '../src/engine/generator.ts';
import { START_GRACE_MS } from '../src/engine/engine.ts';
import type { SecondSample } from '../src/types.ts';
import { holdingTarget, startTarget, type Target } from './helpers/targets.ts';
import { definition, preparedTest, runDefinition, runOnTestClock } from './helpers/run-definition.ts';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(async () => {
  await target.close();
});

describe('hot-path warm-up', () => {
  it("lasts what the plan's busiest second needs: 500 ms up to 1,000 requests a second, 1 s at 5,000, 3 s from 20,000, in proportion between", () => {
    expect([0, 20, 1000, 3000, 5000, 12_500, 20_000, 200_000].map(warmMsFor)).toEqual([
      WARM_MS,
      WARM_MS,
      WARM_MS,
      750,
      WARM_LONG_MS,
      2000,
      WARM_TOP_MS,
      WARM_TOP_MS,
    ]);
  });

  it("runs first at the recorded plan's own pace, up to PACED_WARM_RATE, then flat out", () => {
    const rounds = warmRounds(1000, 4000);
    expect(rounds).toEqual([
      { ms: 1000 * PACED_SHARE, iterations: 4000 },
      { ms: 1000 * (1 - PACED_SHARE), iterations: WARM_RATE },
    ]);
    expect(WARM_RATE).toBeGreaterThan(PACED_WARM_RATE);
    expect(warmRounds(333, 4000).reduce((ms, round) => ms + round.ms, 0)).toBe(333);
    // A plan near the thread's full speed, or beyond it: paced where connections still go idle.
    expect(warmRounds(1000, 30_000)[0]!.iterations).toBe(PACED_WARM_RATE);
    expect(warmRounds(1000, 500_000)[0]!.iterations).toBe(PACED_WARM_RATE);
  });

  it('ends a round as a finished run ends: the requests in flight when its time is up are answered, none aborted', async () => {
    const test = await preparedTest(definition([{ url: `${target.url}/ok` }]));
    // Flat out: when the 100 ms are up, every one of the round's connections has a request out
    // (aborted, they failed as cancelled: 32). On a machine so busy that the round's schedule had
    // not begun by then, it sends nothing, and fails nothing either.
    const report = await warmHotPath(test.steps, { ms: 100, iterations: WARM_RATE });
    expect(report.failed).toBe(0);
    expect(report.served).toBe(report.requests);
  });

  it("sends steps with the user's timeouts, and none of their content, to its own endpoint", async () => {
    const [step] = (
      await preparedTest(
        definition([{ url: `${target.url}/echo`, method: 'POST', payload: 'secret', headers: { authorization: 'Bearer x' }, timeout: 7 }]),
      )
    ).steps;
    const warm = loopbackStep(step!, 'http://127.0.0.1:9');
    expect(warm.timeoutMs).toBe(step!.timeoutMs);
    expect(warm.staticOptions).toMatchObject({
      origin: 'http://127.0.0.1:9',
      path: '/warm',
      method: 'POST',
      // undici's own timers off, as for the target: the slot's deadline is the step timeout.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    expect(JSON.stringify(warm.staticOptions)).not.toMatch(/secret|Bearer/);
  });

  it("drives the engine against a loopback endpoint of its own; the user's target gets none of it", async () => {
    target.reset();
    const test = await preparedTest(
      definition([
        { url: `${target.url}/echo`, method: 'POST', payload: 'secret', headers: { authorization: 'Bearer x' } },
        { url: `${target.url}/ok` },
      ]),
    );
    // 20 iterations of the 2 steps, with time enough for them on any machine.
    const report = await warmHotPath(test.steps, { ms: 60_000, iterations: 20 });
    expect(report.served).toBe(40);
    expect(report.requests).toBe(40);
    expect(target.received).toHaveLength(0);
  });
});

describe("the warm-up's loopback endpoint", () => {
  it("finds where each request's header block ends, also across two reads", () => {
    const first = headerEnds('', 'GET /warm HTTP/1.1\r\nhost: a\r\n\r');
    expect(first.count).toBe(0);
    const second = headerEnds(first.carried, '\nPOST /warm HTTP/1.1\r\ncontent-length: 4\r\n\r\nwarm');
    expect(second.count).toBe(2);
    expect(headerEnds(second.carried, 'GET /warm HTTP/1.1\r\n\r\n').count).toBe(1);
  });

  it('answers every request it is sent', async () => {
    const endpoint = await startWarmEndpoint();
    const socket = connect(Number(new URL(endpoint.origin).port), '127.0.0.1');
    try {
      let answers = 0;
      const answered = new Promise<void>((resolve) =>
        socket.on('data', (chunk: Buffer) => {
          answers += chunk.toString('latin1').split('HTTP/1.1 200 OK').length - 1;
          if (answers === 2) resolve();
        }),
      );
      socket.write('GET /warm HTTP/1.1\r\nhost: a\r\n\r\nPOST /warm HTTP/1.1\r\nhost: a\r\ncontent-length: 4\r\n\r\nwarm');
      await answered;
      expect(endpoint.served()).toBe(2);
    } finally {
      socket.destroy();
      endpoint.close();
    }
  });
});

describe('the warm-up period (warm_up)', () => {
  /** Answers the first `failing` requests 503, the rest 200: a warm-up request that is recorded shows. */
  async function coldTarget(failing: number): Promise<Target> {
    let seen = 0;
    return startTarget({
      handler: (_req, res) => {
        if (++seen > failing) return false;
        res.writeHead(503).end('cold');
        return true;
      },
    });
  }

  it('sends the warm-up before the recorded schedule and records none of it', async () => {
    // 40 over 2 s: the first second's 20/s, reached in 2 s of warm-up: 10 then 20 iterations.
    const cold = await coldTarget(30);
    try {
      const result = await runOnTestClock(definition([{ url: `${cold.url}/ok` }], { iteration_count: 40, duration: 2 }, { warm_up: 2 }));
      expect(cold.received).toHaveLength(70);
      expect(result.results.iteration_count).toBe(40);
      expect(result.results.steps[0]!.status_code_dist).toEqual({ '200': 40 });
      expect(result.run.series.reduce((n, s) => n + s.started, 0)).toBe(40);
      expect(result.run.series.reduce((n, s) => n + s.responses, 0)).toBe(40);
      expect(result.run.generator!.warm_up_s).toBe(2);
    } finally {
      await cold.close();
    }
  });

  it('the run option (CLI --warm-up, input warm-up) overrides the definition', async () => {
    const cold = await coldTarget(20);
    try {
      const result = await runOnTestClock(definition([{ url: `${cold.url}/ok` }], { iteration_count: 40, duration: 2 }, { warm_up: 3 }), {
        warmUpS: 1,
      });
      expect(cold.received).toHaveLength(60);
      expect(result.results.steps[0]!.status_code_dist).toEqual({ '200': 40 });
      expect(result.run.generator!.warm_up_s).toBe(1);
    } finally {
      await cold.close();
    }
  });

  it('a stop during the warm-up ends the run there: interrupted, nothing recorded', async () => {
    target.reset();
    const controller = new AbortController();
    // The warm-up's first second runs 10/s: by 450 ms, 5 have been sent.
    const result = await runOnTestClock(
      definition([{ url: `${target.url}/ok` }], { iteration_count: 40, duration: 2 }, { warm_up: 2 }),
      { signal: controller.signal },
      { ms: 450, then: () => controller.abort() },
    );
    expect(target.received).toHaveLength(5);
    expect(result.run.interrupted).toBe(true);
    expect(result.results.iteration_count).toBe(0);
    expect(result.run.series.every((s) => s.started === 0 && s.responses === 0)).toBe(true);
  });

  it("ramps to the first recorded second, with the plan's locations and shard split", () => {
    const config = { iteration_count: 600, duration: 3, load_type: 'incremental' as const, proxy_config: { US: 1, DE: 1 } };
    const plan = warmUpPlan(config, 4)!;
    // The first incremental second of 600 over 3 s is 100.
    expect([0, 1, 2, 3].map((s) => plan.countInSecond(s))).toEqual([25, 50, 75, 100]);
    expect(plan.locations).toEqual(['DE', 'US']);
    const halves = [1, 2].map((index) => warmUpPlan(config, 4, { index, count: 2 })!.total);
    expect(halves[0]! + halves[1]!).toBe(plan.total);
    expect(warmUpPlan(config, 0)).toBeUndefined();
  });
});

describe('slots and connections', () => {
  it('do not multiply when the event loop falls behind for a moment', async () => {
    target.reset();
    // 1000/s for 2 s; at 1.5 s the clock jumps 200 ms, as if the loop had stalled: 200 iterations
    // are due at once. They wait for the slots opened ahead (and start late) instead of opening 200.
    const result = await runOnTestClock(
      definition([{ url: `${target.url}/ok` }], { iteration_count: 2000, duration: 2 }),
      { concurrency: 1000 },
      { ms: 1500, then: () => 200 },
    );
    const opened = result.run.series[0]!.sockets!;
    expect(result.results.success_count).toBe(2000);
    expect(result.run.late_iterations).toBeGreaterThanOrEqual(150);
    expect(opened).toBeGreaterThan(0);
    // A slot per due iteration would have opened 200 more.
    expect(result.run.generator!.sockets_max - opened).toBeLessThan(50);
  });

  it('grow, smoothly, while the service holds them', async () => {
    // 100/s against a target that holds every request for the first 600 ms: the slots opened
    // ahead (a handful) fill at once, and more are added, half again per 50 ms, as the held
    // iterations show the need. With no growth all but those few would start late.
    const holder = await holdingTarget();
    try {
      const result = await runOnTestClock(
        definition([{ url: `${holder.url}/ok` }], { iteration_count: 200, duration: 2 }),
        { concurrency: 1000 },
        { ms: 600, then: () => holder.release() },
      );
      expect(result.results.success_count).toBe(200);
      expect(result.run.generator!.sockets_max).toBeGreaterThanOrEqual(30);
      expect(result.run.late_iterations).toBeLessThan(40);
    } finally {
      await holder.close();
    }
  });

  it('the default in-flight cap suits the schedule: the busiest second, at least 100, at most 5000', () => {
    const plan = (iterations: number, duration: number, shard?: { index: number; count: number }) =>
      new LoadPlan({ iteration_count: iterations, duration, load_type: 'linear' }, shard);
    expect(defaultConcurrency(plan(30, 3))).toBe(MIN_DEFAULT_CONCURRENCY);
    expect(defaultConcurrency(plan(6000, 3))).toBe(2000);
    expect(defaultConcurrency(plan(60_000, 3))).toBe(MAX_DEFAULT_CONCURRENCY);
    expect(defaultConcurrency(plan(24_000, 3, { index: 2, count: 4 }))).toBe(2000);
  });

  it('for streaming steps, room for the busiest second to be in flight as long as its streams may last', () => {
    const plan = (iterations: number, duration: number) => new LoadPlan({ iteration_count: iterations, duration, load_type: 'linear' });
    const stream = (maxS: number) => ({
      stream: { type: 'sse', untilEvent: null, maxEvents: 10, maxMs: maxS * 1000, expectOpen: false } as const,
    });
    const request = { stream: null };
    // 10 a second, streams of up to 60 s (the default max_seconds): 600 in flight at once.
    expect(defaultConcurrency(plan(30, 3), [request, stream(60)])).toBe(600);
    // An iteration's streams one after another: 5 s and 10 s hold its slot for 15 s.
    expect(defaultConcurrency(plan(30, 3), [stream(5), stream(10)])).toBe(150);
    // Streams shorter than a second leave the 1 s rule; the bounds stay.
    expect(defaultConcurrency(plan(600, 3), [stream(0.5)])).toBe(200);
    expect(defaultConcurrency(plan(30, 3), [stream(1)])).toBe(MIN_DEFAULT_CONCURRENCY);
    expect(defaultConcurrency(plan(600, 3), [stream(60)])).toBe(MAX_DEFAULT_CONCURRENCY);
  });
});

describe('the generator watches itself', () => {
  it('every second carries its late starts, loop delay, CPU, busy share and open sockets', async () => {
    target.reset();
    const result = await runOnTestClock(definition([{ url: `${target.url}/ok` }], { iteration_count: 100, duration: 2 }));
    const planned = result.run.series.slice(0, 2);
    expect(planned).toHaveLength(2);
    for (const second of planned) {
      expect(second.late).toBe(0);
      expect(second.loop_delay_p99_ms).toBeGreaterThanOrEqual(0);
      expect(second.loop_delay_max_ms).toBeGreaterThanOrEqual(second.loop_delay_p99_ms!);
      expect(second.cpu_pct).toBeGreaterThan(0);
      expect(second.busy_pct).toBeGreaterThan(0);
      expect(second.busy_pct).toBeLessThanOrEqual(100);
      expect(second.sockets).toBeGreaterThan(0);
    }
    const generator = result.run.generator!;
    expect(generator.planned_iterations_per_s).toBe(50);
    expect(generator.applied_iterations_per_s).toBe(50);
    expect(generator.unstarted_iterations).toBe(0);
    expect(generator.concurrency).toBe(MIN_DEFAULT_CONCURRENCY);
    expect(generator.sockets_max).toBeGreaterThan(0);
    expect(generator.warm_up_s).toBe(0);
    expect(typeof generator.saturated).toBe('boolean');
  });

  it('asked for far more than it can send, it stops on time, says it was saturated, and records applied against planned', async () => {
    target.reset();
    // 500,000/s for 2 s on 64 slots against this process's own server: a few tens of thousands are sent.
    const planned = 1_000_000;
    const result = await runDefinition(definition([{ url: `${target.url}/ok`, timeout: 1 }], { iteration_count: planned, duration: 2 }), {
      concurrency: 64,
    });
    const generator = result.run.generator!;
    const started = result.results.iteration_count;
    expect(started + generator.unstarted_iterations).toBe(planned);
    expect(generator.unstarted_iterations).toBeGreaterThan(planned / 2);
    expect(generator.planned_iterations_per_s).toBe(500_000);
    // Over the time the starts took: the plan's 2 s and the grace after it in which late ones still started.
    expect(result.run.rate_window_s).toBeGreaterThanOrEqual(2);
    expect(result.run.rate_window_s).toBeLessThanOrEqual(2 + START_GRACE_MS / 1000);
    expect(generator.applied_iterations_per_s).toBe(Math.round((started / result.run.rate_window_s!) * 10) / 10);
    expect(generator.saturated).toBe(true);
    // Whichever rule held on this machine, the reason names it with its figure.
    const behind = generator.behind_iterations;
    expect(generator.reason).toBe(
      generator.loop_delay_p99_ms > 10
        ? `the engine thread's event loop ran late: delay p99 ${generator.loop_delay_p99_ms} ms (limit 10 ms), so response times include the generator's own delay`
        : `${behind} of ${planned} iterations (${Math.round((behind / planned) * 100 * 10) / 10} %) started late or not at all in seconds when the engine thread ` +
            'had no time to spare (at least 90 % busy, or its loop 10 ms late; limit 1 %): the generator could not apply the planned load',
    );
    expect(result.run.interrupted).toBe(false);
    // Nothing starts after the planned end and its grace (seconds on the engine's clock). Without
    // the end of schedule it would run until every iteration had started, and none would be
    // unstarted: the count above, not the run's length in real time, is what shows the end.
    const lastStart = Math.max(...result.run.series.filter((s) => s.started > 0).map((s) => s.t));
    expect(lastStart).toBeLessThan(2 + START_GRACE_MS / 1000);
  });
});

describe('rates over the time the work took', () => {
  it('an overloaded run reports what it started per second, never more: within 5 % of its seconds, at most its busiest', async () => {
    target.reset();
    // 1,000,000/s for 1 s on 20 slots, on a clock that sees every millisecond however busy the
    // machine: the engine starts what it can until the grace ends, 1 s after the plan.
    const result = await runOnTestClock(definition([{ url: `${target.url}/ok` }], { iteration_count: 1_000_000, duration: 1 }), {
      concurrency: 20,
    });
    const { generator, series } = result.run;
    const started = result.results.iteration_count;
    const starting = series.slice(0, Math.max(...series.filter((s) => s.started > 0).map((s) => s.t)) + 1);
    expect(starting).toHaveLength(2);
    const mean = (pick: (s: SecondSample) => number): number => starting.reduce((n, s) => n + pick(s), 0) / starting.length;
    const applied = generator!.applied_iterations_per_s;
    expect(Math.abs(applied / mean((s) => s.started) - 1)).toBeLessThan(0.05);
    expect(applied).toBeLessThanOrEqual(Math.max(...starting.map((s) => s.started)));
    // Not the count over the planned second, which would be twice what it did.
    expect(applied).toBeLessThan(started / 1);
    expect(Math.abs(result.run.rps / mean((s) => s.responses) - 1)).toBeLessThan(0.05);
    // Over the seconds the starts took: the plan's and the grace's, to the last late start.
    expect(result.run.rate_window_s).toBeGreaterThan(1);
    expect(result.run.rate_window_s).toBeLessThanOrEqual(2);
  });
});

describe('merged runs', () => {
  it('are saturated when any run was, with the worst delay and the load added up', () => {
    const block = (saturated: boolean, p99: number, applied: number) =>
      generatorInfo({
        planned: 1000,
        started: applied,
        plannedDurationS: 1,
        elapsedS: 1,
        lastLateStartS: 0,
        interrupted: false,
        loopDelay: { p99Ms: p99, maxMs: p99 * 2 },
        series: [],
        unstarted: 1000 - applied,
        unstartedSecond: saturated ? 0 : -1,
        concurrency: 100,
        socketsMax: 8,
        warmUpS: 0,
      });
    const merged = mergeGenerators([
      { index: 1, generator: block(false, 2, 1000) },
      { index: 2, generator: block(false, 30, 400) },
    ])!;
    expect(merged.saturated).toBe(true);
    expect(merged.reason).toMatch(/^shard 2: .*delay p99 30 ms/);
    expect(merged.loop_delay_p99_ms).toBe(30);
    expect(merged.planned_iterations_per_s).toBe(2000);
    expect(merged.applied_iterations_per_s).toBe(1400);
    expect(merged.unstarted_iterations).toBe(600);
    expect(merged.sockets_max).toBe(16);
    expect(mergeGenerators([{ index: 1, generator: block(false, 2, 1000) }, { index: 2 }])).toBeUndefined();
    // A comparison's rounds ran one after another: their rates are a mean, their sockets the most.
    const rounds = mergeGenerators(
      [
        { index: 1, generator: block(false, 2, 1000) },
        { index: 2, generator: block(false, 30, 400) },
      ],
      'rounds',
    )!;
    expect(rounds.reason).toMatch(/^round 2: /);
    expect(rounds.planned_iterations_per_s).toBe(1000);
    expect(rounds.applied_iterations_per_s).toBe(700);
    expect(rounds.sockets_max).toBe(8);
    expect(rounds.unstarted_iterations).toBe(600);
    // The engine threads of one run ran side by side, as shards do: added up, the saturated one named.
    const workers = mergeGenerators(
      [
        { index: 1, generator: block(false, 2, 1000) },
        { index: 2, generator: block(false, 30, 400) },
      ],
      'workers',
    )!;
    expect(workers.reason).toMatch(/^worker 2: .*delay p99 30 ms/);
    expect(workers.planned_iterations_per_s).toBe(2000);
    expect(workers.sockets_max).toBe(16);
  });
});

describe('saturation (generatorInfo)', () => {
  const second = (t: number, late: number, busy: number): SecondSample => ({
    t,
    started: 1000,
    responses: 1000,
    failures: 0,
    p50: 1,
    p95: 2,
    p99: 3,
    late,
    busy_pct: busy,
    cpu_pct: busy,
  });
  const facts = (extra: Partial<GeneratorFacts>): GeneratorFacts => ({
    planned: 10_000,
    started: 10_000,
    plannedDurationS: 10,
    elapsedS: 10,
    lastLateStartS: 0,
    interrupted: false,
    loopDelay: { p99Ms: 2, maxMs: 5 },
    series: [],
    unstarted: 0,
    unstartedSecond: -1,
    concurrency: 100,
    socketsMax: 10,
    warmUpS: 0,
    ...extra,
  });

  it('a healthy generator is not saturated', () => {
    const info = generatorInfo(facts({ series: [second(0, 5, 95), second(1, 0, 40)] }));
    expect(info.saturated).toBe(false);
    expect(info.reason).toBeUndefined();
    expect(info.behind_iterations).toBe(5);
    expect(info.busy_pct_max).toBe(95);
  });

  it('an event loop delay p99 above 10 ms is saturation: the latencies include it', () => {
    const info = generatorInfo(facts({ loopDelay: { p99Ms: 10.5, maxMs: 40 } }));
    expect(info.saturated).toBe(true);
    expect(info.reason).toMatch(/delay p99 10.5 ms/);
  });

  it('more than 1 % late while the thread was busy is saturation; late on an idle thread is the cap or the service', () => {
    expect(generatorInfo(facts({ series: [second(0, 101, 90)] })).saturated).toBe(true);
    expect(generatorInfo(facts({ series: [second(0, 100, 90)] })).saturated).toBe(false);
    expect(generatorInfo(facts({ series: [second(0, 5000, 50)] })).saturated).toBe(false);
    // A loop that waits for its core looks idle, but runs late: those late starts are the generator's too.
    expect(generatorInfo(facts({ series: [{ ...second(0, 5000, 50), loop_delay_p99_ms: 12 }] })).saturated).toBe(true);
  });

  it('saturated while its thread had CPU to spare is a stall of the machine, named as such, not the generator at its limit', () => {
    const late = { loopDelay: { p99Ms: 25, maxMs: 60 } };
    const stalled = generatorInfo(facts({ ...late, series: [second(0, 0, 5), second(1, 0, 8)] }));
    expect(stalled).toMatchObject({ saturated: true, host_stalled: true, cpu_pct_max: 8 });
    expect(stalled.reason).toMatch(/delay p99 25 ms.*at most 8 % of a core .*busy with other work and stalled it$/);
    const atLimit = generatorInfo(facts({ ...late, series: [second(0, 0, 5), second(1, 0, 97)] }));
    expect(atLimit.saturated).toBe(true);
    expect(atLimit.host_stalled).toBeUndefined();
    // Without a second measured the cause is not known, and the machine is not blamed.
    expect(generatorInfo(facts(late)).host_stalled).toBeUndefined();
    // Merged: the machine is blamed only when it stalled every saturated run.
    expect(
      mergeGenerators([
        { index: 1, generator: stalled },
        { index: 2, generator: stalled },
      ])?.host_stalled,
    ).toBe(true);
    expect(
      mergeGenerators([
        { index: 1, generator: stalled },
        { index: 2, generator: atLimit },
      ])?.host_stalled,
    ).toBeUndefined();
  });

  it('iterations the schedule could not start count against a busy generator', () => {
    const busyEnd = generatorInfo(
      facts({ started: 6000, unstarted: 4000, unstartedSecond: 1, series: [second(0, 0, 50), second(1, 0, 99)] }),
    );
    expect(busyEnd.saturated).toBe(true);
    expect(busyEnd.behind_iterations).toBe(4000);
    expect(busyEnd.applied_iterations_per_s).toBe(600);
    expect(busyEnd.planned_iterations_per_s).toBe(1000);
    const idleEnd = generatorInfo(
      facts({ started: 6000, unstarted: 4000, unstartedSecond: 1, series: [second(0, 0, 50), second(1, 0, 20)] }),
    );
    expect(idleEnd.saturated).toBe(false);
  });
});
