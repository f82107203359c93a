// Latency thresholds against a latency test's results (docs/latency.md): each threshold measured
// at its location, or at every location, and its outcome written for the checks. Parsing is
// src/thresholds/latency.ts's. Pure.
import { type Parsed, parsedUnless, type Problem } from '../errors.ts';
import { formatLatencyMs } from '../report/figures.ts';
import { formatMetricValue, thresholdPlace, THRESHOLDS_INPUT, type ThresholdOrigin } from '../thresholds/grammar.ts';
import { describeLatencyThreshold, type LatencyThreshold } from '../thresholds/latency.ts';
import type { LatencyPhase, LatencyResult, LatencyStat, LocationLatency } from '../types.ts';
import { compareValues } from './compare-values.ts';

export interface LatencyThresholdOutcome {
  threshold: LatencyThreshold;
  /** The measured value (ms or %); null when the location has no successful sample to measure. */
  actual: number | null;
  passed: boolean;
  /** The location the value was measured at: the scoped one, or for an unscoped phase threshold the one that fits it least. */
  location?: string;
  /** The threshold's canonical text: `latency[EU.DE.FRA].total.avg < 300 ms`. */
  describe: string;
}

/** The measured side of an outcome: `212.5 ms at EU.DE.FRA`, `10 %`, `no successful sample at LOCAL.HOST`. */
export function formatLatencyActual(o: LatencyThresholdOutcome): string {
  const at = o.location === undefined ? '' : ` at ${o.location}`;
  if (o.actual === null) return `no successful sample${at}`;
  const value = o.threshold.metric === 'fail_rate' ? formatMetricValue('fail_rate', o.actual) : formatLatencyMs(o.actual);
  return `${value}${at}`;
}

/** Measure each threshold; one naming a location absent from the result is a problem, never a pass. */
export function evaluateLatencyThresholds(
  result: LatencyResult,
  thresholds: readonly LatencyThreshold[],
  origin: ThresholdOrigin = THRESHOLDS_INPUT,
): Parsed<LatencyThresholdOutcome[]> {
  const outcomes: LatencyThresholdOutcome[] = [];
  const problems: Problem[] = [];
  const codes = Object.keys(result.locations);
  for (const threshold of thresholds) {
    const path = thresholdPlace(origin, threshold.line);
    if (codes.length === 0) {
      problems.push({ path, message: 'the latency test measured no location' });
    } else if (threshold.location !== undefined && !Object.hasOwn(result.locations, threshold.location)) {
      problems.push({
        path,
        message: `location ${threshold.location} is not in the latency results; its locations are: ${codes.join(', ')}`,
      });
    } else {
      outcomes.push({ describe: describeLatencyThreshold(threshold), ...measure(result, threshold) });
    }
  }
  return parsedUnless(problems, outcomes);
}

type Measured = Omit<LatencyThresholdOutcome, 'describe'>;

function measure(result: LatencyResult, t: LatencyThreshold): Measured {
  if (t.location !== undefined) return atLocation(t, t.location, result.locations[t.location]!);
  if (t.metric === 'fail_rate') {
    const all = Object.values(result.locations);
    const actual = failRate(
      all.reduce((n, l) => n + l.failures, 0),
      all.reduce((n, l) => n + l.samples, 0),
    );
    return { threshold: t, actual, passed: compareValues(actual, t.op, t.value) };
  }
  // Every location must hold it: the outcome shows the first that does not, else the closest to the limit.
  const each = Object.entries(result.locations).map(([code, l]) => atLocation(t, code, l));
  const failed = each.find((m) => !m.passed);
  if (failed) return failed;
  const closest = [...each].sort((a, b) => Math.abs((a.actual ?? 0) - t.value) - Math.abs((b.actual ?? 0) - t.value))[0]!;
  return closest;
}

function atLocation(t: LatencyThreshold, code: string, l: LocationLatency): Measured {
  if (t.metric === 'fail_rate') {
    const actual = failRate(l.failures, l.samples);
    return { threshold: t, actual, passed: compareValues(actual, t.op, t.value), location: code };
  }
  // A location without a successful sample has no latency to hold against the limit.
  if (l.samples - l.failures === 0) return { threshold: t, actual: null, passed: false, location: code };
  const [phase, stat] = t.metric.split('.') as [LatencyPhase, LatencyStat];
  const actual = l.phases[phase][stat];
  return { threshold: t, actual, passed: compareValues(actual, t.op, t.value), location: code };
}

function failRate(failures: number, samples: number): number {
  return samples === 0 ? 0 : (failures * 100) / samples;
}
