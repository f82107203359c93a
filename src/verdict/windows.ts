// Thresholds `over TIME` (docs/verdict.md): a response-time threshold judged on every sliding
// window of that many seconds of the run, from the per-second histograms of run.series, so that
// a slow spell is not averaged away by the quiet seconds around it. Pure.
import { decodeHistogram, type Histogram, newHistogram } from '../results/histogram.ts';
import { compareValues } from './compare-values.ts';
import { percentileOf } from '../thresholds/grammar.ts';
import type { SecondSample, Threshold, ThresholdMetric, ThresholdOutcome } from '../types.ts';

/** One window: its first second (0-based, as run.series counts), its length and the metric's value there. */
export interface WindowValue {
  startS: number;
  lengthS: number;
  value: number;
}

/**
 * The metric's value in every window of `lengthS` seconds that has a response, in order. A run
 * shorter than the window is one window. Undefined when a second lacks its histogram.
 */
export function windowValues(series: readonly SecondSample[], metric: ThresholdMetric, lengthS: number): WindowValue[] | undefined {
  if (series.some((s) => s.histogram === undefined)) return undefined;
  const seconds = series.map((s) => decodeHistogram(s.histogram!));
  const window = newHistogram();
  const length = Math.min(lengthS, seconds.length);
  const values: WindowValue[] = [];
  try {
    seconds.forEach((second, t) => {
      window.add(second);
      if (t >= length) window.subtract(seconds[t - length]!);
      if (t < length - 1 || window.totalCount === 0) return;
      values.push({ startS: t - length + 1, lengthS: length, value: metricIn(window, metric) });
    });
    return values;
  } finally {
    window.destroy();
    for (const second of seconds) second.destroy();
  }
}

/** The metric in ms to the microsecond, as the whole run's is judged (docs/verdict.md). */
function metricIn(h: Histogram, metric: ThresholdMetric): number {
  const us = (v: number): number => Math.round(v) / 1000;
  if (metric === 'avg') return us(h.mean);
  if (metric === 'min') return us(h.minNonZeroValue);
  if (metric === 'max') return us(h.maxValue);
  if (metric === 'stddev') return us(h.stdDeviation);
  return us(h.getValueAtPercentile(percentileOf(metric)!));
}

/**
 * The threshold's outcome over windows: it holds when it holds in every window; the window shown
 * is the worst (the highest value under an upper limit, the lowest above a lower one).
 */
export function windowOutcome(series: readonly SecondSample[], t: Threshold): ThresholdOutcome {
  const values = windowValues(series, t.metric, t.overS!);
  if (values === undefined) return { threshold: t, actual: undefined, limit: t.value, passed: false, reason: 'no per-second histograms' };
  const worst = worstOf(values, t);
  if (worst === undefined) return { threshold: t, actual: undefined, limit: t.value, passed: false, reason: 'no response' };
  return {
    threshold: t,
    actual: worst.value,
    limit: t.value,
    passed: values.every((w) => compareValues(w.value, t.op, t.value)),
    where: windowName(worst),
  };
}

function worstOf(values: readonly WindowValue[], t: Threshold): WindowValue | undefined {
  const failing = values.find((w) => !compareValues(w.value, t.op, t.value));
  if (t.op === '==' || t.op === '!=') return failing ?? values[0];
  const upper = t.op === '<' || t.op === '<=';
  return values.reduce<WindowValue | undefined>(
    (worst, w) => (worst === undefined || (upper ? w.value > worst.value : w.value < worst.value) ? w : worst),
    undefined,
  );
}

/** `seconds 13–17`: the window's seconds numbered from 1, as the progress line numbers them. */
export function windowName(w: WindowValue): string {
  return `seconds ${w.startS + 1}–${w.startS + w.lengthS}`;
}
