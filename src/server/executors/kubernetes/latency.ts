// A latency location measured from a Kubernetes location (`--latency-location
// 'EU.DE.FRA=Frankfurt@kube:DE'`): one one-pod Job placed by DE's rule, whose pod runs
// `loadgate shard --latency ID`, measures the target and calls home with its figures
// (shards/latency-probe.ts). The Job and its Secret are deleted once the answer is in.
import { summarizeLocation } from '../../../latency/run.ts';
import { egressLabel } from '../../../latency/locations.ts';
import type { LatencyLocation, LocationLatency } from '../../../types.ts';
import { LatencyProbe } from '../../shards/latency-probe.ts';
import type { ShardRegistry } from '../../shards/registry.ts';
import type { LatencyRunner } from '../executor.ts';
import { apiErrorText, type Clusters } from './clusters.ts';
import type { KubeLocation } from './locations.ts';
import { jobName, LABEL_TEST, secretName, shardJob, testLabel, testSecret } from './manifests.ts';
import { type Calls, createOrAdopt, deleteObject } from './objects.ts';
import type { RetryPolicy } from './retry.ts';

/** A probe's answer is awaited by a client: its calls are retried for a short while only. */
const PROBE_CALL_DEADLINE_MS = 10_000;

export interface KubeLatencySettings {
  places: Clusters;
  locations: Record<string, KubeLocation>;
  image: string;
  callbackUrl: () => string;
  /** How long the pod may take to start and call (the executor's start barrier). */
  startMs: number;
  ttlSecondsAfterFinished: number;
  registry: ShardRegistry;
  retry: RetryPolicy;
  log: (line: string) => void;
}

export function kubeLatency(settings: KubeLatencySettings): LatencyRunner {
  return async (location, request, signal) => {
    const kube = location.kube!;
    const { probe, token } = LatencyProbe.begin({
      target: request.target,
      samples: request.samples,
      timeout_ms: request.timeoutMs,
      budget_ms: request.budgetMs,
      location: { code: location.code, name: location.name },
    });
    const place = settings.places.placeOf(kube);
    const { api, namespace } = place;
    const calls: Calls = {
      retry: settings.retry,
      createDeadlineMs: PROBE_CALL_DEADLINE_MS,
      log: (line) => settings.log(`latency ${location.code}: ${line}`),
    };
    const ours = (o: { metadata?: { labels?: Record<string, string> } }) => o.metadata?.labels?.[LABEL_TEST] === testLabel(probe.id);
    const jobOf = { kind: 'Job', name: jobName(probe.id, kube), place };
    const secretOf = { kind: 'Secret', name: secretName(probe.id), place };
    const nodeSelector = settings.locations[kube]?.nodeSelector;
    const waitMs = settings.startMs + request.budgetMs + request.timeoutMs;
    settings.registry.addProbe(probe);
    try {
      // The Job first, so that the Secret can name it as its owner; the pod waits for the Secret.
      const body = shardJob({
        testId: probe.id,
        latency: true,
        location: kube,
        shards: 1,
        namespace,
        image: settings.image,
        callbackUrl: settings.callbackUrl(),
        secretName: secretName(probe.id),
        ...(nodeSelector && { nodeSelector }),
        activeDeadlineSeconds: Math.ceil(waitMs / 1000),
        ttlSecondsAfterFinished: settings.ttlSecondsAfterFinished,
        // One pass: a probe that fails is reported as such, not measured again later.
        backoffLimitPerIndex: 0,
      });
      const job = await createOrAdopt(calls, {
        ...jobOf,
        create: () => api.batch.createNamespacedJob({ namespace, body }),
        read: () => api.batch.readNamespacedJob({ name: jobOf.name, namespace }),
        ours,
      });
      const secret = testSecret(probe.id, namespace, token, [job]);
      await createOrAdopt(calls, {
        ...secretOf,
        create: () => api.core.createNamespacedSecret({ namespace, body: secret }),
        read: () => api.core.readNamespacedSecret({ name: secretOf.name, namespace }),
        ours,
      });
      const latency = await Promise.race([probe.result, expiry(waitMs, signal)]);
      return latency
        ? { ...latency, egress: egressLabel(location) }
        : unreported(location, `no answer from the pod in ${kube} within ${Math.round(waitMs / 1000)} s`);
    } finally {
      settings.registry.removeProbe(probe.id);
      await cleanUp().catch((error: unknown) =>
        settings.log(
          `latency ${location.code}: could not delete Job ${jobName(probe.id, kube)}: ${apiErrorText(error)}; it is swept at the next start`,
        ),
      );
    }

    async function cleanUp(): Promise<void> {
      const deadlineMs = PROBE_CALL_DEADLINE_MS;
      await Promise.all([
        deleteObject(calls, {
          ...jobOf,
          deadlineMs,
          remove: () => api.batch.deleteNamespacedJob({ name: jobOf.name, namespace, propagationPolicy: 'Background' }),
        }),
        deleteObject(calls, { ...secretOf, deadlineMs, remove: () => api.core.deleteNamespacedSecret({ name: secretOf.name, namespace }) }),
      ]);
    }
  };
}

/** Resolves undefined after ms, or when the signal aborts (the client left). */
function expiry(ms: number, signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve(undefined);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

function unreported(location: LatencyLocation, reason: string): LocationLatency {
  return { ...summarizeLocation(location.name, egressLabel(location), []), failures: 1, errors: { [reason]: 1 } };
}
