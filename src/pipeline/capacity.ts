// `loadgate capacity` (docs/capacity.md): probes of the definition's steps at constant rates, each
// judged against the SLO lines, until the search (src/capacity/search.ts) has its answer. The
// engine runs each probe as it runs any test; this stage only chooses the rates and keeps time.
import { bracketOf, nextProbe, outOfTime, type ProbeOutcome, type SearchAnswer } from '../capacity/search.ts';
import type { CapacitySettings } from '../capacity/settings.ts';
import type { CheckedTest } from '../engine/prepare.ts';
import type { RunOptions } from '../engine/run.ts';
import { runEmbeddedInWorkers } from '../engine/workers.ts';
import { workersFor, type WorkersSetting } from '../engine/worker-count.ts';
import { initHistograms } from '../results/histogram.ts';
import { probeLine } from '../report/capacity.ts';
import type { Problem } from '../errors.ts';
import { compareValues } from '../verdict/compare-values.ts';
import { metricKind, type ThresholdOrigin, thresholdPlace } from '../thresholds/grammar.ts';
import type { CapacityInfo, LoadTestDefinition, LoadTestResult, Threshold, ThresholdOutcome } from '../types.ts';
import { judge } from '../verdict/judge.ts';
import { metricValue, overallLevel } from '../verdict/metrics.ts';
import { type Gate, preflight, shapeOf } from './gate.ts';
import type { RunLog } from './measure.ts';

/** The seconds before a probe's judged ones: load at the probe's rate that is not recorded. */
export const UNJUDGED_S = 1;

/** The probe at `rate`: the definition's steps at that constant rate, for the probe's judged seconds. */
export function probeDefinition(definition: LoadTestDefinition, rate: number, probeS: number): LoadTestDefinition {
  const { manual_load: _stages, ...config } = definition.config_data;
  const duration = probeS - UNJUDGED_S;
  return {
    ...definition,
    config_data: { ...config, load_type: 'linear', duration, iteration_count: Math.max(1, Math.round(rate * duration)) },
  };
}

/**
 * A stall of D ms delays the reading of responses by up to D, and the iterations due during it start
 * together at its end, where they wait at the service behind up to D ms of the schedule's work, which
 * a service that holds the rate does in less than D: a latency at most twice the generator's delay
 * over what the service gave.
 */
const DISTORTION_PER_DELAY = 2;

/**
 * A latency SLO failed by more than the generator could have added (twice its delay): with less
 * load applied than planned, the service failed at that lower load, and the planned rate would only
 * fail it further. So the probe fails on the service's account whatever the generator did.
 */
function failedBeyondGenerator(outcomes: readonly ThresholdOutcome[], delayMs: number): boolean {
  return outcomes.some(({ threshold, actual, limit, passed }) => {
    if (passed || metricKind(threshold.metric) !== 'time' || actual === undefined || limit === undefined) return false;
    return !compareValues(Math.max(0, actual - DISTORTION_PER_DELAY * delayMs), threshold.op, limit);
  });
}

/**
 * What a probe measured and whether it held every SLO. A saturated generator counts only when it
 * changes what the probe says (the planned rate was not applied, or a latency SLO's outcome could
 * be its delay): the judgement's generator check decides, as for any run (docs/verdict.md), unless
 * an SLO failed by more than the generator could have added. A saturation the machine caused (the
 * engine thread had CPU to spare: `host_stalled`) is marked `stalled`, and is probed again.
 */
export function probeOutcome(result: LoadTestResult, rate: number, slo: readonly Threshold[], origin: ThresholdOrigin): ProbeOutcome {
  const judgement = judge({ result, thresholds: slo, defaults: false, origin });
  const generator = result.run.generator;
  const saturated =
    judgement.checks.some((c) => c.kind === 'generator' && !c.passed && !c.warnOnly) &&
    !failedBeyondGenerator(judgement.thresholds, generator?.loop_delay_max_ms ?? 0);
  const level = overallLevel(result);
  const value = (metric: 'p50' | 'p95' | 'p99' | 'http_fail_rate'): number | undefined => metricValue(metric, level, result, false);
  const figures = { p50: value('p50'), p95: value('p95'), p99: value('p99'), http_fail_rate: value('http_fail_rate') };
  return {
    rate,
    applied: generator?.applied_iterations_per_s ?? result.run.rps,
    ...Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined)),
    passed: judgement.thresholds.every((t) => t.passed),
    saturated,
    ...(saturated && generator?.host_stalled === true && { stalled: true }),
  };
}

export interface CapacitySearch {
  capacity: CapacityInfo;
  /** The probe at the rate found (its confirmation), else the last probe: what the results file holds beside the capacity block. */
  result: LoadTestResult;
  /** A probe was cut short by a signal: the search stopped there. */
  interrupted: boolean;
}

export interface SearchIo {
  runProbe: (rate: number) => Promise<LoadTestResult>;
  /** Seconds on a monotonic clock. */
  now: () => number;
  log: RunLog;
}

/** Probes until the search has its answer, the time is up, or a probe was stopped. */
export async function searchCapacity(
  settings: CapacitySettings,
  slo: readonly Threshold[],
  origin: ThresholdOrigin,
  io: SearchIo,
): Promise<CapacitySearch> {
  const started = io.now();
  const probes: ProbeOutcome[] = [];
  const results: LoadTestResult[] = [];
  let answer: SearchAnswer | undefined;
  let interrupted = false;
  while (answer === undefined) {
    const step = nextProbe(settings, probes);
    if ('done' in step) {
      answer = step.done;
      break;
    }
    if (io.now() - started + settings.probeS > settings.maxTimeS) {
      answer = outOfTime(probes);
      break;
    }
    const result = await io.runProbe(step.probe);
    results.push(result);
    if (result.run.interrupted) {
      interrupted = true;
      answer = outOfTime(probes);
      break;
    }
    const outcome = probeOutcome(result, step.probe, slo, origin);
    probes.push(outcome);
    io.log.info(probeLine(probes.length, outcome, bracketOf(probes)));
  }
  const kept =
    results.findLast((_, i) => probes[i]?.rate === answer.maxRate && probes[i]?.passed && !probes[i]?.saturated) ?? results.at(-1);
  if (kept === undefined) throw new Error('the capacity search ran no probe');
  const capacity: CapacityInfo = {
    max_rate: answer.maxRate,
    limited_by: answer.limitedBy,
    ...(answer.failedAt !== undefined && { failed_at: answer.failedAt }),
    slo: slo.map((t) => t.source),
    probe_s: settings.probeS,
    probes,
  };
  return { capacity, result: { ...kept, capacity }, interrupted };
}

export interface CapacityRun {
  embedded: RunOptions;
  workers: WorkersSetting;
}

/** The search with probes run here, on the engine's threads, each after a second of unrecorded load at its rate. */
export async function measureCapacity(
  test: CheckedTest,
  settings: CapacitySettings,
  slo: readonly Threshold[],
  origin: ThresholdOrigin,
  run: CapacityRun,
  log: RunLog,
): Promise<CapacitySearch> {
  await initHistograms();
  if (run.embedded.insecure) log.warn('TLS certificates are not verified');
  const runProbe = (rate: number): Promise<LoadTestResult> => {
    const probe = { ...test, definition: probeDefinition(test.definition, rate, settings.probeS) };
    return runEmbeddedInWorkers(probe, { ...run.embedded, warmUpS: UNJUDGED_S }, workersFor(run.workers, probe.definition));
  };
  return searchCapacity(settings, slo, origin, { runProbe, now: () => performance.now() / 1000, log });
}

/** A search's thresholds gate on the rate found; what each probe must hold is an SLO line. */
export function capacityGateProblems(thresholds: readonly Threshold[], origin: ThresholdOrigin, sloName: string): Problem[] {
  const other = thresholds.find((t) => t.metric !== 'capacity');
  if (!other) return [];
  return [
    {
      path: thresholdPlace(origin, other.line),
      message: `"${other.source}": each probe's checks are ${sloName} lines; ${origin.name} here gate on capacity (capacity >= 300/s)`,
    },
  ];
}

/** Both sets of lines checked against what a search measures, before any probe runs. */
export function preflightCapacity(
  test: CheckedTest,
  proxies: Record<string, string>,
  slo: readonly Threshold[],
  sloOrigin: ThresholdOrigin,
  gate: Gate,
): void {
  preflight({ thresholds: [...slo], defaults: false, origin: sloOrigin }, shapeOf(test.definition, proxies, 'embedded'));
  preflight(gate, { ...shapeOf(test.definition, proxies, 'embedded', gate.baseline), capacity: true });
}

/** The verdict on a search: its gates on the rate found, and the SLO lines on the probe kept in the results. */
export function capacityVerdictGate(gate: Gate, slo: readonly Threshold[]): Gate {
  return { ...gate, thresholds: [...gate.thresholds, ...slo] };
}

/**
 * The search found the target's limit (an SLO failed above the rate found) or held up to the
 * highest rate asked; the generator's limit or the time running out leave the answer open.
 */
export function answered(capacity: CapacityInfo): boolean {
  return capacity.limited_by === 'slo' || capacity.limited_by === 'max';
}
