// When a call to the Kubernetes API is tried again (docs/kubernetes.md, "When the API server
// misbehaves"): the one policy every call of the executor goes through (create, delete, list,
// watch). 429 (API Priority and Fairness), 5xx and connection errors (a reset, a refused
// connection, a socket hung up, an answer lost on the way) are retried after a capped
// exponential backoff with jitter, never sooner than the answer's `Retry-After`, within a
// deadline per operation; 408 is retried too. Any other answer is final: 404 and 409 mean
// something to the caller (gone, exists already), the others name the refusal. The clock, the
// random source and the sleep are passed in, so the policy's tests are exact.
import { apiErrorText } from './clusters.ts';

export interface RetryPolicy {
  /** The first wait before a retry; doubled each time, up to maxMs. */
  baseMs: number;
  maxMs: number;
  now: () => number;
  /** In [0, 1): the jitter. */
  random: () => number;
  /** Resolves after ms, or at once when the signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface Operation {
  /** What the call does, for the log: `create Job lg-… in default`. */
  what: string;
  /** How long after the first attempt no retry starts. */
  deadlineMs: number;
  /** One line per operation that needed a retry, once it has ended (not one per attempt). */
  log: (line: string) => void;
  /** Aborted: no more retries (shutdown, the follower stopped); the last error is thrown. */
  signal?: AbortSignal;
  /** Called after every failed attempt that will be retried, with why (the queue shows it while a test waits). */
  onRetry?: (reason: string) => void;
  /** Called once the first attempt has ended, however (a cleanup does not hold up the run past it). */
  onFirstAttempt?: () => void;
  /** Final answers that are an outcome, not a failure (404 for a delete: gone already); still thrown, but logged as such. */
  settledBy?: number[];
}

/** The retries of an operation ran out (its deadline, or the signal) on faults that may pass: the cluster may answer later. */
export class TransientApiError extends Error {
  readonly transient = true;
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'TransientApiError';
  }
}

/** Connection-level failures under undici's `fetch failed` / `terminated` (the error's cause, or its own code). */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

export const DEFAULT_BACKOFF_MS = 500;
/** The longest wait between two attempts, as a multiple of the first. */
const MAX_FACTOR = 60;

export function retryPolicy(baseMs = DEFAULT_BACKOFF_MS, overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  return { baseMs, maxMs: baseMs * MAX_FACTOR, now: Date.now, random: Math.random, sleep, ...overrides };
}

/** The HTTP status of an API error (ApiException's `code`, a failed watch's `statusCode`); undefined for a connection error. */
export function statusOf(error: unknown): number | undefined {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'number') return code;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

/** Whether trying again may succeed: 408, 429, 5xx, or the connection failed. */
export function retryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return status === 408 || status === 429 || status >= 500;
  return networkCode(error) !== undefined;
}

function networkCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return e.code;
    if (e.message === 'terminated' || e.message === 'other side closed') return 'UND_ERR_SOCKET';
    e = e.cause as typeof e;
  }
  return undefined;
}

/** `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(error: unknown, nowMs: number): number | undefined {
  const headers = (error as { headers?: unknown } | undefined)?.headers;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after');
  const value = typeof entry?.[1] === 'string' ? entry[1].trim() : undefined;
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** The wait before retry n (0 for the first): base·2ⁿ capped at max, half of it fixed and half jitter. */
export function backoffMs(policy: Pick<RetryPolicy, 'baseMs' | 'maxMs' | 'random'>, n: number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(n, 30));
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}

/** A fault as a few words for the log: `429 TooManyRequests`, `ECONNRESET`. */
export function faultWord(error: unknown): string {
  const status = statusOf(error);
  if (status !== undefined) {
    const reason = /answered \d+ (\w+)/.exec(apiErrorText(error))?.[1];
    return reason ? `${status} ${reason}` : String(status);
  }
  return networkCode(error) ?? (error as Error)?.message ?? String(error);
}

/**
 * Calls `call` until it succeeds, fails for good, or the operation's deadline (or signal) leaves
 * no room for another attempt: then a TransientApiError with the last fault. A final answer is
 * thrown as the client threw it (its `code`, 404 or 409, is the caller's to read).
 */
export async function withRetry<T>(policy: RetryPolicy, op: Operation, call: () => Promise<T>): Promise<T> {
  const started = policy.now();
  const faults: string[] = [];
  const ended = (outcome: string, attempts: number): void => {
    if (attempts < 2) return;
    const seconds = ((policy.now() - started) / 1000).toFixed(1);
    op.log(`Kubernetes API: ${op.what}: ${outcome} after ${attempts} attempts over ${seconds} s (${summary(faults)})`);
  };
  for (let n = 0; ; n++) {
    try {
      const value = await call();
      ended('succeeded', n + 1);
      return value;
    } catch (error) {
      if (!retryable(error)) {
        const settled = op.settledBy?.includes(statusOf(error) ?? 0);
        ended(settled ? `done (${faultWord(error)})` : `failed: ${apiErrorText(error)}`, n + 1);
        throw error;
      }
      faults.push(faultWord(error));
      const wait = nextWait(policy, op, started, n, error);
      const giveUp = (why: string): TransientApiError => {
        ended(why, n + 1);
        return new TransientApiError(`${apiErrorText(error)} (${n + 1} attempts, ${why})`, error);
      };
      if (typeof wait === 'string') throw giveUp(wait);
      op.onRetry?.(apiErrorText(error));
      await policy.sleep(wait, op.signal);
      // Aborted while it waited (a shutdown): no further attempt, which could hang on a cluster that does not answer.
      if (op.signal?.aborted) throw giveUp('stopped');
    } finally {
      if (n === 0) op.onFirstAttempt?.();
    }
  }
}

/** The wait before the next attempt: the backoff, or Retry-After when longer; why not, when it would end past the deadline or the signal is aborted. */
function nextWait(policy: RetryPolicy, op: Operation, started: number, n: number, error: unknown): number | string {
  if (op.signal?.aborted) return 'stopped';
  const wait = Math.max(backoffMs(policy, n), retryAfterMs(error, policy.now()) ?? 0);
  const left = started + op.deadlineMs - policy.now();
  return wait > left ? `gave up (deadline ${Math.round(op.deadlineMs / 1000)} s)` : wait;
}

/** `3× 429 TooManyRequests, 1× ECONNRESET`: each fault with how often it came, in order of first appearance. */
function summary(faults: string[]): string {
  const counts = new Map<string, number>();
  for (const fault of faults) counts.set(fault, (counts.get(fault) ?? 0) + 1);
  return [...counts].map(([fault, count]) => `${count}× ${fault}`).join(', ');
}

/** setTimeout that does not keep the process alive (a cleanup still waiting is left to the next start's sweep). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal?.addEventListener('abort', done, { once: true });
  });
}
