// `serve --executor kubernetes` while the API server misbehaves the way real ones do every day
// (docs/kubernetes.md, "When the API server misbehaves"): 429 with Retry-After, 5xx, resets,
// a create whose answer is lost, an outage. Each scenario queues three tests, A (800 iterations,
// US 60 / DE 40, 3 shards: --rate-per-pod 100 gives US 2 and DE 1) and B and C behind it; all
// three must end `completed`, the target must have received exactly what A's result reports,
// nothing of theirs may be left in the cluster, and serve logs each retried operation once.
// The retries' first wait is 50 ms (--kube-api-backoff): what is asserted is the outcome, not its timing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoadTestResult } from '../src/types.ts';
import { apiCaller, pollUntil, type Call } from './helpers/api-call.ts';
import { startKubeStandIn, type KubeStandIn } from './helpers/kube-standin.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

const SCENARIO_TIMEOUT_MS = 600_000;
const WAIT_MS = 300_000;
const NODES = [
  { name: 'node-us', labels: { region: 'us' } },
  { name: 'node-de', labels: { region: 'de' } },
];

let target: Server;
let targetUrl: string;
/** Requests the target received, per path. */
const received = new Map<string, number>();
let kube: KubeStandIn | undefined;
let server: ServerProcess | undefined;
let call: Call;

beforeAll(async () => {
  target = createServer((req, res) => {
    received.set(req.url ?? '', (received.get(req.url ?? '') ?? 0) + 1);
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

afterEach(async () => {
  await server?.dispose();
  await kube?.close();
  server = undefined;
  kube = undefined;
});

/** The stand-in (faults injected by `before`, ahead of any request of serve's) and serve on it. */
async function start(before: (kube: KubeStandIn) => void = () => {}): Promise<KubeStandIn> {
  kube = await startKubeStandIn({ nodes: NODES });
  before(kube);
  server = await startServerProcess({
    startTimeoutMs: WAIT_MS,
    args: [
      '--executor',
      'kubernetes',
      '--kubeconfig',
      kube.kubeconfigPath,
      '--image',
      'loadgate:test',
      '--rate-per-pod',
      '100',
      '--location',
      'US=node:region=us',
      '--location',
      'DE=node:region=de',
      '--start-barrier',
      '3600',
      '--kube-api-backoff',
      '50',
    ],
  });
  call = apiCaller(() => server!.url);
  return kube;
}

interface Queued {
  a: string;
  b: string;
  c: string;
  /** Where each test's requests go on the target. */
  paths: Record<'a' | 'b' | 'c', string>;
}

/** A, B and C queued at once: A is 800 iterations over 4 s in 3 shards, B and C 40 over 2 s in one US shard. */
async function queueThree(): Promise<Queued> {
  const run = `/${Math.random().toString(36).slice(2)}`;
  const paths = { a: `${run}/a`, b: `${run}/b`, c: `${run}/c` };
  const post = async (name: 'a' | 'b' | 'c', iterations: number, duration: number, proxy_config: Record<string, number>) => {
    const config_data = {
      steps: [{ id: 1, name, url: `${targetUrl}${paths[name]}` }],
      iteration_count: iterations,
      duration,
      proxy_config,
    };
    const created = await call('POST', '/v1/load/test/', { json: { name, config_data } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const a = await post('a', 800, 4, { US: 60, DE: 40 });
  const b = await post('b', 40, 2, { US: 100 });
  const c = await post('c', 40, 2, { US: 100 });
  return { a, b, c, paths };
}

// Answers are read by their documented shape.
const details = async (id: string): Promise<any> => (await call('GET', `/v1/load/test/${id}/`)).body;
const finished = (t: { status: string }): boolean => ['completed', 'incomplete', 'failed', 'stopped'].includes(t.status);

/** What every scenario asserts once its faults have stopped. */
async function expectAllCompleted(queued: Queued): Promise<void> {
  for (const name of ['a', 'b', 'c'] as const) {
    const done = await pollUntil(() => details(queued[name]), finished, `test ${name} to finish`, WAIT_MS);
    expect(done, `${name}: ${JSON.stringify(done)}\n${server!.stderr()}`).toMatchObject({ status: 'completed', failure_reason: null });
  }
  const result = (await call('GET', `/v1/load/test/${queued.a}/result/`)).body as LoadTestResult;
  // The target received exactly what A's result reports, and that is the plan (less what a starved engine never started).
  expect(received.get(queued.paths.a) ?? 0).toBe(result.results.iteration_count);
  expect(result.results.iteration_count + result.run.generator!.unstarted_iterations).toBe(800);
  expect(result.run.coverage).toMatchObject({ planned_iterations: 800, shards: [] });
  for (const name of ['b', 'c'] as const) {
    const other = (await call('GET', `/v1/load/test/${queued[name]}/result/`)).body as LoadTestResult;
    expect(received.get(queued.paths[name]) ?? 0).toBe(other.results.iteration_count);
  }
  // Nothing of theirs is left in the cluster, within 15 s.
  await kube!.waitFor(() => kube!.jobs().length + kube!.secrets().length + kube!.pods().length === 0, 15_000);
}

/** serve's lines about retried API operations. */
function retryLines(): string[] {
  return server!
    .stderr()
    .split('\n')
    .filter((line) => line.includes('Kubernetes API: '));
}

/** The single line for one operation (one line per operation, not per attempt). */
function oneLine(pattern: RegExp): string {
  const lines = retryLines().filter((line) => pattern.test(line));
  expect(lines, retryLines().join('\n')).toHaveLength(1);
  return lines[0]!;
}

/** Whether a request's answer belongs to a test (its Job's or Secret's name holds the test id's start). */
const jobOf = (id: string, location: string) => new RegExp(`create Job lg-${id.slice(0, 30)}-${location.toLowerCase()}-\\w+ in default`);

describe('serve --executor kubernetes rides out the API server’s faults', () => {
  it(
    '429 ×5 with Retry-After: 1 on Job create and on list: each retried after the wait it asked for',
    async () => {
      await start((k) => {
        const throttled = { code: 429, reason: 'TooManyRequests', message: 'too many requests, please try again later', retryAfter: '1' };
        k.failNext('POST', /\/jobs$/, throttled, 5);
        k.failNext('GET', /\/jobs$/, throttled, 5);
      });
      const queued = await queueThree();
      await expectAllCompleted(queued);
      // A's first create (DE's Job) took the five 429s.
      const line = oneLine(jobOf(queued.a, 'DE'));
      expect(line).toMatch(/succeeded after 6 attempts over (\d+)\.\d s \(5× 429 TooManyRequests\)$/);
      // Retry-After: 1, five times: not sooner than 5 s (the backoff alone, 50 ms doubling, waits at most 1.55 s).
      expect(Number(/over (\d+)\.\d s/.exec(line)![1])).toBeGreaterThanOrEqual(5);
      expect(retryLines().join('\n')).toMatch(/list Jobs in default.*: succeeded after \d+ attempts .*429 TooManyRequests/);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    '500, 503, 500 on Job create: retried until it is created',
    async () => {
      await start((k) => {
        k.failNext('POST', /\/jobs$/, { code: 500, reason: 'InternalError', message: 'etcdserver: leader changed' });
        k.failNext('POST', /\/jobs$/, {
          code: 503,
          reason: 'ServiceUnavailable',
          message: 'the server is currently unable to handle the request',
        });
        k.failNext('POST', /\/jobs$/, { code: 500, reason: 'InternalError', message: 'etcdserver: leader changed' });
      });
      const queued = await queueThree();
      await expectAllCompleted(queued);
      expect(oneLine(jobOf(queued.a, 'DE'))).toMatch(
        /succeeded after 4 attempts over \d+\.\d s \(2× 500 InternalError, 1× 503 ServiceUnavailable\)$/,
      );
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'a reset on every 3rd call: every operation gets through, and the cleanup too',
    async () => {
      await start((k) => k.resetEvery(3));
      const queued = await queueThree();
      for (const id of [queued.a, queued.b, queued.c]) await pollUntil(() => details(id), finished, 'the tests to finish', WAIT_MS);
      kube!.resetEvery(0);
      await expectAllCompleted(queued);
      expect(retryLines().length, server!.stderr()).toBeGreaterThan(0);
      for (const line of retryLines())
        expect(line).toMatch(/: (succeeded|done \(404 NotFound\)) after \d+ attempts over \d+\.\d s \(\d+× (UND_ERR_SOCKET|ECONNRESET)/);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    "a create carried out whose answer was lost: the retry's 409 adopts the Job, and there is one Job per location",
    async () => {
      await start((k) => k.loseAnswerNext('POST', /\/jobs$/));
      const queued = await queueThree();
      await expectAllCompleted(queued);
      // A's first create (DE's Job: the locations go in that order) was the one whose answer was lost.
      expect(server!.stderr()).toMatch(new RegExp(`test ${queued.a}: Job lg-\\S+-de-\\S+ in default existed already .*: adopted`));
      expect(oneLine(jobOf(queued.a, 'DE'))).toMatch(/failed: the Kubernetes API answered 409 AlreadyExists.* after 2 attempts/);
      // One Job of A's per location was ever made: each index ran one pod.
      const podsOfA = (location: string) =>
        kube!
          .createdPods()
          .filter(
            (pod) =>
              pod.metadata!.labels!['loadgate.dev/test-id'] === queued.a && pod.metadata!.labels!['loadgate.dev/location'] === location,
          );
      expect([podsOfA('US').length, podsOfA('DE').length]).toEqual([2, 1]);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'a 20 s outage starting as A ends: A completes, its cleanup waits it out, and B waits in the queue (initial, saying why) instead of failing',
    async () => {
      await start();
      const queued = await queueThree();
      // About 1 s before A's schedule (4 s) ends.
      await pollUntil(
        () => details(queued.a),
        (t) => t.progress?.seconds >= 3 || finished(t),
        "A's third second",
        WAIT_MS,
      );
      const outage = kube!.outage(20_000);
      const a = await pollUntil(() => details(queued.a), finished, 'A to finish', WAIT_MS);
      expect(a.status, server!.stderr()).toBe('completed');
      const waiting = await pollUntil(
        () => details(queued.b),
        (t) => t.waiting !== undefined || finished(t),
        'B to wait',
        WAIT_MS,
      );
      expect(waiting, server!.stderr()).toMatchObject({
        status: 'initial',
        failure_reason: null,
        waiting: { reason: expect.stringMatching(/^no answer from the Kubernetes API: ECONNREFUSED .*\(listing Jobs in default\)$/) },
      });
      await outage;
      await expectAllCompleted(queued);
      // A's cleanup was retried past the outage, one line per object.
      expect(retryLines().join('\n')).toMatch(new RegExp(`test ${queued.a}: Kubernetes API: delete Job \\S+ in default: succeeded after`));
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    "429 on the 2nd Job create and on the cleanup's list: both retried",
    async () => {
      const throttled = { code: 429, reason: 'TooManyRequests', message: 'too many requests', retryAfter: '1' };
      await start((k) => k.failNext('POST', /\/jobs$/, throttled, 1, 1));
      const queued = await queueThree();
      await pollUntil(
        () => details(queued.a),
        (t) => t.progress?.seconds >= 3 || finished(t),
        "A's third second",
        WAIT_MS,
      );
      kube!.failNext('GET', /\/jobs$/, throttled, 3);
      await expectAllCompleted(queued);
      // The second create is US's (DE's comes first).
      expect(oneLine(jobOf(queued.a, 'US'))).toMatch(/succeeded after 2 attempts over \d+\.\d s \(1× 429 TooManyRequests\)$/);
      // The list (A's follower's, or the one before B starts) was retried; one that A's end stopped says so.
      expect(retryLines().join('\n')).toMatch(
        /list Jobs in default.*: (succeeded|stopped) after \d+ attempts over \d+\.\d s \(\d× 429 TooManyRequests\)/,
      );
    },
    SCENARIO_TIMEOUT_MS,
  );
});
