// Hosted mode end to end: the bundled action and the CLI against a real `loadgate serve` process,
// with an environment and a CSV data set, the key a tenant's; the results have the embedded results' structure.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistogram, initHistograms } from '../src/results/histogram.ts';
import { readShardFiles } from '../src/merge/load.ts';
import { mergeShards } from '../src/merge/results.ts';
import type { LoadTestResult } from '../src/types.ts';
import { judgementFor } from './helpers/judgement.ts';
import { startServerProcess, TEST_KEY } from './helpers/server-process.ts';
import { cleanEnv, runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

let target: Target;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let dir: string;
let definitionPath: string;

beforeAll(async () => {
  target = await startTarget();
  // The service's key is a tenant's (docs/server.md, "Tenants"): clients send the key alone, unchanged.
  server = await startServerProcess({ keys: [`ci-team:${TEST_KEY}`] });
  dir = mkdtempSync(join(tmpdir(), 'loadgate-hosted-'));
  writeFileSync(join(dir, 'users.csv'), 'email\nann@x.io\nbob@x.io\n');
  definitionPath = join(dir, 'login.json');
  writeFileSync(
    definitionPath,
    JSON.stringify({
      name: 'hosted-login',
      config_data: {
        steps: [
          {
            id: 1,
            name: 'login',
            url: '{{BASE}}/login',
            method: 'POST',
            payload: '{"user": "{{data.users.email}}"}',
            capture_env: { TOKEN: { from: 'body', json_path: 'token' } },
          },
          { id: 2, name: 'me', url: '{{BASE}}/echo', headers: { Authorization: 'Bearer {{TOKEN}}' } },
        ],
        iteration_count: 6,
        duration: 1,
      },
      environment: { name: 'hosted-e2e', vars: [{ key: 'BASE', value: target.url }] },
      test_data: [
        {
          name: 'users',
          file: 'users.csv',
          type: 'csv',
          file_config: { delimiter: ',', vars: { '0': { tag: 'email' } }, order: 'sequential', skip_first_line: true },
        },
      ],
    }),
  );
});
afterAll(async () => {
  await server?.dispose();
  await target?.close();
});

function run(command: string[], env: Record<string, string>) {
  return runNode(command, { env: cleanEnv(env) });
}

/** The keys at every level of a result, so two results can be compared by structure. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [/^\d+$/.test(k) ? '<code>' : k, shape(v)])
        .sort(),
    );
  }
  return typeof value;
}

describe('mode hosted', () => {
  it('the action runs the definition on the service and writes the same results structure as embedded', async () => {
    const hostedFile = join(dir, 'hosted.json');
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const action = await run(['dist/index.js'], {
      INPUT_TEST: definitionPath,
      INPUT_MODE: 'hosted',
      'INPUT_API-URL': server.url,
      'INPUT_API-KEY': TEST_KEY,
      'INPUT_RESULTS-FILE': hostedFile,
      INPUT_THRESHOLDS: 'fail_rate < 1%\nstep[me].p95 < 5s',
      INPUT_COMMENT: 'false',
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: join(dir, 'out.txt'),
    });
    expect(action.code, action.out).toBe(0);
    const hosted = JSON.parse(readFileSync(hostedFile, 'utf8'));
    expect(hosted.run.mode).toBe('hosted');
    expect(hosted.results.iteration_count).toBe(6);
    expect(hosted.results.steps.map((s: { success_count: number }) => s.success_count)).toEqual([6, 6]);
    expect(hosted.test_url).toMatch(new RegExp(`^${server.url}/report/[0-9a-f-]{36}/$`));
    expect(readFileSync(summary, 'utf8')).toContain('loadgate: hosted-login passed');
    // The server ran it against the target with the CSV rows and the captured token.
    const logins = target.received
      .filter((r) => r.path === '/login')
      .map((r) => JSON.parse(r.body).user)
      .sort();
    expect(logins).toEqual(['ann@x.io', 'ann@x.io', 'ann@x.io', 'bob@x.io', 'bob@x.io', 'bob@x.io']);
    expect(new Set(target.received.filter((r) => r.path === '/echo').map((r) => r.headers.authorization))).toEqual(
      new Set(['Bearer tok-ann@x.io', 'Bearer tok-bob@x.io']),
    );
    // The key is masked and printed nowhere else.
    const keyLines = action.out.split('\n').filter((l) => l.includes(TEST_KEY));
    expect(keyLines.every((l) => l === `::add-mask::${TEST_KEY}`)).toBe(true);

    const embeddedFile = join(dir, 'embedded.json');
    const embedded = await run(['src/cli/entry.ts', 'run', definitionPath, '--results-file', embeddedFile], {});
    expect(embedded.code, embedded.out).toBe(0);
    const local = JSON.parse(readFileSync(embeddedFile, 'utf8'));
    expect(shape(hosted.results)).toEqual(shape(local.results));
    // The same run block: what the server's engine measured of its run is kept, not zeroed.
    expect(Object.keys(hosted.run).sort()).toEqual(Object.keys(local.run).sort());
    expect(typeof hosted.run.generator.saturated).toBe('boolean');
    expect(hosted.run.series.reduce((n: number, s: { started: number }) => n + s.started, 0)).toBe(6);
    // Step URLs resolved as an embedded run shows them, and the throughput rounded alike.
    expect(hosted.run.steps.map((s: { url: string }) => s.url)).toEqual(local.run.steps.map((s: { url: string }) => s.url));
    expect(hosted.run.steps[0].url).not.toContain('{{');
    expect(hosted.run.rps).toBe(Math.round(hosted.run.rps * 10) / 10);
  });

  it('the CLI runs on the service with --api-url, the key from an environment variable', async () => {
    const results = join(dir, 'cli-hosted.json');
    const cli = await run(['src/cli/entry.ts', 'run', definitionPath, '--api-url', server.url, '--results-file', results], {
      LOADGATE_API_KEY: TEST_KEY,
    });
    expect(cli.code, cli.out).toBe(0);
    expect(cli.out).toContain('loadgate: hosted-login');
    expect(JSON.parse(readFileSync(results, 'utf8')).run.mode).toBe('hosted');
    const missingKey = await run(['src/cli/entry.ts', 'run', definitionPath, '--api-url', server.url], {});
    expect(missingKey.code).toBe(2);
    expect(missingKey.out).toContain('LOADGATE_API_KEY');
    expect(missingKey.out).toContain('--api-key-file');
    const wrongKey = await run(['src/cli/entry.ts', 'run', definitionPath, '--api-url', server.url], { LOADGATE_API_KEY: 'nope' });
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.out).toContain('403');
    expect(wrongKey.out).not.toContain('    at ');
    expect(wrongKey.out).not.toContain('nope');
  });

  it('keeps the histograms loadgate serve sends: any percentile is judged on the result; it is still no shard to merge', async () => {
    const results = join(dir, 'histograms.json');
    const cli = await run(['src/cli/entry.ts', 'run', definitionPath, '--api-url', server.url, '--results-file', results], {
      LOADGATE_API_KEY: TEST_KEY,
    });
    expect(cli.code, cli.out).toBe(0);
    const hosted = JSON.parse(readFileSync(results, 'utf8')) as LoadTestResult;
    // The service's own answer, histograms and all, as its result route gives it.
    const id = /\/report\/([0-9a-f-]{36})\/$/.exec(hosted.test_url)![1];
    const served = (await (
      await fetch(`${server.url}/v1/load/test/${id}/result/`, { headers: { 'x-api-key': TEST_KEY } })
    ).json()) as LoadTestResult;
    expect(hosted.histograms).toEqual(served.histograms);
    await initHistograms();
    const overall = decodeHistogram(hosted.histograms!.overall);
    expect(overall.totalCount).toBe(12);
    overall.destroy();
    // p75 is in no 2.5 result: it is read from the histograms, as on an embedded run.
    const [p75] = judgementFor(hosted, 'p75 < 60s').thresholds;
    expect(p75!.actual).toBeGreaterThan(0);
    expect(p75!.passed).toBe(true);
    // Merged as `loadgate merge` reads it (in process: one loadgate process fewer), it is refused,
    // naming the file, why (the service runs the whole test), and what to do instead.
    const merged = mergeShards(await readShardFiles([results], dir));
    expect(merged.ok).toBe(false);
    const [refusal, ...others] = merged.ok ? [] : merged.problems;
    expect(others).toEqual([]);
    expect(refusal).toMatchObject({ file: results, path: '$.run.mode' });
    expect(refusal!.message).toContain(
      "a hosted run's result, not a shard's: a service runs the whole test (its interface has no slice of a plan)",
    );
    expect(refusal!.message).toContain('--shard i/N without --api-url');
    expect(refusal!.message).toContain('loadgate serve --executor kubernetes');
  });

  it('refuses --shard with --api-url: the service runs the whole test', async () => {
    const shard = await run(['src/cli/entry.ts', 'run', definitionPath, '--api-url', server.url, '--shard', '1/2'], {
      LOADGATE_API_KEY: TEST_KEY,
    });
    expect(shard.code).toBe(2);
    expect(shard.stderr).toContain('--shard: a hosted service runs the whole test');
  });

  it('a second run of the same definition, the key from --api-key-file, reuses the environment and the test data', async () => {
    const keyFile = join(dir, 'key.txt');
    writeFileSync(keyFile, `${TEST_KEY}\n`);
    const second = await run(
      [
        'src/cli/entry.ts',
        'run',
        definitionPath,
        '--api-url',
        server.url,
        '--api-key-file',
        keyFile,
        '--results-file',
        join(dir, 'second.json'),
      ],
      {},
    );
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/reusing test data "users"/);
    const list = async (path: string) =>
      (await fetch(`${server.url}${path}`, { headers: { 'x-api-key': TEST_KEY } })).json() as Promise<Array<{ name: string }>>;
    expect((await list('/v1/testdata/')).map((d) => d.name)).toEqual(['users']);
    expect((await list('/v1/environment/')).map((e) => e.name)).toEqual(['hosted-e2e']);
  });
});
