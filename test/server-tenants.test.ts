// `loadgate serve` shared by two teams (docs/server.md, "Tenants"; docs/security.md): keys
// `teamA:…` (two of them) and `teamB:…`. B reaches none of A's records, cannot name them from a
// test, and A's target hears nothing from B; A's test sends A's secret and password, which no
// file in the database's folder holds; every file and folder the server made there is its
// owner's alone under umask 022; a masked secret sent back keeps its value. A real server process
// and real HTTP.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, expectError, pollUntil } from './helpers/api-call.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const KEY_A = 'team-a-key-0123456789';
const KEY_A2 = 'team-a-second-key-987654';
const KEY_B = 'team-b-key-abcdefghij';
const SECRET = 'tok-Zq8sealed-secret-5Kx';
const PASSWORD = 'pw-Rt3from-the-csv-9Lm';

/** Every file and folder under `dir`, with its mode bits. */
async function entries(dir: string): Promise<Array<{ path: string; mode: number; folder: boolean }>> {
  const found: Array<{ path: string; mode: number; folder: boolean }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, mode: (await stat(path)).mode & 0o777, folder: entry.isDirectory() });
  }
  return found;
}

/** The files under `dir` whose bytes hold `text`. */
async function filesHolding(dir: string, text: string): Promise<string[]> {
  const holding: string[] = [];
  for (const entry of await entries(dir)) {
    if (!entry.folder && (await readFile(entry.path)).includes(Buffer.from(text))) holding.push(entry.path);
  }
  return holding;
}

describe('loadgate serve with two tenants', () => {
  let server: ServerProcess;
  let target: Target;
  const callServer = apiCaller(() => server.url);
  const asA = (method: string, path: string, options: Parameters<typeof callServer>[2] = {}) =>
    callServer(method, path, { ...options, key: KEY_A });
  const asB = (method: string, path: string, options: Parameters<typeof callServer>[2] = {}) =>
    callServer(method, path, { ...options, key: KEY_B });
  const finished = (id: string) =>
    pollUntil(
      () => asA('GET', `/v1/load/test/${id}/`).then((a) => a.body),
      (t) => ['completed', 'incomplete', 'failed', 'stopped'].includes(t.status),
      `test ${id} to end`,
    );
  const a: Record<string, string> = {};
  const secretsSent = () =>
    target.received.map((r) => {
      const query = new URLSearchParams(r.url.split('?')[1]);
      return { t: query.get('t'), pw: query.get('pw') };
    });

  beforeAll(async () => {
    target = await startTarget();
    server = await startServerProcess({ keys: [`teamA:${KEY_A}`, `teamB:${KEY_B}`, `teamA:${KEY_A2}`], umask: '022' });
    const env = await asA('POST', '/v1/environment/', {
      json: {
        name: 'staging',
        vars: [
          { key: 'BASE', value: target.url },
          { key: 'TOKEN', value: SECRET, secret: true },
        ],
      },
    });
    expect(env.status).toBe(201);
    a.environment = env.body.id;
    const form = new FormData();
    form.append('name', 'users');
    form.append('file_config', JSON.stringify({ delimiter: ',', vars: { '0': { tag: 'pw' } }, skip_first_line: true }));
    form.append('file', new Blob([`pw\n${PASSWORD}\n`], { type: 'text/csv' }), 'users.csv');
    const data = await asA('POST', '/v1/testdata/', { form });
    expect(data.status).toBe(201);
    a.testData = data.body.id;
    const step = { id: 1, url: '{{BASE}}/ok?t={{TOKEN}}&pw={{data.users.pw}}' };
    const plan = await asA('POST', '/v1/load/plan/', {
      json: { name: 'a plan', config_data: { steps: [step], iteration_count: 3, duration: 1 } },
    });
    expect(plan.status).toBe(201);
    a.plan = plan.body.id;
    const latency = await asA('POST', '/v1/latency/plan/', { json: { name: 'a latency', target: `${target.url}/ok`, locations: ['*'] } });
    expect(latency.status).toBe(201);
    a.latencyPlan = latency.body.id;
    const test = await asA('POST', '/v1/load/test/', { json: { plan_id: a.plan, environment: 'staging', test_data: ['users'] } });
    expect(test.status).toBe(201);
    a.test = test.body.id;
    expect(await finished(test.body.id)).toMatchObject({ status: 'completed' });
  });

  afterAll(async () => {
    await server?.dispose();
    await target?.close();
  });

  it("sends A's secret and password in A's own test", () => {
    expect(secretsSent()).toEqual(Array.from({ length: 3 }, () => ({ t: SECRET, pw: PASSWORD })));
  });

  it("answers B 404 for each of A's records, on GET, PATCH and DELETE, and lists none of them to B", async () => {
    const records: Array<[string, string]> = [
      ['/v1/environment/', a.environment!],
      ['/v1/testdata/', a.testData!],
      ['/v1/load/plan/', a.plan!],
      ['/v1/latency/plan/', a.latencyPlan!],
      ['/v1/load/test/', a.test!],
    ];
    for (const [collection, id] of records) {
      const path = `${collection}${id}/`;
      for (const method of collection === '/v1/load/test/' ? ['GET', 'DELETE'] : ['GET', 'PATCH', 'DELETE']) {
        const answer = await asB(method, path, method === 'PATCH' ? { json: { name: 'taken over' } } : {});
        expectError(answer, 404, 'not_found');
        expect(JSON.stringify(answer.body), `${method} ${path}`).not.toContain('taken over');
      }
      expect((await asB('GET', collection)).body, collection).toEqual([]);
      expect(
        (await asA('GET', collection)).body.map((r: { id: string }) => r.id),
        collection,
      ).toContain(id);
    }
    for (const path of [`/v1/load/test/${a.test}/result/`, `/v1/load/test/${a.test}/stop/`])
      expectError(await asB('GET', path), 404, 'not_found');
    expectError(await asB('POST', `/v1/latency/plan/${a.latencyPlan}/test/`), 404, 'not_found');
    // Nothing B did changed A's records.
    expect((await asA('GET', `/v1/environment/${a.environment}/`)).body.name).toBe('staging');
    expect((await asA('GET', `/v1/load/test/${a.test}/`)).body.status).toBe('completed');
  });

  it("refuses B's test naming A's environment, data set and plan as it refuses unknown names, and A's target hears nothing", async () => {
    target.reset();
    const step = { id: 1, url: `${target.url}/steal?t={{TOKEN}}&pw={{data.users.pw}}` };
    const byName = await asB('POST', '/v1/load/test/', {
      json: {
        name: 'steal',
        config_data: { steps: [step], iteration_count: 1, duration: 1 },
        environment: 'staging',
        test_data: ['users'],
      },
    });
    expectError(byName, 422, 'invalid_request');
    expect(byName.body.error.message).toContain('$.environment: no stored environment with id or name "staging"');
    expect(byName.body.error.message).toContain('$.test_data[0]: no stored test data set with id or name "users"');
    const byId = await asB('POST', '/v1/load/test/', {
      json: {
        name: 'steal',
        config_data: { steps: [step], iteration_count: 1, duration: 1 },
        environment: a.environment,
        test_data: [a.testData],
      },
    });
    expectError(byId, 422, 'invalid_request');
    expect(byId.body.error.field).toBe('$.environment');
    const fromPlan = await asB('POST', '/v1/load/test/', { json: { plan_id: a.plan } });
    expectError(fromPlan, 422, 'invalid_request');
    expect(fromPlan.body.error).toMatchObject({
      field: '$.plan_id',
      message: `$.plan_id: no stored plan with id "${a.plan}" (GET /v1/load/plan/ lists them)`,
    });
    expect((await asB('GET', '/v1/load/test/')).body).toEqual([]);
    expect(target.received).toEqual([]);
  });

  it("lets B have an environment of the same name, apart from A's", async () => {
    const own = await asB('POST', '/v1/environment/', { json: { name: 'staging', vars: [{ key: 'BASE', value: 'http://127.0.0.1:9' }] } });
    expect(own.status).toBe(201);
    expect((await asB('GET', '/v1/environment/')).body.map((e: { id: string }) => e.id)).toEqual([own.body.id]);
    expect((await asA('GET', '/v1/environment/')).body.map((e: { id: string }) => e.id)).toEqual([a.environment]);
  });

  it("reads A's environment with A's second key, the secret masked", async () => {
    const read = await callServer('GET', `/v1/environment/${a.environment}/`, { key: KEY_A2 });
    expect(read.status).toBe(200);
    expect(read.body.vars).toEqual([
      { key: 'BASE', value: target.url },
      { key: 'TOKEN', value: '***', secret: true },
    ]);
  });

  it('keeps the secret and the password out of every file in the database folder', async () => {
    expect(await filesHolding(server.dir, SECRET)).toEqual([]);
    // The data set's own file holds its rows; nothing else does.
    expect(await filesHolding(server.dir, PASSWORD)).toEqual([join(server.dir, 'server-data', `${a.testData}.csv`)]);
  });

  it('makes every file and folder in the database folder its own alone under umask 022', async () => {
    const found = await entries(server.dir);
    expect(found.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        server.dbPath,
        `${server.dbPath}-wal`,
        join(server.dir, 'server-data'),
        join(server.dir, 'server-data', 'secret.key'),
      ]),
    );
    for (const entry of found) expect({ path: entry.path, open: entry.mode & 0o077 }).toEqual({ path: entry.path, open: 0 });
    expect((await stat(server.dir)).mode & 0o077).toBe(0);
  });

  it('keeps the secret when the environment is read and PATCHed back as answered; the next test sends it', async () => {
    const read = await asA('GET', `/v1/environment/${a.environment}/`);
    const patched = await asA('PATCH', `/v1/environment/${a.environment}/`, { json: { vars: read.body.vars } });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(read.body);
    target.reset();
    const test = await asA('POST', '/v1/load/test/', { json: { plan_id: a.plan, environment: a.environment, test_data: [a.testData] } });
    expect(test.status).toBe(201);
    expect(await finished(test.body.id)).toMatchObject({ status: 'completed' });
    expect(secretsSent()).toEqual(Array.from({ length: 3 }, () => ({ t: SECRET, pw: PASSWORD })));
    expect(await filesHolding(server.dir, SECRET)).toEqual([]);
  });

  it('refuses *** for a secret that has no stored value, rather than storing it', async () => {
    const answer = await asA('POST', '/v1/environment/', { json: { name: 'copy', vars: [{ key: 'TOKEN', value: '***', secret: true }] } });
    expectError(answer, 422, 'invalid_request');
    expect(answer.body.error.field).toBe('$.vars[0].value');
  });

  it('deletes a test with its result and report page, for its own tenant only', async () => {
    const report = await callServer('GET', `/report/${a.test}/`, { key: null });
    expect(report.status).toBe(200);
    const deleted = await asA('DELETE', `/v1/load/test/${a.test}/`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: a.test, status: 'completed' });
    expectError(await asA('GET', `/v1/load/test/${a.test}/`), 404, 'not_found');
    expectError(await asA('GET', `/v1/load/test/${a.test}/result/`), 404, 'not_found');
    expect((await callServer('GET', `/report/${a.test}/`, { key: null })).status).toBe(404);
  });

  it('stops a running test before deleting it', async () => {
    const long = await asA('POST', '/v1/load/test/', {
      json: { name: 'long', config_data: { steps: [{ id: 1, url: `${target.url}/ok` }], iteration_count: 200, duration: 20 } },
    });
    await pollUntil(
      () => asA('GET', `/v1/load/test/${long.body.id}/`).then((x) => x.body.status),
      (s) => s === 'running',
      'the long test to run',
    );
    const deleted = await asA('DELETE', `/v1/load/test/${long.body.id}/`);
    expect(deleted.body).toMatchObject({ id: long.body.id, status: 'stopped' });
    expectError(await asA('GET', `/v1/load/test/${long.body.id}/`), 404, 'not_found');
    expect(server.stderr()).toMatch(new RegExp(`test ${long.body.id} \\(long\\): deleted`));
  });
});
