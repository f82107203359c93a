// A command's arguments read by the table: parseArgs options from the command's settings, the
// older spellings folded into the new names (with a notice each), defaults applied, too many
// arguments refused, and the flags other load testers use answered with loadgate's own.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from './suggest.ts';
import { type Command, defaultOf, type Setting, settingsOf } from './table.ts';

/** A command line loadgate cannot take: one line that says what to type instead (exit 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The most arguments each command takes besides its flags (merge: any number of files). */
const POSITIONALS: Record<Command, { max: number; what: string }> = {
  run: { max: 1, what: 'one definition file' },
  validate: { max: 1, what: 'one definition file' },
  compare: { max: 1, what: 'one definition file' },
  merge: { max: Number.POSITIVE_INFINITY, what: 'results files' },
  latency: { max: 1, what: 'one URL' },
  'wait-for': { max: 1, what: 'one URL' },
  import: { max: 2, what: 'a format and one file' },
  serve: { max: 0, what: 'no arguments' },
  shard: { max: 0, what: 'no arguments' },
  capacity: { max: 1, what: 'one definition file' },
};

const OPEN_MODEL =
  'loadgate sets the load as a rate, not as a number of users or connections: --rate 20/s starts 20 iterations a second, and --max-concurrency N caps how many are in flight';

/** What k6, autocannon and hey users type first, where loadgate's flag means something else (docs/settings.md). */
const HABITS: Record<string, string> = {
  '--vus': `--vus (k6): ${OPEN_MODEL}`,
  '-u': `-u (k6 --vus): ${OPEN_MODEL}`,
  '--connections': `--connections (autocannon): ${OPEN_MODEL}`,
  '-c': `-c (autocannon, hey): ${OPEN_MODEL}`,
  '-n': '-n (hey, ab): loadgate counts iterations, each running every step of the definition: --iterations N',
  '--requests': '--requests: loadgate counts iterations, each running every step of the definition: --iterations N',
};

/** k6's `--env KEY=VALUE`: a variable, where loadgate's --environment takes a whole environment. */
const VARIABLE_PAIR = /^[A-Za-z_][A-Za-z0-9_.-]*=/;

export interface CommandArgs {
  positionals: string[];
  /** One line per older spelling used: `--results is now --results-file`. */
  notices: string[];
  text(name: string): string | undefined;
  list(name: string): string[];
  flag(name: string): boolean;
  /** Given on the command line (under its name or an older one), not only defaulted. */
  given(name: string): boolean;
  value(name: string): Value;
}

export type Value = string | boolean | (string | boolean)[] | undefined;

export function parseCommandArgs(command: Command, args: string[]): CommandArgs {
  const settings = settingsOf(command);
  const { values, positionals } = parseOrExplain(command, args, settings);
  const limit = POSITIONALS[command];
  if (positionals.length > limit.max) {
    const extra = positionals
      .slice(limit.max)
      .map((p) => `"${p}"`)
      .join(', ');
    throw new UsageError(`loadgate ${command}: unexpected argument ${extra} (it takes ${limit.what})`);
  }
  const notices: string[] = [];
  const resolved = new Map<string, Value>();
  for (const setting of settings) resolved.set(setting.name, resolve(command, setting, values, notices));
  const given = new Set(settings.filter((s) => [s.name, ...(s.aliases ?? [])].some((n) => values[n] !== undefined)).map((s) => s.name));
  checkEnvironmentPair(command, resolved.get('environment'));
  return {
    positionals,
    notices,
    text: (name) => known(resolved, name) as string | undefined,
    list: (name) => (known(resolved, name) as string[] | undefined) ?? [],
    flag: (name) => known(resolved, name) === true,
    given: (name) => known(resolved, name) !== undefined && given.has(name),
    value: (name) => known(resolved, name),
  };
}

/** Every flag the command takes, as typed (short and older spellings too), and the name it stands for. */
export function flagsOf(command: Command): Map<string, string> {
  return new Map(
    settingsOf(command).flatMap((s) => {
      const flag = `--${s.name}`;
      const typed = [flag, ...(s.short ? [`-${s.short}`] : []), ...(s.aliases ?? []).map((a) => `--${a}`)];
      return typed.map((t): [string, string] => [t, t.startsWith('--') ? flag : t]);
    }),
  );
}

function known(resolved: Map<string, Value>, name: string): Value {
  if (!resolved.has(name)) throw new Error(`no setting "${name}" in this command's table`);
  return resolved.get(name);
}

function optionsOf(settings: readonly Setting[]): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const s of settings) {
    options[s.name] = { type: s.type, ...(s.multiple && { multiple: true }), ...(s.short && { short: s.short }) };
    for (const alias of s.aliases ?? []) options[alias] = { type: s.type, ...(s.multiple && { multiple: true }) };
  }
  return options;
}

function parseOrExplain(command: Command, args: string[], settings: readonly Setting[]) {
  try {
    return parseArgs({ args, allowPositionals: true, allowNegative: true, options: optionsOf(settings) });
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (!code.startsWith('ERR_PARSE_ARGS')) throw error;
    throw new UsageError(parseArgsLine(command, error as Error, code));
  }
}

/** One line: the option refused, what loadgate has instead or the closest one, and where the list is. */
function parseArgsLine(command: Command, error: Error, code: string): string {
  const option = /'(-{1,2}[^'=]*)/.exec(error.message)?.[1];
  const see = `loadgate ${command} --help lists its options`;
  if (!option || !code.includes('UNKNOWN_OPTION')) return `loadgate ${command}: ${error.message.replace(/\s*\n\s*/g, ' ')} (${see})`;
  const habit = HABITS[option];
  if (habit) return `loadgate ${command}: ${habit}`;
  const flags = flagsOf(command);
  const near = closest(option, [...flags.keys()]);
  const suggestion = near && flags.get(near);
  return `loadgate ${command}: unknown option ${option}${suggestion ? `; did you mean ${suggestion}?` : ''} (${see})`;
}

/** The value under the new name, else under an older one (noted), else the default. */
function resolve(command: Command, setting: Setting, values: Record<string, Value>, notices: string[]): Value {
  const given = [setting.name, ...(setting.aliases ?? [])].filter((name) => values[name] !== undefined);
  for (const alias of given.filter((name) => name !== setting.name))
    notices.push(`note: --${alias} is now --${setting.name} (the old name still works)`);
  if (setting.multiple) return given.flatMap((name) => values[name] as string[]);
  const value = given.length > 0 ? values[given[0]!] : undefined;
  if (value !== undefined) return value;
  const fallback = defaultOf(setting, command);
  return setting.type === 'boolean' ? fallback === 'true' : fallback;
}

function checkEnvironmentPair(command: Command, value: Value): void {
  if (command === 'import' || typeof value !== 'string' || !VARIABLE_PAIR.test(value)) return;
  throw new UsageError(
    `loadgate ${command}: --environment takes a whole environment (a file or inline JSON), not "${value}"; set one variable with -e KEY=VALUE`,
  );
}
