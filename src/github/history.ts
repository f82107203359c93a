// The action's history input (docs/history.md): paths read as the CLI's --history, or `auto`, the
// results artifacts of the base branch's last successful runs of this workflow (history-artifacts.ts).
import { loadDefinition } from '../definition/load.ts';
import { historyForGate, type History } from '../pipeline/history.ts';
import type { HistoryBaselineSpec } from '../history/history.ts';
import type { GitHubInputs } from '../settings/github-inputs.ts';
import type { Threshold } from '../types.ts';
import type { AutoBaselineSettings } from './baseline-artifact.ts';
import { pullRequestFromEvent } from './context.ts';
import { autoHistory } from './history-artifacts.ts';
import type { Octokit } from './comment.ts';
import { createOctokit } from './publish.ts';

/** The inputs the history reads: the ones github/ reads, and baseline's `history[:K]`. */
export interface HistoryInputs extends GitHubInputs {
  historyBaseline?: HistoryBaselineSpec;
}

/** Input history: the base branch's last results artifacts. */
export const AUTO_HISTORY = 'auto';

/** The history the gate holds, and the relative thresholds left unchecked for want of one. */
export async function actionHistory(
  inputs: HistoryInputs,
  env: NodeJS.ProcessEnv,
  payload: unknown,
): Promise<{ history?: History; unchecked: Threshold[] }> {
  if (inputs.history.length === 0) return { unchecked: [] };
  // History is of one test, found by its name; mode merge names none before its shards are read.
  if (!inputs.test) return { history: { runs: [], notes: ["history: read by the test's name: set the test input"] }, unchecked: [] };
  const testName = (await loadDefinition(inputs.test)).definition.name;
  const isAuto = inputs.history.length === 1 && inputs.history[0] === AUTO_HISTORY;
  const source = isAuto ? { found: await autoHistoryOf(inputs, env, payload, testName) } : { paths: inputs.history };
  return historyForGate(source, testName, inputs.historySize, inputs.historyBaseline, inputs.thresholds);
}

/** History: auto, searched as baseline: auto searches (baseBranchSearch). */
async function autoHistoryOf(inputs: GitHubInputs, env: NodeJS.ProcessEnv, payload: unknown, testName: string): Promise<History> {
  const { settings, octokit } = baseBranchSearch(inputs, env, payload, testName);
  return autoHistory({ ...settings, size: inputs.historySize }, octokit);
}

/**
 * Where `baseline: auto` and `history: auto` look for earlier results artifacts of this test: the
 * PR's base branch (on push, the branch itself) of this repository, through the job's token.
 */
export function baseBranchSearch(
  inputs: GitHubInputs,
  env: NodeJS.ProcessEnv,
  payload: unknown,
  testName: string,
): { settings: AutoBaselineSettings; octokit: Octokit } {
  const pr = pullRequestFromEvent(env.GITHUB_EVENT_NAME ?? '', payload);
  const base = (payload as { pull_request?: { base?: { ref?: unknown } } }).pull_request?.base?.ref;
  const branch = pr ? (typeof base === 'string' ? base : undefined) : env.GITHUB_REF_NAME;
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const runId = Number(env.GITHUB_RUN_ID) || undefined;
  const octokit = createOctokit(inputs.githubToken || 'none', env.GITHUB_API_URL);
  return { settings: { token: inputs.githubToken, owner, repo, runId, branch, testName, matrixEntry: inputs.matrixEntry }, octokit };
}
