// Thresholds checked before the first request (docs/verdict.md): a step, location, metric or
// baseline that the run cannot have is bad input, found while nothing has been sent. Pure.
import type { Problem } from '../errors.ts';
import { isNamedMetric, percentileOf, thresholdPlace, THRESHOLDS_INPUT, type ThresholdOrigin } from '../thresholds/grammar.ts';
import type { LoadTestResult, Threshold } from '../types.ts';

/** What the run's results will hold, known before it starts. */
export interface RunShape {
  steps: readonly { id: number; name: string; stream?: boolean }[];
  /** The location names the results will have (`local`, and each country sent through a proxy). */
  locations: readonly string[];
  /** Whether the results carry histograms, so that any percentile can be read (embedded runs). */
  histograms: boolean;
  /** Where a result without histograms comes from, for the message: `hosted`. */
  mode: string;
  baseline?: LoadTestResult;
  /** The results will have a capacity block (`loadgate capacity`). */
  capacity?: boolean;
}

const PERCENTILES_IN_EVERY_RESULT = [50, 80, 90, 95, 99];

export function preflightThresholds(
  thresholds: readonly Threshold[],
  shape: RunShape,
  origin: ThresholdOrigin = THRESHOLDS_INPUT,
): Problem[] {
  const problems: Problem[] = [];
  for (const t of thresholds) {
    const message =
      capacityProblem(t, shape) ??
      stepProblem(t, shape) ??
      streamProblem(t, shape) ??
      locationProblem(t, shape) ??
      metricProblem(t, shape) ??
      baselineProblem(t, shape);
    if (message) problems.push({ path: thresholdPlace(origin, t.line), message });
  }
  return problems;
}

/** `capacity` is the whole definition's highest rate, which only a capacity search measures (docs/capacity.md). */
function capacityProblem(t: Threshold, shape: RunShape): string | undefined {
  if (t.metric !== 'capacity') return undefined;
  if (!shape.capacity) return 'capacity is what loadgate capacity measures (docs/capacity.md); this run will not have it';
  if (t.step !== undefined || t.location !== undefined) return "capacity is the whole definition's: it takes no step[…] or location[…]";
  if (t.baseline && shape.baseline && !shape.baseline.capacity)
    return 'the baseline results file has no capacity block: give one that loadgate capacity wrote';
  return undefined;
}

function listSteps(shape: RunShape): string {
  return shape.steps.map((s) => `${s.id} ${s.name}`).join(', ');
}

function stepProblem(t: Threshold, shape: RunShape): string | undefined {
  const selector = t.step;
  if (selector === undefined || 'each' in selector) return undefined;
  if ('id' in selector) {
    return shape.steps.some((s) => s.id === selector.id)
      ? undefined
      : `step ${selector.id} is not in the definition; its steps are: ${listSteps(shape)}`;
  }
  const named = shape.steps.filter((s) => s.name === selector.name);
  if (named.length === 0) return `step "${selector.name}" is not in the definition; its steps are: ${listSteps(shape)}`;
  if (named.length > 1) {
    return `step name "${selector.name}" is ambiguous: steps ${named.map((s) => s.id).join(', ')} have it; use the id, e.g. step[${named[0]!.id}]`;
  }
  return undefined;
}

/** `first_event`/`gap` judge streaming steps (docs/streaming.md): a step without `stream` has neither. */
function streamProblem(t: Threshold, shape: RunShape): string | undefined {
  if (t.stream === undefined) return undefined;
  const selector = t.step;
  const chosen =
    selector === undefined || 'each' in selector
      ? shape.steps
      : shape.steps.filter((s) => ('id' in selector ? s.id === selector.id : s.name === selector.name));
  if (chosen.some((s) => s.stream)) return undefined;
  const streaming = shape.steps.filter((s) => s.stream).map((s) => `${s.id} ${s.name}`);
  const which = chosen.length === 1 ? `step ${chosen[0]!.id} (${chosen[0]!.name}) has no "stream"` : 'no step has a "stream"';
  return `${t.stream} is a figure of streaming steps, and ${which}${streaming.length > 0 ? `; streaming steps: ${streaming.join(', ')}` : ''}`;
}

function locationProblem(t: Threshold, shape: RunShape): string | undefined {
  if (t.location === undefined || t.location === '*' || shape.locations.includes(t.location)) return undefined;
  const hint =
    t.location === 'local'
      ? ''
      : ` (a country is a location of its own only when it sends through a proxy: --proxy ${t.location}=http://…, input proxies)`;
  return `location "${t.location}" will not be in the results; they will have: ${shape.locations.join(', ')}${hint}`;
}

function metricProblem(t: Threshold, shape: RunShape): string | undefined {
  if (t.overS !== undefined && !shape.histograms)
    return `over TIME needs each second's histogram, which ${shape.mode} results do not carry (docs/verdict.md)`;
  const percentile = percentileOf(t.metric);
  if (percentile === undefined || isNamedMetric(t.metric) || PERCENTILES_IN_EVERY_RESULT.includes(percentile) || shape.histograms)
    return undefined;
  return `${t.metric} needs the run's histograms, which ${shape.mode} results do not carry; use median, p80, p90, p95 or p99`;
}

function baselineProblem(t: Threshold, shape: RunShape): string | undefined {
  if (!t.baseline) return undefined;
  if (!shape.baseline) return 'a threshold relative to the baseline needs a baseline results file (--baseline, input baseline)';
  const steps = shape.baseline.results.steps;
  const selector = t.step;
  if (selector && 'id' in selector && !steps.some((s) => s.id === selector.id)) return `step ${selector.id} is not in the baseline`;
  if (t.location && t.location !== '*' && !Object.hasOwn(shape.baseline.results.location_dist, t.location)) {
    return `location "${t.location}" is not in the baseline`;
  }
  return undefined;
}
