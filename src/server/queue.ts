// Runs the stored tests one at a time, oldest first, on the server's executor (here, or in
// Kubernetes: executors/). The queue is the `tests` table itself (status "initial" by queue
// position), so it survives a restart.
import { InputError, problemLines } from '../errors.ts';
import { ApiError } from './errors.ts';
import { prepare, storedDefinition } from './definition.ts';
import type { TestStatus } from '../hosted/service-records.ts';
import type { Store, TestRecord } from './store/store.ts';
import type { LoadTestResult } from '../types.ts';
import { type Executed, type Execution, type Executor, ExecutorUnavailable } from './executors/executor.ts';
import type { Progress } from './progress.ts';
import { DEFAULT_CLUSTER_WAIT_MS, ExecutorGate, type Waiting } from './queue-wait.ts';

export const INTERRUPTED_REASON = 'server stopped while the test was running';
export const SHUTDOWN_REASON = 'the server was shut down while the test was running; the result is partial';

export interface QueueSettings {
  dataDir: string;
  executor: Executor;
  /**
   * On close, how long a running test that another server can take up (its executor re-attaches)
   * may take to end by itself before it is left running for that server; default 0.
   */
  shutdownGraceMs?: number;
  /** How long queued tests wait for an executor that cannot start them (its cluster does not answer) before the next fails; default 10 minutes. */
  clusterWaitMs?: number;
  log: (line: string) => void;
  now?: () => Date;
}

interface Running {
  id: string;
  controller: AbortController;
  /** Aborted to leave the test to the next server instead of ending it. */
  handOver: AbortController;
  /** Why it is being stopped early, once someone asked. */
  stopReason: string | null;
  done: Promise<void>;
  /** What it has done so far (live progress). */
  progress?: Progress;
}

export class TestQueue {
  private readonly store: Store;
  private readonly settings: QueueSettings;
  private running: Running | null = null;
  private closed = false;
  /** Waits for the executor before a test starts (queue-wait.ts); `passing` while it does. */
  private readonly gate: ExecutorGate;
  private passing = false;
  /** Tests put back in the queue because the executor could not start them: since when (the wait's bound counts from there). */
  private readonly unavailableSince = new Map<string, number>();

  constructor(store: Store, settings: QueueSettings) {
    this.store = store;
    this.settings = settings;
    this.gate = new ExecutorGate(settings.executor, settings.clusterWaitMs ?? DEFAULT_CLUSTER_WAIT_MS, () => this.nowMs());
  }

  private nowMs(): number {
    return (this.settings.now?.() ?? new Date()).getTime();
  }

  private now(): string {
    return (this.settings.now?.() ?? new Date()).toISOString();
  }

  /**
   * On start, before any test runs: a test still marked running belongs to a dead server. An
   * executor that can re-attach (Kubernetes: the pods outlive the server) takes the oldest up
   * again; the others are failed.
   */
  recover(): void {
    const [first] = this.store.runningTests();
    if (first && this.settings.executor.reattach) {
      this.settings.log(`test ${first.id} (${first.name}): re-attaching to its running shards`);
      this.begin(first, 'reattach');
    }
    const failed = this.store.failRunningTests(INTERRUPTED_REASON, this.now(), this.running?.id);
    if (failed > 0) this.settings.log(`marked ${failed} test(s) failed: ${INTERRUPTED_REASON}`);
  }

  /** Starts the next queued test unless one is running. */
  kick(): void {
    if (this.running || this.closed || this.passing) return;
    const next = this.store.nextQueuedTest();
    if (!next) return;
    if (!this.settings.executor.ready) return this.start(next);
    // Not into a fault: the executor first says it can start a test (or the wait's bound passes).
    this.passing = true;
    void this.gate.pass(this.unavailableSince.get(next.id)).then((outcome) => {
      this.passing = false;
      const test = this.store.nextQueuedTest();
      if ('closed' in outcome || this.closed || this.running || !test) return;
      if (outcome.ready) return this.start(test);
      this.unavailableSince.delete(test.id);
      this.store.finishTest(test.id, { status: 'failed', failureReason: outcome.reason, at: this.now() });
      this.settings.log(`test ${test.id} (${test.name}): failed (${outcome.reason})`);
      this.kick();
    });
  }

  /** Why queued tests wait (the executor cannot start them yet), for the details of test `id` while it is queued. */
  waiting(id: string): Waiting | undefined {
    return this.store.getTest(id)?.status === 'initial' ? this.gate.waiting() : undefined;
  }

  /**
   * Stops a queued or running test; a running one keeps its partial result. Resolves with the
   * test as it is afterwards (a test that has already ended is left as it is). Bounded with the
   * local executor: engine threads that do not answer within the stop deadline are ended
   * (engine/stop-deadline.ts), so this is the entry point for anything that must end a test.
   */
  async stop(id: string): Promise<TestRecord | undefined> {
    if (this.running?.id === id) {
      const running = this.running;
      running.controller.abort();
      await running.done;
    } else if (this.store.getTest(id)?.status === 'initial') {
      this.store.finishTest(id, { status: 'stopped', failureReason: null, at: this.now() });
    }
    return this.store.getTest(id);
  }

  /** What the running test `id` has done so far; undefined when it is not running or has nothing yet. */
  progress(id: string): Progress | undefined {
    return this.running?.id === id ? this.running.progress : undefined;
  }

  /**
   * Takes no more tests. A running test whose executor can re-attach (its load runs elsewhere)
   * gets the shutdown grace to end by itself, its uploads still taken, and is then left running
   * for the next server; any other running test is stopped and keeps its partial result.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.gate.close();
    try {
      await this.closeRunning();
    } finally {
      this.settings.executor.close?.();
    }
  }

  private async closeRunning(): Promise<void> {
    const running = this.running;
    if (!running) return;
    if (this.settings.executor.reattach) {
      if (!(await endsWithin(running.done, this.settings.shutdownGraceMs ?? 0))) {
        running.handOver.abort();
        await running.done;
      }
      return;
    }
    running.stopReason = SHUTDOWN_REASON;
    running.controller.abort();
    await running.done;
  }

  private start(test: TestRecord): void {
    this.store.markRunning(test.id, this.now());
    this.settings.log(`test ${test.id} (${test.name}): running`);
    this.begin(test, 'run');
  }

  private begin(test: TestRecord, how: 'run' | 'reattach'): void {
    const controller = new AbortController();
    const running: Running = { id: test.id, controller, handOver: new AbortController(), stopReason: null, done: Promise.resolve() };
    running.done = this.execute(test, running, how).finally(() => {
      this.running = null;
      this.kick();
    });
    this.running = running;
  }

  private async execute(test: TestRecord, running: Running, how: 'run' | 'reattach'): Promise<void> {
    const end = (status: TestStatus, failureReason: string | null, result?: LoadTestResult) => {
      this.unavailableSince.delete(test.id);
      this.store.finishTest(test.id, { status, failureReason, at: this.now(), ...(result ? { result } : {}) });
      this.settings.log(`test ${test.id} (${test.name}): ${status}${failureReason ? ` (${failureReason})` : ''}`);
    };
    try {
      const prepared = await prepare(storedDefinition(this.store, test), this.settings.dataDir);
      const execution: Execution = {
        testId: test.id,
        testUrl: test.test_url,
        test: prepared,
        ...shardsOf(this.store, test.id),
        signal: running.controller.signal,
        handOver: running.handOver.signal,
        onProgress: (progress) => {
          running.progress = progress;
        },
      };
      const executor = this.settings.executor;
      const executed: Executed =
        how === 'reattach' && executor.reattach ? await executor.reattach(execution) : await executor.run(execution);
      if (executed.handedOver) {
        this.settings.log(`test ${test.id} (${test.name}): left running for the next server to re-attach`);
        return;
      }
      const stopped = running.controller.signal.aborted;
      const incomplete = executed.incomplete ?? (stopped ? undefined : unstartedReason(executed.result));
      const reason = [running.stopReason, incomplete].filter((r) => r).join('; ') || null;
      if (stopped) end('stopped', reason, executed.result);
      // Missing windows, or iterations never started, are never a pass: `incomplete` is a final
      // status no client reads as completed (docs/server.md).
      else if (executed.result) end(incomplete ? 'incomplete' : 'completed', reason, executed.result);
      else end('failed', reason ?? 'no shard delivered a result');
    } catch (error) {
      if (error instanceof ExecutorUnavailable && !running.controller.signal.aborted && this.requeue(test, error.message)) return;
      end('failed', failureReason(error, this.settings.log));
    }
  }

  /** A test the executor could not start for now goes back to its place in the queue, within the wait's bound; false past it. */
  private requeue(test: TestRecord, reason: string): boolean {
    const since = this.unavailableSince.get(test.id) ?? this.nowMs();
    if (this.nowMs() - since >= (this.settings.clusterWaitMs ?? DEFAULT_CLUSTER_WAIT_MS)) return false;
    this.unavailableSince.set(test.id, since);
    this.store.requeueTest(test.id);
    this.gate.note(reason, since);
    this.settings.log(`test ${test.id} (${test.name}): back in the queue, waiting for the cluster (${reason})`);
    return true;
  }
}

/** Whether `done` settles within `ms`. */
async function endsWithin(done: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([done.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A run that ended with planned iterations never started (the generator could not keep up, so the
 * schedule ran out: run.generator) did not apply its plan: it is incomplete, never completed.
 */
function unstartedReason(result: LoadTestResult | undefined): string | undefined {
  const unstarted = result?.run.generator?.unstarted_iterations ?? 0;
  if (unstarted === 0) return undefined;
  return `${unstarted} planned iterations were never started: the load generator could not keep up with the plan (run.generator)`;
}

function shardsOf(store: Store, testId: string): { shards?: number } {
  const shards = store.testShards(testId);
  return shards === undefined ? {} : { shards };
}

function failureReason(error: unknown, log: (line: string) => void): string {
  // A transient fault past the wait's bound is no internal error: its message says what did not answer.
  if (error instanceof ApiError || error instanceof ExecutorUnavailable) return error.message;
  if (error instanceof InputError) return problemLines(error.problems).join('; ');
  log(`internal error while running a test: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return `internal error: ${error instanceof Error ? error.message : String(error)}`;
}
