// What each CLI command says about itself: `loadgate <command> --help`, `loadgate help <command>`,
// and the overview that `loadgate help` prints. The options come from the settings table
// (src/settings/table.ts); docs are named by URL, since the installed package ships no docs/.
import { type Command, defaultOf, helpOf, type Setting, settingsOf } from '../settings/table.ts';
import { VERSION } from '../version.ts';

interface CommandHelp {
  /** `run <definition.json> [options]` */
  synopsis: string;
  about: string;
}

/** Where the docs are read: the repository's docs/ folder on main (test/settings.test.ts checks it against package.json). */
export const DOCS_URL = 'https://github.com/loadgate/loadgate/blob/main/docs';

export const COMMANDS: Record<Command | 'help', CommandHelp> = {
  run: {
    synopsis: 'run <definition.json> [options]',
    about: 'Run a load test here (or on a service with --api-url), judge it, print the summary and write the results.',
  },
  validate: {
    synopsis: 'validate <definition.json> [options]',
    about: 'Check a definition, its data files and thresholds without sending anything.',
  },
  compare: {
    synopsis: 'compare <definition.json> --compare-environment FILE [options]',
    about: 'Measure head against base in interleaved rounds and test the difference per step (docs/comparison.md).',
  },
  merge: {
    synopsis: 'merge <FILE|DIR|GLOB>... [options]',
    about: 'Merge the shard results files of a sharded run exactly, then judge and report as for run.',
  },
  latency: {
    synopsis: 'latency <url> [options]',
    about: 'Measure DNS, connect, TLS, time to first byte and total from a list of locations (docs/latency.md).',
  },
  'wait-for': {
    synopsis: 'wait-for <url> [options]',
    about: 'Poll a URL until the service answers with any HTTP status; exit 2 after the timeout.',
  },
  import: {
    synopsis: 'import har|postman|openapi|curl <file|-> [options]',
    about: "Write a definition from a browser's HAR, a Postman collection, an OpenAPI document or curl lines (docs/import.md).",
  },
  serve: {
    synopsis: 'serve [options]',
    about: 'Run the load and latency testing service of docs/interface.md on this machine (docs/server.md).',
  },
  shard: {
    synopsis: 'shard --server URL --test ID',
    about: "One shard of a test on `serve --executor kubernetes` (a Job's pod runs it; docs/kubernetes.md).",
  },
  capacity: {
    synopsis: "capacity <definition.json> --slo 'p99 < 100ms' [options]",
    about: 'Find the highest rate at which every SLO holds: probes rising ×2, then bisected (docs/capacity.md).',
  },
  help: { synopsis: 'help [command]', about: "Print this overview, or one command's options." },
};

const EXIT_CODES = `Exit codes: 0 passed, 1 a check failed, 2 bad input or the run could not be carried out (nothing sent),
  130/143 stopped by SIGINT/SIGTERM (the results so far written, marked incomplete; never a pass).`;

/** `docs/verdict.md` → its URL in the repository. */
export function withDocUrls(text: string): string {
  return text.replace(/\bdocs\/([\w-]+\.md)/g, `${DOCS_URL}/$1`);
}

export function overview(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.synopsis.length));
  const lines = Object.values(COMMANDS).map((c) => `  loadgate ${c.synopsis.padEnd(width)}  ${c.about}`);
  return withDocUrls(
    [
      `loadgate ${VERSION}: load-test HTTP services and gate on the results.`,
      '',
      'Usage:',
      ...lines,
      '',
      `loadgate <command> --help lists its options; every setting: docs/settings.md`,
      EXIT_CODES,
    ].join('\n'),
  );
}

/** `-e, --var KEY=VALUE` */
export function flagsText(setting: Setting): string {
  const long = `--${setting.name}${setting.value ? ` ${setting.value}` : ''}`;
  return setting.short ? `-${setting.short}, ${long}` : long;
}

/** The help line's text: what it does, its default, and the older spellings that still work. */
export function optionText(setting: Setting, command: Command): string {
  const fallback = defaultOf(setting, command);
  const shownDefault = fallback !== undefined && setting.type === 'string' ? ` (default ${fallback})` : '';
  const aliases = setting.aliases?.length ? ` [was ${setting.aliases.map((a) => `--${a}`).join(', ')}]` : '';
  return `${helpOf(setting, command)}${shownDefault}${aliases}`;
}

export function commandHelp(name: Command | 'help'): string {
  const help = COMMANDS[name];
  const settings = name === 'help' ? [] : settingsOf(name);
  const width = Math.max(0, ...settings.map((s) => flagsText(s).length));
  const options = settings.map((s) => `  ${flagsText(s).padEnd(width)}  ${optionText(s, name as Command)}`);
  return withDocUrls(
    [`loadgate ${help.synopsis}`, '', help.about, ...(options.length > 0 ? ['', 'Options:', ...options] : []), '', EXIT_CODES].join('\n'),
  );
}
