// API keys (X-API-KEY), the tenant each belongs to, and the optional per-tenant rate limit.
// Keys are compared as SHA-256 digests with timingSafeEqual, against every configured key, so
// that neither the length of a key nor which key matched shows in the response time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { InputError, type Problem } from '../errors.ts';
import { ApiError } from './errors.ts';

/** One key per line; blank lines and lines starting with `#` are skipped. */
export function parseKeyFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** LOADGATE_API_KEY on the server: keys separated by commas. */
export function parseKeyList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

/** The tenant of a bare key (docs/server.md, "Tenants"): every deployment from before tenants. */
export const DEFAULT_TENANT = 'default';

const TENANT_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** A configured key and the tenant whose records it reaches. */
export interface ApiKey {
  tenant: string;
  key: string;
}

/**
 * `TENANT:KEY`, or a bare `KEY` (tenant `default`). An entry whose part before the first `:` is
 * no tenant name (letters, digits, `.`, `_`, `-`, at most 64) is a bare key, so no key written
 * before tenants changes meaning. Throws (naming `source`, never the key) for a tenant without a
 * key, and for one key given to two tenants.
 */
export function tenantKeys(entries: readonly string[], source: string): ApiKey[] {
  const keys: ApiKey[] = [];
  const tenantOfKey = new Map<string, string>();
  entries.forEach((entry, i) => {
    const colon = entry.indexOf(':');
    const tenant = colon > 0 ? entry.slice(0, colon) : '';
    const named = TENANT_NAME.test(tenant);
    const key = named ? entry.slice(colon + 1).trim() : entry;
    if (key === '')
      throw new InputError([{ path: source, message: `entry ${i + 1} names the tenant "${tenant}" but no key after the ":"` }]);
    const owner = named ? tenant : DEFAULT_TENANT;
    const earlier = tenantOfKey.get(key);
    if (earlier !== undefined && earlier !== owner) {
      throw new InputError([
        {
          path: source,
          message: `entry ${i + 1}: its key is given to the tenants "${earlier}" and "${owner}"; a key belongs to one tenant`,
        },
      ]);
    }
    tenantOfKey.set(key, owner);
    keys.push({ tenant: owner, key });
  });
  return keys;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The tenant of the configured key a header holds, or the 401/403 to answer. */
export type KeyCheck = { ok: true; tenant: string } | { ok: false; error: ApiError };

/** `keys` as `TENANT:KEY` entries read (tenantKeys), or bare strings (tenant `default`). */
export function createKeyChecker(keys: readonly (ApiKey | string)[]): (header: string | string[] | undefined) => KeyCheck {
  const entries = keys.map((k) => (typeof k === 'string' ? { tenant: DEFAULT_TENANT, key: k } : k));
  const digests = entries.map((k) => digest(k.key));
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
    return { ok: true, tenant: entries[match]!.tenant };
  };
}

/** Requests per second allowed for each tenant (all its keys together), by method class. */
export interface RateLimits {
  /** GET and HEAD: reads, which clients poll with. */
  get: number;
  /** Every other method: creates, updates, deletes. */
  other: number;
}

/** What public services of this interface allow (docs/interface.md 8): `--rate-limit on`. */
export const DEFAULT_RATE_LIMITS: RateLimits = { get: 5, other: 2 };
const MAX_RATE = 1_000_000;

/**
 * `--rate-limit` (named `flag` in the problem): `on` (the defaults), `N` (N per second for each
 * class), or `GET=N,OTHER=M` (either may be left out: it keeps its default).
 */
export function parseRateLimit(text: string, flag: string): RateLimits | Problem {
  const expected = `expected "on" (${DEFAULT_RATE_LIMITS.get} GET and ${DEFAULT_RATE_LIMITS.other} other requests per second), a whole number for both, or GET=N,OTHER=M; got ${JSON.stringify(text)}`;
  const rate = (value: string) => (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_RATE ? Number(value) : undefined);
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'on') return { ...DEFAULT_RATE_LIMITS };
  const both = rate(trimmed);
  if (both !== undefined) return { get: both, other: both };
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const item of trimmed.split(',')) {
    const [name, value] = item.split('=').map((part) => part.trim());
    const n = value === undefined ? undefined : rate(value);
    const key = name?.toUpperCase() === 'GET' ? 'get' : name?.toUpperCase() === 'OTHER' ? 'other' : undefined;
    if (key === undefined || n === undefined) return { path: flag, message: expected };
    limits[key] = n;
  }
  return limits;
}

function methodClass(method: string): keyof RateLimits {
  return method === 'GET' || method === 'HEAD' ? 'get' : 'other';
}

/**
 * A token bucket per tenant and method class: `limits.get` GET/HEAD requests a second and
 * `limits.other` others, bursts of up to the rate. Separate classes let a client read and then
 * write back to back (the official latency action does) without waiting.
 * Returns null when the request may go ahead, else the 429 to answer.
 */
export function createRateLimiter(limits: RateLimits, clock: () => number = Date.now): (tenant: string, method: string) => ApiError | null {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (tenant, method) => {
    const kind = methodClass(method);
    const perSecond = limits[kind];
    const now = clock();
    const id = `${kind}:${tenant}`;
    const bucket = buckets.get(id) ?? { tokens: perSecond, at: now };
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    buckets.set(id, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    const what = kind === 'get' ? 'GET' : 'non-GET';
    return new ApiError(
      429,
      'rate_limited',
      `more than ${perSecond} ${what} requests per second for this API key's tenant; retry after ${retryAfter} s`,
      {
        headers: { 'retry-after': String(retryAfter) },
      },
    );
  };
}
