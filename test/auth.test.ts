// The keys of `loadgate serve` and their tenants, and the per-tenant, per-method-class rate limit, with an injected clock.
import { describe, expect, it } from 'vitest';
import { createKeyChecker, createRateLimiter, DEFAULT_RATE_LIMITS, parseRateLimit, tenantKeys } from '../src/server/auth.ts';
import { InputError } from '../src/errors.ts';

describe('parseRateLimit', () => {
  it('reads "on" as the documented defaults, N as N for each class, and GET=N,OTHER=M', () => {
    expect(parseRateLimit('on', '--rate-limit')).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS).toEqual({ get: 5, other: 2 });
    expect(parseRateLimit('3', '--rate-limit')).toEqual({ get: 3, other: 3 });
    expect(parseRateLimit('GET=10, other=4', '--rate-limit')).toEqual({ get: 10, other: 4 });
    expect(parseRateLimit('OTHER=1', '--rate-limit')).toEqual({ get: 5, other: 1 });
  });

  it('refuses anything else, saying what it expects', () => {
    for (const text of ['0', 'off', 'GET=0', 'PUT=3', '2.5', '']) {
      expect(parseRateLimit(text, '--rate-limit'), text).toEqual({
        path: '--rate-limit',
        message: expect.stringMatching(/^expected "on"/),
      });
    }
  });
});

describe('createRateLimiter', () => {
  it('keeps a bucket per key and per method class, so a GET and a POST can go back to back at 1/s', () => {
    let now = 0;
    const limit = createRateLimiter({ get: 1, other: 1 }, () => now);
    expect(limit('a', 'GET')).toBeNull();
    expect(limit('a', 'POST')).toBeNull();
    expect(limit('b', 'GET')).toBeNull();
    const refused = limit('a', 'HEAD');
    expect(refused?.status).toBe(429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(limit('a', 'DELETE')?.message).toMatch(/more than 1 non-GET requests per second/);
    now = 1000;
    expect(limit('a', 'GET')).toBeNull();
    expect(limit('a', 'PATCH')).toBeNull();
  });

  it('allows a burst of the rate, then refills at the rate', () => {
    let now = 0;
    const limit = createRateLimiter({ get: 5, other: 2 }, () => now);
    const gets = Array.from({ length: 6 }, () => limit('a', 'GET'));
    expect(gets.map((a) => a === null)).toEqual([true, true, true, true, true, false]);
    now = 200;
    expect(limit('a', 'GET')).toBeNull();
    expect(limit('a', 'GET')?.status).toBe(429);
  });
});

describe('tenantKeys', () => {
  it('reads TENANT:KEY, a bare KEY as tenant default, and an entry whose part before the first ":" is no tenant name as a bare key', () => {
    expect(
      tenantKeys(['teamA:k1', 'k2', 'teamA:k:with:colons', 'a/b:k6', 'a b:k3', `${'t'.repeat(65)}:k4`, 'team_b.x-1:k5'], 'env'),
    ).toEqual([
      { tenant: 'teamA', key: 'k1' },
      { tenant: 'default', key: 'k2' },
      { tenant: 'teamA', key: 'k:with:colons' },
      { tenant: 'default', key: 'a/b:k6' },
      { tenant: 'default', key: 'a b:k3' },
      { tenant: 'default', key: `${'t'.repeat(65)}:k4` },
      { tenant: 'team_b.x-1', key: 'k5' },
    ]);
  });

  it('refuses a tenant without a key, and one key given to two tenants, without quoting the key', () => {
    expect(() => tenantKeys(['teamA:'], 'LOADGATE_API_KEY')).toThrow(InputError);
    try {
      tenantKeys(['teamA:sekrit-key', 'teamB:sekrit-key'], 'LOADGATE_API_KEY');
      expect.unreachable();
    } catch (error) {
      expect((error as InputError).problems[0]!.message).toMatch(/given to the tenants "teamA" and "teamB"/);
      expect(JSON.stringify((error as InputError).problems)).not.toContain('sekrit-key');
    }
  });

  it('checks a header against the keys and names the tenant of the one it holds', () => {
    const check = createKeyChecker(tenantKeys(['teamA:k1', 'teamA:k2', 'teamB:k3', 'bare'], 'env'));
    expect(check('k1')).toEqual({ ok: true, tenant: 'teamA' });
    expect(check('k2')).toEqual({ ok: true, tenant: 'teamA' });
    expect(check('k3')).toEqual({ ok: true, tenant: 'teamB' });
    expect(check('bare')).toEqual({ ok: true, tenant: 'default' });
    expect(check('teamA:k1')).toMatchObject({ ok: false, error: { status: 403 } });
  });
});

describe('the rate limit of a tenant', () => {
  it('is shared by its keys: a second key of the tenant meets the same bucket, another tenant its own', () => {
    const limit = createRateLimiter({ get: 1, other: 1 }, () => 0);
    const check = createKeyChecker(tenantKeys(['teamA:k1', 'teamA:k2', 'teamB:k3'], 'env'));
    const tenantOf = (key: string) => (check(key) as { tenant: string }).tenant;
    expect(limit(tenantOf('k1'), 'GET')).toBeNull();
    expect(limit(tenantOf('k2'), 'GET')?.status).toBe(429);
    expect(limit(tenantOf('k3'), 'GET')).toBeNull();
  });
});
