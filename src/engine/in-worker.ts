// The engine on a worker thread: what the CLI, the action, the comparison gate and the server run.
// Two reasons (docs/engine.md): V8 fixes the limit of a thread's young generation when the thread
// starts, and at full speed it grows the main thread's to match the allocation rate, which RSS
// keeps (docs/performance.md); a worker's is capped through resourceLimits. And the hot loop
// gets an event loop of its own, so progress output, or the server's API, is never starved.
//
// Compiled templates and loaded data cannot be sent to a thread: the caller only checks the test
// (prepare.ts checkTest: every input problem found, no data row kept) and the worker prepares it
// from that CheckedTest (same definition, environment merged, data paths absolute), so the rows
// are held once, by the thread that sends them (docs/engine.md).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InputError, type Problem } from '../errors.ts';
import type { EngineOptions } from './run.ts';
import type { CheckedTest } from './prepare.ts';
import type { EngineOutcome } from './engine.ts';
import type { RecorderPart } from './parts.ts';
import type { LoadTestDefinition, SecondSample } from '../types.ts';

/**
 * The worker's young generation in MB: two 16 MB semi-spaces and their large-object share. Too
 * small a one promotes more survivors to the old generation, which only its next full collection
 * frees, so RSS grows; more buys no throughput (docs/performance.md, the engine's choices).
 */
export const YOUNG_GENERATION_MB = 48;

/** The environment variable of test aids (docs/development.md, "Failpoints"); `hold-worker` is the only one. */
export const FAILPOINT_ENV = 'LOADGATE_FAILPOINT';

/** What the worker is given for one run: plain data only, from which it prepares the test. */
export interface EngineJob {
  definition: LoadTestDefinition;
  source: CheckedTest['source'];
  options: Omit<EngineOptions, 'signal' | 'onSecond' | 'clock'>;
}

/** Thread `thread` of `threads` running its share of one run (workers.ts). */
export interface ShareJob {
  thread: number;
  threads: number;
}

/** What a thread's share hands back: its recorder as a part, and what its engine counted. */
export interface ShareOutcome {
  part: RecorderPart;
  facts: Omit<EngineOutcome, 'recorder'>;
  startLagMs: number;
}

export type ToWorker =
  | { type: 'share'; id: number; job: EngineJob; share: ShareJob }
  /** Every thread is at the start gate: start at this instant (epoch ms, performance.timeOrigin + now). */
  | { type: 'go'; id: number; atMs: number }
  | { type: 'stop'; id: number };

export type FromWorker = { id: number } /** bytes: the second's histogram (parts.ts). */ & (
  | { type: 'second'; sample: SecondSample; bytes: Uint8Array }
  /** The share reached its start gate. */
  | { type: 'ready' }
  | { type: 'share-done'; outcome: ShareOutcome }
  /** The share as it stands (EngineSettings.onCheckpoint): what is kept if the thread must be ended. */
  | { type: 'checkpoint'; outcome: ShareOutcome }
  | { type: 'input-error'; problems: Problem[] }
  | { type: 'error'; message: string; stack?: string }
);

/**
 * The worker's entry: the TypeScript source next to this file when running from src/ (Node 24
 * strips the types), else the bundle `npm run bundle` writes to dist/engine-worker/, which sits
 * one level above the action's bundle (dist/action/index.js) and the CLI's (dist/cli/index.js).
 * Which one is decided by this module's path, not its URL's ending: a loader may add a query or a
 * hash to module URLs (GitHub's local-action runner appends `?__quibble=1`).
 */
export function workerEntry(here: string = import.meta.url): URL {
  if (fileURLToPath(here).endsWith('.ts')) return new URL('./worker.ts', here);
  const bundled = ['./engine-worker/index.js', '../engine-worker/index.js'].map((path) => new URL(path, here));
  const found = bundled.find((url) => existsSync(url));
  if (!found) throw new Error(`loadgate: the engine worker bundle is missing (looked for ${bundled.map((u) => u.pathname).join(', ')})`);
  return found;
}

interface RunInFlight {
  id: number;
  events: ShareEvents;
  /** The latest checkpoint the share posted, marked interrupted. */
  checkpoint?: ShareOutcome;
  settle(outcome: Error | ShareOutcome): void;
}

/** What the parent of a share hears from it (workers.ts). */
export interface ShareEvents {
  onSecond: (sample: SecondSample, bytes: Uint8Array) => void;
  onReady: () => void;
}

/**
 * One engine thread that runs tests one after another. The comparison gate keeps one for all its
 * rounds, so every run of both sides meets code the JIT has already compiled.
 */
export class EngineWorker {
  private readonly worker: Worker;
  private running: RunInFlight | null = null;
  private failure: Error | null = null;
  private nextId = 1;

  constructor() {
    this.worker = new Worker(workerEntry(), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.worker.on('message', (message: FromWorker) => this.receive(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`loadgate: the engine worker exited (code ${code})`)));
  }

  /** This thread's share of a run; `go` starts it at the common instant once every thread is ready. */
  runShare(test: CheckedTest, options: EngineOptions, share: ShareJob, events: ShareEvents): Promise<ShareOutcome> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.running) return Promise.reject(new Error('loadgate: the engine worker is already running a test'));
    const { signal, onSecond: _onSecond, clock: _clock, ...plain } = options;
    const id = this.nextId++;
    const stop = (): void => this.post({ type: 'stop', id });
    return new Promise((resolve, reject) => {
      this.running = {
        id,
        events,
        settle: (outcome) => {
          signal?.removeEventListener('abort', stop);
          this.running = null;
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        },
      };
      this.post({ type: 'share', id, job: { definition: test.definition, source: test.source, options: plain }, share });
      if (signal?.aborted) stop();
      else signal?.addEventListener('abort', stop, { once: true });
    });
  }

  /** Releases a share waiting at its start gate. */
  go(atMs: number): void {
    if (this.running) this.post({ type: 'go', id: this.running.id, atMs });
  }

  /**
   * Ends the thread now, whatever it is doing (a stop it has not answered within its deadline:
   * workers.ts), and settles the share with its last checkpoint, or with `empty` when it posted
   * none (it had not closed a second). The thread runs nothing more.
   */
  abandon(empty: () => ShareOutcome): void {
    const running = this.running;
    this.failure ??= new Error('loadgate: the engine worker was ended: it did not answer a stop within its deadline');
    void this.worker.terminate();
    running?.settle(running.checkpoint ? endedNow(running.checkpoint) : empty());
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromWorker): void {
    const running = this.running;
    if (!running || message.id !== running.id) return;
    if (message.type === 'second') return running.events.onSecond(message.sample, message.bytes);
    if (message.type === 'ready') return running.events.onReady();
    if (message.type === 'checkpoint') return void (running.checkpoint = message.outcome);
    running.settle(message.type === 'share-done' ? message.outcome : errorFrom(message));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.running?.settle(error);
  }
}

/** A checkpoint as the run's end: it ran until now, not until the checkpoint was taken. */
function endedNow({ part, facts, startLagMs }: ShareOutcome): ShareOutcome {
  const finishedAt = new Date();
  return {
    part,
    facts: { ...facts, finishedAt, durationS: Math.max(facts.durationS, (finishedAt.getTime() - facts.startedAt.getTime()) / 1000) },
    startLagMs,
  };
}

function errorFrom(message: Extract<FromWorker, { type: 'input-error' | 'error' }>): Error {
  if (message.type === 'input-error') return new InputError(message.problems);
  const error = new Error(message.message);
  if (message.stack) error.stack = message.stack;
  return error;
}
