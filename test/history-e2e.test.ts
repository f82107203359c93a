// History end to end (docs/history.md): the CLI reads earlier results from a folder and gates on
// their median; the action reads the same folder, and with `history: auto` the base branch's
// artifacts through the GitHub API stand-in (octokit and @actions/artifact pointed at it, real zips).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runActionSource } from './helpers/action-run.ts';
import { startArtifactStandin } from './helpers/artifact-standin.ts';
import { closeBrowser } from './helpers/browser.ts';
import { type SeedWorkflowRun, startGithubStandin } from './helpers/github-standin.ts';
import { mermaidBlocks, mermaidErrors } from './helpers/mermaid.ts';
import { runCli } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { zipOf } from './helpers/zip.ts';

const WORKFLOW = 77;
const DAY_MS = 86_400_000;

let target: Target;
let dir: string;
/** A real run of `checkout` against the 10 ms route: what each earlier run holds, its start moved. */
let earlier: Record<string, unknown> & { run: Record<string, unknown>; results: unknown };

function definition(name: string, delayMs: number): string {
  const path = join(dir, `${name}-${delayMs}.json`);
  const steps = [{ id: 1, name: 'home', url: `${target.url}/delay/${delayMs}` }];
  writeFileSync(path, JSON.stringify({ name, config_data: { steps, iteration_count: 20, duration: 1 } }));
  return path;
}

/**
 * The times a quiet runner measures against the 10 ms route. Earlier runs hold these rather than
 * this machine's own, which a busy 2-core machine can stretch past the head run's 20 ms; the head
 * run's are only ever longer than 20 ms, so it fails its limit of 11 ms + 30 % on any machine.
 */
const QUIET_10_MS = { avg: 10, max: 12, min: 10, p80: 11, p90: 11, p95: 11, p99: 12, median: 10, stddev: 1 };

/** The earlier run started `i` days after 2026-01-01, its times a quiet runner's. */
function earlierText(i: number): string {
  const { histograms: _histograms, ...measured } = earlier as typeof earlier & { histograms?: unknown };
  const results = earlier.results as { steps: Record<string, unknown>[] };
  return JSON.stringify({
    ...measured,
    results: { ...results, response_times: QUIET_10_MS, steps: results.steps.map((s) => ({ ...s, response_times: QUIET_10_MS })) },
    run: { ...earlier.run, started_at: new Date(Date.UTC(2026, 0, 1) + i * DAY_MS).toISOString() },
  });
}

/** The x-axis labels and the p95 line of the History section's first chart. */
function historyChart(markdown: string): { labels: string[]; p95: number[]; block: string } {
  const block = mermaidBlocks(markdown.slice(markdown.indexOf('#### History')))[0] ?? '';
  const labels = JSON.parse(/x-axis (\[.*\])/.exec(block)?.[1] ?? '[]') as string[];
  const lines = [...block.matchAll(/line (\[.*\])/g)].map((m) => JSON.parse(m[1]!) as number[]);
  return { labels, p95: lines[1] ?? [], block };
}

beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-history-'));
  const first = join(dir, 'first.json');
  // A busy machine that stalls the generator only warns (docs/verdict.md), so the set-up passes as is.
  const run = await runCli(['run', definition('checkout', 10), '--results-file', first, '--quiet']);
  expect(run.code).toBe(0);
  earlier = JSON.parse(readFileSync(first, 'utf8'));
});
afterAll(async () => {
  await target.close();
  await closeBrowser();
});

describe('history from files', { timeout: 240_000 }, () => {
  let folder: string;
  beforeAll(() => {
    folder = join(dir, 'history');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    for (let i = 0; i < 6; i++) writeFileSync(join(folder, i % 2 ? 'nested' : '', `run-${i}.json`), earlierText(i));
    writeFileSync(join(folder, 'corrupt.json'), '{"results": ');
    const broken = { results: { steps: [{ id: 1 }] }, run: { name: 'checkout', started_at: '2026-02-01T00:00:00.000Z' } };
    writeFileSync(join(folder, 'broken.json'), JSON.stringify(broken));
    writeFileSync(join(folder, 'other.json'), JSON.stringify({ ...earlier, run: { ...earlier.run, name: 'search' } }));
  });

  it('six 10 ms runs, a 20 ms head: exit 1 naming the median baseline, the results carry the 6 runs, --summary-file a Mermaid chart of 7 points', async () => {
    const results = join(dir, 'head.json');
    const summary = join(dir, 'summary.md');
    const junit = join(dir, 'junit.xml');
    const run = await runCli([
      'run',
      definition('checkout', 20),
      '--history',
      folder,
      '--baseline',
      'history',
      '--thresholds',
      'p95 < baseline + 30%',
      '--results-file',
      results,
      '--summary-file',
      summary,
      '--junit-file',
      junit,
      '--on-saturated',
      'warn',
    ]);
    expect(run.code).toBe(1);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<failure message="p95 &lt; baseline \+ 30%: actual [\d.]+ ms \(limit &lt; 14\.3 ms \(baseline \+ 30%; median of 5 runs, 11 ms\)\)"/,
    );
    const written = JSON.parse(readFileSync(results, 'utf8'));
    expect(written.history.runs.map((r: { id: string }) => r.id)).toEqual([
      'run-0',
      'nested/run-1',
      'run-2',
      'nested/run-3',
      'run-4',
      'nested/run-5',
    ]);
    expect(written.history.baseline.median_of).toEqual(['nested/run-1', 'run-2', 'nested/run-3', 'run-4', 'nested/run-5']);
    const md = readFileSync(summary, 'utf8');
    const chart = historyChart(md);
    expect(chart.labels).toHaveLength(7);
    expect(chart.labels.at(-1)).toBe('this run');
    expect(chart.p95.at(-1)).toBeGreaterThan(Math.max(...chart.p95.slice(0, -1)));
    expect(md).toContain('skipped 1 results of other tests ("search")');
    expect(md).toMatch(/skipped \S*corrupt\.json: not JSON/);
    expect(md).toMatch(/skipped \S*broken\.json: its figures cannot be read/);
    expect((await mermaidErrors([chart.block]))[0]).toEqual({ type: 'xychart', error: null });
    expect(run.stdout).toContain('History (6 earlier runs)');
  });

  it('--baseline history without --history is bad input before anything is sent; a history without this test is a note', async () => {
    const bad = await runCli(['run', definition('checkout', 10), '--baseline', 'history', '--thresholds', 'p95 < baseline']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--baseline history is the median of earlier runs: give them with --history PATH');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const run = await runCli([
      'run',
      definition('search', 10),
      '--history',
      join(dir, 'history', 'run-0.json'),
      '--history',
      empty,
      '--baseline',
      'history:3',
      '--thresholds',
      'p95 < baseline',
      '--results-file',
      join(dir, 'search.json'),
      '--on-saturated',
      'warn',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`note: history: nothing found at ${empty}`);
    expect(run.stdout).toContain('note: history: no earlier runs, so the baseline is empty; not checked: p95 < baseline');
  });

  it('the action with history: DIR writes the same chart into the job summary', async () => {
    const github = await startGithubStandin({});
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'history-dir',
        inputs: {
          test: definition('checkout', 20),
          history: folder,
          baseline: 'history',
          thresholds: 'p95 < baseline + 30%',
          'results-file': join(dir, 'action.json'),
          check: 'false',
          comment: 'false',
          'on-saturated': 'warn',
        },
      });
      expect(run.code).toBe(1);
      const chart = historyChart(run.summary);
      expect(chart.labels).toEqual(['run-0', 'nested/run-1', 'run-2', 'nested/run-3', 'run-4', 'nested/run-5', 'this run']);
      expect(run.summary).toMatch(/p95 < baseline \+ 30%.*median of 5 runs/);
    } finally {
      await github.close();
    }
  });
});

describe('history: auto', { timeout: 240_000 }, () => {
  it('30 successful runs on main (and one expired artifact): the chart has 31 points, oldest first, by their commits', async () => {
    const workflowRuns: SeedWorkflowRun[] = [{ id: 4242, workflowId: WORKFLOW, branch: 'feature', conclusion: null }];
    // Seeded out of order: history orders the runs by when they started, not by how the API lists them.
    const order = Array.from({ length: 30 }, (_, i) => (i * 7) % 30);
    for (const i of order) {
      workflowRuns.push({
        id: 500 + i,
        workflowId: WORKFLOW,
        branch: 'main',
        conclusion: 'success',
        headSha: `${String(i).padStart(2, '0')}c0ffee`,
        artifacts: [{ id: 9000 + i, name: 'loadgate-results-checkout', zip: zipOf('loadgate-results.json', earlierText(i)) }],
      });
    }
    // The oldest, listed first: its artifact expired, so 30 of the 31 runs history-size reads have one.
    workflowRuns.splice(1, 0, {
      id: 499,
      workflowId: WORKFLOW,
      branch: 'main',
      conclusion: 'success',
      artifacts: [{ id: 8999, name: 'loadgate-results-checkout', zip: zipOf('loadgate-results.json', earlierText(0)), expired: true }],
    });
    const github = await startGithubStandin({ workflowRuns });
    const artifacts = await startArtifactStandin();
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'history-auto',
        inputs: {
          test: definition('checkout', 10),
          history: 'auto',
          'history-size': '31',
          'github-token': 'ghs_token',
          'results-file': join(dir, 'auto.json'),
          check: 'false',
          comment: 'false',
          'on-saturated': 'warn',
        },
        env: { ...artifacts.env, GITHUB_RUN_ID: '4242' },
      });
      expect(run.code).toBe(0);
      const chart = historyChart(run.summary);
      expect(chart.labels).toEqual([...Array.from({ length: 30 }, (_, i) => `${String(i).padStart(2, '0')}c0ffe`), 'this run']);
      expect(run.summary).toMatch(/p95 [+-][\d.]+ % over the last 30 runs on main/);
      expect(run.summary).toContain('history: 1 run on main kept loadgate-results-checkout, but it has expired');
      const zips = github.requests.filter((r) => /\/artifacts\/\d+\/zip$/.test(r.path));
      expect(zips).toHaveLength(30);
      const written = JSON.parse(readFileSync(join(dir, 'auto.json'), 'utf8'));
      expect(written.history.branch).toBe('main');
      expect(written.history.runs[0]).toMatchObject({ id: '500', sha: '00c0ffee' });
      expect((await mermaidErrors([chart.block]))[0]).toEqual({ type: 'xychart', error: null });
    } finally {
      await github.close();
      await artifacts.close();
    }
  });
});
