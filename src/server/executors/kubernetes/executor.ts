// The Kubernetes executor (docs/kubernetes.md): a test becomes one Indexed Job per location and a
// Secret with the test's token (objects.ts); the shards call home (routes/shards.ts) while the
// executor follows the Jobs (watch.ts) until every shard has settled, and the server merges what
// they deliver (shards/deliveries.ts). All cluster I/O goes through @kubernetes/client-node.
import type { V1Job } from '@kubernetes/client-node';
import { InputError } from '../../../errors.ts';
import { shardName } from '../../../shard/protocol.ts';
import { ApiError } from '../../errors.ts';
import type { LoadTestDefinition, LoadTestResult } from '../../../types.ts';
import { ShardCoordinator, shardKeys, type BarrierSettings } from '../../shards/coordinator.ts';
import { coverageLine, mergeSharded } from '../../shards/deliveries.ts';
import { type Executed, type Execution, type Executor, ExecutorUnavailable } from '../executor.ts';
import { apiErrorText, clusters, samePlace } from './clusters.ts';
import { kubeLatency } from './latency.ts';
import { followJobs } from './watch.ts';
import { offeredLocations, shardsPerLocation } from './locations.ts';
import { jobName, LABEL_LOCATION, LABEL_MANAGED, MANAGED_BY, testLabelSelector } from './manifests.ts';
import {
  CLEANUP_DEADLINE_MS,
  cleanUpTestObjects,
  createTestObjects,
  jobDeadlineS,
  placeName,
  sweepStaleObjects,
  TTL_AFTER_FINISHED_S,
} from './objects.ts';
import { DEFAULT_BACKOFF_MS, retryPolicy, TransientApiError, withRetry } from './retry.ts';
import type { KubeContext, KubernetesSettings } from './context.ts';

const SWEEP_INTERVAL_MS = 300_000;

/**
 * The server's own deadline comes this long after the Jobs' activeDeadlineSeconds (which count
 * from a little later, the Jobs' creation): Kubernetes normally ends a late Job first and says
 * which indexes failed; the server's deadline ends the test when nothing does (a Job gone unseen,
 * a cluster that does not answer).
 */
const SERVER_GRACE_S = 30;
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
  const closing = new AbortController();
  const kube: KubeContext = {
    settings,
    places: clusters(settings),
    now: settings.now ?? Date.now,
    retry: retryPolicy(settings.apiBackoffMs ?? DEFAULT_BACKOFF_MS),
    cleanupDeadlineMs: settings.cleanupDeadlineMs ?? CLEANUP_DEADLINE_MS,
    closing: closing.signal,
  };
  const barrier: BarrierSettings = { barrierMs: settings.barrierMs, startMarginMs: START_MARGIN_MS, now: kube.now };
  const sweep = (): Promise<void> =>
    sweepStaleObjects(kube).catch((error: unknown) =>
      settings.log(`sweeping the Jobs and Secrets of tests no longer running: ${apiErrorText(error)}`),
    );
  let sweeper: NodeJS.Timeout | undefined;
  return {
    sweep: async () => {
      sweeper ??= setInterval(() => void sweep(), settings.sweepIntervalMs ?? SWEEP_INTERVAL_MS).unref();
      await sweep();
    },
    ready: (onWait, signal) => reachable(kube, onWait, signal),
    close: () => {
      clearInterval(sweeper);
      closing.abort();
    },
    latency: kubeLatency({
      places: kube.places,
      locations: settings.locations,
      image: settings.image,
      callbackUrl: settings.callbackUrl,
      startMs: settings.barrierMs,
      ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
      registry: settings.registry,
      retry: kube.retry,
      log: settings.log,
    }),
    run: async (execution) => follow(kube, execution, await beginRun(kube, execution, barrier)),
    reattach: async (execution) => {
      const coordinator = ShardCoordinator.resume(settings.store, execution.testId, barrier);
      if (!coordinator)
        throw new InputError([{ path: 'test', message: 'the test has no shards to re-attach to (it never reached Kubernetes)' }]);
      return follow(kube, execution, coordinator);
    },
  };
}

/** A new sharded run: its shards per location, its coordinator (and token), and its Jobs and Secret in the clusters. */
async function beginRun(kube: KubeContext, execution: Execution, barrier: BarrierSettings): Promise<ShardCoordinator> {
  const { settings } = kube;
  const { shardCounts, problems } = shardsPerLocation(
    execution.test.definition.config_data,
    offeredLocations(settings.locations),
    settings.ratePerPod,
    execution.shards ?? settings.shards,
  );
  if (problems.length > 0) throw new InputError(problems);
  const { coordinator, token } = ShardCoordinator.begin(settings.store, execution.testId, shardCounts, barrier);
  try {
    await createTestObjects(kube, execution, shardCounts, token);
  } catch (error) {
    // What was created goes (retried in the background; the sweep takes what is left).
    await cleanUpTestObjects(kube, execution.testId, Object.keys(shardCounts));
    const why = `could not create the test's Jobs and Secret: ${apiErrorText(error)}`;
    // The cluster did not answer for a while: the test goes back to the queue, which waits for it.
    if (error instanceof TransientApiError) throw new ExecutorUnavailable(why);
    // The API's refusal (a quota's 403, a missing namespace) as a sentence for failure_reason, not the client's dump.
    throw new ApiError(502, 'kubernetes', why);
  }
  return coordinator;
}

/**
 * Before a test starts: resolves once every cluster and namespace the locations use answers a
 * list of Jobs; until then every fault that may pass (429, 5xx, no connection) is reported to
 * onWait. A final refusal (403: the Role lacks `list`) rejects. Only the signal ends the wait.
 */
async function reachable(kube: KubeContext, onWait: (reason: string) => void, signal: AbortSignal): Promise<void> {
  for (const place of kube.places.placesOf(offeredLocations(kube.settings.locations))) {
    const op = {
      what: `list Jobs in ${placeName(place)} (before the next test starts)`,
      deadlineMs: Number.POSITIVE_INFINITY,
      log: kube.settings.log,
      signal,
      onRetry: (reason: string) => onWait(`${reason} (listing Jobs in ${placeName(place)})`),
    };
    await withRetry(kube.retry, op, () =>
      place.api.batch.listNamespacedJob({ namespace: place.namespace, labelSelector: `${LABEL_MANAGED}=${MANAGED_BY}`, limit: 1 }),
    );
  }
}

/** The test while its shards run, then its merged result; or, handed over, left to the next server. */
async function follow(kube: KubeContext, execution: Execution, coordinator: ShardCoordinator): Promise<Executed> {
  const { settings } = kube;
  const { testId } = execution;
  settings.registry.add({ coordinator, definition: execution.test.definition, testUrl: execution.testUrl });
  const stopProgress = coordinator.onChange(() => execution.onProgress(coordinator.progress()));
  const stopObserving = observe(kube, coordinator);
  let handedOver = false;
  try {
    handedOver = await untilEnded(kube, execution, coordinator);
  } finally {
    stopObserving();
    stopProgress();
    settings.registry.remove(testId);
    if (!handedOver) await cleanUpTestObjects(kube, testId, Object.keys(coordinator.shardCounts));
  }
  if (handedOver) {
    settings.log(`test ${testId}: left running for the next server (its shards still run: ${coordinator.unsettled().join(', ')})`);
    return { handedOver };
  }
  return mergedOutcome(kube, execution, coordinator);
}

/**
 * Until every shard has settled, the test is stopped, its deadline passes (then the shards are
 * asked to stop and get the stop grace to send what they have), or the server hands it over.
 * Answers whether it was handed over.
 */
async function untilEnded(kube: KubeContext, execution: Execution, coordinator: ShardCoordinator): Promise<boolean> {
  const { settings } = kube;
  const { testId } = execution;
  const deadlineAtMs = coordinator.beganAtMs + lifetimeS(execution.test.definition, settings.barrierMs) * 1000;
  const pastDeadline = () => kube.now() >= deadlineAtMs;
  const handOver = execution.handOver ?? new AbortController().signal;
  await untilSettled(coordinator, AbortSignal.any([execution.signal, handOver]), settings.tickMs, pastDeadline);
  // The pods go on sending; the next server re-attaches to them (by label) and takes the rest.
  const handedOver = handOver.aborted && !execution.signal.aborted && !coordinator.settled() && !pastDeadline();
  if (execution.signal.aborted || pastDeadline()) {
    if (!execution.signal.aborted)
      settings.log(`test ${testId}: past its deadline (${lifetimeS(execution.test.definition, settings.barrierMs)} s after it began)`);
    coordinator.stop();
    settings.log(`test ${testId}: stopping; shards have ${settings.stopGraceMs / 1000} s to send what they have`);
    await untilSettled(coordinator, AbortSignal.timeout(settings.stopGraceMs), settings.tickMs, () => false);
  }
  return handedOver;
}

/** What the shards delivered, merged; `incomplete` when part of the plan is missing from it. */
async function mergedOutcome(kube: KubeContext, execution: Execution, coordinator: ShardCoordinator): Promise<Executed> {
  const { store } = kube.settings;
  const delivered = {
    shardCounts: coordinator.shardCounts,
    attempts: store.shardAttempts(execution.testId),
    finals: store.shardFinals<LoadTestResult>(execution.testId),
    intervals: store.shardIntervals<{ started: number }>(execution.testId),
  };
  const { result, coverage } = await mergeSharded(execution.test.definition.config_data, delivered, execution.testUrl);
  return { ...(result && { result }), ...(coverage.shards.length > 0 && { incomplete: `incomplete: ${coverageLine(coverage)}` }) };
}

/**
 * What the Jobs say, as they change: indexes that failed for good (retries spent, or the Job
 * itself failed), and Jobs that are gone (deleted, or missing from a list: removed by hand or
 * by their TTL while nobody watched), whose unsettled indexes fail since no pod of theirs will deliver.
 */
function observe(kube: KubeContext, coordinator: ShardCoordinator): () => void {
  const { settings, places } = kube;
  const { testId, shardCounts } = coordinator;
  const gone = new Set<string>();
  const jobGone = (location: string, why: string): void => {
    if (shardCounts[location] === undefined || gone.has(location)) return;
    gone.add(location);
    const unsettled = new Set(coordinator.unsettled());
    const keys = shardKeys({ [location]: shardCounts[location] }).filter((key) => unsettled.has(shardName(key)));
    settings.log(`test ${testId}: Job ${jobName(testId, location)} ${why}; ${keys.length} unsettled index(es) fail`);
    for (const key of keys) coordinator.markFailed(key);
  };
  const locations = Object.keys(shardCounts);
  const followers = places.placesOf(locations).map((place) => {
    const here = locations.filter((location) => samePlace(places.placeOf(location), place));
    return followJobs(place, {
      labelSelector: testLabelSelector(testId),
      onJob: (job) => {
        for (const key of failedIndexes(job, shardCounts)) coordinator.markFailed(key);
      },
      onList: (names) => {
        for (const location of here) if (!names.has(jobName(testId, location))) jobGone(location, 'is missing from the list of Jobs');
      },
      onDeleted: (job) => jobGone(job.metadata?.labels?.[LABEL_LOCATION] ?? '', 'was deleted'),
      resyncMs: settings.resyncMs,
      retry: kube.retry,
      log: (line) => settings.log(`test ${testId}: ${line}`),
    });
  });
  return () => {
    for (const follower of followers) follower.stop();
  };
}

/** How long after it began the server ends a test whatever its Jobs say. */
function lifetimeS(definition: LoadTestDefinition, barrierMs: number): number {
  return jobDeadlineS(definition, barrierMs) + SERVER_GRACE_S;
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
