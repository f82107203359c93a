// How many engine threads a run uses (`--workers`, input `workers`; docs/engine.md): a number, all
// the cores less some (`cores-2` leaves two to a service on the same runner), or `auto`, the
// default: one per 10,000 requests a second of the busiest second, at most the cores less one.
import { availableParallelism } from 'node:os';
import type { Problem } from '../errors.ts';
import { LoadPlan, type Shard } from './plan.ts';
import type { LoadTestDefinition } from '../types.ts';

/** `auto`, an exact count, or the cores less `leave`. */
export type WorkersSetting = 'auto' | { count: number } | { leave: number };

/** More threads than this buy nothing but memory (each has its own heap, about 30 MB). */
export const MAX_WORKERS = 64;
/**
 * Requests a second that `auto` gives each thread. A warm thread sends about 70,000 a second in a
 * closed loop here and held its schedule (loop delay p99 of a few ms) at 20,000 a second in the
 * open model; half of that leaves each thread's loop time to spare, which is what keeps the
 * generator's own delay out of the latencies (docs/performance.md).
 */
export const REQUESTS_PER_WORKER = 10_000;

export function parseWorkers(text: string, inputName: string): WorkersSetting | Problem {
  const value = text.trim();
  if (value === 'auto') return 'auto';
  const count = /^\d+$/.test(value) ? Number(value) : NaN;
  if (count >= 1 && count <= MAX_WORKERS) return { count };
  const leave = /^cores(?:\s*-\s*(\d+))?$/.exec(value);
  if (leave) return { leave: Number(leave[1] ?? 0) };
  return {
    path: inputName,
    message: `expected auto, a number of threads from 1 to ${MAX_WORKERS}, or cores-K (every available core but K, e.g. cores-2 to leave two to a service on the same runner), got "${text}"`,
  };
}

/**
 * The threads for this plan (this runner's share of it) and `stepsPerIteration` requests an
 * iteration. `auto` leaves one core to the rest of the process, the system and any service on
 * the runner, and starts no more threads than the load needs: a thread costs ~0.1 s and ~30 MB.
 */
export function workerCount(
  setting: WorkersSetting,
  plan: LoadPlan,
  stepsPerIteration: number,
  cores: number = availableParallelism(),
): number {
  if (setting === 'auto') {
    const needed = Math.ceil((plan.peakPerSecond() * Math.max(1, stepsPerIteration)) / REQUESTS_PER_WORKER);
    return Math.max(1, Math.min(cores - 1, needed, MAX_WORKERS));
  }
  if ('count' in setting) return setting.count;
  return Math.max(1, Math.min(cores - setting.leave, MAX_WORKERS));
}

/** The threads a run of this definition (this shard of it) gets. */
export function workersFor(setting: WorkersSetting, definition: LoadTestDefinition, shard?: Shard): number {
  return workerCount(setting, new LoadPlan(definition.config_data, shard), definition.config_data.steps.length);
}
