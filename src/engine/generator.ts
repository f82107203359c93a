// Whether the generator, not the service, was the bottleneck of a run (docs/engine.md): a pure
// function of what the engine counted and what its monitor measured, so the rule is tested and
// documented as one thing.
import { perSecond, rateWindowS } from '../rates.ts';
import type { GeneratorInfo, SecondSample } from '../types.ts';
import type { LoopDelay } from './monitor.ts';

/**
 * A loop this late distorts every response that arrives meanwhile by as much as a late start
 * (docs/engine.md): the same 10 ms as the late threshold.
 */
export const LOOP_DELAY_LIMIT_MS = 10;
/** A second in which the engine thread's loop was at least this busy had no time to spare. */
export const BUSY_LIMIT_PCT = 90;
/** Share of the planned iterations that may fall behind on a busy generator before it counts as saturated. */
export const BEHIND_LIMIT = 0.01;
/**
 * A saturated generator whose engine thread never used this much of a core in a second, nor had
 * its loop busy for BUSY_LIMIT_PCT of one, had CPU to spare: its loop ran late because the machine
 * gave its core to other work (a host stall), not because it was out of CPU.
 */
export const HOST_STALL_CPU_PCT = 50;

export interface GeneratorFacts {
  /** Iterations this runner planned, and started. */
  planned: number;
  started: number;
  plannedDurationS: number;
  /** Seconds from the first planned start to the run's end (the stop, for a stopped run). */
  elapsedS: number;
  /** Seconds from the first planned start to the last late start (0: none). */
  lastLateStartS: number;
  interrupted: boolean;
  loopDelay: LoopDelay;
  series: readonly SecondSample[];
  unstarted: number;
  /** The second in which the schedule ended with iterations not started (-1: it did not). */
  unstartedSecond: number;
  concurrency: number;
  socketsMax: number;
  warmUpS: number;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
/**
 * The generator had no time to spare that second: its loop was busy, or ran late (a loop that
 * waits for a core the machine gives to someone else looks idle, but its timers fire late).
 */
const busy = (sample: SecondSample | undefined): boolean =>
  (sample?.busy_pct ?? 0) >= BUSY_LIMIT_PCT || (sample?.loop_delay_p99_ms ?? 0) > LOOP_DELAY_LIMIT_MS;

/** Late starts, and iterations never started, in seconds when the engine thread had no time to spare. */
function behindIterations(facts: GeneratorFacts): number {
  let behind = 0;
  for (const sample of facts.series) if (busy(sample)) behind += sample.late ?? 0;
  if (facts.unstarted > 0 && busy(facts.series[facts.unstartedSecond])) behind += facts.unstarted;
  return behind;
}

function saturation(facts: GeneratorFacts, behind: number): string | undefined {
  const { p99Ms } = facts.loopDelay;
  if (p99Ms > LOOP_DELAY_LIMIT_MS) {
    return `the engine thread's event loop ran late: delay p99 ${p99Ms} ms (limit ${LOOP_DELAY_LIMIT_MS} ms), so response times include the generator's own delay`;
  }
  if (facts.planned > 0 && behind / facts.planned > BEHIND_LIMIT) {
    const pct = round1((behind / facts.planned) * 100);
    return `${behind} of ${facts.planned} iterations (${pct} %) started late or not at all in seconds when the engine thread had no time to spare (at least ${BUSY_LIMIT_PCT} % busy, or its loop ${LOOP_DELAY_LIMIT_MS} ms late; limit ${BEHIND_LIMIT * 100} %): the generator could not apply the planned load`;
  }
  return undefined;
}

/**
 * A saturation the machine caused: the thread's CPU, measured each second, stayed under
 * HOST_STALL_CPU_PCT, and its loop was never busy for BUSY_LIMIT_PCT of a second (a thread that
 * wants the core all the time is at its limit, however little of it a shared machine gives).
 * Without a second measured (no series) the cause is not known.
 */
function hostStall(series: readonly SecondSample[], cpuMax: number, busyMax: number): string | undefined {
  if (!series.some((s) => s.cpu_pct !== undefined) || cpuMax >= HOST_STALL_CPU_PCT || busyMax >= BUSY_LIMIT_PCT) return undefined;
  return `; the engine thread used at most ${cpuMax} % of a core (it was not out of CPU): the machine running it was busy with other work and stalled it`;
}

export function generatorInfo(facts: GeneratorFacts): GeneratorInfo {
  const behind = behindIterations(facts);
  const rule = saturation(facts, behind);
  const appliedOver = rateWindowS({
    plannedS: facts.plannedDurationS,
    elapsedS: facts.elapsedS,
    interrupted: facts.interrupted,
    lastLateStartS: facts.lastLateStartS,
  });
  // The run's last second is usually a sliver (the last responses): its CPU and busy shares are of a
  // few ms, so the busiest second is taken among whole ones when there are any.
  const whole = facts.series.filter((s) => s.t < Math.floor(facts.elapsedS));
  const seconds = whole.length > 0 ? whole : facts.series;
  const max = (pick: (s: SecondSample) => number | undefined): number => seconds.reduce((m, s) => Math.max(m, pick(s) ?? 0), 0);
  const stall =
    rule === undefined
      ? undefined
      : hostStall(
          seconds,
          max((s) => s.cpu_pct),
          max((s) => s.busy_pct),
        );
  const reason = rule === undefined ? undefined : rule + (stall ?? '');
  return {
    saturated: reason !== undefined,
    ...(reason !== undefined && { reason }),
    ...(stall !== undefined && { host_stalled: true }),
    loop_delay_p99_ms: facts.loopDelay.p99Ms,
    loop_delay_max_ms: facts.loopDelay.maxMs,
    cpu_pct_max: max((s) => s.cpu_pct),
    busy_pct_max: max((s) => s.busy_pct),
    behind_iterations: behind,
    unstarted_iterations: facts.unstarted,
    planned_iterations_per_s: facts.plannedDurationS > 0 ? round1(facts.planned / facts.plannedDurationS) : 0,
    applied_iterations_per_s: perSecond(facts.started, appliedOver),
    concurrency: facts.concurrency,
    sockets_max: facts.socketsMax,
    warm_up_s: facts.warmUpS,
  };
}

/**
 * The generator block of several runs (docs/results.md), absent unless every run has one (files of
 * older versions): saturated when any was (its reason named), the worst one's delay, CPU and busy
 * share, and the counts added up. Shards, and the engine threads of one run (workers), run side by
 * side, so their rates, caps and sockets add up too; a comparison's rounds run one after another,
 * so theirs are the rounds' mean and most.
 */
export function mergeGenerators(
  runs: { index: number; generator?: GeneratorInfo }[],
  as: 'shards' | 'workers' | 'rounds' = 'shards',
): GeneratorInfo | undefined {
  const blocks = runs.map((s) => s.generator);
  if (blocks.length === 0 || blocks.some((g) => g === undefined)) return undefined;
  const all = blocks as GeneratorInfo[];
  const max = (pick: (g: GeneratorInfo) => number): number => Math.max(...all.map(pick));
  const sum = (pick: (g: GeneratorInfo) => number): number => round1(all.reduce((n, g) => n + pick(g), 0));
  const sideBySide = as !== 'rounds';
  const side = sideBySide ? sum : (pick: (g: GeneratorInfo) => number): number => round1(sum(pick) / all.length);
  const most = sideBySide ? sum : max;
  const saturated = runs.find((s) => s.generator!.saturated);
  const label = { shards: 'shard', workers: 'worker', rounds: 'round' }[as];
  // The machine is to blame only when it is for every saturated run (one out of CPU is the generator's limit).
  const stalled = saturated !== undefined && all.every((g) => !g.saturated || g.host_stalled === true);
  return {
    saturated: saturated !== undefined,
    ...(saturated && { reason: `${label} ${saturated.index}: ${saturated.generator!.reason ?? 'saturated'}` }),
    ...(stalled && { host_stalled: true }),
    loop_delay_p99_ms: max((g) => g.loop_delay_p99_ms),
    loop_delay_max_ms: max((g) => g.loop_delay_max_ms),
    cpu_pct_max: max((g) => g.cpu_pct_max),
    busy_pct_max: max((g) => g.busy_pct_max),
    behind_iterations: sum((g) => g.behind_iterations),
    unstarted_iterations: sum((g) => g.unstarted_iterations),
    planned_iterations_per_s: side((g) => g.planned_iterations_per_s),
    applied_iterations_per_s: side((g) => g.applied_iterations_per_s),
    concurrency: most((g) => g.concurrency),
    sockets_max: most((g) => g.sockets_max),
    warm_up_s: max((g) => g.warm_up_s),
  };
}
