// The sticky PR comment: one per test name and job, found by a hidden marker and updated in
// place. Recognising our comment is a pure predicate; fetching and writing take octokit as an
// argument so tests can point it at a local stand-in.
import { createHash } from 'node:crypto';
import { GITHUB_COMMENT_LIMIT } from '../report/markdown.ts';
import type { CommentWhen } from '../settings/github-inputs.ts';
import type { Judgement } from '../types.ts';
import type { getOctokit } from '@actions/github';

export type Octokit = ReturnType<typeof getOctokit>;

/** The identity behind the workflow's GITHUB_TOKEN, which cannot ask `GET /user` who it is. */
export const GITHUB_ACTIONS_BOT = 'github-actions[bot]';

/** The characters a comment's report may take: GitHub's limit less the marker line (and the state line). */
export function commentBudget(marker: string, state?: string): number {
  return GITHUB_COMMENT_LIMIT - marker.length - 1 - (state === undefined ? 0 : stateLine(state).length + 1);
}

/**
 * What on-change compares: the verdict and every check's outcome, as a digest (names can be
 * long and are user text; a digest keeps them out of the hidden line and its length fixed).
 */
export function commentState(judgement: Pick<Judgement, 'outcome' | 'checks'>): string {
  const outcomes = judgement.checks.map((c) => [c.describe, c.passed ? 'passed' : c.warnOnly ? 'warning' : 'failed']);
  return createHash('sha256')
    .update(JSON.stringify([judgement.outcome, outcomes]))
    .digest('hex')
    .slice(0, 16);
}

function stateLine(state: string): string {
  return `<!-- loadgate:state ${state} -->`;
}

/** The state recorded in a comment we wrote, if any. */
export function stateOf(body: string | null | undefined): string | undefined {
  return /<!-- loadgate:state ([0-9a-f]+) -->/.exec(body ?? '')?.[1];
}

/** Whether this run writes the comment, given the one it would replace (undefined: none yet). */
export function shouldWrite(when: CommentWhen, failed: boolean, state: string, existing: CommentLike | undefined): boolean {
  if (when === 'never') return false;
  if (when === 'always') return true;
  // A comment already there is kept current, so that it never shows a failure that is fixed.
  if (when === 'on-failure') return failed || existing !== undefined;
  return existing === undefined || stateOf(existing.body) !== state;
}

export interface CommentLike {
  body?: string | null;
  user?: { login: string } | null;
}

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export interface UpsertResult {
  /** unchanged: the comment was left alone (comment: on-change or on-failure said so). */
  action: 'created' | 'updated' | 'unchanged';
  url: string;
  id: number;
}

/**
 * A hidden HTML comment naming the test and job. Values are percent-encoded where they could
 * break out of the attribute or the HTML comment (`%`, quotes, angle brackets, line breaks and
 * every `-` that would form `--`), so any name gives a well-formed, unambiguous marker.
 */
export function commentMarker(testName: string, job: string): string {
  return `<!-- loadgate:comment test="${encodeMarkerValue(testName)}" job="${encodeMarkerValue(job)}" -->`;
}

function encodeMarkerValue(value: string): string {
  return value.replace(/[%"<>\r\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).replace(/-(?=-)/g, '%2D');
}

/**
 * True when the comment carries our marker AND was written by the token's own identity.
 * The marker alone is not enough: anyone can paste it, and a token with write access may edit
 * anybody's comment, so matching on the body alone could overwrite a human's words.
 * When the token's login is unknown (GITHUB_TOKEN and other installation tokens get 403 on
 * `GET /user`), only `github-actions[bot]` is accepted: logins ending in `[bot]` belong to apps,
 * so no human can own one. Other apps' tokens then get a fresh comment rather than risk
 * editing somebody else's.
 */
export function isOurComment(comment: CommentLike, marker: string, ourLogin: string | undefined): boolean {
  const author = comment.user?.login;
  if (author === undefined || !comment.body?.includes(marker)) return false;
  return author === (ourLogin ?? GITHUB_ACTIONS_BOT);
}

/** The token's login, or undefined when the token may not ask (installation tokens). */
export async function resolveOurLogin(octokit: Octokit): Promise<string | undefined> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return data.login;
  } catch {
    // Unknown identity falls back to the strictest rule in isOurComment, so any failure is safe.
    return undefined;
  }
}

/**
 * The body as posted: the marker first, then the report. The report is fitted to
 * commentBudget(marker) where it is rendered (renderMarkdown drops whole tables, never half of
 * one), so a longer one here is a caller's mistake, refused rather than cut a second time.
 */
export function commentBody(markdown: string, marker: string, state?: string): string {
  const budget = commentBudget(marker, state);
  if (markdown.length > budget) {
    throw new Error(
      `the report has ${markdown.length} characters, more than the comment's ${budget}: render it with maxLength commentBudget(marker)`,
    );
  }
  return state === undefined ? `${marker}\n${markdown}` : `${marker}\n${stateLine(state)}\n${markdown}`;
}

/** Oldest matching comment first; stops paging as soon as it is found. */
export async function findOurComment(
  octokit: Octokit,
  target: CommentTarget,
  marker: string,
  ourLogin: string | undefined,
): Promise<{ id: number; body?: string | null; html_url?: string } | undefined> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  for await (const page of pages) {
    const found = page.data.find((c) => isOurComment(c, marker, ourLogin));
    if (found) return found;
  }
  return undefined;
}

/**
 * Updates our comment in place, or creates it. `body` is the report without the marker:
 * upsertComment adds the marker itself (see commentBody). `ourLogin` undefined means "unknown"
 * (see isOurComment), not "anyone".
 */
export async function upsertComment(
  octokit: Octokit,
  args: CommentTarget & { marker: string; body: string; ourLogin?: string; state?: string },
): Promise<UpsertResult> {
  const body = commentBody(args.body, args.marker, args.state);
  return writeComment(octokit, args, body, await findOurComment(octokit, args, args.marker, args.ourLogin));
}

/**
 * As upsertComment, when `write` says so given the comment it would replace; otherwise that
 * comment is left alone (`unchanged`), or, with none, nothing is posted (undefined).
 */
export async function upsertCommentWhen(
  octokit: Octokit,
  args: CommentTarget & { marker: string; body: string; ourLogin?: string; state: string },
  write: (existing: CommentLike | undefined) => boolean,
): Promise<UpsertResult | undefined> {
  const body = commentBody(args.body, args.marker, args.state);
  const existing = await findOurComment(octokit, args, args.marker, args.ourLogin);
  if (write(existing)) return writeComment(octokit, args, body, existing);
  return existing && { action: 'unchanged', url: existing.html_url ?? '', id: existing.id };
}

async function writeComment(
  octokit: Octokit,
  target: CommentTarget,
  body: string,
  existing: { id: number } | undefined,
): Promise<UpsertResult> {
  const { owner, repo } = target;
  if (existing) {
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
    return { action: 'updated', url: data.html_url, id: data.id };
  }
  const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: target.issueNumber, body });
  return { action: 'created', url: data.html_url, id: data.id };
}
