// The file-system edge of the definition: read, parse strictly (json-text.ts), validate, locate
// the line and column of each problem shown (errors.ts), load a referenced environment file and
// locate test data files (both inside the definition's repository and outside .git:
// workspace.ts). Every problem found is thrown at once, as one InputError.
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { failed, InputError, type Parsed, type Problem } from '../errors.ts';
import type { Environment, LoadTestDefinition, TestDataSet } from '../types.ts';
import { type JsonDocument, locateProblems, parseJsonText } from './json-text.ts';
import { MAX_DATA_BYTES, MAX_DEFINITION_BYTES, openRegularFile, readTextFile } from './text-file.ts';
import { validatedOrSalvaged } from './salvage.ts';
import { validateEnvironment } from './validate.ts';
import { confinementProblem, dataRoot } from './workspace.ts';

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

/**
 * `workspace` is the folder of the checked-out repository in CI (GITHUB_WORKSPACE): data files of
 * a definition inside it must be inside it too (workspace.ts).
 */
export async function loadDefinition(path: string, workspace = process.env.GITHUB_WORKSPACE): Promise<LoadedDefinition> {
  const text = await readText(path);
  if (!text.ok) throw new InputError([{ file: path, path: '$', message: `cannot read the test definition: ${text.reason}` }]);
  const parsed = parseJson(text.value, path);
  const validation = validatedOrSalvaged(parsed.json, path);
  const refused = locateProblems(validation.problems, parsed.text);
  const { salvaged } = validation;
  if (!salvaged) throw new InputError(refused);

  const dir = dirname(resolve(path));
  const { definition, environmentPath } = salvaged;
  const problems: Problem[] = [];
  const root = await dataRoot(dir, workspace);
  if (environmentPath !== undefined) {
    const environment = await loadReferencedEnvironment(path, environmentPath, root);
    if (environment.ok) definition.environment = environment.value;
    else problems.push(...environment.problems);
  }
  const located = await Promise.all(definition.test_data.map((set, i) => locateTestData(set, i, { dir, root }, path)));
  problems.push(...located.flatMap((l) => l.problems));
  definition.test_data = located.map((l) => l.set);
  const loaded = { definition, file: path, dir };
  if (refused.length > 0) throw new DefinitionProblems([...refused, ...problems], { loaded, replaced: salvaged.replaced });
  if (problems.length > 0) throw new InputError(problems);
  return loaded;
}

/**
 * A definition refused, with what was left of it once the refused parts were pruned
 * (salvage.ts): a caller checks that too (variables, thresholds), so that one report holds
 * every problem. Its problems inside `replaced` steps are not the user's (laterProblems).
 */
export class DefinitionProblems extends InputError {
  readonly salvaged: { loaded: LoadedDefinition; replaced: string[] };
  constructor(problems: Problem[], salvaged: { loaded: LoadedDefinition; replaced: string[] }) {
    super(problems);
    this.salvaged = salvaged;
  }
}

/**
 * An environment file the user names (--environment, the action's `environment` input). Its
 * values are secrets as often as not: a syntax error names the place, never the text there.
 */
export async function loadEnvironmentFile(path: string): Promise<Environment> {
  const refused = await confinementProblem(resolve(path));
  if (refused) throw new InputError([{ file: path, path: '$', message: `cannot read the environment file: it ${refused}` }]);
  const text = await readText(path);
  if (!text.ok) throw new InputError([{ file: path, path: '$', message: `cannot read the environment file: ${text.reason}` }]);
  const parsed = parseJson(text.value, path, { secret: true });
  const validation = validateEnvironment(parsed.json, path);
  if (!validation.ok) throw new InputError(locateProblems(validation.problems, parsed.text));
  return validation.value;
}

/** The definition's `environment` file: confined as its test data is, parsed as secret text. */
async function loadReferencedEnvironment(definitionFile: string, reference: string, root: string): Promise<Parsed<Environment>> {
  // Named as the user can open it from where they ran the tool.
  const file = isAbsolute(reference) ? reference : join(dirname(definitionFile), reference);
  const problem = (message: string): Parsed<Environment> =>
    failed([{ file: definitionFile, path: '$.environment', message: `${message} (looked for ${resolve(file)})` }]);
  const refused = await confinementProblem(resolve(file), { root, rule: ENVIRONMENT_RULE });
  if (refused) return problem(`environment file ${JSON.stringify(reference)} ${refused}`);
  const text = await readText(file);
  if (!text.ok) return problem(`cannot read the environment file ${JSON.stringify(reference)}: ${text.reason}`);
  const parsed = parseJsonText(text.value, file, { secret: true });
  if (!parsed.ok) return parsed;
  const validation = validateEnvironment(parsed.value.json, file);
  return validation.ok ? validation : failed(locateProblems(validation.problems, parsed.value.text));
}

const DATA_RULE = 'test data must be inside the repository or workspace of the definition';
const ENVIRONMENT_RULE = 'an environment file must be inside the repository or workspace of the definition';

/** A data file: found, a regular file, inside the root its definition's repository gives and outside .git (after symlinks). */
async function locateTestData(
  set: TestDataSet,
  index: number,
  folders: { dir: string; root: string },
  definitionFile: string,
): Promise<{ set: TestDataSet; problems: Problem[] }> {
  const absolute = resolve(folders.dir, set.file);
  const problem = (reason: string): Problem => ({
    file: definitionFile,
    path: `$.test_data[${index}].file`,
    message: `data file ${JSON.stringify(set.file)} ${reason} (looked for ${absolute})`,
  });
  const refused = await confinementProblem(absolute, { root: folders.root, rule: DATA_RULE });
  if (refused) return { set, problems: [problem(refused)] };
  const file = await openRegularFile(absolute, MAX_DATA_BYTES);
  if (!file.ok) return { set, problems: [problem(file.reason)] };
  await file.handle.close();
  return { set: { ...set, file: absolute }, problems: [] };
}

function readText(path: string): ReturnType<typeof readTextFile> {
  return readTextFile(path, MAX_DEFINITION_BYTES);
}

/** Parses JSON strictly (json-text.ts); its problems become an InputError. */
function parseJson(text: string, file: string, options: { secret?: boolean } = {}): JsonDocument {
  const parsed = parseJsonText(text, file, options);
  if (!parsed.ok) throw new InputError(parsed.problems);
  return parsed.value;
}
