// What the CLI's flags change in a loaded definition before it is prepared: variables
// (`-e KEY=VALUE`, `--env-var NAME` from this process's environment) and the load (`--duration`,
// `--iterations`, `--rate`; durations and rates with units, src/settings/values.ts). Every
// problem names its flag.
import { failed, isProblem, type Parsed, parsed, parsedUnless, type Problem } from '../errors.ts';
import { duration as durationOf, rate as rateOf, wholeNumber } from '../settings/values.ts';
import type { LoadedDefinition } from '../definition/load.ts';
import { LIMITS } from '../definition/schema.ts';
import { formatCount, formatRate } from '../report/figures.ts';
import { mergeEnvironments } from '../variables/environment.ts';
import type { ConfigData, Environment, EnvVar } from '../types.ts';

export interface LoadFlags {
  duration?: string;
  iterations?: string;
  rate?: string;
}

/** `-e KEY=VALUE` and `--env-var NAME` as environment variables; `env` is the process's. */
export function variablesFromFlags(pairs: readonly string[], fromProcess: readonly string[], env: NodeJS.ProcessEnv): Parsed<EnvVar[]> {
  const problems: Problem[] = [];
  const vars: EnvVar[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? '' : pair.slice(0, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key)) {
      problems.push({ path: '-e', message: `expected KEY=VALUE (a variable name, =, its value), got "${pair}"` });
    } else {
      vars.push({ key, value: pair.slice(eq + 1) });
    }
  }
  for (const name of fromProcess) {
    const value = env[name];
    if (value === undefined) problems.push({ path: '--env-var', message: `${name} is not set in this process's environment` });
    else vars.push({ key: name, value });
  }
  return parsedUnless(problems, vars);
}

/** The environment a run uses: --env (or the definition's), then the flags' variables on top. */
export function environmentWithFlags(given: Environment | undefined, vars: readonly EnvVar[]): Environment | undefined {
  if (vars.length === 0) return given;
  return mergeEnvironments(given, { name: given?.name ?? 'cli', vars: [...vars] });
}

/** The definition with the load flags applied, and what the CLI says of it (`notes`, one line each). */
export interface LoadOverride {
  loaded: LoadedDefinition;
  notes: string[];
}

/**
 * `--duration S`, `--iterations N`, `--rate R` (a constant R per second over the duration) replace
 * the definition's load. `--duration` alone keeps the definition's rate: shortening a smoke test
 * must not send the same iterations faster at a shared service, so the iterations are scaled with
 * the duration (and a note says so); `--iterations` or `--rate` beside it set them instead. A
 * definition with manual_load stages takes none of them: its stages are the load, and a flag would
 * silently mean something else.
 */
export function applyLoadFlags(loaded: LoadedDefinition, flags: LoadFlags): Parsed<LoadOverride> {
  const duration = flagValue(flags.duration, '--duration', (text, flag) => durationOf(text, flag, { whole: true, min: 1 }));
  if (isProblem(duration)) return failed([duration]);
  const iterations = flagValue(flags.iterations, '--iterations', wholeNumber);
  if (isProblem(iterations)) return failed([iterations]);
  const rate = flagValue(flags.rate, '--rate', rateOf);
  if (isProblem(rate)) return failed([rate]);
  if (duration === undefined && iterations === undefined && rate === undefined) return parsed({ loaded, notes: [] });
  const config = { ...loaded.definition.config_data };
  if (config.manual_load) {
    return failed([{ path: flagOf(flags), message: 'the definition sets its load with manual_load stages; change them there' }]);
  }
  if (rate !== undefined && iterations !== undefined) {
    return failed([{ path: '--rate', message: 'give --rate or --iterations, not both: the rate sets the iterations (rate × duration)' }]);
  }
  const notes: string[] = [];
  const problem = applyLoad(config, { duration, iterations, rate }, notes);
  if (problem) return failed([problem]);
  return parsed({ loaded: { ...loaded, definition: { ...loaded.definition, config_data: config } }, notes });
}

/** Sets the load the flags give on `config` (at most one of iterations and rate), or the first bound they pass. */
function applyLoad(
  config: ConfigData,
  { duration, iterations, rate }: { duration?: number; iterations?: number; rate?: number },
  notes: string[],
): Problem | undefined {
  if (duration !== undefined) {
    const planned = { iterations: config.iteration_count, duration: config.duration };
    if (duration > LIMITS.durationS) return beyond(duration, LIMITS.durationS, '--duration', 'seconds (a day)');
    config.duration = duration;
    if (iterations === undefined && rate === undefined) {
      const scaled = Math.max(1, Math.round((planned.iterations * duration) / planned.duration));
      if (scaled > LIMITS.iterations)
        return beyond(scaled, LIMITS.iterations, '--duration', "iterations (the definition's rate × duration)");
      config.iteration_count = scaled;
      notes.push(keptRateNote(duration, scaled, planned));
    }
  }
  if (iterations !== undefined) {
    if (iterations > LIMITS.iterations) return beyond(iterations, LIMITS.iterations, '--iterations', 'iterations');
    config.iteration_count = iterations;
  }
  if (rate !== undefined) {
    const rated = Math.max(1, Math.round(rate * config.duration));
    if (rated > LIMITS.iterations) return beyond(rated, LIMITS.iterations, '--rate', 'iterations (rate × duration)');
    config.load_type = 'linear';
    config.iteration_count = rated;
  }
  return undefined;
}

/**
 * `--duration 2: 40 iterations planned over 2 s (the definition's 100 over 5 s), keeping its 20 it/s
 * (--iterations N sets them instead)`: the count that runs first, the definition's beside it.
 */
function keptRateNote(duration: number, iterations: number, planned: { iterations: number; duration: number }): string {
  const rate = formatRate(planned.iterations / planned.duration, 'it');
  const definition = `the definition's ${formatCount(planned.iterations)} over ${planned.duration} s`;
  return `--duration ${duration}: ${formatCount(iterations)} ${iterations === 1 ? 'iteration' : 'iterations'} planned over ${duration} s (${definition}), keeping its ${rate} (--iterations N sets them instead)`;
}

/** The definition's bounds hold for the flags too: whatever validate accepts, run runs. */
function beyond(n: number, max: number, flag: string, unit: string): Problem {
  return { path: flag, message: `at most ${max} ${unit} are allowed, got ${n}` };
}

/**
 * `--secret NAME` marks a variable secret wherever it is set (the definition's environment,
 * --env, -e, --env-var): its value is then never written to results, reports or logs.
 */
export function markSecrets(
  loaded: LoadedDefinition,
  environment: Environment | undefined,
  names: readonly string[],
): Parsed<{ loaded: LoadedDefinition; environment: Environment | undefined }> {
  if (names.length === 0) return parsed({ loaded, environment });
  const wanted = new Set(names);
  const mark = (env: Environment | undefined): Environment | undefined =>
    env && { ...env, vars: env.vars.map((v) => (wanted.has(v.key) ? { ...v, secret: true } : v)) };
  const known = new Set([...(loaded.definition.environment?.vars ?? []), ...(environment?.vars ?? [])].map((v) => v.key));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    return failed(
      unknown.map((name) => ({
        path: '--secret',
        message: `${name} is not a variable of the environment (set it with --env, -e or --env-var)`,
      })),
    );
  }
  const definition = { ...loaded.definition, ...(loaded.definition.environment && { environment: mark(loaded.definition.environment) }) };
  return parsed({ loaded: { ...loaded, definition }, environment: mark(environment) });
}

function flagOf(flags: LoadFlags): string {
  return flags.rate !== undefined ? '--rate' : flags.iterations !== undefined ? '--iterations' : '--duration';
}

/** The flag's value parsed, absent when not given. */
function flagValue(
  text: string | undefined,
  flag: string,
  parse: (text: string, flag: string) => number | Problem,
): number | undefined | Problem {
  return text === undefined ? undefined : parse(text, flag);
}
