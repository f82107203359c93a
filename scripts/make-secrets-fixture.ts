// Writes test/fixtures/store-v3-secrets/: a database made by the last loadgate `serve` that kept
// secret values in plain text (schema version 3), holding them where that release put them: an
// environment's secret variable, a test's copy of it, an environment whose secret was replaced, and
// one deleted. test/store-migrations.test.ts opens a copy with today's serve and checks that the
// first start seals every value and leaves none in any file. Usage, with that release's sources
// unpacked beside a node_modules:
//   git archive d2d00b9 | tar -x -C /tmp/v3 && ln -s "$PWD/node_modules" /tmp/v3/node_modules
//   npx node scripts/make-secrets-fixture.ts /tmp/v3
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOldServe } from './old-serve.ts';

const OLD_CHECKOUT = process.argv[2];
const FIXTURE = new URL('../test/fixtures/store-v3-secrets/', import.meta.url).pathname;
const KEY = 'fixture-key-0123456789';
/** The secret values the fixture holds in plain text, as that release stored them. */
const SECRETS = { kept: 'plain-secret-kept-7Hq2', replaced: 'plain-secret-replaced-4Wd9', deleted: 'plain-secret-deleted-8Pz1' };

if (!OLD_CHECKOUT) throw new Error('usage: npx node scripts/make-secrets-fixture.ts OLD_CHECKOUT');
const dir = await mkdtemp(join(tmpdir(), 'loadgate-secrets-fixture-'));
const db = join(dir, 'loadgate.db');
const { targetUrl, call, finished, stop } = await startOldServe(OLD_CHECKOUT, db, KEY);

const environment = await call<{ id: string }>('POST', '/v1/environment/', {
  name: 'sealed-later',
  vars: [
    { key: 'TOKEN', value: SECRETS.replaced, secret: true },
    { key: 'PLAIN', value: 'not-a-secret' },
  ],
});
await call('PATCH', `/v1/environment/${environment.id}/`, {
  vars: [
    { key: 'TOKEN', value: SECRETS.kept, secret: true },
    { key: 'PLAIN', value: 'not-a-secret' },
  ],
});
const gone = await call<{ id: string }>('POST', '/v1/environment/', {
  name: 'deleted',
  vars: [{ key: 'TOKEN', value: SECRETS.deleted, secret: true }],
});
await call('DELETE', `/v1/environment/${gone.id}/`);
const test = await call<{ id: string }>('POST', '/v1/load/test/', {
  name: 'with a secret',
  config_data: { steps: [{ id: 1, url: `${targetUrl}/ok?t={{TOKEN}}` }], iteration_count: 2, duration: 1 },
  environment: environment.id,
});
await finished(test.id);

await stop();
await rm(FIXTURE, { recursive: true, force: true });
await mkdir(FIXTURE, { recursive: true });
await cp(db, join(FIXTURE, 'loadgate.db'));
await writeFile(
  join(FIXTURE, 'facts.json'),
  `${JSON.stringify({ ids: { environment: environment.id, test: test.id }, secrets: SECRETS }, null, 2)}\n`,
);
console.log(`wrote ${FIXTURE}: ${(await readdir(FIXTURE)).join(', ')}`);
await rm(dir, { recursive: true });
