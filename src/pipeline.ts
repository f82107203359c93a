// The steps that the action and the CLI share: load and prepare a test, read an earlier results
// file, check the thresholds before any request, and judge the run once.
import { readFile } from 'node:fs/promises';
import { InputError } from './errors.ts';
import { loadDefinition, loadEnvironmentFile } from './definition/load.ts';
import { validateEnvironment } from './definition/validate.ts';
import { checkTest, type CheckedTest } from './engine/prepare.ts';
import { THRESHOLDS_INPUT, type ThresholdOrigin } from './thresholds.ts';
import { egressOf } from './engine/engine.ts';
import { LoadPlan } from './engine/plan.ts';
import { initHistograms } from './engine/histogram.ts';
import { judge, type StopSignal } from './verdict/judge.ts';
import { preflightThresholds, type RunShape } from './verdict/preflight.ts';
import { undecidableRounds, type CompareSettings } from './compare/settings.ts';
import { readShardFiles } from './merge/load.ts';
import { mergeShards } from './merge/merge.ts';
import type { Check, Environment, Judgement, LoadTestDefinition, LoadTestResult, Threshold } from './types.ts';

/** An environment given as inline JSON (starts with `{`) or as the path of a JSON file. */
export async function readEnvironmentSpec(spec: string, inputName: string): Promise<Environment | undefined> {
  const text = spec.trim();
  if (text === '') return undefined;
  if (!text.startsWith('{')) return loadEnvironmentFile(text);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // V8 quotes a stretch of the text, which may hold a secret value: keep only the reason.
    const reason = (error as Error).message.replace(/, (\.\.\.)?".*" is not valid JSON$/s, '');
    throw new InputError([{ path: inputName, message: `inline environment is not valid JSON: ${reason}` }]);
  }
  const checked = validateEnvironment(raw, inputName);
  if (!checked.ok) throw new InputError(checked.problems);
  return checked.environment;
}

/** The test checked to its last template; the engine threads prepare it (docs/engine.md). */
export async function loadAndCheck(file: string, environment: Environment | undefined): Promise<CheckedTest> {
  return checkTest(await loadDefinition(file), { environment });
}

/** An earlier results file (the baseline): it must at least have the 2.5 `results` block. */
export async function readResultsFile(path: string, inputName: string): Promise<LoadTestResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new InputError([{ file: path, path: inputName, message: `could not read a results file: ${(error as Error).message}` }]);
  }
  const results = (raw as { results?: { steps?: unknown } } | null)?.results;
  if (!results || !Array.isArray(results.steps)) {
    throw new InputError([{ file: path, path: '$.results.steps', message: 'expected a loadgate results file (docs/interface.md 2.5: results.steps is an array)' }]);
  }
  return raw as LoadTestResult;
}

/** What the verdict is made of, as the user set it (docs/verdict.md). */
export interface Gate {
  thresholds: Threshold[];
  /** The default thresholds apply (input default-thresholds; CLI --no-default-thresholds). */
  defaults: boolean;
  baseline?: LoadTestResult;
  origin: ThresholdOrigin;
  onSaturated?: 'fail' | 'warn';
}

/** What a run of this definition will report, known before it starts. */
export function shapeOf(definition: LoadTestDefinition, proxies: Record<string, string>, mode: 'embedded' | 'hosted' | 'compare', baseline?: LoadTestResult): RunShape {
  const config = definition.config_data;
  const countries = Object.keys(config.proxy_config ?? {});
  const locations = mode === 'hosted'
    ? (countries.length > 0 ? countries : ['local'])
    : egressOf(new LoadPlan(config).locations, proxies).names;
  return {
    steps: config.steps.map((s) => ({ id: s.id, name: s.name })),
    locations,
    histograms: mode === 'embedded',
    mode,
    ...(baseline && { baseline }),
  };
}

/** Bad thresholds are bad input, found before the first request (exit 2, nothing sent). */
export function preflight(gate: Gate, shape: RunShape): void {
  const problems = preflightThresholds(gate.thresholds, shape, gate.origin);
  if (problems.length > 0) throw new InputError(problems);
}

/** A comparison checked before its first round: the thresholds (on the head side), and rounds that can decide. */
export function preflightComparison(gate: Gate, definition: LoadTestDefinition, proxies: Record<string, string>, settings: CompareSettings, roundsName: string): void {
  preflight(gate, shapeOf(definition, proxies, 'compare', gate.baseline));
  const undecidable = undecidableRounds(settings, definition.config_data.steps.length, roundsName);
  if (undecidable) throw new InputError([undecidable]);
}

/**
 * A shard's judgement: none of the run's thresholds (they are judged at the merge, where all the
 * data is), only what the shard itself can say, for its one summary line and whether it was stopped.
 */
export function judgeShard(result: LoadTestResult, stoppedBy?: StopSignal): Promise<Judgement> {
  return judgeRun(result, { thresholds: [], defaults: false, origin: THRESHOLDS_INPUT }, [], stoppedBy);
}

/** The one judgement of a run, which every surface renders (percentiles may read its histograms). */
export async function judgeRun(result: LoadTestResult, gate: Gate, checks: Check[] = [], stoppedBy?: StopSignal): Promise<Judgement> {
  await initHistograms();
  return judge({
    result,
    thresholds: gate.thresholds,
    defaults: gate.defaults,
    checks,
    origin: gate.origin,
    ...(gate.baseline && { baseline: gate.baseline }),
    ...(gate.onSaturated && { onSaturated: gate.onSaturated }),
    ...(stoppedBy && { stoppedBy }),
  });
}

/** Shard results files (files, folders or globs) merged into one result; refusals are bad input. */
/** The shards' results merged, linking `testUrl`: the merged run's own report, never a shard's. */
export async function mergeShardFiles(args: string[], cwd: string, inputName: string, testUrl: string): Promise<LoadTestResult> {
  const files = await readShardFiles(args, cwd, inputName);
  await initHistograms();
  const merged = mergeShards(files);
  if (!merged.ok) throw new InputError(merged.problems);
  return { ...merged.result, test_url: testUrl };
}

/** The web report goes next to the results file: `out.json` → `out.html`. */
export function reportPathFor(resultsPath: string): string {
  return resultsPath.endsWith('.json') ? `${resultsPath.slice(0, -'.json'.length)}.html` : `${resultsPath}.html`;
}
