// Where a run's inputs come from: the definition and its environment, the proxies, an earlier
// results file (the baseline), and where the web report goes beside the results file.
import { readFile } from 'node:fs/promises';
import { allParsed, InputError, inputProblems, valueOrThrow } from '../errors.ts';
import { parseJsonText } from '../definition/json-text.ts';
import { MAX_DEFINITION_BYTES, readTextFile } from '../definition/text-file.ts';
import { parseProxies } from '../engine/proxies.ts';
import { DefinitionProblems, type LoadedDefinition, loadDefinition, loadEnvironmentFile } from '../definition/load.ts';
import { laterProblems } from '../definition/salvage.ts';
import { validateEnvironment } from '../definition/validate.ts';
import { checkTest, type CheckedTest } from '../engine/prepare.ts';
import type { Environment, LoadTestDefinition, LoadTestResult } from '../types.ts';

/** An environment given as inline JSON (starts with `{`) or as the path of a JSON file. */
export async function readEnvironmentSpec(spec: string, inputName: string): Promise<Environment | undefined> {
  const text = spec.trim();
  if (text === '') return undefined;
  if (!text.startsWith('{')) return loadEnvironmentFile(text);
  // The text may hold secret values: a syntax error is never quoted. The input is no file, so its
  // problems carry no line for an annotation to point at.
  const parsed = parseJsonText(text, inputName, { secret: true });
  if (!parsed.ok) throw new InputError(parsed.problems.map(({ line: _line, column: _column, ...p }) => p));
  const checked = validateEnvironment(parsed.value.json, inputName);
  if (!checked.ok) throw new InputError(checked.problems);
  return checked.value;
}

/**
 * The proxies of `--proxies` entries, or of a `--proxies-file` holding the same entries (one or
 * more a line; blank lines and `#` comments skipped), which keeps their credentials out of shell
 * history and the process list. One or the other: a country given in both would silently lose one.
 */
export async function readProxies(entries: string[], file: string | undefined): Promise<Record<string, string>> {
  if (file === undefined) return valueOrThrow(parseProxies(entries, '--proxies'));
  if (entries.length > 0) throw new InputError([{ path: '--proxies-file', message: 'give --proxies or --proxies-file, not both' }]);
  const text = await readTextFile(file, MAX_DEFINITION_BYTES);
  if (!text.ok) throw new InputError([{ file, path: '--proxies-file', message: `cannot read the proxies file: ${text.reason}` }]);
  const lines = text.value.split(/\r?\n/).map((line, i) => ({ line: line.trim(), at: `line ${i + 1}` }));
  const parsed = allParsed(
    lines.filter(({ line }) => line !== '' && !line.startsWith('#')).map(({ line, at }) => parseProxies([line], at)),
  );
  if (!parsed.ok) throw new InputError(parsed.problems.map((p) => ({ file, ...p })));
  return Object.assign({}, ...parsed.value);
}

/**
 * The test checked to its last template, and `gate` (the thresholds, given the definition), every
 * problem in one report; the engine threads prepare it (docs/engine.md).
 */
export async function loadAndCheck(
  file: string,
  environment: Environment | undefined,
  gate?: (definition: LoadTestDefinition) => void,
): Promise<CheckedTest> {
  return checkedAtOnce(file, (loaded) => checkTest(loaded, { environment }), gate);
}

/**
 * Every input problem of a definition file in one report: its schema and rules, then `check`
 * (variables, data) and `gate` (thresholds), run on what is left of a refused definition too
 * (salvage.ts). Their problems inside a stand-in step, or at a path already reported, are dropped.
 */
export async function checkedAtOnce<T>(
  file: string,
  check: (loaded: LoadedDefinition) => Promise<T>,
  gate: (definition: LoadTestDefinition) => void = () => {},
): Promise<T> {
  const refused = await loadDefinition(file).catch((error: unknown) => {
    if (error instanceof DefinitionProblems) return error;
    throw error;
  });
  const loaded = refused instanceof DefinitionProblems ? refused.salvaged.loaded : refused;
  const checked = await inputProblems(() => check(loaded));
  const gated = await inputProblems(async () => gate(loaded.definition));
  const earlier = refused instanceof DefinitionProblems ? refused.problems : [];
  const replaced = refused instanceof DefinitionProblems ? refused.salvaged.replaced : [];
  const later = laterProblems([...checked.problems, ...gated.problems], earlier, replaced);
  if (earlier.length + later.length > 0 || checked.value === undefined) throw new InputError([...earlier, ...later]);
  return checked.value;
}

/** An earlier results file (the baseline): it must at least have the 2.5 `results` block. */
export async function readResultsFile(path: string, inputName: string): Promise<LoadTestResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    // The file is named once, by the problem's place; Node's message names it again ("open '…'").
    const { code, message } = error as NodeJS.ErrnoException;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : (code ?? message);
    const history =
      path === 'history' || path.startsWith('history:')
        ? ` (${inputName} history is the median of the runs --history reads, which this command does not read)`
        : '';
    throw new InputError([{ file: path, path: inputName, message: `could not read a results file: ${why}${history}` }]);
  }
  const parsed = parseJsonText(text, path);
  if (!parsed.ok) throw new InputError(parsed.problems);
  const raw = parsed.value.json;
  const results = (raw as { results?: { steps?: unknown } } | null)?.results;
  if (!results || !Array.isArray(results.steps)) {
    throw new InputError([
      {
        file: path,
        path: '$.results.steps',
        message: 'expected a loadgate results file (docs/interface.md 2.5: results.steps is an array)',
      },
    ]);
  }
  return raw as LoadTestResult;
}

/** The web report goes next to the results file: `out.json` → `out.html`. */
export function reportPathFor(resultsPath: string): string {
  return resultsPath.endsWith('.json') ? `${resultsPath.slice(0, -'.json'.length)}.html` : `${resultsPath}.html`;
}

/** A results file's text (a load test's or a latency test's): indented JSON. */
export function resultsText(result: object): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
