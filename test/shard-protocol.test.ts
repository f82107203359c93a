// The shard protocol end to end without Kubernetes: the server's callback routes with a
// coordinator, real `loadgate shard` processes (as a Job's pods run them, their index and token in
// the environment) sending load to a loopback target, and the exact merge of what they deliver.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import * as hdr from 'hdr-histogram-js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { buildApp } from '../src/server/app.ts';
import { createKeyChecker } from '../src/server/auth.ts';
import type { ServerContext } from '../src/server/context.ts';
import { localExecutor } from '../src/server/executors/local.ts';
import { DEFAULT_LIMITS } from '../src/server/main.ts';
import { TestQueue } from '../src/server/queue.ts';
import { ShardCoordinator } from '../src/server/shards/coordinator.ts';
import { mergeSharded } from '../src/server/shards/deliveries.ts';
import { ShardRegistry } from '../src/server/shards/registry.ts';
import type { Store } from '../src/server/store/store.ts';
import { DEFAULT_LATENCY_LOCATIONS } from '../src/latency/locations.ts';
import type { LoadTestDefinition, LoadTestResult, SecondSample } from '../src/types.ts';
import { openTempStore } from './helpers/temp-store.ts';
import { runNode, type ProcessRun } from './helpers/process.ts';
import { startStreamTarget, type StreamTarget } from './helpers/stream-targets.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const ITERATIONS = 120;
/** Each shard is a Node process loading the sources: seconds apiece on a busy 2-core machine. */
const PROCESSES_TIMEOUT_MS = 240_000;
let dir: string;
let store: Store;
let target: Target;
let streams: StreamTarget;
let app: FastifyInstance;
let url: string;
const registry = new ShardRegistry();

beforeAll(async () => {
  // Response times spread by the iteration's data row, so that shards differ and percentiles mean something.
  target = await startTarget({
    handler: (_req, res, received) => {
      if (received.path !== '/k') return false;
      const k = Number(new URLSearchParams(received.url.split('?')[1]).get('k'));
      setTimeout(() => res.end('ok'), k % 9);
      return true;
    },
  });
  streams = await startStreamTarget();
  ({ dir, store } = await openTempStore('shard-protocol'));
  const log = () => {};
  const queue = new TestQueue(store, { dataDir: dir, executor: localExecutor({ proxies: {}, log }), log });
  const ctx: ServerContext = {
    store,
    queue,
    shards: registry,
    dataDir: dir,
    proxies: {},
    latencyLocations: DEFAULT_LATENCY_LOCATIONS,
    // A shard result may be as large as an upload: 4 MiB here, so the test can pass it.
    limits: { ...DEFAULT_LIMITS, uploadBytes: 4 * 1024 * 1024 },
    publicUrl: () => url,
    log,
  };
  app = await buildApp(ctx, { checkKey: createKeyChecker(['api-key-1']) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  store?.close();
  await target?.close();
  await streams?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function errorMessage(answer: Response): Promise<string> {
  return ((await answer.json()) as { error: { message: string } }).error.message;
}

function definition(): LoadTestDefinition {
  const rows = Array.from({ length: ITERATIONS }, (_, k) => String(k)).join('\n');
  writeFileSync(join(dir, 'rows.csv'), `${rows}\n`);
  const checked = validateDefinition(
    {
      name: 'sharded',
      config_data: {
        steps: [{ id: 1, name: 'k', url: `${target.url}/k?k={{data.rows.k}}` }],
        iteration_count: ITERATIONS,
        duration: 2,
        proxy_config: { US: 60, DE: 40 },
      },
    },
    'test.json',
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  checked.value.definition.test_data = [
    {
      name: 'rows',
      file: join(dir, 'rows.csv'),
      type: 'csv',
      file_config: {
        delimiter: ',',
        allow_quota: false,
        order: 'sequential',
        skip_first_line: false,
        skip_empty_line: true,
        vars: { '0': { tag: 'k' } },
      },
    },
  ];
  return checked.value.definition;
}

function begin(testId: string, slots: Record<string, number>, make: () => LoadTestDefinition = definition) {
  const at = new Date().toISOString();
  const config = make().config_data;
  store.tenant('default').createTest(
    { id: testId, name: 'sharded', config_data: config, created_at: at },
    {
      id: testId,
      name: 'sharded',
      status: 'running',
      test_url: '',
      failure_reason: null,
      plan_id: testId,
      created_at: at,
      started_at: at,
      finished_at: null,
      environment_id: null,
      environment: null,
      test_data_ids: [],
    },
    config,
  );
  const { coordinator, token } = ShardCoordinator.begin(store, testId, slots, { barrierMs: 120_000, startMarginMs: 1500, now: Date.now });
  registry.add({ coordinator, definition: make(), testUrl: `${url}/report/${testId}/` });
  return { coordinator, token };
}

function shard(testId: string, token: string, location: string, index: number, attempt = 0): Promise<ProcessRun> {
  return runNode(['src/cli/entry.ts', 'shard', '--server', url, '--test', testId], {
    env: {
      PATH: process.env.PATH ?? '',
      JOB_COMPLETION_INDEX: String(index),
      LOADGATE_SHARD_TOKEN: token,
      LOADGATE_SHARD_ATTEMPT: String(attempt),
      LOADGATE_SHARD_LOCATION: location,
    },
  });
}

/** A streaming step: 20 SSE streams over 2 s, 10 events each, 50 ms to the first event and one every 20 ms. */
function streaming(): LoadTestDefinition {
  const checked = validateDefinition(
    {
      name: 'sharded-streams',
      config_data: {
        steps: [
          {
            id: 1,
            name: 'chat',
            url: `${streams.http}/sse?first=50&every=20&count=10&end=done`,
            stream: { type: 'sse', until_event: 'done', max_seconds: 20 },
          },
        ],
        iteration_count: 20,
        duration: 2,
        proxy_config: { US: 50, DE: 50 },
      },
    },
    'streams.json',
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.value.definition;
}

function emptyHistogram(): hdr.Histogram {
  return hdr.build({
    bitBucketSize: 32,
    useWebAssembly: false,
    autoResize: true,
    numberOfSignificantValueDigits: 3,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
  });
}

/** The shards' own histograms (a step × location), added here independently of the server's merge. */
function addedHistograms(finals: LoadTestResult[], step: string, location: string): hdr.Histogram {
  const sum = emptyHistogram();
  for (const final of finals) {
    const encoded = final.histograms?.step_locations[step]?.[location];
    if (encoded) sum.add(hdr.decodeFromCompressedBase64(encoded, 32, false));
  }
  return sum;
}

describe('the shard protocol', () => {
  it(
    'shards of two locations run the plan exactly once; the merge adds their histograms',
    async () => {
      const testId = '00000000-0000-4000-8000-000000000001';
      const { coordinator, token } = begin(testId, { US: 2, DE: 2 });
      target.reset();
      const runs = await Promise.all([
        shard(testId, token, 'US', 0),
        shard(testId, token, 'US', 1),
        shard(testId, token, 'DE', 0),
        shard(testId, token, 'DE', 1),
      ]);
      for (const run of runs) expect(run.code, run.out).toBe(0);
      expect(coordinator.settled()).toBe(true);

      // Every data row once: the shards' sequential rows follow the global k.
      const ks = target.received.filter((r) => r.path === '/k').map((r) => Number(new URLSearchParams(r.url.split('?')[1]).get('k')));
      expect(ks.sort((a, b) => a - b)).toEqual(Array.from({ length: ITERATIONS }, (_, k) => k));

      const delivered = {
        shardCounts: coordinator.shardCounts,
        attempts: store.shardAttempts(testId),
        finals: store.shardFinals<LoadTestResult>(testId),
        intervals: store.shardIntervals<{ started: number }>(testId),
      };
      const { result, coverage } = await mergeSharded(definition().config_data, delivered, 'http://x/report/');
      expect(coverage).toMatchObject({
        planned_iterations: ITERATIONS,
        applied_iterations: ITERATIONS,
        applied_pct: 100,
        measured_iterations: ITERATIONS,
        measured_pct: 100,
        shards: [],
      });
      expect(result!.run.interrupted).toBe(false);
      expect(result!.results.iteration_count).toBe(ITERATIONS);
      expect(result!.results.location_dist.US!.iteration_count).toBe(72);
      expect(result!.results.location_dist.DE!.iteration_count).toBe(48);
      expect(result!.results.steps[0]!.location_dist.DE!.iteration_count).toBe(48);

      await hdr.initWebAssembly();
      const finals = delivered.finals.map((f) => f.value);
      for (const location of ['US', 'DE']) {
        const expected = addedHistograms(finals, '1', location);
        const merged = hdr.decodeFromCompressedBase64(result!.histograms!.step_locations['1']![location]!, 32, false);
        expect(merged.totalCount).toBe(expected.totalCount);
        for (const p of [50, 80, 90, 95, 99]) expect(merged.getValueAtPercentile(p)).toBe(expected.getValueAtPercentile(p));
        expect(result!.results.steps[0]!.location_dist[location]!.response_times.p95).toBe(
          Math.round(expected.getValueAtPercentile(95) / 1000),
        );
      }
      // Live progress: every second each shard ran was uploaded once.
      expect(coordinator.progress()).toMatchObject({ started: ITERATIONS, responses: ITERATIONS, failures: 0 });
    },
    PROCESSES_TIMEOUT_MS,
  );

  it(
    "uploads each second's stream figures with their histograms: they add up exactly to the merged result's",
    async () => {
      const testId = '00000000-0000-4000-8000-000000000005';
      const { coordinator, token } = begin(testId, { US: 1, DE: 1 }, streaming);
      const runs = await Promise.all([shard(testId, token, 'US', 0), shard(testId, token, 'DE', 0)]);
      for (const run of runs) expect(run.code, run.out).toBe(0);
      const intervals = store.shardIntervals<SecondSample>(testId).map((u) => u.value.sample);
      const finals = store.shardFinals<LoadTestResult>(testId);
      const { result } = await mergeSharded(
        streaming().config_data,
        { shardCounts: coordinator.shardCounts, attempts: store.shardAttempts(testId), finals },
        'http://x/report/',
      );
      expect(result!.results.steps[0]!.stream).toMatchObject({ streams: 20, events: 200 });
      // Each shard's figures under the location it ran in (a shard's engine records them as `local`).
      const { US, DE } = result!.results.steps[0]!.location_dist;
      expect(US!.stream!.streams + DE!.stream!.streams).toBe(20);

      // The uploaded seconds, added here independently of the engine and the merge.
      await hdr.initWebAssembly();
      const uploaded = { streams: 0, events: 0, first_event: emptyHistogram(), gap: emptyHistogram() };
      for (const sample of intervals) {
        if (!sample.stream) continue;
        uploaded.streams += sample.stream.streams;
        uploaded.events += sample.stream.events;
        for (const metric of ['first_event', 'gap'] as const) {
          const encoded = sample.stream[metric].histogram;
          // A second's histogram is there exactly when the second holds such a time.
          expect(encoded === undefined).toBe(sample.stream[metric].p50 === 0);
          if (encoded) uploaded[metric].add(hdr.decodeFromCompressedBase64(encoded, 32, false));
        }
      }
      expect(uploaded).toMatchObject({ streams: 20, events: 200 });
      for (const metric of ['first_event', 'gap'] as const) {
        const merged = hdr.decodeFromCompressedBase64(result!.histograms!.streams![metric].overall, 32, false);
        expect(uploaded[metric].totalCount).toBe(merged.totalCount);
        for (const p of [50, 90, 95, 99]) expect(uploaded[metric].getValueAtPercentile(p)).toBe(merged.getValueAtPercentile(p));
      }
      expect(uploaded.first_event.totalCount).toBe(20);
      expect(uploaded.gap.totalCount).toBe(180);
      // The merged series adds the shards' seconds, and the live progress the uploads.
      const series = result!.run.series.flatMap((s) => (s.stream ? [s.stream] : []));
      expect(series.reduce((n, s) => n + s.events, 0)).toBe(200);
      expect(series.some((s) => s.first_event.histogram !== undefined)).toBe(false);
      expect(coordinator.progress()).toMatchObject({ started: 20, streams: 20, events: 200 });
    },
    PROCESSES_TIMEOUT_MS,
  );

  it(
    'tells a second pod for an index that another holds it is a duplicate: it sends nothing and exits 3',
    async () => {
      const testId = '00000000-0000-4000-8000-000000000002';
      const { coordinator, token } = begin(testId, { local: 1 });
      const holder = coordinator.ready({ location: 'local', index: 0 }, 0, 'first-pod');
      expect(holder.state).toBe('start');
      target.reset();
      const second = await shard(testId, token, 'local', 0);
      expect(second.code, second.out).toBe(3);
      expect(second.out).toContain('duplicate: pod first-pod runs this index, so this pod sends nothing');
      expect(target.received).toHaveLength(0);
    },
    PROCESSES_TIMEOUT_MS,
  );

  it("accepts only the test's own token, checked before any body", async () => {
    const testId = '00000000-0000-4000-8000-000000000003';
    begin(testId, { local: 1 });
    const plan = `${url}/v1/shard/${testId}/plan/?location=local&index=0`;
    expect((await fetch(plan)).status).toBe(401);
    expect((await fetch(plan, { headers: { 'x-api-key': 'api-key-1' } })).status).toBe(401);
    expect((await fetch(plan, { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(403);
  });

  it('accepts a shard result larger than the 1 MB limit of other bodies, up to the upload limit, and names that limit beyond it', async () => {
    const testId = '00000000-0000-4000-8000-000000000004';
    const { coordinator, token } = begin(testId, { local: 1 });
    coordinator.ready({ location: 'local', index: 0 }, 0, 'the-pod');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // Many steps × locations × seconds: histograms beyond a megabyte.
    const result = { run: { shard: { index: 1, count: 1 } }, histograms: { steps: { '1': 'x'.repeat(3 * 1024 * 1024) } } };
    const body = JSON.stringify({ location: 'local', index: 0, attempt: 0, pod: 'the-pod', result });
    const answer = await fetch(`${url}/v1/shard/${testId}/final/`, { method: 'POST', headers, body });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ stored: true });
    expect(store.shardFinals(testId)).toHaveLength(1);
    // Other routes keep the common limit.
    const interval = JSON.stringify({
      location: 'local',
      index: 0,
      attempt: 0,
      pod: 'the-pod',
      t: 0,
      sample: { padding: 'x'.repeat(2 * 1024 * 1024) },
    });
    const tooLarge = await fetch(`${url}/v1/shard/${testId}/interval/`, { method: 'POST', headers, body: interval });
    expect(tooLarge.status).toBe(413);
    expect(await errorMessage(tooLarge)).toContain('larger than the limit of 1 MiB');
    // The result route names its own limit.
    const huge = JSON.stringify({
      ...JSON.parse(body),
      result: { ...result, histograms: { steps: { '1': 'x'.repeat(5 * 1024 * 1024) } } },
    });
    const refused = await fetch(`${url}/v1/shard/${testId}/final/`, { method: 'POST', headers, body: huge });
    expect(refused.status).toBe(413);
    expect(await errorMessage(refused)).toContain('larger than the limit of 4 MiB');
  });

  it('refuses a test that asks for shards from a server that runs each test itself', async () => {
    const answer = await fetch(`${url}/v1/load/test/`, {
      method: 'POST',
      headers: { 'x-api-key': 'api-key-1', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'n', config_data: { steps: [{ id: 1, name: 's', url: `${target.url}/` }] }, shards: 2 }),
    });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      '$.shards: is for the Kubernetes executor (serve --executor kubernetes); this server runs each test itself',
    );
  });
});
