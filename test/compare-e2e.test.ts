// The comparison gate as users run it: the CLI and the bundled action against a local target whose
// delay each side's environment sets.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

let target: Target;
let dir: string;
let definition: string;
const env = (delay: number) => JSON.stringify({ name: `delay-${delay}`, vars: [{ key: 'BASE', value: target.url }, { key: 'DELAY', value: delay }] });

beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-compare-'));
  definition = join(dir, 'gate.json');
  writeFileSync(definition, JSON.stringify({
    name: 'gate',
    config_data: { steps: [{ id: 1, name: 'search', url: '{{BASE}}/delay/{{DELAY}}' }], iteration_count: 20, duration: 1 },
  }));
});
afterAll(async () => {
  await target.close();
});

function node(args: string[], extraEnv: Record<string, string> = {}) {
  return runNode(args, { env: cleanEnv(extraEnv) });
}

// The median of 20 requests per round: a stalled event loop on a busy machine moves a p95 of few requests, not a median.
const compare = (head: number, base: number, extra: string[] = []) => node(['src/cli-entry.ts', 'compare', definition,
  '--env', env(head), '--base-env', env(base), '--rounds', '5', '--warmup-rounds', '0', '--metric', 'median',
  '--results', join(dir, `c-${head}-${base}.json`), ...extra]);

describe('loadgate compare', () => {
  it('a large regression is `slower`: exit 1, naming the step', async () => {
    const run = await compare(40, 2, ['--seed', '42']);
    expect(run.code, run.out).toBe(1);
    expect(run.stderr).toMatch(/seed 42/);
    expect(run.stdout).toContain('slower');
    expect(run.stdout).toMatch(/failed.*step\[search\] head\/base median/);
    const file = JSON.parse(readFileSync(join(dir, 'c-40-2.json'), 'utf8'));
    expect(file.run.mode).toBe('compare');
    expect(file.comparison.steps[0].verdict).toBe('slower');
    expect(file.comparison.steps[0].head).toHaveLength(5);
    expect(file.comparison.order).toHaveLength(5);
  });

  it('identical sides are `same` or `inconclusive`: exit 0', async () => {
    // Identical sides, judged against a 100 % limit: only a doubling could read as slower.
    const run = await compare(3, 3, ['--max-regression', '100%']);
    expect(run.code, run.out).toBe(0);
    const file = JSON.parse(readFileSync(join(dir, 'c-3-3.json'), 'utf8'));
    expect(['same', 'inconclusive']).toContain(file.comparison.steps[0].verdict);
  });

  it('bad settings and a base environment that lacks a variable are refused before any request', async () => {
    target.reset();
    const rounds = await compare(3, 3, ['--rounds', '2', '--max-regression=-5%', '--metric', 'p42']);
    expect(rounds.code).toBe(2);
    expect(rounds.stderr).toContain('--rounds');
    expect(rounds.stderr).toContain('--max-regression');
    expect(rounds.stderr).toContain('--metric');
    const lacking = await node(['src/cli-entry.ts', 'compare', definition, '--env', env(3), '--base-env', JSON.stringify({ name: 'b', vars: [{ key: 'BASE', value: target.url }] })]);
    expect(lacking.code).toBe(2);
    expect(lacking.stderr).toMatch(/base side.*DELAY/);
    expect(target.received).toHaveLength(0);
  });
});

describe('the bundled action in mode compare', () => {
  it('fails the step on a regression and reports the comparison', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const run = await node(['dist/index.js'], {
      INPUT_TEST: definition, INPUT_MODE: 'compare', INPUT_ENVIRONMENT: env(40), 'INPUT_COMPARE-ENVIRONMENT': env(2),
      INPUT_ROUNDS: '5', 'INPUT_WARMUP-ROUNDS': '0', 'INPUT_COMPARE-METRIC': 'median', INPUT_THRESHOLDS: 'fail_rate < 1%', INPUT_COMMENT: 'false',
      'INPUT_RESULTS-FILE': join(dir, 'action-compare.json'), GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: join(dir, 'out.txt'),
    });
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(/round 5\/5/);
    expect(run.out).toMatch(/::error::loadgate: 1 check failed: step\[search\] head\/base median/);
    expect(readFileSync(summary, 'utf8')).toContain('Comparison with the base');
  });
});
