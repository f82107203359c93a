// `loadgate serve` tested as a real child process over HTTP: routes and their bodies, every
// error status in JSON, authentication, the compatibility rules of DESIGN 7, the queue, and
// what survives a restart.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, expectError, pollUntil, rawRequest } from './helpers/api-call.ts';
import { EVENT_WAIT_MS } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { startServerProcess, TEST_KEY, type ServerProcess } from './helpers/server-process.ts';

const SECOND_KEY = 'second-key-abcdefghij';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EMAILS = ['ada@example.com', 'bob@example.com', 'cy@example.com'];
const USERS_CSV = `email,name\n${EMAILS.map((e, i) => `${e},user${i}`).join('\n')}\n`;
const FILE_CONFIG = { delimiter: ',', vars: { '0': { tag: 'email' } }, skip_first_line: true, order: 'sequential' };

function usersForm(csv = USERS_CSV, fileConfig: unknown = FILE_CONFIG, name = 'users'): FormData {
  const form = new FormData();
  form.append('name', name);
  form.append('type', 'csv');
  form.append('file_config', JSON.stringify(fileConfig));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
  return form;
}

function definition(target: Target, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    name: 'steady',
    config_data: { steps: [{ id: 1, name: 'ok', url: `${target.url}/ok` }], iteration_count: 4, duration: 1, ...config },
    ...extra,
  };
}

/** A test that runs for 20 s unless stopped. */
function longDefinition(target: Target) {
  return definition(target, { iteration_count: 200, duration: 20 }, { name: 'long' });
}

describe('loadgate serve', () => {
  let server: ServerProcess;
  let target: Target;
  const call = apiCaller(() => server.url);
  const status = (id: string) => call('GET', `/v1/load/test/${id}/`).then((a) => a.body.status as string);
  const untilStatus = (id: string, wanted: string[]) =>
    pollUntil(
      () => status(id),
      (s) => wanted.includes(s),
      `test ${id} to be ${wanted.join(' or ')}`,
      EVENT_WAIT_MS,
    );

  beforeAll(async () => {
    target = await startTarget();
    // Every load test of this server runs on two engine threads (--workers): its totals, rows and stops are checked below.
    server = await startServerProcess({ keys: [TEST_KEY, SECOND_KEY], args: ['--proxies', 'US=http://127.0.0.1:9', '--workers', '2'] });
  });
  afterAll(async () => {
    await server?.dispose();
    await target?.close();
  });

  describe('authentication', () => {
    const routes: Array<[string, string]> = [
      ['GET', '/v1/balance/'],
      ['POST', '/v1/environment/'],
      ['GET', `/v1/load/test/${UNKNOWN_ID}/result/`],
      ['DELETE', `/v1/testdata/${UNKNOWN_ID}/`],
      ['GET', '/no/such/route/'],
    ];

    it('answers 401 in JSON without an X-API-KEY header, on every route', async () => {
      for (const [method, path] of routes) {
        const answer = await call(method, path, { key: null });
        expect(answer.body, `${method} ${path}`).toEqual({ error: { code: 'unauthorized', message: 'missing X-API-KEY header' } });
        expect(answer.status).toBe(401);
      }
    });

    it('answers 403 for a wrong key, of any length, and accepts every configured key', async () => {
      for (const key of ['wrong', `${TEST_KEY.slice(0, -1)}X`, `${TEST_KEY}${TEST_KEY}`]) {
        expectError(await call('GET', '/v1/balance/', { key }), 403, 'forbidden');
      }
      expect((await call('GET', '/v1/balance/', { key: SECOND_KEY })).status).toBe(200);
      expect((await call('GET', '/v1/balance/', { key: TEST_KEY })).status).toBe(200);
    });
  });

  it('GET /v1/balance/ answers an unlimited balance', async () => {
    const answer = await call('GET', '/v1/balance/');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ request_count: 2147483647, duration: 2147483647 });
  });

  it('GET /v1/load/locations/ lists local and each country with a proxy', async () => {
    const answer = await call('GET', '/v1/load/locations/');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { code: 'local', egress: 'direct' },
      { code: 'US', egress: 'proxy' },
    ]);
  });

  describe('environments', () => {
    it('creates, lists, reads and deletes an environment', async () => {
      const vars = [
        { key: 'BASE', value: 'http://127.0.0.1:1' },
        { key: 'IDS', value: [1, 2] },
        { key: 'ON', value: true },
      ];
      const created = await call('POST', '/v1/environment/', { json: { name: 'crud', vars } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'crud', vars });
      expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
      const id: string = created.body.id;

      const list = await call('GET', '/v1/environment/');
      expect(list.status).toBe(200);
      expect(list.body).toContainEqual(created.body);
      expect((await call('GET', `/v1/environment/${id}/`)).body).toEqual(created.body);

      const deleted = await call('DELETE', `/v1/environment/${id}/`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(created.body);
      expectError(await call('GET', `/v1/environment/${id}/`), 404, 'not_found');
      expectError(await call('DELETE', `/v1/environment/${id}/`), 404, 'not_found');
    });

    it('never answers the value of a secret variable, and runs with it', async () => {
      target.reset();
      const vars = [
        { key: 'BASE', value: target.url },
        { key: 'APIKEY', value: 'sk-server-secret', secret: true },
      ];
      const created = await call('POST', '/v1/environment/', { json: { name: 'secret-env', vars } });
      expect(created.status).toBe(201);
      expect(created.body.vars).toEqual([vars[0], { key: 'APIKEY', value: '***', secret: true }]);
      expect(JSON.stringify((await call('GET', '/v1/environment/')).body)).not.toContain('sk-server-secret');
      expect(JSON.stringify((await call('GET', `/v1/environment/${created.body.id}/`)).body)).not.toContain('sk-server-secret');
      const test = await call('POST', '/v1/load/test/', {
        json: {
          name: 'secret',
          config_data: { steps: [{ id: 1, name: 's', url: '{{BASE}}/ok?key={{APIKEY}}' }], iteration_count: 2, duration: 1 },
          environment: created.body.id,
        },
      });
      expect(test.status).toBe(201);
      await untilStatus(test.body.id, ['completed', 'failed', 'stopped']);
      const result = await call('GET', `/v1/load/test/${test.body.id}/result/`);
      expect(result.body.results.success_count).toBe(2);
      expect(target.received.map((r) => r.url)).toEqual(['/ok?key=sk-server-secret', '/ok?key=sk-server-secret']);
      expect(JSON.stringify(result.body)).not.toContain('sk-server-secret');
      await call('DELETE', `/v1/environment/${created.body.id}/`);
    });

    it('rejects an invalid environment with 422 and the JSON path of the problem', async () => {
      const answer = await call('POST', '/v1/environment/', { json: { name: 'bad', vars: [{ key: '1X', value: 'v' }] } });
      expectError(answer, 422, 'invalid_request');
      expect(answer.body.error.field).toBe('$.vars[0].key');
      expect(answer.body.error.message).toContain('starts with a letter');
    });

    it('answers 400 for broken JSON, no body or a non-object, and 415 for another content type', async () => {
      expectError(
        await call('POST', '/v1/environment/', { body: '{"name":', headers: { 'content-type': 'application/json' } }),
        400,
        'invalid_json',
      );
      expectError(await call('POST', '/v1/environment/'), 400, 'bad_request');
      expectError(await call('POST', '/v1/environment/', { json: [1, 2] }), 400, 'bad_request');
      expectError(
        await call('POST', '/v1/environment/', { body: 'name=x', headers: { 'content-type': 'text/plain' } }),
        415,
        'unsupported_media_type',
      );
      expectError(await call('POST', '/v1/environment/', { form: usersForm() }), 415, 'unsupported_media_type');
    });
  });

  describe('test data', () => {
    it('stores an uploaded CSV with its row count, lists, reads and deletes it', async () => {
      const created = await call('POST', '/v1/testdata/', { form: usersForm() });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'users',
        type: 'csv',
        row_count: 3,
        file_config: {
          delimiter: ',',
          vars: { '0': { tag: 'email' } },
          skip_first_line: true,
          order: 'sequential',
          allow_quota: false,
          skip_empty_line: true,
        },
      });
      const id: string = created.body.id;
      const stored = join(server.dir, 'server-data', `${id}.csv`);
      expect(existsSync(stored)).toBe(true);
      expect((await call('GET', '/v1/testdata/')).body).toContainEqual(created.body);
      expect((await call('GET', `/v1/testdata/${id}/`)).body).toEqual(created.body);

      // The deleted set is answered as it was, without the hash of a file that is gone.
      const deleted = await call('DELETE', `/v1/testdata/${id}/`);
      const { sha256, ...unhashed } = created.body;
      expect(sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(unhashed);
      expect(existsSync(stored)).toBe(false);
      expectError(await call('GET', `/v1/testdata/${id}/`), 404, 'not_found');
    });

    it('answers 422 for a CSV that does not parse, naming the uploaded file', async () => {
      const answer = await call('POST', '/v1/testdata/', { form: usersForm('email\n"open quote,x\n') });
      expectError(answer, 422, 'invalid_request');
      expect(answer.body.error.field).toBe('$.file');
      expect(answer.body.error.message).toContain('users.csv');
      expect(answer.body.error.message).toContain('never closed');
    });

    it('answers 422 for a bad form: file_config that is not JSON, an unknown key, no file part', async () => {
      const notJson = usersForm();
      notJson.set('file_config', '{"vars":');
      expect((await call('POST', '/v1/testdata/', { form: notJson })).body.error.field).toBe('$.file_config');

      // JSON.parse would keep the second delimiter silently; both places are named instead.
      const twice = usersForm();
      twice.set('file_config', '{"delimiter": ",",\n "delimiter": ";"}');
      const duplicate = await call('POST', '/v1/testdata/', { form: twice });
      expectError(duplicate, 422, 'invalid_request');
      expect(duplicate.body.error).toMatchObject({
        field: '$.file_config.delimiter',
        message:
          '$.file_config.delimiter: duplicate key "delimiter": first at line 1, column 2, again at line 2, column 2; JSON keeps only one of them, so give it once',
      });

      const unknownKey = await call('POST', '/v1/testdata/', { form: usersForm(USERS_CSV, { ...FILE_CONFIG, dlimiter: ';' }) });
      expectError(unknownKey, 422, 'invalid_request');
      expect(unknownKey.body.error).toMatchObject({
        field: '$.file_config.dlimiter',
        message: expect.stringContaining('did you mean "delimiter"'),
      });

      const noFile = usersForm();
      noFile.delete('file');
      expect((await call('POST', '/v1/testdata/', { form: noFile })).body.error.field).toBe('$.file');
    });

    it('answers 400 for a malformed form, 415 for a JSON body and 413 for a file over the upload limit', async () => {
      const malformed = await call('POST', '/v1/testdata/', {
        body: 'not a form',
        headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      });
      expectError(malformed, 400, 'bad_request');
      expect(malformed.body.error.message).toContain('malformed multipart form');
      expectError(await call('POST', '/v1/testdata/', { json: { name: 'users' } }), 415, 'unsupported_media_type');
      const big = usersForm();
      big.set('file', new Blob([Buffer.alloc(50 * 1024 * 1024 + 1, 'a')]), 'big.csv');
      const answer = await call('POST', '/v1/testdata/', { form: big });
      expectError(answer, 413, 'payload_too_large');
      expect(answer.body.error.message).toContain('50 MiB');
    });
  });

  describe('load tests', () => {
    it('runs a test with a stored environment and test data, end to end', async () => {
      target.reset();
      const env = await call('POST', '/v1/environment/', { json: { name: 'e2e', vars: [{ key: 'BASE', value: target.url }] } });
      expect(env.status).toBe(201);
      const data = await call('POST', '/v1/testdata/', { form: usersForm(USERS_CSV, FILE_CONFIG, 'people') });
      const body = {
        name: 'checkout <b>',
        config_data: {
          steps: [
            {
              id: 1,
              name: 'buy',
              url: '{{BASE}}/echo',
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              payload: '{"user": "{{data.people.email}}"}',
            },
          ],
          iteration_count: 12,
          duration: 1,
        },
        environment: 'e2e',
        test_data: [data.body.id],
      };
      const created = await call('POST', '/v1/load/test/', { json: body });
      expect(created.status).toBe(201);
      expect(Object.keys(created.body).sort()).toEqual(['failure_reason', 'id', 'status', 'test_url']);
      expect(created.body).toMatchObject({ status: 'initial', failure_reason: null, test_url: `${server.url}/report/${created.body.id}/` });
      const id: string = created.body.id;

      await untilStatus(id, ['completed', 'failed', 'stopped']);
      const details = await call('GET', `/v1/load/test/${id}/`);
      expect(details.body).toMatchObject({
        id,
        name: 'checkout <b>',
        status: 'completed',
        failure_reason: null,
        test_url: created.body.test_url,
      });
      for (const key of ['created_at', 'started_at', 'finished_at']) expect(Date.parse(details.body[key])).not.toBeNaN();

      const result = await call('GET', `/v1/load/test/${id}/result/`);
      expect(result.status).toBe(200);
      expect(result.body.test_url).toBe(created.body.test_url);
      expect(result.body.results).toMatchObject({ iteration_count: 12, success_count: 12, fail_count: 0 });
      expect(result.body.results.steps[0]).toMatchObject({ id: 1, iteration_count: 12, status_code_dist: { '200': 12 }, error_dist: {} });
      expect(Object.keys(result.body.results.response_times).sort()).toEqual([
        'avg',
        'max',
        'median',
        'min',
        'p80',
        'p90',
        'p95',
        'p99',
        'stddev',
      ]);
      expect(result.body.results.location_dist.local.iteration_count).toBe(12);
      // Two threads, each with its own default cap of 100: their caps add up in the one generator block.
      expect(result.body.run.generator.concurrency).toBe(200);

      const sent = target.received.filter((r) => r.path === '/echo').map((r) => JSON.parse(r.body).user);
      expect(sent).toHaveLength(12);
      expect(new Set(sent)).toEqual(new Set(EMAILS));

      const plan = await call('GET', `/v1/load/plan/${details.body.plan_id}/`);
      expect(plan.status).toBe(200);
      expect(plan.body).toMatchObject({
        id: details.body.plan_id,
        name: 'checkout <b>',
        config_data: { iteration_count: 12, duration: 1, load_type: 'linear' },
      });
      expect(plan.body.config_data.steps[0]).toMatchObject({ method: 'POST', timeout: 5, url: '{{BASE}}/echo' });

      const list = await call('GET', '/v1/load/test/');
      expect(list.body).toContainEqual(details.body);

      // The page opens from a link without a key: its random id is the credential.
      const page = await call('GET', `/report/${id}/`, { key: null });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const unknown = await call('GET', `/report/${UNKNOWN_ID}/`, { key: null });
      expect(unknown.status).toBe(404);
      // The full web report, the test name escaped.
      expect(page.body).toContain('checkout &lt;b&gt;');
      expect(page.body).not.toContain('<b>');
      expect(page.body).toContain('data-chart="latency"');
    });

    it('rejects an invalid definition with 422: the first problem as field, every problem in the message', async () => {
      const answer = await call('POST', '/v1/load/test/', {
        json: {
          name: 'x',
          config_data: { steps: [{ id: 1, name: 's', url: 'http://127.0.0.1:1/', method: 'FETCH' }], load_type: 'square' },
        },
      });
      expectError(answer, 422, 'invalid_request');
      expect(answer.body.error.field).toBe('$.config_data.load_type');
      expect(answer.body.error.message).toContain('$.config_data.steps[0].method: expected one of GET');
    });

    it('answers schema, rule and variable problems in one 422, as loadgate validate lists them', async () => {
      const answer = await call('POST', '/v1/load/test/', {
        json: {
          name: 'five',
          config_data: {
            steps: [
              { id: 1, name: 'a', url: '{{BAES}}/x', methd: 'GET' },
              { id: 2, name: 'b', url: 7 },
              { id: 3, name: 'c', url: `${target.url}/ok`, timeout: -1 },
            ],
            load_type: 'zigzag',
          },
        },
      });
      expectError(answer, 422, 'invalid_request');
      const problems = (answer.body.error.message as string).split('; ');
      expect(problems).toHaveLength(5);
      for (const part of ['steps[0].methd', 'steps[1].url', 'steps[2].timeout', 'load_type', 'steps[0].url'])
        expect(problems.filter((p) => p.startsWith(`$.config_data.${part}:`))).toHaveLength(1);
      expect(problems.find((p) => p.startsWith('$.config_data.steps[0].url:'))).toContain('unknown variable "BAES"');
      expect(answer.body.error.field).toBe(problems[0]!.split(':')[0]);
    });

    it('names no variable missing while the environment named is missing: which ones exist is unknown', async () => {
      const answer = await call('POST', '/v1/load/test/', {
        json: { name: 'e', config_data: { steps: [{ id: 1, name: 's', url: '{{BASE}}/ok', methd: 'GET' }] }, environment: 'nope' },
      });
      expectError(answer, 422, 'invalid_request');
      expect((answer.body.error.message as string).split('; ').map((p) => p.split(':')[0])).toEqual([
        '$.config_data.steps[0].methd',
        '$.environment',
      ]);
    });

    it('rejects names of missing environments and test data, and unknown variables, with 422', async () => {
      const missing = await call('POST', '/v1/load/test/', { json: definition(target, {}, { environment: 'nope', test_data: ['none'] }) });
      expectError(missing, 422, 'invalid_request');
      expect(missing.body.error.field).toBe('$.environment');
      expect(missing.body.error.message).toContain('$.test_data[0]: no stored test data set');

      const variable = await call('POST', '/v1/load/test/', {
        json: { name: 'v', config_data: { steps: [{ id: 1, name: 's', url: '{{NOPE}}/ok' }] } },
      });
      expectError(variable, 422, 'invalid_request');
      expect(variable.body.error).toMatchObject({
        field: '$.config_data.steps[0].url',
        message: expect.stringContaining('unknown variable "NOPE"'),
      });
      expectError(await call('POST', '/v1/load/test/', { json: ['not', 'an', 'object'] }), 400, 'bad_request');
    });

    it('answers 404 in JSON for unknown tests and plans', async () => {
      for (const path of [
        `/v1/load/test/${UNKNOWN_ID}/`,
        `/v1/load/test/${UNKNOWN_ID}/result/`,
        `/v1/load/test/${UNKNOWN_ID}/stop/`,
        `/v1/load/plan/${UNKNOWN_ID}/`,
      ]) {
        expectError(await call('GET', path), 404, 'not_found');
      }
    });

    it('queues tests one at a time; stop keeps a running test partial result and ends a queued one', async () => {
      const long = (await call('POST', '/v1/load/test/', { json: longDefinition(target) })).body.id as string;
      await untilStatus(long, ['running']);
      const queued = (await call('POST', '/v1/load/test/', { json: definition(target) })).body.id as string;
      expect(await status(queued)).toBe('initial');
      expectError(await call('GET', `/v1/load/test/${long}/result/`), 409, 'not_finished');

      const stoppedQueued = await call('GET', `/v1/load/test/${queued}/stop/`);
      expect(stoppedQueued.body).toMatchObject({ id: queued, status: 'stopped', started_at: null });
      expectError(await call('GET', `/v1/load/test/${queued}/result/`), 409, 'no_result');

      target.reset();
      await pollUntil(
        async () => target.received.length,
        (n) => n > 0,
        "the long test's first request",
        EVENT_WAIT_MS,
      );
      const stopped = await call('GET', `/v1/load/test/${long}/stop`);
      expect(stopped.body).toMatchObject({ id: long, status: 'stopped' });
      const partial = (await call('GET', `/v1/load/test/${long}/result/`)).body;
      expect(partial.run.interrupted).toBe(true);
      expect(partial.results.iteration_count).toBeGreaterThan(0);
      expect(partial.results.iteration_count).toBeLessThan(200);
      expect(await status(queued)).toBe('stopped');
    });
  });

  describe('compatibility rules (DESIGN 7)', () => {
    it('answers every route without its trailing slash, never by redirect', async () => {
      expect((await call('GET', '/v1/balance')).status).toBe(200);
      const env = await call('POST', '/v1/environment', { json: { name: 'noslash', vars: [] } });
      expect(env.status).toBe(201);
      expect((await call('GET', `/v1/environment/${env.body.id}`)).body.name).toBe('noslash');
      expect((await call('DELETE', `/v1/environment/${env.body.id}`)).status).toBe(200);
      const test = await call('POST', '/v1/load/test', { json: definition(target) });
      expect(test.status).toBe(201);
      expect((await call('GET', `/v1/load/test/${test.body.id}`)).status).toBe(200);
      await untilStatus(test.body.id, ['completed']);
      expect((await call('GET', `/v1/load/test/${test.body.id}/result`)).status).toBe(200);
    });

    it('routes a path with a doubled slash, as a base URL ending in "/" produces', async () => {
      expect((await call('GET', '//v1/balance/')).body.request_count).toBe(2147483647);
    });

    it('routes absolute-form request targets like origin-form ones', async () => {
      const answer = await rawRequest(
        server.port,
        `GET http://127.0.0.1:${server.port}/v1/balance/ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-API-KEY: ${TEST_KEY}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ request_count: 2147483647, duration: 2147483647 });
      const other = await rawRequest(
        server.port,
        `GET https://loadgate.example/v1/load/locations HTTP/1.1\r\nHost: loadgate.example\r\nX-API-KEY: ${TEST_KEY}\r\nConnection: close\r\n\r\n`,
      );
      expect(other.status).toBe(200);
    });

    it('answers an unknown route with a JSON 404 and a wrong method with a JSON 405 and Allow', async () => {
      expectError(await call('GET', '/v1/nothing/here/'), 404, 'not_found');
      const deleteBalance = await call('DELETE', '/v1/balance/');
      expectError(deleteBalance, 405, 'method_not_allowed');
      expect(deleteBalance.headers.get('allow')).toBe('GET, HEAD');
      const postStop = await call('POST', `/v1/load/test/${UNKNOWN_ID}/stop/`, { json: {} });
      expectError(postStop, 405, 'method_not_allowed');
      expect((await call('PUT', '/v1/environment/', { json: { name: 'x', vars: [] } })).headers.get('allow')).toBe('POST, GET, HEAD');
    });

    it('ignores a Content-Type on requests without a body, and unknown Accept-Encoding tokens', async () => {
      const get = await call('GET', '/v1/balance/', { headers: { 'content-type': 'application/json' } });
      expect(get.status).toBe(200);
      expect((await call('GET', '/v1/environment/', { headers: { 'content-type': 'text/plain' } })).status).toBe(200);
      const env = await call('POST', '/v1/environment/', { json: { name: 'ct', vars: [] } });
      const del = await call('DELETE', `/v1/environment/${env.body.id}/`, { headers: { 'content-type': 'application/json' } });
      expect(del.status).toBe(200);
      const encoded = await call('GET', '/v1/balance/', { headers: { 'accept-encoding': 'zstd, x-unknown;q=0.9, br' } });
      expect(encoded.status).toBe(200);
      expect(encoded.body.request_count).toBe(2147483647);
    });

    it('answers a body over the limit with a JSON 413 and a malformed request with a JSON 400', async () => {
      const big = { name: 'big', vars: [{ key: 'X', value: 'x'.repeat(1024 * 1024) }] };
      const answer = await call('POST', '/v1/environment/', { json: big });
      expectError(answer, 413, 'payload_too_large');
      expect(answer.body.error.message).toContain('1 MiB');
      const garbage = await rawRequest(server.port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbage.status).toBe(400);
      expect(JSON.parse(garbage.body).error.code).toBe('bad_request');
    });
  });
});

describe('loadgate serve --api-key-file --rate-limit', () => {
  let server: ServerProcess;
  let keyDir: string;
  const call = apiCaller(() => server.url);
  beforeAll(async () => {
    keyDir = await mkdtemp(join(tmpdir(), 'loadgate-keys-'));
    const keyFile = join(keyDir, 'keys.txt');
    // The second key is another tenant's: rate limits count per tenant (docs/server.md, "Tenants").
    await writeFile(keyFile, `# CI keys\n${TEST_KEY}\n\nteam-b:${SECOND_KEY}\n`);
    server = await startServerProcess({ keys: [], args: ['--api-key-file', keyFile, '--rate-limit', '1'] });
  });
  afterAll(async () => {
    await server?.dispose();
    await rm(keyDir, { recursive: true, force: true });
  });

  it('refuses to start without any API key', async () => {
    await expect(startServerProcess({ keys: [] })).rejects.toThrow(/exited with 2[\s\S]*no API keys/);
  });

  it("answers 429 with Retry-After once a tenant exceeds its requests per second; other tenants' keys are unaffected", async () => {
    // 20 at once against 1 a second: only a server 19 s slow to answer them all lets every one through,
    // where three in a row at 2 a second raced the clock (a busy machine refilled the bucket between them).
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('GET', '/v1/balance/')));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(limited.length).toBeGreaterThan(0);
    expectError(limited[0]!, 429, 'rate_limited');
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect((await call('GET', '/v1/balance/', { key: SECOND_KEY })).status).toBe(200);
  });
});

describe('loadgate serve restarts', () => {
  let server: ServerProcess;
  let target: Target;
  const call = apiCaller(() => server.url);
  const details = (id: string) => call('GET', `/v1/load/test/${id}/`).then((a) => a.body);
  beforeAll(async () => {
    target = await startTarget();
    server = await startServerProcess();
  });
  afterAll(async () => {
    await server?.dispose();
    await target?.close();
  });

  it('keeps every record after a kill, marks the running test failed and runs the queued one', async () => {
    const env = (await call('POST', '/v1/environment/', { json: { name: 'kept', vars: [{ key: 'BASE', value: target.url }] } })).body;
    const data = (await call('POST', '/v1/testdata/', { form: usersForm() })).body;
    const running = (await call('POST', '/v1/load/test/', { json: longDefinition(target) })).body.id as string;
    await pollUntil(
      () => details(running),
      (t) => t.status === 'running',
      'the long test to run',
      EVENT_WAIT_MS,
    );
    const queuedBody = definition(target, {}, { name: 'queued', environment: 'kept', test_data: ['users'] });
    queuedBody.config_data.steps[0]!.url = '{{BASE}}/ok?u={{data.users.email}}';
    const queued = (await call('POST', '/v1/load/test/', { json: queuedBody })).body.id as string;
    const plan = (await call('GET', `/v1/load/plan/${(await details(running)).plan_id}/`)).body;

    await server.kill();
    server = await server.restart();

    const failed = await details(running);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'server stopped while the test was running' });
    expect(failed.finished_at).not.toBeNull();
    expectError(await call('GET', `/v1/load/test/${running}/result/`), 409, 'no_result');
    expect((await call('GET', `/v1/environment/${env.id}/`)).body).toEqual(env);
    expect((await call('GET', `/v1/testdata/${data.id}/`)).body).toEqual(data);
    expect((await call('GET', `/v1/load/plan/${plan.id}/`)).body).toEqual(plan);

    await pollUntil(
      () => details(queued),
      (t) => t.status === 'completed',
      'the queued test to run after the restart',
      EVENT_WAIT_MS,
    );
    const result = (await call('GET', `/v1/load/test/${queued}/result/`)).body;
    expect(result.results).toMatchObject({ iteration_count: 4, success_count: 4 });
    const users = target.received
      .filter((r) => r.path === '/ok' && r.url.includes('u='))
      .map((r) => new URL(r.url, target.url).searchParams.get('u'));
    expect(users.length).toBe(4);
    for (const user of users) expect(EMAILS).toContain(user);
  });

  it('shuts down gracefully on SIGTERM, keeping the running test partial result', async () => {
    const id = (await call('POST', '/v1/load/test/', { json: longDefinition(target) })).body.id as string;
    await pollUntil(
      () => details(id),
      (t) => t.status === 'running',
      'the long test to run',
      EVENT_WAIT_MS,
    );
    target.reset();
    await pollUntil(
      async () => target.received.length,
      (n) => n > 0,
      "the long test's first request",
      EVENT_WAIT_MS,
    );
    expect(await server.stop()).toBe(0);
    // Every line of the log starts with its time, the signal's own line included.
    const lines = server.stderr().trimEnd().split('\n');
    expect(lines.some((line) => line.includes('loadgate: SIGTERM: stopping'))).toBe(true);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /);
    server = await server.restart();

    expect(await details(id)).toMatchObject({ status: 'stopped', failure_reason: expect.stringContaining('shut down') });
    const partial = (await call('GET', `/v1/load/test/${id}/result/`)).body;
    expect(partial.run.interrupted).toBe(true);
    expect(partial.results.iteration_count).toBeGreaterThan(0);
  });
});
