// While the executor cannot start a test (Kubernetes: the API answers nothing, or only 5xx and
// 429), the queue does not start the next test into the fault: queued tests stay `initial`, their
// details say what they wait for (`waiting`), and only once the wait has lasted the bound
// (--cluster-wait) does the next test fail, with that reason (docs/kubernetes.md).
import type { Executor } from './executors/executor.ts';

/** What queued tests wait for, shown in their details while they do. */
export interface Waiting {
  reason: string;
  since: string;
  /** When the next test fails if the executor still cannot start it. */
  until: string;
}

export const DEFAULT_CLUSTER_WAIT_MS = 600_000;

export type GateOutcome = { ready: true } | { ready: false; reason: string } | { closed: true };

export class ExecutorGate {
  private current: Waiting | undefined;
  private readonly closing = new AbortController();
  private readonly executor: Executor;
  private readonly boundMs: number;
  private readonly now: () => number;

  constructor(executor: Executor, boundMs: number, now: () => number) {
    this.executor = executor;
    this.boundMs = boundMs;
    this.now = now;
  }

  /** Why queued tests wait now; undefined while they do not. */
  waiting(): Waiting | undefined {
    return this.current;
  }

  /** Records why the executor could not start a test (it went back to the queue), counting the bound from sinceMs. */
  note(reason: string, sinceMs: number): void {
    this.current = {
      reason,
      since: this.current?.since ?? new Date(sinceMs).toISOString(),
      until: new Date(sinceMs + this.boundMs).toISOString(),
    };
  }

  /** Resolves once the executor can start a test, or with the reason to fail the next one once the wait has lasted the bound (counted from sinceMs). */
  async pass(sinceMs = this.now()): Promise<GateOutcome> {
    const ready = this.executor.ready?.bind(this.executor);
    if (!ready) return { ready: true };
    const bound = AbortSignal.timeout(Math.max(0, sinceMs + this.boundMs - this.now()));
    let last: string | undefined;
    try {
      await ready(
        (reason) => {
          last = reason;
          this.note(reason, sinceMs);
        },
        AbortSignal.any([bound, this.closing.signal]),
      );
      if (!bound.aborted && !this.closing.signal.aborted) {
        this.current = undefined;
        return { ready: true };
      }
    } catch (error) {
      if (!bound.aborted && !this.closing.signal.aborted) {
        this.current = undefined;
        return { ready: false, reason: `the executor cannot start tests: ${(error as Error).message}` };
      }
    }
    if (this.closing.signal.aborted) return { closed: true };
    const why = last ?? this.current?.reason ?? 'no answer';
    this.current = undefined;
    return { ready: false, reason: `waited ${Math.round(this.boundMs / 1000)} s for the cluster, which did not answer: ${why}` };
  }

  close(): void {
    this.closing.abort();
  }
}
