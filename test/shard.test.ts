// Sharded runs end to end: real shard processes against a counting target, merged by the CLI and
// by the bundled action; totals, CSV rows and histograms add up exactly to one runner's plan.
import { pathToFileURL } from 'node:url';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistogram, initHistograms, responseTimesOf, sumHistograms } from '../src/results/histogram.ts';
import type { LoadTestResult } from '../src/types.ts';
import { startGithubStandin } from './helpers/github-standin.ts';
import { cleanEnv, runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const ROWS = ['r0@x.io', 'r1@x.io', 'r2@x.io', 'r3@x.io', 'r4@x.io', 'r5@x.io', 'r6@x.io'];
const ITERATIONS = 30;
let target: Target;
let proxy: ProxyServer;
let dir: string;
let shardDir: string;
let definitionPath: string;
let shards: LoadTestResult[];

function node(args: string[], env: Record<string, string> = {}, cwd = process.cwd()) {
  return runNode(args, { env: cleanEnv(env), cwd });
}

beforeAll(async () => {
  await initHistograms();
  target = await startTarget();
  proxy = createProxy();
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(join(tmpdir(), 'loadgate-shard-'));
  shardDir = join(dir, 'loadgate-shards');
  mkdirSync(shardDir);
  writeFileSync(join(dir, 'users.csv'), `${ROWS.join('\n')}\n`);
  definitionPath = join(dir, 'sharded.json');
  writeFileSync(
    definitionPath,
    JSON.stringify({
      name: 'sharded',
      config_data: {
        steps: [
          { id: 1, name: 'visit', url: `${target.url}/ok?u={{data.users.email}}` },
          { id: 2, name: 'then', url: `${target.url}/echo` },
        ],
        proxy_config: { US: 2, DE: 1 },
        iteration_count: ITERATIONS,
        duration: 2,
      },
      test_data: [
        {
          name: 'users',
          file: 'users.csv',
          type: 'csv',
          file_config: { delimiter: ',', vars: { '0': { tag: 'email' } }, order: 'sequential' },
        },
      ],
    }),
  );
  const startAt = String(Date.now() + 2500);
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // The whole run's threshold: a shard (10 of the 30 iterations) is not judged by it; the merge is.
  const runs = await Promise.all(
    [1, 2, 3].map((i) =>
      node([
        'src/cli/entry.ts',
        'run',
        definitionPath,
        '--shard',
        `${i}/3`,
        '--start-at',
        startAt,
        '--proxies',
        `US=${proxyUrl}`,
        '--results-file',
        join(shardDir, `shard-${i}.json`),
        '--thresholds',
        'iteration_count == 30',
      ]),
    ),
  );
  for (const run of runs) {
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).toMatch(/^loadgate: sharded .*10 iterations/);
    expect(run.stderr).toContain("a shard's thresholds are checked when the shards are merged");
  }
  shards = [1, 2, 3].map((i) => JSON.parse(readFileSync(join(shardDir, `shard-${i}.json`), 'utf8')));
}, 60_000);

afterAll(async () => {
  await target.close();
  proxy.closeAllConnections();
  proxy.close();
});

describe('shard runs', () => {
  it('each shard runs its slice; together they send exactly the plan, CSV rows included', () => {
    expect(shards.map((s) => s.results.iteration_count)).toEqual([10, 10, 10]);
    expect(shards.map((s) => s.run.shard?.index)).toEqual([1, 2, 3]);
    expect(new Set(shards.map((s) => s.run.shard?.definition_sha256)).size).toBe(1);
    expect(shards.every((s) => s.histograms && s.run.series.every((second) => typeof second.histogram === 'string'))).toBe(true);
    expect(target.countsByPath().get('/ok')).toBe(ITERATIONS);
    expect(target.countsByPath().get('/echo')).toBe(ITERATIONS);
    // Sequential rows follow the global iteration number, so three shards send what one runner would.
    const sent = target.received
      .filter((r) => r.path === '/ok')
      .map((r) => decodeURIComponent(r.url.split('=')[1]!))
      .sort();
    expect(sent).toEqual(Array.from({ length: ITERATIONS }, (_, k) => ROWS[k % ROWS.length]!).sort());
  });
});

describe('loadgate merge', () => {
  it('adds the shards up exactly at every level', async () => {
    const mergedPath = join(dir, 'merged.json');
    const run = await node(['src/cli/entry.ts', 'merge', shardDir, '--results-file', mergedPath, '--thresholds', 'iteration_count == 30']);
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).toMatch(/^(3 shards merged; all started together\.|! [123] of 3 shards started late .*)\n {2}shard 1 {2}/m);
    const merged: LoadTestResult = JSON.parse(readFileSync(mergedPath, 'utf8'));
    expect(merged.run.mode).toBe('merge');
    // The merged run's own report, not shard 1's.
    const mergedReport = join(dir, 'merged.html');
    expect(merged.test_url).toBe(pathToFileURL(mergedReport).href);
    expect(run.stdout).toContain(`Full report: ${pathToFileURL(mergedReport).href}`);
    expect(readFileSync(mergedReport, 'utf8')).toContain(pathToFileURL(mergedReport).href);
    expect(merged.results.iteration_count).toBe(ITERATIONS);
    expect(merged.results.success_count).toBe(ITERATIONS);
    expect(merged.results.steps.map((s) => s.success_count)).toEqual([30, 30]);
    // proxy_config 2:1 over 30 iterations: US (through its proxy) 20, DE (no proxy) runs as local 10.
    expect(merged.results.location_dist.US!.iteration_count).toBe(20);
    expect(merged.results.location_dist.local!.iteration_count).toBe(10);
    expect(merged.results.steps[0]!.location_dist.US!.status_code_dist).toEqual({ '200': 20 });
    // Percentiles come from the sum of the shards' histograms, exactly. Max and min come from the
    // shards' own figures: an encoded histogram keeps buckets, not the exact extremes.
    const sum = sumHistograms(shards.map((s) => decodeHistogram(s.histograms!.steps['1']!)));
    const own = shards.map((s) => s.results.steps[0]!.response_times);
    expect(merged.results.steps[0]!.response_times).toEqual({
      ...responseTimesOf(sum),
      max: Math.max(...own.map((t) => t.max)),
      min: Math.min(...own.map((t) => t.min)),
    });
    expect(merged.run.series.reduce((n, s) => n + s.started, 0)).toBe(ITERATIONS);
    expect(merged.run.shards?.map((s) => s.index)).toEqual([1, 2, 3]);
    // Every level's merged histogram holds that level's responses from every shard: 30 per step,
    // US 20 iterations of 2 steps, local 10.
    const counts = (level: Record<string, string>) =>
      Object.fromEntries(Object.entries(level).map(([key, h]) => [key, decodeHistogram(h).totalCount]));
    const histograms = merged.histograms!;
    expect({
      overall: decodeHistogram(histograms.overall).totalCount,
      steps: counts(histograms.steps),
      locations: counts(histograms.locations),
      step_locations: Object.fromEntries(Object.entries(histograms.step_locations).map(([id, level]) => [id, counts(level)])),
    }).toEqual({
      overall: 60,
      steps: { 1: 30, 2: 30 },
      locations: { US: 40, local: 20 },
      step_locations: { 1: { US: 20, local: 10 }, 2: { US: 20, local: 10 } },
    });
    // The merged histograms are the sums: the merged step's p95 reads the same from them.
    const mergedStep = decodeHistogram(merged.histograms!.steps['1']!);
    expect(responseTimesOf(mergedStep).p95).toBe(merged.results.steps[0]!.response_times.p95);
    mergedStep.destroy();
  });

  it('refuses an incomplete set with exit 2, naming the missing shard', async () => {
    const partial = join(dir, 'partial');
    mkdirSync(partial);
    writeFileSync(join(partial, 'a.json'), JSON.stringify(shards[0]));
    writeFileSync(join(partial, 'b.json'), JSON.stringify(shards[2]));
    const run = await node(['src/cli/entry.ts', 'merge', partial]);
    expect(run.code).toBe(2);
    expect(run.out).toContain('shard 2 of 3 is missing');
  });

  it('the bundled action in merge mode writes one comment', async () => {
    const github = await startGithubStandin({ userForbidden: true });
    try {
      writeFileSync(
        join(dir, 'event.json'),
        JSON.stringify({ number: 9, pull_request: { number: 9 }, repository: { name: 'shop', owner: { login: 'acme' } } }),
      );
      writeFileSync(join(dir, 'summary.md'), '');
      const action = await node(
        [join(process.cwd(), 'dist/index.js')],
        {
          INPUT_MODE: 'merge',
          INPUT_SHARDS: 'loadgate-shards/*.json',
          INPUT_THRESHOLDS: 'fail_rate < 1%',
          'INPUT_GITHUB-TOKEN': 'ghs_x',
          'INPUT_RESULTS-FILE': join(dir, 'action-merged.json'),
          INPUT_COMMENT: 'true',
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: join(dir, 'event.json'),
          GITHUB_API_URL: github.url,
          GITHUB_REPOSITORY: 'acme/shop',
          GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
          GITHUB_OUTPUT: join(dir, 'out.txt'),
        },
        dir,
      );
      expect(action.code, action.out).toBe(0);
      expect(github.comments).toHaveLength(1);
      expect(github.comments[0]!.body).toContain('loadgate: sharded passed');
      // A shard process that a busy machine started after --start-at is reported late: either headline is the section.
      expect(github.comments[0]!.body).toMatch(/#### Shards\n\n(3 shards merged; all started together\.|⚠️ [123] of 3 shards started late)/);
      const merged = JSON.parse(readFileSync(join(dir, 'action-merged.json'), 'utf8'));
      expect(merged.results.iteration_count).toBe(ITERATIONS);
      // Outside Actions (no run URL), the merged run links its own report, not shard 1's.
      expect(merged.test_url).toBe(pathToFileURL(join(dir, 'action-merged.html')).href);
      expect(github.comments[0]!.body).not.toContain('shard-1.html');
    } finally {
      await github.close();
    }
  });
});
