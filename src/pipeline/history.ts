// History's file side (docs/history.md): the --history paths (files, or folders read for every
// *.json below them) read as earlier results of this test, and the gate's history baseline.
// Nothing here is an error: a missing path, a corrupt file or another test's results is a note,
// and the run goes on with the history it has.
// glob is read from the module when called: a named import of it fails to link on a Node older
// than 22, before the entry's Node check (src/action/node-guard.ts) can say so in one line.
import * as fsPromises from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { parseJsonText } from '../definition/json-text.ts';
import { readTextFile } from '../definition/text-file.ts';
import { figuresOf } from '../history/figures.ts';
import { initHistograms } from '../results/histogram.ts';
import { baselineRuns, type HistoryBaselineSpec, type HistoryRun, selectHistory } from '../history/history.ts';
import type { HistoryFigures, HistoryLevelFigures, LoadTestResult, Threshold } from '../types.ts';

/** A results file is read whole; one with every histogram of a large run stays well below this. */
const MAX_RESULTS_BYTES = 256 * 1024 * 1024;

/** Earlier runs of this test, oldest first, with what was skipped and why. */
export interface History {
  runs: HistoryRun[];
  notes: string[];
  /** The branch the runs are of, when known (the action's base branch). */
  branch?: string;
  /** Set by --baseline history: the runs whose median is the baseline. */
  baseline?: HistoryRun[];
}

/** Reads every path (files, or folders of *.json) and keeps the newest `size` runs of `testName`. */
export async function readHistory(paths: readonly string[], testName: string, size: number): Promise<History> {
  const notes: string[] = [];
  const files: { file: string; id: string }[] = [];
  for (const path of paths) {
    const found = await filesAt(path);
    if (typeof found === 'string') {
      notes.push(`history: skipped ${path}: ${found}`);
      continue;
    }
    if (found.length === 0) notes.push(`history: nothing found at ${path}`);
    for (const f of found) if (!files.some((seen) => seen.file === f.file)) files.push(f);
  }
  const read = await Promise.all(files.map(({ file, id }) => readRun(file, id)));
  const runs = read.filter((r): r is HistoryRun => typeof r !== 'string');
  notes.push(...read.filter((r): r is string => typeof r === 'string'));
  const selected = selectHistory(runs, testName, size);
  return { runs: selected.runs, notes: [...notes, ...selected.notes] };
}

/** What a path that is neither a regular file nor a folder is, for the note that skips it. */
function otherKind(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * A file as given, or every *.json below a folder, each with the id history names it by; none for
 * a path that does not exist. Anything else (a device, a FIFO, a symbolic link that loops) is
 * named as such rather than taken for a place where nothing was found.
 */
async function filesAt(path: string): Promise<{ file: string; id: string }[] | string> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) {
    if (info.code === 'ENOENT') return [];
    if (info.code === 'ELOOP') return 'a symbolic link that loops (ELOOP), not a results file or a folder of them';
    return `cannot be read (${info.code ?? info.message})`;
  }
  if (info.isFile()) return [{ file: path, id: idOf(basename(path)) }];
  if (!info.isDirectory()) return `${otherKind(info)}, not a results file or a folder of them`;
  const found: { file: string; id: string }[] = [];
  for await (const entry of fsPromises.glob('**/*.json', { cwd: path, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    found.push({ file, id: idOf(relative(path, file)) });
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

function idOf(name: string): string {
  return name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
}

/** One earlier run, or the note saying why the file is not one. */
export async function readRun(file: string, id: string, sha?: string): Promise<HistoryRun | string> {
  const text = await readTextFile(file, MAX_RESULTS_BYTES);
  if (!text.ok) return `history: skipped ${file}: ${text.reason}`;
  const parsed = parseJsonText(text.value, file);
  if (!parsed.ok) return `history: skipped ${file}: not JSON (${parsed.problems[0]?.message ?? 'unreadable'})`;
  const result = asResult(parsed.value.json);
  if (typeof result === 'string') return `history: skipped ${file}: not a loadgate results file (${result})`;
  const unreadable = await unreadableFigures(result);
  if (unreadable) return `history: skipped ${file}: ${unreadable}`;
  const headSha = (parsed.value.json as { github?: { head_sha?: unknown } }).github?.head_sha;
  const known = sha ?? (typeof headSha === 'string' ? headSha : undefined);
  return { id, ...(known && { sha: known }), result };
}

/** The result without its own history and github blocks (an earlier run's history is not nested in ours). */
function asResult(json: unknown): LoadTestResult | string {
  const raw = json as { results?: { steps?: unknown }; run?: { name?: unknown; started_at?: unknown } } | null;
  if (!raw || typeof raw !== 'object') return 'expected an object';
  if (!raw.results || !Array.isArray(raw.results.steps)) return 'results.steps is not an array';
  if (typeof raw.run?.name !== 'string' || typeof raw.run.started_at !== 'string') return 'run.name and run.started_at are missing';
  const startedAt = Date.parse(raw.run.started_at);
  if (!Number.isFinite(startedAt)) return `run.started_at is ${JSON.stringify(raw.run.started_at)}: expected a date and time (ISO 8601)`;
  if (startedAt > Date.now()) return `run.started_at is ${raw.run.started_at}: a date in the future`;
  const { history: _history, github: _github, ...result } = raw as LoadTestResult & { github?: unknown };
  return result as LoadTestResult;
}

/**
 * A file shaped like results whose figures still cannot be read (a field missing or of the wrong
 * type, histograms that do not decode) is skipped, not a crash; so is one with a figure that is
 * not a finite number of at least 0 (`rps: -1e308`), which a median baseline would carry.
 */
async function unreadableFigures(result: LoadTestResult): Promise<string | undefined> {
  await initHistograms();
  let figures: HistoryFigures;
  try {
    figures = figuresOf(result);
  } catch (error) {
    const where = result.histograms === undefined ? '' : ' (are its histograms, in results.histograms, those loadgate writes?)';
    return `its figures cannot be read: ${(error as Error).message}${where}`;
  }
  const { rps } = result.run;
  if (typeof rps !== 'number' || !Number.isFinite(rps) || rps < 0) return `run.rps is ${rps}: expected a finite number of at least 0`;
  const levels: [string, HistoryLevelFigures][] = [
    ['overall', figures.overall],
    ...Object.entries(figures.steps).map(([id, f]): [string, HistoryLevelFigures] => [`step ${id}`, f]),
  ];
  for (const [level, values] of levels) {
    for (const [name, value] of Object.entries(values)) {
      if (!Number.isFinite(value) || value < 0) return `its ${name} figure (${level}) is ${value}: expected a finite number of at least 0`;
    }
  }
  return undefined;
}

/** Where the history comes from: paths read here, or runs the caller found (the action's artifacts). */
export type HistorySource = { paths: readonly string[] } | { found: History };

/**
 * The history a gate holds: the runs of this test and, with `baseline: history[:K]`, the runs whose
 * median is the baseline. Finding none is a note in the report; relative thresholds are then left
 * unchecked and named there.
 */
export async function historyForGate(
  source: HistorySource,
  testName: string,
  size: number,
  spec: HistoryBaselineSpec | undefined,
  thresholds: readonly Threshold[],
): Promise<{ history: History; unchecked: Threshold[] }> {
  const read = 'paths' in source ? await readHistory(source.paths, testName, size) : source.found;
  return spec ? withHistoryBaseline(read, spec, thresholds) : { history: read, unchecked: [] };
}

/**
 * The history baseline's runs; with no history, the thresholds relative to it are left unchecked
 * and a note names them (no history is never an error).
 */
function withHistoryBaseline(
  history: History,
  spec: HistoryBaselineSpec,
  thresholds: readonly Threshold[],
): { history: History; unchecked: Threshold[] } {
  const runs = baselineRuns(history.runs, spec);
  if (runs.length > 0) return { history: { ...history, baseline: runs }, unchecked: [] };
  const unchecked = thresholds.filter((t) => t.baseline);
  const note =
    unchecked.length > 0
      ? `history: no earlier runs, so the baseline is empty; not checked: ${unchecked.map((t) => t.source).join(', ')}`
      : 'history: no earlier runs, so the baseline is empty';
  return { history: { ...history, notes: [...history.notes, note] }, unchecked };
}
