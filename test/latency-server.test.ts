// The server's latency routes (DESIGN 7), on the real `loadgate serve` child process with
// locations configured by --latency-locations-config: one direct, one through a local proxy, one
// through a proxy that is down. The hosted client's runHostedLatency reads the same answer.
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/hosted/client.ts';
import { flattenTree, type LocationTree } from '../src/latency/locations.ts';
import { runHostedLatency } from '../src/latency/run.ts';
import { planLatency, runLatencyPlan, type LatencyPlan } from '../src/latency/session.ts';
import { startFakeService } from './helpers/fake-service.ts';
import { startServerProcess, TEST_KEY, type ServerProcess } from './helpers/server-process.ts';
import { refusedPort, startTarget, type Target } from './helpers/targets.ts';

const DELAY_MS = 40;

let server: ServerProcess;
let target: Target;
let proxy: ProxyServer;
let configured: string[];

interface Answer {
  status: number;
  // Test code reads answers by their documented shape.
  body: any;
}

async function call(method: string, path: string, json?: unknown, key: string | null = TEST_KEY): Promise<Answer> {
  const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
  return { status: response.status, body: await response.json() };
}

function nullsIn(value: unknown, path = '$'): string[] {
  if (value === null) return [path];
  if (typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nullsIn(v, `${path}.${k}`));
}

beforeAll(async () => {
  target = await startTarget();
  proxy = createProxy();
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const down = await refusedPort();
  const entries = [
    `EU.DE.FRA=Frankfurt@http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    'EU.DE.BER=Berlin',
    `NA.US.VA.ASH=Ashburn@http://127.0.0.1:${down}`,
    'LOCAL.HOST=This server',
  ];
  configured = entries.map((e) => e.split('=')[0]!);
  // A tenant's key (docs/server.md, "Tenants"): the latency clients send the key alone, as they always did.
  server = await startServerProcess({
    keys: [`latency-team:${TEST_KEY}`],
    args: entries.flatMap((e) => ['--latency-locations-config', e]),
  });
});

afterAll(async () => {
  await server?.dispose();
  await target.close();
  proxy.closeAllConnections();
  await new Promise((r) => proxy.close(r));
});

describe('GET /v1/latency/locations/', () => {
  it('answers the tree, whose flattened codes are the configured ones', async () => {
    const answer = await call('GET', '/v1/latency/locations/');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      'EU:Europe': { 'DE:Germany': ['FRA:Frankfurt', 'BER:Berlin'] },
      'NA:North America': { 'US:United States': { 'VA:VA': ['ASH:Ashburn'] } },
      'LOCAL:Local': ['HOST:This server'],
    });
    expect(flattenTree(answer.body as LocationTree).sort()).toEqual([...configured].sort());
    expect((await call('GET', '/v1/latency/locations')).body).toEqual(answer.body);
  });
});

describe('POST /v1/latency/test/', () => {
  it('measures from every location "*" picks: the keys are the tree codes, a failed location has error and no null', async () => {
    const tree = (await call('GET', '/v1/latency/locations/')).body as LocationTree;
    const answer = await call('POST', '/v1/latency/test/', { target: `${target.url}/delay/${DELAY_MS}`, locations: ['*'], samples: 3 });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(flattenTree(tree).sort());
    expect(nullsIn(answer.body)).toEqual([]);
    for (const code of ['EU.DE.FRA', 'EU.DE.BER', 'LOCAL.HOST']) {
      const entry = answer.body[code];
      expect(entry).toMatchObject({ status_code: 200, samples: 3, failures: 0, errors: {} });
      expect(Number.isInteger(entry.latency)).toBe(true);
      expect(entry.latency).toBeGreaterThanOrEqual(DELAY_MS);
      expect(entry.latency).toBe(Math.round(entry.median));
      expect(entry.phases.ttfb.min).toBeGreaterThanOrEqual(DELAY_MS - 1);
      expect(entry.phases.total).toEqual({ min: entry.min, avg: entry.avg, median: entry.median, p95: entry.p95, max: entry.max });
    }
    expect(answer.body['EU.DE.FRA'].egress).toBe('proxy');
    expect(answer.body['NA.US.VA.ASH']).toEqual({
      name: 'Ashburn',
      egress: 'proxy',
      error: 'proxy connection refused',
      samples: 3,
      failures: 3,
      errors: { 'proxy connection refused': 3 },
    });
  });

  it('accepts locations as a JSON-encoded string and patterns joined by commas, with or without the trailing slash', async () => {
    const asString = await call('POST', '/v1/latency/test', { target: `${target.url}/ok`, locations: '["EU.*"]', samples: 1 });
    expect(asString.status).toBe(200);
    expect(Object.keys(asString.body)).toEqual(['EU.DE.FRA', 'EU.DE.BER']);
    const joined = await call('POST', '/v1/latency/test/', {
      target: `${target.url}/ok`,
      locations: ['LOCAL.HOST, EU.DE.BER'],
      samples: 1,
    });
    expect(Object.keys(joined.body)).toEqual(['EU.DE.BER', 'LOCAL.HOST']);
    const defaultSamples = await call('POST', '/v1/latency/test/', { target: `${target.url}/ok`, locations: ['LOCAL.HOST'] });
    expect(defaultSamples.body['LOCAL.HOST'].samples).toBe(10);
  });

  it('answers 422 with the available codes for a pattern that matches nothing', async () => {
    const answer = await call('POST', '/v1/latency/test/', { target: `${target.url}/ok`, locations: ['AS.*'] });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: {
        code: 'invalid_request',
        message: `locations: location pattern "AS.*" matches no location; available: ${configured.join(', ')}`,
        field: 'locations',
      },
    });
  });

  it('answers 422 for a bad target, samples or locations, and 401 without a key', async () => {
    const bad = async (body: unknown) => {
      const answer = await call('POST', '/v1/latency/test/', body);
      return [answer.status, answer.body.error.field];
    };
    expect(await bad({ target: 'ftp://x/', locations: ['*'] })).toEqual([422, 'target']);
    expect(await bad({ locations: ['*'] })).toEqual([422, 'target']);
    expect(await bad({ target: target.url, locations: ['*'], samples: 101 })).toEqual([422, 'samples']);
    expect(await bad({ target: target.url, locations: ['*'], samples: 0 })).toEqual([422, 'samples']);
    expect(await bad({ target: target.url, locations: [3] })).toEqual([422, 'locations']);
    expect(await bad({ target: target.url })).toEqual([422, 'locations']);
    expect((await call('POST', '/v1/latency/test/', { target: target.url, locations: ['*'] }, null)).status).toBe(401);
  });

  it('is what runHostedLatency reads into a LatencyResult', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: TEST_KEY });
    const result = await runHostedLatency(client, `${target.url}/delay/${DELAY_MS}`, ['EU.DE.*', 'NA.US.VA.ASH']);
    expect(result.target).toBe(`${target.url}/delay/${DELAY_MS}`);
    expect(result.samples).toBe(10);
    expect(Object.keys(result.locations)).toEqual(['EU.DE.FRA', 'EU.DE.BER', 'NA.US.VA.ASH']);
    expect(result.locations['EU.DE.BER']).toMatchObject({ name: 'Berlin', egress: 'direct', samples: 10, failures: 0, status_code: 200 });
    expect(result.locations['EU.DE.BER']!.phases.ttfb.min).toBeGreaterThanOrEqual(DELAY_MS - 1);
    expect(result.locations['NA.US.VA.ASH']).toMatchObject({ failures: 10, errors: { 'proxy connection refused': 10 } });
  });
});

describe('hosted latency: the sample count', () => {
  const names = { target: 'latency-target', patterns: 'latency-locations', samples: 'latency-samples', config: 'latency-locations-config' };
  const hostedPlan = (url: string, samples: string): LatencyPlan => {
    const plan = planLatency({ target: url, patterns: ['EU.DE.*'], samples, config: [] }, names, true);
    if (!plan.ok) throw new Error(JSON.stringify(plan.problems));
    return plan.value;
  };

  it('asks loadgate serve for the named count, and it takes that many', async () => {
    const warnings: string[] = [];
    const hosted = { apiUrl: server.url, apiKey: TEST_KEY, log: () => {}, warn: (m: string) => warnings.push(m) };
    const result = await runLatencyPlan(hostedPlan(`${target.url}/ok`, '3'), { insecure: false, hosted });
    expect(result.samples).toBe(3);
    expect(result.locations['EU.DE.BER']).toMatchObject({ samples: 3, failures: 0 });
    expect(warnings).toEqual([]);
  });

  it("sends the interface's request unless a count is named, and warns when a service ignores the count", async () => {
    const service = await startFakeService();
    try {
      const minimal = { status: 200, body: { 'EU.DE.FRA': { status_code: 200, latency: 12 } } };
      service.script('POST /v1/latency/test/', minimal, minimal);
      const warnings: string[] = [];
      const hosted = { apiUrl: service.url, apiKey: 'k', log: () => {}, warn: (m: string) => warnings.push(m) };
      await runLatencyPlan(hostedPlan('https://x.test/', ''), { insecure: false, hosted });
      const named = await runLatencyPlan(hostedPlan('https://x.test/', '5'), { insecure: false, hosted });
      const bodies = service.received.map((r) => JSON.parse(r.body.toString('utf8')));
      expect(bodies).toEqual([
        { target: 'https://x.test/', locations: ['EU.DE.*'] },
        { target: 'https://x.test/', locations: ['EU.DE.*'], samples: 5 },
      ]);
      expect(named.samples).toBe(1);
      expect(warnings).toEqual([expect.stringMatching(/took 1 samples per location, not the 5 asked for/)]);
    } finally {
      await service.close();
    }
  });
});

describe('serve --latency-locations-config', () => {
  it('refuses a malformed location at start, naming the option (the older --latency-location names the new one)', async () => {
    await expect(startServerProcess({ args: ['--latency-location', 'EU=Europe'] })).rejects.toThrow(
      /exited with 2[\s\S]*--latency-location is now --latency-locations-config[\s\S]*--latency-locations-config: location code "EU" is not valid/,
    );
  });
});
