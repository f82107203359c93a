// The Kubernetes executor (docs/kubernetes.md): a test becomes one Indexed Job per location and a
// Secret with the test's token; the shards call home (routes/shards.ts) and the server merges what
// they deliver (shards/merge.ts). All cluster I/O goes through @kubernetes/client-node here.
import type { V1Job, V1ObjectMeta } from '@kubernetes/client-node';
import { InputError } from '../../../errors.ts';
import { ApiError } from '../../errors.ts';
import type { LoadTestDefinition, LoadTestResult } from '../../../types.ts';
import { shardName } from '../../../shard/protocol.ts';
import { ShardCoordinator, shardKeys } from '../../shards/coordinator.ts';
import { coverageLine, mergeSharded } from '../../shards/merge.ts';
import type { ShardRegistry } from '../../shards/registry.ts';
import type { Store } from '../../store.ts';
import type { Executed, Execution, Executor } from '../executor.ts';
import { apiErrorText, clusters, ignoreNotFound, type ClusterSettings, type Placement } from './clusters.ts';
import { kubeLatency } from './latency.ts';
import { followJobs } from './watch.ts';
import { offeredLocations, shardsPerLocation } from './locations.ts';
import {
  jobName,
  LABEL_LOCATION,
  LABEL_MANAGED,
  LABEL_TEST,
  MANAGED_BY,
  secretName,
  shardJob,
  testLabel,
  testLabelSelector,
  testSecret,
} from './manifests.ts';

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
  /** A shard pod's CPU and memory, its requests and its limits (--shard-cpu, --shard-memory); absent: none set. */
  shardResources?: { cpu: string; memory: string };
  /** The first wait before a failed cleanup is tried again (doubled each time); default 1000. */
  cleanupRetryMs?: number;
  store: Store;
  registry: ShardRegistry;
  log: (line: string) => void;
  now?: () => number;
}

/** Seconds a Job may run beyond its schedule and start barrier (image pulls, the final upload). */
const JOB_GRACE_S = 120;
/**
 * The server's own deadline comes this long after the Jobs' activeDeadlineSeconds (which count
 * from a little later, the Jobs' creation): Kubernetes normally ends a late Job first and says
 * which indexes failed; the server's deadline ends the test when nothing does (a Job gone unseen,
 * a cluster that does not answer).
 */
const SERVER_GRACE_S = 30;
const TTL_AFTER_FINISHED_S = 600;
const CLEANUP_ATTEMPTS = 5;
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

  /** The Jobs first, then in each namespace the Secret owned by its Jobs (their pods wait for it: secretKeyRef). */
  async function create(execution: Execution, shardCounts: Record<string, number>, token: string): Promise<void> {
    const { definition } = execution.test;
    const created: Array<{ place: Placement; job: V1Job }> = [];
    for (const [location, shards] of Object.entries(shardCounts)) {
      const place = places.placeOf(location);
      const { api, namespace, context } = place;
      const nodeSelector = settings.locations[location]?.nodeSelector;
      const job = await api.batch.createNamespacedJob({
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
          ...(settings.shardResources && { resources: { requests: settings.shardResources, limits: settings.shardResources } }),
          activeDeadlineSeconds: jobDeadlineS(definition, settings.barrierMs),
          ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
          backoffLimitPerIndex: settings.backoffLimitPerIndex,
        }),
      });
      created.push({ place, job });
      settings.log(
        `test ${execution.testId}: Job ${jobName(execution.testId, location)} (${shards} shard(s) in ${location}) created in ${namespace}${context && ` of context ${context}`}`,
      );
    }
    for (const place of places.placesOf(Object.keys(shardCounts))) {
      const owners = created.filter((c) => samePlace(c.place, place)).map((c) => c.job);
      await place.api.core.createNamespacedSecret({
        namespace: place.namespace,
        body: testSecret(execution.testId, place.namespace, token, owners),
      });
    }
  }

  /**
   * remove(), and when it fails (the API unreachable for a moment), again in the background after
   * 1, 2, 4 … s (cleanupRetryMs doubled), a few times: the queue does not wait on it, and what
   * is still left is swept at the next start.
   */
  async function cleanUp(testId: string, shardCounts: Record<string, number>): Promise<void> {
    const attempt = async (n: number): Promise<void> => {
      try {
        await remove(testId, shardCounts);
        if (n > 0) settings.log(`test ${testId}: its Jobs and Secret are deleted (attempt ${n + 1})`);
      } catch (error) {
        const last = n + 1 >= CLEANUP_ATTEMPTS;
        const delayMs = (settings.cleanupRetryMs ?? 1000) * 2 ** n;
        settings.log(
          `test ${testId}: could not delete its Jobs and Secret: ${apiErrorText(error)}${last ? '; they are swept at the next start' : `; trying again in ${delayMs / 1000} s`}`,
        );
        if (!last) setTimeout(() => void attempt(n + 1), delayMs).unref();
      }
    };
    await attempt(0);
  }

  /**
   * At start: the Jobs and Secrets of tests that are no longer running (a cleanup that never got
   * through, a server killed mid-test whose test was failed), and latency probes' left behind.
   * Objects created in the second the sweep began or later (creationTimestamp has whole seconds)
   * are left alone: they may be this server's own.
   */
  async function sweep(): Promise<void> {
    const startedAt = Math.floor(now() / 1000) * 1000;
    const keep = new Set(settings.store.runningTests().map((test) => testLabel(test.id)));
    const labelSelector = `${LABEL_MANAGED}=${MANAGED_BY}`;
    const stale = (o: { metadata?: V1ObjectMeta }): boolean =>
      !keep.has(o.metadata?.labels?.[LABEL_TEST] ?? '') && (o.metadata?.creationTimestamp?.getTime() ?? 0) < startedAt;
    for (const { api, namespace, context } of places.placesOf(offeredLocations(settings.locations))) {
      const where = `${namespace}${context && ` of context ${context}`}`;
      const jobs = (await api.batch.listNamespacedJob({ namespace, labelSelector })).items.filter(stale);
      for (const job of jobs)
        await ignoreNotFound(api.batch.deleteNamespacedJob({ name: job.metadata!.name!, namespace, propagationPolicy: 'Background' }));
      const secrets = (await api.core.listNamespacedSecret({ namespace, labelSelector })).items.filter(stale);
      for (const secret of secrets) await ignoreNotFound(api.core.deleteNamespacedSecret({ name: secret.metadata!.name!, namespace }));
      if (jobs.length + secrets.length > 0)
        settings.log(`swept ${jobs.length} Job(s) and ${secrets.length} Secret(s) of tests no longer running from ${where}`);
    }
  }

  /** Jobs and Secrets of the test, in every namespace its locations use; deleting the Jobs deletes their pods. */
  async function remove(testId: string, shardCounts: Record<string, number>): Promise<void> {
    const labelSelector = testLabelSelector(testId);
    for (const { api, namespace } of places.placesOf(Object.keys(shardCounts))) {
      const jobs = await api.batch.listNamespacedJob({ namespace, labelSelector });
      for (const job of jobs.items) {
        await ignoreNotFound(api.batch.deleteNamespacedJob({ name: job.metadata!.name!, namespace, propagationPolicy: 'Background' }));
      }
      await ignoreNotFound(api.core.deleteNamespacedSecret({ name: secretName(testId), namespace }));
    }
  }

  /**
   * What the Jobs say, as they change: indexes that failed for good (retries spent, or the Job
   * itself failed), and Jobs that are gone (deleted, or missing from a list: removed by hand or
   * by their TTL while nobody watched), whose unsettled indexes fail since no pod of theirs will deliver.
   */
  function observe(coordinator: ShardCoordinator): () => void {
    const { testId } = coordinator;
    const gone = new Set<string>();
    const jobGone = (location: string, why: string): void => {
      if (coordinator.shardCounts[location] === undefined || gone.has(location)) return;
      gone.add(location);
      const unsettled = new Set(coordinator.unsettled());
      const keys = shardKeys({ [location]: coordinator.shardCounts[location] }).filter((key) => unsettled.has(shardName(key)));
      settings.log(`test ${testId}: Job ${jobName(testId, location)} ${why}; ${keys.length} unsettled index(es) fail`);
      for (const key of keys) coordinator.markFailed(key);
    };
    const locations = Object.keys(coordinator.shardCounts);
    const followers = places.placesOf(locations).map((place) => {
      const here = locations.filter((location) => samePlace(places.placeOf(location), place));
      return followJobs(place, {
        labelSelector: testLabelSelector(testId),
        onJob: (job) => {
          for (const key of failedIndexes(job, coordinator.shardCounts)) coordinator.markFailed(key);
        },
        onList: (names) => {
          for (const location of here) if (!names.has(jobName(testId, location))) jobGone(location, 'is missing from the list of Jobs');
        },
        onDeleted: (job) => jobGone(job.metadata?.labels?.[LABEL_LOCATION] ?? '', 'was deleted'),
        resyncMs: settings.resyncMs,
        log: (line) => settings.log(`test ${testId}: ${line}`),
      });
    });
    return () => {
      for (const follower of followers) follower.stop();
    };
  }

  async function follow(execution: Execution, coordinator: ShardCoordinator): Promise<Executed> {
    const { testId } = execution;
    settings.registry.add({ coordinator, definition: execution.test.definition, testUrl: execution.testUrl });
    const stopProgress = coordinator.onChange(() => execution.onProgress(coordinator.progress()));
    const stopObserving = observe(coordinator);
    const deadlineAtMs = coordinator.beganAtMs + lifetimeS(execution.test.definition, settings.barrierMs) * 1000;
    const pastDeadline = () => now() >= deadlineAtMs;
    let handedOver = false;
    try {
      const handOver = execution.handOver ?? new AbortController().signal;
      await untilSettled(coordinator, AbortSignal.any([execution.signal, handOver]), settings.tickMs, pastDeadline);
      // The pods go on sending; the next server re-attaches to them (by label) and takes the rest.
      handedOver = handOver.aborted && !execution.signal.aborted && !coordinator.settled() && !pastDeadline();
      if (execution.signal.aborted || pastDeadline()) {
        if (!execution.signal.aborted)
          settings.log(`test ${testId}: past its deadline (${lifetimeS(execution.test.definition, settings.barrierMs)} s after it began)`);
        coordinator.stop();
        settings.log(`test ${testId}: stopping; shards have ${settings.stopGraceMs / 1000} s to send what they have`);
        await untilSettled(coordinator, AbortSignal.timeout(settings.stopGraceMs), settings.tickMs, () => false);
      }
    } finally {
      stopObserving();
      stopProgress();
      settings.registry.remove(testId);
      if (!handedOver) await cleanUp(testId, coordinator.shardCounts);
    }
    if (handedOver) {
      settings.log(`test ${testId}: left running for the next server (its shards still run: ${coordinator.unsettled().join(', ')})`);
      return { handedOver };
    }
    const delivered = {
      shardCounts: coordinator.shardCounts,
      attempts: settings.store.shardAttempts(testId),
      finals: settings.store.shardFinals<LoadTestResult>(testId),
      intervals: settings.store.shardIntervals<{ started: number }>(testId),
    };
    const { result, coverage } = await mergeSharded(execution.test.definition.config_data, delivered, execution.testUrl);
    return { ...(result && { result }), ...(coverage.shards.length > 0 && { incomplete: `incomplete: ${coverageLine(coverage)}` }) };
  }

  return {
    sweep: () =>
      sweep().catch((error: unknown) => settings.log(`sweeping the Jobs and Secrets of tests no longer running: ${apiErrorText(error)}`)),
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
      const { shardCounts, problems } = shardsPerLocation(
        definition.config_data,
        offeredLocations(settings.locations),
        settings.ratePerPod,
        execution.shards ?? settings.shards,
      );
      if (problems.length > 0) throw new InputError(problems);
      const { coordinator, token } = ShardCoordinator.begin(settings.store, execution.testId, shardCounts, barrier);
      try {
        await create(execution, shardCounts, token);
      } catch (error) {
        await remove(execution.testId, shardCounts).catch(() => undefined);
        // The API's refusal (a quota's 403, a missing namespace) as a sentence for failure_reason, not the client's dump.
        throw new ApiError(502, 'kubernetes', `could not create the test's Jobs and Secret: ${apiErrorText(error)}`);
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

/** The Jobs' activeDeadlineSeconds: the schedule, the start barrier and a grace. */
function jobDeadlineS(definition: LoadTestDefinition, barrierMs: number): number {
  return scheduleSeconds(definition) + Math.ceil(barrierMs / 1000) + JOB_GRACE_S;
}

/** How long after it began the server ends a test whatever its Jobs say. */
function lifetimeS(definition: LoadTestDefinition, barrierMs: number): number {
  return jobDeadlineS(definition, barrierMs) + SERVER_GRACE_S;
}

function samePlace(a: Placement, b: Placement): boolean {
  return a.context === b.context && a.namespace === b.namespace;
}

function scheduleSeconds(definition: LoadTestDefinition): number {
  const config = definition.config_data;
  const stages = config.manual_load ?? [];
  const seconds = stages.length > 0 ? stages.reduce((n, stage) => n + stage.duration, 0) : config.duration;
  return seconds + (definition.warm_up ?? 0);
}

function failedIndexes(job: V1Job, shardCounts: Record<string, number>): Array<{ location: string; index: number }> {
  const location = job.metadata?.labels?.[LABEL_LOCATION];
  if (location === undefined || shardCounts[location] === undefined) return [];
  const jobFailed = job.status?.conditions?.some((c) => c.type === 'Failed' && c.status === 'True') ?? false;
  const completed = new Set(parseIndexes(job.status?.completedIndexes));
  const indexes = jobFailed
    ? Array.from({ length: shardCounts[location] }, (_, i) => i).filter((i) => !completed.has(i))
    : parseIndexes(job.status?.failedIndexes);
  return indexes.map((index) => ({ location, index }));
}

/** Until every shard has settled, the signal or the deadline: woken by each change, and every tickMs for the barrier's and the deadline's clock. */
async function untilSettled(
  coordinator: ShardCoordinator,
  signal: AbortSignal,
  tickMs: number,
  pastDeadline: () => boolean,
): Promise<void> {
  while (!coordinator.settled() && !signal.aborted && !pastDeadline()) {
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
