// `serve --executor local|kubernetes` and the Kubernetes executor's flags (docs/server.md), read
// and checked in one place: a Kubernetes flag without `--executor kubernetes` is refused by name.
import { failed, isProblem, type Parsed, parsed, type Problem } from '../../errors.ts';
import { wholeNumber } from '../../settings/values.ts';
import { parseKubeLocations, MAX_SHARDS, type KubeLocation } from './kubernetes/locations.ts';

/** The executor's flags (their help and defaults are in src/settings/table.ts). */
export const EXECUTOR_FLAGS = [
  'executor',
  'kubeconfig',
  'kube-context',
  'namespace',
  'image',
  'callback-url',
  'rate-per-pod',
  'shards',
  'location',
  'start-barrier',
  'shutdown-grace',
  'kube-api-backoff',
  'cluster-wait',
  'shard-cpu',
  'shard-memory',
] as const;

/**
 * Iterations per second one shard pod is given by default: well below what one engine thread
 * sends on a small pod (docs/performance.md), so a pod keeps its schedule on a busy node.
 */
export const DEFAULT_RATE_PER_POD = 1000;
export const DEFAULT_NAMESPACE = 'default';
export const DEFAULT_START_BARRIER_S = 120;
/**
 * On SIGTERM, how long serve waits for the running test to end before it leaves the test to the
 * next server: deploy/'s terminationGracePeriodSeconds must exceed it (docs/kubernetes.md).
 */
export const DEFAULT_SHUTDOWN_GRACE_S = 40;
/** The first wait before a failed API call is retried (retry.ts): APF's Retry-After is 1 s, a reset wants a quick retry. */
export const DEFAULT_KUBE_API_BACKOFF_MS = 500;
/** How long queued tests wait for an API server that does not answer (a control-plane upgrade takes minutes). */
export const DEFAULT_CLUSTER_WAIT_S = 600;
/** One engine thread's worth (docs/performance.md) and room for its histograms; requests = limits, so the pods are Guaranteed (evicted last). */
export const DEFAULT_SHARD_CPU = '1';
export const DEFAULT_SHARD_MEMORY = '512Mi';
/** A resource quantity as the API reference's Quantity writes one without an exponent: 500m, 2, 0.5, 512Mi, 1G. */
const QUANTITY = /^(\d+(\.\d*)?|\.\d+)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

/** The Kubernetes executor's settings as given on the command line. */
export interface KubernetesFlags {
  kubeconfig?: string;
  context?: string;
  namespace: string;
  image: string;
  callbackUrl?: string;
  ratePerPod: number;
  shards?: number;
  locations: Record<string, KubeLocation>;
  barrierMs: number;
  /** On SIGTERM: how long the running test may take to end before it is left to the next server. */
  shutdownGraceMs: number;
  /** The first wait before a failed API call is retried. */
  apiBackoffMs: number;
  /** How long queued tests wait for an API server that does not answer. */
  clusterWaitMs: number;
  /** A shard pod's resources: requests = limits. */
  shardResources: { cpu: string; memory: string };
}

export type ExecutorChoice = { kind: 'local' } | { kind: 'kubernetes'; kubernetes: KubernetesFlags };

type ExecutorFlag = (typeof EXECUTOR_FLAGS)[number];
type Values = { [K in ExecutorFlag]?: K extends 'location' ? string[] : string };

/** Every executor flag but `--executor` itself belongs to the Kubernetes executor. */
const KUBERNETES_FLAGS = EXECUTOR_FLAGS.filter((flag): flag is Exclude<ExecutorFlag, 'executor'> => flag !== 'executor');

function whole(text: string | undefined, flag: string, min: number, max: number, problems: Problem[]): number | undefined {
  if (text === undefined) return undefined;
  const n = wholeNumber(text, flag, { min, max });
  if (!isProblem(n)) return n;
  problems.push(n);
  return undefined;
}

export function readExecutor(values: Values): Parsed<ExecutorChoice> {
  const problems: Problem[] = [];
  const kind = values.executor ?? 'local';
  if (kind === 'local') {
    for (const flag of kubernetesFlagsGiven(values))
      problems.push({ path: `--${flag}`, message: 'is a setting of the Kubernetes executor: give --executor kubernetes, or leave it out' });
    return problems.length > 0 ? failed(problems) : parsed({ kind: 'local' });
  }
  if (kind !== 'kubernetes') return failed([{ path: '--executor', message: `expected local or kubernetes, got "${kind}"` }]);
  if (!values.image)
    problems.push({
      path: '--image',
      message: 'the Kubernetes executor needs the image its shard pods run (e.g. ghcr.io/loadgate/loadgate:0.1.0)',
    });
  const locations = parseKubeLocations(values.location ?? [], '--location');
  if (!locations.ok) problems.push(...locations.problems);
  const ratePerPod = whole(values['rate-per-pod'], '--rate-per-pod', 1, 1_000_000, problems) ?? DEFAULT_RATE_PER_POD;
  const shards = whole(values.shards, '--shards', 1, MAX_SHARDS, problems);
  const barrierS = whole(values['start-barrier'], '--start-barrier', 1, 3600, problems) ?? DEFAULT_START_BARRIER_S;
  const shutdownGraceS = whole(values['shutdown-grace'], '--shutdown-grace', 0, 3600, problems) ?? DEFAULT_SHUTDOWN_GRACE_S;
  const apiBackoffMs = whole(values['kube-api-backoff'], '--kube-api-backoff', 1, 60_000, problems) ?? DEFAULT_KUBE_API_BACKOFF_MS;
  const clusterWaitS = whole(values['cluster-wait'], '--cluster-wait', 1, 86_400, problems) ?? DEFAULT_CLUSTER_WAIT_S;
  const shardResources = {
    cpu: quantity(values['shard-cpu'], '--shard-cpu', DEFAULT_SHARD_CPU, '500m or 2', problems),
    memory: quantity(values['shard-memory'], '--shard-memory', DEFAULT_SHARD_MEMORY, '512Mi or 1Gi', problems),
  };
  if (problems.length > 0 || !locations.ok) return failed(problems);
  return parsed({
    kind: 'kubernetes',
    kubernetes: {
      ...(values.kubeconfig && { kubeconfig: values.kubeconfig }),
      ...(values['kube-context'] && { context: values['kube-context'] }),
      namespace: values.namespace ?? DEFAULT_NAMESPACE,
      image: values.image!,
      ...(values['callback-url'] && { callbackUrl: values['callback-url'] }),
      ratePerPod,
      ...(shards !== undefined && { shards }),
      locations: locations.value,
      barrierMs: barrierS * 1000,
      shutdownGraceMs: shutdownGraceS * 1000,
      apiBackoffMs,
      clusterWaitMs: clusterWaitS * 1000,
      shardResources,
    },
  });
}

function quantity(text: string | undefined, flag: string, fallback: string, example: string, problems: Problem[]): string {
  if (text === undefined) return fallback;
  if (QUANTITY.test(text) && Number.parseFloat(text) > 0) return text;
  problems.push({ path: flag, message: `expected a Kubernetes quantity above 0 such as ${example}, got ${JSON.stringify(text)}` });
  return fallback;
}

function kubernetesFlagsGiven(values: Values): string[] {
  return KUBERNETES_FLAGS.filter((flag) => values[flag] !== undefined);
}
