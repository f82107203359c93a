// The live progress line of the CLI, from the engine's per-second samples (pure).
import type { SecondSample } from '../types.ts';

export interface ProgressTotals {
  started: number;
  responses: number;
  failures: number;
}

export function addSample(totals: ProgressTotals, s: SecondSample): ProgressTotals {
  return {
    started: totals.started + s.started,
    responses: totals.responses + s.responses,
    failures: totals.failures + s.failures,
  };
}

export function progressLine(s: SecondSample, totals: ProgressTotals, plannedSeconds: number, plannedIterations: number): string {
  // After the planned seconds, the iterations in flight finish.
  const second = s.t + 1 > plannedSeconds ? 'finishing' : `${String(s.t + 1).padStart(String(plannedSeconds).length)}/${plannedSeconds} s`;
  const pct = plannedIterations > 0 ? Math.floor((totals.started / plannedIterations) * 100) : 100;
  return `[${second}] ${pct}% started ${totals.started}/${plannedIterations}`
    + ` | ${s.responses} resp/s, ${s.failures} failed/s | p50 ${s.p50.toFixed(1)} ms p95 ${s.p95.toFixed(1)} ms p99 ${s.p99.toFixed(1)} ms`;
}
