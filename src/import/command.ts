// `loadgate import har|postman|openapi|curl <file|->`: what a team already has → a definition
// that passes `loadgate validate`, on stdout or in -o FILE, with a summary of what was kept and
// dropped on stderr. Each format is a thin adapter over its parser, loaded only for its format.
import { writeFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { parseCommandArgs } from '../settings/argv.ts';
import { InputError, inputProblems, type Parsed, valueOrThrow } from '../errors.ts';
import { LOADTEST_SCHEMA_ID } from '../definition/schema.ts';
import { laterProblems, validatedOrSalvaged } from '../definition/salvage.ts';
import { checkTest } from '../engine/prepare.ts';
import { applyLoadFlags } from '../cli/overrides.ts';
import { assemble, plural, type RawDefinition } from './assemble.ts';
import { readSource } from './input.ts';
import { extractSecrets } from './secrets.ts';
import type { AdapterOptions, Imported, Source } from './types.ts';

export interface ImportIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The text of stdin, for `-` (default: this process's). */
  readStdin?: () => Promise<string>;
}

type Adapter = (source: Source, options: AdapterOptions) => Promise<Parsed<Imported>>;

const FORMATS: Record<string, { label: string; load: () => Promise<Adapter>; flags: string[] }> = {
  har: { label: 'HAR', load: async () => (await import('./har.ts')).importHar, flags: ['include', 'exclude', 'think-time'] },
  postman: { label: 'Postman collection', load: async () => (await import('./postman.ts')).importPostman, flags: ['environment'] },
  openapi: { label: 'OpenAPI document', load: async () => (await import('./openapi.ts')).importOpenApi, flags: ['operation', 'tag'] },
  curl: { label: 'curl command lines', load: async () => (await import('./curl.ts')).importCurl, flags: [] },
};

export async function importCommand(args: string[], io: ImportIo): Promise<number> {
  const flags = parseCommandArgs('import', args);
  const [format = '', file] = flags.positionals;
  const output = flags.text('output');
  const keepSecrets = flags.flag('keep-secrets');
  const spec = FORMATS[format];
  if (!spec)
    throw new InputError([
      {
        path: 'format',
        message: `expected one of ${Object.keys(FORMATS).join(', ')}, got ${format ? `"${format}"` : 'nothing'} (loadgate import <format> <file|->)`,
      },
    ]);
  if (!file) throw new InputError([{ path: 'file', message: `expected the ${spec.label} to import: a file, or - for stdin` }]);
  checkFormatFlags(format, args);
  const readStdin = io.readStdin ?? (() => text(process.stdin));
  const source = valueOrThrow(await readSource(file, readStdin));
  const environmentFile = flags.text('environment');
  const environment = environmentFile === undefined ? undefined : valueOrThrow(await readSource(environmentFile, readStdin));
  const adapter = await spec.load();
  const imported = valueOrThrow(
    await adapter(source, {
      include: flags.list('include'),
      exclude: flags.list('exclude'),
      thinkTime: flags.flag('think-time'),
      operations: flags.list('operation'),
      tags: flags.list('tag'),
      ...(environment && { environment }),
    }),
  );
  const secrets = extractSecrets(imported.requests, imported.variables, keepSecrets);
  const raw = valueOrThrow(
    assemble({
      name: flags.text('name') ?? imported.title,
      requests: secrets.requests,
      variables: secrets.variables,
      notes: imported.notes,
      file: source.file,
    }),
  );
  const load = { rate: flags.text('rate'), duration: flags.text('duration'), iterations: flags.text('iterations') };
  const definition = await checkedWithLoad(raw, output ?? '(imported definition)', load);
  const json = `${JSON.stringify({ $schema: LOADTEST_SCHEMA_ID, ...definition }, null, 2)}\n`;
  if (output === undefined) io.out(json.trimEnd());
  else await writeFile(output, json);
  io.err(summary(spec.label, source.file, definition, imported, secrets.found, keepSecrets, output));
  return 0;
}

/** A flag of another format is a mistake worth saying, not an option silently ignored. */
function checkFormatFlags(format: string, args: string[]): void {
  const foreign = Object.entries(FORMATS)
    .filter(([name]) => name !== format)
    .flatMap(([name, f]) => f.flags.map((flag) => ({ flag, name })))
    .filter(({ flag }) => !FORMATS[format]!.flags.includes(flag) && args.some((a) => a === `--${flag}` || a.startsWith(`--${flag}=`)));
  if (foreign.length > 0)
    throw new InputError(
      foreign.map(({ flag, name }) => ({ path: `--${flag}`, message: `applies to loadgate import ${name}, not ${format}` })),
    );
}

/**
 * The load flags mean what they mean for `loadgate run` (applyLoadFlags), and the result is
 * checked as `loadgate validate` checks it: an import never writes a file that does not run.
 */
async function checkedWithLoad(
  raw: RawDefinition,
  file: string,
  flags: { rate?: string; duration?: string; iterations?: string },
): Promise<RawDefinition> {
  // Every problem in one report, as `loadgate validate` gives them (definition/salvage.ts).
  const { problems, salvaged } = validatedOrSalvaged(raw, file);
  if (!salvaged) throw new InputError(problems);
  const checked = await inputProblems(async () => {
    // The summary line states the iterations and seconds that result, so applyLoadFlags' notes are not repeated.
    const { loaded } = valueOrThrow(applyLoadFlags({ definition: salvaged.definition, file, dir: process.cwd() }, flags));
    // Secrets are written without their values (unless --keep-secrets): the run gives them.
    await checkTest(loaded, { allowEmptySecrets: true });
    return loaded;
  });
  const all = [...problems, ...laterProblems(checked.problems, problems, salvaged.replaced)];
  if (all.length > 0 || checked.value === undefined) throw new InputError(all);
  const { iteration_count, duration, load_type } = checked.value.definition.config_data;
  return { ...raw, config_data: { ...raw.config_data, iteration_count, duration, ...(load_type !== 'linear' && { load_type }) } };
}

function summary(
  label: string,
  file: string,
  definition: RawDefinition,
  imported: Imported,
  secrets: string[],
  kept: boolean,
  output: string | undefined,
): string {
  const steps = definition.config_data.steps.length;
  const { iteration_count, duration } = definition.config_data;
  const lines = [
    `loadgate import: ${steps} ${plural(steps, 'step')} from ${file} (${label}); ${iteration_count} iterations over ${duration} s`,
  ];
  const section = (title: string, items: string[]) => {
    if (items.length > 0) lines.push(`${title}:`, ...items.map((item) => `  - ${item}`));
  };
  section('kept', imported.notes.kept);
  section('dropped', imported.notes.dropped);
  section(
    kept
      ? 'secret variables (values kept in the file: --keep-secrets)'
      : 'secret variables (values not written: give them with --env-var NAME or -e NAME=VALUE)',
    secrets,
  );
  section('to set (empty in the environment; give them with -e NAME=VALUE or edit the file)', imported.notes.toSet);
  if (output !== undefined) lines.push(`wrote ${output}; next: loadgate validate ${output}, then loadgate run ${output}`);
  return lines.join('\n');
}
