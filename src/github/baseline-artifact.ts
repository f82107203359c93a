// baseline: auto (docs/ci.md): the results file of the newest successful run of the same
// workflow on the base branch (a PR's base; on push, the branch itself, this run excepted), kept
// by that run as the artifact loadgate-results-<test>, downloaded through the REST API
// (`actions: read`). Finding nothing is a note that says why, never an error.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import { resultsArtifactName } from './artifact.ts';
import type { Octokit } from './comment.ts';

/** Successful runs looked at, newest first, before the search gives up. */
const RUNS_LOOKED_AT = 20;

export interface BaselineQuery {
  owner: string;
  repo: string;
  /** This run: its workflow is the one searched, and it is never its own baseline. */
  runId: number;
  branch: string;
  artifactName: string;
}

export type BaselineFound = { found: true; runId: number; artifactId: number } | { found: false; note: string };

export async function findBaselineArtifact(octokit: Octokit, q: BaselineQuery): Promise<BaselineFound> {
  const { owner, repo } = q;
  const { data: current } = await octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: q.runId });
  const { data: runs } = await octokit.rest.actions.listWorkflowRuns({
    owner,
    repo,
    workflow_id: current.workflow_id,
    branch: q.branch,
    status: 'success',
    per_page: RUNS_LOOKED_AT,
  });
  const earlier = runs.workflow_runs.filter((r) => r.id !== q.runId);
  if (earlier.length === 0) return { found: false, note: `no baseline: no successful run of this workflow on ${q.branch} yet` };
  for (const run of earlier) {
    const { data } = await octokit.rest.actions.listWorkflowRunArtifacts({ owner, repo, run_id: run.id, name: q.artifactName });
    const artifact = data.artifacts.find((a) => a.name === q.artifactName && !a.expired);
    if (artifact) return { found: true, runId: run.id, artifactId: artifact.id };
  }
  return {
    found: false,
    note: `no baseline: none of the last ${earlier.length} successful runs of this workflow on ${q.branch} kept an artifact ${q.artifactName} (expired, or another test name)`,
  };
}

/** Downloads the artifact (a zip holding one results file) and returns that file's path. */
export async function downloadResultsArtifact(
  found: { runId: number; artifactId: number },
  q: Pick<BaselineQuery, 'owner' | 'repo'>,
  token: string,
): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), 'loadgate-baseline-'));
  await new DefaultArtifactClient().downloadArtifact(found.artifactId, {
    path,
    findBy: { token, workflowRunId: found.runId, repositoryOwner: q.owner, repositoryName: q.repo },
  });
  const json = (await readdir(path)).find((name) => name.endsWith('.json'));
  if (!json) throw new Error(`the artifact ${found.artifactId} holds no results file (.json)`);
  return join(path, json);
}

export interface AutoBaselineSettings {
  token: string;
  owner?: string;
  repo?: string;
  runId?: number;
  /** The PR's base branch, or on push the branch itself. */
  branch?: string;
  testName: string;
  /** The job's matrix entry (matrixEntryOf); empty outside a matrix. */
  matrixEntry?: string;
  apiUrl?: string;
}

/** The baseline's results file, or a note saying why there is none (a REST failure included). */
export async function autoBaseline(s: AutoBaselineSettings, octokit: Octokit): Promise<{ file?: string; note: string }> {
  const { owner, repo, runId, branch } = s;
  if (!s.token) return { note: 'no baseline: github-token is empty' };
  if (!owner || !repo || !runId || !branch) return { note: 'no baseline: not running in a GitHub Actions workflow on a branch' };
  const artifactName = resultsArtifactName(s.testName, s.matrixEntry);
  try {
    const found = await findBaselineArtifact(octokit, { owner, repo, runId, branch, artifactName });
    if (!found.found) return { note: found.note };
    const file = await downloadResultsArtifact(found, { owner, repo }, s.token);
    return { file, note: `baseline: ${artifactName} of run ${found.runId} on ${branch}` };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    const permission = status === 403 || status === 404 ? '; give the job "permissions: actions: read"' : '';
    return { note: `no baseline: the artifacts of ${branch} could not be read (${(error as Error).message})${permission}` };
  }
}
