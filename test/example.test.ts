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
    // Every check met; on a busy machine the generator's own check may only warn (docs/verdict.md).
    expect(run.stdout).toMatch(/loadgate: shop passed — (all 5 checks met|4 of 5 checks met, 1 warning)/);
    expect(run.stdout).not.toMatch(/✘ FAIL|! warn {2}(?!the load generator)/);
    const results = JSON.parse(readFileSync(join(cwd, 'loadgate-results.json'), 'utf8'));
    expect(results.results.iteration_count).toBe(300);
    expect(results.results.steps.map((s: { success_count: number }) => s.success_count)).toEqual([300, 300, 300, 300]);
  });
});

describe('npm run example:chat', () => {
  it('load-tests the demo chat API: tokens streamed as SSE, gated on the first token and the gaps', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'loadgate-example-chat-'));
    const run = await runNode([join(process.cwd(), 'scripts/example-chat.ts')], { cwd });
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).toMatch(/loadgate: chat passed/);
    expect(run.stdout).toContain('Streams (first event, gaps between events)');
    const results = JSON.parse(readFileSync(join(cwd, 'loadgate-results.json'), 'utf8'));
    const [complete] = results.results.steps;
    expect(complete.success_count).toBe(100);
    // Fifteen tokens and the finishing chunk per answer; [DONE] is not counted.
    expect(complete.stream).toMatchObject({ streams: 100, events: 1600 });
  });
});
