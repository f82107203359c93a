// A stop that always stops (docs/engine.md, "Stopping"). A stop is a message to each engine
// thread, which answers it on its own event loop; a thread held by a computation (a pathological
// input, the failpoint `hold-worker`) never gets the turn to. So a stop has a deadline: a thread
// that has not handed back its share by then is ended (Worker.terminate interrupts even a loop
// that never yields) and its share is what it last posted, a checkpoint taken after each closed
// second, marked interrupted.
import { hideCredentials } from '../results/credentials.ts';
import { isProblem, type Problem } from '../errors.ts';
import { duration } from '../settings/values.ts';
import { egressOf, type EngineOutcome } from './engine.ts';
import { generatorInfo } from './generator.ts';
import type { ShareOutcome } from './in-worker.ts';
import { recorderPart } from './parts.ts';
import { LoadPlan } from './plan.ts';
import type { CheckedTest } from './prepare.ts';
import { Recorder } from './recorder.ts';
import type { EngineOptions } from './run.ts';

/** How long a stop waits for the engine's threads before it ends them (setting `stop-deadline`). */
export const STOP_DEADLINE_MS = 2000;
/** A deadline longer than this would let one held thread keep a CI job or a server's shutdown for minutes. */
const MAX_STOP_DEADLINE_S = 600;

/** The setting `stop-deadline` (`2s`, `500ms`): milliseconds, from 0.1 s to 10 minutes. */
export function parseStopDeadline(text: string, name: string): number | Problem {
  const seconds = duration(text, name, { min: 0.1 });
  if (isProblem(seconds)) return seconds;
  if (seconds > MAX_STOP_DEADLINE_S) return { path: name, message: `expected at most ${MAX_STOP_DEADLINE_S / 60} minutes, got "${text}"` };
  return Math.round(seconds * 1000);
}

/**
 * Calls `expire` once `signal` has been aborted for `ms`, unless cleared first. Returns the clear.
 * The timer does not keep the process alive: it only matters while the threads do.
 */
export function afterStop(signal: AbortSignal, ms: number, expire: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    timer = setTimeout(expire, ms);
    timer.unref();
  };
  if (signal.aborted) arm();
  else signal.addEventListener('abort', arm, { once: true });
  return () => {
    signal.removeEventListener('abort', arm);
    clearTimeout(timer);
  };
}

/** The share of a thread ended before it closed its first second: nothing kept of it, the run interrupted. */
export function emptyShare(test: CheckedTest, options: EngineOptions): ShareOutcome {
  const config = test.definition.config_data;
  const plan = new LoadPlan(config, options.shard);
  const egress = egressOf(plan.locations, options.proxies);
  const recorder = new Recorder(config.steps.length, egress.names.length);
  const part = recorderPart(recorder);
  recorder.destroy();
  const now = new Date();
  const facts: Omit<EngineOutcome, 'recorder'> = {
    locations: egress.names,
    egress: Object.fromEntries(
      egress.names.map((name, i) => [name, egress.proxyOf[i] ? `proxy ${hideCredentials(egress.proxyOf[i])}` : 'direct']),
    ),
    startedAt: now,
    finishedAt: now,
    durationS: 0,
    lastLateStartS: 0,
    requests: 0,
    lateIterations: 0,
    maxScheduleLagMs: 0,
    interrupted: true,
    generator: generatorInfo({
      planned: plan.total,
      started: 0,
      plannedDurationS: plan.durationS,
      elapsedS: 0,
      lastLateStartS: 0,
      interrupted: true,
      loopDelay: { p99Ms: 0, maxMs: 0 },
      series: [],
      unstarted: 0,
      unstartedSecond: -1,
      concurrency: options.concurrency ?? 0,
      socketsMax: 0,
      warmUpS: 0,
    }),
  };
  return { part, facts, startLagMs: 0 };
}
