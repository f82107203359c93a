// The queue's wait for an executor that cannot start tests (src/server/queue-wait.ts): what it
// shows while it waits, how it ends when the executor can start one, and when the bound passes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { type Executor, ExecutorUnavailable } from '../src/server/executors/executor.ts';
import { TestQueue } from '../src/server/queue.ts';
import { ExecutorGate } from '../src/server/queue-wait.ts';
import type { Store } from '../src/server/store/store.ts';
import { openTempStore, removeTempStore } from './helpers/temp-store.ts';

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

describe('a test the executor could not start for now', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    ({ dir, store } = await openTempStore('queue-wait'));
  });
  afterEach(() => {
    removeTempStore({ dir, store });
  });

  function queueTest(id: string): void {
    const checked = validateDefinition({ name: 'q', config_data: { steps: [{ id: 1, name: 's', url: 'http://127.0.0.1:9/' }] } }, 'q.json');
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const at = new Date().toISOString();
    const config = checked.value.definition.config_data;
    const test = { id, name: 'q', status: 'initial' as const, test_url: '', failure_reason: null, plan_id: id, created_at: at };
    store
      .tenant('default')
      .createTest(
        { id, name: 'q', config_data: config, created_at: at },
        { ...test, started_at: null, finished_at: null, environment_id: null, environment: null, test_data_ids: [] },
        config,
      );
  }

  /** Resolves once `done` holds (re-checked on every turn of the event loop; the queue's work is all in-process). */
  function until(done: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => (done() ? resolve() : void setImmediate(check));
      check();
    });
  }

  it('goes back to its place in the queue, waits for the cluster, and runs once it answers', async () => {
    const id = '00000000-0000-4000-8000-0000000000c1';
    queueTest(id);
    let runs = 0;
    let readyCalls = 0;
    const executor: Executor = {
      ready: async () => {
        readyCalls++;
      },
      run: async () => {
        runs++;
        if (runs === 1) throw new ExecutorUnavailable("could not create the test's Jobs and Secret: the Kubernetes API answered 503");
        return { incomplete: 'incomplete: nothing here' };
      },
    };
    const lines: string[] = [];
    const queue = new TestQueue(store, { dataDir: dir, executor, log: (line) => lines.push(line) });
    queue.kick();
    // Ended: by the first run's fault (the bug), or by the second run (no result: failed with its reason).
    await until(() => ['failed', 'completed', 'stopped'].includes(store.getTest(id)?.status ?? ''));
    await queue.close();
    expect(lines).toContain(
      `test ${id} (q): back in the queue, waiting for the cluster (could not create the test's Jobs and Secret: the Kubernetes API answered 503)`,
    );
    expect(runs).toBe(2);
    expect(readyCalls).toBe(2);
    expect(store.getTest(id)).toMatchObject({ status: 'failed', failure_reason: 'incomplete: nothing here' });
  });

  it('past the wait, fails with the reason', async () => {
    const id = '00000000-0000-4000-8000-0000000000c2';
    queueTest(id);
    const executor: Executor = {
      ready: async () => {},
      run: async () => {
        throw new ExecutorUnavailable('could not create the test: no answer from the Kubernetes API: ECONNREFUSED');
      },
    };
    const lines: string[] = [];
    // A wait of 0 ms: the first transient fault is already past it.
    const queue = new TestQueue(store, { dataDir: dir, executor, clusterWaitMs: 0, log: (line) => lines.push(line) });
    queue.kick();
    await until(() => store.getTest(id)?.status === 'failed');
    await queue.close();
    expect(store.getTest(id)?.failure_reason).toBe('could not create the test: no answer from the Kubernetes API: ECONNREFUSED');
  });
});
