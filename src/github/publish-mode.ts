// mode: publish (docs/ci.md, Forks). A fork's pull_request run has a read-only token, so it
// only keeps its results (the artifact loadgate-results-<test>) with a `github` block saying which
// PR and head commit they belong to and what the run judged. A workflow_run workflow of the base
// repository then reads those artifacts, never the fork's code, and posts the comment and the
// check. The triggering run, its PR and head commit are taken from GitHub (the event and the
// REST API); the file's own claims are only compared with them, and any mismatch is refused.
import { readFile } from 'node:fs/promises';
import { parseJsonText } from '../definition/json-text.ts';
import { InputError, type Problem } from '../errors.ts';
import type { ExtraCheck, Judgement, LoadTestResult } from '../types.ts';
import { RESULTS_ARTIFACT_PREFIX } from './artifact.ts';
import { downloadResultsArtifact } from './baseline-artifact.ts';
import type { Octokit } from './comment.ts';
import type { PullRequestRef } from './context.ts';

/**
 * The results file's `github` block (docs/results.md), written by a pull_request run: what a
 * later publish run needs to post as that run would have, without judging anything again.
 */
export interface PublishBlock {
  pull_request: number;
  head_sha: string;
  /** The job whose sticky comment this is (the comment's marker names it). */
  job: string;
  /** The check run's name as the PR run chose it (input check-name, or `loadgate: <test>`). */
  check_name: string;
  /** The definition, relative to the workspace: where the check's annotations go. */
  definition_file?: string;
  /** The verdict as the PR run judged it: rendered by publish, never recomputed. */
  judgement: Judgement;
  /** What the report showed beside the result: its notes, the baseline, the latency checks. */
  report: { notes: string[]; baseline?: LoadTestResult; latency_outcomes?: ExtraCheck[] };
}

export type ResultsWithBlock = LoadTestResult & { github: PublishBlock; comparison?: unknown };

/** The workflow run that triggered a workflow_run event: what it ran on, as GitHub reports it. */
export interface TriggeringRun {
  owner: string;
  repo: string;
  runId: number;
  /** The run's own event: only pull_request runs have something to publish. */
  event: string;
  headSha: string;
  headBranch: string;
  /** The owner of the repository the head branch lives in (the fork's, for a fork). */
  headOwner: string;
  /** As the event lists them; empty for a fork's PR. */
  pullRequests: { number: number; headSha: string }[];
}

/** The triggering run, or bad input when the event is not workflow_run. */
export function triggeringRunOf(eventName: string, payload: unknown): TriggeringRun {
  if (eventName !== 'workflow_run') {
    throw new InputError([
      {
        path: 'mode',
        message: `mode publish runs in a workflow triggered by workflow_run (on: workflow_run), got the ${eventName || 'unknown'} event`,
      },
    ]);
  }
  const run = field(payload, 'workflow_run');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const triggering: TriggeringRun = {
    owner: text(field(field(field(payload, 'repository'), 'owner'), 'login')),
    repo: text(field(field(payload, 'repository'), 'name')),
    runId: Number(field(run, 'id')),
    event: text(field(run, 'event')),
    headSha: text(field(run, 'head_sha')),
    headBranch: text(field(run, 'head_branch')),
    headOwner: text(field(field(field(run, 'head_repository'), 'owner'), 'login')),
    pullRequests: (Array.isArray(field(run, 'pull_requests')) ? (field(run, 'pull_requests') as unknown[]) : []).map((pr) => ({
      number: Number(field(pr, 'number')),
      headSha: text(field(field(pr, 'head'), 'sha')),
    })),
  };
  if (!triggering.owner || !triggering.repo || !Number.isInteger(triggering.runId) || triggering.runId < 1 || !triggering.headSha) {
    throw new InputError([
      { path: 'mode', message: 'the workflow_run event names no repository, run id or head_sha (github.event.workflow_run)' },
    ]);
  }
  return triggering;
}

/**
 * The open PR whose head is the run's head commit. The event lists it for a PR from the same
 * repository; for a fork's it lists none, so the PR is looked up by the head's owner and branch
 * (`GET /repos/{o}/{r}/pulls?head=owner:branch`) and kept only if its head is that commit.
 */
export async function findPullRequest(octokit: Octokit, run: TriggeringRun): Promise<PullRequestRef | undefined> {
  const { owner, repo } = run;
  const listed = run.pullRequests.find((pr) => pr.headSha === run.headSha);
  if (listed) return { owner, repo, number: listed.number };
  if (!run.headOwner || !run.headBranch) return undefined;
  const { data } = await octokit.rest.pulls.list({ owner, repo, state: 'open', head: `${run.headOwner}:${run.headBranch}`, per_page: 100 });
  const found = data.find((pr) => pr.head.sha === run.headSha);
  return found && { owner, repo, number: found.number };
}

/** Every unexpired loadgate-results-* artifact of the run, downloaded: artifact name → file. */
export async function downloadRunResults(
  octokit: Octokit,
  run: TriggeringRun,
  token: string,
): Promise<{ artifact: string; file: string }[]> {
  const { owner, repo, runId } = run;
  const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, { owner, repo, run_id: runId, per_page: 100 });
  const kept = artifacts.filter((a) => a.name.startsWith(RESULTS_ARTIFACT_PREFIX) && !a.expired);
  const files: { artifact: string; file: string }[] = [];
  for (const a of kept)
    files.push({ artifact: a.name, file: await downloadResultsArtifact({ runId, artifactId: a.id }, { owner, repo }, token) });
  return files;
}

/**
 * The results file, when it belongs to this PR and head commit; otherwise bad input naming the
 * artifact, the JSON path and what the triggering run says.
 */
export async function readPublishable(file: string, artifact: string, pr: PullRequestRef, headSha: string): Promise<ResultsWithBlock> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError([{ file: artifact, path: '$', message: `could not read the results file: ${(error as Error).message}` }]);
  }
  const parsed = parseJsonText(text, artifact);
  if (!parsed.ok) throw new InputError(parsed.problems);
  const raw = parsed.value.json;
  const problems = blockProblems(raw, pr.number, headSha).map((p) => ({ ...p, file: artifact }));
  if (problems.length > 0) throw new InputError(problems);
  return raw as ResultsWithBlock;
}

const OUTCOMES = ['passed', 'failed', 'incomplete'];

function blockProblems(raw: unknown, pullRequest: number, headSha: string): Problem[] {
  const results = field(raw, 'results');
  if (!Array.isArray(field(results, 'steps')) || typeof field(field(raw, 'run'), 'name') !== 'string') {
    return [{ path: '$.results.steps', message: 'expected a loadgate results file (results.steps is an array, run.name the test)' }];
  }
  const block = field(raw, 'github');
  if (typeof block !== 'object' || block === null) {
    return [
      {
        path: '$.github',
        message:
          'expected the block loadgate writes into the results of a pull_request run (PR number, head SHA, verdict); this file has none',
      },
    ];
  }
  const problems: Problem[] = [];
  const got = (key: string) => JSON.stringify(field(block, key));
  if (field(block, 'pull_request') !== pullRequest) {
    problems.push({
      path: '$.github.pull_request',
      message: `the triggering run belongs to PR #${pullRequest}, the results file says ${got('pull_request')}: refused`,
    });
  }
  if (field(block, 'head_sha') !== headSha) {
    problems.push({
      path: '$.github.head_sha',
      message: `the triggering run's head commit is ${headSha}, the results file says ${got('head_sha')}: refused`,
    });
  }
  for (const key of ['job', 'check_name']) {
    if (typeof field(block, key) !== 'string' || field(block, key) === '')
      problems.push({ path: `$.github.${key}`, message: `expected a string, got ${got(key)}` });
  }
  const judgement = field(block, 'judgement');
  if (!OUTCOMES.includes(field(judgement, 'outcome') as string)) {
    problems.push({
      path: '$.github.judgement.outcome',
      message: `expected one of ${OUTCOMES.join(', ')}, got ${JSON.stringify(field(judgement, 'outcome'))}`,
    });
  }
  for (const key of ['checks', 'failed', 'warnings', 'thresholds']) {
    if (!Array.isArray(field(judgement, key))) problems.push({ path: `$.github.judgement.${key}`, message: 'expected an array' });
  }
  if (!Array.isArray(field(field(block, 'report'), 'notes')))
    problems.push({ path: '$.github.report.notes', message: 'expected an array' });
  return problems;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
