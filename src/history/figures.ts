// The figures a history entry keeps of a run, read as the verdict reads them (src/verdict/metrics.ts):
// percentiles from the histograms when the result has them, rates over requests. A figure with
// nothing to measure is left out, never 0.
import type { HistoryFigures, HistoryLevelFigures, LoadTestResult, StreamMetric, ThresholdMetric } from '../types.ts';
import { metricValue, overallLevel, stepLevel, streamMetricValue, type Level } from '../verdict/metrics.ts';

const FIGURES: ReadonlyArray<[keyof HistoryLevelFigures, ThresholdMetric]> = [
  ['rps', 'rps'],
  ['http_fail_rate', 'http_fail_rate'],
  ['p50', 'median'],
  ['p95', 'p95'],
  ['p99', 'p99'],
];

/** A streaming step's figures, read as its thresholds read them (docs/streaming.md). */
const STREAM_FIGURES: ReadonlyArray<[keyof HistoryLevelFigures, StreamMetric, ThresholdMetric]> = [
  ['first_event_p50', 'first_event', 'median'],
  ['first_event_p95', 'first_event', 'p95'],
  ['first_event_p99', 'first_event', 'p99'],
  ['gap_p50', 'gap', 'median'],
  ['gap_p95', 'gap', 'p95'],
  ['gap_p99', 'gap', 'p99'],
];

export function figuresOf(result: LoadTestResult): HistoryFigures {
  const steps: Record<string, HistoryLevelFigures> = {};
  for (const step of result.results.steps) steps[String(step.id)] = levelFigures(result, stepLevel(result, step), true);
  return { overall: levelFigures(result, overallLevel(result), false), steps };
}

function levelFigures(result: LoadTestResult, level: Level, scoped: boolean): HistoryLevelFigures {
  const figures: HistoryLevelFigures = {};
  for (const [key, metric] of FIGURES) {
    const value = metricValue(metric, level, result, scoped);
    if (value !== undefined) figures[key] = Math.round(value * 1000) / 1000;
  }
  if (level.stream === undefined) return figures;
  for (const [key, stream, metric] of STREAM_FIGURES) {
    const value = streamMetricValue(stream, metric, level, result);
    if (value !== undefined) figures[key] = Math.round(value * 1000) / 1000;
  }
  return figures;
}
