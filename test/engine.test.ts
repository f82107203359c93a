// The embedded engine against real local servers: what the servers received and what the results say.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy } from 'proxy';
import { LoadPlan, perSecondCounts } from '../src/engine/plan.ts';
import { connectionsOf, Engine } from '../src/engine/engine.ts';
import { initHistograms } from '../src/results/histogram.ts';
import { pollUntil } from './helpers/api-call.ts';
import { holdingTarget, refusedPort, startH2Target, startHttpsTarget, startTarget, type Target } from './helpers/targets.ts';
import { definition, preparedTest, runDefinition, runOnTestClock, runPrepared } from './helpers/run-definition.ts';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(async () => {
  await target.close();
});

const ok = () => ({ url: `${target.url}/ok` });

// Every run here is on the test clock (helpers/run-definition.ts): the engine sees each
// millisecond of its schedule however busy the machine, so every planned iteration starts and
// the exact counts below hold. In real time a loaded machine can fall more than the schedule's
// 1 s of grace behind, and the iterations still unstarted then are counted, not run.

describe('counts', () => {
  it('runs exactly the planned iterations, split over locations by share', async () => {
    target.reset();
    const result = await runOnTestClock(
      definition([ok(), { url: `${target.url}/status/201` }], { iteration_count: 40, duration: 2, proxy_config: { US: 3, DE: 1 } }),
    );
    expect(result.results.iteration_count).toBe(40);
    expect(result.results.success_count).toBe(40);
    expect(target.countsByPath().get('/ok')).toBe(40);
    expect(target.countsByPath().get('/status/201')).toBe(40);
    // No proxies configured: both countries run from this runner as `local`.
    expect(Object.keys(result.results.location_dist)).toEqual(['local']);
    expect(result.run.locations).toEqual({ local: 'direct' });
    const [first, second] = result.results.steps;
    expect(first!.status_code_dist).toEqual({ '200': 40 });
    expect(second!.status_code_dist).toEqual({ '201': 40 });
    expect(result.run.steps.map((s) => s.name)).toEqual(['step1', 'step2']);
    expect(result.run.series.reduce((n, s) => n + s.started, 0)).toBe(40);
  });

  it('a failed step ends its iteration: the step counts form a funnel', async () => {
    target.reset();
    const result = await runOnTestClock(
      definition([ok(), { url: `${target.url}/reset` }, { url: `${target.url}/ok?third` }], { iteration_count: 15 }),
    );
    const [s1, s2, s3] = result.results.steps;
    expect([s1!.iteration_count, s2!.iteration_count, s3!.iteration_count]).toEqual([15, 15, 0]);
    expect(s2!.fail_count).toBe(15);
    expect(s2!.error_dist).toEqual({ 'connection reset by peer': 15 });
    expect(result.results.fail_count).toBe(15);
    expect(result.results.success_count).toBe(0);
    expect(target.received.filter((r) => r.url === '/ok?third')).toHaveLength(0);
  });

  it('a status code alone does not fail a step; it is counted', async () => {
    target.reset();
    const result = await runOnTestClock(definition([{ url: `${target.url}/flaky` }, ok()], { iteration_count: 30 }));
    const [flaky, after] = result.results.steps;
    expect(flaky!.status_code_dist).toEqual({ '200': 20, '500': 10 });
    expect(flaky!.fail_count).toBe(0);
    expect(after!.iteration_count).toBe(30);
  });

  it('each second counts its errors as http_fail_rate does: unexpected error statuses and requests without a response', async () => {
    target.reset();
    const result = await runOnTestClock(
      definition(
        [
          { url: `${target.url}/flaky` },
          { url: `${target.url}/status/404`, assertion: ['equals(status_code,404)'] },
          { url: `${target.url}/reset` },
        ],
        { iteration_count: 30, duration: 2 },
      ),
    );
    expect(result.results.steps.map((s) => s.status_code_dist)).toEqual([{ '200': 20, '500': 10 }, { '404': 30 }, {}]);
    // 10 × 500 at step 1 and 30 resets at step 3; the 404s are expected.
    expect(result.run.series.reduce((n, s) => n + s.errors!, 0)).toBe(40);
    expect(result.run.series.reduce((n, s) => n + s.failures, 0)).toBe(30);
  });
});

describe('errors are counted under the reasons users know', () => {
  it('connection refused', async () => {
    const port = await refusedPort();
    const result = await runOnTestClock(definition([{ url: `http://127.0.0.1:${port}/` }], { iteration_count: 5 }));
    expect(result.results.steps[0]!.error_dist).toEqual({ 'connection refused': 5 });
  });

  it('refused connections at a high rate on few slots are counted, not a crash', async () => {
    const port = await refusedPort();
    // 3000 in 1 s on 4 slots, and at 2 ms the clock jumps 900 ms (a stalled loop): 2700 are overdue
    // at once, so every refusal starts the next iteration straight from undici's error path, where
    // a dispatch into a Client still failing its queue breaks undici's invariants (an unhandled
    // error that fails the run). How many start before the schedule ends depends on how fast the
    // refusals come back (on a very busy machine some are still connecting when the run ends, and
    // are cancelled), so each iteration is counted as refused, cancelled or unstarted, never lost.
    const result = await runOnTestClock(
      definition([{ url: `http://127.0.0.1:${port}/` }], { iteration_count: 3000 }),
      { concurrency: 4 },
      { ms: 2, then: () => 900 },
    );
    const errors = result.results.steps[0]!.error_dist;
    const refused = errors['connection refused'] ?? 0;
    expect(Object.keys(errors).filter((reason) => reason !== 'connection refused' && reason !== 'cancelled')).toEqual([]);
    expect(refused + (errors.cancelled ?? 0) + result.run.generator!.unstarted_iterations).toBe(3000);
    expect(result.results.iteration_count).toBe(refused + (errors.cancelled ?? 0));
    // Over a thousand milliseconds of the schedule, each slot is refused many times over.
    expect(refused).toBeGreaterThanOrEqual(100);
  });

  it('read timeout, after the step timeout', async () => {
    target.reset();
    // Answered after 3 s: the step's 0.3 s times out first, where the default 5 s would have let the answer in.
    const result = await runOnTestClock(definition([{ url: `${target.url}/delay/3000`, timeout: 0.3 }], { iteration_count: 3 }));
    expect(result.results.steps[0]!.error_dist).toEqual({ 'read timeout': 3 });
    expect(result.results.steps[0]!.status_code_dist).toEqual({});
  });

  it('redirects: followed (up to 10), returned as is, or too many', async () => {
    target.reset();
    const followed = await runOnTestClock(definition([{ url: `${target.url}/redirect/3` }], { iteration_count: 4 }));
    expect(followed.results.steps[0]!.status_code_dist).toEqual({ '200': 4 });
    expect(target.countsByPath().get('/ok')).toBe(4);
    const kept = await runOnTestClock(
      definition([{ url: `${target.url}/redirect/3`, others: { 'disable-redirect': true } }], { iteration_count: 4 }),
    );
    expect(kept.results.steps[0]!.status_code_dist).toEqual({ '302': 4 });
    const loop = await runOnTestClock(definition([{ url: `${target.url}/redirect/11` }], { iteration_count: 2 }));
    expect(loop.results.steps[0]!.error_dist).toEqual({ 'too many redirects': 2 });
    const cycle = await runOnTestClock(definition([{ url: `${target.url}/redirect-loop` }], { iteration_count: 2 }));
    expect(cycle.results.steps[0]!.error_dist).toEqual({ 'too many redirects': 2 });
  });

  it('follows a redirect to another origin', async () => {
    const other = await startTarget();
    const hop = await startTarget({
      handler: (_req, res) => {
        res.writeHead(307, { location: `${other.url}/ok?moved` }).end();
        return true;
      },
    });
    try {
      const result = await runOnTestClock(definition([{ url: `${hop.url}/start`, method: 'POST', payload: 'x' }], { iteration_count: 3 }));
      expect(result.results.steps[0]!.status_code_dist).toEqual({ '200': 3 });
      expect(other.received.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
        'POST /ok?moved x',
        'POST /ok?moved x',
        'POST /ok?moved x',
      ]);
    } finally {
      await other.close();
      await hop.close();
    }
  });

  it('TLS is verified unless insecure', async () => {
    const https = await startHttpsTarget();
    try {
      const strict = await runOnTestClock(definition([{ url: `${https.url}/ok` }], { iteration_count: 3 }));
      expect(strict.results.steps[0]!.error_dist).toEqual({ tls: 3 });
      const insecure = await runOnTestClock(definition([{ url: `${https.url}/ok` }], { iteration_count: 3 }), { insecure: true });
      expect(insecure.results.steps[0]!.status_code_dist).toEqual({ '200': 3 });
    } finally {
      await https.close();
    }
  });
});

describe('requests', () => {
  it('sends method, headers and payload as defined, and compression as flagged', async () => {
    target.reset();
    await runOnTestClock(
      definition(
        [
          {
            url: `${target.url}/echo`,
            method: 'PUT',
            headers: { 'X-Test': 'yes', 'Content-Type': 'application/json' },
            payload: '{"a":1}',
          },
          { url: `${target.url}/gzip`, others: { 'disable-compression': true } },
        ],
        { iteration_count: 2 },
      ),
    );
    const echo = target.received.filter((r) => r.path === '/echo');
    expect(echo).toHaveLength(2);
    expect(echo[0]!.method).toBe('PUT');
    expect(echo[0]!.headers['x-test']).toBe('yes');
    expect(echo[0]!.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(echo[0]!.body).toBe('{"a":1}');
    const gzip = target.received.filter((r) => r.path === '/gzip');
    expect(gzip[0]!.headers['accept-encoding']).toBeUndefined();
  });

  it('speaks HTTP/2 when others.h2 is set, HTTP/1.1 otherwise', async () => {
    const h2 = await startH2Target();
    try {
      await runOnTestClock(
        definition([{ url: `${h2.url}/proto`, others: { h2: true } }, { url: `${h2.url}/ok` }], { iteration_count: 3 }),
        { insecure: true },
      );
      const versions = h2.received.map((r) => `${r.path} ${r.httpVersion}`).sort();
      expect(versions).toEqual(['/ok 1.1', '/ok 1.1', '/ok 1.1', '/proto 2.0', '/proto 2.0', '/proto 2.0']);
    } finally {
      await h2.close();
    }
  });

  it('reuses connections (keep-alive)', async () => {
    const sockets = new Set<unknown>();
    const server = createServer((req, res) => {
      sockets.add(req.socket);
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      await runOnTestClock(
        definition([{ url: `http://127.0.0.1:${port}/a` }, { url: `http://127.0.0.1:${port}/b` }], { iteration_count: 50, duration: 1 }),
        { concurrency: 2 },
      );
      expect(sockets.size).toBeLessThanOrEqual(2);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('connectionsOf', () => {
  it('gives steps to the same origin and protocol one connection index, and any other pair its own', () => {
    const { of, targets } = connectionsOf([
      { origin: 'http://a:1', h2: false },
      { origin: 'http://b:1', h2: false },
      { origin: 'http://a:1', h2: false },
      { origin: 'http://a:1', h2: true },
    ]);
    expect([...of]).toEqual([0, 1, 0, 2]);
    expect(targets).toEqual([
      { origin: 'http://a:1', h2: false },
      { origin: 'http://b:1', h2: false },
      { origin: 'http://a:1', h2: true },
    ]);
  });
});

describe('locations', () => {
  it('sends a country with a proxy through it, the rest as local', async () => {
    const proxy = createProxy();
    let proxied = 0;
    proxy.on('request', () => proxied++);
    proxy.on('connect', () => proxied++);
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    target.reset();
    try {
      const result = await runOnTestClock(definition([ok()], { iteration_count: 20, proxy_config: { US: 1, DE: 3 } }), {
        proxies: { US: proxyUrl },
      });
      expect(result.results.location_dist.US!.iteration_count).toBe(5);
      expect(result.results.location_dist.local!.iteration_count).toBe(15);
      expect(result.results.steps[0]!.location_dist.US!.status_code_dist).toEqual({ '200': 5 });
      expect(result.run.locations).toEqual({ US: `proxy ${proxyUrl}`, local: 'direct' });
      expect(proxied).toBeGreaterThan(0);
      expect(target.countsByPath().get('/ok')).toBe(20);
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it('a refused proxy is a proxy error', async () => {
    const port = await refusedPort();
    const result = await runOnTestClock(definition([ok()], { iteration_count: 4, proxy_config: { US: 1 } }), {
      proxies: { US: `http://127.0.0.1:${port}` },
    });
    expect(result.results.steps[0]!.error_dist).toEqual({ 'proxy connection refused': 4 });
  });
});

describe('the open model', () => {
  it('starts iterations on schedule: per-second starts follow the load type', async () => {
    target.reset();
    const config = { iteration_count: 300, duration: 3, load_type: 'incremental' } as const;
    const result = await runOnTestClock(definition([ok()], config));
    const planned = perSecondCounts(config);
    const started = result.run.series.map((s) => s.started).slice(0, planned.length);
    // On a clock the test drives, the engine sees every millisecond: each start falls in its planned second.
    expect(started).toEqual(planned);
    expect(result.run.late_iterations).toBe(0);
    expect(target.countsByPath().get('/ok')).toBe(300);
  });

  it('an iteration more than 10 ms behind its planned time is late; one 10 ms behind is not', async () => {
    // 20 in 1 s: one due every 50 ms. The clock stalls as it reaches 50 ms, so that iteration starts
    // exactly the stall behind; the next, due at 100 ms, is on time again.
    const behind = async (stallMs: number) => {
      const result = await runOnTestClock(definition([ok()], { iteration_count: 20, duration: 1 }), {}, { ms: 50, then: () => stallMs });
      return { late: result.run.late_iterations, lateThatSecond: result.run.series[0]!.late, lagMs: result.run.max_schedule_lag_ms };
    };
    expect(await behind(10)).toEqual({ late: 0, lateThatSecond: 0, lagMs: 10 });
    expect(await behind(11)).toEqual({ late: 1, lateThatSecond: 1, lagMs: 11 });
  });

  it('at the in-flight cap, due iterations wait for a slot and start late; nothing is dropped', async () => {
    const holder = await holdingTarget();
    try {
      // 40 in 1 s on 5 slots: the first 5 start on time and are held; at 1.5 s they are answered and
      // the other 35, all overdue, start at once (within the schedule's 1 s of grace).
      const result = await runOnTestClock(
        definition([{ url: `${holder.url}/ok` }], { iteration_count: 40, duration: 1 }),
        { concurrency: 5 },
        { ms: 1500, then: () => holder.release() },
      );
      expect(result.results.iteration_count).toBe(40);
      expect(result.results.success_count).toBe(40);
      expect(result.run.series[0]!.started).toBe(5);
      expect(result.run.late_iterations).toBe(35);
      // Iteration 5 was due at 125 ms and started at 1.5 s.
      expect(result.run.max_schedule_lag_ms).toBeGreaterThanOrEqual(1375);
      expect(result.run.generator!.unstarted_iterations).toBe(0);
      expect(result.run.interrupted).toBe(false);
    } finally {
      await holder.close();
    }
  });

  it('a wider start grace (startGraceMs) lets iterations overdue past the default 1 s still start', async () => {
    const holder = await holdingTarget();
    try {
      // As below, held until 2.1 s, but with 5 s of grace: the 35 overdue iterations start late.
      const result = await runOnTestClock(
        definition([{ url: `${holder.url}/ok` }], { iteration_count: 40, duration: 1 }),
        { concurrency: 5, startGraceMs: 5000 },
        { ms: 2100, then: () => holder.release() },
      );
      expect(result.results.iteration_count).toBe(40);
      expect(result.run.generator!.unstarted_iterations).toBe(0);
      expect(result.run.late_iterations).toBe(35);
    } finally {
      await holder.close();
    }
  });

  it('ends the schedule 1 s after its planned end: what could not start by then is counted, not run', async () => {
    const holder = await holdingTarget();
    try {
      const result = await runOnTestClock(
        definition([{ url: `${holder.url}/ok` }], { iteration_count: 40, duration: 1 }),
        { concurrency: 5 },
        { ms: 2100, then: () => holder.release() },
      );
      expect(result.results.iteration_count).toBe(5);
      expect(holder.received).toHaveLength(5);
      expect(result.run.generator!.unstarted_iterations).toBe(35);
      expect(result.run.generator!.planned_iterations_per_s).toBe(40);
      expect(result.run.generator!.applied_iterations_per_s).toBe(5);
      // Not a stop: the run ended when the held requests did, soon after they were let go.
      expect(result.run.interrupted).toBe(false);
      expect(result.run.duration_s).toBeLessThan(3);
    } finally {
      await holder.close();
    }
  });

  it("winds down (the warm-up's end): starts nothing more, and the requests in flight are answered, none aborted", async () => {
    const holder = await holdingTarget();
    try {
      await initHistograms();
      const test = await preparedTest(definition([{ url: `${holder.url}/ok` }]));
      const plan = new LoadPlan({ iteration_count: 100, duration: 1, load_type: 'linear' });
      const engine = new Engine(plan, test.steps, { concurrency: 5, insecure: false, proxies: {} });
      const running = engine.run();
      await pollUntil(
        async () => holder.received.length,
        (held) => held === 5,
        'five requests held',
      );
      engine.windDown();
      holder.release();
      const outcome = await running;
      expect(holder.received).toHaveLength(5);
      expect(outcome.requests).toBe(5);
      expect(outcome.recorder.succeeded.reduce((n, c) => n + c, 0)).toBe(5);
      expect(outcome.recorder.failed.reduce((n, c) => n + c, 0)).toBe(0);
      expect(outcome.interrupted).toBe(false);
      outcome.recorder.destroy();
    } finally {
      await holder.close();
    }
  });

  it('wound down before its schedule begins, starts nothing', async () => {
    target.reset();
    await initHistograms();
    const test = await preparedTest(definition([ok()]));
    const engine = new Engine(new LoadPlan({ iteration_count: 100, duration: 1, load_type: 'linear' }), test.steps, {
      concurrency: 5,
      insecure: false,
      proxies: {},
    });
    engine.windDown();
    const outcome = await engine.run();
    expect(outcome.requests).toBe(0);
    expect(target.countsByPath().get('/ok') ?? 0).toBe(0);
    outcome.recorder.destroy();
  });

  it('stops on abort, keeping partial results', async () => {
    target.reset();
    const controller = new AbortController();
    // 100 a second, one every 10 ms: by 700 ms iterations 0..70 have started, and no more after the abort.
    const result = await runOnTestClock(
      definition([ok()], { iteration_count: 300, duration: 3 }),
      { signal: controller.signal },
      { ms: 705, then: () => controller.abort() },
    );
    expect(result.run.interrupted).toBe(true);
    expect(result.results.iteration_count).toBe(71);
    // Each request the target saw was answered, or was in flight at the stop and cancelled.
    const step = result.results.steps[0]!;
    expect(step.success_count).toBeLessThanOrEqual(target.countsByPath().get('/ok')!);
    expect(step.success_count + (step.error_dist.cancelled ?? 0)).toBe(71);
  });

  it('a stop aborts the requests in flight at once: each counts as cancelled, whatever the step timeout', async () => {
    const holder = await holdingTarget();
    try {
      const controller = new AbortController();
      const turn = () => new Promise((resolve) => setTimeout(resolve, 1));
      // A clock the test drives, a millisecond a turn from the engine's first reading: by 1 s every
      // iteration has started, however busy the machine, and then the clock stands still, so the
      // schedule cannot end while the target is still receiving them.
      let now = 0;
      let read = false;
      const clock = (): number => {
        read = true;
        return now;
      };
      // Ten iterations, each held by the target; the step timeout is a minute, the test's limit 30 s.
      const running = runDefinition(definition([{ url: `${holder.url}/ok`, timeout: 60 }], { iteration_count: 10, duration: 1 }), {
        signal: controller.signal,
        clock,
      });
      while (now < 1000) {
        await turn();
        if (read) now++;
      }
      while (holder.received.length < 10) await turn();
      controller.abort();
      // Answered now, the responses would still arrive: a stop that waited for them would count successes.
      holder.release();
      const result = await running;
      expect(result.run.interrupted).toBe(true);
      expect(result.results.steps[0]!.error_dist).toEqual({ cancelled: 10 });
      expect(result.results.steps[0]!.success_count).toBe(0);
      expect(result.results.fail_count).toBe(10);
    } finally {
      await holder.close();
    }
  });

  it('sleep waits between the steps of an iteration', async () => {
    target.reset();
    await runOnTestClock(definition([{ url: `${target.url}/ok?a`, sleep: '150' }, { url: `${target.url}/ok?b` }], { iteration_count: 2 }));
    const at = (url: string) => target.received.find((r) => r.url === url)!.at;
    expect(at('/ok?b') - at('/ok?a')).toBeGreaterThanOrEqual(140);
  });
});

describe('response times', () => {
  it("count from each request's own dispatch: the generator's work before it is not the service's time", async () => {
    // The generator's work between the tick that starts an iteration and its request (templates,
    // data rows, the requests written before it in the same tick) stands here as a clock that jumps
    // 60 s as the iteration begins. Counted from the tick, its first response would read over 60 s;
    // from its own dispatch it reads under the step's 5 s timeout, or it would have failed.
    const jumpMs = 60_000;
    let jumped = 0;
    const clock = (): number => performance.now() + jumped;
    const test = await preparedTest(
      definition([{ url: `${target.url}/ok?r={{_randomInt}}` }, { url: `${target.url}/ok?second` }], { iteration_count: 1 }),
    );
    const begin = test.iterationVars!.begin;
    test.iterationVars!.begin = (vars, k) => {
      jumped += jumpMs;
      begin(vars, k);
    };
    const result = await runPrepared(test, { concurrency: 1, clock });
    expect(result.results.steps.map((s) => s.success_count)).toEqual([1, 1]);
    expect(result.results.response_times.max).toBeLessThan(5000);
  });

  // Two steps to one origin, so the second is dispatched from the first's response on the same
  // connection. The first step's checks queue a 60 s jump of the clock for the loop's check
  // phase: after the second step's dispatch, before undici writes it (on an open connection it
  // writes in the check phase, in an Immediate queued after this one), or before its reconnect
  // completes. Each test runs one iteration on one slot, whose one connection is the one opened
  // ahead, so a reconnect is a real connect.
  async function secondStepAfterJump(firstUrl: string): Promise<number> {
    const jumpMs = 60_000;
    let jumped = 0;
    const clock = (): number => performance.now() + jumped;
    const test = await preparedTest(definition([{ url: firstUrl }, { url: `${target.url}/ok?second` }], { iteration_count: 1 }));
    test.steps[0]!.checks = {
      needsBody: false,
      captureNames: [],
      run: () => {
        setImmediate(() => (jumped += jumpMs));
        return null;
      },
    };
    const result = await runPrepared(test, { concurrency: 1, clock });
    expect(result.results.steps.map((s) => s.success_count)).toEqual([1, 1]);
    return result.results.steps[1]!.response_times.max;
  }

  it("count from the write on an open connection: undici's wait for the loop's check phase is the generator's", async () => {
    // From its dispatch the second step would read over 60 s.
    expect(await secondStepAfterJump(`${target.url}/ok?first`)).toBeLessThan(5000);
  });

  it('count from the dispatch when the request waits for a connect: connecting is part of its time', async () => {
    // The first response closes its connection: the second request waits for a new one.
    expect(await secondStepAfterJump(`${target.url}/close`)).toBeGreaterThanOrEqual(60_000);
  });
});
