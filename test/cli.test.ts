// The CLI as a user runs it: a child process, real targets, exit codes and files.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, type ProcessRun } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';
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

function loadgate(args: string[], interruptWhen?: (output: string) => boolean): Promise<ProcessRun> {
  return runNode(['src/cli-entry.ts', ...args], { interruptWhen });
}

function writeDefinition(name: string, iterations: number, duration: number): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify({
    name,
    config_data: { steps: [{ id: 1, name: 'home', url: `${target.url}/ok` }, { id: 2, name: 'slow', url: `${target.url}/delay/20` }], iteration_count: iterations, duration },
  }));
  return path;
}

describe('loadgate run', () => {
  it('runs, prints the summary and writes the results; exit 0 when thresholds hold', async () => {
    const results = join(dir, 'pass.json');
    const run = await loadgate(['run', writeDefinition('pass', 30, 1), '--results', results, '--threshold', 'p95 < 5s', '--threshold', 'step[slow].min >= 15ms']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('loadgate: pass passed');
    expect(run.stdout).toMatch(/home\s+GET \/ok\s+30\s+0/);
    expect(run.stdout).toMatch(/\[1\/1 s\] \d+% started/);
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
    await loadgate(['run', writeDefinition('base', 10, 1), '--results', before]);
    const run = await loadgate(['run', writeDefinition('base', 10, 1), '--results', join(dir, 'after.json'), '--baseline', before]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/[+-]\d+\.\d % [▲▼≈]|≈ same/);
    const broken = join(dir, 'broken-baseline.json');
    writeFileSync(broken, '{"results": {}}');
    const bad = await loadgate(['run', writeDefinition('base', 10, 1), '--baseline', broken]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('$.results.steps: expected a loadgate results file');
  });

  it('--warm-up sends an unrecorded warm-up first; a bad value is bad input', async () => {
    target.reset();
    const results = join(dir, 'warm.json');
    const run = await loadgate(['run', writeDefinition('warm', 10, 1), '--results', results, '--warm-up', '1']);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(target.countsByPath().get('/ok')).toBe(20);
    expect(written.results.steps[0].iteration_count).toBe(10);
    expect(written.run.generator.warm_up_s).toBe(1);
    const bad = await loadgate(['run', writeDefinition('warm', 10, 1), '--warm-up', '1.5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--warm-up: expected whole seconds from 0 to 600, got "1.5"');
  });

  it('exit 1 when a threshold fails', async () => {
    const run = await loadgate(['run', writeDefinition('fail', 10, 1), '--results', join(dir, 'fail.json'), '--threshold', 'step[slow].median < 1ms']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('loadgate: fail failed');
  });

  it('exit 2 for bad input, before any request', async () => {
    target.reset();
    const run = await loadgate(['run', writeDefinition('bad', 10, 1), '--threshold', 'p95 <', '--concurrency', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--threshold #1, column 6: expected a number');
    expect(target.received).toHaveLength(0);
    const missing = await loadgate(['run', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json');
    const unknown = await loadgate(['fly']);
    expect(unknown.code).toBe(2);
  });

  it('SIGINT stops the run and still writes partial results', async () => {
    const results = join(dir, 'partial.json');
    // Interrupted once the first second's progress line is out: the run is under way, whatever the machine's speed.
    const run = await loadgate(['run', writeDefinition('partial', 400, 4), '--results', results], (out) => out.includes('[1/4 s]'));
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('SIGINT');
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(written.run.interrupted).toBe(true);
    expect(written.results.iteration_count).toBeGreaterThan(0);
    expect(written.results.iteration_count).toBeLessThan(400);
  });
});

describe('loadgate validate', () => {
  it('says valid, or lists every problem with file and JSON path', async () => {
    const good = await loadgate(['validate', 'examples/shop.json']);
    expect(good.code).toBe(0);
    expect(good.stdout.trim()).toBe('examples/shop.json: valid');
    const path = join(dir, 'broken.json');
    writeFileSync(path, JSON.stringify({ name: 'x', config_data: { steps: [{ id: 1, name: 'a', url: '{{NOPE}}/x' }], load_type: 'zigzag' } }));
    const bad = await loadgate(['validate', path]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${path}: $.config_data.load_type: expected one of linear, incremental, waved`);
  });
});
