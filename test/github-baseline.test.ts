// baseline: auto end to end (docs/ci.md): a run on main keeps its results as the artifact
// loadgate-results-<test>; a PR run of the same workflow finds the newest successful main run
// through the REST API, downloads that artifact's zip and reports against it. With none, a note
// says why and limits relative to the baseline are not checked rather than failed. The artifact
// service and the REST API are loopback stand-ins; the action runs from src/action/action.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArtifactStandin } from './helpers/artifact-standin.ts';
import { startGithubStandin, type SeedWorkflowRun } from './helpers/github-standin.ts';
import { runActionSource } from './helpers/action-run.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { writeCheckoutDefinition } from './helpers/checkout.ts';

const WORKFLOW = 77;

describe('baseline: auto', { timeout: 240_000 }, () => {
  let service: Target;
  let dir: string;
  let definition: string;
  let mainZip: Buffer;
  beforeAll(async () => {
    service = await startTarget();
    dir = mkdtempSync(join(tmpdir(), 'loadgate-baseline-'));
    definition = writeCheckoutDefinition(dir, service.url);
  });
  afterAll(async () => {
    await service.close();
  });

  const inputs = (extra: Record<string, string>): Record<string, string> => ({
    test: definition,
    'github-token': 'ghs_token',
    'results-file': join(dir, 'results.json'),
    check: 'false',
    'on-saturated': 'warn',
    baseline: 'auto',
    ...extra,
  });

  it('a push to main keeps its results as loadgate-results-<test>; its own first run has no baseline, and says so', async () => {
    const github = await startGithubStandin({ workflowRuns: [{ id: 100, workflowId: WORKFLOW, branch: 'main', conclusion: null }] });
    const artifacts = await startArtifactStandin();
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'main',
        inputs: inputs({ thresholds: 'p95 < baseline + 50%' }),
        event: { name: 'push', payload: { ref: 'refs/heads/main' } },
        env: { ...artifacts.env, GITHUB_RUN_ID: '100', GITHUB_REF_NAME: 'main' },
      });
      expect(run.code).toBe(0);
      expect(run.summary).toContain('no baseline: no successful run of this workflow on main yet; not checked: p95 < baseline + 50%');
      const kept = artifacts.artifacts.find((a) => a.name === 'loadgate-results-checkout');
      expect(kept?.finalized).toBe(true);
      mainZip = kept!.bytes;
    } finally {
      await github.close();
      await artifacts.close();
    }
  });

  it('matrix entries keep their results apart (loadgate-results-<test>-<entry>), each for its own counterpart', async () => {
    const github = await startGithubStandin({ workflowRuns: [{ id: 100, workflowId: WORKFLOW, branch: 'main', conclusion: null }] });
    const artifacts = await startArtifactStandin();
    try {
      for (const region of ['eu', 'us']) {
        const run = await runActionSource({
          dir,
          apiUrl: github.url,
          id: `main-${region}`,
          inputs: inputs({ thresholds: 'p95 < 10s', matrix: JSON.stringify({ region }) }),
          event: { name: 'push', payload: { ref: 'refs/heads/main' } },
          env: { ...artifacts.env, GITHUB_RUN_ID: '100', GITHUB_REF_NAME: 'main' },
        });
        expect(run.code).toBe(0);
        expect(run.stdout).not.toContain('could not be kept');
        expect(run.summary).toContain(`no baseline: no successful run of this workflow on main yet`);
      }
      const kept = artifacts.artifacts.filter((a) => a.name.startsWith('loadgate-results-')).map((a) => [a.name, a.finalized]);
      expect(kept).toEqual([
        ['loadgate-results-checkout-eu', true],
        ['loadgate-results-checkout-us', true],
      ]);
      const zip = (name: string) => artifacts.artifacts.find((a) => a.name === name)!.bytes;
      const pr = await startGithubStandin({
        workflowRuns: [
          { id: 4242, workflowId: WORKFLOW, branch: 'feature', conclusion: null },
          {
            id: 100,
            workflowId: WORKFLOW,
            branch: 'main',
            conclusion: 'success',
            artifacts: [
              { id: 910, name: 'loadgate-results-checkout-us', zip: zip('loadgate-results-checkout-us') },
              { id: 911, name: 'loadgate-results-checkout-eu', zip: zip('loadgate-results-checkout-eu') },
            ],
          },
        ],
      });
      try {
        const run = await runActionSource({
          dir,
          apiUrl: pr.url,
          id: 'pr-eu',
          inputs: inputs({ thresholds: 'p95 < 10s', matrix: JSON.stringify({ region: 'eu' }) }),
        });
        expect(run.code).toBe(0);
        expect(pr.requests.filter((r) => r.path.endsWith('/zip')).map((r) => r.path)).toEqual([
          '/repos/acme/shop/actions/artifacts/911/zip',
        ]);
        expect(run.summary).toContain('baseline: loadgate-results-checkout-eu of run 100 on main');
      } finally {
        await pr.close();
      }
    } finally {
      await github.close();
      await artifacts.close();
    }
  });

  it("a PR run downloads the newest successful main run's artifact and reports against it", async () => {
    const workflowRuns: SeedWorkflowRun[] = [
      { id: 4242, workflowId: WORKFLOW, branch: 'feature', conclusion: null },
      {
        id: 101,
        workflowId: WORKFLOW,
        branch: 'main',
        conclusion: 'success',
        artifacts: [{ id: 901, name: 'loadgate-results-other', zip: mainZip }],
      },
      {
        id: 99,
        workflowId: 12,
        branch: 'main',
        conclusion: 'success',
        artifacts: [{ id: 899, name: 'loadgate-results-checkout', zip: mainZip }],
      },
      {
        id: 100,
        workflowId: WORKFLOW,
        branch: 'main',
        conclusion: 'success',
        artifacts: [{ id: 900, name: 'loadgate-results-checkout', zip: mainZip }],
      },
    ];
    const github = await startGithubStandin({ workflowRuns });
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'pr',
        inputs: inputs({ thresholds: 'p95 < baseline + 1000%', comment: 'true' }),
      });
      expect(run.code).toBe(0);
      const calls = github.requests.filter((r) => r.path.includes('/actions/')).map((r) => `${r.method} ${r.path}`);
      expect(calls).toEqual([
        'GET /repos/acme/shop/actions/runs/4242',
        `GET /repos/acme/shop/actions/workflows/${WORKFLOW}/runs`,
        'GET /repos/acme/shop/actions/runs/101/artifacts',
        'GET /repos/acme/shop/actions/runs/100/artifacts',
        'GET /repos/acme/shop/actions/artifacts/900/zip',
      ]);
      expect(github.requests.find((r) => r.path.endsWith('/runs'))!.query).toMatchObject({ branch: 'main', status: 'success' });
      const comment = github.comments[0]!.body;
      expect(comment).toContain('baseline: loadgate-results-checkout of run 100 on main');
      expect(comment).toContain('Overall, against the baseline run of');
      expect(comment).toMatch(/p95 < baseline \+ 1000%/);
    } finally {
      await github.close();
    }
  });

  it('none kept by the base branch: a note says why, and the relative limit is not checked rather than failed', async () => {
    const github = await startGithubStandin({
      workflowRuns: [
        { id: 4242, workflowId: WORKFLOW, branch: 'feature', conclusion: null },
        {
          id: 101,
          workflowId: WORKFLOW,
          branch: 'main',
          conclusion: 'success',
          artifacts: [{ id: 901, name: 'loadgate-results-checkout', zip: mainZip, expired: true }],
        },
      ],
    });
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'none',
        inputs: inputs({ thresholds: 'p95 < baseline + 10%\np95 < 10s' }),
      });
      expect(run.code).toBe(0);
      expect(run.summary).toContain(
        'no baseline: none of the last 1 successful runs of this workflow on main kept an artifact loadgate-results-checkout (expired, or another test name); not checked: p95 < baseline + 10%',
      );
      expect(run.summary).toContain('p95 < 10000 ms');
    } finally {
      await github.close();
    }
  });
});
