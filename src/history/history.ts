// History (docs/history.md): earlier results of the same test, newest last, turned into the
// results file's `history` block, the series the reports chart and the median baseline that
// relative thresholds read. Pure: finding and reading the files is the pipeline's (sources) and
// the action's (src/github/) work.
import type { Problem } from '../errors.ts';
import type { HistoryBlock, HistoryRunEntry, LoadTestResult } from '../types.ts';
import { figuresOf } from './figures.ts';

/** An earlier run as history holds it: where it came from, and its results. */
export interface HistoryRun {
  /** The workflow run id of an artifact, or the file name of a results file given by path. */
  id: string;
  /** The commit it measured, when known (an artifact's workflow run, a PR run's `github.head_sha`). */
  sha?: string;
  result: LoadTestResult;
}

/** `--baseline history:K`: the median of the last K history runs. */
export interface HistoryBaselineSpec {
  k: number;
}

export const DEFAULT_HISTORY_BASELINE_RUNS = 5;
const MAX_BASELINE_RUNS = 1000;

/**
 * `history` or `history:K` as the baseline setting's value, undefined for anything else (a file).
 * A file named `history` is still reachable as `./history`.
 */
export function parseHistoryBaseline(text: string, name: string): HistoryBaselineSpec | Problem | undefined {
  const match = /^history(?::(.*))?$/.exec(text.trim());
  if (!match) return undefined;
  if (match[1] === undefined) return { k: DEFAULT_HISTORY_BASELINE_RUNS };
  const k = /^\d+$/.test(match[1]) ? Number(match[1]) : Number.NaN;
  if (!(k >= 1 && k <= MAX_BASELINE_RUNS)) {
    return { path: name, message: `expected history or history:K with K a whole number of runs from 1 (history:5), got "${text.trim()}"` };
  }
  return { k };
}

/**
 * The runs of this test, oldest first by `run.started_at`, the newest `size` of them; what was left
 * out is said in notes (another test's results, older runs past the size).
 */
export function selectHistory(runs: readonly HistoryRun[], testName: string, size: number): { runs: HistoryRun[]; notes: string[] } {
  const notes: string[] = [];
  const same = runs.filter((r) => r.result.run.name === testName);
  const others = runs.filter((r) => r.result.run.name !== testName);
  if (others.length > 0) {
    const names = [...new Set(others.map((r) => `"${r.result.run.name}"`))].join(', ');
    notes.push(`history: skipped ${others.length} results of other tests (${names}); this test is "${testName}"`);
  }
  const ordered = [...same].sort((a, b) => a.result.run.started_at.localeCompare(b.result.run.started_at) || a.id.localeCompare(b.id));
  const kept = ordered.slice(-size);
  if (kept.length < ordered.length) notes.push(`history: the newest ${size} of ${ordered.length} runs kept (history-size)`);
  return { runs: kept, notes };
}

/** The runs a `history:K` baseline is the median of: the last K (fewer when history is shorter). */
export function baselineRuns(runs: readonly HistoryRun[], spec: HistoryBaselineSpec): HistoryRun[] {
  return runs.slice(-spec.k);
}

/** The results file's `history` block: each earlier run's figures, and which of them the baseline is. */
export function historyBlock(runs: readonly HistoryRun[], baseline: readonly HistoryRun[] | undefined, branch?: string): HistoryBlock {
  return {
    ...(branch && { branch }),
    runs: runs.map(entryOf),
    ...(baseline && baseline.length > 0 && { baseline: { median_of: baseline.map((r) => r.id) } }),
  };
}

function entryOf(run: HistoryRun): HistoryRunEntry {
  return { id: run.id, ...(run.sha && { sha: run.sha }), started_at: run.result.run.started_at, figures: figuresOf(run.result) };
}
