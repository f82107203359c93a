// For the import tests: `loadgate import` and `loadgate validate` called in this process, and an
// imported definition run by the embedded engine against a local server, with the values a user
// gives on the command line (-e NAME=VALUE) for the variables the import left to set.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../src/cli/cli.ts';
import { clipped } from '../../src/errors.ts';
import { validateDefinition } from '../../src/definition/validate.ts';
import { prepareTest } from '../../src/engine/prepare.ts';
import type { LoadTestResult } from '../../src/types.ts';
import { runPrepared } from './run-definition.ts';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import');

export interface Imported {
  code: number;
  stderr: string;
  stdout: string;
  /** The written definition (parsed), when the import succeeded. */
  definition?: ImportedDefinition;
  file: string;
}

export interface ImportedDefinition {
  name: string;
  config_data: {
    steps: {
      id: number;
      name: string;
      url: string;
      method: string;
      headers?: Record<string, string>;
      payload?: string;
      sleep?: string;
      others?: Record<string, boolean>;
      stream?: Record<string, unknown>;
    }[];
    iteration_count: number;
    duration: number;
  };
  environment?: { name: string; vars: { key: string; value: unknown; secret?: boolean }[] };
}

export async function runLoadgate(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    out: (t: string) => (stdout += `${t}\n`),
    err: (t: string) => (stderr += `${t}\n`),
    isTTY: false,
    readStdin: async () => stdin,
  };
  const code = await cli(args, io);
  return { code, stdout, stderr };
}

/** `loadgate import <format> <input> -o <tmp file> [args]`, then `loadgate validate` on the file. */
export async function importToFile(format: string, input: string, args: string[] = [], stdin = ''): Promise<Imported> {
  const file = join(mkdtempSync(join(tmpdir(), 'loadgate-import-')), 'loadtest.json');
  const run = await runLoadgate(['import', format, input, '-o', file, ...args], stdin);
  if (run.code !== 0) return { ...run, file };
  const validated = await runLoadgate(['validate', file]);
  if (validated.code !== 0) throw new Error(`the imported definition does not validate:\n${validated.stderr}`);
  return { ...run, file, definition: JSON.parse(readFileSync(file, 'utf8')) as ImportedDefinition };
}

/** Runs the definition with a few iterations; `vars` are given as -e would give them. */
export async function runImported(
  definition: ImportedDefinition,
  vars: Record<string, string> = {},
  iterations = 2,
): Promise<LoadTestResult> {
  const raw = { ...definition, config_data: { ...definition.config_data, iteration_count: iterations, duration: 1 } };
  const checked = validateDefinition(raw, 'imported.json');
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const environment = { name: 'cli', vars: Object.entries(vars).map(([key, value]) => ({ key, value })) };
  const test = await prepareTest(
    { definition: checked.value.definition, file: 'imported.json', dir: process.cwd() },
    Object.keys(vars).length > 0 ? { environment } : {},
  );
  return runPrepared(test, { concurrency: 4 });
}

/** Each step's status codes, by step name: what "every step 2xx" is checked on. */
export function statusesByStep(definition: ImportedDefinition, result: LoadTestResult): Record<string, string[]> {
  return Object.fromEntries(
    result.results.steps.map((s) => [definition.config_data.steps.find((d) => d.id === s.id)!.name, Object.keys(s.status_code_dist)]),
  );
}

export function secretKeys(definition: ImportedDefinition): string[] {
  return (definition.environment?.vars ?? [])
    .filter((v) => v.secret)
    .map((v) => v.key)
    .sort();
}

/** 100,000 arrays, each inside the one before: what exhausted the parsers' stack. */
export const DEEP_ARRAYS = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

/** The one line of a refused deep document: its file, the path where it passed the limit (cut as messages cut it), the limit. */
export function tooDeepLine(file: string, path: string): string {
  return `${file}: ${clipped(path)}: arrays and objects nested more than 256 levels deep; an import needs far fewer`;
}
