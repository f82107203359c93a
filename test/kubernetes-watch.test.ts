// The Kubernetes executor follows its Jobs with watch streams (src/server/executors/kubernetes/
// watch.ts): a change Kubernetes makes reaches the coordinator as an event, not at the next poll.
// Here every index fails for good (its pod exits with the bad-plan code, which the Job's
// podFailurePolicy turns into a failed index, or is killed without retries left) while the
// barrier's tick is an hour apart: only the watch can tell the executor, and the run ends when it does.
import { BatchV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { prepare } from '../src/server/definition.ts';
import { kubernetesExecutor } from '../src/server/executors/kubernetes/executor.ts';
import { secretName, shardJob, testSecret } from '../src/server/executors/kubernetes/manifests.ts';
import { ShardCoordinator } from '../src/server/shards/coordinator.ts';
import { ShardRegistry } from '../src/server/shards/registry.ts';
import type { Store } from '../src/server/store/store.ts';
import type { ConfigData } from '../src/types.ts';
import { openTempStore, removeTempStore } from './helpers/temp-store.ts';
import { startKubeStandIn, type KubeStandIn } from './helpers/kube-standin.ts';
import { EVENT_WAIT_MS } from './helpers/process.ts';

const HOUR_MS = 3_600_000;
let dir: string;
let store: Store;
let kube: KubeStandIn;

beforeEach(async () => {
  ({ dir, store } = await openTempStore('kube-watch'));
});

/** Every pod runs this script instead of `loadgate shard`. */
async function standIn(script: string): Promise<KubeStandIn> {
  kube = await startKubeStandIn({ processFor: () => ({ file: process.execPath, args: ['-e', script] }) });
  return kube;
}

function executorOn(
  logs: string[],
  timing: {
    backoffLimitPerIndex: number;
    resyncMs: number;
    tickMs?: number;
    stopGraceMs?: number;
    now?: () => number;
    apiBackoffMs?: number;
    sweepIntervalMs?: number;
  },
) {
  return kubernetesExecutor({
    kubeconfig: kube.kubeconfigPath,
    namespace: 'default',
    image: 'loadgate:test',
    callbackUrl: () => 'http://127.0.0.1:9',
    ratePerPod: 1000,
    shards: 2,
    locations: {},
    barrierMs: HOUR_MS,
    stopGraceMs: HOUR_MS,
    // The barrier's tick, the only timer besides the watch's resync, is an hour apart.
    tickMs: HOUR_MS,
    ...timing,
    store,
    registry: new ShardRegistry(),
    log: (line) => logs.push(line),
  });
}

async function execution(testId: string, signal = new AbortController().signal) {
  const checked = validateDefinition({ name: 'w', config_data: { steps: [{ id: 1, name: 's', url: 'http://127.0.0.1:9/' }] } }, 't.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  storeTest(testId, checked.value.definition.config_data);
  return {
    testId,
    testUrl: 'http://127.0.0.1:9/report/',
    test: await prepare(checked.value.definition, dir),
    signal,
    onProgress: () => {},
  };
}

const jobWatches = () => kube.requests.filter((r) => r.path === '/apis/batch/v1/namespaces/default/jobs' && r.query.watch === 'true');

/** Waits for something the stand-in records (a request, a pod's phase), up to a generous deadline. */
async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + EVENT_WAIT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  await kube.close();
  removeTempStore({ dir, store });
});

/** The test's row, which the shard tables refer to. */
function storeTest(id: string, config: ConfigData): void {
  const at = new Date().toISOString();
  const test = { id, name: 'w', status: 'running' as const, test_url: '', failure_reason: null, plan_id: id, created_at: at };
  store
    .tenant('default')
    .createTest(
      { id, name: 'w', config_data: config, created_at: at },
      { ...test, started_at: at, finished_at: null, environment_id: null, environment: null, test_data_ids: [] },
      config,
    );
}

describe('the Kubernetes executor follows its Jobs', () => {
  it('hears of failed indexes from the watch stream, without waiting for a poll', async () => {
    // Each pod's process exits 2 at once: the plan "cannot run", so its index fails without a retry.
    await standIn('process.exit(2)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 3, resyncMs: HOUR_MS });
    const executed = await executor.run(await execution('00000000-0000-4000-8000-0000000000aa'));
    // Both indexes settled as failed: nothing delivered, all of it missing.
    expect(executed.result, logs.join('\n')).toBeUndefined();
    expect(executed.incomplete).toMatch(/^incomplete: /);
    const watches = jobWatches();
    expect(watches.length).toBeGreaterThanOrEqual(1);
    // The watch resumes from the list it follows.
    expect(watches[0]!.query.resourceVersion).toMatch(/^\d+$/);
    expect(kube.jobs()).toHaveLength(0);
  });

  it('lists and watches again when a stream ends, and hears of a failure after that', async () => {
    // The pods wait until they are killed; with no retries, a killed pod's index fails for good.
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 0, resyncMs: 10 });
    const run = executor.run(await execution('00000000-0000-4000-8000-0000000000ab'));
    const running = () => kube.pods().filter((p) => p.status?.phase === 'Running');
    await until('a watch and both pods running', () => jobWatches().length >= 1 && running().length === 2);
    // On a slow machine the client may already have resynced once (30 s without data): count from here.
    const lists = () => kube.requests.filter((r) => r.path.endsWith('/jobs') && r.method === 'GET' && !r.query.watch).length;
    const [watchesBefore, listsBefore] = [jobWatches().length, lists()];
    kube.endWatches();
    await until('another watch', () => jobWatches().length > watchesBefore);
    // The resync listed the Jobs again before watching from the new resourceVersion.
    expect(lists()).toBeGreaterThan(listsBefore);
    for (const pod of running()) kube.killPod(pod.metadata!.name!, 'SIGKILL');
    const executed = await run;
    expect(executed.result, logs.join('\n')).toBeUndefined();
    expect(executed.incomplete).toMatch(/^incomplete: /);
  });
});

describe('an ERROR event', () => {
  it('is logged in one line with its Status, and the Jobs are listed and watched again', async () => {
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 0, resyncMs: 10 });
    const testId = '00000000-0000-4000-8000-0000000000af';
    const run = executor.run(await execution(testId));
    const running = () => kube.pods().filter((p) => p.status?.phase === 'Running');
    await until('a watch and both pods running', () => jobWatches().length >= 1 && running().length === 2);
    const watchesBefore = jobWatches().length;
    kube.expireWatches();
    await until('another watch', () => jobWatches().length > watchesBefore);
    const lines = logs.filter((line) => line.includes('watching Jobs'));
    expect(lines).toEqual([
      `test ${testId}: watching Jobs in default: ERROR 410 Expired: too old resource version: 1 (2); listing them again`,
    ]);
    for (const pod of running()) kube.killPod(pod.metadata!.name!, 'SIGKILL');
    expect((await run).incomplete).toMatch(/^incomplete: /);
  });
});

describe('the life of a Kubernetes test is bounded', () => {
  const running = () => kube.pods().filter((p) => p.status?.phase === 'Running');

  it('a Job deleted from outside fails its unsettled indexes, and the run ends', async () => {
    // The pods wait forever; retries are left, the barrier and the resync are an hour away: only the DELETED event can end the run.
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 3, resyncMs: HOUR_MS });
    const testId = '00000000-0000-4000-8000-0000000000ac';
    const run = executor.run(await execution(testId));
    await until('a watch and both pods running', () => jobWatches().length >= 1 && running().length === 2);
    // What `kubectl delete job` does: a DELETE with background propagation.
    const kc = new KubeConfig();
    kc.loadFromFile(kube.kubeconfigPath);
    const [job] = kube.jobs();
    await kc
      .makeApiClient(BatchV1Api)
      .deleteNamespacedJob({ name: job!.metadata!.name!, namespace: 'default', propagationPolicy: 'Background' });
    const executed = await run;
    expect(executed.result, logs.join('\n')).toBeUndefined();
    expect(executed.incomplete).toMatch(/^incomplete: shard local-0: /);
    expect(logs).toContain(`test ${testId}: Job ${job!.metadata!.name} was deleted; 2 unsettled index(es) fail`);
  });

  it('re-attaching to a test whose Job went while the server was down settles it at the first list', async () => {
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 3, resyncMs: HOUR_MS });
    const testId = '00000000-0000-4000-8000-0000000000ad';
    const prepared = await execution(testId);
    // A previous server began the run (its record is in the store); its Job is gone (its TTL, or a hand).
    ShardCoordinator.begin(store, testId, { local: 2 }, { barrierMs: HOUR_MS, startMarginMs: 0, now: Date.now });
    const executed = await executor.reattach!(prepared);
    expect(executed.result, logs.join('\n')).toBeUndefined();
    expect(executed.incomplete).toMatch(/^incomplete: shard local-0: .*; shard local-1: /);
    expect(logs.join('\n')).toMatch(/Job \S+ is missing from the list of Jobs; 2 unsettled index\(es\) fail/);
  });

  it('ends a test past its server-side deadline, whatever its Jobs say', async () => {
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    // The server's clock is the test's: it jumps past the deadline once the pods run, and nothing else could end the run.
    let skewMs = 0;
    const executor = executorOn(logs, {
      backoffLimitPerIndex: 3,
      resyncMs: HOUR_MS,
      tickMs: 20,
      stopGraceMs: 0,
      now: () => Date.now() + skewMs,
    });
    const testId = '00000000-0000-4000-8000-0000000000ae';
    const run = executor.run(await execution(testId));
    await until('both pods running', () => running().length === 2);
    expect(kube.jobs()).toHaveLength(1);
    skewMs = 2 * HOUR_MS;
    const executed = await run;
    expect(executed.result, logs.join('\n')).toBeUndefined();
    expect(executed.incomplete).toMatch(/^incomplete: /);
    expect(logs.join('\n')).toMatch(new RegExp(`test ${testId}: past its deadline \\(\\d+ s after it began\\)`));
    expect(kube.jobs()).toHaveLength(0);
  });
});

describe("the test's objects in the cluster", () => {
  const running = () => kube.pods().filter((p) => p.status?.phase === 'Running');
  const deleteJob = async (name: string) => {
    const kc = new KubeConfig();
    kc.loadFromFile(kube.kubeconfigPath);
    await kc.makeApiClient(BatchV1Api).deleteNamespacedJob({ name, namespace: 'default', propagationPolicy: 'Background' });
  };

  it('the token Secret is owned by its Job: the garbage collector takes it with the Job, even when the server cannot delete it', async () => {
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 3, resyncMs: HOUR_MS, apiBackoffMs: HOUR_MS });
    const testId = '00000000-0000-4000-8000-0000000000b0';
    const run = executor.run(await execution(testId));
    await until('both pods running', () => running().length === 2);
    const [job] = kube.jobs();
    const [secret] = kube.secrets();
    expect(secret!.metadata!.ownerReferences).toEqual([
      { apiVersion: 'batch/v1', kind: 'Job', name: job!.metadata!.name, uid: job!.metadata!.uid },
    ]);
    // The server's own DELETE of the Secret fails (for longer than this test): only ownership can take it.
    kube.failNext('DELETE', /\/secrets\//, { code: 503, reason: 'ServiceUnavailable', message: 'etcd is busy' }, 10);
    await deleteJob(job!.metadata!.name!);
    await run;
    await kube.waitFor(() => kube.secrets().length === 0);
  });

  it('a cleanup that fails is tried again, each object on its own, without holding up the end of the run', async () => {
    await standIn('process.exit(2)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 0, resyncMs: HOUR_MS, apiBackoffMs: 10 });
    const testId = '00000000-0000-4000-8000-0000000000b1';
    kube.failNext('DELETE', /\/jobs\//, { code: 500, reason: 'InternalError', message: 'the API server is restarting' }, 3);
    const executed = await executor.run(await execution(testId));
    expect(executed.incomplete).toMatch(/^incomplete: /);
    await kube.waitFor(() => kube.jobs().length === 0 && kube.secrets().length === 0);
    // The Secret's delete did not wait for the Job's: it went with the first attempt.
    const deletes = kube.requests.filter((r) => r.method === 'DELETE').map((r) => r.path.split('/').at(-2));
    expect(deletes.filter((kind) => kind === 'secrets')).toHaveLength(1);
    expect(deletes.filter((kind) => kind === 'jobs')).toHaveLength(4);
    // One line for the operation, not one per attempt.
    await until('the retry to be logged', () => logs.some((line) => line.includes('delete Job')));
    expect(logs.filter((line) => line.includes('Kubernetes API:'))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^test ${testId}: Kubernetes API: delete Job \\S+ in default: succeeded after 4 attempts over \\d+\\.\\d s \\(3× 500 InternalError\\)$`,
        ),
      ),
    ]);
  });

  it('at start, sweeps the Jobs and Secrets of tests no longer running, and keeps those of a running one', async () => {
    await standIn('setInterval(() => {}, 1000)');
    const kc = new KubeConfig();
    kc.loadFromFile(kube.kubeconfigPath);
    const batch = kc.makeApiClient(BatchV1Api);
    const core = kc.makeApiClient(CoreV1Api);
    /** A Job and its Secret; `owned: false` as servers before ownerReferences left them (the garbage collector never takes those). */
    const leftovers = async (testId: string, owned: boolean) => {
      const spec = { testId, location: 'local', shards: 1, namespace: 'default', image: 'loadgate:test' };
      const job = await batch.createNamespacedJob({
        namespace: 'default',
        body: shardJob({
          ...spec,
          callbackUrl: 'http://127.0.0.1:9',
          secretName: secretName(testId),
          backoffLimitPerIndex: 0,
          activeDeadlineSeconds: 600,
          ttlSecondsAfterFinished: 600,
        }),
      });
      await core.createNamespacedSecret({ namespace: 'default', body: testSecret(testId, 'default', 't', owned ? [job] : []) });
    };
    const gone = '00000000-0000-4000-8000-0000000000b2';
    const alive = '00000000-0000-4000-8000-0000000000b3';
    await leftovers(gone, false);
    await leftovers(alive, true);
    storeTest(alive, { steps: [], iteration_count: 1, duration: 1 } as unknown as ConfigData);
    const logs: string[] = [];
    // The sweep starts two seconds later on its clock: the leftovers were created before it (whole seconds).
    const executor = executorOn(logs, { backoffLimitPerIndex: 0, resyncMs: HOUR_MS, now: () => Date.now() + 2000 });
    await executor.sweep!();
    expect(kube.jobs().map((j) => j.metadata!.labels!['loadgate.dev/test-id'])).toEqual([alive]);
    expect(kube.secrets()).toHaveLength(1);
    expect(kube.secrets()[0]!.metadata!.labels!['loadgate.dev/test-id']).toBe(alive);
    expect(logs).toEqual(['swept 1 Job(s) and 1 Secret(s) of tests no longer running from default']);
  });

  it('sweeps again periodically, not only at start: what a test leaves later goes too', async () => {
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    // Its clock two seconds ahead: whatever exists was created before each sweep began (whole seconds).
    const executor = executorOn(logs, { backoffLimitPerIndex: 0, resyncMs: HOUR_MS, now: () => Date.now() + 2000, sweepIntervalMs: 50 });
    await executor.sweep!();
    expect(logs).toEqual([]);
    const kc = new KubeConfig();
    kc.loadFromFile(kube.kubeconfigPath);
    // Left after the start's sweep, by a test no longer running (a cleanup that gave up).
    await kc
      .makeApiClient(CoreV1Api)
      .createNamespacedSecret({ namespace: 'default', body: testSecret('00000000-0000-4000-8000-0000000000b5', 'default', 't') });
    await kube.waitFor(() => kube.secrets().length === 0);
    // The sweep's line comes once its deletes have been answered.
    await until('the sweep to be logged', () => logs.includes('swept 0 Job(s) and 1 Secret(s) of tests no longer running from default'));
    executor.close!();
  });

  it('a Kubernetes API refusal (a quota) fails the test with a sentence: status code, reason and message', async () => {
    await standIn('setInterval(() => {}, 1000)');
    const logs: string[] = [];
    const executor = executorOn(logs, { backoffLimitPerIndex: 0, resyncMs: HOUR_MS });
    const message =
      'jobs.batch "x" is forbidden: exceeded quota: compute, requested: count/jobs.batch=1, used: count/jobs.batch=5, limited: count/jobs.batch=5';
    kube.failNext('POST', /\/jobs$/, { code: 403, reason: 'Forbidden', message });
    const error = await executor.run(await execution('00000000-0000-4000-8000-0000000000b4')).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `could not create the test's Jobs and Secret: the Kubernetes API answered 403 Forbidden: ${message}`,
    );
    expect(kube.jobs()).toHaveLength(0);
    expect(kube.secrets()).toHaveLength(0);
  });
});
