// A database written by loadgate 0.1.0's serve at /data/loadgate.db (test/fixtures/store-0.1.0,
// made by scripts/make-store-fixture.ts), restored with its data folder at another path, opens
// with today's serve: every record answers as 0.1.0 answered, the data set feeds a new test; the
// same file marked with a newer schema is refused and left byte for byte as it was.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../src/server/store/migrations.ts';
import { apiCaller, pollUntil } from './helpers/api-call.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const FIXTURE = new URL('./fixtures/store-0.1.0/', import.meta.url).pathname;

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
