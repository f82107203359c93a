// The gate of a run: what the user asked the verdict to check, checked against what the run will
// have before any request (preflight), and the one judgement after it.
import { InputError } from '../errors.ts';
import { THRESHOLDS_INPUT, type ThresholdOrigin } from '../thresholds/grammar.ts';
import { egressOf } from '../engine/engine.ts';
import { LoadPlan } from '../engine/plan.ts';
import { initHistograms } from '../results/histogram.ts';
import { judge, type StopSignal } from '../verdict/judge.ts';
import type { OnSaturated } from '../verdict/on-saturated.ts';
import { preflightThresholds, type RunShape } from '../verdict/preflight.ts';
import { type CompareSettingNames, metricWithoutSteps, undecidableRounds, type CompareSettings } from '../compare/settings.ts';
import { comparedSteps } from '../results/comparison.ts';
import type { History } from './history.ts';
import type { Check, Judgement, LoadTestDefinition, LoadTestResult, Threshold } from '../types.ts';

/** What the verdict is made of, as the user set it (docs/verdict.md). */
export interface Gate {
  thresholds: Threshold[];
  /** The default thresholds apply (input default-thresholds; CLI --no-default-thresholds). */
  defaults: boolean;
  baseline?: LoadTestResult;
  /** Earlier runs (--history); with --baseline history, their median is the baseline (docs/history.md). */
  history?: History;
  origin: ThresholdOrigin;
  onSaturated?: OnSaturated;
}

/** What a run of this definition will report, known before it starts. */
export function shapeOf(
  definition: LoadTestDefinition,
  proxies: Record<string, string>,
  mode: 'embedded' | 'hosted' | 'compare',
  baseline?: LoadTestResult,
): RunShape {
  const config = definition.config_data;
  const countries = Object.keys(config.proxy_config ?? {});
  const locations =
    mode === 'hosted' ? (countries.length > 0 ? countries : ['local']) : egressOf(new LoadPlan(config).locations, proxies).names;
  return {
    steps: config.steps.map((s) => ({ id: s.id, name: s.name, stream: s.stream !== undefined })),
    locations,
    histograms: mode === 'embedded',
    mode,
    ...(baseline && { baseline }),
  };
}

/** Bad thresholds are bad input, found before the first request (exit 2, nothing sent). */
export function preflight(gate: Gate, shape: RunShape): void {
  // A history baseline is checked against its newest run: the steps and locations a median can have.
  const newest = gate.history?.baseline?.at(-1)?.result;
  const problems = preflightThresholds(gate.thresholds, shape.baseline || !newest ? shape : { ...shape, baseline: newest }, gate.origin);
  if (problems.length > 0) throw new InputError(problems);
}

/** A comparison checked before its first round: the thresholds (on the head side), and rounds that can decide. */
export function preflightComparison(
  gate: Gate,
  definition: LoadTestDefinition,
  proxies: Record<string, string>,
  settings: CompareSettings,
  names: CompareSettingNames,
): void {
  preflight(gate, shapeOf(definition, proxies, 'compare', gate.baseline));
  const { steps } = definition.config_data;
  const problem =
    metricWithoutSteps(settings.metric, steps, names.metric) ??
    undecidableRounds(settings, comparedSteps(steps, settings.metric).length, names.rounds);
  if (problem) throw new InputError([problem]);
}

/**
 * A shard's judgement: none of the run's thresholds (they are judged at the merge, where all the
 * data is), only what the shard itself can say, for its one summary line and whether it was stopped.
 */
export function judgeShard(result: LoadTestResult, stoppedBy?: StopSignal): Promise<Judgement> {
  return judgeRun(result, { thresholds: [], defaults: false, origin: THRESHOLDS_INPUT }, [], stoppedBy);
}

/** The one judgement of a run, which every surface renders (percentiles may read its histograms). */
export async function judgeRun(result: LoadTestResult, gate: Gate, checks: Check[] = [], stoppedBy?: StopSignal): Promise<Judgement> {
  await initHistograms();
  return judge({
    result,
    thresholds: gate.thresholds,
    defaults: gate.defaults,
    checks,
    origin: gate.origin,
    ...(gate.baseline && { baseline: gate.baseline }),
    ...(gate.history?.baseline && { historyBaseline: gate.history.baseline.map((run) => run.result) }),
    ...(gate.onSaturated && { onSaturated: gate.onSaturated }),
    ...(stoppedBy && { stoppedBy }),
  });
}
