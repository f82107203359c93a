// Compares a run with an earlier one (the `baseline` input): overall and per step, matched by
// step id. Pure; the renderers turn the deltas into words that read without colour.

import type { LoadTestResult, ResponseTimes, StepResult } from '../types.ts';
import { failRatePct, partRps, percent } from '../rates.ts';
import { requestCounts, stepCell, type RequestCell } from '../results/request-counts.ts';
import { stepDisplayName } from '../results/run-steps.ts';
import { responseCount, timesToShow } from './format.ts';
import { formatMetric, formatSignedPercent } from './figures.ts';

export const BASELINE_METRICS = ['avg', 'p95', 'p99', 'http_fail_rate', 'fail_rate', 'rps'] as const;
export type BaselineMetric = (typeof BASELINE_METRICS)[number];

export interface MetricChange {
  metric: BaselineMetric;
  before: number;
  after: number;
  /** Relative change in percent; null when `before` is 0 and `after` is not (no base to relate to). */
  changePct: number | null;
}

export interface StepDelta {
  id: number;
  /** The current name, or the baseline's for a removed step. */
  name: string;
  /** 'new': only in the current run; 'removed': only in the baseline. Both carry no changes. */
  status: 'matched' | 'new' | 'removed';
  changes: MetricChange[];
}

export interface BaselineDelta {
  /** When the baseline run started (its run.started_at). */
  baselineStartedAt: string;
  overall: MetricChange[];
  steps: StepDelta[];
}

export type ChangeVerdict = 'better' | 'worse' | 'same';

/** Changes within this band (percent, either way) read "≈ same": run-to-run noise. */
export const SAME_BAND_PCT = 2;

interface Figures {
  times: ResponseTimes;
  /** Undefined when no iteration finished. */
  failRate: number | undefined;
  /** Requests without a 2xx/3xx answer, %; undefined without a request. */
  errorRate: number | undefined;
  rps: number;
}

export function compareToBaseline(current: LoadTestResult, baseline: LoadTestResult): BaselineDelta {
  const before = new Map(baseline.results.steps.map((s) => [s.id, s]));
  const after = new Map(current.results.steps.map((s) => [s.id, s]));

  const steps: StepDelta[] = current.results.steps.map((s) => {
    const old = before.get(s.id);
    if (!old) return { id: s.id, name: stepDisplayName(current, s.id), status: 'new', changes: [] };
    return {
      id: s.id,
      name: stepDisplayName(current, s.id),
      status: 'matched',
      changes: changesBetween(stepFigures(old, baseline), stepFigures(s, current)),
    };
  });
  for (const old of baseline.results.steps) {
    if (!after.has(old.id)) steps.push({ id: old.id, name: stepDisplayName(baseline, old.id), status: 'removed', changes: [] });
  }
  return {
    baselineStartedAt: baseline.run.started_at,
    overall: changesBetween(overallFigures(baseline), overallFigures(current)),
    steps,
  };
}

/** Which way a change reads for its metric: latency and fail rate up is worse, rps up is better. */
export function changeVerdict(change: MetricChange): ChangeVerdict {
  // Judged on the change as shown (one decimal), so `+2.0 %` never reads "worse".
  const pct = change.changePct === null ? null : Math.round(change.changePct * 10) / 10;
  if (pct !== null && Math.abs(pct) <= SAME_BAND_PCT) return 'same';
  if (change.after === change.before) return 'same';
  const up = change.after > change.before;
  const higherIsBetter = change.metric === 'rps';
  return up === higherIsBetter ? 'better' : 'worse';
}

/** `412 ms (+12.3 % ▲ worse)`: the current value, then how it moved since the baseline. */
export function formatChange(change: MetricChange): string {
  return `${formatMetric(change.metric, change.after)} (${describeChange(change)})`;
}

/** `+12.3 % ▲ worse`, `-0.8 % ≈ same`, `was 0 % ▲ worse` (no relative change from zero). */
export function describeChange(change: MetricChange): string {
  const verdict = changeVerdict(change);
  const amount = change.changePct === null ? `was ${formatMetric(change.metric, change.before)}` : formatSignedPercent(change.changePct);
  if (verdict === 'same') return `${amount} ≈ same`;
  const arrow = change.after > change.before ? '▲' : '▼';
  return `${amount} ${arrow} ${verdict}`;
}

export function findChange(changes: readonly MetricChange[], metric: BaselineMetric): MetricChange | undefined {
  return changes.find((c) => c.metric === metric);
}

function changesBetween(before: Figures, after: Figures): MetricChange[] {
  const value = (f: Figures, metric: BaselineMetric): number | undefined => {
    switch (metric) {
      case 'avg':
        return f.times.avg;
      case 'p95':
        return f.times.p95;
      case 'p99':
        return f.times.p99;
      case 'http_fail_rate':
        return f.errorRate;
      case 'fail_rate':
        return f.failRate;
      case 'rps':
        return f.rps;
    }
  };
  // A fail rate with no finished iteration on either side has nothing to compare.
  return BASELINE_METRICS.flatMap((metric) => {
    const b = value(before, metric);
    const a = value(after, metric);
    return a === undefined || b === undefined ? [] : [{ metric, before: b, after: a, changePct: relativeChangePct(b, a) }];
  });
}

function relativeChangePct(before: number, after: number): number | null {
  if (before === 0) return after === 0 ? 0 : null;
  return ((after - before) / before) * 100;
}

// Times as the tables show them (timesToShow): to the microsecond below 10 ms.
function overallFigures(r: LoadTestResult): Figures {
  const res = r.results;
  const responses = res.steps.reduce((n, s) => n + responseCount(s.status_code_dist), 0);
  return {
    times: timesToShow(r, { level: 'overall' }, res.response_times, responses),
    failRate: failRatePct(res),
    errorRate: errorRatePct(res.steps.map((s) => stepCell(r, s))),
    rps: r.run.rps,
  };
}

function stepFigures(s: StepResult, r: LoadTestResult): Figures {
  // As thresholds measure a step's rps: its share of the run's requests at the run's rate.
  const requests = (c: { fail_count: number; success_count: number }) => c.fail_count + c.success_count;
  const rps = partRps(
    r.run.rps,
    requests(s),
    r.results.steps.reduce((n, step) => n + requests(step), 0),
  );
  return {
    times: timesToShow(r, { level: 'steps', key: String(s.id) }, s.response_times, responseCount(s.status_code_dist)),
    failRate: failRatePct(s),
    errorRate: errorRatePct([stepCell(r, s)]),
    rps,
  };
}

function errorRatePct(cells: readonly RequestCell[]): number | undefined {
  const counts = requestCounts(cells);
  return percent(counts.httpErrors, counts.requests);
}
