// The routes of `loadgate serve` beyond the first ones: plan CRUD and tests created from a plan,
// updates (PATCH) of environments and test data, optional step names, rate limits by method
// class, every method answered in JSON. A real server process, real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, expectError, pollUntil, rawRequest } from './helpers/api-call.ts';
import { startServerProcess, TEST_KEY, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function csvForm(csv: string, parts: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
  return form;
}

describe('loadgate serve: plans, updates, step names', () => {
  let server: ServerProcess;
  let target: Target;
  const call = apiCaller(() => server.url);
  const finished = (id: string) =>
    pollUntil(
      () => call('GET', `/v1/load/test/${id}/`).then((a) => a.body),
      (t) => ['completed', 'incomplete', 'failed', 'stopped'].includes(t.status),
      `test ${id} to finish`,
    );

  beforeAll(async () => {
    target = await startTarget();
    server = await startServerProcess();
  });
  afterAll(async () => {
    await server?.dispose();
    await target?.close();
  });

  describe('plans', () => {
    it('creates, lists, reads, updates and deletes a plan, with defaults filled in', async () => {
      const created = await call('POST', '/v1/load/plan/', {
        json: { name: 'smoke', config_data: { steps: [{ id: 1, url: `${target.url}/ok` }], iteration_count: 5 } },
      });
      expect(created.status).toBe(201);
      const plan = created.body;
      expect(plan).toMatchObject({ name: 'smoke', config_data: { iteration_count: 5, duration: 10, load_type: 'linear' } });
      expect(plan.config_data.steps[0]).toMatchObject({ id: 1, name: 'step 1', method: 'GET', timeout: 5 });
      expect((await call('GET', '/v1/load/plan/')).body.map((p: { id: string }) => p.id)).toContain(plan.id);
      expect((await call('GET', `/v1/load/plan/${plan.id}`)).body).toEqual(plan);

      const patched = await call('PATCH', `/v1/load/plan/${plan.id}/`, { json: { name: 'smoke 2', config_data: { iteration_count: 7 } } });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        id: plan.id,
        name: 'smoke 2',
        config_data: { iteration_count: 7, steps: plan.config_data.steps },
      });
      expect((await call('GET', `/v1/load/plan/${plan.id}/`)).body).toEqual(patched.body);

      const refused = await call('PATCH', `/v1/load/plan/${plan.id}/`, { json: { config_data: { duration: -1 } } });
      expectError(refused, 422, 'invalid_request');
      expect(refused.body.error.field).toBe('$.config_data.duration');
      expect((await call('GET', `/v1/load/plan/${plan.id}/`)).body).toEqual(patched.body);

      expect((await call('DELETE', `/v1/load/plan/${plan.id}/`)).body).toEqual(patched.body);
      expectError(await call('GET', `/v1/load/plan/${plan.id}/`), 404, 'not_found');
      expect((await call('GET', '/v1/load/plan/')).body.map((p: { id: string }) => p.id)).not.toContain(plan.id);
    });

    it('rejects a plan with keys of a test, or no steps, with 422', async () => {
      const answer = await call('POST', '/v1/load/plan/', { json: { name: 'x', config_data: { steps: [] }, environment: 'staging' } });
      expectError(answer, 422, 'invalid_request');
      expect(answer.body.error.message).toMatch(/\$\.environment: unknown key/);
      expect(answer.body.error.message).toMatch(/\$\.config_data\.steps/);
    });

    it('creates a test from a plan, overriding its config; the test keeps its copy when the plan changes or goes', async () => {
      // A long test holds the queue, so the plan changes while the new test is surely still queued.
      const blocker = (
        await call('POST', '/v1/load/test/', {
          json: { name: 'blocker', config_data: { steps: [{ id: 1, url: `${target.url}/ok` }], iteration_count: 200, duration: 20 } },
        })
      ).body;
      await pollUntil(
        () => call('GET', `/v1/load/test/${blocker.id}/`).then((a) => a.body.status),
        (s) => s === 'running',
        'the blocker to run',
      );
      const plan = (
        await call('POST', '/v1/load/plan/', {
          json: {
            name: 'from plan',
            config_data: { steps: [{ id: 1, url: `${target.url}/ok?from=plan` }], iteration_count: 50, duration: 1 },
          },
        })
      ).body;
      const created = await call('POST', '/v1/load/test/', { json: { plan_id: plan.id, config_data: { iteration_count: 3 } } });
      expect(created.status).toBe(201);
      await call('PATCH', `/v1/load/plan/${plan.id}/`, {
        json: { config_data: { iteration_count: 9, steps: [{ id: 1, url: `${target.url}/ok?from=patched` }] } },
      });
      await call('DELETE', `/v1/load/plan/${plan.id}/`);
      expect((await call('GET', `/v1/load/test/${created.body.id}/`)).body.status).toBe('initial');
      await call('GET', `/v1/load/test/${blocker.id}/stop/`);

      const test = await finished(created.body.id);
      expect(test).toMatchObject({ status: 'completed', name: 'from plan', plan_id: plan.id });
      const result = (await call('GET', `/v1/load/test/${test.id}/result/`)).body;
      expect(result.results.iteration_count).toBe(3);
      expect(result.run.steps[0]).toMatchObject({ id: 1, name: 'step 1' });
      expect(target.received.filter((r) => r.url.includes('from=plan')).length).toBe(3);
      expect(target.received.filter((r) => r.url.includes('from=patched')).length).toBe(0);
    });

    it('answers 422 for an unknown plan_id, naming the field', async () => {
      const answer = await call('POST', '/v1/load/test/', { json: { plan_id: UNKNOWN_ID } });
      expectError(answer, 422, 'invalid_request');
      expect(answer.body.error.field).toBe('$.plan_id');
      expect(answer.body.error.message).toBe(`$.plan_id: no stored plan with id "${UNKNOWN_ID}" (GET /v1/load/plan/ lists them)`);
    });
  });

  describe('latency plans', () => {
    it('creates, lists, updates, runs and deletes a latency plan', async () => {
      const created = await call('POST', '/v1/latency/plan/', {
        json: { name: 'home', target: `${target.url}/ok?from=latency-plan`, locations: ['local.*'] },
      });
      expect(created.status).toBe(201);
      const plan = created.body;
      expect(plan).toMatchObject({ name: 'home', locations: ['local.*'], samples: expect.any(Number) });
      expect((await call('GET', '/v1/latency/plan/')).body.map((p: { id: string }) => p.id)).toContain(plan.id);
      const patched = await call('PATCH', `/v1/latency/plan/${plan.id}/`, { json: { samples: 2 } });
      expect(patched.body).toEqual({ ...plan, samples: 2 });

      const before = target.received.length;
      const answer = await call('POST', `/v1/latency/plan/${plan.id}/test/`);
      expect(answer.status).toBe(200);
      expect(answer.body['LOCAL.HOST']).toMatchObject({ status_code: 200, latency: expect.any(Number) });
      expect(target.received.slice(before).filter((r) => r.url.includes('from=latency-plan')).length).toBe(2);

      expect((await call('DELETE', `/v1/latency/plan/${plan.id}/`)).body).toEqual(patched.body);
      expectError(await call('POST', `/v1/latency/plan/${plan.id}/test/`), 404, 'not_found');
    });

    it('checks a latency plan as a latency test: target, locations the server has, samples', async () => {
      const noSuchPlace = await call('POST', '/v1/latency/plan/', { json: { name: 'x', target: target.url, locations: ['EU.*'] } });
      expectError(noSuchPlace, 422, 'invalid_request');
      expect(noSuchPlace.body.error.message).toContain('available: LOCAL.HOST');
      expectError(
        await call('POST', '/v1/latency/plan/', { json: { name: 'x', target: 'ftp://x', locations: ['*'] } }),
        422,
        'invalid_request',
      );
      expectError(await call('POST', '/v1/latency/plan/', { json: { target: target.url, locations: ['*'] } }), 422, 'invalid_request');
      const plan = (await call('POST', '/v1/latency/plan/', { json: { name: 'x', target: target.url, locations: ['*'] } })).body;
      const refused = await call('PATCH', `/v1/latency/plan/${plan.id}/`, { json: { samples: 0 } });
      expect(refused.body.error?.field).toBe('samples');
    });
  });

  describe('updates', () => {
    it('PATCH on an environment keeps what it leaves out and checks what it gives', async () => {
      const env = (await call('POST', '/v1/environment/', { json: { name: 'stage', vars: [{ key: 'A', value: 1 }] } })).body;
      const renamed = await call('PATCH', `/v1/environment/${env.id}/`, { json: { name: 'staging' } });
      expect(renamed.body).toEqual({ ...env, name: 'staging' });
      const revalued = await call('PATCH', `/v1/environment/${env.id}/`, { json: { vars: [{ key: 'B', value: 'x' }] } });
      expect(revalued.body).toEqual({ ...env, name: 'staging', vars: [{ key: 'B', value: 'x' }] });
      expect((await call('GET', `/v1/environment/${env.id}/`)).body).toEqual(revalued.body);
      expectError(
        await call('PATCH', `/v1/environment/${env.id}/`, { json: { vars: [{ key: '1bad', value: 1 }] } }),
        422,
        'invalid_request',
      );
      expectError(await call('PATCH', `/v1/environment/${UNKNOWN_ID}/`, { json: { name: 'x' } }), 404, 'not_found');
    });

    it('PATCH on test data changes file_config (JSON) or the file (form); a bad file leaves the set as it was', async () => {
      const config = JSON.stringify({ vars: { '0': { tag: 'email' } }, skip_first_line: true });
      const data = (
        await call('POST', '/v1/testdata/', { form: csvForm('email\na@x\nb@x\n', { name: 'people', type: 'csv', file_config: config }) })
      ).body;
      expect(data).toMatchObject({ row_count: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

      const keptHeader = await call('PATCH', `/v1/testdata/${data.id}/`, { json: { file_config: { skip_first_line: false } } });
      expect(keptHeader.body).toMatchObject({
        name: 'people',
        row_count: 3,
        sha256: data.sha256,
        file_config: { skip_first_line: false, vars: { '0': { tag: 'email' } } },
      });

      const newFile = await call('PATCH', `/v1/testdata/${data.id}/`, { form: csvForm('a@x\nb@x\nc@x\nd@x\n', { name: 'people2' }) });
      expect(newFile.body).toMatchObject({ name: 'people2', row_count: 4 });
      expect(newFile.body.sha256).not.toBe(data.sha256);

      const broken = await call('PATCH', `/v1/testdata/${data.id}/`, { form: csvForm('"unclosed\n') });
      expectError(broken, 422, 'invalid_request');
      expect(broken.body.error.message).toContain('users.csv');
      expect((await call('GET', `/v1/testdata/${data.id}/`)).body).toEqual(newFile.body);
    });
  });

  describe('text in bodies', () => {
    it('refuses a body that is not UTF-8, naming the byte, rather than reading it as U+FFFD', async () => {
      const bytes = Buffer.concat([Buffer.from('{"name": "a'), Buffer.from([0xff, 0xfe]), Buffer.from('", "vars": []}')]);
      const answer = await call('POST', '/v1/environment/', {
        body: bytes as unknown as string,
        headers: { 'content-type': 'application/json' },
      });
      expectError(answer, 400, 'invalid_json');
      expect(answer.body.error.message).toBe('the request body is not valid UTF-8: byte 12 (0xff); send JSON as UTF-8');
      expect((await call('GET', '/v1/environment/')).body.map((e: { name: string }) => e.name)).not.toContain('a\ufffd\ufffd');
    });

    it('refuses a lone surrogate in a string, naming its JSON path; a pair is kept', async () => {
      const lone = await call('POST', '/v1/environment/', {
        body: '{"name": "x", "vars": [{"key": "K", "value": "a\\ud800b"}]}',
        headers: { 'content-type': 'application/json' },
      });
      expectError(lone, 422, 'invalid_request');
      expect(lone.body.error.field).toBe('$.vars[0].value');
      const pair = await call('POST', '/v1/environment/', {
        body: '{"name": "\\ud83d\\ude00", "vars": []}',
        headers: { 'content-type': 'application/json' },
      });
      expect(pair.status).toBe(201);
      expect(pair.body.name).toBe('\u{1f600}');
    });
  });

  it('ends a test whose planned iterations were mostly never started incomplete, saying how many, never completed', async () => {
    const created = await call('POST', '/v1/load/test/', {
      json: {
        name: 'beyond any generator',
        config_data: { steps: [{ id: 1, url: `${target.url}/ok` }], iteration_count: 1_000_000_000, duration: 1 },
      },
    });
    expect(created.status).toBe(201);
    const test = await finished(created.body.id);
    expect(test.status).toBe('incomplete');
    expect(test.failure_reason).toMatch(/^\d+ planned iterations were never started: the load generator could not keep up with the plan/);
    const unstarted = Number(/^(\d+)/.exec(test.failure_reason)![1]);
    expect(unstarted).toBeGreaterThan(900_000_000);
    const result = await call('GET', `/v1/load/test/${created.body.id}/result/?accept=incomplete`);
    expect(result.body.run.generator.unstarted_iterations).toBe(unstarted);
  });

  it('keeps plans, latency plans and updates through a kill -9', async () => {
    const plan = (
      await call('POST', '/v1/load/plan/', { json: { name: 'kept', config_data: { steps: [{ id: 1, url: `${target.url}/ok` }] } } })
    ).body;
    const patchedPlan = (await call('PATCH', `/v1/load/plan/${plan.id}/`, { json: { name: 'kept 2' } })).body;
    const latency = (await call('POST', '/v1/latency/plan/', { json: { name: 'kept', target: target.url, locations: ['*'] } })).body;
    const env = (await call('POST', '/v1/environment/', { json: { name: 'kept', vars: [] } })).body;
    const patchedEnv = (await call('PATCH', `/v1/environment/${env.id}/`, { json: { vars: [{ key: 'K', value: true }] } })).body;
    await server.kill();
    server = await server.restart();
    expect((await call('GET', `/v1/load/plan/${plan.id}/`)).body).toEqual(patchedPlan);
    expect((await call('GET', `/v1/latency/plan/${latency.id}/`)).body).toEqual(latency);
    expect((await call('GET', `/v1/environment/${env.id}/`)).body).toEqual(patchedEnv);
  });
});

describe('loadgate serve --rate-limit on: methods and their classes', () => {
  let server: ServerProcess;
  const call = apiCaller(() => server.url);
  beforeAll(async () => {
    server = await startServerProcess({ args: ['--rate-limit', 'on'] });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('lets a GET and a POST go back to back, as the official latency action sends them', async () => {
    expect((await call('GET', '/v1/latency/locations/')).status).toBe(200);
    expect((await call('POST', '/v1/environment/', { json: { name: 'e', vars: [] } })).status).toBe(201);
  });

  it('answers CONNECT and methods the server does not serve in JSON, never by closing the connection', async () => {
    const connectAnswer = await rawRequest(
      server.port,
      `CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\nX-API-KEY: ${TEST_KEY}\r\n\r\n`,
    );
    expect(connectAnswer.status).toBe(405);
    expect(JSON.parse(connectAnswer.body).error.code).toBe('method_not_allowed');
    const propfind = await rawRequest(
      server.port,
      `PROPFIND /v1/environment/ HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${TEST_KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(propfind.status).toBe(405);
    expect(propfind.head).toMatch(/^allow: POST, GET, HEAD$/im);
    expect(JSON.parse(propfind.body).error.code).toBe('method_not_allowed');
  });
});
