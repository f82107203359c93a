// A test's objects in the clusters: its Jobs (one per location) and, in each namespace they use,
// the Secret with its token; created when the test begins, deleted when it ends (each on its
// own, retried past an outage), and swept periodically when a test left them behind. Every call
// goes through the retry policy (retry.ts); names are fixed per test before the first attempt,
// so a create whose answer was lost is found again (409) and adopted, never made twice.
import type { V1Job, V1ObjectMeta, V1Secret } from '@kubernetes/client-node';
import type { LoadTestDefinition } from '../../../types.ts';
import type { Execution } from '../executor.ts';
import { apiErrorText, ignoreNotFound, type Placement, samePlace } from './clusters.ts';
import type { KubeContext } from './context.ts';
import { offeredLocations } from './locations.ts';
import {
  jobName,
  LABEL_LOCATION,
  LABEL_MANAGED,
  LABEL_TEST,
  MANAGED_BY,
  secretName,
  shardJob,
  testLabel,
  TOKEN_KEY,
  testSecret,
} from './manifests.ts';
import { type RetryPolicy, statusOf, withRetry } from './retry.ts';

/** Seconds a Job may run beyond its schedule and start barrier (image pulls, the final upload). */
const JOB_GRACE_S = 120;
export const TTL_AFTER_FINISHED_S = 600;
/** How long one create (or read) is retried: past it the test goes back to the queue, which waits for the cluster. */
export const CREATE_DEADLINE_MS = 60_000;
/** How long one delete is retried: minutes, past an API server's restart; what is still left then is the sweep's. */
export const CLEANUP_DEADLINE_MS = 600_000;

/** What a call needs besides the client: the policy and where its one line goes. */
export interface Calls {
  retry: RetryPolicy;
  log: (line: string) => void;
  signal?: AbortSignal;
  /** How long a create is retried; default CREATE_DEADLINE_MS. */
  createDeadlineMs?: number;
}

/** An object exists under a name of ours but is not this test's: a final refusal, not a fault to wait out. */
export class NameTakenError extends Error {}

/** `default`, or `load of context tokyo`. */
export function placeName(place: Pick<Placement, 'namespace' | 'context'>): string {
  return `${place.namespace}${place.context && ` of context ${place.context}`}`;
}

/**
 * Creates an object whose name is fixed; a 409 AlreadyExists (an earlier attempt's answer was
 * lost, or an earlier try of this test left it) reads the object and adopts it when `ours` says
 * it is this test's, and refuses it otherwise.
 */
export async function createOrAdopt<T extends { metadata?: V1ObjectMeta }>(
  calls: Calls,
  object: { kind: string; name: string; place: Placement; create: () => Promise<T>; read: () => Promise<T>; ours: (o: T) => boolean },
): Promise<T> {
  const what = `${object.kind} ${object.name} in ${placeName(object.place)}`;
  const op = { deadlineMs: calls.createDeadlineMs ?? CREATE_DEADLINE_MS, log: calls.log, ...(calls.signal && { signal: calls.signal }) };
  try {
    return await withRetry(calls.retry, { ...op, what: `create ${what}` }, object.create);
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
  }
  const existing = await withRetry(calls.retry, { ...op, what: `read ${what}` }, object.read);
  if (!object.ours(existing)) {
    const labels = JSON.stringify(existing.metadata?.labels ?? {});
    throw new NameTakenError(`${what} exists already and is not this test's (its labels: ${labels})`);
  }
  calls.log(`${what} existed already (an answer lost on the way, or an earlier try): adopted, not created twice`);
  return existing;
}

/** Deletes one object, retried; gone already is fine. */
export async function deleteObject(
  calls: Calls,
  object: { kind: string; name: string; place: Placement; deadlineMs: number; remove: () => Promise<unknown>; onFirstAttempt?: () => void },
): Promise<void> {
  const op = {
    what: `delete ${object.kind} ${object.name} in ${placeName(object.place)}`,
    deadlineMs: object.deadlineMs,
    settledBy: [404],
    log: calls.log,
    ...(calls.signal && { signal: calls.signal }),
    ...(object.onFirstAttempt && { onFirstAttempt: object.onFirstAttempt }),
  };
  await ignoreNotFound(withRetry(calls.retry, op, object.remove));
}

function callsOf(kube: KubeContext, testId: string): Calls {
  return { retry: kube.retry, log: (line) => kube.settings.log(`test ${testId}: ${line}`), signal: kube.closing };
}

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
    await createSecret(kube, execution.testId, place, testSecret(execution.testId, place.namespace, token, owners));
  }
}

/** The token Secret; one of ours with another token (an earlier try of this test) is replaced, not adopted. */
async function createSecret(kube: KubeContext, testId: string, place: Placement, body: V1Secret): Promise<void> {
  const calls = callsOf(kube, testId);
  const name = body.metadata!.name!;
  const { core } = place.api;
  const namespace = place.namespace;
  const oursByLabel = (o: V1Secret) => o.metadata?.labels?.[LABEL_TEST] === testLabel(testId);
  const object = {
    kind: 'Secret',
    name,
    place,
    create: () => core.createNamespacedSecret({ namespace, body }),
    read: () => core.readNamespacedSecret({ name, namespace }),
    ours: (o: V1Secret) => oursByLabel(o),
  };
  const existing = await createOrAdopt(calls, object);
  if (existing.data?.[TOKEN_KEY] === body.data?.[TOKEN_KEY]) return;
  // An earlier try's Secret (immutable): its token would lock this try's shards out.
  await deleteObject(calls, { ...object, deadlineMs: CREATE_DEADLINE_MS, remove: () => core.deleteNamespacedSecret({ name, namespace }) });
  await createOrAdopt(calls, { ...object, ours: (o) => oursByLabel(o) && o.data?.[TOKEN_KEY] === body.data?.[TOKEN_KEY] });
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
  const { api, namespace } = place;
  const nodeSelector = settings.locations[location]?.nodeSelector;
  const body = shardJob({
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
  });
  const name = jobName(execution.testId, location);
  const job = await createOrAdopt(callsOf(kube, execution.testId), {
    kind: 'Job',
    name,
    place,
    create: () => api.batch.createNamespacedJob({ namespace, body }),
    read: () => api.batch.readNamespacedJob({ name, namespace }),
    ours: (o) =>
      o.metadata?.labels?.[LABEL_TEST] === body.metadata?.labels?.[LABEL_TEST] &&
      o.metadata?.labels?.[LABEL_LOCATION] === body.metadata?.labels?.[LABEL_LOCATION],
  });
  settings.log(`test ${execution.testId}: Job ${name} (${shards} shard(s) in ${location}) created in ${placeName(place)}`);
  return { place, job };
}

/**
 * The test's Jobs (by their fixed names: no list needed) and its Secret in every namespace its
 * locations use, each deleted on its own and retried within deadlineMs, so one that fails skips
 * nothing. Deleting a Job deletes its pods. Resolves with what is left, as `Job <name> in <ns>`.
 */
export async function removeTestObjects(
  kube: KubeContext,
  testId: string,
  locations: readonly string[],
  deadlineMs: number,
  onFirstAttempt: () => void = () => {},
): Promise<string[]> {
  const calls = callsOf(kube, testId);
  const objects = [
    ...locations.map((location) => {
      const place = kube.places.placeOf(location);
      const name = jobName(testId, location);
      const remove = () => place.api.batch.deleteNamespacedJob({ name, namespace: place.namespace, propagationPolicy: 'Background' });
      return { kind: 'Job', name, place, remove };
    }),
    ...kube.places.placesOf(locations).map((place) => {
      const name = secretName(testId);
      return { kind: 'Secret', name, place, remove: () => place.api.core.deleteNamespacedSecret({ name, namespace: place.namespace }) };
    }),
  ];
  let untried = objects.length;
  const tried = (): void => {
    if (--untried === 0) onFirstAttempt();
  };
  const outcomes = await Promise.allSettled(objects.map((object) => deleteObject(calls, { ...object, deadlineMs, onFirstAttempt: tried })));
  return outcomes.flatMap((outcome, i) => {
    if (outcome.status === 'fulfilled') return [];
    const { kind, name, place } = objects[i]!;
    return [`${kind} ${name} in ${placeName(place)} (${apiErrorText(outcome.reason)})`];
  });
}

/**
 * At the end of a test: its objects deleted, each retried past an outage (minutes). The run
 * waits only for every object's first attempt; the retries go on in the background, and what is
 * still left when they give up (or the server shuts down) is logged by kind and name and left to
 * the periodic sweep.
 */
export async function cleanUpTestObjects(kube: KubeContext, testId: string, locations: readonly string[]): Promise<void> {
  let firstTried: () => void = () => {};
  const tried = new Promise<void>((resolve) => {
    firstTried = resolve;
  });
  const done = removeTestObjects(kube, testId, locations, kube.cleanupDeadlineMs, firstTried).then((left) => {
    for (const object of left) kube.settings.log(`test ${testId}: could not delete ${object}; the sweep deletes it later`);
  });
  await Promise.race([tried, done]);
}

/**
 * Periodically (and at start): the Jobs and Secrets of tests that are no longer running (a
 * cleanup that never got through, a server killed mid-test whose test was failed, a test put
 * back in the queue), and latency probes' left behind. Objects created in the second the sweep
 * began or later (creationTimestamp has whole seconds) are left alone: they may be a test's
 * that is starting now.
 */
export async function sweepStaleObjects(kube: KubeContext): Promise<void> {
  const { settings } = kube;
  const startedAt = Math.floor(kube.now() / 1000) * 1000;
  const keep = new Set(settings.store.runningTests().map((test) => testLabel(test.id)));
  const labelSelector = `${LABEL_MANAGED}=${MANAGED_BY}`;
  const stale = (o: { metadata?: V1ObjectMeta }): boolean => {
    const test = o.metadata?.labels?.[LABEL_TEST] ?? '';
    return !keep.has(test) && settings.registry.probe(test) === undefined && (o.metadata?.creationTimestamp?.getTime() ?? 0) < startedAt;
  };
  const calls: Calls = { retry: kube.retry, log: settings.log, signal: kube.closing };
  for (const place of kube.places.placesOf(offeredLocations(settings.locations))) {
    const { api, namespace } = place;
    const list = { deadlineMs: kube.cleanupDeadlineMs, log: settings.log, signal: kube.closing };
    const jobs = (
      await withRetry(kube.retry, { ...list, what: `list Jobs in ${placeName(place)}` }, () =>
        api.batch.listNamespacedJob({ namespace, labelSelector }),
      )
    ).items.filter(stale);
    const secrets = (
      await withRetry(kube.retry, { ...list, what: `list Secrets in ${placeName(place)}` }, () =>
        api.core.listNamespacedSecret({ namespace, labelSelector }),
      )
    ).items.filter(stale);
    const removals = [
      ...jobs.map((job) => ({
        kind: 'Job',
        name: job.metadata!.name!,
        place,
        deadlineMs: kube.cleanupDeadlineMs,
        remove: () => api.batch.deleteNamespacedJob({ name: job.metadata!.name!, namespace, propagationPolicy: 'Background' }),
      })),
      ...secrets.map((secret) => ({
        kind: 'Secret',
        name: secret.metadata!.name!,
        place,
        deadlineMs: kube.cleanupDeadlineMs,
        remove: () => api.core.deleteNamespacedSecret({ name: secret.metadata!.name!, namespace }),
      })),
    ];
    const outcomes = await Promise.allSettled(removals.map((removal) => deleteObject(calls, removal)));
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'rejected')
        settings.log(
          `sweep: could not delete ${removals[i]!.kind} ${removals[i]!.name} in ${placeName(place)}: ${apiErrorText(outcome.reason)}`,
        );
    });
    if (jobs.length + secrets.length > 0)
      settings.log(`swept ${jobs.length} Job(s) and ${secrets.length} Secret(s) of tests no longer running from ${placeName(place)}`);
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
