// The one place that reports to GitHub: job summary, outputs, annotations and the sticky PR
// comment. Publishing never throws and never fails the step: whatever cannot be written
// becomes a warning, and the caller (main) decides the verdict afterwards.
import * as core from '@actions/core';
import { logInfo } from './log.ts';
import { getOctokit } from '@actions/github';
import { commentMarker, resolveOurLogin, shouldWrite, upsertComment, upsertCommentWhen, type Octokit } from './comment.ts';
import type { CommentWhen } from '../settings/github-inputs.ts';
import { pullRequestFromEvent, type PullRequestRef } from './context.ts';

export const COMMENT_URL_OUTPUT = 'comment-url';

/** Each GitHub API call gets this long before the comment is given up (a warning, not a hang). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface Annotation {
  message: string;
  /** `error` (default): a failed check; `warning`: a check that only warns. */
  level?: 'error' | 'warning';
  title?: string;
  file?: string;
  line?: number;
}

export interface CommentOptions {
  enabled: boolean;
  token?: string;
  testName: string;
  job: string;
  eventName: string;
  eventPayload: unknown;
  /** The PR to comment on when the event is not its own (mode publish: found from the workflow_run). */
  pullRequest?: PullRequestRef;
  /**
   * When to write (input comment): with it, the comment records the verdict's state (see
   * commentState) so that on-change can tell; the report must then fit commentBudget(marker, state).
   */
  policy?: { when: CommentWhen; state: string; failed: boolean };
  /** REST base URL; defaults to GITHUB_API_URL (read at call time), then api.github.com. */
  apiUrl?: string;
  requestTimeoutMs?: number;
}

export interface PublishOptions {
  /** The report: the PR comment, and the job summary unless summaryMarkdown is given. */
  markdown: string;
  summaryMarkdown?: string;
  outputs: Record<string, string>;
  /** Written as error annotations (failed checks), or warning annotations (checks that only warn). */
  annotations: Annotation[];
  comment: CommentOptions;
}

export interface PublishResult {
  commentUrl?: string;
  /** Every warning also emitted with core.warning, for callers that print their own summary. */
  warnings: string[];
}

type Warn = (message: string) => void;

export async function publishReport(opts: PublishOptions): Promise<PublishResult> {
  if (opts.comment.token) core.setSecret(opts.comment.token);
  const warnings: string[] = [];
  const warn: Warn = (message) => {
    warnings.push(message);
    core.warning(message);
  };
  await writeSummary(opts.summaryMarkdown ?? opts.markdown, warn);
  const commentUrl = await postComment(opts.markdown, opts.comment, warn);
  setOutputs(commentUrl ? { ...opts.outputs, [COMMENT_URL_OUTPUT]: commentUrl } : opts.outputs, warn);
  for (const a of opts.annotations) {
    const annotate = a.level === 'warning' ? core.warning : core.error;
    annotate(a.message, { title: a.title, file: a.file, startLine: a.line });
  }
  return commentUrl ? { commentUrl, warnings } : { warnings };
}

async function writeSummary(markdown: string, warn: Warn): Promise<void> {
  try {
    await core.summary.addRaw(markdown, true).write();
  } catch (error) {
    // The buffer survives a failed write; empty it so a later write does not repeat this report.
    core.summary.emptyBuffer();
    warn(`Could not write the job summary: ${messageOf(error)}`);
  }
}

function setOutputs(outputs: Record<string, string>, warn: Warn): void {
  for (const [name, value] of Object.entries(outputs)) {
    try {
      core.setOutput(name, value);
    } catch (error) {
      warn(`Could not set the output ${name}: ${messageOf(error)}`);
    }
  }
}

async function postComment(markdown: string, c: CommentOptions, warn: Warn): Promise<string | undefined> {
  if (!c.enabled) return undefined;
  const pr = c.pullRequest ?? pullRequestFromEvent(c.eventName, c.eventPayload);
  if (!pr) {
    logInfo(`No PR comment: the ${c.eventName} event is not a pull request.`);
    return undefined;
  }
  if (!c.token) {
    warn('No PR comment: github-token is empty. Pass github-token: ${{ github.token }}, or set comment: false.');
    return undefined;
  }
  try {
    const octokit = createOctokit(c.token, c.apiUrl ?? process.env.GITHUB_API_URL, c.requestTimeoutMs);
    const args = {
      owner: pr.owner,
      repo: pr.repo,
      issueNumber: pr.number,
      marker: commentMarker(c.testName, c.job),
      body: markdown,
      ourLogin: await resolveOurLogin(octokit),
    };
    const { policy } = c;
    const result = policy
      ? await upsertCommentWhen(octokit, { ...args, state: policy.state }, (existing) =>
          shouldWrite(policy.when, policy.failed, policy.state, existing),
        )
      : await upsertComment(octokit, args);
    if (!result) {
      logInfo(`No PR comment: comment is ${policy?.when} and the run passed.`);
      return undefined;
    }
    logInfo(`PR comment ${result.action}${result.action === 'unchanged' ? ` (comment: ${policy?.when})` : ''}: ${result.url}`);
    return result.url;
  } catch (error) {
    warn(commentFailure(error));
    return undefined;
  }
}

export function createOctokit(token: string, apiUrl: string | undefined, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): Octokit {
  const octokit = getOctokit(token, apiUrl ? { baseUrl: apiUrl } : {});
  // Set per request rather than as a `request` option: that option would replace the toolkit's
  // proxy-aware fetch instead of adding to it.
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal: AbortSignal.timeout(timeoutMs) };
  });
  return octokit;
}

/** A message that says what failed and, for permission errors, what to change. */
export function commentFailure(error: unknown): string {
  const status = httpStatus(error);
  if (status === undefined) return `Could not post the PR comment: the GitHub API could not be reached (${messageOf(error)}).`;
  const what = `Could not post the PR comment: ${apiMessage(error) ?? messageOf(error)} (${status}).`;
  if (status === 403 || status === 404) {
    return (
      `${what} On pull requests from forks the token is read-only: post from a workflow_run workflow with mode: publish ` +
      '(docs/ci.md, Forks), or set comment: false. Otherwise give the job "permissions: pull-requests: write".'
    );
  }
  return what;
}

// Octokit's RequestError carries `response` only when GitHub answered; a bare status (500 for
// network failures) would misreport a timeout as a server error.
export function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error) || !error.response) return undefined;
  return 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

export function apiMessage(error: unknown): string | undefined {
  const data = (error as { response?: { data?: unknown } }).response?.data;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
