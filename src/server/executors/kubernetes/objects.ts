// A test's objects in the clusters: its Jobs (one per location) and, in each namespace they use,
// the Secret with its token; created when the test begins, deleted when it ends (again in the
// background when the API does not answer), and swept at start when a test left them behind.
import type { V1Job, V1ObjectMeta } from '@kubernetes/client-node';
import type { LoadTestDefinition } from '../../../types.ts';
import type { Execution } from '../executor.ts';
import { apiErrorText, ignoreNotFound, type Placement, samePlace } from './clusters.ts';
import type { KubeContext } from './context.ts';
import { offeredLocations } from './locations.ts';
import {
  jobName,
  LABEL_MANAGED,
  LABEL_TEST,
  MANAGED_BY,
  secretName,
  shardJob,
  testLabel,
  testLabelSelector,
  testSecret,
} from './manifests.ts';

/** Seconds a Job may run beyond its schedule and start barrier (image pulls, the final upload). */
const JOB_GRACE_S = 120;
export const TTL_AFTER_FINISHED_S = 600;
const CLEANUP_ATTEMPTS = 5;

/** The Jobs first, then in each namespace the Secret owned by its Jobs (their pods wait for it: secretKeyRef). */
export async function createTestObjects(
  kube: KubeContext,
  execution: Execution,
  shardCounts: Record<string, number>,
  token: string,
): Promise<void> {
  const created: Array<{ place: Placement; job: V1Job }> = [];
  for (const [location, shards] of Object.entries(shardCounts)) created.push(await createJob(kube, execution, location, shards));
  for (const place of kube.places.placesOf(Object.keys(shardCounts))) {
    const owners = created.filter((c) => samePlace(c.place, place)).map((c) => c.job);
    await place.api.core.createNamespacedSecret({
      namespace: place.namespace,
      body: testSecret(execution.testId, place.namespace, token, owners),
    });
  }
}

/** One location's Indexed Job, as the API answered its creation (with the uid its Secret's owner reference needs). */
async function createJob(
  kube: KubeContext,
  execution: Execution,
  location: string,
  shards: number,
): Promise<{ place: Placement; job: V1Job }> {
  const { settings } = kube;
  const place = kube.places.placeOf(location);
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
      activeDeadlineSeconds: jobDeadlineS(execution.test.definition, settings.barrierMs),
      ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
      backoffLimitPerIndex: settings.backoffLimitPerIndex,
    }),
  });
  settings.log(
    `test ${execution.testId}: Job ${jobName(execution.testId, location)} (${shards} shard(s) in ${location}) created in ${namespace}${context && ` of context ${context}`}`,
  );
  return { place, job };
}

/** Jobs and Secrets of the test, in every namespace its locations use; deleting the Jobs deletes their pods. */
export async function removeTestObjects(kube: KubeContext, testId: string, locations: readonly string[]): Promise<void> {
  const labelSelector = testLabelSelector(testId);
  for (const { api, namespace } of kube.places.placesOf(locations)) {
    const jobs = await api.batch.listNamespacedJob({ namespace, labelSelector });
    for (const job of jobs.items) {
      await ignoreNotFound(api.batch.deleteNamespacedJob({ name: job.metadata!.name!, namespace, propagationPolicy: 'Background' }));
    }
    await ignoreNotFound(api.core.deleteNamespacedSecret({ name: secretName(testId), namespace }));
  }
}

/**
 * removeTestObjects(), and when it fails (the API unreachable for a moment), again in the
 * background after 1, 2, 4 … s (cleanupRetryMs doubled), a few times: the queue does not wait on
 * it, and what is still left is swept at the next start.
 */
export async function cleanUpTestObjects(kube: KubeContext, testId: string, locations: readonly string[]): Promise<void> {
  const { settings } = kube;
  const attempt = async (n: number): Promise<void> => {
    try {
      await removeTestObjects(kube, testId, locations);
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
export async function sweepStaleObjects(kube: KubeContext): Promise<void> {
  const { settings } = kube;
  const startedAt = Math.floor(kube.now() / 1000) * 1000;
  const keep = new Set(settings.store.runningTests().map((test) => testLabel(test.id)));
  const labelSelector = `${LABEL_MANAGED}=${MANAGED_BY}`;
  const stale = (o: { metadata?: V1ObjectMeta }): boolean =>
    !keep.has(o.metadata?.labels?.[LABEL_TEST] ?? '') && (o.metadata?.creationTimestamp?.getTime() ?? 0) < startedAt;
  for (const { api, namespace, context } of kube.places.placesOf(offeredLocations(settings.locations))) {
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

/** The Jobs' activeDeadlineSeconds: the schedule, the start barrier and a grace. */
export function jobDeadlineS(definition: LoadTestDefinition, barrierMs: number): number {
  return scheduleSeconds(definition) + Math.ceil(barrierMs / 1000) + JOB_GRACE_S;
}

function scheduleSeconds(definition: LoadTestDefinition): number {
  const config = definition.config_data;
  const stages = config.manual_load ?? [];
  const seconds = stages.length > 0 ? stages.reduce((n, stage) => n + stage.duration, 0) : config.duration;
  return seconds + (definition.warm_up ?? 0);
}
