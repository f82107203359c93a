// The latency test: location config and patterns, the tree, one probe's phases against real
// local HTTP and HTTPS targets (direct and through a local proxy), a run's statistics, the
// service answer both ways, thresholds and the report sections.
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../src/hosted/client.ts';
import {
  DEFAULT_LATENCY_LOCATIONS,
  egressLabel,
  flattenTree,
  locationTree,
  parseLocationConfig,
  selectLocations,
  splitPatterns,
} from '../src/latency/locations.ts';
import { probe, type ProbeSample } from '../src/latency/probe.ts';
import { latencyAnswer, latencyFromAnswer, parseSamples, phaseStats, runLatency, summarizeLocation } from '../src/latency/run.ts';
import {
  describeLatencyThreshold,
  parseLatencyThresholdLines,
  parseLatencyThresholds,
  type LatencyThreshold,
} from '../src/thresholds/latency.ts';
import { evaluateLatencyThresholds, formatLatencyActual } from '../src/verdict/latency.ts';
import { isLatencyThresholdLine } from '../src/thresholds/syntax.ts';
import type { LatencyLocation, LatencyResult } from '../src/types.ts';
import { latencyHtml as latencyHtmlSection, latencyMarkdown as latencyMarkdownSection, latencyTerminal } from '../src/report/latency.ts';
import { refusedPort, startHttpsTarget, startTarget, type Target, type TlsTarget } from './helpers/targets.ts';

const DELAY_MS = 120;
/** Scheduling slack on a loaded CI runner. */

let http: Target;
let https: TlsTarget;
let proxy: ProxyServer;
let proxyUrl: string;
let refused: number;
/** Client ports seen by the HTTP target, one per connection. */
const clientPorts = new Set<number>();

beforeAll(async () => {
  http = await startTarget({
    handler: (req) => {
      clientPorts.add(req.socket.remotePort ?? 0);
      return false;
    },
  });
  https = await startHttpsTarget();
  proxy = createProxy();
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  refused = await refusedPort();
});

afterAll(async () => {
  await http.close();
  await https.close();
  proxy.closeAllConnections();
  await new Promise((r) => proxy.close(r));
});

function ok(sample: ProbeSample): Extract<ProbeSample, { ok: true }> {
  if (!sample.ok) throw new Error(`expected a successful sample, got ${sample.reason}`);
  return sample;
}

function expectPhasesAddUp(sample: Extract<ProbeSample, { ok: true }>): void {
  const { dns, connect, tls, ttfb, total } = sample.phases;
  for (const v of [dns, connect, tls, ttfb]) expect(v).toBeGreaterThanOrEqual(0);
  const toHeaders = dns + connect + tls + ttfb;
  // The phases are contiguous; what total adds is reading the (two-byte) body.
  expect(toHeaders).toBeLessThanOrEqual(total + 1e-9);
}

describe('location config', () => {
  it('reads codes, names and proxies, and defaults to LOCAL.HOST', () => {
    const parsed = parseLocationConfig(
      ['EU.DE.FRA=Frankfurt@http://user:pw@127.0.0.1:3128/\nna.us.va.ash = Ashburn (Virginia)', '# comment', 'LOCAL.HOST=Me@home'],
      'latency-locations-config',
    );
    expect(parsed).toEqual({
      ok: true,
      value: [
        { code: 'EU.DE.FRA', name: 'Frankfurt', proxy: 'http://user:pw@127.0.0.1:3128' },
        { code: 'NA.US.VA.ASH', name: 'Ashburn (Virginia)' },
        { code: 'LOCAL.HOST', name: 'Me@home' },
      ],
    });
    expect(parseLocationConfig([], '--latency-location')).toEqual({ ok: true, value: DEFAULT_LATENCY_LOCATIONS });
    expect(parseLocationConfig(['  \n'], '--latency-location')).toEqual({
      ok: true,
      value: [{ code: 'LOCAL.HOST', name: 'This server' }],
    });
    expect(egressLabel({ code: 'EU.DE.FRA', name: 'F', proxy: 'http://user:pw@127.0.0.1:3128' })).toBe('proxy http://***@127.0.0.1:3128');
    expect(egressLabel({ code: 'LOCAL.HOST', name: 'H' })).toBe('direct');
  });

  it('names the input and what was expected for each bad entry', () => {
    const parsed = parseLocationConfig(
      [
        'EU=Europe',
        'eu.de.fr-a=Frankfurt',
        'EU.DE.BER=',
        'EU.DE.MUC=Munich, Bavaria',
        'EU.DE.CGN=Köln: Dom',
        'EU.DE.HAM=Hamburg@socks5://p:1',
        'NOEQUALS',
        'LOCAL.HOST=A',
        'LOCAL.HOST=B',
      ],
      'latency-locations-config',
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.every((p) => p.path === 'latency-locations-config')).toBe(true);
    expect(parsed.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^location code "EU" is not valid; expected CODE=Name .*two or more dot-separated/),
      expect.stringMatching(/^location code "EU.DE.FR-A" is not valid/),
      expect.stringMatching(/^location EU.DE.BER has no name/),
      expect.stringMatching(/^the name of location EU.DE.MUC holds ":" or ","/),
      expect.stringMatching(/^the name of location EU.DE.CGN holds ":" or ","/),
      expect.stringMatching(/^the proxy of location EU.DE.HAM is not an http:\/\/ URL/),
      expect.stringMatching(/^expected CODE=Name .*got "NOEQUALS"$/),
      'location LOCAL.HOST is configured twice',
    ]);
  });

  it('reads @kube:CC (a Kubernetes location) only where the server runs it', () => {
    expect(parseLocationConfig(['EU.DE.FRA=Frankfurt@kube:DE'], '--latency-location', { kube: true })).toEqual({
      ok: true,
      value: [{ code: 'EU.DE.FRA', name: 'Frankfurt', kube: 'DE' }],
    });
    const elsewhere = parseLocationConfig(['EU.DE.FRA=Frankfurt@kube:DE'], 'latency-locations-config');
    expect(elsewhere.ok).toBe(false);
    expect(JSON.stringify(elsewhere)).toContain('only loadgate serve --executor kubernetes can measure from');
    const bad = parseLocationConfig(['EU.DE.FRA=Frankfurt@kube:frankfurt'], '--latency-location', { kube: true });
    expect(JSON.stringify(bad)).toContain('@kube: expects a load location of --location');
  });

  it('refuses codes that the tree cannot hold', () => {
    const parsed = parseLocationConfig(['NA.US=United States', 'NA.US.NYC=New York', 'NA.US.VA.ASH=Ashburn'], '--latency-location');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.message)).toEqual([
      'location NA.US is also the group of NA.US.NYC, NA.US.VA.ASH; a code is either a location or a group',
      expect.stringContaining('group NA.US holds both locations (NA.US.NYC) and sub-groups (NA.US.VA)'),
    ]);
  });
});

describe('location patterns and the tree', () => {
  const configured: LatencyLocation[] = [
    { code: 'EU.DE.FRA', name: 'Frankfurt' },
    { code: 'EU.DE.BER', name: 'Berlin' },
    { code: 'EU.FR.PAR', name: 'Paris' },
    { code: 'NA.US.VA.ASH', name: 'Ashburn' },
    { code: 'LOCAL.HOST', name: 'This server' },
  ];
  const codes = (patterns: string[]) => {
    const selected = selectLocations(configured, splitPatterns(patterns), 'locations');
    return selected.ok ? selected.value.map((l) => l.code) : selected.problems.map((p) => p.message);
  };

  it('picks all, a prefix, exact codes and comma-joined lists, in configured order, once each', () => {
    expect(codes(['*'])).toEqual(configured.map((l) => l.code));
    expect(codes(['EU.*'])).toEqual(['EU.DE.FRA', 'EU.DE.BER', 'EU.FR.PAR']);
    expect(codes(['EU.DE.*'])).toEqual(['EU.DE.FRA', 'EU.DE.BER']);
    expect(codes(['LOCAL.HOST, eu.fr.par', 'EU.FR.*'])).toEqual(['EU.FR.PAR', 'LOCAL.HOST']);
    expect(splitPatterns(['EU.*, NA.US.VA.ASH', ' ', '*'])).toEqual(['EU.*', 'NA.US.VA.ASH', '*']);
  });

  it('reports a pattern that matches nothing with the available codes, and a malformed one', () => {
    expect(codes(['AS.*'])).toEqual([
      `location pattern "AS.*" matches no location; available: ${configured.map((l) => l.code).join(', ')}`,
    ]);
    expect(codes(['EU.DE'])[0]).toContain('to pick every location under EU.DE write EU.DE.*');
    expect(codes(['EU*'])[0]).toMatch(/^location pattern "EU\*" is not valid/);
    expect(codes([' , '])[0]).toMatch(/^expected at least one location pattern/);
  });

  it('builds the tree with group names, and flattens back to exactly the configured codes', () => {
    const tree = locationTree(configured);
    expect(tree).toEqual({
      'EU:Europe': { 'DE:Germany': ['FRA:Frankfurt', 'BER:Berlin'], 'FR:France': ['PAR:Paris'] },
      'NA:North America': { 'US:United States': { 'VA:VA': ['ASH:Ashburn'] } },
      'LOCAL:Local': ['HOST:This server'],
    });
    expect(flattenTree(tree)).toEqual(configured.map((l) => l.code));
    expect(locationTree([{ code: 'XX.QQ.ABC', name: 'Somewhere' }])).toEqual({ 'XX:XX': { 'QQ:QQ': ['ABC:Somewhere'] } });
  });
});

describe('one probe', () => {
  it('splits an HTTP sample into phases; TTFB carries the delay before the first byte', async () => {
    const sample = ok(await probe(`${http.url}/delay/${DELAY_MS}`, { timeoutMs: 5_000 }));
    expect(sample.status_code).toBe(200);
    expect(sample.phases.ttfb).toBeGreaterThanOrEqual(DELAY_MS - 1);
    expect(sample.phases.tls).toBe(0);
    expect(sample.phases.dns).toBe(0); // an IP literal is not looked up
    expectPhasesAddUp(sample);
  });

  it('measures the TLS handshake of an HTTPS target, verifying its certificate against the given CA', async () => {
    const sample = ok(await probe(`${https.url}/delay/${DELAY_MS}`, { timeoutMs: 5_000, ca: https.ca }));
    expect(sample.phases.tls).toBeGreaterThan(0);
    expect(sample.phases.ttfb).toBeGreaterThanOrEqual(DELAY_MS - 1);
    expectPhasesAddUp(sample);
    // A host name goes through DNS and is checked against the certificate (which names localhost).
    ok(await probe(`https://localhost:${https.port}/ok`, { timeoutMs: 5_000, ca: https.ca }));
  });

  it('fails a certificate from an unknown CA as "tls", unless told to be insecure', async () => {
    expect(await probe(`${https.url}/ok`, { timeoutMs: 5_000 })).toEqual({ ok: false, reason: 'tls' });
    expect(ok(await probe(`${https.url}/ok`, { timeoutMs: 5_000, insecure: true })).status_code).toBe(200);
  });

  it('opens a new connection for every sample', async () => {
    clientPorts.clear();
    const result = await runLatency(`${http.url}/ok`, [{ code: 'LOCAL.HOST', name: 'here' }], { samples: 4 });
    expect(result.locations['LOCAL.HOST']!.failures).toBe(0);
    expect(clientPorts.size).toBe(4);
  });

  it('goes through an HTTP proxy: a CONNECT tunnel for https, absolute form for http', async () => {
    let tunnels = 0;
    let forwarded = 0;
    const onConnect = () => tunnels++;
    const onRequest = () => forwarded++;
    proxy.on('connect', onConnect);
    proxy.on('request', onRequest);
    try {
      const secure = ok(await probe(`${https.url}/delay/${DELAY_MS}`, { timeoutMs: 5_000, ca: https.ca, proxy: proxyUrl }));
      expect(secure.phases.tls).toBeGreaterThan(0);
      expect(secure.phases.ttfb).toBeGreaterThanOrEqual(DELAY_MS - 1);
      expectPhasesAddUp(secure);
      const plain = ok(await probe(`${http.url}/delay/${DELAY_MS}`, { timeoutMs: 5_000, proxy: proxyUrl }));
      expect(plain.phases.ttfb).toBeGreaterThanOrEqual(DELAY_MS - 1);
      expectPhasesAddUp(plain);
      expect([tunnels, forwarded]).toEqual([1, 1]);
    } finally {
      proxy.off('connect', onConnect);
      proxy.off('request', onRequest);
    }
  });

  it('names failures with the engine reasons', async () => {
    const fail = (url: string, options: Partial<Parameters<typeof probe>[1]> = {}) => probe(url, { timeoutMs: 5_000, ...options });
    expect(await fail(`http://127.0.0.1:${refused}/`)).toEqual({ ok: false, reason: 'connection refused' });
    expect(await fail(`http://127.0.0.1:${refused}/`, { proxy: `http://127.0.0.1:${refused}` })).toEqual({
      ok: false,
      reason: 'proxy connection refused',
    });
    // The proxy cannot reach the target and says so in its answer to CONNECT.
    expect(await fail(`https://127.0.0.1:${refused}/`, { proxy: proxyUrl })).toEqual({
      ok: false,
      reason: 'proxy tunnel failed: HTTP 500',
    });
    expect(await fail(`${http.url}/hang`, { timeoutMs: 200 })).toEqual({ ok: false, reason: 'read timeout' });
    expect(await fail(`${http.url}/reset`)).toEqual({ ok: false, reason: 'connection reset by peer' });
    expect(await fail('http://does-not-exist.invalid/')).toEqual({ ok: false, reason: 'dns' });
    const controller = new AbortController();
    controller.abort();
    expect(await fail(`${http.url}/ok`, { signal: controller.signal })).toEqual({ ok: false, reason: 'cancelled' });
  });
});

describe('a run', () => {
  it('takes N samples per location, in parallel across locations', async () => {
    const locations: LatencyLocation[] = [
      { code: 'LOCAL.HOST', name: 'This server' },
      { code: 'EU.DE.FRA', name: 'Frankfurt', proxy: proxyUrl },
      { code: 'NA.US.ASH', name: 'Ashburn', proxy: `http://127.0.0.1:${refused}` },
    ];
    const result = await runLatency(`${http.url}/delay/30`, locations, { samples: 3 });
    expect(result.target).toBe(`${http.url}/delay/30`);
    expect(result.samples).toBe(3);
    expect(Object.keys(result.locations)).toEqual(['LOCAL.HOST', 'EU.DE.FRA', 'NA.US.ASH']);
    const local = result.locations['LOCAL.HOST']!;
    expect(local).toMatchObject({ name: 'This server', egress: 'direct', samples: 3, failures: 0, errors: {}, status_code: 200 });
    expect(local.phases.ttfb.min).toBeGreaterThanOrEqual(29);
    expect(result.locations['EU.DE.FRA']).toMatchObject({ egress: `proxy ${proxyUrl}`, failures: 0, status_code: 200 });
    const down = result.locations['NA.US.ASH']!;
    expect(down).toMatchObject({ samples: 3, failures: 3, errors: { 'proxy connection refused': 3 } });
    expect(down.status_code).toBeUndefined();
    expect(down.phases.total).toEqual({ min: 0, avg: 0, median: 0, p95: 0, max: 0 });
  });

  it('stops starting samples once its time budget is spent, each location keeping at least one', async () => {
    const result = await runLatency(`${http.url}/delay/60`, [{ code: 'LOCAL.HOST', name: 'h' }], { samples: 50, budgetMs: 100 });
    const samples = result.locations['LOCAL.HOST']!.samples;
    expect(samples).toBeGreaterThanOrEqual(1);
    expect(samples).toBeLessThan(5);
  });

  it('summarizes samples: statistics of the successful ones, reasons of the others', () => {
    const sample = (total: number, status = 200): ProbeSample => ({
      ok: true,
      status_code: status,
      phases: { dns: 1, connect: 2, tls: 0, ttfb: total - 3, total },
    });
    const summary = summarizeLocation('Frankfurt', 'direct', [
      sample(10),
      { ok: false, reason: 'read timeout' },
      sample(30),
      sample(20),
      sample(40.04, 204),
      { ok: false, reason: 'read timeout' },
    ]);
    expect(summary).toMatchObject({ name: 'Frankfurt', samples: 6, failures: 2, errors: { 'read timeout': 2 }, status_code: 204 });
    expect(summary.phases.total).toEqual({ min: 10, avg: 25, median: 25, p95: 38.5, max: 40 });
    expect(summary.phases.dns).toEqual({ min: 1, avg: 1, median: 1, p95: 1, max: 1 });
    expect(phaseStats([5])).toEqual({ min: 5, avg: 5, median: 5, p95: 5, max: 5 });
  });

  it('reads the sample count from an input', () => {
    expect(parseSamples('', 'latency-samples')).toBe(10);
    expect(parseSamples(' 25 ', 'latency-samples')).toBe(25);
    expect(parseSamples('0', 'latency-samples')).toEqual({
      path: 'latency-samples',
      message: 'expected a whole number from 1 to 100, got "0"',
    });
    expect(parseSamples('101', '--latency-samples')).toMatchObject({ path: '--latency-samples' });
    expect(parseSamples('2.5', '--latency-samples')).toMatchObject({ path: '--latency-samples' });
  });
});

const RESULT: LatencyResult = {
  target: 'https://example.test/',
  samples: 10,
  locations: {
    'EU.DE.FRA': {
      name: 'Frankfurt',
      egress: 'proxy http://10.0.0.1:3128',
      samples: 10,
      failures: 1,
      errors: { 'read timeout': 1 },
      status_code: 200,
      phases: {
        dns: { min: 1, avg: 1.5, median: 1.2, p95: 3, max: 3.1 },
        connect: { min: 10, avg: 11, median: 10.5, p95: 14, max: 15 },
        tls: { min: 20, avg: 22, median: 21, p95: 25, max: 26 },
        ttfb: { min: 100, avg: 120, median: 110, p95: 180, max: 190 },
        total: { min: 140, avg: 160, median: 161.6, p95: 220, max: 230 },
      },
    },
    'LOCAL.HOST': {
      name: 'This <b>server</b> | x',
      egress: 'direct',
      samples: 10,
      failures: 10,
      errors: { 'connection refused': 7, 'connection reset by peer': 3 },
      phases: Object.fromEntries(
        ['dns', 'connect', 'tls', 'ttfb', 'total'].map((p) => [p, { min: 0, avg: 0, median: 0, p95: 0, max: 0 }]),
      ) as LatencyResult['locations'][string]['phases'],
    },
  },
};

function nullsIn(value: unknown, path = '$'): string[] {
  if (value === null) return [path];
  if (typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nullsIn(v, `${path}.${k}`));
}

describe('the service answer', () => {
  it('is flat by location code: success with latency = the median total, failure with the most frequent reason, no null', () => {
    const answer = latencyAnswer(RESULT);
    expect(Object.keys(answer)).toEqual(['EU.DE.FRA', 'LOCAL.HOST']);
    expect(answer['EU.DE.FRA']).toEqual({
      name: 'Frankfurt',
      egress: 'proxy',
      samples: 10,
      failures: 1,
      errors: { 'read timeout': 1 },
      status_code: 200,
      latency: 162,
      ...RESULT.locations['EU.DE.FRA']!.phases.total,
      phases: RESULT.locations['EU.DE.FRA']!.phases,
    });
    expect(answer['LOCAL.HOST']).toEqual({
      name: 'This <b>server</b> | x',
      egress: 'direct',
      error: 'connection refused',
      samples: 10,
      failures: 10,
      errors: { 'connection refused': 7, 'connection reset by peer': 3 },
    });
    expect(nullsIn(answer)).toEqual([]);
  });

  it('reads back into the same result, and reads the minimal answer of other services', () => {
    const back = latencyFromAnswer(RESULT.target, latencyAnswer(RESULT) as unknown as Record<string, unknown>);
    expect(back.locations['EU.DE.FRA']).toEqual({ ...RESULT.locations['EU.DE.FRA'], egress: 'proxy' });
    expect(back.locations['LOCAL.HOST']).toEqual(RESULT.locations['LOCAL.HOST']);
    expect(back.samples).toBe(10);
    const minimal = latencyFromAnswer('https://x.test/', {
      'EU.DE.FRA': { status_code: 200, latency: 162 },
      'AS.JP.TYO': { error: 'connection timeout' },
    });
    expect(minimal.locations['EU.DE.FRA']).toMatchObject({
      name: 'EU.DE.FRA',
      egress: 'hosted',
      samples: 1,
      failures: 0,
      status_code: 200,
    });
    expect(minimal.locations['EU.DE.FRA']!.phases.total).toEqual({ min: 162, avg: 162, median: 162, p95: 162, max: 162 });
    expect(minimal.locations['AS.JP.TYO']).toMatchObject({ samples: 1, failures: 1, errors: { 'connection timeout': 1 } });
    expect(() => latencyFromAnswer('https://x.test/', { 'EU.DE.FRA': { status_code: 200 } })).toThrow(ServiceError);
    expect(() => latencyFromAnswer('https://x.test/', { 'EU.DE.FRA': 5 })).toThrow(/\$\["EU.DE.FRA"\]: expected an object per location/);
  });
});

describe('latency thresholds', () => {
  const parse = (text: string): LatencyThreshold[] => {
    const parsed = parseLatencyThresholds(text);
    if (!parsed.ok) throw new Error(parsed.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
    return parsed.value;
  };

  it('parses latency lines, leaving the other lines (and their numbers) to the load thresholds', () => {
    const thresholds = parse(
      'p95 < 500ms\nlatency.ttfb.p95 < 200ms\n\n# note\nlatency[EU.DE.FRA].total.avg < 0.3s\nlatency.fail_rate <= 5%',
    );
    expect(thresholds).toEqual([
      { source: 'latency.ttfb.p95 < 200ms', line: 2, metric: 'ttfb.p95', op: '<', value: 200 },
      { source: 'latency[EU.DE.FRA].total.avg < 0.3s', line: 5, location: 'EU.DE.FRA', metric: 'total.avg', op: '<', value: 300 },
      { source: 'latency.fail_rate <= 5%', line: 6, metric: 'fail_rate', op: '<=', value: 5 },
    ]);
    expect(thresholds.map(describeLatencyThreshold)).toEqual([
      'latency.ttfb.p95 < 200 ms',
      'latency[EU.DE.FRA].total.avg < 300 ms',
      'latency.fail_rate <= 5 %',
    ]);
    expect(thresholds.map((t) => parse(describeLatencyThreshold(t))[0]!.value)).toEqual([200, 300, 5]);
    expect(isLatencyThresholdLine('  latency.dns.max < 5')).toBe(true);
    expect(isLatencyThresholdLine('latency_x < 5')).toBe(false);
  });

  it('reports bad lines with line and column', () => {
    const parsed = parseLatencyThresholdLines([
      'latency.ttfb.p50 < 200',
      'latency[EU.*].total.avg < 1',
      'latency.speed.avg < 1',
      'latency.total.avg < 1%',
      'latency[eu.de.fra].dns.max < 1',
      'latency.fail_rate < 101',
      'latency.total.max < 1ms extra',
      'latency.dns.avg < 3 sec',
    ]);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      {
        path: '--thresholds #1, column 14',
        message: 'unknown statistic "p50"; the 50th percentile is written median; expected one of min, avg, median, p95, max',
      },
      {
        path: '--thresholds #2, column 9',
        message: 'latency[EU.*]: a threshold names one location code, not a pattern; use latency.… for every location',
      },
      { path: '--thresholds #3, column 9', message: expect.stringMatching(/^unknown latency metric "speed"; expected <phase>.<stat>/) },
      { path: '--thresholds #4, column 22', message: 'unit "%" does not apply here; total.avg takes ms or s (no unit means ms)' },
      { path: '--thresholds #5, column 9', message: 'location codes are upper case; write latency[EU.DE.FRA]' },
      { path: '--thresholds #6, column 21', message: 'fail_rate is a percentage; expected a value from 0 to 100, got 101' },
      { path: '--thresholds #7, column 25', message: 'unexpected "extra"; expected the end of the threshold (one per line)' },
      { path: '--thresholds #8, column 21', message: 'unknown unit "sec" after 3; dns.avg takes ms or s (no unit means ms)' },
    ]);
  });

  it('holds an unscoped phase threshold at every location and a scoped one at its location', () => {
    const passing: LatencyResult = {
      ...RESULT,
      locations: {
        'EU.DE.FRA': RESULT.locations['EU.DE.FRA']!,
        'EU.DE.BER': {
          ...RESULT.locations['EU.DE.FRA']!,
          phases: { ...RESULT.locations['EU.DE.FRA']!.phases, ttfb: { min: 1, avg: 2, median: 2, p95: 150, max: 160 } },
        },
      },
    };
    const evaluated = evaluateLatencyThresholds(
      passing,
      parse('latency.ttfb.p95 < 200\nlatency.ttfb.p95 < 160\nlatency[EU.DE.BER].ttfb.max <= 160\nlatency.fail_rate < 5%'),
    );
    expect(evaluated.ok).toBe(true);
    if (!evaluated.ok) return;
    expect(evaluated.value.map((o) => [o.describe, o.actual, o.location, o.passed])).toEqual([
      ['latency.ttfb.p95 < 200 ms', 180, 'EU.DE.FRA', true],
      ['latency.ttfb.p95 < 160 ms', 180, 'EU.DE.FRA', false],
      ['latency[EU.DE.BER].ttfb.max <= 160 ms', 160, 'EU.DE.BER', true],
      ['latency.fail_rate < 5 %', 10, undefined, false],
    ]);
  });

  it('fails a phase threshold at a location without a successful sample, and refuses an unknown location', () => {
    const evaluated = evaluateLatencyThresholds(RESULT, parse('latency.total.p95 < 1000\nlatency[LOCAL.HOST].fail_rate == 100'));
    expect(evaluated.ok && evaluated.value.map((o) => [o.actual, o.location, o.passed])).toEqual([
      [null, 'LOCAL.HOST', false],
      [100, 'LOCAL.HOST', true],
    ]);
    expect(evaluateLatencyThresholds(RESULT, parse('\nlatency[AS.JP.TYO].total.avg < 1'))).toEqual({
      ok: false,
      problems: [
        {
          path: 'thresholds line 2',
          message: 'location AS.JP.TYO is not in the latency results; its locations are: EU.DE.FRA, LOCAL.HOST',
        },
      ],
    });
  });
});

describe('report sections', () => {
  const outcomes = (() => {
    const parsed = parseLatencyThresholds('latency.ttfb.p95 < 150ms');
    const evaluated = parsed.ok
      ? evaluateLatencyThresholds({ ...RESULT, locations: { 'EU.DE.FRA': RESULT.locations['EU.DE.FRA']! } }, parsed.value)
      : undefined;
    // As the judgement has them: the checks judgeLatency makes of the outcomes.
    return evaluated?.ok ? evaluated.value.map((o) => ({ describe: o.describe, actual: formatLatencyActual(o), passed: o.passed })) : [];
  })();

  it('Markdown: thresholds, one row per location with phase medians, failures, and every statistic folded', () => {
    const { title, markdown } = latencyMarkdownSection(RESULT, outcomes);
    expect(title).toBe('Latency');
    expect(markdown).toContain('| latency.ttfb.p95 < 150 ms | 180.0 ms at EU.DE.FRA | ❌ fail |');
    expect(markdown).toContain(
      '| **EU.DE.FRA** Frankfurt · 200 | proxy http:\u200b//10.0.0.1:3128 | 9/10 | 1.2 | 10.5 | 21.0 | 110.0 | 161.6 | 220.0 | 230.0 |',
    );
    expect(markdown).toContain('| **LOCAL.HOST** This &lt;b&gt;server&lt;/b&gt; \\| x | direct | 0/10 | – | – | – | – | – | – | – |');
    expect(markdown).toContain('| LOCAL.HOST | connection refused | 7 |');
    expect(markdown).toContain('| EU.DE.FRA | TTFB | 100.0 | 120.0 | 110.0 | 180.0 | 190.0 |');
  });

  it('terminal: aligned rows, reasons, and no escape codes without colour', () => {
    const text = latencyTerminal(RESULT, { color: false, outcomes });
    expect(text).not.toContain('\u001b');
    expect(text).toContain('✘ latency.ttfb.p95 < 150 ms (actual 180.0 ms at EU.DE.FRA)');
    expect(text).toMatch(
      /EU\.DE\.FRA Frankfurt\s+proxy http:\/\/10\.0\.0\.1:3128\s+9\/10\s+1\.2\s+10\.5\s+21\.0\s+110\.0\s+161\.6\s+220\.0\s+230\.0/,
    );
    expect(text).toContain('! LOCAL.HOST: connection refused × 7');
    expect(latencyTerminal(RESULT, { color: true })).toContain('\u001b[1m');
  });

  it('HTML: escaped user text, a table of every statistic and a phase chart per measured location', () => {
    const { title, html } = latencyHtmlSection(RESULT);
    expect(title).toBe('Latency');
    expect(html).not.toContain('<b>server');
    expect(html).toContain('This &lt;b&gt;server&lt;/b&gt; | x');
    expect(html.match(/<svg /g)).toHaveLength(1);
    expect(html).toContain('data-location="EU.DE.FRA"');
    expect(html).toContain('<td class="num">161.6</td>');
    expect(html).toContain('every sample failed');
  });
});
