// The CLI as a user runs it: a child process, real targets, exit codes and files.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { cli, lineStreams } from '../src/cli/cli.ts';
import { VERSION } from '../src/version.ts';

let target: Target;
let dir: string;
beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-cli-'));
});
afterAll(async () => {
  await target.close();
});

const loadgate = runCli;

/** The CLI called in this process, for what needs no process of its own (help texts): lines as cli-entry writes them. */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await cli(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`), isTTY: false });
  return { code, stdout, stderr };
}

function writeDefinition(name: string, iterations: number, duration: number): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      name,
      config_data: {
        steps: [
          { id: 1, name: 'home', url: `${target.url}/ok` },
          { id: 2, name: 'slow', url: `${target.url}/delay/20` },
        ],
        iteration_count: iterations,
        duration,
      },
    }),
  );
  return path;
}

describe('loadgate run', () => {
  it('runs, prints the summary and writes the results; exit 0 when thresholds hold', async () => {
    const results = join(dir, 'pass.json');
    // A lower bound met by 5 ms is one a late event loop could have met for the service: on a busy
    // machine the generator's check would rightly fail it (docs/verdict.md), so here it only warns.
    const run = await loadgate([
      'run',
      writeDefinition('pass', 30, 1),
      '--results-file',
      results,
      '--thresholds',
      'p95 < 5s',
      '--thresholds',
      'step[slow].min >= 15ms',
      '--on-saturated',
      'warn',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('loadgate: pass passed');
    expect(run.stdout).toMatch(/home\s+GET \/ok\s+30\s+0/);
    // Progress goes to stderr, the summary to stdout: `loadgate run … > summary.txt` keeps only the summary.
    expect(run.stderr).toMatch(/^\[1\/1 s\] \d+% started/);
    expect(run.stdout).not.toMatch(/\[\d+\/\d+ s\]|% started/);
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(written.results.steps.map((s: { success_count: number }) => s.success_count)).toEqual([30, 30]);
    expect(written.run.version).toBe(VERSION);
    expect(written.run.mode).toBe('embedded');
    // The web report goes next to the results, and test_url points at it.
    const html = readFileSync(join(dir, 'pass.html'), 'utf8');
    expect(written.test_url).toBe(`file://${join(dir, 'pass.html')}`);
    expect(html).toContain('<title>');
    expect(html).toContain('home');
    expect(html).toContain('slow');
    expect(run.stdout).toContain(`report:  ${join(dir, 'pass.html')}`);
  });

  it('--baseline shows the change against an earlier results file', async () => {
    const before = join(dir, 'before.json');
    const definition = writeDefinition('base', 10, 1);
    const broken = join(dir, 'broken-baseline.json');
    writeFileSync(broken, '{"results": {}}');
    // The refused run sends nothing: it goes beside the two others (each process start takes seconds on a busy machine).
    const [run, bad] = await Promise.all([
      loadgate(['run', definition, '--results-file', before]).then(() =>
        loadgate(['run', definition, '--results-file', join(dir, 'after.json'), '--baseline', before]),
      ),
      loadgate(['run', definition, '--baseline', broken]),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/[+-]\d+\.\d % [▲▼≈]|≈ same/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('$.results.steps: expected a loadgate results file');
  });

  it('--warm-up sends an unrecorded warm-up first; a bad value is bad input', async () => {
    target.reset();
    const results = join(dir, 'warm.json');
    const definition = writeDefinition('warm', 10, 1);
    // The refused run sends nothing, so it goes beside the other.
    const [run, bad] = await Promise.all([
      loadgate(['run', definition, '--results-file', results, '--warm-up', '1']),
      loadgate(['run', definition, '--warm-up', '1.5']),
    ]);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(target.countsByPath().get('/ok')).toBe(20);
    expect(written.results.steps[0].iteration_count).toBe(10);
    expect(written.run.generator.warm_up_s).toBe(1);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--warm-up: expected a whole number of seconds, such as 30s, 2m or 1h (a bare number is seconds), got "1.5"',
    );
  });

  it('exit 1 when a threshold fails', async () => {
    const run = await loadgate([
      'run',
      writeDefinition('fail', 10, 1),
      '--results-file',
      join(dir, 'fail.json'),
      '--thresholds',
      'step[slow].median < 1ms',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('loadgate: fail failed');
  });

  it('exit 2 for bad input, before any request', async () => {
    target.reset();
    const [run, missing, unknown] = await Promise.all([
      loadgate(['run', writeDefinition('bad', 10, 1), '--thresholds', 'p95 <', '--max-concurrency', '0']),
      loadgate(['run', join(dir, 'nope.json')]),
      loadgate(['fly']),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--thresholds #1, column 6: expected a number');
    expect(target.received).toHaveLength(0);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe(
      'loadgate: unknown command "fly"; the commands are run, validate, serve, merge, latency, compare, wait-for, import, shard, capacity (loadgate help)',
    );
  });

  it('suggests the command a misspelt one was meant to be, as a misspelt option gets', async () => {
    const misspelt = await inProcess(['valdiate', 'loadtest.json']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toBe(
      'loadgate: unknown command "valdiate" (did you mean validate?); the commands are run, validate, serve, merge, latency, compare, wait-for, import, shard, capacity (loadgate help)\n',
    );
    const help = await inProcess(['help', 'imprt']);
    expect(help.stderr).toBe(
      'loadgate: no command "imprt" (did you mean import?); the commands are run, validate, serve, merge, latency, compare, wait-for, import, shard, capacity\n',
    );
  });

  it('SIGINT stops the run, still writes partial results, and exits 130', async () => {
    const results = join(dir, 'partial.json');
    // Interrupted once the first second's progress line is out: the run is under way, whatever the machine's speed.
    const run = await loadgate(['run', writeDefinition('partial', 400, 4), '--results-file', results], (out) => out.includes('[1/4 s]'));
    // A stopped run is never a pass: 130, as shells report SIGINT.
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('SIGINT');
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(written.run.interrupted).toBe(true);
    expect(written.results.iteration_count).toBeGreaterThan(0);
    expect(written.results.iteration_count).toBeLessThan(400);
  });
});

describe("load flags keep to the definition's bounds", () => {
  it('--duration beyond a day and --rate beyond 1e9 iterations are bad input: exit 2, nothing sent', async () => {
    target.reset();
    const long = await loadgate(['run', writeDefinition('long', 1, 1), '--duration', '1000000000']);
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('--duration: at most 86400 seconds (a day) are allowed, got 1000000000');
    const fast = await loadgate(['run', writeDefinition('fast', 1, 1), '--duration', '86400', '--rate', '1000000']);
    expect(fast.code).toBe(2);
    expect(fast.stderr).toContain('--rate: at most 1000000000 iterations (rate × duration) are allowed, got 86400000000');
    expect(target.received).toHaveLength(0);
  });
});

describe('secret variables', () => {
  it("--secret keeps a variable's value out of the results, the report and the output; the target still gets it", async () => {
    target.reset();
    const path = join(dir, 'secret.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'secret',
        config_data: {
          steps: [{ id: 1, name: 'api', url: `${target.url}/ok?key={{APIKEY}}`, headers: { 'X-Key': '{{APIKEY}}' } }],
          iteration_count: 2,
          duration: 1,
        },
      }),
    );
    const results = join(dir, 'secret-results.json');
    // A busy machine may delay the generator's loop: that is not what this test is about.
    const args = [
      'src/cli/entry.ts',
      'run',
      path,
      '--env-var',
      'APIKEY',
      '--secret',
      'APIKEY',
      '--results-file',
      results,
      '--on-saturated',
      'warn',
    ];
    // The validate sends nothing, so it goes beside the run.
    const [run, unknown] = await Promise.all([
      runNode(args, { env: { ...process.env, APIKEY: 'sk-cli-secret-42' } }),
      loadgate(['validate', path, '-e', 'APIKEY=x', '--secret', 'API_KEY']),
    ]);
    expect(run.code, run.out).toBe(0);
    expect(target.received.map((r) => [r.url, r.headers['x-key']])).toEqual([
      ['/ok?key=sk-cli-secret-42', 'sk-cli-secret-42'],
      ['/ok?key=sk-cli-secret-42', 'sk-cli-secret-42'],
    ]);
    const written = readFileSync(results, 'utf8');
    expect(JSON.parse(written).run.steps[0].url).toBe(`${target.url}/ok?key={{APIKEY}}`);
    expect(written).not.toContain('sk-cli-secret-42');
    expect(readFileSync(join(dir, 'secret-results.html'), 'utf8')).not.toContain('sk-cli-secret-42');
    expect(run.out).not.toContain('sk-cli-secret-42');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--secret: API_KEY is not a variable of the environment');
  });

  it('a URL made invalid by a secret value is reported without the value', async () => {
    const path = join(dir, 'secret-origin.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 's',
        config_data: { steps: [{ id: 1, name: 'a', url: '{{BASE}}/x' }] },
        environment: { name: 'e', vars: [{ key: 'BASE', value: 'ftp://hunter2-token', secret: true }] },
      }),
    );
    // The second: an inline environment that is not JSON, where V8 would quote the text around the mistake.
    const [bad, malformed] = await Promise.all([
      loadgate(['validate', path]),
      loadgate(['validate', path, '--environment', '{"name": "e", "vars": [{"key": "K", "value": hunter2-token}]}']),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('$.config_data.steps[0].url');
    expect(bad.stderr).toContain('***');
    expect(bad.stderr).not.toContain('hunter2-token');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain(
      '--environment: line 1, column 46: JSON syntax error: expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array)\n',
    );
    expect(malformed.stderr).not.toContain('hunter2-token');
  });
});

describe('loadgate run --workers 2', () => {
  it('one progress line a second for both threads; SIGINT stops both, partial results written, exit 130', async () => {
    const results = join(dir, 'workers.json');
    target.reset();
    const run = await loadgate(['run', writeDefinition('workers', 400, 4), '--workers', '2', '--results-file', results], (out) =>
      out.includes('[1/4 s]'),
    );
    expect(run.code).toBe(130);
    expect(run.stderr.match(/\[1\/4 s\]/g)).toHaveLength(1);
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(written.run.interrupted).toBe(true);
    // Each thread has 200 iterations; together they stopped well short of them.
    expect(written.results.iteration_count).toBeLessThan(400);
    // Each request the target saw was answered, or was in flight at the stop and cancelled.
    const received = target.countsByPath().get('/ok')!;
    expect(written.results.steps[0].success_count).toBeLessThanOrEqual(received);
    expect(written.results.steps[0].success_count + (written.results.steps[0].error_dist.cancelled ?? 0)).toBeGreaterThanOrEqual(received);
    expect(written.run.generator.concurrency).toBe(200);
  });

  it('refuses a bad --workers with exit 2, nothing sent', async () => {
    target.reset();
    const run = await loadgate(['run', writeDefinition('bad-workers', 10, 1), '--workers', 'lots']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--workers: expected auto, a number of threads');
    expect(target.received).toHaveLength(0);
  });
});

describe('loadgate validate', () => {
  it('says valid, or lists every problem with file and JSON path', async () => {
    const path = join(dir, 'broken.json');
    writeFileSync(
      path,
      JSON.stringify({ name: 'x', config_data: { steps: [{ id: 1, name: 'a', url: '{{NOPE}}/x' }], load_type: 'zigzag' } }),
    );
    const [good, bad] = await Promise.all([loadgate(['validate', 'examples/shop.json']), loadgate(['validate', path])]);
    expect(good.code).toBe(0);
    expect(good.stdout.trim()).toBe('examples/shop.json: valid');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${path}: $.config_data.load_type: expected one of linear, incremental, waved`);
  });

  it('reports schema, variable and threshold problems in one report; run refuses with the same, nothing sent', async () => {
    const path = join(dir, 'five.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'five',
        config_data: {
          steps: [
            { id: 1, name: 'a', url: `{{BAES}}/x`, methd: 'GET' },
            { id: 2, name: 'b', url: 7 },
            { id: 3, name: 'c', url: `${target.url}/ok`, timeout: -1 },
          ],
          load_type: 'zigzag',
          iteration_count: 2,
          duration: 1,
        },
      }),
    );
    const problemsOf = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('  '));
    const validate = await loadgate(['validate', path, '--thresholds', 'step[nope].p95 < 100ms']);
    expect(validate.code).toBe(2);
    const problems = problemsOf(validate.stderr);
    expect(problems).toHaveLength(6);
    for (const part of ['steps[0].methd', 'steps[1].url', 'steps[2].timeout', 'load_type', 'steps[0].url'])
      expect(problems.some((line) => line.includes(`$.config_data.${part}:`))).toBe(true);
    expect(problems.find((line) => line.includes('steps[0].url'))).toContain('BAES');
    expect(problems.at(-1)).toContain('--thresholds #1: step "nope" is not in the definition');
    target.reset();
    const run = await loadgate(['run', path, '--thresholds', 'step[nope].p95 < 100ms', '--results-file', join(dir, 'five-results.json')]);
    expect(run.code).toBe(2);
    expect(problemsOf(run.stderr)).toEqual(problems);
    expect(target.received).toHaveLength(0);
  });

  it('checks the variables of the steps after a broken one with its captures kept, and none where the environment is broken', async () => {
    const captured = join(dir, 'captured.json');
    const capture = { TOKEN: { from: 'body', json_path: '$.t' } };
    const steps = [
      { id: 1, url: 5, capture_env: capture },
      { id: 2, url: `${target.url}/{{TOKEN}}/{{NOPE}}` },
    ];
    writeFileSync(captured, JSON.stringify({ name: 'c', config_data: { steps } }));
    const later = await loadgate(['validate', captured]);
    expect(later.stderr.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      `  ${captured}: $.config_data.steps[0].url: expected a string, got 5`,
      `  ${captured}: $.config_data.steps[1].url: unknown variable "NOPE": not an environment variable and not captured by an earlier step (known: TOKEN)`,
    ]);
    const environment = join(dir, 'environment.json');
    const vars = [
      { key: 'BASE', value: target.url },
      { key: 'bad key', value: 'x' },
    ];
    writeFileSync(
      environment,
      JSON.stringify({ name: 'e', environment: { name: 'x', vars }, config_data: { steps: [{ id: 1, url: '{{BASE}}/x' }] } }),
    );
    const unknown = await loadgate(['validate', environment]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('$.environment.vars[1].key');
    expect(unknown.stderr).not.toContain('BASE');
  });
});

describe("a CLI that fits its users' habits", () => {
  it.each(['run', 'validate', 'compare', 'merge', 'latency', 'wait-for', 'serve', 'import'])(
    '%s --help exits 0 and lists its options',
    async (command) => {
      const run = await inProcess([command, '--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^loadgate ${command} `));
      expect(run.stdout).toContain('Options:');
      expect((await inProcess(['help', command])).stdout).toBe(run.stdout);
    },
  );

  it('help lists every command; no arguments is usage on stderr and exit 2', async () => {
    const help = await inProcess(['help']);
    expect(help.code).toBe(0);
    for (const command of ['run', 'validate', 'compare', 'merge', 'latency', 'wait-for', 'serve', 'import'])
      expect(help.stdout).toContain(`loadgate ${command} `);
    // The real process: the same texts, on the same streams, with the same exit codes.
    const bare = await loadgate([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toBe((await inProcess([])).stderr);
    expect(bare.stderr).toContain('Usage:');
    const runHelp = await loadgate(['run', '--help']);
    expect(runHelp.code).toBe(0);
    expect(runHelp.stdout).toBe((await inProcess(['run', '--help'])).stdout);
  });

  it('names an unknown option in one line, with the closest one', async () => {
    const run = await loadgate(['run', 'x.json', '--treshold', 'p95 < 1s']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'loadgate run: unknown option --treshold; did you mean --thresholds? (loadgate run --help lists its options)',
    );
  });

  it('--rate, --duration and -e override the definition; --json prints only the results on stdout', async () => {
    target.reset();
    const path = join(dir, 'flags.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'flags',
        config_data: { steps: [{ id: 1, name: 'home', url: '{{BASE}}/ok' }], iteration_count: 5000, duration: 60 },
      }),
    );
    const run = await loadgate([
      'run',
      path,
      '--rate',
      '50',
      '--duration',
      '2',
      '-e',
      `BASE=${target.url}`,
      '--json',
      '--results-file',
      join(dir, 'flags-results.json'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed.results.iteration_count).toBe(100);
    expect(printed.run.name).toBe('flags');
    expect(target.countsByPath().get('/ok')).toBe(100);
    expect(run.stderr).toContain('loadgate: flags passed');
  });

  it("--duration keeps the definition's rate and says so; rps is over the planned seconds, so one request fails rps >= 200", async () => {
    target.reset();
    const path = join(dir, 'smoke.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'smoke',
        config_data: { steps: [{ id: 1, name: 'home', url: `${target.url}/ok` }], iteration_count: 5, duration: 5 },
      }),
    );
    const results = join(dir, 'smoke-results.json');
    const run = await loadgate(['run', path, '--duration', '1', '--thresholds', 'rps >= 200', '--results-file', results]);
    expect(run.stderr).toContain(
      "note: --duration 1: 1 iteration planned over 1 s (the definition's 5 over 5 s), keeping its 1 it/s (--iterations N sets them instead)",
    );
    expect(target.countsByPath().get('/ok')).toBe(1);
    expect(JSON.parse(readFileSync(results, 'utf8')).run.rps).toBe(1);
    expect(run.stdout).toContain('rps >= 200');
    expect(run.stdout).toMatch(/1 iteration in [\d.]+s \(1 it\/s\) · 1 request \(1 req\/s\)/);
    expect(run.code).toBe(1);
  });

  it('takes a variable from the process environment only when asked, and says so when it was not', async () => {
    const path = join(dir, 'envvar.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'envvar',
        config_data: { steps: [{ id: 1, name: 'home', url: '{{TARGET}}/ok' }], iteration_count: 2, duration: 1 },
      }),
    );
    const env = { ...process.env, TARGET: target.url };
    // Only the run sends anything: the two validates go beside it.
    const [missing, taken, unset] = await Promise.all([
      runNode(['src/cli/entry.ts', 'validate', path], { env }),
      runNode(
        [
          'src/cli/entry.ts',
          'run',
          path,
          '--env-var',
          'TARGET',
          '--quiet',
          '--duration',
          '1s',
          '--results-file',
          join(dir, 'envvar-results.json'),
        ],
        { env },
      ),
      loadgate(['validate', path, '--env-var', 'LOADGATE_TEST_SURELY_UNSET']),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'TARGET is set in this shell, but variables come only from --env, -e KEY=VALUE and --env-var NAME: pass --env-var TARGET',
    );
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stdout).toBe('');
    // --quiet prints nothing but problems: not the --duration note, nor progress (a busy machine may add a warning).
    expect(
      taken.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('warning: ')),
      taken.stderr,
    ).toEqual([]);
    expect(unset.stderr).toContain("--env-var: LOADGATE_TEST_SURELY_UNSET is not set in this process's environment");
  });
});

describe('the terminal', () => {
  /** The CLI under a pseudo-terminal (util-linux `script`), as a user at a terminal sees it: stdout and stderr as one screen. */
  function inTerminal(args: string[]): Promise<string> {
    const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
    const command = [process.execPath, 'src/cli/entry.ts', ...args].map(quote).join(' ');
    return new Promise((resolve) => {
      const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let screen = '';
      child.stdout.on('data', (d) => (screen += d));
      child.on('exit', () => resolve(screen));
    });
  }

  it('redraws the progress line in place, and the summary starts on a line of its own', async () => {
    const screen = await inTerminal([
      'run',
      writeDefinition('tty', 6, 3),
      '--on-saturated',
      'warn',
      '--results-file',
      join(dir, 'tty.json'),
    ]);
    expect(screen).toMatch(/\r\x1b\[2K\[1\/3 s\][^\n]*\r\x1b\[2K\[2\/3 s\][^\n]*\r\x1b\[2K\[3\/3 s\]/);
    // No line break between two redraws: the old line stayed on screen, one a second.
    expect(screen).not.toMatch(/\n\r\x1b\[2K/);
    expect(screen).toMatch(/\[3\/3 s\][^\n]*\r?\n[^\n]*loadgate: tty (passed|failed)/);
  }, 60_000);

  it('writes each progress line on its own line where stderr is not a terminal, and ends an in-place line before anything else', () => {
    const written = { out: '', err: '' };
    const streams = lineStreams({ write: (t: string) => (written.out += t) }, { write: (t: string) => (written.err += t) });
    streams.err('[1/2 s] one');
    streams.err('[2/2 s] two');
    expect(written.err).toBe('[1/2 s] one\n[2/2 s] two\n');
    written.err = '';
    streams.err('\r\x1b[2K[1/2 s] one');
    streams.err('\r\x1b[2K[2/2 s] two');
    streams.out('summary');
    streams.err('results: x');
    expect(written.err).toBe('\r\x1b[2K[1/2 s] one\r\x1b[2K[2/2 s] two\nresults: x\n');
    expect(written.out).toBe('summary\n');
  });

  it('--quiet and Ctrl-C: no promise of output that never comes; the partial results are written, exit 130', async () => {
    const path = join(dir, 'quiet.json');
    const results = join(dir, 'quiet-results.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'quiet',
        config_data: { steps: [{ id: 1, name: 'slow', url: `${target.url}/delay/50` }], iteration_count: 200, duration: 4 },
      }),
    );
    target.reset();
    const child = spawn(process.execPath, ['src/cli/entry.ts', 'run', path, '--quiet', '--results-file', results], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = { stdout: '', stderr: '' };
    child.stdout.on('data', (d) => (run.stdout += d));
    child.stderr.on('data', (d) => (run.stderr += d));
    // Interrupted once the target has seen the load: --quiet prints nothing to wait for.
    const poll = setInterval(() => {
      if (target.received.length === 0) return;
      clearInterval(poll);
      child.kill('SIGINT');
    }, 5);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(poll);
    expect(code, run.stderr).toBe(130);
    expect(run.stderr).toContain('loadgate: SIGINT: stopping (again to exit without the results)');
    expect(run.stderr).not.toContain('follow');
    expect(run.stdout).toBe('');
    expect(JSON.parse(readFileSync(results, 'utf8')).run.interrupted).toBe(true);
  }, 60_000);
});
