// The engine's worker thread, driven by EngineWorker (in-worker.ts): runs one share of a run at a
// time (workers.ts; the whole run when it is the only thread). It prepares its test, posts each
// closed second with its histogram, waits at each phase's start gate for the parent's common
// instant, and hands back its recorder as a part (or the error); the parent builds the result.
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { InputError } from '../errors.ts';
import { encodeBytes } from '../results/histogram.ts';
import { recorderPart, transferList } from './parts.ts';
import { prepareTest } from './prepare.ts';
import { runEngine, type ThreadShare } from './run.ts';
import type { PreparedTest } from './prepare.ts';
import { FAILPOINT_ENV, type EngineJob, type FromWorker, type ShareJob, type ToWorker } from './in-worker.ts';

const port = parentPort!;

interface Running {
  id: number;
  controller: AbortController;
  /** Set while a share waits at its start gate. */
  go?: (atMs: number | null) => void;
}

let running: Running | null = null;

port.on('message', (message: ToWorker) => {
  if (message.type === 'stop' || message.type === 'go') {
    if (running?.id !== message.id) return;
    if (message.type === 'go') running.go?.(message.atMs);
    else running.controller.abort();
    return;
  }
  const job: Running = { id: message.id, controller: new AbortController() };
  running = job;
  const done = share(job, message.job, message.share);
  void done
    .catch((error: unknown) => failure(job.id, error))
    .then((answer) => {
      running = null;
      const transfer = answer.type === 'share-done' ? transferList(answer.outcome.part) : [];
      port.postMessage(answer, transfer);
    });
});

async function share(job: Running, { definition, source, options }: EngineJob, { thread, threads }: ShareJob): Promise<FromWorker> {
  const test = await prepareTest({ definition, file: source.file, dir: source.dir }, {});
  const threadShare: ThreadShare = {
    thread,
    threads,
    startGate: () => startGate(job),
    onSecond: (sample, histogram) => {
      const bytes = encodeBytes(histogram);
      port.postMessage({ id: job.id, type: 'second', sample, bytes } satisfies FromWorker, [bytes.buffer as ArrayBuffer]);
    },
    onCheckpoint: checkpointer(job.id),
  };
  if (process.env[FAILPOINT_ENV] === 'hold-worker') holdAfterFirstResponse(test);
  const { outcome, startLagMs } = await runEngine(test, { ...options, signal: job.controller.signal }, threadShare);
  try {
    const { recorder, ...facts } = outcome;
    return { id: job.id, type: 'share-done', outcome: { part: recorderPart(recorder), facts, startLagMs } };
  } finally {
    outcome.recorder.destroy();
  }
}

/**
 * A checkpoint encodes every step × location histogram: a fraction of a ms for one cell, tens of
 * ms for hundreds on a busy machine (docs/performance.md). So one is posted after a closed second
 * only when the last one's cost is at most CHECKPOINT_SHARE of the time since: every second for
 * most tests, less often for large recorders, never a stall of the loop every second.
 */
const CHECKPOINT_SHARE = 0.005;

function checkpointer(id: number): NonNullable<ThreadShare['onCheckpoint']> {
  let next = 0;
  return ({ recorder, ...facts }, startLagMs) => {
    const at = performance.now();
    if (at < next) return;
    // Copied, not transferred: the recorder goes on recording into its arrays.
    port.postMessage({ id, type: 'checkpoint', outcome: { part: recorderPart(recorder), facts, startLagMs } } satisfies FromWorker);
    next = at + (performance.now() - at) / CHECKPOINT_SHARE;
  };
}

/**
 * Says this thread is ready and waits for the parent's common instant (or a stop); returns it on
 * this thread's clock. performance.timeOrigin + now() is one clock for every thread of the process,
 * so the threads' schedules start together, and a thread that hears `go` late starts late by as
 * much, its late starts counted as any.
 */
async function startGate(job: Running): Promise<number> {
  port.postMessage({ id: job.id, type: 'ready' } satisfies FromWorker);
  const atMs = await new Promise<number | null>((resolve) => {
    job.go = resolve;
    const stopped = (): void => resolve(null);
    job.controller.signal.addEventListener('abort', stopped, { once: true });
    if (job.controller.signal.aborted) stopped();
  });
  job.go = undefined;
  if (atMs === null) return performance.now();
  const at = atMs - performance.timeOrigin;
  const wait = at - performance.now();
  // Whole ms: every timer's delay is an integer, so that the timer code compiled in the warm-up
  // stays valid at the recorded start (docs/performance.md, "Why the engine's code is shaped as it is").
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, Math.floor(wait) - 1));
  // A timer fires up to a ms or two after it is due, and the iterations due meanwhile would start
  // at once in the first tick: the last ms is waited out turn by turn of the loop.
  while (performance.now() < at) await new Promise((resolve) => setImmediate(resolve));
  return at;
}

/**
 * The failpoint `LOADGATE_FAILPOINT=hold-worker` (docs/development.md): the first response of the
 * run holds this thread in a loop that never yields, as a pathological input would, so that tests
 * can show a stop that the engine cannot answer ending within its deadline. Inert unless set: the
 * steps are left as they are.
 */
function holdAfterFirstResponse(test: PreparedTest): void {
  const first = test.steps[0];
  if (first === undefined) return;
  first.checks = {
    needsBody: false,
    captureNames: first.checks?.captureNames ?? [],
    run: () => {
      // The line tells a test that the thread holds from here on: its stop can only be the deadline's.
      process.stderr.write('loadgate: failpoint hold-worker: the engine thread holds from its first response on\n');
      for (;;);
    },
  };
}

function failure(id: number, error: unknown): FromWorker {
  if (error instanceof InputError) return { id, type: 'input-error', problems: error.problems };
  const { message, stack } = error instanceof Error ? error : new Error(String(error));
  return { id, type: 'error', message, ...(stack ? { stack } : {}) };
}
