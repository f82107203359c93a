// The Kubernetes executor's settings and what its parts (executor.ts, objects.ts) share: a file
// below both, so that neither imports the other for a type.
import type { ShardRegistry } from '../../shards/registry.ts';
import type { Store } from '../../store/store.ts';
import type { ClusterSettings, Clusters } from './clusters.ts';
import type { RetryPolicy } from './retry.ts';

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
  /** The first wait before a failed API call is tried again (doubled each time, up to 60 times it; retry.ts); default 500. */
  apiBackoffMs?: number;
  /** How long one delete of a cleanup is retried; default 10 minutes. */
  cleanupDeadlineMs?: number;
  /** How often the Jobs and Secrets of tests no longer running are swept (and once at start); default 5 minutes. */
  sweepIntervalMs?: number;
  store: Store;
  registry: ShardRegistry;
  log: (line: string) => void;
  now?: () => number;
}

/** What the executor's parts share: its settings, where each location's objects go, and its clock. */
export interface KubeContext {
  settings: KubernetesSettings;
  places: Clusters;
  now: () => number;
  /** Every API call's retry policy (retry.ts). */
  retry: RetryPolicy;
  cleanupDeadlineMs: number;
  /** Aborted when the server shuts down: retries still waiting stop, and what they would have deleted is the next start's sweep's. */
  closing: AbortSignal;
}
