// The retry policy of every Kubernetes API call (src/server/executors/kubernetes/retry.ts), on an
// injected clock and random source: which faults are retried, how long it waits, Retry-After,
// the deadline, and the one log line per operation. The errors are the client's own ApiException.
import { ApiException } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { backoffMs, retryable, retryAfterMs, retryPolicy, TransientApiError, withRetry } from '../src/server/executors/kubernetes/retry.ts';

const status = (code: number, reason: string, headers: Record<string, string> = {}) =>
  new ApiException(code, 'Unknown API Status Code!', JSON.stringify({ kind: 'Status', code, reason, message: `${reason} now` }), headers);

/** undici's shape: `fetch failed` with the socket's error as its cause. */
const network = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`read ${code}`), { code }) });

/** A clock that only moves when the policy sleeps; the waits it was asked for. */
function fakeTime(random = 0.5) {
  let now = 1_000_000;
  const waits: number[] = [];
  const policy = retryPolicy(100, {
    now: () => now,
    random: () => random,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  });
  return { policy, waits, now: () => now };
}

/** A call that fails with these errors, then answers 'ok'. */
function failing(...errors: unknown[]) {
  let calls = 0;
  const call = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return 'ok';
  };
  return { call, calls: () => calls };
}

describe('which faults are retried', () => {
  it('429, 408 and 5xx, and connection errors; other 4xx are final', () => {
    for (const code of [408, 429, 500, 502, 503, 504]) expect(retryable(status(code, 'X')), String(code)).toBe(true);
    for (const code of [400, 401, 403, 404, 409, 410, 422]) expect(retryable(status(code, 'X')), String(code)).toBe(false);
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'ETIMEDOUT']) expect(retryable(network(code)), code).toBe(true);
    expect(retryable(new TypeError('terminated', { cause: new Error('other side closed') }))).toBe(true);
    // A failed watch (its error carries statusCode, no headers).
    expect(retryable(Object.assign(new Error('Service Unavailable'), { statusCode: 503 }))).toBe(true);
    expect(retryable(new Error('a bug'))).toBe(false);
  });
});

describe('how long it waits', () => {
  it('doubles from the first wait up to the cap, half fixed and half jitter', () => {
    const policy = { baseMs: 100, maxMs: 1000 };
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffMs({ ...policy, random: () => 0 }, n))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffMs({ ...policy, random: () => 0.999999 }, n))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(status(429, 'TooManyRequests', { 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(status(503, 'X', { 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(status(503, 'X', { 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(status(503, 'X'), now)).toBeUndefined();
  });

  it('waits at least Retry-After, and the backoff when that is longer', async () => {
    const time = fakeTime();
    const tooMany = () => status(429, 'TooManyRequests', { 'retry-after': '2' });
    const { call, calls } = failing(tooMany(), tooMany(), tooMany(), tooMany(), tooMany());
    const lines: string[] = [];
    expect(await withRetry(time.policy, { what: 'create Job j in default', deadlineMs: 60_000, log: (l) => lines.push(l) }, call)).toBe(
      'ok',
    );
    expect(calls()).toBe(6);
    expect(time.waits).toEqual([2000, 2000, 2000, 2000, 2000]);
    expect(lines).toEqual(['Kubernetes API: create Job j in default: succeeded after 6 attempts over 10.0 s (5× 429 TooManyRequests)']);
  });
});

describe('what ends the retries', () => {
  it('a final answer is thrown as the client threw it, with no retry', async () => {
    const time = fakeTime();
    const forbidden = status(403, 'Forbidden');
    const { call, calls } = failing(forbidden);
    const lines: string[] = [];
    await expect(withRetry(time.policy, { what: 'w', deadlineMs: 60_000, log: (l) => lines.push(l) }, call)).rejects.toBe(forbidden);
    expect(calls()).toBe(1);
    expect(lines).toEqual([]);
  });

  it('a 409 after a lost answer is thrown for the caller to adopt, and the operation logged once', async () => {
    const time = fakeTime();
    const conflict = status(409, 'AlreadyExists');
    const { call } = failing(network('ECONNRESET'), conflict);
    const lines: string[] = [];
    await expect(withRetry(time.policy, { what: 'create Job j', deadlineMs: 60_000, log: (l) => lines.push(l) }, call)).rejects.toBe(
      conflict,
    );
    expect(lines).toEqual([
      'Kubernetes API: create Job j: failed: the Kubernetes API answered 409 AlreadyExists: AlreadyExists now after 2 attempts over 0.1 s (1× ECONNRESET)',
    ]);
  });

  it('the deadline: no retry starts once its wait would end past it; the error says it may pass', async () => {
    const time = fakeTime(0);
    const down = () => status(503, 'ServiceUnavailable');
    const { call, calls } = failing(...Array.from({ length: 100 }, down));
    const lines: string[] = [];
    const error = await withRetry(time.policy, { what: 'delete Secret s', deadlineMs: 1000, log: (l) => lines.push(l) }, call).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransientApiError);
    // 50 + 100 + 200 + 400 = 750 ms waited; the next wait (800) would end past 1000.
    expect(time.waits).toEqual([50, 100, 200, 400]);
    expect(calls()).toBe(5);
    expect((error as Error).message).toBe(
      'the Kubernetes API answered 503 ServiceUnavailable: ServiceUnavailable now (5 attempts, gave up (deadline 1 s))',
    );
    expect(lines).toEqual([
      'Kubernetes API: delete Secret s: gave up (deadline 1 s) after 5 attempts over 0.8 s (5× 503 ServiceUnavailable)',
    ]);
  });

  it('a Retry-After beyond the deadline gives up at once', async () => {
    const time = fakeTime();
    const { call, calls } = failing(status(429, 'TooManyRequests', { 'retry-after': '120' }));
    await expect(withRetry(time.policy, { what: 'w', deadlineMs: 60_000, log: () => {} }, call)).rejects.toBeInstanceOf(TransientApiError);
    expect(calls()).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it('an aborted signal ends the retries after the attempt in flight', async () => {
    const time = fakeTime();
    const controller = new AbortController();
    let calls = 0;
    const call = async () => {
      calls++;
      if (calls === 2) controller.abort();
      throw network('ECONNREFUSED');
    };
    const op = { what: 'w', deadlineMs: Number.POSITIVE_INFINITY, log: () => {}, signal: controller.signal };
    await expect(withRetry(time.policy, op, call)).rejects.toBeInstanceOf(TransientApiError);
    expect(calls).toBe(2);
  });

  it('an abort while it waits ends the retries without another attempt', async () => {
    const controller = new AbortController();
    let calls = 0;
    const policy = retryPolicy(100, {
      sleep: async () => {
        controller.abort();
      },
    });
    const lines: string[] = [];
    const op = { what: 'delete Job j', deadlineMs: Number.POSITIVE_INFINITY, log: (l: string) => lines.push(l), signal: controller.signal };
    const call = async () => {
      calls++;
      throw network('ECONNREFUSED');
    };
    await expect(withRetry(policy, op, call)).rejects.toBeInstanceOf(TransientApiError);
    expect(calls).toBe(1);
    expect(lines).toHaveLength(0);
  });
});
