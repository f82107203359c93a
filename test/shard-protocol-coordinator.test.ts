// The pure parts of the Kubernetes executor and its shard protocol, on a clock the test moves:
// the serve flags, shards per location, the start barrier, idempotent uploads, settling, coverage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Problem, valueOrThrow } from '../src/errors.ts';
import { LoadPlan } from '../src/engine/plan.ts';
import { parseIndexes } from '../src/server/executors/kubernetes/executor.ts';
import { parseKubeLocations, shardsPerLocation } from '../src/server/executors/kubernetes/locations.ts';
import { readExecutor } from '../src/server/executors/settings.ts';
import { serveCommand } from '../src/server/main.ts';
import { podIdentity } from '../src/shard/client.ts';
import { ShardCoordinator } from '../src/server/shards/coordinator.ts';
import { chooseResults, coverageLine } from '../src/server/shards/deliveries.ts';
import type { Store } from '../src/server/store/store.ts';
import { openTempStore, removeTempStore } from './helpers/temp-store.ts';
import type { LoadTestResult } from '../src/types.ts';

let dir: string;
let store: Store;
let clock = 0;
const barrier = { barrierMs: 10_000, startMarginMs: 2000, now: () => clock };
let tests = 0;

beforeAll(async () => {
  ({ dir, store } = await openTempStore('coordinator'));
});

afterAll(() => {
  removeTempStore({ dir, store });
});

function begin(slots: Record<string, number>): ShardCoordinator {
  const id = `test-${++tests}`;
  const config = { steps: [], iteration_count: 1, duration: 1 } as never;
  store.tenant('default').createTest(
    { id, name: id, config_data: config, created_at: '' },
    {
      id,
      name: id,
      status: 'running',
      test_url: '',
      failure_reason: null,
      plan_id: id,
      created_at: '',
      started_at: '',
      finished_at: null,
      environment_id: null,
      environment: null,
      test_data_ids: [],
    },
    config,
  );
  clock = 0;
  return ShardCoordinator.begin(store, id, slots, barrier).coordinator;
}

describe('serve --executor', () => {
  const problemsOf = (values: Parameters<typeof readExecutor>[0]): Problem[] => {
    const read = readExecutor(values);
    if (read.ok) throw new Error(`expected problems, got ${JSON.stringify(read.value)}`);
    return read.problems;
  };

  it('refuses a Kubernetes setting without --executor kubernetes, naming it', () => {
    expect(problemsOf({ executor: 'local', image: 'x', shards: '4' }).map((p) => p.path)).toEqual(['--image', '--shards']);
    expect(problemsOf({ executor: 'local', image: 'x' })[0]!.message).toMatch(
      /setting of the Kubernetes executor: give --executor kubernetes/,
    );
    expect(readExecutor({})).toEqual({ ok: true, value: { kind: 'local' } });
  });

  it('reads a location in another cluster, and combines it with the other rules of that location', () => {
    const choice = valueOrThrow(
      readExecutor({ executor: 'kubernetes', image: 'img', location: ['JP=context:tokyo', 'JP=node:pool=load'] }),
    );
    expect(choice).toMatchObject({ kubernetes: { locations: { JP: { context: 'tokyo', nodeSelector: { pool: 'load' } } } } });
  });

  it('refuses at start a latency location @kube: of a location the server does not have', async () => {
    const lines: string[] = [];
    const args = [
      '--executor',
      'kubernetes',
      '--image',
      'x',
      '--location',
      'DE=node:a=b',
      '--latency-locations-config',
      'EU.FR.PAR=Paris@kube:FR',
    ];
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
    expect(await serveCommand(args, io)).toBe(2);
    expect(lines.join('\n')).toContain(
      '--latency-locations-config: EU.FR.PAR is measured from FR, which is no --location (there are local, DE)',
    );
  });

  it("reads the API retry backoff and the queue's wait for the cluster, with their defaults, and refuses them out of bounds", () => {
    const read = (values: Record<string, string>) =>
      valueOrThrow(readExecutor({ executor: 'kubernetes', image: 'img', ...values })) as {
        kubernetes: { apiBackoffMs: number; clusterWaitMs: number };
      };
    expect(read({}).kubernetes).toMatchObject({ apiBackoffMs: 500, clusterWaitMs: 600_000 });
    expect(read({ 'kube-api-backoff': '50', 'cluster-wait': '30' }).kubernetes).toMatchObject({ apiBackoffMs: 50, clusterWaitMs: 30_000 });
    expect(
      problemsOf({ executor: 'kubernetes', image: 'img', 'kube-api-backoff': '0', 'cluster-wait': 'soon' }).map((p) => p.path),
    ).toEqual(['--kube-api-backoff', '--cluster-wait']);
    expect(problemsOf({ 'cluster-wait': '30' })).toEqual([
      { path: '--cluster-wait', message: 'is a setting of the Kubernetes executor: give --executor kubernetes, or leave it out' },
    ]);
  });

  it('needs an image and well-formed locations with --executor kubernetes', () => {
    const problems = problemsOf({ executor: 'kubernetes', location: ['DE=region:eu'] });
    expect(problems.map((p) => p.path)).toEqual(['--image', '--location']);
    expect(problemsOf({ executor: 'cloud' })[0]).toMatchObject({
      path: '--executor',
      message: 'expected local or kubernetes, got "cloud"',
    });
    const choice = valueOrThrow(
      readExecutor({
        executor: 'kubernetes',
        image: 'img',
        location: ['DE=node:topology.kubernetes.io/region=eu-central-1', 'US=namespace:load-us'],
      }),
    );
    expect(choice).toMatchObject({
      kind: 'kubernetes',
      kubernetes: {
        image: 'img',
        namespace: 'default',
        ratePerPod: 1000,
        locations: { DE: { nodeSelector: { 'topology.kubernetes.io/region': 'eu-central-1' } }, US: { namespace: 'load-us' } },
      },
    });
  });

  it('gives shard pods requests = limits (1 CPU, 512Mi unless --shard-cpu, --shard-memory say), and refuses what is no quantity', () => {
    const read = (values: Record<string, string>) =>
      valueOrThrow(readExecutor({ executor: 'kubernetes', image: 'img', ...values })) as { kubernetes: { shardResources: unknown } };
    expect(read({}).kubernetes.shardResources).toEqual({ cpu: '1', memory: '512Mi' });
    expect(read({ 'shard-cpu': '500m', 'shard-memory': '1.5Gi' }).kubernetes.shardResources).toEqual({ cpu: '500m', memory: '1.5Gi' });
    expect(problemsOf({ executor: 'kubernetes', image: 'img', 'shard-cpu': 'two', 'shard-memory': '0' })).toEqual([
      { path: '--shard-cpu', message: 'expected a Kubernetes quantity above 0 such as 500m or 2, got "two"' },
      { path: '--shard-memory', message: 'expected a Kubernetes quantity above 0 such as 512Mi or 1Gi, got "0"' },
    ]);
    expect(problemsOf({ executor: 'local', 'shard-cpu': '1' }).map((p) => p.path)).toEqual(['--shard-cpu']);
  });

  it('gives a location ⌈its busiest second ÷ the rate per pod⌉ shards, and refuses a location nobody configured', () => {
    const config = { load_type: 'linear' as const, iteration_count: 5000, duration: 2, proxy_config: { US: 60, DE: 40 } };
    expect(shardsPerLocation(config, ['local', 'DE', 'US'], 400).shardCounts).toEqual({ DE: 3, US: 4 });
    expect(shardsPerLocation(config, ['local', 'DE', 'US'], 400, 2).shardCounts).toEqual({ DE: 2, US: 2 });
    expect(shardsPerLocation(config, ['local', 'US'], 400).problems[0]!.message).toMatch(
      /no location DE on this server \(it offers local, US/,
    );
    expect(parseKubeLocations(['local=node:pool=load'], '--location')).toEqual({
      ok: true,
      value: { local: { nodeSelector: { pool: 'load' } } },
    });
  });

  it("reads a Job's failed indexes", () => {
    expect(parseIndexes('1,3-5')).toEqual([1, 3, 4, 5]);
    expect(parseIndexes(undefined)).toEqual([]);
  });
});

describe('the start barrier', () => {
  it('starts once every shard of every location is ready, a margin ahead', () => {
    const c = begin({ US: 1, DE: 1 });
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-a')).toMatchObject({ state: 'wait' });
    clock = 500;
    expect(c.ready({ location: 'DE', index: 0 }, 0, 'pod-b')).toEqual({ state: 'start', start_at_ms: 2500, from_second: 0, late: [] });
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-a')).toEqual({ state: 'start', start_at_ms: 2500, from_second: 0, late: [] });
  });

  it('does not wait for an index Kubernetes gave up on (its Job deleted at the barrier): the others start at once', () => {
    const c = begin({ US: 1, XX: 1 });
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-a')).toMatchObject({ state: 'wait' });
    clock = 300;
    c.markFailed({ location: 'XX', index: 0 });
    c.tick();
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-a')).toEqual({
      state: 'start',
      start_at_ms: 2300,
      from_second: 0,
      late: ['XX-0'],
    });
  });

  it("goes without the late ones when its time is up; they resume at the schedule's next second", () => {
    const c = begin({ US: 2 });
    c.ready({ location: 'US', index: 0 }, 0, 'pod-a');
    clock = 9_999;
    c.tick();
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-a')).toMatchObject({ state: 'wait' });
    clock = 10_000;
    c.tick();
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-a')).toEqual({
      state: 'start',
      start_at_ms: 12_000,
      from_second: 0,
      late: ['US-1'],
    });
    clock = 15_500;
    // 15.5 s + the 2 s margin is 5.5 s into the schedule: it resumes at second 6.
    expect(c.ready({ location: 'US', index: 1 }, 0, 'pod-c')).toMatchObject({ state: 'start', from_second: 6 });
    // A retry of index 0 (attempt 1) resumes likewise; the first attempt's answer does not change.
    expect(c.ready({ location: 'US', index: 0 }, 1, 'pod-d')).toMatchObject({ from_second: 6 });
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-a')).toMatchObject({ from_second: 0 });
  });

  it('gives an attempt to the first pod that reports it; a second pod is a duplicate', () => {
    const c = begin({ US: 1 });
    c.ready({ location: 'US', index: 0 }, 0, 'pod-a');
    expect(c.ready({ location: 'US', index: 0 }, 0, 'pod-b')).toEqual({ state: 'duplicate', pod: 'pod-a' });
    expect(c.holds({ location: 'US', index: 0 }, 0, 'pod-a')).toBe(true);
    expect(c.holds({ location: 'US', index: 0 }, 0, 'pod-b')).toBe(false);
  });
});

describe('uploads and settling', () => {
  const sample = (t: number) => ({ t, started: 10, responses: 9, failures: 1 });

  it("stores each second once, adds them up as progress, and settles on the latest attempt's result", () => {
    const c = begin({ US: 1, DE: 1 });
    const us = { location: 'US', index: 0 };
    const de = { location: 'DE', index: 0 };
    c.ready(us, 0, 'a');
    c.ready(de, 0, 'b');
    expect(c.interval(us, 0, 0, sample(0))).toEqual({ stored: true, stop: false });
    expect(c.interval(us, 0, 0, sample(0))).toEqual({ stored: false, stop: false });
    c.interval(de, 0, 0, sample(0));
    c.interval(de, 0, 1, sample(1));
    expect(c.progress()).toEqual({ seconds: 2, started: 30, responses: 27, failures: 3 });
    c.final(de, 0, {}, false);
    expect(c.settled()).toBe(false);
    c.final(us, 0, {}, false);
    expect(c.settled()).toBe(true);
    expect(c.final(us, 0, {}, false)).toBe(false);
    // A retry that has reported ready is waited for; an index Kubernetes gave up on is not.
    c.ready(us, 1, 'c');
    expect(c.settled()).toBe(false);
    c.markFailed(us);
    expect(c.settled()).toBe(true);
    c.stop();
    expect(c.interval(de, 0, 2, sample(2)).stop).toBe(true);
  });

  it('leaves a shard whose result was cut short (an eviction) to its next attempt; after a stop such a result settles it', () => {
    const c = begin({ US: 1 });
    const us = { location: 'US', index: 0 };
    c.ready(us, 0, 'evicted');
    c.final(us, 0, { run: { interrupted: true } }, true);
    expect(c.settled()).toBe(false);
    expect(c.unsettled()).toEqual(['US-0']);
    c.ready(us, 1, 'replacement');
    c.final(us, 1, { run: { interrupted: false } }, false);
    expect(c.settled()).toBe(true);

    const stopped = begin({ US: 1 });
    stopped.ready(us, 0, 'pod');
    stopped.stop();
    stopped.final(us, 0, { run: { interrupted: true } }, true);
    expect(stopped.settled()).toBe(true);
  });

  it('does the same work for an upload however many seconds are stored (running totals, no re-read)', () => {
    const c = begin({ US: 2 });
    const shards = [0, 1].map((index) => ({ location: 'US', index }));
    for (const key of shards) c.ready(key, 0, `pod-${key.index}`);
    // What the upload route and the executor do per upload: who holds it, store it, progress, settled.
    const upload = (t: number): number => {
      const before = store.rowsRead;
      for (const key of shards) {
        expect(c.holds(key, 0, `pod-${key.index}`)).toBe(true);
        c.interval(key, 0, t, sample(t));
        c.progress();
        c.settled();
      }
      return store.rowsRead - before;
    };
    const early = upload(0);
    for (let t = 1; t < 1000; t++) upload(t);
    expect(upload(1000)).toBe(early);
    expect(early).toBe(0);
    expect(c.progress()).toEqual({ seconds: 1001, started: 20_020, responses: 18_018, failures: 2002 });
  });

  it('rebuilds attempts, totals and settling from the store once when a restarted server resumes', () => {
    const c = begin({ US: 1, DE: 1 });
    const us = { location: 'US', index: 0 };
    const de = { location: 'DE', index: 0 };
    c.ready(us, 0, 'a');
    c.ready(de, 0, 'b');
    c.interval(us, 0, 0, sample(0));
    c.interval(de, 0, 0, sample(0));
    c.final(us, 0, { run: { interrupted: false } }, false);
    const resumed = ShardCoordinator.resume(store, c.testId, barrier)!;
    expect(resumed.progress()).toEqual(c.progress());
    expect(resumed.holds(de, 0, 'b')).toBe(true);
    expect(resumed.ready(de, 0, 'other')).toEqual({ state: 'duplicate', pod: 'b' });
    expect(resumed.unsettled()).toEqual(['DE-0']);
    resumed.final(de, 0, { run: { interrupted: false } }, false);
    expect(resumed.settled()).toBe(true);
  });

  it('accepts only its own token, and names a shard it does not have', () => {
    const { coordinator, token } = ShardCoordinator.begin(store, createOther(), { US: 2 }, barrier);
    expect(coordinator.acceptsToken(token)).toBe(true);
    expect(coordinator.acceptsToken(`${token}x`)).toBe(false);
    expect(coordinator.checkKey({ location: 'US', index: 2 })).toBe("index 2 is not one of US's 0..1");
    expect(coordinator.checkKey({ location: 'DE', index: 0 })).toMatch(/location "DE" has no shards in this test/);
  });
});

function createOther(): string {
  const id = `test-${++tests}`;
  const config = { steps: [], iteration_count: 1, duration: 1 } as never;
  store.tenant('default').createTest(
    { id, name: id, config_data: config, created_at: '' },
    {
      id,
      name: id,
      status: 'running',
      test_url: '',
      failure_reason: null,
      plan_id: id,
      created_at: '',
      started_at: '',
      finished_at: null,
      environment_id: null,
      environment: null,
      test_data_ids: [],
    },
    config,
  );
  return id;
}

describe("a shard pod's identity", () => {
  const env = { LOADGATE_SHARD_TOKEN: 't', LOADGATE_SHARD_LOCATION: 'US', JOB_COMPLETION_INDEX: '2' };
  const args = ['--server', 'http://loadgate:8080', '--test', 'id'];

  it("counts the index's ignored failures (evictions) with its failures: a replacement after an eviction is a new attempt", () => {
    expect(podIdentity(args, env)).toMatchObject({ index: 2, attempt: 0 });
    // The annotation is missing until a failure was ignored: the downward API gives "".
    expect(podIdentity(args, { ...env, LOADGATE_SHARD_ATTEMPT: '0', LOADGATE_SHARD_IGNORED_FAILURES: '' })).toMatchObject({ attempt: 0 });
    expect(podIdentity(args, { ...env, LOADGATE_SHARD_ATTEMPT: '0', LOADGATE_SHARD_IGNORED_FAILURES: '1' })).toMatchObject({ attempt: 1 });
    expect(podIdentity(args, { ...env, LOADGATE_SHARD_ATTEMPT: '2', LOADGATE_SHARD_IGNORED_FAILURES: '3' })).toMatchObject({ attempt: 5 });
    expect(() => podIdentity(args, { ...env, LOADGATE_SHARD_IGNORED_FAILURES: 'x' })).toThrow(
      expect.objectContaining({ problems: [{ path: 'LOADGATE_SHARD_IGNORED_FAILURES', message: 'expected a whole number, got "x"' }] }),
    );
  });
});

describe('coverage', () => {
  const config = { load_type: 'linear' as const, iteration_count: 800, duration: 8, proxy_config: { US: 1 } };
  const result = (interrupted: boolean, seconds: number) =>
    ({ run: { interrupted, series: Array.from({ length: seconds }, (_, t) => ({ t })) } }) as unknown as LoadTestResult;

  it('reports the seconds a retried shard never ran, and the share of the plan the result holds', () => {
    const delivered = {
      shardCounts: { US: 2 },
      attempts: [
        { location: 'US', index: 0, attempt: 0, pod: 'a', fromSecond: 0 },
        { location: 'US', index: 0, attempt: 1, pod: 'b', fromSecond: 3 },
        { location: 'US', index: 1, attempt: 0, pod: 'c', fromSecond: 0 },
      ],
      finals: [
        { location: 'US', index: 0, attempt: 1, value: result(false, 5) },
        { location: 'US', index: 1, attempt: 0, value: result(false, 8) },
      ],
      // The dead attempt 0 uploaded two seconds before it died (its third never arrived); attempt 1's own seconds are in its result.
      intervals: [
        { location: 'US', index: 0, attempt: 0, value: { t: 0, sample: { started: 30 } } },
        { location: 'US', index: 0, attempt: 0, value: { t: 1, sample: { started: 31 } } },
        { location: 'US', index: 0, attempt: 1, value: { t: 0, sample: { started: 50 } } },
      ],
    };
    const { chosen, coverage } = chooseResults(config, delivered);
    expect(chosen.map((c) => `${c.key.index}/${c.attempt}`)).toEqual(['0/1', '1/0']);
    const shard0 = new LoadPlan(config, { index: 1, count: 2, location: 'US' });
    const lost = [0, 1, 2].reduce((n, s) => n + shard0.countInSecond(s), 0);
    const pct = (n: number) => Math.floor((n / 800) * 1000) / 10;
    expect(coverage).toEqual({
      planned_iterations: 800,
      applied_iterations: 800 - lost + 61,
      applied_pct: pct(800 - lost + 61),
      measured_iterations: 800 - lost,
      measured_pct: pct(800 - lost),
      shards: [{ shard: 'US-0', location: 'US', index: 0, attempts: 2, planned_s: 8, missing_s: 3, missing: [[0, 3]] }],
    });
    expect(coverageLine(coverage)).toBe(
      `shard US-0: 3 s of 8 s missing; ${pct(800 - lost).toFixed(1)} % of the planned load measured (${pct(800 - lost + 61).toFixed(1)} % applied)`,
    );
  });

  it("counts a stopped shard's seconds after its last one as missing, and a shard with no result as all missing", () => {
    const delivered = {
      shardCounts: { US: 2 },
      attempts: [{ location: 'US', index: 0, attempt: 0, pod: 'a', fromSecond: 0 }],
      finals: [{ location: 'US', index: 0, attempt: 0, value: result(true, 6) }],
    };
    const { coverage } = chooseResults(config, delivered);
    expect(coverage.shards).toEqual([
      { shard: 'US-0', location: 'US', index: 0, attempts: 1, planned_s: 8, missing_s: 2, missing: [[6, 8]] },
      { shard: 'US-1', location: 'US', index: 1, attempts: 1, planned_s: 8, missing_s: 8, missing: [[0, 8]] },
    ]);
    // Without the uploaded seconds, only what was measured is known to have been sent.
    expect(coverage.measured_iterations).toBe(300);
    expect(coverage.applied_iterations).toBe(300);
  });

  it("counts of the second a shard was stopped in only what its result holds, not that second's whole plan", () => {
    // Stopped during its 6th second: 5 whole seconds (250) and 30 of the 6th's 50.
    const stopped = { ...result(true, 6), results: { iteration_count: 280 } } as unknown as LoadTestResult;
    const delivered = {
      shardCounts: { US: 1 },
      attempts: [{ location: 'US', index: 0, attempt: 0, pod: 'a', fromSecond: 0 }],
      finals: [{ location: 'US', index: 0, attempt: 0, value: stopped }],
    };
    const { coverage } = chooseResults({ ...config, proxy_config: { US: 100 } }, delivered);
    const plan = new LoadPlan({ ...config, proxy_config: { US: 100 } }, { index: 1, count: 1, location: 'US' });
    const sixSeconds = [0, 1, 2, 3, 4, 5].reduce((n, s) => n + plan.countInSecond(s), 0);
    expect(sixSeconds).toBeGreaterThan(280);
    expect(coverage.measured_iterations).toBe(280);
    expect(coverage.applied_iterations).toBe(280);
  });
});
