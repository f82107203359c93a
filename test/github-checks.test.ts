// The status check (docs/ci.md): check runs created in_progress, reset on a re-run, completed
// with the verdict, annotations in batches of 50, a refused token a warning. Against a loopback
// stand-in of the REST API, asserting the exact requests; then the action end to end from its
// source entry (src/action/action.ts) with a real local target.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOctokit } from '@actions/github';
import { completeCheckRun, startCheckRun, type CheckAnnotation } from '../src/github/check-run.ts';
import { matrixEntryOf } from '../src/settings/github-inputs.ts';
import { checkNameOf, StatusCheck } from '../src/github/status-check.ts';
import { startGithubStandin } from './helpers/github-standin.ts';
import { runActionSource } from './helpers/action-run.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { writeCheckoutDefinition } from './helpers/checkout.ts';

const NOW = new Date('2026-11-25T20:00:00Z');
const target = {
  owner: 'acme',
  repo: 'shop',
  headSha: 'abc',
  name: 'loadgate: checkout',
  detailsUrl: 'https://github.com/acme/shop/actions/runs/1',
};

function annotation(i: number): CheckAnnotation {
  return {
    path: 'loadtest.json',
    start_line: 1,
    end_line: 1,
    annotation_level: 'failure',
    title: 'loadgate: threshold failed',
    message: `check ${i}`,
  };
}

describe('check runs against the REST API', () => {
  it('a first run creates the check in_progress on the head commit', async () => {
    const github = await startGithubStandin();
    try {
      const id = await startCheckRun(getOctokit('t', { baseUrl: github.url }), target, NOW);
      expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/acme/shop/check-runs']);
      expect(github.requests[0]!.body).toEqual({
        head_sha: 'abc',
        name: 'loadgate: checkout',
        status: 'in_progress',
        started_at: '2026-11-25T20:00:00.000Z',
        details_url: 'https://github.com/acme/shop/actions/runs/1',
        output: { title: 'running', summary: 'loadgate: checkout is running.' },
      });
      expect(github.checkRuns).toMatchObject([{ id, status: 'in_progress', conclusion: null }]);
    } finally {
      await github.close();
    }
  });

  it('a test named with a heading and an image: the name is one line, the running summary shows both as text', async () => {
    const github = await startGithubStandin();
    try {
      const check = new StatusCheck({
        enabled: true,
        token: 't',
        name: '',
        owner: 'acme',
        repo: 'shop',
        headSha: 'abc',
        apiUrl: github.url,
        warn: (message) => expect.fail(message),
        info: () => {},
        now: () => NOW,
      });
      check.start('x\n## pwn <img src=https://example.invalid/t.png>');
      await check.complete('x', 'passed', { title: 'done', summary: 'done', annotations: [] });
      const created = github.requests.find((r) => r.method === 'POST')!.body as { name: string; output: { summary: string } };
      expect(created.name).toBe('loadgate: x ## pwn <img src=https://example.invalid/t.png>');
      // No heading (the name's line break is a space), no tag, and the URL is not autolinked.
      expect(created.output.summary).toBe('loadgate: x ## pwn &lt;img src=https:\u200b//example.invalid/t.png&gt; is running.');
    } finally {
      await github.close();
    }
  });

  it("a re-run creates a fresh check in_progress, newest of its name, and leaves the earlier one's annotations alone", async () => {
    const github = await startGithubStandin({
      checkRuns: [{ name: 'loadgate: checkout', headSha: 'abc', status: 'completed', conclusion: 'failure' }],
    });
    try {
      const earlier = github.checkRuns[0]!.id;
      const octokit = getOctokit('t', { baseUrl: github.url });
      const id = await startCheckRun(octokit, target, NOW);
      expect(id).not.toBe(earlier);
      expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/acme/shop/check-runs']);
      // What the PR page and branch protection go by: the newest check run of the name.
      const { data } = await octokit.rest.checks.listForRef({ owner: 'acme', repo: 'shop', ref: 'abc', check_name: target.name });
      expect(data.check_runs[0]).toMatchObject({ id, status: 'in_progress', conclusion: null });
    } finally {
      await github.close();
    }
  });

  it('completes with the verdict; 120 annotations arrive as 50, 50 and 20', async () => {
    const github = await startGithubStandin({ checkRuns: [{ name: 'loadgate: checkout', headSha: 'abc', status: 'in_progress' }] });
    try {
      const id = github.checkRuns[0]!.id;
      const annotations = Array.from({ length: 120 }, (_, i) => annotation(i));
      await completeCheckRun(
        getOctokit('t', { baseUrl: github.url }),
        { owner: 'acme', repo: 'shop', id },
        'failure',
        { title: 'loadgate: checkout failed', summary: '## report', annotations },
        NOW,
      );
      const patches = github.requests.filter((r) => r.method === 'PATCH');
      expect(patches).toHaveLength(3);
      expect(patches[0]!.body).toEqual({
        status: 'completed',
        conclusion: 'failure',
        completed_at: '2026-11-25T20:00:00.000Z',
        output: { title: 'loadgate: checkout failed', summary: '## report', annotations: annotations.slice(0, 50) },
      });
      expect(patches[1]!.body).toEqual({
        output: { title: 'loadgate: checkout failed', summary: '## report', annotations: annotations.slice(50, 100) },
      });
      expect(patches[2]!.body).toEqual({
        output: { title: 'loadgate: checkout failed', summary: '## report', annotations: annotations.slice(100) },
      });
      expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
      expect(github.checkRuns[0]!.output.annotations).toEqual(annotations);
    } finally {
      await github.close();
    }
  });
});

describe('check names', () => {
  it('add the matrix entry as GitHub adds it to a job name; outside a matrix (null) the name is plain', () => {
    expect(checkNameOf('', 'checkout', matrixEntryOf('{"region":"eu","node":24,"os":{"name":"linux"}}'))).toBe(
      'loadgate: checkout (eu, 24, {"name":"linux"})',
    );
    expect(checkNameOf('', 'checkout', matrixEntryOf('null'))).toBe('loadgate: checkout');
    expect(checkNameOf('', 'checkout', matrixEntryOf(''))).toBe('loadgate: checkout');
    // A label given by hand (matrix: ${{ matrix.region }}) is used as it is.
    expect(checkNameOf('', 'checkout', matrixEntryOf(' eu-west '))).toBe('loadgate: checkout (eu-west)');
    expect(checkNameOf('perf gate', 'checkout', 'eu')).toBe('perf gate');
  });

  it('are one line whatever the test, the input or the matrix carry; a long test name is cut', () => {
    expect(checkNameOf('', 'check\r\nout', 'eu\n1')).toBe('loadgate: check out (eu 1)');
    expect(checkNameOf('perf\ngate', 'checkout')).toBe('perf gate');
    expect(checkNameOf('', 'a'.repeat(100_000))).toBe(`loadgate: ${'a'.repeat(79)}…`);
  });
});

// Each action run starts Node on the sources and runs a 1 s test: minutes on a busy 2-core machine.
const ACTION_TIMEOUT = { timeout: 180_000 };

describe("the action's check run", ACTION_TIMEOUT, () => {
  let service: Target;
  let dir: string;
  let definition: string;
  beforeAll(async () => {
    service = await startTarget();
    dir = mkdtempSync(join(tmpdir(), 'loadgate-checks-'));
    definition = writeCheckoutDefinition(dir, service.url);
  });
  afterAll(async () => {
    await service.close();
  });

  const inputs = (thresholds: string, extra: Record<string, string> = {}): Record<string, string> => ({
    test: definition,
    thresholds,
    'github-token': 'ghs_token',
    'results-file': join(dir, 'results.json'),
    comment: 'false',
    'on-saturated': 'warn',
    // What the runner makes of action.yml's default `${{ toJSON(matrix) }}` outside a matrix.
    matrix: 'null',
    ...extra,
  });

  it('on a pull request: created in_progress on the head commit, completed with the verdict, one annotation per failed check', async () => {
    const github = await startGithubStandin();
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'fail',
        inputs: inputs('step[slow].min < 1ms\nstep[home].max < 1ms\np95 < 10s'),
      });
      expect(run.code).toBe(1);
      const calls = github.requests.filter((r) => r.path.includes('check-runs')).map((r) => `${r.method} ${r.path}`);
      const [check] = github.checkRuns;
      expect(calls).toEqual(['POST /repos/acme/shop/check-runs', `PATCH /repos/acme/shop/check-runs/${check!.id}`]);
      expect(github.requests.find((r) => r.method === 'POST')!.body).toMatchObject({
        name: 'loadgate: checkout',
        head_sha: 'abc',
        status: 'in_progress',
        details_url: 'https://github.com/acme/shop/actions/runs/4242',
      });
      expect(check).toMatchObject({ name: 'loadgate: checkout', head_sha: 'abc', status: 'completed', conclusion: 'failure' });
      expect(check!.output.title).toMatch(/^loadgate: checkout failed.* · 10 iterations/);
      expect(check!.output.summary).toMatch(/step\\?\[slow\\?\]\.min < 1 ms/);
      expect(check!.output.summary!.length).toBeLessThanOrEqual(65_535);
      // A busy machine may add a warning that the generator ran late; the failures are exactly these.
      expect(check!.output.annotations.filter((a) => (a as { annotation_level: string }).annotation_level === 'failure')).toEqual([
        expect.objectContaining({
          path: 'checkout.json',
          start_line: 1,
          annotation_level: 'failure',
          title: 'loadgate: threshold failed',
          message: expect.stringMatching(/^step\[slow\]\.min < 1 ms: actual \d+(\.\d+)? ms \(limit < 1 ms\)$/),
        }),
        expect.objectContaining({ path: 'checkout.json', message: expect.stringMatching(/^step\[home\]\.max < 1 ms: actual/) }),
      ]);
      expect(run.stdout).toContain('check run "loadgate: checkout" completed: failure');
    } finally {
      await github.close();
    }
  });

  it("a re-run of the job gets a fresh check: its annotations are its own, the first attempt's do not pile up", async () => {
    const github = await startGithubStandin();
    try {
      const failing = inputs('step[slow].min < 1ms\nstep[home].max < 1ms');
      for (const attempt of ['1', '2']) {
        const run = await runActionSource({
          dir,
          apiUrl: github.url,
          id: `rerun-${attempt}`,
          inputs: failing,
          env: { GITHUB_RUN_ATTEMPT: attempt },
        });
        expect(run.code).toBe(1);
      }
      expect(github.checkRuns.map((c) => [c.name, c.status, c.conclusion])).toEqual([
        ['loadgate: checkout', 'completed', 'failure'],
        ['loadgate: checkout', 'completed', 'failure'],
      ]);
      const failures = (c: (typeof github.checkRuns)[number]) =>
        c.output.annotations.filter((a) => (a as { annotation_level: string }).annotation_level === 'failure');
      const [first, second] = github.checkRuns;
      expect(failures(first!)).toHaveLength(2);
      expect(failures(second!)).toHaveLength(2);
      expect(second!.details_url).toBe('https://github.com/acme/shop/actions/runs/4242/attempts/2');
      // The re-run never wrote to the first attempt's check.
      expect(github.requests.filter((r) => r.path === `/repos/acme/shop/check-runs/${first!.id}`)).toHaveLength(1);
    } finally {
      await github.close();
    }
  });

  it('each matrix entry gets a check, and a sticky comment, of its own, named after its values', async () => {
    const github = await startGithubStandin();
    try {
      for (const [id, matrix] of [
        ['eu', '{"region":"eu","node":24}'],
        ['us', '{"region":"us","node":24}'],
      ] as const) {
        const run = await runActionSource({
          dir,
          apiUrl: github.url,
          id: `matrix-${id}`,
          inputs: inputs('p95 < 10s', { matrix, comment: 'always' }),
        });
        expect(run.code).toBe(0);
      }
      const created = github.requests
        .filter((r) => r.method === 'POST' && r.path.endsWith('/check-runs'))
        .map((r) => (r.body as { name: string }).name);
      expect(created).toEqual(['loadgate: checkout (eu, 24)', 'loadgate: checkout (us, 24)']);
      expect(github.checkRuns.map((c) => [c.name, c.status, c.conclusion])).toEqual([
        ['loadgate: checkout (eu, 24)', 'completed', 'success'],
        ['loadgate: checkout (us, 24)', 'completed', 'success'],
      ]);
      expect(github.comments.map((c) => c.body.split('\n')[0])).toEqual([
        '<!-- loadgate:comment test="checkout" job="load (eu, 24)" -->',
        '<!-- loadgate:comment test="checkout" job="load (us, 24)" -->',
      ]);
    } finally {
      await github.close();
    }
  });

  it('check-name names it; a pass completes it as success; check: false leaves the Checks API alone', async () => {
    const github = await startGithubStandin();
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'pass',
        // check-name wins over the matrix entry: the user chose the name branch protection requires.
        inputs: inputs('p95 < 10s', { 'check-name': 'perf gate', matrix: '{"region":"eu"}' }),
      });
      expect(run.code).toBe(0);
      expect(github.checkRuns).toMatchObject([{ name: 'perf gate', status: 'completed', conclusion: 'success' }]);
      expect(github.checkRuns[0]!.output.annotations.every((a) => (a as { annotation_level: string }).annotation_level === 'warning')).toBe(
        true,
      );
      const before = github.requests.length;
      const off = await runActionSource({ dir, apiUrl: github.url, id: 'off', inputs: inputs('p95 < 10s', { check: 'false' }) });
      expect(off.code).toBe(0);
      expect(github.requests.slice(before).filter((r) => r.path.includes('check-runs'))).toEqual([]);
    } finally {
      await github.close();
    }
  });

  it("a token without checks: write is a warning naming the permission; the job's outcome is unchanged", async () => {
    const github = await startGithubStandin({ checksForbidden: true });
    try {
      const run = await runActionSource({ dir, apiUrl: github.url, id: 'forbidden', inputs: inputs('p95 < 10s') });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /::warning::Could not create the check run "loadgate: checkout": Resource not accessible by integration \(403\)\. Give the job "permissions: checks: write"/,
      );
      // One warning: completing is not attempted after creating was refused.
      expect(run.stdout.match(/check run/g)).toHaveLength(1);
      expect(run.stdout).not.toContain('::error');
    } finally {
      await github.close();
    }
  });

  it('an unexpected error after the check started completes it as a failure with the message, secrets hidden', async () => {
    const github = await startGithubStandin();
    try {
      // A real failure after the load: the results file's folder does not exist. The folder is
      // named after the token, so the error's message quotes a secret that the check must hide.
      const token = 'ghs_s3cr3t';
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'error',
        inputs: inputs('p95 < 10s', { 'github-token': token, 'results-file': join(dir, token, 'results.json') }),
      });
      expect(run.code).toBe(1);
      expect(github.checkRuns).toHaveLength(1);
      const [check] = github.checkRuns;
      expect(check).toMatchObject({
        name: 'loadgate: checkout',
        status: 'completed',
        conclusion: 'failure',
        output: { title: 'loadgate: error — the run did not finish', annotations: [] },
      });
      expect(check!.output.summary).toMatch(/^loadgate stopped on an error: ENOENT: no such file or directory, open '/);
      // The token's place, as Markdown shows *** (escaped).
      expect(check!.output.summary).toContain(String.raw`/\*\*\*/results.json`);
      expect(JSON.stringify(github.requests.map((r) => r.body))).not.toContain(token);
      expect(run.stdout).toContain('::error::loadgate: ENOENT');
    } finally {
      await github.close();
    }
  });

  it('bad input completes the check as a failure listing the problems', async () => {
    const github = await startGithubStandin();
    try {
      const run = await runActionSource({ dir, apiUrl: github.url, id: 'bad', inputs: inputs('step[nope].p95 < 1s') });
      expect(run.code).toBe(1);
      expect(github.checkRuns).toMatchObject([
        {
          name: 'loadgate: checkout',
          head_sha: 'abc',
          status: 'completed',
          conclusion: 'failure',
          output: { title: 'loadgate: bad input — nothing was sent' },
        },
      ]);
      expect(github.checkRuns[0]!.output.summary).toContain('step "nope" is not');
      expect(service.countsByPath().get('/ok') ?? 0).toBeLessThan(100);
    } finally {
      await github.close();
    }
  });
});
