import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, joinUrl, parseRetryAfter, retryDelay, ServiceError, type ClientOptions } from '../src/hosted/client.ts';
import { HostedRunError, measuredRun, runHosted, type HostedRunOptions } from '../src/hosted/run-hosted.ts';
import { encodeHistogram, initHistograms, newHistogram } from '../src/results/histogram.ts';
import { mergeShards } from '../src/merge/results.ts';
import type { EncodedHistograms, LoadTestDefinition, Results } from '../src/types.ts';
import { VERSION } from '../src/version.ts';
import { exitCodeOf, judge } from '../src/verdict/judge.ts';
import { defaultResultBody, startFakeService, type FakeService, type FakeServiceOptions } from './helpers/fake-service.ts';
import { refusedPort } from './helpers/targets.ts';

const KEY = 'sk-test-0123456789abcdef';

let services: FakeService[] = [];
afterEach(async () => {
  await Promise.all(services.map((s) => s.close()));
  services = [];
});

async function fake(options: FakeServiceOptions = {}): Promise<FakeService> {
  const svc = await startFakeService(options);
  services.push(svc);
  return svc;
}

/** A clock that only moves when someone sleeps: spacing and backoff become exact numbers. */
function fakeTime() {
  const clock = { t: 0 };
  const sleeps: number[] = [];
  return {
    clock,
    sleeps,
    now: () => clock.t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      clock.t += ms;
    },
  };
}

function client(baseUrl: string, extra: Partial<ClientOptions> = {}) {
  const time = fakeTime();
  const logs: string[] = [];
  const c = createClient({ baseUrl, apiKey: KEY, sleep: time.sleep, now: time.now, random: () => 0.5, log: (m) => logs.push(m), ...extra });
  return { client: c, time, logs };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const BALANCE = { request_count: 10, duration: 20 };

describe('client retries', () => {
  it('retries a 503 once and returns the 200', async () => {
    const svc = await fake();
    svc.script('GET /v1/balance/', { status: 503, body: { error: { message: 'busy' } } }, { status: 200, body: BALANCE });
    const { client: c, logs } = client(svc.url);
    expect(await c.balance()).toEqual(BALANCE);
    expect(svc.count('GET /v1/balance/')).toBe(2);
    expect(logs.join('\n')).toMatch(/GET \/v1\/balance\/: 503; retrying in .* \(attempt 2 of 5\)/);
  });

  it('waits at least Retry-After seconds on a 429, and retries a POST after it', async () => {
    const svc = await fake();
    svc.script('POST /v1/load/test/', { status: 429, headers: { 'retry-after': '2' }, body: { error: { message: 'slow down' } } });
    const { client: c, time } = client(svc.url);
    const created = await c.startLoadTest({ name: 't', config_data: { steps: [], iteration_count: 1, load_type: 'linear', duration: 1 } });
    expect(created.id).toBe('lt-1');
    expect(svc.count('POST /v1/load/test/')).toBe(2);
    expect(Math.max(...time.sleeps)).toBeGreaterThanOrEqual(2000);
  });

  it('fails instead of waiting for a Retry-After beyond its limit', async () => {
    const svc = await fake();
    svc.script('GET /v1/balance/', { status: 429, headers: { 'retry-after': '3600' } });
    const { client: c } = client(svc.url);
    const error = await failure(c.balance());
    expect(error.message).toMatch(/asks to wait 3600 s/);
    expect(svc.count('GET /v1/balance/')).toBe(1);
  });

  it('retries a GET whose connection dropped without an answer', async () => {
    const svc = await fake();
    svc.script('GET /v1/balance/', { drop: true }, { status: 200, body: BALANCE });
    const { client: c } = client(svc.url);
    expect(await c.balance()).toEqual(BALANCE);
    expect(svc.count('GET /v1/balance/')).toBe(2);
  });

  it('retries a GET that timed out', async () => {
    const svc = await fake();
    // Every answer after the hang is the scripted balance: on a busy machine a retry's answer may
    // itself arrive after the timeout, and the client then asks again. Without a retry the hang
    // would be an error, so the balance alone proves the retry.
    const answer = { status: 200, body: BALANCE };
    svc.script('GET /v1/balance/', { hang: true }, answer, answer, answer);
    const { client: c } = client(svc.url, { timeoutMs: 500 });
    expect(await c.balance()).toEqual(BALANCE);
    expect(svc.count('GET /v1/balance/')).toBeGreaterThanOrEqual(2);
  });

  it('does not resend a POST that may have started a test (5xx, dropped after sending)', async () => {
    const svc = await fake();
    svc.script('POST /v1/load/test/', { status: 502 }, { drop: true });
    const { client: c } = client(svc.url);
    const request = { name: 't', config_data: { steps: [], iteration_count: 1, load_type: 'linear' as const, duration: 1 } };
    const first = await failure(c.startLoadTest(request));
    expect(first.status).toBe(502);
    expect(first.retriable).toBe(true);
    const second = await failure(c.startLoadTest(request));
    expect(second.status).toBeUndefined();
    expect(second.code).toBe('UND_ERR_SOCKET');
    expect(svc.count('POST /v1/load/test/')).toBe(2);
  });

  it('resends a POST whose connection was refused, up to the attempt limit', async () => {
    const port = await refusedPort();
    const { client: c, time } = client(`http://127.0.0.1:${port}`, { retry: { attempts: 3 } });
    const error = await failure(c.createEnvironment({ name: 'e', vars: [] }));
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.message).toContain(`POST http://127.0.0.1:${port}/v1/environment/ got no answer`);
    // Backoff 250 ms (jitter 0.5 of 500), 250 ms more to keep POSTs 500 ms apart, backoff 500 ms.
    expect(time.sleeps).toEqual([250, 250, 500]);
  });

  it('fails at once on 404 and 400, quoting the server', async () => {
    const svc = await fake();
    svc.script('POST /v1/environment/', { status: 400, body: { detail: 'vars must be an array' } });
    const { client: c } = client(svc.url);
    const notFound = await failure(c.getLoadTest('nope'));
    expect(notFound.status).toBe(404);
    expect(notFound.retriable).toBe(false);
    expect(notFound.message).toBe(`GET ${svc.url}/v1/load/test/nope/ answered 404: no route for GET /v1/load/test/nope/`);
    const bad = await failure(c.createEnvironment({ name: 'e', vars: [] }));
    expect(bad.message).toMatch(/POST .*\/v1\/environment\/ answered 400: vars must be an array$/);
    expect(bad.serverMessage).toBe('vars must be an array');
    expect(svc.count('GET /v1/load/test/nope/')).toBe(1);
    expect(svc.count('POST /v1/environment/')).toBe(1);
  });

  it('quotes a plain-text error body, cut to 300 characters', async () => {
    const svc = await fake();
    svc.script('GET /v1/balance/', { status: 418, body: 'x'.repeat(1000) });
    const error = await failure(client(svc.url).client.balance());
    expect(error.serverMessage).toBe(`${'x'.repeat(300)}…`);
  });

  it('reaches /api/v1/... under a base URL with a path prefix (trailing slash or not)', async () => {
    const svc = await fake({ prefix: '/api' });
    await client(`${svc.url}/`).client.balance();
    await client(svc.url).client.loadLocations();
    expect(svc.received.map((r) => r.target)).toEqual(['/api/v1/balance/', '/api/v1/load/locations/']);
    expect(joinUrl('https://host/api/', '/v1/load/test/')).toBe('https://host/api/v1/load/test/');
  });

  it('sends X-API-KEY on every request and never puts the key in an error', async () => {
    const svc = await fake();
    svc.script('GET /v1/latency/locations/', { status: 403, body: { error: { message: `key ${KEY} is not valid` } } });
    svc.script(
      'GET /v1/balance/',
      { status: 503, body: `upstream saw ${KEY}` },
      { status: 503 },
      { status: 503 },
      { status: 503 },
      { status: 503 },
    );
    const { client: c } = client(svc.url);
    const forbidden = await failure(c.latencyLocations());
    expect(forbidden.message).toContain('(check the api-key)');
    const unavailable = await failure(c.balance());
    for (const error of [forbidden, unavailable]) {
      expect(error.message).not.toContain(KEY);
      expect(error.serverMessage).not.toContain(KEY);
    }
    expect(forbidden.serverMessage).toBe('key *** is not valid');
    expect(svc.received).toHaveLength(6);
    expect(svc.received.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
  });

  it('uploads a test data set as multipart with name, file, type and file_config', async () => {
    const svc = await fake();
    const fileConfig = {
      delimiter: ';',
      vars: { '0': { tag: 'email' } },
      allow_quota: false,
      order: 'random' as const,
      skip_first_line: true,
      skip_empty_line: true,
    };
    const record = await client(svc.url).client.createTestData({
      name: 'users',
      type: 'csv',
      file_config: fileConfig,
      fileName: 'users.csv',
      content: Buffer.from('email\na@x.io\n'),
    });
    expect(record.id).toBe('td-1');
    const [uploaded] = svc.testData;
    expect(uploaded).toMatchObject({ name: 'users', type: 'csv', fileName: 'users.csv', content: 'email\na@x.io\n' });
    expect(JSON.parse(uploaded?.file_config ?? '')).toEqual(fileConfig);
    expect(svc.received[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('spaces GETs 200 ms apart and other requests 500 ms apart', async () => {
    const svc = await fake();
    const { client: c, time } = client(svc.url);
    await c.balance();
    await c.balance();
    await c.balance();
    await c.createEnvironment({ name: 'a', vars: [] });
    await c.createEnvironment({ name: 'b', vars: [] });
    expect(time.sleeps).toEqual([200, 200, 500]);
  });

  it('names the JSON path when an answer has the wrong shape', async () => {
    const svc = await fake();
    svc.script('GET /v1/load/test/x/', { status: 200, body: { id: 'x', status: 7 } });
    const error = await failure(client(svc.url).client.getLoadTest('x'));
    expect(error.message).toBe('GET /v1/load/test/x/: unexpected answer: $.status: expected a string');
  });
});

describe('retry arithmetic', () => {
  it('reads Retry-After as seconds or as an HTTP-date', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter(new Date(5000).toUTCString(), 1000)).toBe(4000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
  });

  it('backs off exponentially with full jitter, capped, never below Retry-After', () => {
    const retry = { attempts: 5, baseDelayMs: 500, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 };
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelay(retry, a, top))).toEqual([499, 999, 1999, 3999, 7999, 9999]);
    expect(retryDelay(retry, 1, () => 0)).toBe(0);
    expect(retryDelay(retry, 1, top, 2000)).toBe(2000);
  });
});

const DATA_CONFIG = {
  delimiter: ',',
  vars: { '0': { tag: 'email' } },
  allow_quota: false,
  order: 'random' as const,
  skip_first_line: true,
  skip_empty_line: true,
};

function definition(): LoadTestDefinition {
  const others = { h2: false, 'disable-redirect': false, 'disable-compression': false };
  return {
    name: 'checkout',
    config_data: {
      steps: [
        { id: 1, name: 'home', url: '{{BASE}}/', method: 'GET', headers: {}, timeout: 5, others },
        {
          id: 2,
          name: 'buy',
          url: '{{BASE}}/cart',
          method: 'POST',
          headers: {},
          payload: '{"u":"{{data.users.email}}"}',
          timeout: 5,
          others,
        },
      ],
      proxy_config: { US: 50, DE: 50 },
      iteration_count: 100,
      load_type: 'linear',
      duration: 10,
    },
    environment: {
      name: 'staging',
      vars: [
        { key: 'BASE', value: 'http://127.0.0.1:8080' },
        { key: 'N', value: [1, 2] },
      ],
    },
    test_data: [{ name: 'users', file: '/repo/data/users.csv', type: 'csv', file_config: DATA_CONFIG }],
  };
}

function hostedRun(svc: FakeService, extra: Partial<HostedRunOptions> = {}) {
  const time = fakeTime();
  const logs: string[] = [];
  const c = createClient({ baseUrl: svc.url, apiKey: KEY, sleep: time.sleep, now: time.now, random: () => 0 });
  const run = runHosted({
    client: c,
    definition: definition(),
    dataFiles: [{ name: 'users', fileName: 'users.csv', content: Buffer.from('email\na@x.io\n') }],
    deadlineMs: 60_000,
    pollIntervalMs: 1000,
    sleep: time.sleep,
    now: time.now,
    log: (m) => logs.push(m),
    ...extra,
  });
  return { run, time, logs };
}

describe('measuredRun', () => {
  it('keeps what the service measured of its run, and leaves out what it did not send or sent in another shape', () => {
    const series = [{ t: 0, started: 3, late: 0 }];
    expect(measuredRun({ late_iterations: 2, max_schedule_lag_ms: 12.5, series, generator: { saturated: false } })).toEqual({
      late_iterations: 2,
      max_schedule_lag_ms: 12.5,
      series,
      generator: { saturated: false },
    });
    expect(measuredRun(undefined)).toEqual({});
    expect(
      measuredRun({ late_iterations: '2', max_schedule_lag_ms: -1, series: [{ started: 3 }], generator: { saturated: 'no' } }),
    ).toEqual({});
  });
});

describe('runHosted', () => {
  it('creates the environment once, uploads data, polls to completed and returns the 2.5 body with a hosted run block', async () => {
    const svc = await fake();
    const first = hostedRun(svc);
    const result = await first.run;
    const expected = defaultResultBody();
    expect(result.results).toEqual(expected.results);
    expect(result.test_url).toBe(expected.test_url);
    expect(result.run).toMatchObject({
      mode: 'hosted',
      name: 'checkout',
      started_at: '2025-05-01T12:00:00.000Z',
      finished_at: '2025-05-01T12:00:10.000Z',
      duration_s: 10,
      version: VERSION,
      locations: { US: 'hosted', DE: 'hosted' },
      interrupted: false,
      series: [],
      late_iterations: 0,
    });
    expect(result.run.steps).toEqual([
      { id: 1, name: 'home', method: 'GET', url: '{{BASE}}/' },
      { id: 2, name: 'buy', method: 'POST', url: '{{BASE}}/cart' },
    ]);
    const responses = expected.results as { steps: { success_count: number; fail_count: number }[] };
    expect(result.run.rps).toBeCloseTo(responses.steps.reduce((s, x) => s + x.success_count + x.fail_count, 0) / 10);
    expect(svc.count('GET /v1/load/test/lt-3/')).toBe(3);
    expect(first.time.sleeps.filter((ms) => ms === 1000)).toHaveLength(2);
    expect(svc.count('GET /v1/load/plan/plan-lt-3/')).toBe(1);

    await hostedRun(svc).run;
    expect(svc.count('POST /v1/environment/')).toBe(1);
    expect(svc.count('POST /v1/testdata/')).toBe(2);
    const starts = [...svc.tests.values()].map((t) => t.request);
    expect(starts.map((s) => s.environment)).toEqual(['env-1', 'env-1']);
    expect(starts.map((s) => s.test_data)).toEqual([['td-2'], ['td-4']]);
    expect(starts[0]?.config_data).toEqual(definition().config_data);
    expect(first.logs).toContain('created environment "staging" (id env-1)');
  });

  it('reuses a listed data set with the same sha256, name and file_config (keys in any order), and uploads otherwise', async () => {
    const sha256 = createHash('sha256').update('email\na@x.io\n').digest('hex');
    const reordered = Object.fromEntries(Object.entries(DATA_CONFIG).reverse());
    const svc = await fake();
    svc.script('GET /v1/testdata/', {
      status: 200,
      body: [
        { id: 'td-other', name: 'users', type: 'csv', file_config: { ...DATA_CONFIG, order: 'sequential' }, sha256 },
        { id: 'td-same', name: 'users', type: 'csv', file_config: reordered, sha256 },
      ],
    });
    const reused = hostedRun(svc);
    await reused.run;
    expect(svc.count('POST /v1/testdata/')).toBe(0);
    expect([...svc.tests.values()].map((t) => t.request.test_data)).toEqual([['td-same']]);
    expect(reused.logs).toContain('reusing test data "users" (id td-same, same file and file_config)');

    svc.script('GET /v1/testdata/', {
      status: 200,
      body: [{ id: 'td-old', name: 'users', type: 'csv', file_config: DATA_CONFIG, sha256: '0'.repeat(64) }],
    });
    await hostedRun(svc).run;
    expect(svc.count('POST /v1/testdata/')).toBe(1);
  });

  it('creates a new environment when the vars changed', async () => {
    const svc = await fake();
    await hostedRun(svc).run;
    const changed = definition();
    changed.environment = { name: 'staging', vars: [{ key: 'BASE', value: 'http://127.0.0.1:9090' }] };
    await hostedRun(svc, { definition: changed }).run;
    expect(svc.count('POST /v1/environment/')).toBe(2);
  });

  it('treats an unknown status as final and logs it verbatim', async () => {
    const svc = await fake({ statuses: ['initial', 'Finished-OK'] });
    const { run, logs } = hostedRun(svc);
    expect((await run).run.interrupted).toBe(false);
    expect(logs).toContain('hosted test lt-3: status "Finished-OK" is not one loadgate knows; treating it as final');
  });

  it('never passes an incomplete test: asks for its partial result, marks the run interrupted and keeps its coverage', async () => {
    const coverage = {
      planned_iterations: 800,
      applied_iterations: 770,
      applied_pct: 96.2,
      measured_iterations: 704,
      measured_pct: 88,
      shards: [{ shard: 'DE-0', location: 'DE', index: 0, attempts: 2, planned_s: 20, missing_s: 12, missing: [[0, 12]] }],
    };
    const body = defaultResultBody();
    const svc = await fake({
      statuses: ['initial', 'running', 'incomplete'],
      failureReason: 'incomplete: shard DE-0: 12 s of 20 s missing; 88.0 % of the planned load measured (96.2 % applied)',
      result: { ...body, run: { coverage } },
    });
    const { run, logs } = hostedRun(svc);
    const result = await run;
    expect(svc.received.find((r) => r.path === '/v1/load/test/lt-3/result/')?.target).toBe('/v1/load/test/lt-3/result/?accept=incomplete');
    expect(logs).toContain(
      'hosted test lt-3 incomplete: incomplete: shard DE-0: 12 s of 20 s missing; 88.0 % of the planned load measured (96.2 % applied)',
    );
    expect(result.run.interrupted).toBe(true);
    expect(result.run.coverage).toEqual(coverage);
    const judgement = judge({ result, thresholds: [], defaults: true });
    expect(judgement.outcome).toBe('incomplete');
    expect(exitCodeOf(judgement)).not.toBe(0);
    expect(judgement.checks.find((c) => c.kind === 'completeness')?.actual).toBe(
      '88.0 % of the planned load measured (1 shard(s) with missing seconds): results are partial',
    );
  });

  it('fails with the failure_reason of a failed test', async () => {
    const svc = await fake({ statuses: ['initial', 'running', 'failed'], failureReason: 'target unreachable from DE' });
    const error = await hostedRun(svc).run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostedRunError);
    expect((error as Error).message).toMatch(/^hosted test lt-3 failed: target unreachable from DE \(http:.*\/report\/lt-3\/\)$/);
    expect(svc.count('GET /v1/load/test/lt-3/result/')).toBe(0);
  });

  it('stops the test and fails when the deadline passes', async () => {
    const svc = await fake({ statuses: ['running'] });
    const error = await hostedRun(svc, { deadlineMs: 3000 }).run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostedRunError);
    expect((error as Error).message).toBe('hosted test lt-3 did not finish within 3 s; it was asked to stop');
    expect(svc.count('GET /v1/load/test/lt-3/stop/')).toBe(1);
  });

  it('on cancel stops the test, waits for a final status and returns the partial result', async () => {
    const svc = await fake({ statuses: ['running'] });
    const controller = new AbortController();
    const time = fakeTime();
    const { run } = hostedRun(svc, {
      signal: controller.signal,
      now: time.now,
      // The first wait between polls is where the user cancels.
      sleep: async (ms) => {
        if (time.sleeps.length === 0) controller.abort();
        await time.sleep(ms);
      },
    });
    const result = await run;
    expect(svc.count('GET /v1/load/test/lt-3/stop/')).toBe(1);
    expect(svc.count('GET /v1/load/test/lt-3/result/')).toBe(1);
    expect(result.run.interrupted).toBe(true);
    expect(result.results).toEqual(defaultResultBody().results);
  });

  it('uses a smaller poll interval only when the floor is lowered', async () => {
    const svc = await fake();
    const floored = hostedRun(svc, { pollIntervalMs: 10 });
    await floored.run;
    expect(floored.time.sleeps.filter((ms) => ms === 1000)).toHaveLength(2);
    const fast = hostedRun(svc, { pollIntervalMs: 10, minPollMs: 10 });
    await fast.run;
    expect(fast.time.sleeps.filter((ms) => ms === 10)).toHaveLength(2);
  });

  it('reads the result from api-result-path', async () => {
    const svc = await fake();
    svc.script('GET /v1/results/lt-3/', { status: 200, body: defaultResultBody() });
    const result = await hostedRun(svc, { resultPath: '/v1/results/<id>/' }).run;
    expect(result.results).toEqual(defaultResultBody().results);
    expect(svc.count('GET /v1/load/test/lt-3/result/')).toBe(0);
  });

  it('keeps the histograms a service sends for every level of its results', async () => {
    await initHistograms();
    const body = defaultResultBody() as { test_url: string; results: Results };
    const histograms = histogramsFor(body.results);
    const svc = await fake({ result: { ...body, histograms } });
    const { run, logs } = hostedRun(svc);
    expect((await run).histograms).toEqual(histograms);
    expect(logs.join('\n')).not.toContain('histograms');
  });

  it('leaves out histograms that do not fit the results, and says which level', async () => {
    await initHistograms();
    const body = defaultResultBody() as { test_url: string; results: Results };
    const histograms = histogramsFor(body.results);
    delete histograms.step_locations['2']!.DE;
    const svc = await fake({ result: { ...body, histograms: { ...histograms, overall: 'not a histogram' } } });
    const { run, logs } = hostedRun(svc);
    expect(await run).not.toHaveProperty('histograms');
    expect(logs).toContain(
      "the service's histograms are left out: $.histograms.overall: expected an encoded HdrHistogram (compressed base64) for this level of the results (and 1 more)",
    );
  });

  it('a service that sends no histograms: the log says what is lost, and merge refuses the result, naming the file', async () => {
    const svc = await fake();
    const { run, logs } = hostedRun(svc);
    const result = await run;
    expect(result).not.toHaveProperty('histograms');
    expect(logs).toContain('the service sent no histograms: thresholds on this result can use the median, p80, p90, p95 and p99 only');
    const merged = mergeShards([{ file: 'hosted/results.json', content: JSON.parse(JSON.stringify(result)) }]);
    expect(merged).toEqual({
      ok: false,
      problems: [
        {
          file: 'hosted/results.json',
          path: '$.run.mode',
          message:
            "a hosted run's result, not a shard's: a service runs the whole test (its interface has no slice of a plan), so hosted " +
            'results of one definition are whole runs that a merge would count N times; for more load, split over runners with ' +
            '--shard i/N without --api-url and merge those, or let the service spread the test (loadgate serve --executor kubernetes); ' +
            'to set two runs side by side, use one as the --baseline of the other (docs/scaling.md)',
        },
      ],
    });
  });

  it('rejects a malformed result, naming the JSON path', async () => {
    const svc = await fake({ result: { test_url: 'x', results: { steps: {}, fail_count: 0 } } });
    const error = await hostedRun(svc).run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toBe('GET /v1/load/test/lt-3/result/: unexpected answer: $.results.steps: expected an array');
  });
});

/** A histogram of one 1 ms response for every level of `results`, as a service of loadgate's sends them. */
function histogramsFor(results: Results): EncodedHistograms {
  const one = (): string => {
    const h = newHistogram();
    h.recordValue(1000);
    const encoded = encodeHistogram(h);
    h.destroy();
    return encoded;
  };
  const locations = Object.keys(results.location_dist);
  return {
    overall: one(),
    steps: Object.fromEntries(results.steps.map((s) => [String(s.id), one()])),
    locations: Object.fromEntries(locations.map((l) => [l, one()])),
    step_locations: Object.fromEntries(
      results.steps.map((s) => [String(s.id), Object.fromEntries(Object.keys(s.location_dist).map((l) => [l, one()]))]),
    ),
  };
}
