// The action under GitHub's own local runner, @github/local-action (docs/development.md): run from
// the checkout on the action's main module (src/action/main.ts, which exports run()), against a loopback
// target. local-action stubs @actions/core by the path `npm ls` finds from where it runs, so the
// outputs it lists and the job summary it writes are the action's, through its stubs.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from './helpers/process.ts';
import { definition } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const LOCAL_ACTION = resolve('node_modules/@github/local-action/bin/local-action.js');

/** The rows of local-action's "Action Outputs" table (console.table's: a value holding ' is quoted with `): name → value. */
function listedOutputs(out: string): Map<string, string> {
  const table = out.slice(out.indexOf('Action Outputs'));
  const rows = [...table.matchAll(/^│ \d+\s+│ '([^']+)'\s+│ (['`"])(.*)\2\s+│$/gm)];
  return new Map(rows.map((m) => [m[1]!, m[3]!]));
}

describe('the action under @github/local-action', () => {
  let target: Target;
  let dir: string;
  beforeAll(async () => {
    target = await startTarget();
    dir = await mkdtemp(join(tmpdir(), 'loadgate-local-action-'));
  });
  afterAll(async () => {
    await target.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs src/action/main.ts against a loopback target: local-action lists its outputs, and the job summary holds the report', async () => {
    const test = join(dir, 'test.json');
    await writeFile(
      test,
      JSON.stringify(definition([{ url: `${target.url}/ok` }], { iteration_count: 10, duration: 1 }, { name: 'local' })),
    );
    const summary = join(dir, 'summary.md');
    await writeFile(summary, '');
    const env = join(dir, '.env');
    const results = join(dir, 'results.json');
    await writeFile(env, [`INPUT_TEST=${test}`, `INPUT_RESULTS-FILE=${results}`, `GITHUB_STEP_SUMMARY=${summary}`].join('\n'));
    // local-action runs `npm exec tsx …`: the project's Node (node_modules/.bin/node) first on PATH,
    // and nothing of the runner's GITHUB_* environment.
    const path = [resolve('node_modules/.bin'), process.env.PATH ?? ''].join(delimiter);
    const run = await runNode([LOCAL_ACTION, 'run', '.', 'src/action/main.ts', env], {
      env: {
        PATH: path,
        HOME: process.env.HOME ?? tmpdir(),
        ...(process.env.npm_config_cache && { npm_config_cache: process.env.npm_config_cache }),
      },
    });
    expect(run.code, run.out).toBe(0);
    expect(run.out).not.toContain('No outputs were set');
    const outputs = listedOutputs(run.out);
    expect(Object.fromEntries(outputs), run.out).toMatchObject({
      passed: 'true',
      outcome: 'passed',
      'results-file': results,
      iterations: '10',
      'fail-rate': '0',
    });
    expect(JSON.parse(outputs.get('checks')!)).toContainEqual({
      check: 'every step got a successful response',
      actual: 'all 1',
      passed: true,
    });
    const written = await readFile(summary, 'utf8');
    expect(written).toMatch(/^### ✅ loadgate: local passed/);
    expect(written).toContain('#### Checks');
    expect(target.received.length).toBe(10);
  }, 120_000);
});
