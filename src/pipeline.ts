// The steps that the action and the CLI share: load and prepare a test, read an earlier results
// file, apply the thresholds.
import { readFile } from 'node:fs/promises';
import { InputError } from './errors.ts';
import { loadDefinition, loadEnvironmentFile } from './definition/load.ts';
import { validateEnvironment } from './definition/validate.ts';
import { prepareTest } from './engine/prepare.ts';
import type { PreparedTest } from './engine/run.ts';
import { evaluateThresholds, type ThresholdOrigin } from './thresholds.ts';
import { initHistograms } from './engine/histogram.ts';
import { readShardFiles } from './merge/load.ts';
import { mergeShards } from './merge/merge.ts';
import type { Environment, LoadTestResult, Threshold, ThresholdOutcome } from './types.ts';

/** An environment given as inline JSON (starts with `{`) or as the path of a JSON file. */
export async function readEnvironmentSpec(spec: string, inputName: string): Promise<Environment | undefined> {
  const text = spec.trim();
  if (text === '') return undefined;
  if (!text.startsWith('{')) return loadEnvironmentFile(text);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new InputError([{ path: inputName, message: `inline environment is not valid JSON: ${(error as Error).message}` }]);
  }
  const checked = validateEnvironment(raw, inputName);
  if (!checked.ok) throw new InputError(checked.problems);
  return checked.environment;
}

export async function loadAndPrepare(file: string, environment: Environment | undefined): Promise<PreparedTest> {
  return prepareTest(await loadDefinition(file), { environment });
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

export function applyThresholds(result: LoadTestResult, thresholds: Threshold[], origin: ThresholdOrigin): { outcomes: ThresholdOutcome[]; passed: boolean } {
  const evaluated = evaluateThresholds(result, thresholds, origin);
  if (!evaluated.ok) throw new InputError(evaluated.problems);
  return { outcomes: evaluated.outcomes, passed: evaluated.outcomes.every((o) => o.passed) };
}

/** Shard results files (files, folders or globs) merged into one result; refusals are bad input. */
export async function mergeShardFiles(args: string[], cwd: string, inputName: string): Promise<LoadTestResult> {
  const files = await readShardFiles(args, cwd, inputName);
  await initHistograms();
  const merged = mergeShards(files);
  if (!merged.ok) throw new InputError(merged.problems);
  return merged.result;
}

/** The web report goes next to the results file: `out.json` → `out.html`. */
export function reportPathFor(resultsPath: string): string {
  return resultsPath.endsWith('.json') ? `${resultsPath.slice(0, -'.json'.length)}.html` : `${resultsPath}.html`;
}
