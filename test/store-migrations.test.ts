// A database written by loadgate 0.1.0's serve at /data/loadgate.db (test/fixtures/store-0.1.0,
// made by scripts/make-store-fixture.ts), restored with its data folder at another path, opens
// with today's serve: every record answers as 0.1.0 answered, the data set feeds a new test; the
// same file marked with a newer schema is refused and left byte for byte as it was.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../src/server/store/migrations.ts';
import { apiCaller, pollUntil } from './helpers/api-call.ts';
import { startServerProcess, TEST_KEY, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const FIXTURE = new URL('./fixtures/store-0.1.0/', import.meta.url).pathname;
const SECOND_KEY = 'team-b-key-0123456789';

interface Fixture {
  written_at: string;
  ids: { environment: string; testData: string; plan: string; deletedPlan: string; test: string; secondTest: string };
  answers: Record<string, unknown>;
}

const fixture = JSON.parse(await readFile(join(FIXTURE, 'answers.json'), 'utf8')) as Fixture;

/** The fixture's database and data folder, copied into a new temporary folder. */
async function restoredCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loadgate-restored-'));
  await cp(join(FIXTURE, 'loadgate.db'), join(dir, 'loadgate.db'));
  await cp(join(FIXTURE, 'loadgate-data'), join(dir, 'loadgate-data'), { recursive: true });
  return dir;
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

function userVersion(path: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  } finally {
    db.close();
  }
}

/** test_data.file_path of every row, as stored. */
function storedFilePaths(path: string): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare('SELECT file_path FROM test_data')
      .all()
      .map((row) => String(row.file_path))
      .sort();
  } finally {
    db.close();
  }
}

describe('a 0.1.0 database restored elsewhere', () => {
  let dir: string;
  let server: ServerProcess;
  let target: Target;
  const call = apiCaller(() => server.url);

  beforeAll(async () => {
    target = await startTarget();
    dir = await restoredCopy();
    server = await startServerProcess({ dir, dbFile: 'loadgate.db' });
  });

  afterAll(async () => {
    await server?.dispose();
    await target?.close();
  });

  it('was written at /data/loadgate.db, and is restored at another path', () => {
    expect(fixture.written_at).toBe('/data/loadgate.db');
    expect(server.dbPath).not.toBe(fixture.written_at);
  });

  it('answers every record as 0.1.0 did', async () => {
    const paths = Object.keys(fixture.answers);
    expect(paths.length).toBeGreaterThanOrEqual(11);
    for (const path of paths) {
      const answer = await call('GET', path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 200, body: fixture.answers[path] });
    }
  });

  it('keeps a plan deleted while a test named it hidden, and the test naming it', async () => {
    const plans = (await call('GET', '/v1/load/plan/')).body as Array<{ id: string }>;
    expect(plans.map((p) => p.id)).not.toContain(fixture.ids.deletedPlan);
    expect((await call('GET', `/v1/load/test/${fixture.ids.secondTest}/`)).body.plan_id).toBe(fixture.ids.deletedPlan);
  });

  it('feeds the restored data set to a new test', async () => {
    target.reset();
    const created = await call('POST', '/v1/load/test/', {
      json: {
        name: 'after the restore',
        config_data: { steps: [{ id: 1, url: `${target.url}/ok?user={{data.people.email}}` }], iteration_count: 2, duration: 1 },
        test_data: [fixture.ids.testData],
      },
    });
    expect(created.status).toBe(201);
    const test = await pollUntil(
      () => call('GET', `/v1/load/test/${created.body.id}/`).then((a) => a.body),
      (t) => ['completed', 'failed', 'stopped'].includes(t.status),
      'the new test to finish',
    );
    expect(test).toMatchObject({ status: 'completed', failure_reason: null });
    const users = target.received.map((r) => new URLSearchParams(r.url.split('?')[1]).get('user'));
    // The data set's order is random: each request carries one of its rows.
    expect(users).toHaveLength(2);
    for (const user of users) expect(['a@example.com', 'b@example.com']).toContain(user);
  });

  it('is at the newest schema version, with a copy of the 0.1.0 file beside it, and keeps files by their name in the data folder', async () => {
    const form = new FormData();
    form.append('name', 'new');
    form.append('file_config', JSON.stringify({ delimiter: ',', vars: { '0': { tag: 'email' } }, skip_first_line: true }));
    form.append('file', new Blob(['email\nc@example.com\n'], { type: 'text/csv' }), 'new.csv');
    const upload = await call('POST', '/v1/testdata/', { form });
    expect(upload.status).toBe(201);
    await server.stop();
    expect(userVersion(join(dir, 'loadgate.db'))).toBe(SCHEMA_VERSION);
    expect(storedFilePaths(join(dir, 'loadgate.db'))).toEqual([`${fixture.ids.testData}.csv`, `${upload.body.id}.csv`].sort());
    expect(await sha256(join(dir, 'loadgate.db.v0.bak'))).not.toBe('');
    expect(userVersion(join(dir, 'loadgate.db.v0.bak'))).toBe(0);
    server = await server.restart();
    expect((await call('GET', `/v1/testdata/${fixture.ids.testData}/`)).body).toEqual(
      fixture.answers[`/v1/testdata/${fixture.ids.testData}/`],
    );
  });
});

const SECRETS_FIXTURE = new URL('./fixtures/store-v3-secrets/', import.meta.url).pathname;

interface SecretsFixture {
  ids: { environment: string; test: string };
  secrets: { kept: string; replaced: string; deleted: string };
}

/** The files under `dir` whose bytes hold `text`. */
async function filesHolding(dir: string, text: string): Promise<string[]> {
  const holding: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && (await readFile(path)).includes(Buffer.from(text))) holding.push(path);
  }
  return holding;
}

// test/fixtures/store-v3-secrets, made by scripts/make-secrets-fixture.ts with the last release that
// kept secret values in plain text: an environment's secret, a test's copy of it, a secret replaced
// and one deleted (still in the file's free space).
describe('a database written before secrets were sealed', () => {
  const facts = JSON.parse(readFileSync(join(SECRETS_FIXTURE, 'facts.json'), 'utf8')) as SecretsFixture;
  let dir: string;
  let server: ServerProcess;
  let target: Target;
  const call = apiCaller(() => server.url);

  beforeAll(async () => {
    target = await startTarget();
    dir = await mkdtemp(join(tmpdir(), 'loadgate-sealing-'));
    await cp(join(SECRETS_FIXTURE, 'loadgate.db'), join(dir, 'loadgate.db'));
    // As the release left it: the kept secret twice (the environment and the test's copy), the deleted one in free space.
    expect(await filesHolding(dir, facts.secrets.kept)).toEqual([join(dir, 'loadgate.db')]);
    expect(await filesHolding(dir, facts.secrets.deleted)).toEqual([join(dir, 'loadgate.db')]);
    server = await startServerProcess({ dir, dbFile: 'loadgate.db', keys: [TEST_KEY, `teamB:${SECOND_KEY}`] });
  });

  afterAll(async () => {
    await server?.dispose();
    await target?.close();
  });

  it("gives every record to the tenant default, a bare key's, and none to another tenant", async () => {
    const environments = (await call('GET', '/v1/environment/')).body as Array<{ id: string; vars: unknown }>;
    expect(environments.map((e) => e.id)).toEqual([facts.ids.environment]);
    expect(environments[0]!.vars).toEqual([
      { key: 'TOKEN', value: '***', secret: true },
      { key: 'PLAIN', value: 'not-a-secret' },
    ]);
    expect((await call('GET', '/v1/load/test/')).body.map((t: { id: string }) => t.id)).toEqual([facts.ids.test]);
    for (const path of ['/v1/environment/', '/v1/load/test/', '/v1/load/plan/']) {
      expect((await call('GET', path, { key: SECOND_KEY })).body, path).toEqual([]);
    }
    expect((await call('GET', `/v1/environment/${facts.ids.environment}/`, { key: SECOND_KEY })).status).toBe(404);
  });

  it('seals every secret value at the first start: no file in the folder holds one, the copy taken before the upgrade included', async () => {
    for (const secret of Object.values(facts.secrets)) expect(await filesHolding(dir, secret), secret).toEqual([]);
    expect(await readdir(dir)).not.toContain('loadgate.db.v3.bak');
    expect(server.stderr()).toMatch(
      /the database held secret values in plain text: they are sealed now, and the copy taken before this upgrade \(.*loadgate\.db\.v3\.bak\), which held them too, was removed/,
    );
  });

  it('sends the sealed value, opened, in a new test naming the environment', async () => {
    const created = await call('POST', '/v1/load/test/', {
      json: {
        name: 'after sealing',
        config_data: { steps: [{ id: 1, url: `${target.url}/ok?t={{TOKEN}}` }], iteration_count: 2, duration: 1 },
        environment: facts.ids.environment,
      },
    });
    expect(created.status).toBe(201);
    const test = await pollUntil(
      () => call('GET', `/v1/load/test/${created.body.id}/`).then((a) => a.body),
      (t) => ['completed', 'failed', 'stopped'].includes(t.status),
      'the test to finish',
    );
    expect(test.status).toBe('completed');
    expect(target.received.map((r) => new URLSearchParams(r.url.split('?')[1]).get('t'))).toEqual([facts.secrets.kept, facts.secrets.kept]);
  });

  it('refuses to start with another secret key, naming it, and leaves the file as it was', async () => {
    await server.stop();
    const before = await sha256(join(dir, 'loadgate.db'));
    const other = Buffer.alloc(32, 7).toString('base64');
    await expect(startServerProcess({ dir, dbFile: 'loadgate.db', env: { LOADGATE_SECRET_KEY: other } })).rejects.toThrow(
      /exited with 2[\s\S]*the secret key \(LOADGATE_SECRET_KEY\) is not the one that sealed the secret values of the database/,
    );
    expect(await sha256(join(dir, 'loadgate.db'))).toBe(before);
    server = await server.restart();
    expect((await call('GET', `/v1/environment/${facts.ids.environment}/`)).status).toBe(200);
  });
});

describe('a database from a newer loadgate', () => {
  let dir: string;

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is refused with its file, its version and the newest known, and left unchanged', async () => {
    dir = await restoredCopy();
    const path = join(dir, 'loadgate.db');
    const newer = new DatabaseSync(path);
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();
    const before = await sha256(path);
    const files = await readdir(dir);

    await expect(startServerProcess({ dir, dbFile: 'loadgate.db' })).rejects.toThrow(
      `loadgate serve: the database ${path} has schema version ${SCHEMA_VERSION + 1}, and this loadgate serve knows versions up to ${SCHEMA_VERSION}`,
    );
    expect(await sha256(path)).toBe(before);
    expect(await readdir(dir)).toEqual(files);
  });
});
