// Where a test's load runs (docs/server.md, "Executors"): the queue hands a checked test to an
// executor and gets one result back; it does not know whether the engine ran in this process
// (local.ts) or in Kubernetes pods that call home (kubernetes/).
import type { CheckedTest } from '../../engine/prepare.ts';
import type { LatencyLocation, LoadTestResult, LocationLatency } from '../../types.ts';
import type { Progress } from '../progress.ts';

export interface Execution {
  /** The test's id (labels, callback routes) and its report page. */
  testId: string;
  testUrl: string;
  test: CheckedTest;
  /** Shards per location the test asked for (its request's `shards`); absent: the executor decides. */
  shards?: number;
  /** Aborted by stop or shutdown: end the load, keep what arrived. */
  signal: AbortSignal;
  /**
   * Aborted when this server shuts down and leaves the test to the next one (an executor that can
   * re-attach): stop following it, and leave its load and its records as they are. Absent: never.
   */
  handOver?: AbortSignal;
  /** The run's totals so far, each time they grow. */
  onProgress: (progress: Progress) => void;
}

/** An executor's answer: the result (absent when nothing arrived), and why it is partial. */
export interface Executed {
  result?: LoadTestResult;
  /** Set when the result lacks part of the plan (shards that never delivered: docs/results.md, "Coverage"). */
  incomplete?: string;
  /** The test was left running for the next server to re-attach: it has not ended. */
  handedOver?: boolean;
}

/** One location's part of a latency test (routes/latency.ts). */
export interface LatencyRequest {
  target: string;
  samples: number;
  /** Per sample, connection included. */
  timeoutMs: number;
  /** No new sample starts after this. */
  budgetMs: number;
}

/** Measures a latency location somewhere else than this process (the signal: the client left). */
export type LatencyRunner = (location: LatencyLocation, request: LatencyRequest, signal: AbortSignal) => Promise<LocationLatency>;

export interface Executor {
  /** Measures the latency locations that belong to this executor (`@kube:` ones); absent: none do. */
  latency?: LatencyRunner;
  /** Runs the test to its end (or the signal) and returns its result, partial when stopped. */
  run(execution: Execution): Promise<Executed>;
  /**
   * Takes up a test that a previous server process left running (its pods still sending), to
   * its end; undefined when this executor cannot (the local engine died with that process).
   */
  reattach?(execution: Execution): Promise<Executed>;
  /** At start, once the queue has re-attached: deletes what tests no longer running left behind (their Jobs and Secrets), and again periodically; absent: nothing is left. */
  sweep?(): Promise<void>;
  /**
   * Before the queue starts a test: resolves once the executor can start one (its cluster's API
   * answers), calling onWait with why each time it cannot yet; rejects on a final refusal. Only
   * the signal ends the wait (the queue's bound, a shutdown). Absent: always ready.
   */
  ready?(onWait: (reason: string) => void, signal: AbortSignal): Promise<void>;
  /** On shutdown: retries still waiting stop (what they would have done is left to the next start). */
  close?(): void;
}

/**
 * The executor could not start the test for now (its cluster did not answer within the
 * operation's deadline): the queue puts the test back at its place and waits for the cluster.
 */
export class ExecutorUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExecutorUnavailable';
  }
}
