// Writes test/fixtures/store-0.1.0/: a database made by loadgate 0.1.0's `serve` where the
// manifests put it (--db /data/loadgate.db), its data folder, and the API's answers for every
// record, read from that server. test/store-migrations.test.ts opens a copy elsewhere with today's
// serve and compares. Usage, with 0.1.0's sources unpacked beside a node_modules:
//   git archive e5b1c40 | tar -x -C /tmp/v010 && ln -s "$PWD/node_modules" /tmp/v010/node_modules
//   npx node scripts/make-store-fixture.ts /tmp/v010
// /data must not exist (the script makes it and removes it).
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startOldServe } from './old-serve.ts';

const OLD_CHECKOUT = process.argv[2];
const DB = '/data/loadgate.db';
const FIXTURE = new URL('../test/fixtures/store-0.1.0/', import.meta.url).pathname;
const KEY = 'fixture-key-0123456789';

if (!OLD_CHECKOUT) throw new Error('usage: npx node scripts/make-store-fixture.ts OLD_CHECKOUT');
await mkdir('/data');
const { targetUrl, call, finished, stop } = await startOldServe(OLD_CHECKOUT, DB, KEY);

const environment = (await call('POST', '/v1/environment/', { name: 'fixture', vars: [{ key: 'BASE', value: targetUrl }] })) as {
  id: string;
};
const upload = new FormData();
upload.append('name', 'people');
upload.append('file_config', JSON.stringify({ delimiter: ',', vars: { '0': { tag: 'email' } }, skip_first_line: true }));
upload.append('file', new Blob(['email\na@example.com\nb@example.com\n'], { type: 'text/csv' }), 'people.csv');
const data = (await call('POST', '/v1/testdata/', upload)) as { id: string };
const step = { id: 1, name: 'visit', url: '{{BASE}}/ok?user={{data.people.email}}' };
const plan = (await call('POST', '/v1/load/plan/', {
  name: 'fixture plan',
  config_data: { steps: [step], iteration_count: 4, duration: 1 },
})) as {
  id: string;
};
const test = (await call('POST', '/v1/load/test/', { plan_id: plan.id, environment: environment.id, test_data: [data.id] })) as {
  id: string;
};
await finished(test.id);
// A plan deleted while a test names it stays, hidden (the soft delete the migrations fold in).
const hidden = (await call('POST', '/v1/load/plan/', { name: 'deleted plan', config_data: { steps: [step], iteration_count: 2 } })) as {
  id: string;
};
const second = (await call('POST', '/v1/load/test/', { plan_id: hidden.id, environment: environment.id, test_data: [data.id] })) as {
  id: string;
};
await finished(second.id);
await call('DELETE', `/v1/load/plan/${hidden.id}/`);

const paths = [
  '/v1/environment/',
  `/v1/environment/${environment.id}/`,
  '/v1/testdata/',
  `/v1/testdata/${data.id}/`,
  '/v1/load/plan/',
  `/v1/load/plan/${plan.id}/`,
  '/v1/load/test/',
  `/v1/load/test/${test.id}/`,
  `/v1/load/test/${test.id}/result/`,
  `/v1/load/test/${second.id}/`,
  `/v1/load/test/${second.id}/result/`,
];
const answers: Record<string, unknown> = {};
for (const path of paths) answers[path] = await call('GET', path);

await stop();
await rm(FIXTURE, { recursive: true, force: true });
await mkdir(FIXTURE, { recursive: true });
await cp(DB, join(FIXTURE, 'loadgate.db'));
await cp('/data/loadgate-data', join(FIXTURE, 'loadgate-data'), { recursive: true });
const ids = { environment: environment.id, testData: data.id, plan: plan.id, deletedPlan: hidden.id, test: test.id, secondTest: second.id };
await writeFile(join(FIXTURE, 'answers.json'), `${JSON.stringify({ written_at: DB, ids, answers }, null, 2)}\n`);
console.log(`wrote ${FIXTURE}: ${(await readdir(FIXTURE)).join(', ')}`);
await rm('/data', { recursive: true });
