// The verdict (docs/verdict.md): one function judges a run, once. Thresholds (the user's, plus
// the default http_fail_rate threshold), "no data", completeness, generator saturation and the
// checks of the other parts (comparison gate, latency test) become one Judgement, which the exit
// code, the action's outputs and annotations, and every report render. Pure.
import { InputError, type Problem } from '../errors.ts';
import { formatCount, formatMeasured, formatMs } from '../report/figures.ts';
import { compareValues } from './compare-values.ts';
import {
  describeThreshold,
  formatMetricValue,
  metricKind,
  thresholdPlace,
  THRESHOLDS_INPUT,
  type ThresholdOrigin,
} from '../thresholds/grammar.ts';
import type {
  Coverage,
  Check,
  GeneratorInfo,
  Judgement,
  LoadTestResult,
  Outcome,
  StepResult,
  StopSignal,
  Threshold,
  ThresholdMetric,
  ThresholdOutcome,
} from '../types.ts';
import { median } from '../median.ts';
import type { OnSaturated } from './on-saturated.ts';
import { windowOutcome } from './windows.ts';
import { requestCounts } from '../results/request-counts.ts';
import { runStep } from '../results/run-steps.ts';
import {
  locationLevel,
  metricValue,
  overallLevel,
  stepLabel,
  stepLevel,
  stepLocationLevel,
  streamMetricValue,
  type Level,
} from './metrics.ts';

export type { Check, CheckKind, Judgement, Outcome, StopSignal } from '../types.ts';

/** The default threshold when the user sets none on http_fail_rate (docs/verdict.md). */
export const DEFAULT_HTTP_FAIL_RATE = 1;

/**
 * The default stays beside a fail_rate or success_rate threshold: those count iterations that
 * failed (no response, a failed assertion), not error statuses, so alone they pass a service
 * answering 500 to half its requests.
 */
export function defaultThresholds(user: readonly Threshold[]): Threshold[] {
  if (user.some((t) => t.metric === 'http_fail_rate')) return [];
  const source = `step[*].http_fail_rate < ${DEFAULT_HTTP_FAIL_RATE}%`;
  return [{ source, line: 0, step: { each: true }, metric: 'http_fail_rate', op: '<', value: DEFAULT_HTTP_FAIL_RATE, isDefault: true }];
}

export interface JudgeInput {
  result: LoadTestResult;
  /** The user's thresholds. */
  thresholds: readonly Threshold[];
  /** Apply the default thresholds (input default-thresholds, on unless turned off). */
  defaults: boolean;
  baseline?: LoadTestResult;
  /** `--baseline history`: relative limits are the median of these runs' values (docs/history.md); replaces `baseline`. */
  historyBaseline?: readonly LoadTestResult[];
  /** Checks of the other parts: the comparison gate, the latency test. */
  checks?: readonly Check[];
  /** How a saturated generator counts: `fail` (default) or `warn`. */
  onSaturated?: OnSaturated;
  stoppedBy?: StopSignal;
  origin?: ThresholdOrigin;
}

export function judge(input: JudgeInput): Judgement {
  const { result } = input;
  const all = [...input.thresholds, ...(input.defaults ? defaultThresholds(input.thresholds) : [])];
  const problems: Problem[] = [];
  const thresholds: ThresholdOutcome[] = [];
  for (const threshold of all) {
    const outcome = evaluateThreshold(result, threshold, input.historyBaseline ?? input.baseline);
    if (typeof outcome === 'string')
      problems.push({ path: thresholdPlace(input.origin ?? THRESHOLDS_INPUT, threshold.line), message: outcome });
    else thresholds.push(outcome);
  }
  if (problems.length > 0) throw new InputError(problems);
  const checks: Check[] = [
    ...thresholds.map(thresholdCheck),
    ...noDataChecks(result),
    ...generatorChecks(result, thresholds, input.onSaturated ?? 'fail'),
    ...(input.checks ?? []),
  ];
  const stoppedBy = input.stoppedBy ?? (result.run.interrupted ? 'stopped' : undefined);
  if (stoppedBy)
    checks.push({
      kind: 'completeness',
      describe: 'the run completed',
      actual: stoppedText(stoppedBy, result.run.coverage),
      passed: false,
    });
  const failed = checks.filter((c) => !c.passed && !c.warnOnly);
  const warnings = checks.filter((c) => !c.passed && c.warnOnly);
  const outcome: Outcome = stoppedBy ? 'incomplete' : failed.length > 0 ? 'failed' : 'passed';
  const late = lateNote(result);
  return { outcome, thresholds, checks, failed, warnings, ...(stoppedBy && { stoppedBy }), ...(late && { late }) };
}

/** Exit codes (docs/verdict.md): 0 passed, 1 failed, 130/143 stopped by SIGINT/SIGTERM as shells report them. */
export function exitCodeOf(judgement: Judgement): number {
  if (judgement.outcome === 'passed') return 0;
  if (judgement.outcome === 'failed') return 1;
  return judgement.stoppedBy === 'SIGTERM' ? 143 : 130;
}

function stoppedText(signal: StopSignal, coverage: Coverage | undefined): string {
  if (signal !== 'stopped') return `stopped by ${signal}: results are partial`;
  // A sharded run that lost part of its plan (docs/results.md, "Coverage") was not stopped: say how much is there.
  if (coverage && coverage.shards.length > 0 && typeof coverage.measured_pct === 'number')
    return `${coverage.measured_pct.toFixed(1)} % of the planned load measured (${coverage.shards.length} shard(s) with missing seconds): results are partial`;
  return 'stopped early: results are partial';
}

// ---- thresholds ----

/** A threshold's outcome as a check line: `p95 < 500 ms`, `612 ms` (or why there is no value); tables add the limit. */
function thresholdCheck(o: ThresholdOutcome): Check {
  const { threshold } = o;
  const measured = o.actual === undefined ? `— (${o.reason ?? 'no data'})` : formatMeasured(threshold.metric, o.actual, o.limit);
  const where = o.where ? ` at ${o.where}` : '';
  return {
    kind: 'threshold',
    describe: describeThreshold(threshold),
    actual: `${measured}${where}`,
    limit: limitText(o),
    passed: o.passed,
    ...(threshold.isDefault && { isDefault: true }),
  };
}

/** `< 500 ms`; for a limit from the baseline, its value and how it was written: `< 462 ms (baseline + 10%)`. */
function limitText(o: ThresholdOutcome): string {
  const { threshold } = o;
  if (!threshold.baseline) return `${threshold.op} ${shown(threshold.metric, threshold.value)}`;
  const value = o.limit === undefined ? '—' : shown(threshold.metric, o.limit);
  return `${threshold.op} ${value} (${describeThreshold(threshold).split(`${threshold.op} `).pop()}${spreadText(o)})`;
}

/** `; median of 5 runs, 9.8–10.4 ms`: what a history baseline is made of. */
function spreadText(o: ThresholdOutcome): string {
  const spread = o.baselineSpread;
  if (!spread) return '';
  const { metric } = o.threshold;
  const range = spread.min === spread.max ? shown(metric, spread.min) : `${shown(metric, spread.min)}–${shown(metric, spread.max)}`;
  return `; median of ${spread.runs} ${spread.runs === 1 ? 'run' : 'runs'}, ${range}`;
}

/** A value as reports show it; a throughput at one decimal, as its figure everywhere else. */
function shown(metric: ThresholdMetric, value: number): string {
  return formatMetricValue(metric, metric === 'rps' ? Math.round(value * 10) / 10 : value);
}

/**
 * One outcome per threshold. `step[*]`/`location[*]` hold when every step/location holds; the
 * value shown is the first that failed, else the one closest to the limit.
 */
export function evaluateThreshold(result: LoadTestResult, t: Threshold, baseline?: Baseline): ThresholdOutcome | string {
  if (t.overS !== undefined) return windowOutcome(result.run.series, t);
  const levels = levelsOf(result, t);
  if (typeof levels === 'string') return levels;
  const outcomes = levels.map((level) => measure(result, level, t, baseline));
  const each = (t.step !== undefined && 'each' in t.step) || t.location === '*';
  const shown = outcomes.find((o) => !o.passed) ?? closestToLimit(outcomes);
  if (!shown) return { threshold: t, actual: undefined, limit: t.value, passed: false, reason: 'nothing to measure' };
  const { where, ...outcome } = shown;
  return { ...outcome, passed: outcomes.every((o) => o.passed), ...(each && where !== undefined && { where }) };
}

function measure(result: LoadTestResult, level: Level, t: Threshold, baseline?: Baseline): ThresholdOutcome {
  const scoped = t.step !== undefined || t.location !== undefined;
  const measured = (lvl: Level, run: LoadTestResult): number | undefined =>
    t.stream ? streamMetricValue(t.stream, t.metric, lvl, run) : metricValue(t.metric, lvl, run, scoped);
  const actual = measured(level, result);
  const from = t.baseline && baseline ? baselineAt(measured, level, baseline) : undefined;
  const limit = limitOf(t, from?.value);
  const base = { threshold: t, actual, limit, where: level.label, ...(from?.spread && { baselineSpread: from.spread }) };
  if (actual === undefined) return { ...base, passed: false, reason: noValueReason(t) };
  if (limit === undefined) return { ...base, passed: false, reason: 'no baseline value at this scope' };
  return { ...base, passed: compareValues(actual, t.op, limit) };
}

function noValueReason(t: Threshold): string {
  if (t.stream) return t.stream === 'gap' ? 'no stream with two events' : 'no stream event';
  return metricKind(t.metric) === 'time' ? 'no response' : 'no request';
}

/** One earlier run, or the runs of a history baseline, whose median per figure and scope is the baseline. */
export type Baseline = LoadTestResult | readonly LoadTestResult[];

/** The baseline's value at the level; for a history baseline the median of its runs' values, and their spread. */
function baselineAt(
  measured: (level: Level, run: LoadTestResult) => number | undefined,
  level: Level,
  baseline: Baseline,
): { value: number | undefined; spread?: NonNullable<ThresholdOutcome['baselineSpread']> } {
  const valueIn = (run: LoadTestResult): number | undefined => {
    const same = sameLevelIn(run, level);
    return same ? measured(same, run) : undefined;
  };
  if (!Array.isArray(baseline)) return { value: valueIn(baseline as LoadTestResult) };
  const values = (baseline as readonly LoadTestResult[]).map(valueIn).filter((v): v is number => v !== undefined);
  const value = median(values);
  if (value === undefined) return { value };
  return { value, spread: { runs: values.length, min: Math.min(...values), max: Math.max(...values) } };
}

function limitOf(t: Threshold, value: number | undefined): number | undefined {
  if (!t.baseline) return t.value;
  if (value === undefined) return undefined;
  // One division last: 420 + 10 % is exactly 462, where 420 * 1.1 is 462.00000000000006.
  return t.baseline.kind === 'percent' ? (value * (100 + t.baseline.amount)) / 100 : value + t.baseline.amount;
}

function sameLevelIn(other: LoadTestResult, level: Level): Level | undefined {
  const where = level.histogram;
  if (where.level === 'overall') return overallLevel(other);
  if (where.level === 'locations') return locationLevel(other, where.key);
  if (where.level === 'steps') {
    const step = other.results.steps.find((s) => String(s.id) === where.key);
    return step && stepLevel(other, step);
  }
  const step = other.results.steps.find((s) => String(s.id) === where.step);
  return step && stepLocationLevel(other, step, where.location);
}

function closestToLimit(outcomes: ThresholdOutcome[]): ThresholdOutcome | undefined {
  let best: ThresholdOutcome | undefined;
  let bestGap = Infinity;
  for (const o of outcomes) {
    const gap = Math.abs((o.limit ?? 0) - (o.actual ?? 0));
    if (gap < bestGap) [best, bestGap] = [o, gap];
  }
  return best;
}

/** The levels a threshold is checked at, or why it cannot be (a step or location the result lacks). */
function levelsOf(result: LoadTestResult, t: Threshold): Level[] | string {
  const found = stepsOf(result, t);
  if (typeof found === 'string') return found;
  const steps = t.stream && found ? found.filter((s) => s.stream !== undefined) : found;
  if (t.stream && steps?.length === 0) return `${t.stream} is a figure of streaming steps; ${notStreaming(result, found!)}`;
  if (t.location === undefined) return steps ? steps.map((s) => stepLevel(result, s)) : [overallLevel(result)];
  const names = t.location === '*' ? locationNames(result, steps) : [t.location];
  const levels: Level[] = [];
  for (const name of names) {
    const found = steps ? steps.map((s) => stepLocationLevel(result, s, name)) : [locationLevel(result, name)];
    if (found.some((l) => l === undefined)) return missingLocation(result, name, steps?.length === 1 ? steps[0] : undefined);
    levels.push(...(found as Level[]));
  }
  return levels;
}

function notStreaming(result: LoadTestResult, steps: StepResult[]): string {
  return steps.length === 1 ? `${stepLabel(result, steps[0]!.id)} has no "stream"` : 'no step has a "stream"';
}

function locationNames(result: LoadTestResult, steps: StepResult[] | undefined): string[] {
  return Object.keys(steps?.[0]?.location_dist ?? result.results.location_dist);
}

function stepsOf(result: LoadTestResult, t: Threshold): StepResult[] | undefined | string {
  const selector = t.step;
  if (selector === undefined) return undefined;
  const steps = result.results.steps;
  if ('each' in selector) return steps;
  const existing = steps.length > 0 ? `steps are: ${steps.map((s) => listedStep(result, s.id)).join(', ')}` : 'there are none';
  if ('id' in selector) {
    const step = steps.find((s) => s.id === selector.id);
    return step ? [step] : `step ${selector.id} is not in the results; ${existing}`;
  }
  const named = result.run.steps.filter((s) => s.name === selector.name);
  const [only] = named;
  if (only === undefined) return `step "${selector.name}" is not in the results; ${existing}`;
  if (named.length > 1) {
    return `step name "${selector.name}" is ambiguous: steps ${named.map((s) => s.id).join(', ')} have it; use the id, e.g. step[${only.id}]`;
  }
  const step = steps.find((s) => s.id === only.id);
  return step ? [step] : `step "${selector.name}" (id ${only.id}) is not in the results; ${existing}`;
}

function listedStep(result: LoadTestResult, id: number): string {
  const name = runStep(result, id)?.name;
  return name === undefined ? String(id) : `${id} ${name}`;
}

function missingLocation(result: LoadTestResult, location: string, step: StepResult | undefined): string {
  const keys = Object.keys(step ? step.location_dist : result.results.location_dist);
  const where = step ? ` of ${stepLabel(result, step.id)}` : '';
  const existing = keys.length > 0 ? `${step ? 'its ' : ''}locations are: ${keys.join(', ')}` : 'there are none';
  return `location "${location}" is not in the results${where}; ${existing}`;
}

// ---- no data, generator ----

/**
 * A step that got no successful response fails the run whatever the thresholds say: no response
 * at all, or only error statuses its assertions do not expect (docs/verdict.md).
 */
function noDataChecks(result: LoadTestResult): Check[] {
  const without = result.results.steps.filter((step) => {
    const counts = requestCounts(stepLevel(result, step).cells);
    return step.success_count === 0 || counts.goodResponses === 0;
  });
  const steps = result.results.steps.length;
  if (steps === 0)
    return [{ kind: 'no-data', describe: 'every step got a successful response', actual: 'the run has no steps', passed: false }];
  const actual = without.length === 0 ? `all ${steps}` : `none for ${without.map((s) => stepLabel(result, s.id)).join(', ')}`;
  return [{ kind: 'no-data', describe: 'every step got a successful response', actual, passed: without.length === 0 }];
}

/** Share of the planned rate that may go unapplied before the planned load counts as not applied. */
export const UNAPPLIED_LIMIT = 0.01;

/**
 * A saturated generator (run.generator, docs/engine.md) fails the run when what it did to the run
 * changes the verdict (docs/verdict.md): when it did not apply the planned load (a pass would say
 * nothing about that load), or when a latency threshold's outcome could be its own delay. A delay
 * only adds to response times, so a latency limit met with it included is met without it: on a
 * busy runner whose loop ran late, a run that holds every threshold warns instead of crying wolf.
 */
function generatorChecks(result: LoadTestResult, thresholds: readonly ThresholdOutcome[], onSaturated: OnSaturated): Check[] {
  const generator = result.run.generator;
  if (!generator) return [];
  const describe = 'the load generator kept up with the plan';
  if (!generator.saturated) return [{ kind: 'generator', describe, actual: 'kept up', passed: true }];
  const saturated = `saturated: ${generator.reason ?? 'the planned load was not applied'}`;
  const unapplied = loadUnapplied(result);
  const distorted = thresholds.filter((o) => distortedBy(o, generator.loop_delay_max_ms)).map((o) => o.threshold.source);
  const consequence = unapplied
    ? `; ${generator.applied_iterations_per_s}/s of the planned ${generator.planned_iterations_per_s}/s applied`
    : distorted.length > 0
      ? `; the outcome of ${distorted.join(', ')} could be its delay of up to ${generator.loop_delay_max_ms} ms`
      : thresholds.some((o) => metricKind(o.threshold.metric) === 'time')
        ? '; every latency threshold holds with its delay included'
        : `; no latency threshold is set, but response times include up to ${generator.loop_delay_max_ms} ms of its delay`;
  const harmless = !unapplied && distorted.length === 0;
  return [
    {
      kind: 'generator',
      describe,
      actual: saturated + consequence,
      passed: false,
      ...((onSaturated === 'warn' || harmless) && { warnOnly: true }),
    },
  ];
}

/**
 * Less than 99 % of the planned rate applied (a stopped run aside): iterations not started, or
 * started late past the plan's end, over the seconds they took (src/rates.ts). Not applied either
 * way, unless a busy machine only delayed them (see caughtUpAfterStall).
 */
function loadUnapplied(result: LoadTestResult): boolean {
  const generator = result.run.generator;
  return (
    generator !== undefined &&
    !result.run.interrupted &&
    !result.run.aborted &&
    generator.planned_iterations_per_s > 0 &&
    generator.applied_iterations_per_s < generator.planned_iterations_per_s * (1 - UNAPPLIED_LIMIT) &&
    !caughtUpAfterStall(result)
  );
}

/**
 * A machine that stalled the generator (`host_stalled`: its thread had time to spare in every
 * second, so it caught up after each stall), every planned iteration started, and the starts ran
 * past the plan's end by no more than the longest stall (`loop_delay_max_ms`): the service got the
 * planned load, its tail shifted by one stall. Over the seconds the starts took its rate can still
 * read under 99 %, since a late last start stretches a short run's window (20 iterations planned
 * in 1 s, the last one 93 ms late: 18.3/s). That is lateness, reported as such (late iterations,
 * the generator check's warning), not load the service never got; a latency threshold the stall
 * could have flipped still fails the check (docs/verdict.md). Starts that ran later than any one
 * stall explains fell behind: the service got less per second than planned.
 */
function caughtUpAfterStall(result: LoadTestResult): boolean {
  const generator = result.run.generator;
  const windowS = result.run.rate_window_s;
  if (generator?.host_stalled !== true || generator.unstarted_iterations > 0 || windowS === undefined) return false;
  // The window less the planned seconds (N / planned rate of N / applied rate), allowing for the
  // applied rate's rounding to one decimal.
  const pastEndS = windowS * (1 - (generator.applied_iterations_per_s + 0.05) / generator.planned_iterations_per_s);
  return pastEndS <= generator.loop_delay_max_ms / 1000;
}

/**
 * What the reports say of late iterations, from the facts the generator check judges, so that
 * the two never disagree: the generator is blamed only when its check does not say it kept up,
 * and less load is said to be applied only when less was. Without the generator's own figures
 * (results of other services, older files) no cause is named.
 */
function lateNote(result: LoadTestResult): Judgement['late'] {
  const { late_iterations: late, max_schedule_lag_ms: lag, generator } = result.run;
  if (late === 0) return undefined;
  const head = `${formatCount(late)} late ${late === 1 ? 'iteration' : 'iterations'}: started more than 10 ms behind the schedule (max lag ${formatMs(lag)})`;
  if (!generator) return { text: head, warning: false };
  const unapplied = loadUnapplied(result);
  const less = unapplied ? ', so less load was applied than planned' : '';
  return { text: `${head}${lateCause(generator, lag)}${less}`, warning: unapplied };
}

/**
 * Why iterations started late, from what the generator measured: a machine that stalled it, its
 * own limit, its event loop held as long as the lag (a busy machine, a start late by as much), or
 * else the iterations in flight: at the cap, or held by the service while more slots were opened.
 */
function lateCause(generator: GeneratorInfo, lagMs: number): string {
  if (generator.saturated && generator.host_stalled)
    return '; the machine running the load generator was busy with other work and stalled it';
  if (generator.saturated) return '; the load generator could not keep the schedule';
  const kept = ', while the load generator kept up';
  if (generator.loop_delay_max_ms >= lagMs)
    return `${kept}: its event loop was held up to ${formatMs(generator.loop_delay_max_ms)} at times, as long as the lag (a busy machine delays its timers)`;
  if (generator.sockets_max >= generator.concurrency)
    return `${kept}: the in-flight cap (concurrency ${formatCount(generator.concurrency)}) held them back`;
  return `${kept}: the iterations in flight, held by the service, filled every slot opened so far`;
}

/** A time threshold whose outcome would differ were the measured value smaller by the generator's delay. */
function distortedBy(outcome: ThresholdOutcome, delayMs: number): boolean {
  const { threshold, actual, limit } = outcome;
  if (metricKind(threshold.metric) !== 'time' || actual === undefined || limit === undefined) return false;
  return compareValues(Math.max(0, actual - delayMs), threshold.op, limit) !== outcome.passed;
}
