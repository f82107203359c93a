// The README's first command: `npm run example` starts the demo shop and load-tests it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNode } from './helpers/process.ts';

describe('npm run example', () => {
  it('load-tests the demo shop through the CLI: CSV logins, captured tokens, orders, every check met', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'loadgate-example-'));
    const run = await runNode([join(process.cwd(), 'scripts/example.ts')], { cwd });
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).toContain('loadgate: shop passed — all 5 checks met');
    const results = JSON.parse(readFileSync(join(cwd, 'loadgate-results.json'), 'utf8'));
    expect(results.results.iteration_count).toBe(300);
    expect(results.results.steps.map((s: { success_count: number }) => s.success_count)).toEqual([300, 300, 300, 300]);
  });
});
