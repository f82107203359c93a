// The shard protocol (docs/kubernetes.md, "Protocol"): what a shard pod and the server say to each
// other, named once for both sides. The pod's side is this folder (client.ts, probe-client.ts); the
// server's is server/routes/shards.ts, server/shards/ and the Job the executor creates
// (server/executors/kubernetes/manifests.ts), which sets the environment read here. Pure.
import type { Shard } from '../engine/plan.ts';
import type { LoadTestResult, LocationLatency, SecondSample, TestDataSet } from '../types.ts';

/** The test's shard token, from its Secret: every call carries it as `Authorization: Bearer …`. */
export const ENV_TOKEN = 'LOADGATE_SHARD_TOKEN';
/** The index's failure count (the Job controller's annotation): 0 on the first try. */
export const ENV_ATTEMPT = 'LOADGATE_SHARD_ATTEMPT';
/** The index's ignored failures (evictions, duplicates): absent or empty until one was ignored. */
export const ENV_IGNORED_FAILURES = 'LOADGATE_SHARD_IGNORED_FAILURES';
export const ENV_LOCATION = 'LOADGATE_SHARD_LOCATION';
/** Set by Kubernetes on every pod of an Indexed Job: the pod's index, from 0. */
export const ENV_COMPLETION_INDEX = 'JOB_COMPLETION_INDEX';

/** loadgate's "bad input" exit: the plan cannot run, so retrying the index cannot help. */
export const BAD_PLAN_EXIT_CODE = 2;
/**
 * A second pod for an index that another pod holds (Kubernetes may start two). Not 0: a success
 * would complete the index, and the controller would then remove the pod still sending its load.
 * The Job ignores it, so it spends no retry; the holder's pod keeps the index active meanwhile.
 */
export const DUPLICATE_EXIT_CODE = 3;
/**
 * A shard stopped by SIGTERM (a graceful eviction, a drain, a deleted pod) after it sent what it
 * measured, as shells report SIGTERM. Not 0: a success would complete the index with part of its
 * schedule; the Job retries it instead (ignored when the pod carries DisruptionTarget).
 */
export const TERMINATED_EXIT_CODE = 143;

/** Every call goes to `<server>/v1/shard/<test or probe id>/<call>`. */
export const SHARD_ROUTE_PREFIX = '/v1/shard/';
export const SHARD_CALLS = {
  plan: 'plan/',
  ready: 'ready/',
  interval: 'interval/',
  final: 'final/',
  latency: 'latency/',
} as const;
export type ShardCall = keyof typeof SHARD_CALLS;

/**
 * One shard of a test: its location and its index within the location. The protocol, the store
 * and the shards' names (`US-0`) count indexes as Kubernetes does (JOB_COMPLETION_INDEX, from 0).
 */
export interface ShardKey {
  location: string;
  index: number;
}

/** `US-0`: how logs, the start's late list and the coverage name a shard. */
export function shardName({ location, index }: ShardKey): string {
  return `${location}-${index}`;
}

/**
 * The slice of the plan a shard runs. The plan, results files (`run.shard`) and `--shard 1/4`
 * number shards from 1, so that shard index i of a location is its plan's shard i + 1 of `count`:
 * the one place where one numbering becomes the other.
 */
export function planShard(key: ShardKey, count: number): Shard {
  return { index: key.index + 1, count, location: key.location };
}

/** What a shard says of itself on every call but the plan's (whose query holds location and index). */
export interface ShardCaller extends ShardKey {
  attempt: number;
  /** The pod's hostname and a random suffix: Kubernetes may start two pods for one index, with one hostname. */
  pod: string;
}

/** A test data set inside the plan: a shard has no access to the server's files, and needs every row. */
export type InlineTestData = TestDataSet & { content: string };

/** The answer to `GET plan/?location=…&index=…`. */
export interface PlanAnswer {
  test_url: string;
  shard: ShardKey & { count: number };
  /** The definition as the server runs it (environment applied), each test data file's content inline. */
  definition: Record<string, unknown> & { test_data?: InlineTestData[] };
}

/** The answer to `POST ready/` (the body: a ShardCaller). */
export type ReadyAnswer =
  | { state: 'wait'; retry_ms: number }
  | { state: 'start'; start_at_ms: number; from_second: number; late: string[] }
  /** Another pod holds this index's attempt (Kubernetes may start two): this one does nothing. */
  | { state: 'duplicate'; pod: string };

/** `POST interval/`: one second of the shard's schedule, counted from its attempt's first second. */
export interface IntervalUpload extends ShardCaller {
  t: number;
  sample: SecondSample;
}

/** The answer to an interval: `stop` asks the shard to stop (the test was stopped). */
export interface IntervalAnswer {
  stored: boolean;
  stop: boolean;
}

/** `POST final/`: the attempt's shard results file (`run.shard` and the histograms). */
export interface FinalUpload extends ShardCaller {
  result: LoadTestResult;
}

/** What a latency probe's pod measures (the answer to its `GET latency/`). */
export interface ProbeRequest {
  target: string;
  samples: number;
  timeout_ms: number;
  budget_ms: number;
  location: { code: string; name: string };
}

/** `POST latency/`: the probe's location measured. */
export interface ProbeDelivery {
  latency: LocationLatency;
}
