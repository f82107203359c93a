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
import { apiErrorText, ignoreNotFound, type Clusters } from './clusters.ts';
import type { KubeLocation } from './locations.ts';
import { jobName, secretName, shardJob, testSecret } from './manifests.ts';

export interface KubeLatencySettings {
  places: Clusters;
  locations: Record<string, KubeLocation>;
  image: string;
  callbackUrl: () => string;
  /** How long the pod may take to start and call (the executor's start barrier). */
  startMs: number;
  ttlSecondsAfterFinished: number;
  registry: ShardRegistry;
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
    const { api, namespace } = settings.places.placeOf(kube);
    const nodeSelector = settings.locations[kube]?.nodeSelector;
    const waitMs = settings.startMs + request.budgetMs + request.timeoutMs;
    settings.registry.addProbe(probe);
    try {
      // The Job first, so that the Secret can name it as its owner; the pod waits for the Secret.
      const job = await api.batch.createNamespacedJob({
        namespace,
        body: shardJob({
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
        }),
      });
      await api.core.createNamespacedSecret({ namespace, body: testSecret(probe.id, namespace, token, [job]) });
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
      await ignoreNotFound(api.batch.deleteNamespacedJob({ name: jobName(probe.id, kube), namespace, propagationPolicy: 'Background' }));
      await ignoreNotFound(api.core.deleteNamespacedSecret({ name: secretName(probe.id), namespace }));
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
