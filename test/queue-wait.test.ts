// The queue's wait for an executor that cannot start tests (src/server/queue-wait.ts): what it
// shows while it waits, how it ends when the executor can start one, and when the bound passes.
import { describe, expect, it } from 'vitest';
import type { Executor } from '../src/server/executors/executor.ts';
import { ExecutorGate } from '../src/server/queue-wait.ts';

/** An executor whose readiness the test decides: it reports a fault, then waits for `answer`. */
function executorWaiting(reason: string) {
  let answer: (value: 'ready' | Error) => void = () => {};
  const decided = new Promise<'ready' | Error>((resolve) => {
    answer = resolve;
  });
  let reported = false;
  const executor: Executor = {
    run: async () => ({}),
    ready: async (onWait, signal) => {
      onWait(reason);
      reported = true;
      const outcome = await Promise.race([
        decided,
        new Promise<Error>((resolve) => signal.addEventListener('abort', () => resolve(new Error('aborted')), { once: true })),
      ]);
      if (outcome !== 'ready') throw outcome;
    },
  };
  return { executor, answer: (value: 'ready' | Error) => answer(value), reported: () => reported };
}

const HOUR_MS = 3_600_000;

describe('the queue waits for its executor', () => {
  it('shows why while it waits, and lets the test start once the executor can', async () => {
    const { executor, answer, reported } = executorWaiting('no answer from the Kubernetes API: ECONNREFUSED');
    const gate = new ExecutorGate(executor, HOUR_MS, () => Date.parse('2026-01-01T00:00:00Z'));
    const passing = gate.pass();
    expect(reported()).toBe(true);
    expect(gate.waiting()).toEqual({
      reason: 'no answer from the Kubernetes API: ECONNREFUSED',
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-01-01T01:00:00.000Z',
    });
    answer('ready');
    expect(await passing).toEqual({ ready: true });
    expect(gate.waiting()).toBeUndefined();
  });

  it('past its bound, gives the reason to fail the next test with', async () => {
    const { executor } = executorWaiting('the Kubernetes API answered 503 ServiceUnavailable');
    // The bound is already over (counted from an hour ago): the executor is asked once, then the wait ends.
    const now = Date.now();
    const gate = new ExecutorGate(executor, 1000, () => now);
    expect(await gate.pass(now - HOUR_MS)).toEqual({
      ready: false,
      reason: 'waited 1 s for the cluster, which did not answer: the Kubernetes API answered 503 ServiceUnavailable',
    });
    expect(gate.waiting()).toBeUndefined();
  });

  it('a final refusal ends the wait with it; a close ends it with nothing to fail', async () => {
    const refused = executorWaiting('x');
    const gate = new ExecutorGate(refused.executor, HOUR_MS, Date.now);
    const passing = gate.pass();
    refused.answer(new Error('the Kubernetes API answered 403 Forbidden: jobs is forbidden'));
    expect(await passing).toEqual({
      ready: false,
      reason: 'the executor cannot start tests: the Kubernetes API answered 403 Forbidden: jobs is forbidden',
    });
    const closing = new ExecutorGate(executorWaiting('y').executor, HOUR_MS, Date.now);
    const waiting = closing.pass();
    closing.close();
    expect(await waiting).toEqual({ closed: true });
  });

  it('an executor without a wait (the local one) is always ready', async () => {
    const gate = new ExecutorGate({ run: async () => ({}) }, HOUR_MS, Date.now);
    expect(await gate.pass()).toEqual({ ready: true });
  });
});
