// Waiting for the target: polls a URL until the service behind it answers with any HTTP status
// (a 503 from a service that is still warming up counts: it is listening), so a load test starts
// only once there is something to test. The action's `wait-for` input and `loadgate wait-for`.
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { classifyError } from '../engine/errors.ts';
import { failed, isProblem, type Parsed, parsed, type Problem } from '../errors.ts';
import { duration } from '../settings/values.ts';

export const DEFAULT_WAIT_TIMEOUT_S = 60;
/** Between two attempts; a service that is coming up is seen within half a second. */
const POLL_INTERVAL_MS = 500;
/** One attempt's deadline: a service that accepts connections but hangs is retried, not waited on forever. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/**
 * Even the attempt at the overall deadline gets this long, so that the reason given is the
 * service's (refused, reset…) and not a cut-off of our own; the wait may end up to this late.
 */
const MIN_ATTEMPT_MS = 1_000;

export interface WaitForSettings {
  url: string;
  timeoutS: number;
}

/** Names of the settings where they come from (action inputs or CLI flags), for the problems. */
export interface WaitForNames {
  url: string;
  timeout: string;
}

/** The URL and the timeout as the user wrote them; the problems name the input or flag. */
export function parseWaitFor(url: string, timeout: string, names: WaitForNames): Parsed<WaitForSettings> {
  const problems: Problem[] = [];
  const href = httpUrl(url);
  if (href === undefined) problems.push({ path: names.url, message: `expected an http:// or https:// URL to poll, got "${url}"` });
  const timeoutS = timeout.trim() === '' ? DEFAULT_WAIT_TIMEOUT_S : duration(timeout, names.timeout);
  if (isProblem(timeoutS)) problems.push(timeoutS);
  else if (timeoutS <= 0) problems.push({ path: names.timeout, message: `expected a duration greater than 0, got "${timeout}"` });
  return problems.length > 0 || isProblem(timeoutS) ? failed(problems) : parsed({ url: href!, timeoutS });
}

/** The URL as the WHATWG parser writes it (no line breaks left to reach a log), if it is http(s). */
function httpUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface WaitForOptions {
  /** Accept any TLS certificate (insecure-tls / --insecure). */
  insecure?: boolean;
  signal?: AbortSignal;
  /** After each attempt that got no answer, with its number and why: the shells log it, tests act on it. */
  onRetry?: (attempt: number, reason: string) => void;
}

export interface WaitForOutcome {
  status: number;
  attempts: number;
  elapsedMs: number;
}

/**
 * Resolves with the first answer; rejects once `timeoutS` has passed without one (naming the URL
 * and the last reason), or when `signal` aborts.
 */
export async function waitFor(settings: WaitForSettings, options: WaitForOptions = {}): Promise<WaitForOutcome> {
  const started = performance.now();
  const deadline = started + settings.timeoutS * 1000;
  const agent = new Agent({ connect: { rejectUnauthorized: !options.insecure } });
  try {
    for (let attempt = 1; ; attempt++) {
      const attemptMs = Math.ceil(Math.min(ATTEMPT_TIMEOUT_MS, Math.max(MIN_ATTEMPT_MS, deadline - performance.now())));
      const answer = await poll(settings.url, agent, attemptMs, options.signal);
      if (typeof answer === 'number') return { status: answer, attempts: attempt, elapsedMs: performance.now() - started };
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new Error(
          `wait-for: ${settings.url} did not answer within ${settings.timeoutS} s (${attempt} attempt${attempt === 1 ? '' : 's'}, last: ${answer})`,
        );
      }
      options.onRetry?.(attempt, answer);
      await sleep(Math.min(POLL_INTERVAL_MS, left), undefined, { signal: options.signal });
    }
  } finally {
    await agent.destroy();
  }
}

/** The status of one answer, or why there was none. A cancellation by `signal` is thrown. */
async function poll(url: string, agent: Agent, timeoutMs: number, signal: AbortSignal | undefined): Promise<number | string> {
  const attemptTimeout = AbortSignal.timeout(timeoutMs);
  try {
    const { statusCode, body } = await request(url, {
      dispatcher: agent,
      signal: signal ? AbortSignal.any([signal, attemptTimeout]) : attemptTimeout,
    });
    await body.dump();
    return statusCode;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (attemptTimeout.aborted) return `no answer within ${(timeoutMs / 1000).toFixed(1)} s`;
    return classifyError(error, false);
  }
}
