// What `loadgate serve` does with its secret key and its files over time (docs/server.md,
// "Secrets at rest", "Deleting tests"): --rotate-secret-key seals every value again under a new
// key, after which only that key opens the database; --retention deletes old tests; a data folder
// left open to others is tightened at start. A real server process on a real database.
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, pollUntil } from './helpers/api-call.ts';
import { cleanEnv, runNode } from './helpers/process.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const SECRET = 'rotated-secret-value-3Jv';

describe('loadgate serve --secret-key-file, --rotate-secret-key and --retention', () => {
  let dir: string;
  let server: ServerProcess;
  let target: Target;
  const call = apiCaller(() => server.url);
  const keys = { old: '', next: '' };
  const ids = { environment: '', oldTest: '', newTest: '' };
  const start = (keyFile: string, args: string[] = []) =>
    startServerProcess({ dir, dbFile: 'server.db', args: ['--secret-key-file', keyFile, ...args] });
  const runTest = async () => {
    const created = await call('POST', '/v1/load/test/', {
      json: {
        name: 'secret',
        config_data: { steps: [{ id: 1, url: `${target.url}/ok?t={{T}}` }], iteration_count: 1, duration: 1 },
        environment: ids.environment,
      },
    });
    expect(created.status).toBe(201);
    await pollUntil(
      () => call('GET', `/v1/load/test/${created.body.id}/`).then((a) => a.body.status),
      (status) => !['initial', 'running'].includes(status),
      'the test to end',
    );
    return created.body.id as string;
  };

  beforeAll(async () => {
    target = await startTarget();
    dir = await mkdtemp(join(tmpdir(), 'loadgate-secret-key-'));
    keys.old = join(dir, 'old.key');
    keys.next = join(dir, 'next.key');
    await writeFile(keys.old, `${Buffer.alloc(32, 1).toString('base64')}\n`);
    await writeFile(keys.next, `${Buffer.alloc(32, 2).toString('base64')}\n`);
    server = await start(keys.old);
    const env = await call('POST', '/v1/environment/', { json: { name: 'e', vars: [{ key: 'T', value: SECRET, secret: true }] } });
    ids.environment = env.body.id;
    ids.oldTest = await runTest();
    await server.stop();
  });

  afterAll(async () => {
    await server?.dispose();
    await target?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('makes no key file in the data folder when a key is given', async () => {
    await expect(stat(join(dir, 'server-data', 'secret.key'))).rejects.toThrow(/ENOENT/);
  });

  it('seals every value again under the new key and exits; then only the new key opens the database', async () => {
    const db = join(dir, 'server.db');
    const rotated = await runNode(
      ['src/cli/entry.ts', 'serve', '--db', db, '--secret-key-file', keys.old, '--rotate-secret-key', keys.next],
      {
        env: cleanEnv(),
      },
    );
    expect(rotated.code, rotated.out).toBe(0);
    expect(rotated.stderr).toMatch(/sealed the secret values of 2 record\(s\) again under the key in .*next\.key/);
    await expect(start(keys.old)).rejects.toThrow(/exited with 2[\s\S]*is not the one that sealed the secret values/);
    server = await start(keys.next);
    target.reset();
    ids.newTest = await runTest();
    expect(target.received.map((r) => new URLSearchParams(r.url.split('?')[1]).get('t'))).toEqual([SECRET]);
    await server.stop();
  });

  it('deletes the tests that ended more than --retention days ago, with their results, and keeps the others', async () => {
    const db = new DatabaseSync(join(dir, 'server.db'));
    db.prepare('UPDATE tests SET finished_at = ? WHERE id = ?').run(new Date(Date.now() - 3 * 86_400_000).toISOString(), ids.oldTest);
    db.close();
    server = await start(keys.next, ['--retention', '2']);
    expect((await call('GET', `/v1/load/test/${ids.oldTest}/`)).status).toBe(404);
    expect((await call('GET', `/v1/load/test/${ids.newTest}/`)).status).toBe(200);
    expect(server.stderr()).toMatch(/--retention 2: deleted 1 test\(s\) that ended more than 2 day\(s\) ago/);
    const left = new DatabaseSync(join(dir, 'server.db'), { readOnly: true });
    await server.stop();
    expect(left.prepare('SELECT COUNT(*) AS n FROM results WHERE test_id = ?').get(ids.oldTest)).toEqual({ n: 0 });
    left.close();
  });

  it('tightens a data folder and files left open to others, naming them in the log', async () => {
    await chmod(join(dir, 'server-data'), 0o755);
    await writeFile(join(dir, 'server-data', 'left.csv'), 'x\n', { mode: 0o644 });
    await chmod(join(dir, 'server-data', 'left.csv'), 0o644);
    server = await start(keys.next);
    expect((await stat(join(dir, 'server-data'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'server-data', 'left.csv'))).mode & 0o777).toBe(0o600);
    expect(server.stderr()).toMatch(/server-data was 0755 \(open to group or others\): made 0700/);
    expect(server.stderr()).toMatch(/left\.csv was 0644 \(open to group or others\): made 0600/);
  });
});
