// The end of the pipeline, the same for the action and the CLI: the one judgement of what was
// measured (thresholds, defaults, the comparison gate, the latency test) and the report model
// that every sink renders. Nothing is changed after it: sinks only write and format.
import type { LatencyThreshold } from '../thresholds/latency.ts';
import { judgeLatency } from '../latency/session.ts';
import { buildReport, type ReportModel } from '../report/model.ts';
import type { ThresholdOrigin } from '../thresholds/grammar.ts';
import type { Check, Judgement, LatencyResult, LoadTestResult } from '../types.ts';
import { comparisonChecks } from '../verdict/comparison.ts';
import type { StopSignal } from '../verdict/judge.ts';
import { judgeRun, judgeShard, type Gate } from './gate.ts';
import type { Measured } from './measure.ts';
import type { History } from './history.ts';
import { historyBlock } from '../history/history.ts';
import { figuresOf } from '../history/figures.ts';
import type { HistoryView } from '../report/history.ts';

export interface Concluded {
  /** The results file's content: what was measured, with the latency test when one ran. */
  result: LoadTestResult;
  judgement: Judgement;
  model: ReportModel;
}

export interface Extras {
  /** A latency test run after the load (action input latency-target), and its thresholds. */
  latency?: { result: LatencyResult; thresholds: readonly LatencyThreshold[]; origin: ThresholdOrigin };
  /** The signal that stopped the run, when it was stopped. */
  stoppedBy?: StopSignal;
  /** The definition file as the user named it, for the report's footer. */
  definitionFile?: string;
}

export async function conclude(measured: Measured, gate: Gate, extras: Extras = {}): Promise<Concluded> {
  const { comparison } = measured;
  const latency = extras.latency && judgeLatency(extras.latency.result, extras.latency.thresholds, extras.latency.origin);
  const withLatency = extras.latency
    ? { ...measured.result, run: { ...measured.result.run, latency: extras.latency.result } }
    : measured.result;
  const checks: Check[] = [
    ...(comparison ? comparisonChecks(comparison) : []),
    ...(latency?.checks ?? []).map((c): Check => ({ ...c, kind: 'latency' })),
  ];
  const judgement = await judgeRun(withLatency, gate, checks, stopOf(withLatency, extras.stoppedBy));
  // After judgeRun, which readies the histograms that the figures read.
  const history = gate.history && historyOf(withLatency, gate.history);
  const result = history ? { ...withLatency, history: history.block } : withLatency;
  const model = buildReport({
    result,
    ...(history && { history }),
    judgement,
    ...(gate.baseline && { baseline: gate.baseline }),
    ...(comparison && { comparison }),
    ...(latency && { latencyOutcomes: latency.checks }),
    ...(extras.definitionFile && { definitionFile: extras.definitionFile }),
  });
  return { result, judgement, model };
}

/** A shard is judged at the merge, where all its data is: here only what it can say of itself (its summary line, whether it was stopped). */
export async function concludeShard(measured: Measured, stoppedBy?: StopSignal): Promise<Concluded> {
  const { result } = measured;
  const judgement = await judgeShard(result, stopOf(result, stoppedBy));
  return { result, judgement, model: buildReport({ result, judgement }) };
}

/** The results file's history block and what the reports chart: the earlier runs and this one's figures. */
function historyOf(result: LoadTestResult, history: History): HistoryView {
  return {
    block: historyBlock(history.runs, history.baseline, history.branch),
    current: figuresOf(result),
    notes: history.notes,
  };
}

function stopOf(result: LoadTestResult, signal: StopSignal | undefined): StopSignal | undefined {
  return result.run.interrupted ? (signal ?? 'stopped') : undefined;
}
