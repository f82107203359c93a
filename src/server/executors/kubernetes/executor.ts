// The Kubernetes executor (docs/kubernetes.md): a test becomes one Indexed Job per location and a
// Secret with the test's token; the shards call home (routes/shards.ts) and the server merges what
// they deliver (shards/merge.ts). All cluster I/O goes through @kubernetes/client-node here.
import type { V1Job } from '@kubernetes/client-node';
import { InputError } from '../../../errors.ts';
import type { LoadTestDefinition, LoadTestResult } from '../../../types.ts';
import { ShardCoordinator } from '../../shards/coordinator.ts';
import { coverageLine, mergeSharded } from '../../shards/merge.ts';
import type { ShardRegistry } from '../../shards/registry.ts';
import type { Store } from '../../store.ts';
import type { Executed, Execution, Executor } from '../executor.ts';
import { clusters, ignoreNotFound, type ClusterSettings } from './clusters.ts';
import { kubeLatency } from './latency.ts';
import { followJobs } from './watch.ts';
import { offeredLocations, shardsPerLocation } from './locations.ts';
import { jobName, LABEL_LOCATION, secretName, shardJob, testLabelSelector, testSecret } from './manifests.ts';

export interface KubernetesSettings extends ClusterSettings {
  image: string;
  /** The URL shards call (--callback-url, else --public-url). */
  callbackUrl: () => string;
  /** Iterations per second one pod sends (--rate-per-pod). */
  ratePerPod: number;
  /** Shards per location for every test (--shards); absent: from the rate. */
  shards?: number;
  /** How long the start waits for every pod to be ready. */
  barrierMs: number;
  backoffLimitPerIndex: number;
  /** After a stop: how long shards get to send what they have before their Jobs are deleted. */
  stopGraceMs: number;
  /** How often the start barrier's deadline is looked at (the server's own clock, no API call). */
  tickMs: number;
  /** After a watch stream ends: how long before the Jobs are listed and watched again. */
  resyncMs: number;
  store: Store;
  registry: ShardRegistry;
  log: (line: string) => void;
  now?: () => number;
}

/** Seconds a Job may run beyond its schedule and start barrier (image pulls, the final upload). */
const JOB_GRACE_S = 120;
const TTL_AFTER_FINISHED_S = 600;
const START_MARGIN_MS = 2000;

/** `1,3-5` (status.failedIndexes) → [1, 3, 4, 5]. */
export function parseIndexes(text: string | undefined): number[] {
  return (text ?? '')
    .split(',')
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to] = part.split('-').map(Number);
      return Array.from({ length: (to ?? from!) - from! + 1 }, (_, i) => from! + i);
    });
}

export function kubernetesExecutor(settings: KubernetesSettings): Executor {
  const places = clusters(settings);
  const now = settings.now ?? Date.now;
  const barrier = { barrierMs: settings.barrierMs, startMarginMs: START_MARGIN_MS, now };

  async function create(execution: Execution, slots: Record<string, number>, token: string): Promise<void> {
    const { definition } = execution.test;
    for (const { api, namespace } of places.placesOf(Object.keys(slots)))
      await api.core.createNamespacedSecret({ namespace, body: testSecret(execution.testId, namespace, token) });
    for (const [location, shards] of Object.entries(slots)) {
      const { api, namespace, context } = places.placeOf(location);
      const nodeSelector = settings.locations[location]?.nodeSelector;
      await api.batch.createNamespacedJob({
        namespace,
        body: shardJob({
          testId: execution.testId,
          location,
          shards,
          namespace,
          image: settings.image,
          callbackUrl: settings.callbackUrl(),
          secretName: secretName(execution.testId),
          ...(nodeSelector && { nodeSelector }),
          activeDeadlineSeconds: scheduleSeconds(definition) + Math.ceil(settings.barrierMs / 1000) + JOB_GRACE_S,
          ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
          backoffLimitPerIndex: settings.backoffLimitPerIndex,
        }),
      });
      settings.log(
        `test ${execution.testId}: Job ${jobName(execution.testId, location)} (${shards} shard(s) in ${location}) created in ${namespace}${context && ` of context ${context}`}`,
      );
    }
  }

  /** Jobs and Secrets of the test, in every namespace its locations use; deleting the Jobs deletes their pods. */
  async function remove(testId: string, slots: Record<string, number>): Promise<void> {
    const labelSelector = testLabelSelector(testId);
    for (const { api, namespace } of places.placesOf(Object.keys(slots))) {
      const jobs = await api.batch.listNamespacedJob({ namespace, labelSelector });
      for (const job of jobs.items) {
        await ignoreNotFound(api.batch.deleteNamespacedJob({ name: job.metadata!.name!, namespace, propagationPolicy: 'Background' }));
      }
      await ignoreNotFound(api.core.deleteNamespacedSecret({ name: secretName(testId), namespace }));
    }
  }

  /** What the Jobs say, as they change: indexes that failed for good (retries spent, or the Job itself failed). */
  function observe(coordinator: ShardCoordinator): () => void {
    const followers = places.placesOf(Object.keys(coordinator.slots)).map((place) =>
      followJobs(place, {
        labelSelector: testLabelSelector(coordinator.testId),
        onJob: (job) => {
          for (const key of failedIndexes(job, coordinator.slots)) coordinator.markFailed(key);
        },
        resyncMs: settings.resyncMs,
        log: (line) => settings.log(`test ${coordinator.testId}: ${line}`),
      }),
    );
    return () => {
      for (const follower of followers) follower.stop();
    };
  }

  async function follow(execution: Execution, coordinator: ShardCoordinator): Promise<Executed> {
    const { testId } = execution;
    settings.registry.add({ coordinator, definition: execution.test.definition, testUrl: execution.testUrl });
    const stopProgress = coordinator.onChange(() => execution.onProgress(coordinator.progress()));
    const stopObserving = observe(coordinator);
    let handedOver = false;
    try {
      const handOver = execution.handOver ?? new AbortController().signal;
      await untilSettled(coordinator, AbortSignal.any([execution.signal, handOver]), settings.tickMs);
      // The pods go on sending; the next server re-attaches to them (by label) and takes the rest.
      handedOver = handOver.aborted && !execution.signal.aborted && !coordinator.settled();
      if (execution.signal.aborted) {
        coordinator.stop();
        settings.log(`test ${testId}: stopping; shards have ${settings.stopGraceMs / 1000} s to send what they have`);
        await untilSettled(coordinator, AbortSignal.timeout(settings.stopGraceMs), settings.tickMs);
      }
    } finally {
      stopObserving();
      stopProgress();
      settings.registry.remove(testId);
      if (!handedOver)
        await remove(testId, coordinator.slots).catch((error: unknown) =>
          settings.log(`test ${testId}: could not delete its Jobs: ${(error as Error).message}`),
        );
    }
    if (handedOver) {
      settings.log(`test ${testId}: left running for the next server (its shards still run: ${coordinator.unsettled().join(', ')})`);
      return { handedOver };
    }
    const delivered = {
      slots: coordinator.slots,
      attempts: settings.store.shardAttempts(testId),
      finals: settings.store.shardFinals<LoadTestResult>(testId),
    };
    const { result, coverage } = await mergeSharded(execution.test.definition.config_data, delivered, execution.testUrl);
    return { ...(result && { result }), ...(coverage.shards.length > 0 && { incomplete: `incomplete: ${coverageLine(coverage)}` }) };
  }

  return {
    latency: kubeLatency({
      places,
      locations: settings.locations,
      image: settings.image,
      callbackUrl: settings.callbackUrl,
      startMs: settings.barrierMs,
      ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
      registry: settings.registry,
      log: settings.log,
    }),
    run: async (execution) => {
      const { definition } = execution.test;
      const { slots, problems } = shardsPerLocation(
        definition.config_data,
        offeredLocations(settings.locations),
        settings.ratePerPod,
        execution.shards ?? settings.shards,
      );
      if (problems.length > 0) throw new InputError(problems);
      const { coordinator, token } = ShardCoordinator.begin(settings.store, execution.testId, slots, barrier);
      try {
        await create(execution, slots, token);
      } catch (error) {
        await remove(execution.testId, slots).catch(() => undefined);
        throw error;
      }
      return follow(execution, coordinator);
    },
    reattach: async (execution) => {
      const coordinator = ShardCoordinator.resume(settings.store, execution.testId, barrier);
      if (!coordinator)
        throw new InputError([{ path: 'test', message: 'the test has no shards to re-attach to (it never reached Kubernetes)' }]);
      return follow(execution, coordinator);
    },
  };
}

function scheduleSeconds(definition: LoadTestDefinition): number {
  const config = definition.config_data;
  const stages = config.manual_load ?? [];
  const seconds = stages.length > 0 ? stages.reduce((n, stage) => n + stage.duration, 0) : config.duration;
  return seconds + (definition.warm_up ?? 0);
}

function failedIndexes(job: V1Job, slots: Record<string, number>): Array<{ location: string; index: number }> {
  const location = job.metadata?.labels?.[LABEL_LOCATION];
  if (location === undefined || slots[location] === undefined) return [];
  const jobFailed = job.status?.conditions?.some((c) => c.type === 'Failed' && c.status === 'True') ?? false;
  const completed = new Set(parseIndexes(job.status?.completedIndexes));
  const indexes = jobFailed
    ? Array.from({ length: slots[location] }, (_, i) => i).filter((i) => !completed.has(i))
    : parseIndexes(job.status?.failedIndexes);
  return indexes.map((index) => ({ location, index }));
}

/** Until every shard has settled or the signal: woken by each change, and every tickMs for the barrier's clock. */
async function untilSettled(coordinator: ShardCoordinator, signal: AbortSignal, tickMs: number): Promise<void> {
  while (!coordinator.settled() && !signal.aborted) {
    coordinator.tick();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, tickMs);
      const stopListening = coordinator.onChange(done);
      signal.addEventListener('abort', done, { once: true });
      function done(): void {
        clearTimeout(timer);
        stopListening();
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
}
