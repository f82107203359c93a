// The per-key, per-method-class rate limit of `loadgate serve`, with an injected clock.
import { describe, expect, it } from 'vitest';
import { createRateLimiter, DEFAULT_RATE_LIMITS, parseRateLimit } from '../src/server/auth.ts';

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
    expect(limit(0, 'GET')).toBeNull();
    expect(limit(0, 'POST')).toBeNull();
    expect(limit(1, 'GET')).toBeNull();
    const refused = limit(0, 'HEAD');
    expect(refused?.status).toBe(429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(limit(0, 'DELETE')?.message).toMatch(/more than 1 non-GET requests per second/);
    now = 1000;
    expect(limit(0, 'GET')).toBeNull();
    expect(limit(0, 'PATCH')).toBeNull();
  });

  it('allows a burst of the rate, then refills at the rate', () => {
    let now = 0;
    const limit = createRateLimiter({ get: 5, other: 2 }, () => now);
    const gets = Array.from({ length: 6 }, () => limit(0, 'GET'));
    expect(gets.map((a) => a === null)).toEqual([true, true, true, true, true, false]);
    now = 200;
    expect(limit(0, 'GET')).toBeNull();
    expect(limit(0, 'GET')?.status).toBe(429);
  });
});
