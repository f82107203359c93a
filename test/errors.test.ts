// Error reasons, from real misbehaving servers on 127.0.0.1 (a raw `net` server writes what no
// HTTP server should), through the real engine: what undici 8 throws is what is classified.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyError } from '../src/engine/errors.ts';
import { egressOf } from '../src/engine/engine.ts';
import { startHostileTarget, type HostileTarget, type Misbehaviour } from './helpers/hostile-target.ts';
import { definition, runDefinition } from './helpers/run-definition.ts';
import { refusedPort, startTarget, type Target } from './helpers/targets.ts';

async function reasonsFrom(behaviour: Misbehaviour): Promise<Record<string, number>> {
  const target = await startHostileTarget(behaviour);
  try {
    const result = await runDefinition(definition([{ url: `${target.url}/x` }], { iteration_count: 1, duration: 1 }));
    expect(target.received).toBe(1);
    return result.results.steps[0]!.error_dist;
  } finally {
    await target.close();
  }
}

describe('error reasons from misbehaving servers', () => {
  it.each([
    ['garbage', 'invalid response'],
    ['bad status line', 'invalid response'],
    // The interim response is skipped: what is left is a server that closed without answering.
    ['bare 100 continue', 'connection reset by peer'],
    ['huge header', 'headers too large'],
    ['truncated body', 'incomplete body'],
    ['reset', 'connection reset by peer'],
  ] as [Misbehaviour, string][])('%s → %s', async (behaviour, reason) => {
    expect(await reasonsFrom(behaviour)).toEqual({ [reason]: 1 });
  });

  // RFC 9110 §15.2: a client skips interim (1xx) responses it did not ask for before the final one.
  it.each([
    ['100 continue then 200', '`100 Continue`, twice, one of them split across reads'],
    ['103 early hints then 200', '`103 Early Hints`'],
  ] as [Misbehaviour, string][])('%s: %s before each 200 is skipped; every request is a 200', async (behaviour) => {
    const target = await startHostileTarget(behaviour);
    try {
      const result = await runDefinition(
        definition(
          [
            { url: `${target.url}/a`, assertion: ['contains(body,"done")'] },
            { url: `${target.url}/b`, method: 'POST', payload: 'x'.repeat(100) },
          ],
          { iteration_count: 3, duration: 1 },
        ),
      );
      for (const step of result.results.steps) {
        expect(step.error_dist).toEqual({});
        expect(step.status_code_dist).toEqual({ 200: 3 });
      }
      // One connection, kept alive across the six requests: the interim responses left it usable.
      expect(target.received).toBe(1);
    } finally {
      await target.close();
    }
  });

  // The step timeout is a deadline on the whole request (undici's own per-wait timers are off).
  // A trickled body sends a byte every 100 ms, well within any per-wait timeout: only the deadline
  // ends it. Without one the body would take 100 s, and the run would be stopped at its overrun
  // limit (60 s, past this test's timeout), cancelled and interrupted.
  it.each([
    ['trickle', 'a body trickled byte by byte'],
    ['silent', 'headers that never come'],
    ['stalled body', 'a body that stops halfway'],
  ] as [Misbehaviour, string][])('%s: %s ends at the step timeout, which covers headers and body together', async (behaviour) => {
    const target = await startHostileTarget(behaviour);
    try {
      const result = await runDefinition(definition([{ url: `${target.url}/x`, timeout: 0.5 }], { iteration_count: 2, duration: 1 }));
      expect(result.results.steps[0]!.error_dist).toEqual({ 'read timeout': 2 });
      expect(result.run.interrupted).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('a stop aborts the requests in flight, whatever the step timeout, counted as cancelled', async () => {
    const target: HostileTarget = await startHostileTarget('silent');
    const controller = new AbortController();
    const poll = setInterval(() => {
      if (target.received === 3) controller.abort();
    }, 5);
    try {
      const started = performance.now();
      const result = await runDefinition(definition([{ url: `${target.url}/hang`, timeout: 600 }], { iteration_count: 3, duration: 1 }), {
        signal: controller.signal,
      });
      expect(result.run.interrupted).toBe(true);
      expect(result.results.steps[0]!.error_dist).toEqual({ cancelled: 3 });
      // The step timeout is 10 minutes; only the stop can have ended these.
      expect(performance.now() - started).toBeLessThan(120_000);
    } finally {
      clearInterval(poll);
      await target.close();
    }
  });
});

describe('error reasons from well-behaved failures', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(async () => {
    await target.close();
  });

  it('a refused connection, and a request header a data row made invalid', async () => {
    const port = await refusedPort();
    const refused = await runDefinition(definition([{ url: `http://127.0.0.1:${port}/` }], { iteration_count: 1, duration: 1 }));
    expect(refused.results.steps[0]!.error_dist).toEqual({ 'connection refused': 1 });
    const dir = mkdtempSync(join(tmpdir(), 'loadgate-errors-'));
    try {
      // A quoted CSV cell may hold a line break; as a header value it cannot be sent.
      writeFileSync(join(dir, 'rows.csv'), '"line\r\nbreak"\nfine\n');
      const test_data = [{ name: 'rows', file: 'rows.csv', file_config: { order: 'sequential', vars: { '0': { tag: 'v' } } } }];
      const result = await runDefinition(
        definition(
          [{ url: `${target.url}/ok`, headers: { 'X-V': '{{data.rows.v}}' } }],
          { iteration_count: 2, duration: 1 },
          { test_data },
        ),
        { concurrency: 1 },
        dir,
      );
      expect(result.results.steps[0]!.error_dist).toEqual({ 'invalid request header': 1 });
      expect(target.received.map((r) => r.headers['x-v'])).toEqual(['fine']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('classifyError', () => {
  it('names the reason by code when a cause carries it, and says "other" for what it does not know', () => {
    expect(classifyError({ cause: { code: 'ECONNREFUSED' } }, false)).toBe('connection refused');
    expect(classifyError({ code: 'ECONNREFUSED' }, true)).toBe('proxy connection refused');
    expect(classifyError({ code: 'ENOTFOUND' }, false)).toBe('dns');
    expect(classifyError({ code: 'EWHATEVER' }, false)).toBe('other: EWHATEVER');
    expect(classifyError(null, false)).toBe('other');
  });

  // One row per rule, and the rows where a narrow case must win over the broad one that follows it.
  it.each([
    [{ code: 'ETIMEDOUT' }, false, false, 'connection timeout'],
    [{ code: 'UND_ERR_CONNECT_TIMEOUT' }, true, false, 'proxy timeout'],
    [{ code: 'UND_ERR_BODY_TIMEOUT' }, false, true, 'read timeout'],
    [{ code: 'EAI_AGAIN' }, false, false, 'dns'],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, false, false, 'tls'],
    [{ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }, false, false, 'tls'],
    [{ name: 'MaxRedirectsError' }, false, false, 'too many redirects'],
    [{ code: 'UND_ERR_INVALID_ARG', message: 'Redirect loop detected' }, false, false, 'too many redirects'],
    [{ name: 'ProxyConnectionError' }, true, false, 'proxy connection refused'],
    [{ code: 'UND_ERR_HEADERS_OVERFLOW' }, false, false, 'headers too large'],
    [{ name: 'HTTPParserError' }, false, true, 'invalid response'],
    [{ code: 'HPE_INVALID_CONSTANT' }, false, false, 'invalid response'],
    [{ code: 'UND_ERR_SOCKET', message: 'bad response' }, false, true, 'invalid response'],
    [{ code: 'UND_ERR_SOCKET', message: 'other side closed' }, false, true, 'incomplete body'],
    [{ code: 'ECONNRESET' }, false, false, 'connection reset by peer'],
    [{ name: 'AbortError' }, false, false, 'cancelled'],
    [{ code: 'UND_ERR_INVALID_ARG', message: 'invalid x-id header' }, false, false, 'invalid request header'],
    [{ code: 'UND_ERR_INVALID_ARG', message: 'invalid method' }, false, false, 'other: UND_ERR_INVALID_ARG'],
  ])('%o (via proxy %s, response started %s) is %s', (error, viaProxy, responseStarted, reason) => {
    expect(classifyError(error, viaProxy, responseStarted)).toBe(reason);
  });
});

describe('egressOf', () => {
  it('keeps countries with a proxy and merges the rest into local', () => {
    const egress = egressOf(['DE', 'FR', 'US'], { US: 'http://p:1' });
    expect(egress.names).toEqual(['local', 'US']);
    expect([...egress.map]).toEqual([0, 0, 1]);
    expect(egress.proxyOf).toEqual([null, 'http://p:1']);
  });
});
