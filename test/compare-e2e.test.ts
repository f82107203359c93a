// The comparison gate as users run it: the CLI and the bundled action against a local target whose
// delay each side's environment sets.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

let target: Target;
let dir: string;
let definition: string;
let alternating: string;
const env = (delay: number) =>
  JSON.stringify({
    name: `delay-${delay}`,
    vars: [
      { key: 'BASE', value: target.url },
      { key: 'DELAY', value: delay },
    ],
  });

const ITERATIONS = 20;
/**
 * /alternate is one service whose speed swings from run to run: the requests of every even run
 * (counting runs of ITERATIONS requests since `alternated = 0`) wait 2 ms, of every odd run 20 ms.
 * Pointed at by both sides, it is identical sides on a noisy runner: in each round the side that
 * goes first is fast and the other slow, so the round values tell nothing about head against base.
 */
let alternated = 0;
function alternate(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url !== '/alternate') return false;
  const run = Math.floor(alternated++ / ITERATIONS);
  const timer = setTimeout(() => res.end('ok'), run % 2 === 0 ? 2 : 20);
  res.once('close', () => clearTimeout(timer));
  return true;
}

beforeAll(async () => {
  target = await startTarget({ handler: alternate });
  dir = mkdtempSync(join(tmpdir(), 'loadgate-compare-'));
  definition = join(dir, 'gate.json');
  writeFileSync(
    definition,
    JSON.stringify({
      name: 'gate',
      config_data: { steps: [{ id: 1, name: 'search', url: '{{BASE}}/delay/{{DELAY}}' }], iteration_count: ITERATIONS, duration: 1 },
    }),
  );
  alternating = join(dir, 'alternating.json');
  writeFileSync(
    alternating,
    JSON.stringify({
      name: 'alternating',
      config_data: { steps: [{ id: 1, name: 'swing', url: '{{BASE}}/alternate' }], iteration_count: ITERATIONS, duration: 1 },
    }),
  );
});
afterAll(async () => {
  await target.close();
});

function node(args: string[], extraEnv: Record<string, string> = {}) {
  return runNode(args, { env: cleanEnv(extraEnv) });
}

// The median of 20 requests per round: a stalled event loop on a busy machine moves a p95 of few requests, not a median.
// --max-rounds 5: these runs never extend (that is tested below with settings that make it certain).
const compare = (head: number, base: number, extra: string[] = []) =>
  node([
    'src/cli/entry.ts',
    'compare',
    definition,
    '--environment',
    env(head),
    '--compare-environment',
    env(base),
    '--rounds',
    '5',
    '--max-rounds',
    '5',
    '--warm-up-rounds',
    '0',
    '--compare-metric',
    'median',
    '--results-file',
    join(dir, `c-${head}-${base}.json`),
    ...extra,
  ]);

/**
 * Identical sides on /alternate, seed 2: the rounds go base, head, head, base, base first, so the
 * head is the fast side in 2 of the first 4 rounds and of the first 5; limit 100 % (2.00).
 * With max-rounds 5 the looks are after 4 and 5 rounds, each at p < 0.025 with a 97.5 % interval:
 * at 4 rounds U lies in [4, 12] (p ≥ P(U ≤ 4) = 12/70) and the interval is unbounded; at 5 rounds
 * U lies in [9, 21] (p ≥ P(U ≤ 4) = 12/252 = 0.048) and the 9 ratios of a slow head round to a
 * fast base round, about 10, hold the interval's upper end (the 2nd largest ratio). With
 * max-rounds 4, one look at p < 0.05 and 95 %: U in [4, 12], and the interval's upper end is the
 * largest ratio, about 10. Inconclusive at every look whatever the timing within the fast and the
 * slow runs (checked over 3000 simulated orders of the values within each).
 */
const SWING = ['--rounds', '4', '--warm-up-rounds', '0', '--compare-metric', 'median', '--max-regression', '100%', '--seed', '2'];
const swingEnv = (name: string) => JSON.stringify({ name, vars: [{ key: 'BASE', value: target.url }] });

describe('loadgate compare', () => {
  it('a large regression is `slower`: exit 1, naming the step (every run on two engine threads)', async () => {
    const run = await compare(40, 2, ['--seed', '42', '--workers', '2']);
    expect(run.code, run.out).toBe(1);
    expect(run.stderr).toMatch(/seed 42/);
    expect(run.stdout).toContain('slower');
    expect(run.stdout).toMatch(/failed.*step\[search\] head\/base median/);
    // The headline counts the checks the table lists: thresholds and comparison checks alike.
    const counted = Number(/— \d+ of (\d+) checks? failed/.exec(run.stdout)?.[1]);
    const listed = run.stdout.split('\n').filter((line) => /^ {2}(✔ pass|✘ FAIL|! warn) /.test(line));
    expect(listed.length).toBe(counted);
    expect(listed.some((line) => line.includes('head/base median'))).toBe(true);
    const file = JSON.parse(readFileSync(join(dir, 'c-40-2.json'), 'utf8'));
    expect(file.run.mode).toBe('compare');
    expect(file.comparison.steps[0].verdict).toBe('slower');
    expect(file.comparison.steps[0].head).toHaveLength(5);
    expect(file.comparison.order).toHaveLength(5);
    // The rounds' runs on two threads add up as on one: every iteration of the 5 measured rounds, each side.
    expect(file.results.iteration_count).toBe(5 * ITERATIONS);
    expect(file.comparison.base_results.iteration_count).toBe(5 * ITERATIONS);
  });

  it('bad settings and a base environment that lacks a variable are refused before any request', async () => {
    target.reset();
    // `--max-regression=-5%`: as a separate argument, parseArgs would refuse -5% as an option before the settings are read.
    const rounds = await compare(3, 3, [
      '--rounds',
      '2',
      '--max-regression=-5%',
      '--compare-metric',
      'p42',
      '--max-compare-time',
      '0',
      '--on-inconclusive',
      'maybe',
    ]);
    expect(rounds.code).toBe(2);
    expect(rounds.stderr).toContain('--rounds: expected a whole number ≥ 3, got "2"');
    expect(rounds.stderr).toContain('--max-regression: expected a percentage ≥ 0');
    expect(rounds.stderr).toContain('--compare-metric: expected one of the response-time metrics');
    expect(rounds.stderr).toContain('--max-compare-time: expected a whole number of seconds of at least 1 s');
    expect(rounds.stderr).toContain('--on-inconclusive: expected warn');
    const lacking = await node([
      'src/cli/entry.ts',
      'compare',
      definition,
      '--environment',
      env(3),
      '--compare-environment',
      JSON.stringify({ name: 'b', vars: [{ key: 'BASE', value: target.url }] }),
    ]);
    expect(lacking.code).toBe(2);
    expect(lacking.stderr).toMatch(/base side.*DELAY/);
    expect(target.received).toHaveLength(0);
  });
});

describe('a comparison that stays inconclusive at max-rounds', () => {
  it('extends, then with on-inconclusive fail fails the run (exit 1), naming the step', async () => {
    target.reset();
    alternated = 0;
    const results = join(dir, 'swing-fail.json');
    const run = await node([
      'src/cli/entry.ts',
      'compare',
      alternating,
      '--environment',
      swingEnv('head'),
      '--compare-environment',
      swingEnv('base'),
      ...SWING,
      '--max-rounds',
      '5',
      '--on-inconclusive',
      'fail',
      '--results-file',
      results,
    ]);
    expect(run.code, run.out).toBe(1);
    expect(run.stderr).toContain(
      'extending: 1 step inconclusive after 4 rounds ("swing"); measuring up to 5 rounds for look 2 of 2 (max-rounds 5)',
    );
    expect(run.stderr).toMatch(/round 5\/5: \w+ \(4 done\)/);
    expect(run.stderr).toContain('comparison: 5 rounds measured (4 planned); stopped: at max-rounds (5)');
    expect(run.stdout).toMatch(/failed.*step\[swing\] head\/base median <= 2\.00/);
    expect(run.stdout).toContain('1 step still inconclusive at max-rounds (5): this fails the gate (on-inconclusive: fail)');
    const { comparison } = JSON.parse(readFileSync(results, 'utf8'));
    expect(comparison).toMatchObject({
      rounds: 4,
      max_rounds: 5,
      rounds_measured: 5,
      extended: true,
      stopped: 'max-rounds',
      on_inconclusive: 'fail',
      looks: [4, 5],
      passed: false,
    });
    expect(comparison.steps[0].verdict).toBe('inconclusive');
    // Every run sent its 20 requests: the alternation followed the runs.
    expect(target.countsByPath().get('/alternate')).toBe(5 * 2 * ITERATIONS);
  });
});

describe('the bundled action in mode compare', () => {
  it('fails the step on a regression and reports the comparison', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const run = await node(['dist/index.js'], {
      INPUT_TEST: definition,
      INPUT_MODE: 'compare',
      INPUT_ENVIRONMENT: env(40),
      'INPUT_COMPARE-ENVIRONMENT': env(2),
      INPUT_ROUNDS: '5',
      'INPUT_WARMUP-ROUNDS': '0',
      'INPUT_COMPARE-METRIC': 'median',
      INPUT_THRESHOLDS: 'fail_rate < 1%',
      INPUT_COMMENT: 'false',
      'INPUT_RESULTS-FILE': join(dir, 'action-compare.json'),
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: join(dir, 'out.txt'),
    });
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(/round 5\/5/);
    expect(run.out).toMatch(/::error::loadgate: 1 check failed: step\[search\] head\/base median/);
    expect(readFileSync(summary, 'utf8')).toContain('Comparison with the base');
  });

  it('identical sides still inconclusive at max-rounds: a warning annotation, and the step passes (on-inconclusive: warn, the default)', async () => {
    alternated = 0;
    const summary = join(dir, 'summary-swing.md');
    writeFileSync(summary, '');
    const output = join(dir, 'out-swing.txt');
    writeFileSync(output, '');
    const run = await node(['dist/index.js'], {
      INPUT_TEST: alternating,
      INPUT_MODE: 'compare',
      INPUT_ENVIRONMENT: swingEnv('head'),
      'INPUT_COMPARE-ENVIRONMENT': swingEnv('base'),
      INPUT_ROUNDS: '4',
      'INPUT_MAX-ROUNDS': '4',
      'INPUT_WARMUP-ROUNDS': '0',
      'INPUT_COMPARE-METRIC': 'median',
      'INPUT_MAX-REGRESSION': '100%',
      INPUT_SEED: '2',
      INPUT_COMMENT: 'false',
      'INPUT_RESULTS-FILE': join(dir, 'action-swing.json'),
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
    });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('comparison: 4 rounds measured; stopped: at max-rounds (4)');
    // A warning annotation (the title's colon escaped as workflow commands need), and no error.
    expect(run.out).toMatch(
      /^::warning title=loadgate%3A warning,file=.*alternating\.json::step\[swing\] head\/base median <= 2\.00: actual .*inconclusive at max-rounds \(4\): more rounds needed to decide$/m,
    );
    expect(run.out).not.toContain('::error');
    expect(readFileSync(output, 'utf8')).toMatch(/passed<<.*\ntrue\n/);
    expect(readFileSync(summary, 'utf8')).toContain('1 step still inconclusive at max-rounds (4): a warning, the gate passes');
  });
});
