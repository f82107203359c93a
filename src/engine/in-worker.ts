// runEmbedded on a worker thread: what the CLI, the action, the comparison gate and the server run.
// Two reasons (docs/performance.md): V8 sizes a thread's young generation once, at its start,
// and at full speed it grows the main thread's to match the allocation rate (+84 MB of RSS over
// the first million requests); a worker's is capped through resourceLimits. And the hot loop
// gets an event loop of its own, so progress output, or the server's API, is never starved.
//
// Compiled templates and loaded data cannot be sent to a thread: the worker prepares the test
// again from its source (same definition, environment merged, data paths absolute). The caller
// has prepared it once already, so every input problem is reported before the worker starts.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { InputError, type Problem } from '../errors.ts';
import type { PreparedTest, RunOptions } from './run.ts';
import type { LoadTestDefinition, LoadTestResult, SecondSample } from '../types.ts';

/**
 * The worker's young generation in MB: two 16 MB semi-spaces and their large-object share. Left
 * alone, V8 grew the main thread's to 128 MB of new space over a million requests. Measured from
 * 100k to 1M requests: 12 MB let RSS grow 16–23 MB (more survivors promoted to the old
 * generation, freed only by its next full collection), 32 and 48 MB 9–10 MB; no throughput change.
 */
export const YOUNG_GENERATION_MB = 48;

/** What the worker is given: plain data only. */
export interface EngineJob {
  definition: LoadTestDefinition;
  source: { file: string; dir: string };
  options: Omit<RunOptions, 'signal' | 'onSecond'>;
}

export type FromWorker =
  | { type: 'second'; sample: SecondSample }
  | { type: 'done'; result: LoadTestResult }
  | { type: 'input-error'; problems: Problem[] }
  | { type: 'error'; message: string; stack?: string };

export type ToWorker = { type: 'stop' };

/**
 * The worker's entry: the TypeScript source next to this file when running from src/ (Node 24
 * strips the types), else the bundle `npm run bundle` writes to dist/engine-worker/, which sits
 * beside the action's bundle (dist/index.js) and one level above the CLI's (dist/cli/index.js).
 */
export function workerEntry(here: string = import.meta.url): URL {
  if (here.endsWith('.ts')) return new URL('./worker.ts', here);
  const bundled = ['./engine-worker/index.js', '../engine-worker/index.js'].map((path) => new URL(path, here));
  const found = bundled.find((url) => existsSync(url));
  if (!found) throw new Error(`loadgate: the engine worker bundle is missing (looked for ${bundled.map((u) => u.pathname).join(', ')})`);
  return found;
}

export function runEmbeddedInWorker(test: PreparedTest, options: RunOptions): Promise<LoadTestResult> {
  const { signal, onSecond, ...plain } = options;
  const job: EngineJob = { definition: test.definition, source: test.source, options: plain };
  const worker = new Worker(workerEntry(), {
    workerData: job,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const stop = (): void => worker.postMessage({ type: 'stop' } satisfies ToWorker);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  return new Promise<LoadTestResult>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', stop);
      outcome();
      void worker.terminate();
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'second') return onSecond?.(message.sample);
      if (message.type === 'done') return settle(() => resolve(message.result));
      settle(() => reject(errorFrom(message)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`loadgate: the engine worker exited (code ${code}) before its results`))));
  });
}

function errorFrom(message: Extract<FromWorker, { type: 'input-error' | 'error' }>): Error {
  if (message.type === 'input-error') return new InputError(message.problems);
  const error = new Error(message.message);
  if (message.stack) error.stack = message.stack;
  return error;
}
