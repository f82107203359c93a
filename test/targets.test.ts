import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GZIP_TEXT, JSON_BODY, refusedPort, startH2Target, startHttpsTarget, startTarget, type Target } from './helpers/targets.ts';

/** One keep-alive pool for the file, closed at the end. */
const dispatcher = new Agent({ allowH2: false });

function get(url: string, headers: Record<string, string> = {}) {
  return request(url, { dispatcher, headers });
}

async function textOf(url: string): Promise<{ status: number; text: string }> {
  const res = await get(url);
  return { status: res.statusCode, text: await res.body.text() };
}

afterAll(async () => {
  await dispatcher.close();
});

describe('startTarget', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterEach(() => target.reset());
  afterAll(async () => {
    await target.close();
  });

  it('answers /ok, /status/:code, /json and 404 for unknown paths, and records them', async () => {
    expect(await textOf(`${target.url}/ok`)).toEqual({ status: 200, text: 'ok' });
    expect((await textOf(`${target.url}/status/503`)).status).toBe(503);
    const json = await get(`${target.url}/json`);
    expect(json.headers['x-request-id']).toBe('r-1');
    expect(await json.body.json()).toEqual(JSON_BODY);
    expect((await textOf(`${target.url}/nope`)).status).toBe(404);
    expect([...target.countsByPath()]).toEqual([
      ['/ok', 1],
      ['/status/503', 1],
      ['/json', 1],
      ['/nope', 1],
    ]);
    expect(target.received[0]).toMatchObject({ method: 'GET', path: '/ok', body: '', httpVersion: '1.1' });
  });

  it('echoes method, path, headers and body', async () => {
    const res = await request(`${target.url}/echo?x=1`, {
      dispatcher,
      method: 'PUT',
      headers: { 'x-custom': 'v' },
      body: 'payload',
    });
    expect(await res.body.json()).toMatchObject({
      method: 'PUT',
      path: '/echo',
      url: '/echo?x=1',
      headers: { 'x-custom': 'v' },
      body: 'payload',
    });
  });

  it('delays /delay/:ms by about that long', async () => {
    const start = performance.now();
    expect(await textOf(`${target.url}/delay/60`)).toEqual({ status: 200, text: 'ok' });
    expect(performance.now() - start).toBeGreaterThanOrEqual(55);
  });

  it('resets the connection on /reset without a response', async () => {
    await expect(get(`${target.url}/reset`)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('sends a gzip body on /gzip and records the Accept-Encoding', async () => {
    const res = await get(`${target.url}/gzip`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.body.arrayBuffer())).toString()).toBe(GZIP_TEXT);
    expect(target.received[0]?.headers['accept-encoding']).toBe('gzip');
  });

  it('redirects /redirect/:n through n hops to /ok, and /redirect-loop forever', async () => {
    let path = '/redirect/3';
    let hops = 0;
    for (;;) {
      const res = await get(`${target.url}${path}`);
      await res.body.dump();
      if (res.statusCode !== 302) break;
      hops += 1;
      path = String(res.headers.location);
    }
    expect({ hops, path }).toEqual({ hops: 3, path: '/ok' });
    const loop = await get(`${target.url}/redirect-loop`);
    await loop.body.dump();
    expect([loop.statusCode, loop.headers.location]).toEqual([302, '/redirect-loop']);
  });

  it('answers /big/:kb with that many KB', async () => {
    const res = await get(`${target.url}/big/300`);
    expect((await res.body.arrayBuffer()).byteLength).toBe(300 * 1024);
  });

  it('fails every third /flaky request, and reset() restarts the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await textOf(`${target.url}/flaky`)).status);
    expect(statuses).toEqual([200, 200, 500, 200, 200, 500]);
    target.reset();
    expect(target.received).toHaveLength(0);
    expect((await textOf(`${target.url}/flaky`)).status).toBe(200);
  });

  it('hands out a token on POST /login', async () => {
    const res = await request(`${target.url}/login`, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'ada' }),
    });
    expect(await res.body.json()).toEqual({ token: 'tok-ada' });
    const bad = await request(`${target.url}/login`, { dispatcher, method: 'POST', body: 'not json' });
    await bad.body.dump();
    expect(bad.statusCode).toBe(400);
  });
});

describe('target options', () => {
  it('calls onRequest and lets handler answer before the built-in routes', async () => {
    const seen: string[] = [];
    const target = await startTarget({
      onRequest: (received) => seen.push(received.path),
      handler: (_req, res, received) => {
        if (received.path !== '/ok') return false;
        res.end('overridden');
        return true;
      },
    });
    try {
      expect((await textOf(`${target.url}/ok`)).text).toBe('overridden');
      expect((await textOf(`${target.url}/status/201`)).status).toBe(201);
      expect(seen).toEqual(['/ok', '/status/201']);
    } finally {
      await target.close();
    }
  });
});

describe('close', () => {
  it('returns while a /hang request is open, failing that request', async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const target = await startTarget({ onRequest: arrived });
    const hanging = get(`${target.url}/hang`);
    const outcome = hanging.then(
      () => 'answered',
      () => 'failed',
    );
    await arrival;
    // A close() that waited for its connections to end would never return: /hang is never
    // answered and the client waits 300 s for headers, so the test would time out here.
    await target.close();
    expect(await outcome).toBe('failed');
  });
});

describe('refusedPort', () => {
  it('gives a port where connections are refused', async () => {
    const port = await refusedPort();
    await expect(get(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('TLS targets', () => {
  it('negotiates h2 with allowH2 and the target CA, http/1.1 without allowH2', async () => {
    const target = await startH2Target();
    const h2 = new Agent({ allowH2: true, connect: { ca: target.ca } });
    const h1 = new Agent({ allowH2: false, connect: { ca: target.ca } });
    try {
      const viaH2 = await request(`${target.url}/proto`, { dispatcher: h2 });
      expect(await viaH2.body.text()).toBe('h2');
      const viaH1 = await request(`${target.url}/proto`, { dispatcher: h1 });
      expect(await viaH1.body.text()).toBe('http/1.1');
      const ok = await request(`${target.url}/ok`, { dispatcher: h2 });
      expect([ok.statusCode, await ok.body.text()]).toEqual([200, 'ok']);
      expect(target.received.map((r) => r.httpVersion)).toEqual(['2.0', '1.1', '2.0']);
    } finally {
      await target.close();
      await Promise.all([h2.close(), h1.close()]);
    }
  });

  it('h2 target close() returns with sessions open', async () => {
    const target = await startH2Target();
    const h2 = new Agent({ allowH2: true, connect: { ca: target.ca }, keepAliveTimeout: 600_000, keepAliveMaxTimeout: 600_000 });
    try {
      await (await request(`${target.url}/ok`, { dispatcher: h2 })).body.dump();
      // The client keeps its idle session for 10 minutes: a close() that waited for the session to
      // end would not return before the test's timeout.
      await target.close();
    } finally {
      await h2.destroy();
    }
  });

  it('refuses an unknown CA over HTTPS unless verification is off', async () => {
    const target = await startHttpsTarget();
    const insecure = new Agent({ connect: { rejectUnauthorized: false } });
    const trusting = new Agent({ connect: { ca: target.ca } });
    try {
      await expect(get(`${target.url}/ok`)).rejects.toMatchObject({
        code: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY/),
      });
      const viaInsecure = await request(`${target.url}/ok`, { dispatcher: insecure });
      expect(await viaInsecure.body.text()).toBe('ok');
      const viaCa = await request(`${target.url}/ok`, { dispatcher: trusting });
      expect(await viaCa.body.text()).toBe('ok');
    } finally {
      await target.close();
      await Promise.all([insecure.close(), trusting.close()]);
    }
  });
});
