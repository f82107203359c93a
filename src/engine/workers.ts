// A run on N engine threads (docs/engine.md, "All the cores"). Each thread runs its share of the
// plan, split k mod N as shards are (so sequential data rows, locations and every second's count
// come out as with one thread), from one common instant: each phase (the warm-up, the recorded
// schedule) starts when every thread has warmed and opened its connections. Their seconds are
// added up as they close (one progress line), and at the end their recorders are added into one,
// from which the result is built as for a single engine: exact at every level. One thread is the
// same path with N = 1. The comparison gate takes the recorder itself (record) and adds its rounds up.
import { performance } from 'node:perf_hooks';
import { EngineWorker, type ShareOutcome } from './in-worker.ts';
import { mergeGenerators } from './generator.ts';
import { initHistograms } from '../results/histogram.ts';
import { combineParts, type CellExtremes } from './parts.ts';
import { resultOf, type EngineOptions, type RunOptions } from './run.ts';
import type { CheckedTest } from './prepare.ts';
import { SecondsCombiner } from './seconds.ts';
import { afterStop, emptyShare, STOP_DEADLINE_MS } from './stop-deadline.ts';
import type { EngineOutcome } from './engine.ts';
import type { LoadTestResult } from '../types.ts';

/**
 * How far ahead of the last thread's `ready` the common start is set: time for the `go` message
 * to reach every thread, so none starts behind the others.
 */
const START_MARGIN_MS = 5;

/** Engine threads kept for one run or several in turn (the comparison gate's rounds). */
export class EngineWorkers {
  private readonly threads: EngineWorker[];

  constructor(count: number) {
    this.threads = Array.from({ length: count }, () => new EngineWorker());
  }

  get count(): number {
    return this.threads.length;
  }

  /** A run, and its result. */
  async run(test: CheckedTest, options: RunOptions): Promise<LoadTestResult> {
    const { outcome, extremes, startLagMs } = await this.record(test, options);
    try {
      return await resultOf(test, options, outcome, startLagMs, extremes);
    } finally {
      outcome.recorder.destroy();
    }
  }

  /** A run, and what its threads recorded added into one recorder in this thread (the caller destroys it). */
  record(test: CheckedTest, options: EngineOptions): Promise<RecordedRun> {
    return recordShared(this.threads, test, options);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}

/** One run on `count` threads of its own. */
export async function runEmbeddedInWorkers(test: CheckedTest, options: RunOptions, count: number): Promise<LoadTestResult> {
  const workers = new EngineWorkers(count);
  try {
    return await workers.run(test, options);
  } finally {
    await workers.close();
  }
}

/** A cap of `total` in flight split between the threads, the remainder to the first ones; absent stays absent (each thread's default). */
export function splitConcurrency(total: number | undefined, threads: number): (number | undefined)[] {
  return Array.from({ length: threads }, (_, i) =>
    total === undefined ? undefined : Math.max(1, Math.floor(total / threads) + (i < total % threads ? 1 : 0)),
  );
}

/**
 * The start gate of every phase: once each thread still running is ready, all are told to start
 * at one instant a little ahead (epoch ms on performance.timeOrigin's clock, which every thread
 * of the process shares). A thread that has ended no longer holds the others.
 */
class StartBarrier {
  private readonly waiting = new Set<number>();
  private readonly ended = new Set<number>();
  private readonly threads: number;
  private readonly release: (atMs: number, threads: number[]) => void;

  constructor(threads: number, release: (atMs: number, threads: number[]) => void) {
    this.threads = threads;
    this.release = release;
  }

  ready(thread: number): void {
    this.waiting.add(thread);
    this.check();
  }

  end(thread: number): void {
    this.ended.add(thread);
    this.waiting.delete(thread);
    this.check();
  }

  private check(): void {
    if (this.waiting.size === 0 || this.waiting.size + this.ended.size < this.threads) return;
    const threads = [...this.waiting];
    this.waiting.clear();
    this.release(performance.timeOrigin + performance.now() + START_MARGIN_MS, threads);
  }
}

/** What a run's threads recorded, as one engine's outcome (workers.ts); `extremes` are each cell's exact max and min. */
export interface RecordedRun {
  outcome: EngineOutcome;
  extremes: CellExtremes;
  startLagMs: number;
}

async function recordShared(threads: EngineWorker[], test: CheckedTest, options: EngineOptions): Promise<RecordedRun> {
  await initHistograms();
  const n = threads.length;
  const seconds = new SecondsCombiner(n, options.shard !== undefined || options.keepSecondHistograms === true, options.onSecond);
  const barrier = new StartBarrier(n, (atMs, ready) => {
    for (const i of ready) threads[i]!.go(atMs);
  });
  const caps = splitConcurrency(options.concurrency, n);
  // A thread that fails stops the others at once: there is no whole result to return.
  const failed = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
  const settled = new Array<boolean>(n).fill(false);
  // A stop the threads do not answer in time ends them, keeping what each last posted (stop-deadline.ts).
  const clearDeadline = afterStop(signal, options.stopDeadlineMs ?? STOP_DEADLINE_MS, () => {
    threads.forEach((thread, i) => {
      if (!settled[i]) thread.abandon(() => emptyShare(test, options));
    });
  });
  const runs = threads.map((thread, i) =>
    thread
      .runShare(
        test,
        { ...options, concurrency: caps[i], signal },
        { thread: i + 1, threads: n },
        {
          onSecond: (sample, bytes) => seconds.add(i, sample, bytes),
          onReady: () => barrier.ready(i),
        },
      )
      .catch((error: unknown) => {
        failed.abort();
        throw error;
      })
      .finally(() => {
        settled[i] = true;
        seconds.end(i);
        barrier.end(i);
      }),
  );
  const outcomes = await Promise.allSettled(runs);
  clearDeadline();
  const failure = outcomes.find((s) => s.status === 'rejected');
  if (failure) {
    seconds.destroy();
    throw failure.reason;
  }
  const shares = outcomes.map((s) => (s as PromiseFulfilledResult<ShareOutcome>).value);
  const { outcome, extremes } = combinedOutcome(test, shares);
  outcome.recorder.series.push(...seconds.all());
  return { outcome, extremes, startLagMs: Math.max(...shares.map((s) => s.startLagMs)) };
}

/** The threads' engines as one: counts added, the window from the first start to the last finish. */
function combinedOutcome(test: CheckedTest, shares: ShareOutcome[]) {
  const facts = shares.map((s) => s.facts);
  const locations = facts[0]!.locations;
  const { recorder, extremes } = combineParts(
    shares.map((s) => s.part),
    test.definition.config_data.steps.length,
    locations.length,
  );
  const generator = mergeGenerators(
    facts.map((f, i) => ({ index: i + 1, generator: f.generator })),
    'workers',
  )!;
  const outcome: EngineOutcome = {
    recorder,
    locations,
    egress: facts[0]!.egress,
    startedAt: new Date(Math.min(...facts.map((f) => f.startedAt.getTime()))),
    finishedAt: new Date(Math.max(...facts.map((f) => f.finishedAt.getTime()))),
    durationS: Math.max(...facts.map((f) => f.durationS)),
    lastLateStartS: Math.max(...facts.map((f) => f.lastLateStartS)),
    requests: facts.reduce((n, f) => n + f.requests, 0),
    lateIterations: facts.reduce((n, f) => n + f.lateIterations, 0),
    maxScheduleLagMs: Math.max(...facts.map((f) => f.maxScheduleLagMs)),
    interrupted: facts.some((f) => f.interrupted),
    generator,
  };
  return { outcome, extremes };
}
