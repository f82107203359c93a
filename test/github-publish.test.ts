// mode publish end to end (docs/ci.md, Forks): a fork's pull_request run, whose token is read-only
// (the stand-in answers 403 to comments and check runs), keeps its results as an artifact with
// the PR, head and verdict; a workflow_run run of the base repository downloads that artifact and
// posts the one comment and the one check on the PR's head commit. Results that do not match the
// triggering run are refused with nothing posted. The REST API and the artifact service are
// loopback stand-ins; the action runs from src/action/action.ts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { readPublishable } from '../src/github/publish-mode.ts';
import { startArtifactStandin } from './helpers/artifact-standin.ts';
import { startGithubStandin, type GithubStandin, type SeedPull } from './helpers/github-standin.ts';
import { PR_EVENT, runActionSource } from './helpers/action-run.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { writeCheckoutDefinition } from './helpers/checkout.ts';

const FORK_PR_EVENT = {
  name: 'pull_request',
  payload: {
    ...PR_EVENT.payload,
    pull_request: {
      number: 7,
      head: { sha: 'abc', ref: 'feature', repo: { owner: { login: 'forker' }, full_name: 'forker/shop' } },
      base: { ref: 'main' },
    },
  },
};

/** The event of the base repository's workflow_run workflow when the PR run (4242) completed. */
function workflowRunEvent(headSha: string, pullRequests: { number: number; head: { sha: string } }[] = []) {
  return {
    name: 'workflow_run',
    payload: {
      action: 'completed',
      workflow_run: {
        id: 4242,
        event: 'pull_request',
        conclusion: 'failure',
        head_sha: headSha,
        head_branch: 'feature',
        head_repository: { owner: { login: 'forker' }, full_name: 'forker/shop' },
        pull_requests: pullRequests,
      },
      repository: { name: 'shop', owner: { login: 'acme' }, full_name: 'acme/shop' },
    },
  };
}

const FORK_PULL: SeedPull = { number: 7, headOwner: 'forker', headRef: 'feature', headSha: 'abc' };
const writes = (github: GithubStandin) => github.requests.filter((r) => r.method === 'POST' || r.method === 'PATCH');

describe("mode publish: a fork's PR published from a workflow_run", { timeout: 240_000 }, () => {
  let service: Target;
  let dir: string;
  let publishDir: string;
  let prZip: Buffer;
  beforeAll(async () => {
    service = await startTarget();
    dir = mkdtempSync(join(tmpdir(), 'loadgate-fork-'));
    // The publish run's workspace holds nothing of the fork: no definition, no results.
    publishDir = mkdtempSync(join(tmpdir(), 'loadgate-publish-'));
    writeCheckoutDefinition(dir, service.url);
  });
  afterAll(async () => {
    await service.close();
  });

  const publish = (github: GithubStandin, id: string, event: { name: string; payload: unknown }) =>
    runActionSource({
      dir: publishDir,
      apiUrl: github.url,
      id,
      event,
      inputs: { mode: 'publish', 'github-token': 'ghs_write', comment: 'on-change' },
      env: { GITHUB_RUN_ID: '5000', GITHUB_SHA: 'main0', GITHUB_JOB: 'publish' },
    });
  const prRun = (zip: Buffer) => ({
    id: 4242,
    workflowId: 77,
    branch: 'feature',
    conclusion: 'failure' as const,
    artifacts: [
      { id: 950, name: 'loadgate-results-checkout', zip },
      { id: 951, name: 'loadgate-report-checkout-load', zip },
    ],
  });

  it("the fork's pull_request run cannot post, and keeps its results with the PR, the head and the verdict", async () => {
    const github = await startGithubStandin({ forbidden: true, checksForbidden: true, userForbidden: true });
    const artifacts = await startArtifactStandin();
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'fork',
        event: FORK_PR_EVENT,
        env: artifacts.env,
        inputs: {
          test: 'checkout.json',
          thresholds: 'step[slow].min < 1ms\np95 < 10s',
          'github-token': 'ghs_read',
          'results-file': join(dir, 'results.json'),
          'on-saturated': 'warn',
        },
      });
      expect(run.code).toBe(1);
      expect(github.comments).toEqual([]);
      expect(github.checkRuns).toEqual([]);
      expect(run.stdout).toContain('post from a workflow_run workflow with mode: publish (docs/ci.md, Forks)');
      const block = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).github;
      expect(block).toMatchObject({
        pull_request: 7,
        head_sha: 'abc',
        job: 'load',
        check_name: 'loadgate: checkout',
        definition_file: 'checkout.json',
        judgement: { outcome: 'failed' },
        report: { notes: [] },
      });
      const kept = artifacts.artifacts.find((a) => a.name === 'loadgate-results-checkout');
      expect(kept?.finalized).toBe(true);
      prZip = kept!.bytes;
    } finally {
      await github.close();
      await artifacts.close();
    }
  });

  it('the workflow_run publish run posts exactly one comment and one check on the head commit, from the artifact alone', async () => {
    const github = await startGithubStandin({
      workflowRuns: [prRun(prZip)],
      pulls: [FORK_PULL, { number: 3, headOwner: 'acme', headRef: 'feature', headSha: 'zzz' }],
    });
    try {
      const run = await publish(github, 'publish', workflowRunEvent('abc'));
      expect(run.code).toBe(0);
      const [check] = github.checkRuns;
      expect(github.requests.filter((r) => r.path.startsWith('/repos/') || r.path === '/user').map((r) => `${r.method} ${r.path}`)).toEqual(
        [
          'GET /repos/acme/shop/pulls',
          'GET /repos/acme/shop/actions/runs/4242/artifacts',
          'GET /repos/acme/shop/actions/artifacts/950/zip',
          'GET /user',
          'GET /repos/acme/shop/issues/7/comments',
          'POST /repos/acme/shop/issues/7/comments',
          'POST /repos/acme/shop/check-runs',
          `PATCH /repos/acme/shop/check-runs/${check!.id}`,
        ],
      );
      expect(github.requests[0]!.query).toMatchObject({ head: 'forker:feature', state: 'open' });
      expect(github.comments).toHaveLength(1);
      const comment = github.comments[0]!;
      expect(comment).toMatchObject({ issueNumber: 7, owner: 'acme', repo: 'shop' });
      expect(comment.body.startsWith('<!-- loadgate:comment test="checkout" job="load" -->\n<!-- loadgate:state ')).toBe(true);
      expect(comment.body).toMatch(/step\\?\[slow\\?\]\.min < 1 ms/);
      expect(comment.body).toContain('https://github.com/acme/shop/actions/runs/4242');
      expect(github.checkRuns).toHaveLength(1);
      expect(check).toMatchObject({
        name: 'loadgate: checkout',
        head_sha: 'abc',
        status: 'completed',
        conclusion: 'failure',
        details_url: 'https://github.com/acme/shop/actions/runs/4242',
      });
      expect(check!.output.title).toMatch(/^loadgate: checkout failed/);
      expect(check!.output.annotations.filter((a) => (a as { annotation_level: string }).annotation_level === 'failure')).toEqual([
        expect.objectContaining({
          path: 'checkout.json',
          message: expect.stringMatching(/^step\[slow\]\.min < 1 ms: actual [\d.]+ ms \(limit < 1 ms\)$/),
        }),
      ]);
      expect(run.stdout).toContain('publishing "checkout" of run 4242 on PR #7 (abc): failed');
      expect(github.requests.some((r) => r.path.includes('main0'))).toBe(false);
    } finally {
      await github.close();
    }
  });

  it("refuses results whose PR number is not the triggering run's, posting nothing", async () => {
    const github = await startGithubStandin({ workflowRuns: [prRun(prZip)] });
    try {
      const run = await publish(github, 'other-pr', workflowRunEvent('abc', [{ number: 8, head: { sha: 'abc' } }]));
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('$.github.pull_request: the triggering run belongs to PR #8, the results file says 7: refused');
      expect(run.stdout).toContain('loadgate-results-checkout');
      expect(writes(github)).toEqual([]);
      expect(github.comments).toEqual([]);
      expect(github.checkRuns).toEqual([]);
    } finally {
      await github.close();
    }
  });

  it("refuses results whose head SHA is not the triggering run's, posting nothing", async () => {
    const github = await startGithubStandin({ workflowRuns: [prRun(prZip)], pulls: [{ ...FORK_PULL, headSha: 'def' }] });
    try {
      const run = await publish(github, 'other-sha', workflowRunEvent('def'));
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('$.github.head_sha: the triggering run\'s head commit is def, the results file says "abc": refused');
      expect(writes(github)).toEqual([]);
      expect(github.checkRuns).toEqual([]);
    } finally {
      await github.close();
    }
  });

  it("a run whose head is no longer the PR's (the fork pushed again) publishes nothing, with a warning", async () => {
    const github = await startGithubStandin({ workflowRuns: [prRun(prZip)], pulls: [{ ...FORK_PULL, headSha: 'newer' }] });
    try {
      const run = await publish(github, 'moved-on', workflowRunEvent('abc'));
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('::warning::loadgate: no open pull request has abc (run 4242) as its head: nothing to publish');
      expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/acme/shop/pulls']);
    } finally {
      await github.close();
    }
  });

  it('mode publish on any other event is bad input, and touches no API', async () => {
    const github = await startGithubStandin({ workflowRuns: [prRun(prZip)], pulls: [FORK_PULL] });
    try {
      const run = await publish(github, 'not-workflow-run', PR_EVENT);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        'mode publish runs in a workflow triggered by workflow_run (on: workflow_run), got the pull_request event',
      );
      expect(github.requests).toEqual([]);
    } finally {
      await github.close();
    }
  });
});

describe('readPublishable', () => {
  it('refuses a results file with a key given twice (JSON.parse would keep the last one), naming the artifact and both places', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loadgate-publishable-')), 'results.json');
    writeFileSync(file, '{"github": {"pull_request": 7,\n  "pull_request": 8}}');
    const error = await readPublishable(file, 'loadgate-results-checkout', { owner: 'acme', repo: 'shop', number: 7 }, 'abc').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems).toEqual([
      {
        file: 'loadgate-results-checkout',
        path: '$.github.pull_request',
        message:
          'duplicate key "pull_request": first at line 1, column 13, again at line 2, column 3; JSON keeps only one of them, so give it once',
        line: 2,
        column: 3,
      },
    ]);
  });
});
