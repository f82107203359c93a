// `loadgate import har`: a HAR recorded by a real browser (Debian's Chromium through
// playwright-core's recordHar) visiting a small local app that calls its own JSON API imports to a
// definition that runs against the same app with every step 2xx.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser } from './helpers/browser.ts';
import {
  FIXTURES,
  importToFile,
  runImported,
  runLoadgate,
  secretKeys,
  statusesByStep,
  DEEP_ARRAYS,
  tooDeepLine,
} from './helpers/import.ts';

const TOKEN = 'app-token-0123456789';

/** The app's page: it calls its API (a GET, a wait, a POST with a bearer token), loads an image, CSS and calls a third-party analytics host (awaited, so the recording holds it). */
function page(analytics: string): string {
  return `<!doctype html><html><head><title>Shop</title><link rel="stylesheet" href="/style.css"></head><body>
<img src="/logo.svg"><p id="state">loading</p>
<script>
(async () => {
  const items = await (await fetch('/api/items?limit=2', { headers: { accept: 'application/json' } })).json();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const order = await fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ${TOKEN}' }, body: JSON.stringify({ item: items[0].id, qty: 1 }) });
  await (await fetch('/api/stream', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":1}' })).text();
  await fetch('${analytics}/collect', { method: 'POST', mode: 'no-cors', body: 'event=view' });
  document.getElementById('state').textContent = order.status === 201 ? 'done' : 'failed ' + order.status;
})();
</script></body></html>`;
}

function app(analytics: () => string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://app').pathname;
      if (path === '/')
        return res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'sid=s3ss10n; Path=/' }).end(page(analytics()));
      if (path === '/style.css') return res.writeHead(200, { 'content-type': 'text/css' }).end('p { color: teal }');
      if (path === '/logo.svg')
        return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      if (path === '/api/items' && req.method === 'GET')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":7},{"id":8}]');
      if (path === '/api/orders' && req.method === 'POST') {
        const ok = req.headers.authorization === `Bearer ${TOKEN}` && JSON.parse(body).item === 7;
        return res.writeHead(ok ? 201 : 401, { 'content-type': 'application/json' }).end(ok ? '{"id":1}' : '{}');
      }
      if (path === '/api/stream' && req.method === 'POST')
        return res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"t":"a"}\n\ndata: {"t":"b"}\n\ndata: [DONE]\n\n');
      if (path === '/favicon.ico') return res.writeHead(204).end();
      res.writeHead(404).end();
    });
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let shop: Server;
let beacons: Server;
let shopUrl: string;
let har: string;
beforeAll(async () => {
  beacons = createServer((_req, res) => res.writeHead(204).end());
  const beaconUrl = await listen(beacons);
  shop = createServer(app(() => beaconUrl));
  shopUrl = await listen(shop);
  har = join(mkdtempSync(join(tmpdir(), 'loadgate-har-')), 'shop.har');
  const browser = await launchBrowser();
  const context = await browser.newContext({ recordHar: { path: har } });
  const tab = await context.newPage();
  await tab.goto(`${shopUrl}/`);
  await tab.locator('#state', { hasText: /done|failed/ }).waitFor();
  expect(await tab.locator('#state').textContent()).toBe('done');
  await tab.waitForLoadState('load'); // the image and the stylesheet are in the recording too
  await context.close();
});
afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => shop.close(resolve));
  await new Promise((resolve) => beacons.close(resolve));
});

describe('loadgate import har', () => {
  it('keeps the first-party API calls of a browser recording, which then run with every step 2xx', async () => {
    const imported = await importToFile('har', har);
    expect(imported.code).toBe(0);
    const definition = imported.definition!;
    expect(definition.config_data.steps.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET ${shopUrl}/api/items?limit=2`,
      `POST ${shopUrl}/api/orders`,
      `POST ${shopUrl}/api/stream`,
    ]);
    // The recorded text/event-stream answer is an SSE step (docs/streaming.md); the others are requests.
    expect(definition.config_data.steps.map((s) => s.stream)).toEqual([undefined, undefined, { type: 'sse' }]);
    expect(JSON.parse(definition.config_data.steps[1]!.payload!)).toEqual({ item: 7, qty: 1 });
    expect(definition.config_data.steps[1]!.headers!.authorization).toBe('Bearer {{BEARER_TOKEN}}');
    for (const step of definition.config_data.steps) {
      expect(
        Object.keys(step.headers ?? {}).filter(
          (h) => h.startsWith(':') || ['host', 'connection', 'content-length', 'accept-encoding'].includes(h.toLowerCase()),
        ),
      ).toEqual([]);
    }
    expect(imported.stderr).toContain('1 request: image');
    expect(imported.stderr).toContain('1 request: stylesheet');
    expect(imported.stderr).toMatch(/request to other hosts \(127\.0\.0\.1:\d+\)/);
    expect(imported.stderr).toContain('page (HTML)');
    // The session cookie and the token became secret variables; their values are not in the file.
    expect(secretKeys(definition)).toEqual(['BEARER_TOKEN', 'COOKIE']);
    const text = readFileSync(imported.file, 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('s3ss10n');

    const result = await runImported(definition, { BEARER_TOKEN: TOKEN, COOKIE: 'sid=s3ss10n' });
    expect(statusesByStep(definition, result)).toEqual({
      'GET /api/items': ['200'],
      'POST /api/orders': ['201'],
      'POST /api/stream': ['200'],
    });
    expect(result.results.steps[2]!.stream).toMatchObject({
      streams: result.results.steps[2]!.iteration_count,
      events: 2 * result.results.steps[2]!.iteration_count,
    });
  });

  it('--think-time keeps the pause between requests; --include and --exclude choose the requests', async () => {
    const timed = await importToFile('har', har, ['--think-time', '--keep-secrets']);
    const first = timed.definition!.config_data.steps[0]!;
    // The page waited 300 ms between the two calls: about that at least, whatever the machine's
    // load (the HAR's start times are wall-clock milliseconds, its durations monotonic ones).
    expect(Number(first.sleep)).toBeGreaterThanOrEqual(250);
    // --keep-secrets: still a secret variable, with its value in the environment.
    expect(timed.definition!.config_data.steps[1]!.headers!.authorization).toBe('Bearer {{BEARER_TOKEN}}');
    expect(timed.definition!.environment!.vars).toContainEqual({ key: 'BEARER_TOKEN', value: TOKEN, secret: true });

    const assets = await importToFile('har', har, ['--include', '*.css', '--include', '/\\/api\\//']);
    // The stylesheet and the API calls load independently: only the API calls' order is given.
    expect(assets.definition!.config_data.steps.map((s) => s.url.replace(shopUrl, '')).sort()).toEqual([
      '/api/items?limit=2',
      '/api/orders',
      '/api/stream',
      '/style.css',
    ]);
    const result = await runImported(assets.definition!, { BEARER_TOKEN: TOKEN, COOKIE: 'sid=x' }, 1);
    expect(
      Object.values(statusesByStep(assets.definition!, result))
        .flat()
        .every((s) => s.startsWith('2')),
    ).toBe(true);

    const withoutOrders = await importToFile('har', har, ['--exclude', '/api/orders']);
    expect(withoutOrders.definition!.config_data.steps.map((s) => s.name)).toEqual(['GET /api/items', 'POST /api/stream']);
  });

  it('a file that is not a HAR is an error naming the file and the place, exit 2', async () => {
    const notHar = await runLoadgate(['import', 'har', join(FIXTURES, 'postman-v1.json')]);
    expect(notHar.code).toBe(2);
    expect(notHar.stderr).toContain(
      `${join(FIXTURES, 'postman-v1.json')}: $: not a HAR file (expected {"log": {"version", "creator", "entries": […]}}): must have required property 'log'`,
    );
    const dir = mkdtempSync(join(tmpdir(), 'loadgate-har-'));
    writeFileSync(
      join(dir, 'broken.har'),
      JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'x', version: '1' },
          entries: [{ startedDateTime: '2026-01-01T00:00:00Z', time: 1, request: { method: 'GET' } }],
        },
      }),
    );
    const broken = await runLoadgate(['import', 'har', join(dir, 'broken.har')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.har: \$\.log\.entries\[0\]: not a valid HAR 1\.2 file: must have required property/);
    writeFileSync(join(dir, 'cut.har'), '{"log": {"version": "1.2",');
    const cut = await runLoadgate(['import', 'har', join(dir, 'cut.har')]);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toContain('cut.har: line 1, column 27: expected a HAR file (JSON), found a syntax error');
  });

  it('a HAR file nested 100,000 deep is refused with its file and the path where it passed 256 levels, exit 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loadgate-har-')), 'deep.har');
    writeFileSync(file, `{"log": {"version": "1.2", "entries": [${DEEP_ARRAYS}]}}`);
    const deep = await runLoadgate(['import', 'har', file]);
    expect(deep.code).toBe(2);
    expect(deep.stderr).toContain(tooDeepLine(file, `$.log.entries${'[0]'.repeat(254)}`));
    expect(deep.stderr).not.toContain('call stack');
  });
});
