import { fileURLToPath } from 'node:url';
import { ApiException, BatchV1Api, CoreV1Api, KubeConfig, Watch, type V1Job, type V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLETION_INDEX_ANNOTATION,
  INDEX_FAILURE_ANNOTATION,
  secretName,
  shardJob,
  testLabelSelector,
  testSecret,
  type ShardJobSpec,
} from '../src/server/executors/kubernetes/manifests.ts';
import { BAD_PLAN_EXIT_CODE } from '../src/shard/protocol.ts';
import { VERSION } from '../src/version.ts';
import { startKubeStandIn, type KubeStandIn } from './helpers/kube-standin.ts';

const FAKE_SHARD = fileURLToPath(new URL('./fixtures/kubernetes/fake-shard.ts', import.meta.url));
const NS = 'loadgate';
let counter = 0;

/** A Job as the executor makes it, whose pods run fake-shard.ts with `args`. */
function fakeJob(args: string[], overrides: Partial<ShardJobSpec> = {}): { job: V1Job; testId: string } {
  counter += 1;
  const testId = `test-${counter}`;
  const job = shardJob({
    testId,
    location: 'DE',
    shards: 3,
    namespace: NS,
    image: 'ghcr.io/loadgate/loadgate:0.1.0',
    callbackUrl: 'http://127.0.0.1:9',
    secretName: secretName(testId),
    activeDeadlineSeconds: 600,
    ttlSecondsAfterFinished: 3600,
    backoffLimitPerIndex: 2,
    ...overrides,
  });
  job.spec!.template.spec!.containers[0]!.args = args;
  return { job, testId };
}

function apis(kubeconfigPath: string): { kc: KubeConfig; batch: BatchV1Api; core: CoreV1Api } {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfigPath);
  return { kc, batch: kc.makeApiClient(BatchV1Api), core: kc.makeApiClient(CoreV1Api) };
}

async function apiError(call: Promise<unknown>): Promise<ApiException<string>> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiException);
  return error as ApiException<string>;
}

function podsOf(standIn: KubeStandIn, job: V1Job): V1Pod[] {
  return standIn.pods(NS).filter((p) => p.metadata?.ownerReferences?.some((o) => o.name === job.metadata?.name));
}

function condition(job: V1Job | undefined, type: string): { reason?: string } | undefined {
  return job?.status?.conditions?.find((c) => c.type === type && c.status === 'True');
}

function jobNamed(standIn: KubeStandIn, name: string | undefined): V1Job | undefined {
  return standIn.jobs(NS).find((j) => j.metadata?.name === name);
}

/** What a Watch delivered; `until` resolves once it satisfies a predicate (re-checked on each event). */
function observed(): {
  events: string[];
  push: (event: string) => void;
  until: (predicate: (events: string[]) => boolean) => Promise<void>;
} {
  const events: string[] = [];
  const waiters = new Set<() => void>();
  return {
    events,
    push: (event) => {
      events.push(event);
      for (const waiter of [...waiters]) waiter();
    },
    until: (predicate) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the watch saw only: ${events.join(', ')}`)), 20_000);
        const check = (): void => {
          if (!predicate(events)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the API, through @kubernetes/client-node', () => {
  let standIn: KubeStandIn;
  let batch: BatchV1Api;
  let core: CoreV1Api;
  beforeAll(async () => {
    standIn = await startKubeStandIn({ processFor: (c) => ({ file: process.execPath, args: [FAKE_SHARD, ...(c.args ?? [])] }) });
    ({ batch, core } = apis(standIn.kubeconfigPath));
  });
  afterAll(() => standIn.close());

  it('creates a Job at the batch/v1 path, reads it back and lists it by label', async () => {
    const { job, testId } = fakeJob(['hang']);
    const other = fakeJob(['hang']);
    const created = await batch.createNamespacedJob({ namespace: NS, body: job });
    await batch.createNamespacedJob({ namespace: NS, body: other.job });
    expect(created.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata?.creationTimestamp).toBeInstanceOf(Date);
    expect(created.spec?.selector?.matchLabels).toEqual({ 'batch.kubernetes.io/controller-uid': created.metadata?.uid });
    expect(standIn.requests).toContainEqual(expect.objectContaining({ method: 'POST', path: `/apis/batch/v1/namespaces/${NS}/jobs` }));
    const read = await batch.readNamespacedJob({ namespace: NS, name: job.metadata!.name! });
    expect(read.spec?.completionMode).toBe('Indexed');
    const listed = await batch.listNamespacedJob({ namespace: NS, labelSelector: testLabelSelector(testId) });
    expect(listed.items.map((j) => j.metadata?.name)).toEqual([job.metadata?.name]);
    expect(standIn.requests.at(-1)?.query).toEqual({ labelSelector: `loadgate.dev/test-id=${testId}` });
    for (const j of [job, other.job])
      await batch.deleteNamespacedJob({ namespace: NS, name: j.metadata!.name!, propagationPolicy: 'Background' });
  });

  it('answers a duplicate with 409 AlreadyExists, a missing Job with 404 NotFound, as Status bodies', async () => {
    const { job } = fakeJob(['0:0', '1:0', '2:0']);
    await batch.createNamespacedJob({ namespace: NS, body: job });
    const duplicate = await apiError(batch.createNamespacedJob({ namespace: NS, body: job }));
    expect(duplicate.code).toBe(409);
    expect(JSON.parse(duplicate.body)).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'AlreadyExists',
      message: `jobs.batch "${job.metadata?.name}" already exists`,
      code: 409,
    });
    const missing = await apiError(batch.readNamespacedJob({ namespace: NS, name: 'no-such-job' }));
    expect(missing.code).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({
      reason: 'NotFound',
      message: 'jobs.batch "no-such-job" not found',
      details: { name: 'no-such-job', group: 'batch', kind: 'jobs' },
    });
    const missingPod = await apiError(core.readNamespacedPod({ namespace: NS, name: 'no-such-pod' }));
    expect(JSON.parse(missingPod.body)).toMatchObject({ reason: 'NotFound', message: 'pods "no-such-pod" not found' });
  });

  it('refuses a Job that breaks a cross-field rule with 422 Invalid, one cause per problem', async () => {
    const { job } = fakeJob([]);
    job.spec!.completionMode = 'NonIndexed';
    const refused = await apiError(batch.createNamespacedJob({ namespace: NS, body: job }));
    expect(refused.code).toBe(422);
    const status = JSON.parse(refused.body) as { reason: string; message: string; details: { causes: Array<{ field: string }> } };
    expect(status.reason).toBe('Invalid');
    expect(status.message).toMatch(
      new RegExp(
        `^Job\\.batch "${job.metadata?.name}" is invalid: spec\\.backoffLimitPerIndex: can only be set when completionMode is Indexed`,
      ),
    );
    expect(status.details.causes.map((c) => c.field)).toEqual(['spec.backoffLimitPerIndex']);
    expect(standIn.jobs(NS).some((j) => j.metadata?.name === job.metadata?.name)).toBe(false);
  });

  it('refuses a value of the wrong type with 400 BadRequest, as decoding fails on the API server', async () => {
    const { job } = fakeJob([]);
    (job.spec as unknown as Record<string, unknown>).completions = 'three';
    const refused = await apiError(batch.createNamespacedJob({ namespace: NS, body: job }));
    expect(refused.code).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({
      reason: 'BadRequest',
      message: expect.stringContaining('spec.completions: must be integer'),
    });
  });

  it('creates, reads, lists and deletes a Secret; stringData becomes base64 data', async () => {
    const secret = testSecret('secret-test', NS, 'tok-1');
    await core.createNamespacedSecret({ namespace: NS, body: secret });
    await core.createNamespacedSecret({ namespace: NS, body: { metadata: { name: 'plain' }, stringData: { token: 'tok-2' } } });
    const read = await core.readNamespacedSecret({ namespace: NS, name: secret.metadata!.name! });
    expect(Buffer.from(read.data!.token!, 'base64').toString()).toBe('tok-1');
    const plain = await core.readNamespacedSecret({ namespace: NS, name: 'plain' });
    expect(plain.data).toEqual({ token: Buffer.from('tok-2').toString('base64') });
    expect(plain.stringData).toBeUndefined();
    const listed = await core.listNamespacedSecret({ namespace: NS, labelSelector: testLabelSelector('secret-test') });
    expect(listed.items.map((s) => s.metadata?.name)).toEqual([secret.metadata?.name]);
    await core.deleteNamespacedSecret({ namespace: NS, name: secret.metadata!.name! });
    expect((await apiError(core.readNamespacedSecret({ namespace: NS, name: secret.metadata!.name! }))).code).toBe(404);
  });

  it('answers 401 to a client without the token', async () => {
    const { kc } = apis(standIn.kubeconfigPath);
    const anonymous = new KubeConfig();
    anonymous.loadFromOptions({
      clusters: kc.clusters,
      users: [{ name: 'nobody' }],
      contexts: [{ name: 'c', cluster: 'standin', user: 'nobody' }],
      currentContext: 'c',
    });
    const refused = await apiError(anonymous.makeApiClient(CoreV1Api).listNamespacedPod({ namespace: NS }));
    expect(refused.code).toBe(401);
  });
});

describe('the Job controller', () => {
  let standIn: KubeStandIn;
  let batch: BatchV1Api;
  let core: CoreV1Api;
  let kc: KubeConfig;
  beforeAll(async () => {
    standIn = await startKubeStandIn({
      processFor: (c) => ({ file: process.execPath, args: [FAKE_SHARD, ...(c.args ?? [])] }),
      nodes: [{ name: 'node-de', labels: { 'topology.kubernetes.io/region': 'eu-central-1' } }],
    });
    ({ kc, batch, core } = apis(standIn.kubeconfigPath));
  });
  afterAll(() => standIn.close());

  async function start(args: string[], overrides: Partial<ShardJobSpec> = {}): Promise<V1Job> {
    const { job, testId } = fakeJob(args, overrides);
    await core.createNamespacedSecret({ namespace: NS, body: testSecret(testId, NS, `token-of-${testId}`) });
    return batch.createNamespacedJob({ namespace: NS, body: job });
  }

  it("runs one process per index with its index, the Secret's token and the attempt, and completes the Job", async () => {
    const job = await start([]);
    await standIn.waitFor(() => condition(jobNamed(standIn, job.metadata?.name), 'Complete') !== undefined);
    const pods = podsOf(standIn, job);
    expect(pods).toHaveLength(3);
    for (const pod of pods) {
      const index = pod.metadata?.annotations?.[COMPLETION_INDEX_ANNOTATION];
      expect(pod.metadata?.name).toMatch(new RegExp(`^${job.metadata?.name}-${index}-[a-z0-9]{5}$`));
      expect(pod.status?.phase).toBe('Succeeded');
      expect(pod.status?.containerStatuses?.[0]?.state?.terminated?.exitCode).toBe(0);
      expect(pod.metadata?.annotations?.[INDEX_FAILURE_ANNOTATION]).toBe('0');
      expect(standIn.logs(pod.metadata!.name!)).toContain(`index=${index} attempt=0 location=DE token=token-of-test-`);
      expect(standIn.logs(pod.metadata!.name!)).toContain(`hostname=${job.metadata?.name}-${index}`);
    }
    const done = await batch.readNamespacedJob({ namespace: NS, name: job.metadata!.name! });
    expect(done.status).toMatchObject({ completedIndexes: '0-2', succeeded: 3, failed: 0, active: 0 });
    const listed = await core.listNamespacedPod({
      namespace: NS,
      labelSelector: `${testLabelSelector(job.metadata!.labels!['loadgate.dev/test-id']!)},batch.kubernetes.io/job-completion-index in (0,2)`,
    });
    expect(listed.items.map((p) => p.metadata?.annotations?.[COMPLETION_INDEX_ANNOTATION]).sort()).toEqual(['0', '2']);
  });

  it('streams pod changes to a Watch with a label selector, and resumes one from a resourceVersion', async () => {
    const { job, testId } = fakeJob([], { shards: 2 });
    const seen = observed();
    const watch = new Watch(kc);
    const controller = await watch.watch(
      `/api/v1/namespaces/${NS}/pods`,
      { labelSelector: testLabelSelector(testId) },
      (type, pod: V1Pod) => seen.push(`${type} ${pod.metadata?.annotations?.[COMPLETION_INDEX_ANNOTATION]} ${pod.status?.phase}`),
      () => {},
    );
    await core.createNamespacedSecret({ namespace: NS, body: testSecret(testId, NS, 't') });
    await batch.createNamespacedJob({ namespace: NS, body: job });
    await seen.until((events) => ['0', '1'].every((i) => events.includes(`MODIFIED ${i} Succeeded`)));
    controller.abort();
    expect(seen.events.filter((e) => e.startsWith('ADDED'))).toEqual(expect.arrayContaining(['ADDED 0 Pending', 'ADDED 1 Pending']));
    expect(seen.events).toContain('MODIFIED 0 Running');
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({
        path: `/api/v1/namespaces/${NS}/pods`,
        query: { watch: 'true', labelSelector: testLabelSelector(testId) },
      }),
    );

    const list = await core.listNamespacedPod({ namespace: NS, labelSelector: testLabelSelector(testId) });
    const later = observed();
    const resumed = await watch.watch(
      `/api/v1/namespaces/${NS}/pods`,
      { labelSelector: testLabelSelector(testId), resourceVersion: list.metadata?.resourceVersion },
      (type) => later.push(type),
      () => {},
    );
    await batch.deleteNamespacedJob({ namespace: NS, name: job.metadata!.name!, propagationPolicy: 'Background' });
    await later.until((events) => events.filter((t) => t === 'DELETED').length === 2);
    resumed.abort();
    expect(later.events.filter((t) => t === 'ADDED')).toEqual([]);
  });

  it('retries a failed index with the failure count on the new pod, within backoffLimitPerIndex', async () => {
    const job = await start(['1:1/0']);
    await standIn.waitFor(() => condition(jobNamed(standIn, job.metadata?.name), 'Complete') !== undefined);
    const index1 = podsOf(standIn, job).filter((p) => p.metadata?.annotations?.[COMPLETION_INDEX_ANNOTATION] === '1');
    expect(index1.map((p) => [p.metadata?.annotations?.[INDEX_FAILURE_ANNOTATION], p.status?.phase]).sort()).toEqual([
      ['0', 'Failed'],
      ['1', 'Succeeded'],
    ]);
    const retry = index1.find((p) => p.status?.phase === 'Succeeded')!;
    expect(standIn.logs(retry.metadata!.name!)).toContain('index=1 attempt=1');
    expect(jobNamed(standIn, job.metadata?.name)?.status).toMatchObject({ completedIndexes: '0-2', succeeded: 3, failed: 1 });
  });

  it('fails an index at once on the bad-plan exit code (podFailurePolicy FailIndex); the Job ends Failed', async () => {
    const job = await start([`2:${BAD_PLAN_EXIT_CODE}`]);
    await standIn.waitFor(() => condition(jobNamed(standIn, job.metadata?.name), 'Failed') !== undefined);
    const done = jobNamed(standIn, job.metadata?.name);
    expect(condition(done, 'Failed')?.reason).toBe('FailedIndexes');
    expect(done?.status).toMatchObject({ completedIndexes: '0-1', failedIndexes: '2', failed: 1 });
    expect(podsOf(standIn, job).filter((p) => p.metadata?.annotations?.[COMPLETION_INDEX_ANNOTATION] === '2')).toHaveLength(1);
  });

  it('fails an index whose retries run out', async () => {
    const job = await start(['0:1'], { shards: 1, backoffLimitPerIndex: 1 });
    await standIn.waitFor(() => condition(jobNamed(standIn, job.metadata?.name), 'Failed') !== undefined);
    expect(
      podsOf(standIn, job)
        .map((p) => p.metadata?.annotations?.[INDEX_FAILURE_ANNOTATION])
        .sort(),
    ).toEqual(['0', '1']);
    expect(jobNamed(standIn, job.metadata?.name)?.status).toMatchObject({ failedIndexes: '0', failed: 2 });
  });

  it('marks a killed pod Failed with exit 137 and starts the index again', async () => {
    const job = await start(['hang'], { shards: 1 });
    await standIn.waitFor(() => podsOf(standIn, job).some((p) => standIn.logs(p.metadata!.name!).includes('running')));
    const first = podsOf(standIn, job)[0]!;
    standIn.killPod(first.metadata!.name!);
    await standIn.waitFor(
      () => podsOf(standIn, job).length === 2 && podsOf(standIn, job).some((p) => standIn.logs(p.metadata!.name!).includes('attempt=1')),
    );
    const killed = podsOf(standIn, job).find((p) => p.metadata?.name === first.metadata?.name);
    expect(killed?.status?.phase).toBe('Failed');
    expect(killed?.status?.containerStatuses?.[0]?.state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    await batch.deleteNamespacedJob({ namespace: NS, name: job.metadata!.name!, propagationPolicy: 'Background' });
  });

  it('does not count an evicted pod against the index (podFailurePolicy Ignore on DisruptionTarget)', async () => {
    const job = await start(['hang'], { shards: 1 });
    await standIn.waitFor(() => podsOf(standIn, job).some((p) => standIn.logs(p.metadata!.name!).includes('running')));
    const first = podsOf(standIn, job)[0]!;
    await core.createNamespacedPodEviction({
      namespace: NS,
      name: first.metadata!.name!,
      body: { metadata: { name: first.metadata!.name! } },
    });
    await standIn.waitFor(() =>
      podsOf(standIn, job).some((p) => p.metadata?.name !== first.metadata?.name && p.status?.phase === 'Running'),
    );
    const replacement = podsOf(standIn, job).find((p) => p.metadata?.name !== first.metadata?.name)!;
    expect(replacement.metadata?.annotations).toMatchObject({
      [INDEX_FAILURE_ANNOTATION]: '0',
      'batch.kubernetes.io/job-index-ignored-failure-count': '1',
    });
    expect(podsOf(standIn, job).some((p) => p.metadata?.name === first.metadata?.name)).toBe(false);
    expect(jobNamed(standIn, job.metadata?.name)?.status?.failed).toBe(0);
    await batch.deleteNamespacedJob({ namespace: NS, name: job.metadata!.name!, propagationPolicy: 'Background' });
  });

  it('deletes a Job with Background propagation at once, then its pods, killing their processes', async () => {
    const job = await start(['hang'], { shards: 2 });
    await standIn.waitFor(() => podsOf(standIn, job).filter((p) => standIn.logs(p.metadata!.name!).includes('running')).length === 2);
    const pids = podsOf(standIn, job).map((p) => Number(/pid=(\d+)/.exec(standIn.logs(p.metadata!.name!))?.[1]));
    expect(pids.every(isAlive)).toBe(true);
    await batch.deleteNamespacedJob({ namespace: NS, name: job.metadata!.name!, propagationPolicy: 'Background' });
    expect(jobNamed(standIn, job.metadata?.name)).toBeUndefined();
    await standIn.waitFor(() => podsOf(standIn, job).length === 0);
    expect(pids.some(isAlive)).toBe(false);
  });

  it('orphans the pods of a Job deleted without a propagation policy, as batch/v1 does', async () => {
    const job = await start(['hang'], { shards: 1 });
    await standIn.waitFor(() => podsOf(standIn, job).length === 1);
    const pod = podsOf(standIn, job)[0]!;
    await batch.deleteNamespacedJob({ namespace: NS, name: job.metadata!.name! });
    await standIn.waitFor(() =>
      standIn.pods(NS).some((p) => p.metadata?.name === pod.metadata?.name && p.metadata?.ownerReferences?.length === 0),
    );
    expect(jobNamed(standIn, job.metadata?.name)).toBeUndefined();
    await core.deleteNamespacedPod({ namespace: NS, name: pod.metadata!.name! });
    await standIn.waitFor(() => !standIn.pods(NS).some((p) => p.metadata?.name === pod.metadata?.name));
  });

  it('leaves a pod Pending while no node matches its nodeSelector, or its Secret is missing', async () => {
    const { job, testId } = fakeJob([], { shards: 1, nodeSelector: { 'topology.kubernetes.io/region': 'us-east-1' } });
    await batch.createNamespacedJob({ namespace: NS, body: job });
    await standIn.waitFor(() => podsOf(standIn, job)[0]?.status?.conditions?.some((c) => c.reason === 'Unschedulable') === true);
    expect(podsOf(standIn, job)[0]?.status?.phase).toBe('Pending');
    await batch.deleteNamespacedJob({ namespace: NS, name: job.metadata!.name!, propagationPolicy: 'Background' });

    const onNode = fakeJob([], { shards: 1, nodeSelector: { 'topology.kubernetes.io/region': 'eu-central-1' } });
    await batch.createNamespacedJob({ namespace: NS, body: onNode.job });
    await standIn.waitFor(
      () => podsOf(standIn, onNode.job)[0]?.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CreateContainerConfigError',
    );
    expect(podsOf(standIn, onNode.job)[0]?.status?.containerStatuses?.[0]?.state?.waiting?.message).toBe(
      `secret "${secretName(onNode.testId)}" not found`,
    );
    await core.createNamespacedSecret({ namespace: NS, body: testSecret(onNode.testId, NS, 'late') });
    await standIn.waitFor(() => condition(jobNamed(standIn, onNode.job.metadata?.name), 'Complete') !== undefined);
    expect(podsOf(standIn, onNode.job)[0]?.spec?.nodeName).toBe('node-de');
    expect(testId).not.toBe(onNode.testId);
  });

  it('deletes a finished Job after ttlSecondsAfterFinished, its pods first', async () => {
    const { job, testId } = fakeJob([], { shards: 1, ttlSecondsAfterFinished: 0 });
    await core.createNamespacedSecret({ namespace: NS, body: testSecret(testId, NS, 't') });
    const seen = observed();
    const controller = await new Watch(kc).watch(
      `/apis/batch/v1/namespaces/${NS}/jobs`,
      { fieldSelector: `metadata.name=${job.metadata?.name}` },
      (type, j: V1Job) => seen.push(`${type}${j.metadata?.deletionTimestamp ? ' deleting' : ''}`),
      () => {},
    );
    // Checked on every change: at the change that removes the Job, how many of its pods remain.
    let existed = false;
    let podsLeftWhenTheJobWent = -1;
    const gone = standIn.waitFor(() => {
      const exists = jobNamed(standIn, job.metadata?.name) !== undefined;
      if (existed && !exists && podsLeftWhenTheJobWent < 0) podsLeftWhenTheJobWent = podsOf(standIn, job).length;
      existed ||= exists;
      return podsLeftWhenTheJobWent >= 0;
    });
    await batch.createNamespacedJob({ namespace: NS, body: job });
    await gone;
    await seen.until((events) => events.includes('DELETED deleting'));
    controller.abort();
    expect(podsLeftWhenTheJobWent).toBe(0);
    expect(seen.events[0]).toBe('ADDED');
    expect(seen.events).toContain('MODIFIED deleting');
  });

  it('fails a Job that runs past activeDeadlineSeconds and stops its pods', async () => {
    const job = await start(['hang'], { shards: 1, activeDeadlineSeconds: 1 });
    await standIn.waitFor(() => condition(jobNamed(standIn, job.metadata?.name), 'Failed') !== undefined);
    expect(condition(jobNamed(standIn, job.metadata?.name), 'Failed')?.reason).toBe('DeadlineExceeded');
    await standIn.waitFor(() => podsOf(standIn, job).every((p) => p.status?.phase === 'Failed'));
  });
});

describe('the default process', () => {
  it("runs `loadgate` as this checkout's CLI", async () => {
    const standIn = await startKubeStandIn();
    try {
      const { batch } = apis(standIn.kubeconfigPath);
      const { job } = fakeJob([], { shards: 1 });
      job.spec!.template.spec!.containers[0]!.command = ['loadgate', '--version'];
      delete job.spec!.template.spec!.containers[0]!.args;
      job.spec!.template.spec!.containers[0]!.env = [];
      await batch.createNamespacedJob({ namespace: NS, body: job });
      await standIn.waitFor(() => condition(jobNamed(standIn, job.metadata?.name), 'Complete') !== undefined);
      expect(standIn.logs(podsOf(standIn, job)[0]!.metadata!.name!)).toContain(VERSION);
    } finally {
      await standIn.close();
    }
  });
});

describe('injected faults of the API server', () => {
  let standIn: KubeStandIn;
  let batch: BatchV1Api;
  beforeAll(async () => {
    standIn = await startKubeStandIn({ processFor: (c) => ({ file: process.execPath, args: [FAKE_SHARD, ...(c.args ?? [])] }) });
    ({ batch } = apis(standIn.kubeconfigPath));
  });
  afterAll(() => standIn.close());
  const created = (name: string | undefined) => standIn.jobs(NS).some((j) => j.metadata?.name === name);

  it('answers 429 with Retry-After as the client reports it (ApiException code and headers), then as usual', async () => {
    const { job } = fakeJob(['hang']);
    standIn.failNext('POST', /\/jobs$/, { code: 429, reason: 'TooManyRequests', message: 'slow down', retryAfter: '2' });
    const throttled = await apiError(batch.createNamespacedJob({ namespace: NS, body: job }));
    expect(throttled.code).toBe(429);
    expect(throttled.headers['retry-after']).toBe('2');
    expect(created(job.metadata?.name)).toBe(false);
    await batch.createNamespacedJob({ namespace: NS, body: job });
    expect(created(job.metadata?.name)).toBe(true);
  });

  it('resets every nth request before handling it', async () => {
    standIn.resetEvery(2);
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++) {
      outcomes.push(
        await batch.listNamespacedJob({ namespace: NS }).then(
          () => 'ok',
          (e: unknown) => ((e as { cause?: { code?: string } }).cause?.code ? 'reset' : String(e)),
        ),
      );
    }
    standIn.resetEvery(0);
    // Which of the two the first reset hits depends on the requests before: one in every two.
    expect(outcomes.filter((o) => o === 'reset')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(2);
  });

  it('carries out a create whose answer it loses: the client sees the connection drop, the Job exists', async () => {
    const { job } = fakeJob(['hang']);
    standIn.loseAnswerNext('POST', /\/jobs$/);
    const error = await batch.createNamespacedJob({ namespace: NS, body: job }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(created(job.metadata?.name)).toBe(true);
    expect((await apiError(batch.createNamespacedJob({ namespace: NS, body: job }))).code).toBe(409);
  });

  it('goes away for an outage: connections are refused, then it answers again', async () => {
    const back = standIn.outage(500);
    const refused = await batch.listNamespacedJob({ namespace: NS }).catch((e: unknown) => e);
    expect((refused as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    await back;
    expect((await batch.listNamespacedJob({ namespace: NS })).items.length).toBeGreaterThan(0);
  });
});
