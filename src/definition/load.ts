// The file-system edge of the definition: read, parse (with line and column on a syntax
// error), validate, load a referenced environment file and locate test data files.
// Every problem found is thrown at once, as one InputError.
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { InputError, type Problem } from '../errors.ts';
import type { Environment, LoadTestDefinition, TestDataSet } from '../types.ts';
import { MAX_DATA_BYTES, MAX_DEFINITION_BYTES, openRegularFile, readTextFile } from './text-file.ts';
import { validateDefinition, validateEnvironment } from './validate.ts';

export interface LoadedDefinition {
  /**
   * Validated, defaults applied, environment loaded. `test_data[].file` is the absolute path
   * of the data file (resolved against the definition's directory), so that readers need not
   * know where the definition was.
   */
  definition: LoadTestDefinition;
  /** The definition path as given. */
  file: string;
  /** Absolute directory of the definition file. */
  dir: string;
}

export async function loadDefinition(path: string): Promise<LoadedDefinition> {
  const text = await readText(path);
  if (!text.ok) throw new InputError([{ file: path, path: '$', message: `cannot read the test definition: ${text.reason}` }]);
  const raw = parseJson(text.value, path);
  const validation = validateDefinition(raw, path);
  if (!validation.ok) throw new InputError(validation.problems.map((p) => withPosition(p, text.value)));

  const dir = dirname(resolve(path));
  const definition = validation.definition;
  const problems: Problem[] = [];
  if (validation.environmentPath !== undefined) {
    const environment = await loadReferencedEnvironment(path, validation.environmentPath);
    if (environment.ok) definition.environment = environment.environment;
    else problems.push(...environment.problems);
  }
  const located = await Promise.all(definition.test_data.map((set, i) => locateTestData(set, i, dir, path)));
  problems.push(...located.flatMap((l) => l.problems));
  if (problems.length > 0) throw new InputError(problems);
  definition.test_data = located.map((l) => l.set);
  return { definition, file: path, dir };
}

export async function loadEnvironmentFile(path: string): Promise<Environment> {
  const text = await readText(path);
  if (!text.ok) throw new InputError([{ file: path, path: '$', message: `cannot read the environment file: ${text.reason}` }]);
  const validation = validateEnvironment(parseJson(text.value, path), path);
  if (!validation.ok) throw new InputError(validation.problems);
  return validation.environment;
}

async function loadReferencedEnvironment(
  definitionFile: string,
  reference: string,
): Promise<{ ok: true; environment: Environment } | { ok: false; problems: Problem[] }> {
  // Named as the user can open it from where they ran the tool.
  const file = isAbsolute(reference) ? reference : join(dirname(definitionFile), reference);
  const text = await readText(file);
  if (!text.ok) {
    const message = `cannot read the environment file ${JSON.stringify(reference)}: ${text.reason} (looked for ${resolve(file)})`;
    return { ok: false, problems: [{ file: definitionFile, path: '$.environment', message }] };
  }
  try {
    return validateEnvironment(parseJson(text.value, file), file);
  } catch (err) {
    if (err instanceof InputError) return { ok: false, problems: err.problems };
    throw err;
  }
}

async function locateTestData(
  set: TestDataSet,
  index: number,
  dir: string,
  definitionFile: string,
): Promise<{ set: TestDataSet; problems: Problem[] }> {
  const absolute = resolve(dir, set.file);
  const problem = (reason: string): Problem => ({
    file: definitionFile,
    path: `$.test_data[${index}].file`,
    message: `data file ${JSON.stringify(set.file)} ${reason} (looked for ${absolute})`,
  });
  const file = await openRegularFile(absolute, MAX_DATA_BYTES);
  if (!file.ok) return { set, problems: [problem(file.reason)] };
  await file.handle.close();
  return { set: { ...set, file: absolute }, problems: [] };
}

function readText(path: string): ReturnType<typeof readTextFile> {
  return readTextFile(path, MAX_DEFINITION_BYTES);
}

/** Parses JSON; a syntax error becomes an InputError at its line and column. */
function parseJson(text: string, file: string): unknown {
  const source = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(source);
  } catch (err) {
    const { line, column } = lineAndColumn(source, syntaxErrorOffset(source));
    const reason = (err as Error).message
      .replace(/, (\.\.\.)?".*" is not valid JSON$/s, '')
      .replace(/ in JSON at position \d+.*$/s, '');
    throw new InputError([{ file, path: `line ${line}, column ${column}`, message: `JSON syntax error: ${reason}`, line, column }]);
  }
}

/** A problem at a JSON path (`$.config_data.steps[1].method`), with the line and column it is at in the text. */
function withPosition(problem: Problem, text: string): Problem {
  const segments = jsonPathSegments(problem.path);
  if (!segments) return problem;
  const root = parseTree(text.replace(/^\uFEFF/, ''));
  // The deepest node of the path that exists: a missing key points at the object that lacks it.
  for (let n = segments.length; n >= 0 && root; n--) {
    const node = findNodeAtLocation(root, segments.slice(0, n));
    if (!node) continue;
    const at = node.parent?.type === 'property' && n > 0 ? node.parent.offset : node.offset;
    return { ...problem, ...lineAndColumn(text.replace(/^\uFEFF/, ''), at) };
  }
  return problem;
}

/** `$.a.b[2]["c d"]` → ['a', 'b', 2, 'c d']; undefined for what is not a JSON path. */
function jsonPathSegments(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: (string | number)[] = [];
  const pattern = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < path.length) {
    const match = pattern.exec(path);
    if (!match) return undefined;
    segments.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : (JSON.parse(match[3]!) as string)));
  }
  return segments;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Where JSON.parse gave up. V8 names the position for some errors only, so the text is
 * scanned again (only after a failed parse) to find the first offending character.
 */
function syntaxErrorOffset(text: string): number {
  let i = 0;
  const stop = (): never => {
    throw new JsonStop(i);
  };
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const expect = (char: string) => (text.charAt(i) === char ? i++ : stop());
  const string = () => {
    expect('"');
    while (i < text.length) {
      const c = text.charAt(i);
      if (c === '"') return void i++;
      if (c < ' ') stop();
      if (c === '\\') {
        i++;
        if (text.charAt(i) === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) stop();
          i += 4;
        } else if (i >= text.length || !'"\\/bfnrt'.includes(text.charAt(i))) stop();
      }
      i++;
    }
    stop();
  };
  const members = (close: string, item: () => void) => {
    i++;
    skipSpace();
    if (text.charAt(i) === close) return void i++;
    for (;;) {
      item();
      skipSpace();
      if (text.charAt(i) === close) return void i++;
      expect(',');
      skipSpace();
    }
  };
  const value = (): void => {
    skipSpace();
    const c = text.charAt(i);
    if (c === '{') {
      return members('}', () => {
        string();
        skipSpace();
        expect(':');
        value();
      });
    }
    if (c === '[') return members(']', value);
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (c !== word.charAt(0)) continue;
      for (const w of word) expect(w);
      return;
    }
    const number = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    number.lastIndex = i;
    if (!number.test(text)) stop();
    i = number.lastIndex;
  };
  try {
    value();
    skipSpace();
    return i < text.length ? i : text.length;
  } catch (err) {
    if (err instanceof JsonStop) return err.offset;
    return text.length;
  }
}

class JsonStop {
  readonly offset: number;
  constructor(offset: number) {
    this.offset = offset;
  }
}
