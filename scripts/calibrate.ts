// `npm run calibrate`: how often the comparison gate fails an unchanged service (A/A) and how
// often it catches a real regression (A/B, head 20 % slower), on this machine, under CPU noise.
// Two local targets (child processes on 127.0.0.1) answer after a known delay with jitter; a
// third child steals CPU in random bursts for as long as the calibration runs. The gate then
// runs `--runs` times A/A and `--runs` times A/B, interleaved, and prints the counts and the time.
// Goals: 0 false failures; at least 19 of 20 regressions detected. Figures: docs/comparison.md.
//   npm run calibrate -- [--runs 20] [--rounds 6] [--max-rounds 6] [--warmup 1] [--metric p95] [--iterations 200] [--seed S]
// --max-rounds defaults to --rounds (no extension: the figures in docs/comparison.md are for one look).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { prepareSides, runComparison, type CompareSides } from '../src/compare/run.ts';
import type { Comparison } from '../src/results/comparison.ts';
import { formatRatio } from '../src/report/comparison.ts';
import { CLI_FLAG_NAMES, parseCompareSettings, type CompareSettings } from '../src/compare/settings.ts';
import { newSeed } from '../src/compare/stats.ts';
import type { LoadedDefinition } from '../src/definition/load.ts';
import { validateDefinition } from '../src/definition/validate.ts';
import { formatProblem, InputError } from '../src/errors.ts';
import { mulberry32 } from '../src/compare/random.ts';
import type { Environment } from '../src/types.ts';

/** Route → base delay in ms; each answer waits delay × factor × a uniform jitter of ±JITTER. */
const ROUTES: Record<string, number> = { home: 4, search: 6 };
const JITTER = 0.25;
/** The A/B head's factor: 20 % slower on every route. */
const SLOWER = 1.2;
const BURST_MS = [50, 300] as const;
const PAUSE_MS = [100, 800] as const;
/** The CPU stealer ends itself after this even if nobody stops it. */
const STEALER_MAX_MS = 30 * 60_000;

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    runs: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '6' },
    'max-rounds': { type: 'string' },
    warmup: { type: 'string', default: '1' },
    metric: { type: 'string', default: 'p95' },
    'max-regression': { type: 'string', default: '10%' },
    iterations: { type: 'string', default: '200' },
    seed: { type: 'string' },
  },
});

// ---- child roles ----

/** A target: `/f<factor>/<route>` answers after ROUTES[route] × factor ms, jittered. */
async function serveTarget(): Promise<void> {
  const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const match = /^\/f(\d+(?:\.\d+)?)\/(\w+)$/.exec(req.url ?? '');
    const base = ROUTES[match?.[2] ?? ''];
    if (!match || base === undefined) {
      res.writeHead(404).end('expected /f<factor>/<route>');
      return;
    }
    const delay = base * Number(match[1]) * (1 - JITTER + 2 * JITTER * Math.random());
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), delay);
    res.once('close', () => clearTimeout(timer));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => process.exit(0));
}

/** Busy-loops for random bursts with random pauses; ends with its parent's stdin or after STEALER_MAX_MS. */
function stealCpu(): void {
  const started = Date.now();
  const between = (range: readonly [number, number]) => range[0] + Math.random() * (range[1] - range[0]);
  const burst = (): void => {
    const until = Date.now() + between(BURST_MS);
    while (Date.now() < until) Math.sqrt(Math.random());
    if (Date.now() - started > STEALER_MAX_MS) process.exit(0);
    setTimeout(burst, between(PAUSE_MS));
  };
  process.stdout.write('stealing\n');
  process.stdin.resume();
  process.stdin.once('end', () => process.exit(0));
  setTimeout(burst, between(PAUSE_MS));
}

/** Starts this script in another role and waits for its first line. */
async function child(role: string): Promise<{ process: ChildProcess; line: string }> {
  const proc = spawn(process.execPath, [import.meta.filename, '--role', role], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout! });
  const [line] = (await Promise.race([
    new Promise<string[]>((resolve) => lines.once('line', (l) => resolve([l]))),
    new Promise<never>((_, reject) => proc.once('exit', (code) => reject(new Error(`calibration ${role} exited with ${code}`)))),
  ])) as [string];
  return { process: proc, line };
}

// ---- the calibration ----

function definition(iterations: number): LoadedDefinition {
  const raw = {
    name: 'calibration',
    config_data: {
      steps: Object.keys(ROUTES).map((route, i) => ({ id: i + 1, name: route, url: `{{BASE}}/${route}` })),
      iteration_count: iterations,
      duration: 1,
    },
  };
  const checked = validateDefinition(raw, 'calibration');
  if (!checked.ok) throw new InputError(checked.problems);
  return { definition: checked.value.definition, file: 'calibration', dir: process.cwd() };
}

function environment(name: string, url: string, factor: number): Environment {
  return { name, vars: [{ key: 'BASE', value: `${url}/f${factor}` }] };
}

function settingsFromArgs(seed: number): CompareSettings {
  const parsed = parseCompareSettings(
    {
      rounds: args.rounds,
      maxRounds: args['max-rounds'] ?? args.rounds,
      warmupRounds: args.warmup,
      maxRegression: args['max-regression'],
      metric: args.metric,
      seed: String(seed),
    },
    { ...CLI_FLAG_NAMES, warmupRounds: '--warmup' },
  );
  if (!parsed.ok) throw new InputError(parsed.problems);
  return parsed.value;
}

function describe(c: Comparison): string {
  return c.steps.map((s) => `${s.name} ${s.verdict} ${formatRatio(s)}`).join(' · ');
}

async function calibrate(): Promise<number> {
  const runs = Number(args.runs);
  const iterations = Number(args.iterations);
  const master = args.seed === undefined ? newSeed() : Number(args.seed);
  const nextSeed = mulberry32(master);
  const loaded = definition(iterations);
  const children: ChildProcess[] = [];
  const stopChildren = () => {
    for (const c of children) c.kill();
  };
  process.once('SIGINT', () => {
    stopChildren();
    process.exit(130);
  });
  try {
    const [base, head, stealer] = await Promise.all([child('target'), child('target'), child('steal')]);
    children.push(base.process, head.process, stealer.process);
    const sides = async (factor: number): Promise<CompareSides> =>
      prepareSides(loaded, environment('head', head.line, factor), environment('base', base.line, 1));
    const kinds = [
      { label: 'A/A', sides: await sides(1), regressed: false },
      { label: 'A/B', sides: await sides(SLOWER), regressed: true },
    ];
    const sample = settingsFromArgs(0);
    const routes = Object.entries(ROUTES)
      .map(([r, ms]) => `${r} ${ms} ms`)
      .join(', ');
    process.stdout.write(
      `calibration: ${runs} A/A and ${runs} A/B gate runs, interleaved; seed ${master}\n` +
        `  per gate run: ${sample.rounds} rounds (at most ${sample.maxRounds}) + ${sample.warmupRounds} warm-up, metric ${sample.metric}, max regression ${args['max-regression']}; ` +
        `each run ${iterations} iterations over 1 s of ${Object.keys(ROUTES).length} steps\n` +
        `  targets: ${routes}, ±${JITTER * 100} % uniform jitter; A/B head ×${SLOWER}; CPU stealer: bursts ${BURST_MS.join('–')} ms, pauses ${PAUSE_MS.join('–')} ms\n`,
    );
    const startedAt = Date.now();
    const failed = { 'A/A': 0, 'A/B': 0 };
    for (let i = 1; i <= runs; i++) {
      for (const kind of kinds) {
        const seed = Math.floor(nextSeed() * 2 ** 32);
        const t0 = Date.now();
        const { comparison } = await runComparison(kind.sides, settingsFromArgs(seed), { concurrency: 1000, insecure: false, proxies: {} });
        if (!comparison.passed) failed[kind.label as 'A/A' | 'A/B'] += 1;
        const outcome = comparison.passed ? 'passed' : 'FAILED';
        const secs = ((Date.now() - t0) / 1000).toFixed(1);
        process.stdout.write(
          `${kind.label} ${String(i).padStart(2)}/${runs}  ${outcome.padEnd(6)}  ${describe(comparison)}  (seed ${seed}, ${comparison.rounds_measured} rounds, ${secs}s)\n`,
        );
      }
    }
    const took = Math.round((Date.now() - startedAt) / 1000);
    process.stdout.write(`false failures: ${failed['A/A']}/${runs}, detections: ${failed['A/B']}/${runs}, took ${took}s\n`);
    const goalsMet = failed['A/A'] === 0 && failed['A/B'] >= Math.ceil(runs * 0.95);
    process.stdout.write(goalsMet ? 'goals met (0 false failures, at least 95 % detected)\n' : 'goals NOT met\n');
    return goalsMet ? 0 : 1;
  } finally {
    stopChildren();
  }
}

async function main(): Promise<void> {
  if (args.role === 'target') return serveTarget();
  if (args.role === 'steal') return stealCpu();
  try {
    process.exitCode = await calibrate();
  } catch (error) {
    const message = error instanceof InputError ? error.problems.map(formatProblem).join('\n') : String(error);
    process.stderr.write(`calibration: ${message}\n`);
    process.exitCode = 2;
  }
}

await main();
