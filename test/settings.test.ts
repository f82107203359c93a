// The one settings table (src/settings/table.ts) against every place that names a setting:
// action.yml, `--help`, the docs, the code's defaults; and the CLI habits it brings.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { commandHelp, DOCS_URL, flagsText } from '../src/cli/help.ts';
import { cli } from '../src/cli/cli.ts';
import { DEFAULT_ROUNDS, DEFAULT_METRIC, DEFAULT_WARMUP_ROUNDS } from '../src/compare/settings.ts';
import { getInputs, readCheckInputs } from '../src/action/inputs.ts';
import { DEFAULT_SAMPLES } from '../src/latency/run.ts';
import { DEFAULT_WAIT_TIMEOUT_S } from '../src/pipeline/wait-for.ts';
import { DEFAULT_CONNECTION_LIMITS } from '../src/server/connections.ts';
import { DEFAULT_NAMESPACE, DEFAULT_RATE_PER_POD, DEFAULT_START_BARRIER_S } from '../src/server/executors/settings.ts';
import { formatProblem, type InputError } from '../src/errors.ts';
import { parseCommandArgs, UsageError } from '../src/settings/argv.ts';
import { REFERENCE_END, REFERENCE_START, settingsReference } from '../src/settings/reference.ts';
import { closest } from '../src/settings/suggest.ts';
import { actionInputs, COMMANDS, defaultOf, SETTINGS, settingsOf } from '../src/settings/table.ts';
import { boolean, duration, rate, wholeNumber } from '../src/settings/values.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

interface ActionInput {
  description: string;
  default?: string;
}
const ACTION_INPUTS = (parseYaml(read('action.yml')) as { inputs: Record<string, ActionInput> }).inputs;

describe('the settings table', () => {
  it('names each setting once per surface, and no older name shadows a current one', () => {
    for (const command of COMMANDS) {
      const flags = settingsOf(command).flatMap((s) => [`--${s.name}`, ...(s.aliases ?? []).map((a) => `--${a}`)]);
      const shorts = settingsOf(command).flatMap((s) => (s.short ? [s.short] : []));
      expect(new Set(flags).size, command).toBe(flags.length);
      expect(new Set(shorts).size, command).toBe(shorts.length);
    }
    const inputs = actionInputs().flatMap((s) => [s.name, ...(s.inputAliases ?? [])]);
    expect(new Set(inputs).size).toBe(inputs.length);
  });

  it("is action.yml's inputs: every input, its default, and each older name kept as deprecated", () => {
    const expected = new Map<string, string>();
    for (const setting of actionInputs()) {
      expected.set(setting.name, setting.default ?? '');
      for (const alias of setting.inputAliases ?? []) expected.set(alias, '');
    }
    expect(Object.keys(ACTION_INPUTS).sort()).toEqual([...expected.keys()].sort());
    for (const [name, fallback] of expected) expect(String(ACTION_INPUTS[name]!.default ?? ''), name).toBe(fallback);
    for (const setting of actionInputs())
      for (const alias of setting.inputAliases ?? [])
        expect(ACTION_INPUTS[alias]!.description).toMatch(new RegExp(`^Deprecated: use ${setting.name}\\b`));
  });

  it('is what the action reads: getInputs and the status check read every input of the table, and no other', () => {
    const values: Record<string, string> = {
      test: 'a.json',
      mode: 'compare',
      'compare-environment': '{}',
      'latency-target': 'http://127.0.0.1:9/',
      'wait-for': 'http://127.0.0.1:9/',
    };
    const seen = new Set<string>();
    const reader = (name: string): string => {
      seen.add(name);
      return values[name] ?? '';
    };
    getInputs(reader);
    readCheckInputs(reader);
    const inputs = actionInputs().flatMap((s) => [s.name, ...(s.inputAliases ?? [])]);
    expect([...seen].sort()).toEqual(inputs.sort());
  });

  it("is every command's --help: each flag of the table, its default, its older names, and nothing else", async () => {
    for (const command of COMMANDS) {
      const { code, stdout } = await inProcess([command, '--help']);
      expect(code).toBe(0);
      expect(stdout.trimEnd()).toBe(commandHelp(command));
      const lines = stdout.split('\n').filter((line) => /^ {2}-/.test(line));
      expect(lines.map((line) => line.trim().split(/ {2,}/)[0])).toEqual(settingsOf(command).map(flagsText));
      for (const setting of settingsOf(command)) {
        const line = lines.find((l) => l.trim().startsWith(flagsText(setting)))!;
        const fallback = defaultOf(setting, command);
        if (fallback !== undefined && setting.type === 'string') expect(line).toContain(`(default ${fallback})`);
        for (const alias of setting.aliases ?? []) expect(line).toContain(`--${alias}`);
      }
    }
  });

  it('is docs/settings.md (node scripts/settings-doc.ts writes it)', () => {
    const page = read('docs/settings.md');
    const generated = page.slice(page.indexOf(REFERENCE_START), page.indexOf(REFERENCE_END) + REFERENCE_END.length);
    expect(generated).toBe(settingsReference());
    expect(read('README.md')).toContain('docs/settings.md');
  });

  it("is the docs' other tables: an input named beside a flag is spelled the same, and the README's inputs exist", () => {
    const inputs = new Set(actionInputs().map((s) => s.name));
    const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) => f.endsWith('.md'));
    for (const page of pages) {
      for (const row of read(page)
        .split('\n')
        .filter((line) => line.startsWith('| `'))) {
        const [input, flag] = row
          .split('|')
          .slice(1, 3)
          .map((cell) => /^\s*`([^`]+)`/.exec(cell)?.[1]);
        if (input && flag?.startsWith('--') && inputs.has(input)) expect(flag, `${page}: ${row}`).toBe(`--${input}`);
      }
    }
    const readmeInputs = [...read('README.md').matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]!);
    expect(readmeInputs.length).toBeGreaterThan(5);
    for (const name of readmeInputs) expect(inputs.has(name), `README input ${name}`).toBe(true);
  });

  it("holds the defaults the code uses (one place to read them; the code's constants must agree)", () => {
    const setting = (name: string, command?: string) =>
      SETTINGS.find((s) => s.name === name && (command ? s.commands.includes(command as never) : s.input))!;
    expect(setting('rounds').default).toBe(String(DEFAULT_ROUNDS));
    expect(setting('warm-up-rounds').default).toBe(String(DEFAULT_WARMUP_ROUNDS));
    expect(setting('compare-metric').default).toBe(DEFAULT_METRIC);
    expect(setting('latency-samples').default).toBe(String(DEFAULT_SAMPLES));
    expect(setting('wait-for-timeout').default).toBe(String(DEFAULT_WAIT_TIMEOUT_S));
    expect(setting('headers-timeout', 'serve').default).toBe(String(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs / 1000));
    expect(setting('request-timeout', 'serve').default).toBe(String(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs / 1000));
    expect(setting('idle-timeout', 'serve').default).toBe(String(DEFAULT_CONNECTION_LIMITS.idleTimeoutMs / 1000));
    expect(setting('max-connections-per-address', 'serve').default).toBe(String(DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress));
    expect(setting('namespace', 'serve').default).toBe(DEFAULT_NAMESPACE);
    expect(setting('rate-per-pod', 'serve').default).toBe(String(DEFAULT_RATE_PER_POD));
    expect(setting('start-barrier', 'serve').default).toBe(String(DEFAULT_START_BARRIER_S));
  });

  it("gives the README's offline $schema path relative to a definition in loadtests/, where the package ships the schema", () => {
    const path = /"(\.\.?\/node_modules\/loadgate\/[^"]+)"` works offline\s+for a definition in `loadtests\/`/.exec(read('README.md'))?.[1];
    expect(path).toBeDefined();
    const inPackage = posix.relative('node_modules/loadgate', posix.join('loadtests', path!));
    expect(inPackage).toBe('schema/loadtest.schema.json');
    expect((JSON.parse(read('package.json')) as { files: string[] }).files).toContain('schema/');
    expect(() => read(inPackage)).not.toThrow();
  });

  it("points --help at the repository's docs by URL, not at files the package lacks", () => {
    const pkg = JSON.parse(read('package.json')) as { repository: { url: string } };
    expect(DOCS_URL).toBe(`${pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/main/docs`);
    for (const command of COMMANDS) expect(commandHelp(command)).not.toMatch(/(?<!\/)docs\/[\w-]+\.md/);
    for (const [, page] of commandHelp('run').matchAll(/\/blob\/main\/docs\/([\w-]+\.md)/g))
      expect(() => read(`docs/${page}`)).not.toThrow();
  });
});

describe('the parsers every surface shares', () => {
  it('reads durations with units, a bare number as seconds', () => {
    expect([duration('30s', 'x'), duration('2m', 'x'), duration('1h', 'x'), duration('45', 'x'), duration('500ms', 'x')]).toEqual([
      30, 120, 3600, 45, 0.5,
    ]);
    expect(duration('1.5s', '--duration', { whole: true })).toEqual({
      path: '--duration',
      message: 'expected a whole number of seconds, such as 30s, 2m or 1h (a bare number is seconds), got "1.5s"',
    });
    expect(duration('0', '--duration', { whole: true, min: 1 })).toMatchObject({ path: '--duration' });
    expect(duration('2 weeks', 'x')).toMatchObject({ path: 'x' });
  });

  it('reads rates per second, per minute or bare', () => {
    expect([rate('20/s', 'x'), rate('1200/m', 'x'), rate('20', 'x'), rate('0.5/s', 'x')]).toEqual([20, 20, 20, 0.5]);
    expect(rate('0/s', '--rate')).toMatchObject({ path: '--rate' });
    expect(rate('20 rps', '--rate')).toMatchObject({ path: '--rate', message: expect.stringContaining('such as 20/s') });
  });

  it('reads whole numbers in a range, and booleans as core.getBooleanInput does', () => {
    expect(wholeNumber(' 5 ', 'n')).toBe(5);
    expect(wholeNumber('0', 'n')).toEqual({ path: 'n', message: 'expected a whole number of at least 1, got "0"' });
    expect(wholeNumber('70000', '--port', { min: 0, max: 65535 })).toEqual({
      path: '--port',
      message: 'expected a whole number from 0 to 65535, got "70000"',
    });
    expect([boolean('True', 'b'), boolean('FALSE', 'b')]).toEqual([true, false]);
    expect(boolean('yes', 'b')).toMatchObject({ path: 'b' });
  });

  it('suggests the closest name, or none', () => {
    expect(closest('--treshold', ['--thresholds', '--threshold-x', '--rate'])).toBe('--thresholds');
    expect(closest('--rat', ['--var', '--rate', '--results-file'])).toBe('--rate');
    expect(closest('--connections', ['--var', '--rate'])).toBeUndefined();
  });
});

describe('CLI habits', () => {
  it('reads an older flag under its new name, with one notice line', () => {
    const args = parseCommandArgs('run', ['a.json', '--concurrency', '5', '--results', 'r.json', '--threshold', 'p95 < 1s', '--insecure']);
    expect([args.text('max-concurrency'), args.text('results-file'), args.list('thresholds'), args.flag('insecure-tls')]).toEqual([
      '5',
      'r.json',
      ['p95 < 1s'],
      true,
    ]);
    expect(args.notices).toEqual([
      'note: --concurrency is now --max-concurrency (the old name still works)',
      'note: --insecure is now --insecure-tls (the old name still works)',
      'note: --threshold is now --thresholds (the old name still works)',
      'note: --results is now --results-file (the old name still works)',
    ]);
    const current = parseCommandArgs('run', ['a.json', '--max-concurrency', '5', '--results-file', 'r.json']);
    expect(current.notices).toEqual([]);
    expect(parseCommandArgs('latency', ['http://x']).text('results-file')).toBe('loadgate-latency.json');
  });

  it('answers the flags of k6, autocannon and hey with what loadgate does instead, in one line (exit 2)', async () => {
    for (const flag of ['--vus', '-u', '-c', '--connections']) {
      const run = await inProcess(['run', 'a.json', flag, '10']);
      expect(run.code, flag).toBe(2);
      expect(run.stderr.trim().split('\n'), flag).toHaveLength(1);
      expect(run.stderr, flag).toMatch(/--rate 20\/s.*--max-concurrency N/);
    }
    const requests = await inProcess(['run', 'a.json', '-n', '100']);
    expect([requests.code, requests.stderr.trim()]).toEqual([
      2,
      'loadgate run: -n (hey, ab): loadgate counts iterations, each running every step of the definition: --iterations N',
    ]);
    const pair = await inProcess(['run', 'a.json', '--env', 'BASE=http://127.0.0.1:1']);
    expect(pair.code).toBe(2);
    expect(pair.stderr).toContain('set one variable with -e KEY=VALUE');
  });

  it('refuses extra arguments instead of ignoring them', async () => {
    const run = await inProcess(['run', 'a.json', 'b.json']);
    expect([run.code, run.stderr.trim()]).toEqual([2, 'loadgate run: unexpected argument "b.json" (it takes one definition file)']);
    expect(() => parseCommandArgs('serve', ['now'])).toThrow(UsageError);
    expect(parseCommandArgs('merge', ['a.json', 'b.json', 'c.json']).positionals).toHaveLength(3);
  });
});

describe('settings that exclude each other', () => {
  const inputs = (values: Record<string, string>) => (name: string) => values[name] ?? '';
  const actionProblems = (values: Record<string, string>): string[] => {
    try {
      getInputs(inputs({ test: 'a.json', ...values }));
      return [];
    } catch (error) {
      return (error as InputError).problems.map(formatProblem);
    }
  };

  it('are refused by the CLI and the action alike, each naming the settings as it spells them', async () => {
    const startAt = await inProcess(['run', 'a.json', '--start-at', '1795000000000']);
    expect([startAt.code, startAt.stderr.trim()]).toEqual([
      2,
      'loadgate: bad input\n  --start-at: --start-at is the time every shard of a sharded run starts at: set --shard too (docs/scaling.md)',
    ]);
    expect(actionProblems({ 'start-at': '1795000000000' })).toEqual([
      'start-at: start-at is the time every shard of a sharded run starts at: set shard too (docs/scaling.md)',
    ]);
    const hosted = await inProcess(['run', 'a.json', '--shard', '1/2', '--api-url', 'https://load.example']);
    expect([hosted.code, hosted.stderr.trim()]).toEqual([
      2,
      'loadgate: bad input\n  --shard: a hosted service runs the whole test: --shard splits a run over machines that each run their slice here (docs/scaling.md)',
    ]);
    expect(actionProblems({ mode: 'hosted', 'api-url': 'https://load.example', 'api-key': 'k', shard: '1/2' })).toEqual([
      'shard: a hosted service runs the whole test: shard splits a run over machines that each run their slice here (docs/scaling.md)',
    ]);
  });
});

describe('loadgate run with the one spelling', () => {
  let target: Target;
  let dir: string;
  beforeAll(async () => {
    target = await startTarget();
    dir = mkdtempSync(join(tmpdir(), 'loadgate-settings-'));
  });
  afterAll(() => target.close());

  function definition(): string {
    const path = join(dir, 'def.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'spelled',
        config_data: { steps: [{ id: 1, name: 'home', url: `${target.url}/ok` }], iteration_count: 2, duration: 1 },
      }),
    );
    return path;
  }

  it('takes --max-concurrency, --results-file, --duration with units and --rate per second', async () => {
    target.reset();
    const results = join(dir, 'r.json');
    const run = await inProcess([
      'run',
      definition(),
      '--max-concurrency',
      '5',
      '--results-file',
      results,
      '--duration',
      '2s',
      '--rate',
      '3/s',
      '--quiet',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(written.results.steps[0].iteration_count).toBe(6);
    expect(target.countsByPath().get('/ok')).toBe(6);
  });

  it('takes the older spellings too, naming the new ones on stderr', async () => {
    target.reset();
    const results = join(dir, 'old.json');
    const run = await inProcess(['run', definition(), '--concurrency', '5', '--results', results, '-d', '1', '--rate', '2', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('note: --concurrency is now --max-concurrency');
    expect(run.stderr).toContain('note: --results is now --results-file');
    expect(JSON.parse(readFileSync(results, 'utf8')).results.steps[0].iteration_count).toBe(2);
  });
});

/** The CLI called in this process: lines as cli-entry writes them. */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await cli(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`), isTTY: false });
  return { code, stdout, stderr };
}
