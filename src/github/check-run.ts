// The status check (docs/ci.md): one check run per test on the PR's head commit, which branch
// protection can require whatever the job is called. Created `in_progress` when the run starts,
// completed with the verdict, the report as its summary and one annotation per failed check.
// octokit is passed in; nothing here decides the job's outcome.
import type { Octokit } from './comment.ts';
import { escapeMarkdown } from '../report/markdown-blocks.ts';
import type { Outcome } from '../types.ts';

/** The Checks API takes this many annotations per request; the rest follow in further updates. */
export const ANNOTATIONS_PER_REQUEST = 50;
/** The Checks API's limit on `output.summary` (and `output.text`). */
export const CHECK_SUMMARY_LIMIT = 65_535;

export type CheckConclusion = 'success' | 'failure' | 'cancelled';

export interface CheckTarget {
  owner: string;
  repo: string;
  headSha: string;
  name: string;
  /** Where "Details" leads: the Actions run. */
  detailsUrl?: string;
}

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure' | 'warning';
  title: string;
  message: string;
}

export interface CheckOutput {
  title: string;
  /** At most CHECK_SUMMARY_LIMIT characters (the caller renders it to fit). */
  summary: string;
  annotations: readonly CheckAnnotation[];
}

/** A run's end as the check shows it: bad input and an unexpected error are failures too. */
export function conclusionOf(outcome: Outcome | 'bad-input' | 'error'): CheckConclusion {
  if (outcome === 'passed') return 'success';
  return outcome === 'incomplete' ? 'cancelled' : 'failure';
}

/**
 * A new check run, in_progress: also on a re-run, whose commit already has a check of this name.
 * Annotations only ever append (an update cannot remove one), so reusing the earlier check would
 * pile every attempt's annotations on one; GitHub shows, and branch protection reads, the newest
 * check run of a name on a commit, so the new one replaces the stale verdict at once, as a
 * re-run job's own check does.
 */
export async function startCheckRun(octokit: Octokit, target: CheckTarget, now: Date): Promise<number> {
  const { owner, repo, headSha, name } = target;
  const created = await octokit.rest.checks.create({
    owner,
    repo,
    head_sha: headSha,
    name,
    status: 'in_progress',
    started_at: now.toISOString(),
    ...(target.detailsUrl && { details_url: target.detailsUrl }),
    // The summary is Markdown, shown for the whole run (and for good if the job dies): the name is
    // escaped as in the final report.
    output: { title: 'running', summary: `${escapeMarkdown(name)} is running.` },
  });
  return created.data.id;
}

/**
 * Completes the check: the verdict with the first batch of annotations, then one update per
 * further batch (GitHub appends them; title and summary are repeated because output needs them).
 */
export async function completeCheckRun(
  octokit: Octokit,
  target: Pick<CheckTarget, 'owner' | 'repo'> & { id: number },
  conclusion: CheckConclusion,
  output: CheckOutput,
  now: Date,
): Promise<void> {
  const { owner, repo, id } = target;
  const batches = batchesOf(output.annotations);
  const text = { title: output.title, summary: output.summary };
  await octokit.rest.checks.update({
    owner,
    repo,
    check_run_id: id,
    status: 'completed',
    conclusion,
    completed_at: now.toISOString(),
    output: { ...text, annotations: batches[0] ?? [] },
  });
  for (const batch of batches.slice(1)) {
    await octokit.rest.checks.update({ owner, repo, check_run_id: id, output: { ...text, annotations: batch } });
  }
}

function batchesOf<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += ANNOTATIONS_PER_REQUEST) batches.push(items.slice(i, i + ANNOTATIONS_PER_REQUEST));
  return batches;
}
