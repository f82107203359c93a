// The figures a history entry keeps of a run, read as the verdict reads them (src/verdict/metrics.ts):
// percentiles from the histograms when the result has them, rates over requests. A figure with
// nothing to measure is left out, never 0.
import type { HistoryFigures, HistoryLevelFigures, LoadTestResult, ThresholdMetric } from '../types.ts';
import { metricValue, overallLevel, stepLevel, type Level } from '../verdict/metrics.ts';

const FIGURES: ReadonlyArray<[keyof HistoryLevelFigures, ThresholdMetric]> = [
  ['rps', 'rps'],
  ['http_fail_rate', 'http_fail_rate'],
  ['p50', 'median'],
  ['p95', 'p95'],
  ['p99', 'p99'],
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
  return figures;
}
