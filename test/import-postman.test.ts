// `loadgate import postman`: a v2.1 collection with folders, collection variables, an environment
// file and bearer auth imports to a definition whose environment holds the variables and whose
// token is a secret variable; it runs against a local server with every step 2xx.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type Target } from './helpers/targets.ts';
import {
  FIXTURES,
  importToFile,
  runImported,
  runLoadgate,
  secretKeys,
  statusesByStep,
  DEEP_ARRAYS,
  tooDeepLine,
} from './helpers/import.ts';

const COLLECTION = join(FIXTURES, 'shop.postman_collection.json');

/** The shop's API: each route answers 2xx only for the request the collection describes. */
function shop(): Promise<Target> {
  return startTarget({
    handler: (req, res, got) => {
      const bearer = got.headers.authorization === 'Bearer tok-env-5e1f';
      const routes: Record<string, boolean> = {
        'GET /users?page=1': bearer && got.headers.accept === 'application/json',
        'POST /users':
          bearer &&
          /^[0-9a-f-]{36}$/.test(String(got.headers['x-request-id'])) &&
          got.body === '{"name": "Ada", "plan": "pro"}' &&
          got.headers['content-type'] === 'application/json',
        'GET /admin/audit': got.headers['x-admin-key'] === 'adm-7f3a9c' && got.headers.authorization === undefined,
        'POST /login':
          got.body === 'user=ada' &&
          got.headers['content-type'] === 'application/x-www-form-urlencoded' &&
          got.headers.authorization === undefined,
      };
      const ok = routes[`${req.method} ${got.url}`] === true;
      res.writeHead(ok ? (req.method === 'POST' ? 201 : 200) : 400).end();
      return true;
    },
  });
}

let target: Target;
let environment: string;
beforeAll(async () => {
  target = await shop();
  environment = join(mkdtempSync(join(tmpdir(), 'loadgate-postman-')), 'local.postman_environment.json');
  writeFileSync(environment, readFileSync(join(FIXTURES, 'shop.postman_environment.json'), 'utf8').replace('BASE_URL', target.url));
});
afterAll(() => target.close());

describe('loadgate import postman', () => {
  it('flattens the folders into named steps, with the variables as the environment and the credentials as secrets', async () => {
    const imported = await importToFile('postman', COLLECTION, ['--environment', environment]);
    expect(imported.code).toBe(0);
    const definition = imported.definition!;
    expect(definition.name).toBe('Shop API');
    expect(definition.config_data.steps.map((s) => [s.name, s.method, s.url])).toEqual([
      ['Users / List users', 'GET', '{{baseUrl}}/users?page={{page}}'],
      ['Users / Create user', 'POST', '{{baseUrl}}/users'],
      ['Users / Admin / Audit log', 'GET', '{{baseUrl}}/admin/audit'],
      ['Login', 'POST', '{{baseUrl}}/login'],
    ]);
    expect(definition.config_data.steps[0]!.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer {{token}}' });
    expect(definition.config_data.steps[1]!.headers!['X-Request-Id']).toBe('{{_randomUUID}}');
    expect(definition.config_data.steps[1]!.payload).toBe('{"name": "{{user_name}}", "plan": "{{plan}}"}');
    expect(definition.config_data.steps[2]!.headers).toEqual({ 'X-Admin-Key': '{{X_ADMIN_KEY}}' });
    // The environment file's values win over the collection's; its disabled entry is left out.
    expect(definition.environment!.vars).toEqual([
      { key: 'baseUrl', value: target.url },
      { key: 'page', value: '1' },
      { key: 'user_name', value: 'Ada' },
      { key: 'token', value: '', secret: true },
      { key: 'plan', value: 'pro' },
      { key: 'pin', value: '', secret: true },
      { key: 'X_ADMIN_KEY', value: '', secret: true },
    ]);
    expect(secretKeys(definition)).toEqual(['X_ADMIN_KEY', 'pin', 'token']);
    const text = readFileSync(imported.file, 'utf8');
    expect(text).not.toContain('4242');
    expect(text).not.toContain('tok-env-5e1f');
    expect(text).not.toContain('adm-7f3a9c');
    expect(imported.stderr).toContain('pre-request script of the collection (scripts are not run)');
    expect(imported.stderr).toContain('test script of Users / List users (scripts are not run)');
    expect(imported.stderr).toMatch(/- token: marked secret in the source; Authorization header \(steps 1, 2\)/);

    const result = await runImported(definition, { token: 'tok-env-5e1f', X_ADMIN_KEY: 'adm-7f3a9c' });
    expect(Object.values(statusesByStep(definition, result))).toEqual([['200'], ['201'], ['200'], ['201']]);
  });

  it('--keep-secrets writes the values, still marked secret; the run then needs no -e', async () => {
    const imported = await importToFile('postman', COLLECTION, ['--environment', environment, '--keep-secrets']);
    expect(imported.definition!.environment!.vars).toContainEqual({ key: 'token', value: 'tok-env-5e1f', secret: true });
    const result = await runImported(imported.definition!);
    expect(
      Object.values(statusesByStep(imported.definition!, result))
        .flat()
        .every((s) => s.startsWith('2')),
    ).toBe(true);
  });

  it('reads Collection v2.0 (auth as an object, the URL as a string)', async () => {
    const imported = await importToFile('postman', join(FIXTURES, 'v2.0.postman_collection.json'));
    const definition = imported.definition!;
    expect(definition.config_data.steps).toEqual([
      { id: 1, name: 'Health', method: 'GET', url: '{{baseUrl}}/health', headers: { Authorization: 'Bearer {{BEARER_TOKEN}}' } },
    ]);
    // A URL's origin without a value is a local one, so that the file validates and runs as is.
    expect(definition.environment!.vars).toEqual([
      { key: 'BEARER_TOKEN', value: '', secret: true },
      { key: 'baseUrl', value: 'http://127.0.0.1:8080' },
    ]);
    expect(imported.stderr).toContain(
      'baseUrl starts the URLs: it has no value, so it is http://127.0.0.1:8080 (change it with -e baseUrl=…)',
    );
  });

  it('a v1 collection is an error naming the file, exit 2', async () => {
    const run = await runLoadgate(['import', 'postman', join(FIXTURES, 'postman-v1.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${join(FIXTURES, 'postman-v1.json')}: $.requests: a Postman Collection v1, which is not read: export it again from Postman as Collection v2.1`,
    );
  });

  it('a collection nested 100,000 deep is refused with its file and the path where it passed 256 levels, exit 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loadgate-postman-')), 'deep.json');
    writeFileSync(file, `{"info": {"name": "x"}, "item": [{"name": "a \\"[{", "request": ${DEEP_ARRAYS}}]}`);
    const deep = await runLoadgate(['import', 'postman', file]);
    expect(deep.code).toBe(2);
    // The brackets inside the quoted name are text, not nesting.
    expect(deep.stderr).toContain(tooDeepLine(file, `$.item[0].request${'[0]'.repeat(253)}`));
    expect(deep.stderr).not.toContain('call stack');
  });
});
