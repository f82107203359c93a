// Where a test's load runs (docs/server.md, "Executors"): the queue hands a checked test to an
// executor and gets one result back; it does not know whether the engine ran in this process
// (local.ts) or in Kubernetes pods that call home (kubernetes/).
import type { CheckedTest } from '../../engine/prepare.ts';
import type { LoadTestResult, SecondSample } from '../../types.ts';

export interface Execution {
  /** The test's id (labels, callback routes) and its report page. */
  testId: string;
  testUrl: string;
  test: CheckedTest;
  /** Aborted by stop or shutdown: end the load, keep what arrived. */
  signal: AbortSignal;
  /** One second of the run as it completes, for live progress. */
  onProgress: (sample: SecondSample) => void;
}

export interface Executor {
  /** Runs the test to its end (or the signal) and returns its result, partial when stopped. */
  run(execution: Execution): Promise<LoadTestResult>;
}
