import { readFile } from 'node:fs/promises';
// Readers of the Actions run context. The event and environment are passed in, never read
// from globals, so callers decide where they come from and tests need no process state.

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/**
 * The pull request a run belongs to, or null for any other event. `repository` in these
 * payloads is the base repository, which is where a PR's comments live (also for forks).
 */
export function pullRequestFromEvent(eventName: string, payload: unknown): PullRequestRef | null {
  if (!PULL_REQUEST_EVENTS.has(eventName)) return null;
  const number = field(field(payload, 'pull_request'), 'number');
  const repository = field(payload, 'repository');
  const owner = field(field(repository, 'owner'), 'login');
  const repo = field(repository, 'name');
  if (typeof owner !== 'string' || typeof repo !== 'string' || owner === '' || repo === '') return null;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return null;
  return { owner, repo, number };
}

/**
 * The commit a status check belongs to: a PR's head (GITHUB_SHA is then the test merge commit,
 * which the PR page does not show), else the commit the workflow ran on.
 */
export function headShaOf(eventName: string, payload: unknown, env: NodeJS.ProcessEnv): string | undefined {
  const head = PULL_REQUEST_EVENTS.has(eventName) ? field(field(field(payload, 'pull_request'), 'head'), 'sha') : undefined;
  if (typeof head === 'string' && head !== '') return head;
  return env.GITHUB_SHA || undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Link to this workflow run. A re-run gets `/attempts/N`, because the sticky comment is
 * rewritten by every attempt and should point at the one that wrote it.
 */
export function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  const repository = env.GITHUB_REPOSITORY;
  const runId = env.GITHUB_RUN_ID;
  if (!repository || !runId) return undefined;
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const base = `${server}/${repository}/actions/runs/${runId}`;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT);
  return Number.isInteger(attempt) && attempt > 1 ? `${base}/attempts/${attempt}` : base;
}

/** The event's payload (GITHUB_EVENT_PATH), or {} when there is none or it cannot be read. */
export async function eventPayload(env: NodeJS.ProcessEnv): Promise<unknown> {
  if (!env.GITHUB_EVENT_PATH) return {};
  try {
    return JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return {};
  }
}
