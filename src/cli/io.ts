// What every command of the CLI shares (cli.ts and the capacity command, capacity.ts): its
// streams, its arguments read by the settings table, the definition checked with the flags
// applied, where the summary goes, the signal that stopped it, and its log.
import { valueOrThrow } from '../errors.ts';
import type { LoadTestDefinition } from '../types.ts';
import { type CheckOptions, checkTest } from '../engine/prepare.ts';
import type { RunLog } from '../pipeline/measure.ts';
import { checkedAtOnce, readEnvironmentSpec } from '../pipeline/sources.ts';
import { type CommandArgs, parseCommandArgs } from '../settings/argv.ts';
import type { Command } from '../settings/table.ts';
import type { StopSignal } from '../verdict/judge.ts';
import { applyLoadFlags, environmentWithFlags, type LoadFlags, markSecrets, variablesFromFlags } from './overrides.ts';

export interface CliIo {
  out: (text: string) => void;
  /** A line on stderr; text starting with `\r` is an in-place line that the next one replaces (lineStreams). */
  err: (text: string) => void;
  /** stdout is a terminal: the summary is coloured. */
  isTTY: boolean;
  /** stderr is a terminal: the progress line updates in place there. */
  errIsTTY?: boolean;
  /** Aborted on SIGINT/SIGTERM (its reason is the signal's name): stop, keep what ran. */
  signal?: AbortSignal;
}

/** The command's arguments by the settings table; a notice on stderr for each older spelling used. */
export function argsOf(command: Command, args: string[], io: CliIo): CommandArgs {
  const parsed = parseCommandArgs(command, args);
  for (const notice of parsed.notices) io.err(notice);
  return parsed;
}

/**
 * The definition with the flags' variables and load applied, checked (every input problem found
 * here, in one report): its schema and rules, then its variables and data, and `gate` (the
 * thresholds, given the definition) — on what is left of a refused definition too (salvage.ts).
 */
export async function checkWithFlags(
  file: string,
  flags: CommandArgs,
  io: CliIo,
  load: LoadFlags = {},
  check: CheckOptions = {},
  gate: (definition: LoadTestDefinition) => void = () => {},
) {
  const vars = valueOrThrow(variablesFromFlags(flags.list('var'), flags.list('env-var'), process.env));
  const given = environmentWithFlags(await readEnvironmentSpec(flags.text('environment') ?? '', '--environment'), vars);
  const { test, notes } = await checkedAtOnce(
    file,
    async (loaded) => {
      const overridden = valueOrThrow(applyLoadFlags(loaded, load));
      const marked = valueOrThrow(markSecrets(overridden.loaded, given, flags.list('secret')));
      const test = await checkTest(marked.loaded, { ...check, ...(marked.environment && { environment: marked.environment }) });
      return { test, notes: overridden.notes };
    },
    gate,
  );
  for (const note of notes) io.err(`note: ${note}`);
  return test;
}

/**
 * Where the summary goes: stdout, unless --json claims stdout for the results (the summary then
 * goes to stderr) or --quiet leaves it out. Progress and logs are always on stderr.
 */
export function outputsOf(io: CliIo, flags: CommandArgs): CliIo {
  if (flags.flag('quiet')) return { ...io, out: () => {} };
  if (flags.flag('json')) return { ...io, out: io.err };
  return io;
}

/** The signal that cut the run short, if one did (its name is the abort reason entry.ts gives). */
export function stopSignalOf(io: CliIo): StopSignal | undefined {
  const reason: unknown = io.signal?.reason;
  return reason === 'SIGINT' || reason === 'SIGTERM' ? reason : undefined;
}

/** Progress and notes on stderr, so that stdout keeps the summary (or the JSON results). */
export function cliLog(io: CliIo): RunLog {
  return { info: (line) => io.err(line), warn: (line) => io.err(`warning: ${line}`) };
}
