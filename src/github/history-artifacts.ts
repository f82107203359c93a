// history: auto (docs/history.md): the results artifacts (loadgate-results-<test>) of the last
// successful runs of this workflow on the base branch, found as baseline: auto finds one
// (baseline-artifact.ts) and downloaded a few at a time. An expired or missing artifact, or one
// that fails to download, is a note; no history found is a note, never an error.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import { readRun, type History } from '../pipeline/history.ts';
import { type HistoryRun, selectHistory } from '../history/history.ts';
import { resultsArtifactName } from './artifact.ts';
import type { AutoBaselineSettings } from './baseline-artifact.ts';
import type { Octokit } from './comment.ts';

/** Downloads at once: enough to hide each one's latency, few enough not to be throttled. */
const PARALLEL_DOWNLOADS = 6;
/** GitHub's largest page of workflow runs. */
const MAX_PAGE = 100;

export interface AutoHistorySettings extends Omit<AutoBaselineSettings, 'apiUrl'> {
  /** The most runs kept (input history-size). */
  size: number;
}

interface FoundArtifact {
  runId: number;
  artifactId: number;
  sha?: string;
}

export async function autoHistory(s: AutoHistorySettings, octokit: Octokit): Promise<History> {
  const { owner, repo, runId, branch } = s;
  if (!s.token) return noHistory('github-token is empty');
  if (!owner || !repo || !runId || !branch) return noHistory('not running in a GitHub Actions workflow on a branch');
  const artifactName = resultsArtifactName(s.testName, s.matrixEntry);
  try {
    const found = await findHistoryArtifacts(octokit, { owner, repo, runId, branch, artifactName, size: s.size });
    const runs = await inBatches(found.artifacts, PARALLEL_DOWNLOADS, (a) => downloadRun(a, { owner, repo }, s.token));
    const read = runs.filter((r): r is HistoryRun => typeof r !== 'string');
    const selected = selectHistory(read, s.testName, s.size);
    const notes = [...found.notes, ...runs.filter((r): r is string => typeof r === 'string'), ...selected.notes];
    if (selected.runs.length === 0) notes.push(`history: no ${artifactName} artifact of a successful run on ${branch} was found`);
    return { runs: selected.runs, notes, branch };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    const permission = status === 403 || status === 404 ? '; give the job "permissions: actions: read"' : '';
    return noHistory(`the artifacts of ${branch} could not be read (${(error as Error).message})${permission}`);
  }
}

function noHistory(why: string): History {
  return { runs: [], notes: [`history: none read: ${why}`] };
}

/** The newest `size` successful runs of this workflow on the branch (this run excepted) and their artifacts. */
async function findHistoryArtifacts(
  octokit: Octokit,
  q: { owner: string; repo: string; runId: number; branch: string; artifactName: string; size: number },
): Promise<{ artifacts: FoundArtifact[]; notes: string[] }> {
  const { owner, repo } = q;
  const { data: current } = await octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: q.runId });
  const { data } = await octokit.rest.actions.listWorkflowRuns({
    owner,
    repo,
    workflow_id: current.workflow_id,
    branch: q.branch,
    status: 'success',
    per_page: Math.min(MAX_PAGE, q.size + 1),
  });
  const runs = data.workflow_runs.filter((r) => r.id !== q.runId).slice(0, q.size);
  const listed = await inBatches(runs, PARALLEL_DOWNLOADS, async (run) => {
    const { data: list } = await octokit.rest.actions.listWorkflowRunArtifacts({ owner, repo, run_id: run.id, name: q.artifactName });
    const named = list.artifacts.filter((a) => a.name === q.artifactName);
    const live = named.find((a) => !a.expired);
    return { run, live, expired: !live && named.length > 0 };
  });
  const expired = listed.filter((l) => l.expired).length;
  const runsText = expired === 1 ? '1 run' : `${expired} runs`;
  const notes = expired > 0 ? [`history: ${runsText} on ${q.branch} kept ${q.artifactName}, but it has expired`] : [];
  const artifacts = listed.flatMap(({ run, live }) => (live ? [{ runId: run.id, artifactId: live.id, sha: run.head_sha }] : []));
  return { artifacts, notes };
}

async function downloadRun(a: FoundArtifact, repo: { owner: string; repo: string }, token: string): Promise<HistoryRun | string> {
  try {
    const path = await mkdtemp(join(tmpdir(), 'loadgate-history-'));
    await new DefaultArtifactClient().downloadArtifact(a.artifactId, {
      path,
      findBy: { token, workflowRunId: a.runId, repositoryOwner: repo.owner, repositoryName: repo.repo },
    });
    const json = (await readdir(path)).find((name) => name.endsWith('.json'));
    if (!json) return `history: skipped the artifact of run ${a.runId}: it holds no results file (.json)`;
    return await readRun(join(path, json), String(a.runId), a.sha);
  } catch (error) {
    return `history: skipped the artifact of run ${a.runId}: ${(error as Error).message}`;
  }
}

/** fn over every item, at most `limit` at once, results in the items' order. */
async function inBatches<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
