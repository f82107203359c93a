// API keys (X-API-KEY) and the optional per-key rate limit. Keys are compared as SHA-256
// digests with timingSafeEqual, against every configured key, so that neither the length of a
// key nor which key matched shows in the response time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors.ts';

/** One key per line; blank lines and lines starting with `#` are skipped. */
export function parseKeyFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** LOADGATE_API_KEYS: keys separated by commas. */
export function parseKeyList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Which configured key a header holds (its index), or the 401/403 to answer. */
export type KeyCheck = { ok: true; keyIndex: number } | { ok: false; error: ApiError };

export function createKeyChecker(keys: readonly string[]): (header: string | string[] | undefined) => KeyCheck {
  const digests = keys.map(digest);
  return (header) => {
    const value = Array.isArray(header) ? header.join(', ') : (header ?? '');
    if (value.trim() === '') {
      return { ok: false, error: new ApiError(401, 'unauthorized', 'missing X-API-KEY header') };
    }
    const candidate = digest(value);
    let match = -1;
    digests.forEach((known, i) => {
      if (timingSafeEqual(known, candidate) && match < 0) match = i;
    });
    if (match < 0) return { ok: false, error: new ApiError(403, 'forbidden', 'invalid API key (X-API-KEY)') };
    return { ok: true, keyIndex: match };
  };
}

/**
 * A token bucket per key: `perSecond` requests a second, bursts of up to `perSecond`.
 * Returns null when the request may go ahead, else the 429 to answer.
 */
export function createRateLimiter(perSecond: number, clock: () => number = Date.now): (keyIndex: number) => ApiError | null {
  const buckets = new Map<number, { tokens: number; at: number }>();
  return (keyIndex) => {
    const now = clock();
    const bucket = buckets.get(keyIndex) ?? { tokens: perSecond, at: now };
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    buckets.set(keyIndex, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    return new ApiError(429, 'rate_limited', `more than ${perSecond} requests per second with this API key; retry after ${retryAfter} s`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  };
}
