// `loadgate import openapi`: the OpenAPI 3 petstore (YAML, $refs) and a Swagger 2.0 document
// become one step per operation; values the documents do not give are named `{{VAR}}`s; a local
// server implementing the petstore answers every step.
import { mkdtempSync, writeFileSync } from 'node:fs';
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

/** The petstore of both documents: /v1 (OpenAPI 3) and /api (Swagger 2.0), strict about what it is sent. */
function petstore(): Promise<Target> {
  return startTarget({
    handler: (req, res, got) => {
      const json = () => {
        try {
          return JSON.parse(got.body) as unknown;
        } catch {
          return undefined;
        }
      };
      const routes: Record<string, () => number> = {
        'GET /v1/pets': () => 200,
        'POST /v1/pets': () =>
          JSON.stringify(json()) === '{"id":5,"name":"Rex"}' && got.headers['content-type'] === 'application/json' ? 201 : 400,
        'GET /v1/pets/5': () => 200,
        'GET /api/pets': () => 200,
        'POST /api/pets': () => (JSON.stringify(json()) === '{"id":6,"name":"Tom"}' ? 200 : 400),
        'GET /api/pets/6': () => 200,
        'DELETE /api/pets/6': () => 204,
      };
      res.writeHead(routes[`${req.method} ${got.url}`]?.() ?? 404).end();
      return true;
    },
  });
}

let target: Target;
beforeAll(async () => {
  target = await petstore();
});
afterAll(() => target.close());

describe('loadgate import openapi', () => {
  it('the OpenAPI 3 petstore: one step per operation, named variables where the document has no example', async () => {
    const imported = await importToFile('openapi', join(FIXTURES, 'petstore.yaml'));
    expect(imported.code).toBe(0);
    const definition = imported.definition!;
    expect(definition.config_data.steps.map((s) => [s.name, s.method, s.url])).toEqual([
      ['listPets', 'GET', '{{BASE_URL}}/pets'],
      ['createPets', 'POST', '{{BASE_URL}}/pets'],
      ['showPetById', 'GET', '{{BASE_URL}}/pets/{{petId}}'],
    ]);
    // The Pet schema came through its $ref: its required properties, as JSON with the values to set.
    expect(definition.config_data.steps[1]!.payload).toBe('{"id":{{createPets_id}},"name":"{{createPets_name}}"}');
    expect(definition.environment!.vars.map((v) => [v.key, v.value])).toEqual([
      ['BASE_URL', 'http://petstore.swagger.io/v1'],
      ['createPets_id', ''],
      ['createPets_name', ''],
      ['petId', ''],
    ]);
    expect(imported.stderr).toContain('- petId (path parameter of showPetById, no example in the document)');
    expect(imported.stderr).toContain('- createPets_name (request body field of createPets, no example in the document)');

    const result = await runImported(definition, { BASE_URL: `${target.url}/v1`, petId: '5', createPets_id: '5', createPets_name: 'Rex' });
    expect(statusesByStep(definition, result)).toEqual({ listPets: ['200'], createPets: ['201'], showPetById: ['200'] });
  });

  it('Swagger 2.0: host, basePath and body parameters', async () => {
    const imported = await importToFile('openapi', join(FIXTURES, 'swagger-petstore.json'));
    const definition = imported.definition!;
    expect(definition.config_data.steps.map((s) => `${s.name} ${s.method} ${s.url}`)).toEqual([
      'findPets GET {{BASE_URL}}/pets',
      'addPet POST {{BASE_URL}}/pets',
      'findPetById GET {{BASE_URL}}/pets/{{id}}',
      'deletePet DELETE {{BASE_URL}}/pets/{{id}}',
    ]);
    expect(definition.environment!.vars.map((v) => v.key)).toEqual(['BASE_URL', 'addPet_id', 'addPet_name', 'id']);
    expect(definition.environment!.vars[0]!.value).toBe('http://petstore.swagger.io/api');
    const result = await runImported(definition, { BASE_URL: `${target.url}/api`, id: '6', addPet_id: '6', addPet_name: 'Tom' });
    expect(Object.values(statusesByStep(definition, result))).toEqual([['200'], ['200'], ['200'], ['204']]);
  });

  it('fills values from example, examples, default and enum; API keys become secret variables; --tag and --operation choose', async () => {
    const imported = await importToFile('openapi', join(FIXTURES, 'store.yaml'));
    const [get, put, post] = imported.definition!.config_data.steps;
    expect(get).toMatchObject({
      url: '{{BASE_URL}}/orders/42?expand=items',
      headers: { 'X-Trace': 'trace-1', 'X-Store-Key': '{{APIKEY}}' },
    });
    expect(put!.payload).toBe('{"status":"rush","qty":3}');
    expect(post).toMatchObject({ payload: '{"sku":"A-1","qty":1}', headers: { 'Content-Type': 'application/json' } });
    expect(imported.definition!.environment!.vars[0]).toEqual({ key: 'BASE_URL', value: 'https://store.example/api' });
    expect(secretKeys(imported.definition!)).toEqual(['APIKEY']);
    expect(imported.stderr).not.toContain('to set');

    const tagged = await importToFile('openapi', join(FIXTURES, 'store.yaml'), ['--tag', 'checkout', '--operation', 'getOrder']);
    expect(tagged.definition!.config_data.steps.map((s) => s.name)).toEqual(['getOrder', 'createOrder']);
    const unknown = await runLoadgate(['import', 'openapi', join(FIXTURES, 'store.yaml'), '--operation', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--operation: no operation "nope" in');
  });

  it('broken YAML, and a document that is not OpenAPI, are errors with the file and the place, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadgate-openapi-'));
    writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.0.0\ninfo:\n  title: a: b\npaths: {}\n');
    const broken = await runLoadgate(['import', 'openapi', join(dir, 'broken.yaml')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(
      /broken\.yaml: line 3, column 10: expected an OpenAPI document \(YAML or JSON\), found a syntax error: Nested mappings/,
    );
    writeFileSync(join(dir, 'other.yaml'), 'asyncapi: 2.6.0\ninfo: {title: x}\n');
    const other = await runLoadgate(['import', 'openapi', join(dir, 'other.yaml')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('other.yaml: $: expected an OpenAPI 3.0/3.1 document (openapi: 3.x.y) or Swagger 2.0 (swagger: "2.0")');
    writeFileSync(
      join(dir, 'dangling.yaml'),
      'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      parameters:\n        - $ref: "#/components/parameters/Missing"\n',
    );
    const dangling = await runLoadgate(['import', 'openapi', join(dir, 'dangling.yaml')]);
    expect(dangling.code).toBe(2);
    expect(dangling.stderr).toMatch(/dangling\.yaml: \$ref: cannot resolve the document's references: .*Missing/);
  });

  it('a document in JSON nested 100,000 deep is refused with its file and the path, before the YAML parser reads it, exit 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loadgate-openapi-')), 'deep.json');
    writeFileSync(file, `\uFEFF {"openapi": "3.0.3", "paths": {"/a": ${DEEP_ARRAYS}}}`);
    const deep = await runLoadgate(['import', 'openapi', file]);
    expect(deep.code).toBe(2);
    expect(deep.stderr).toContain(tooDeepLine(file, `$.paths["/a"]${'[0]'.repeat(254)}`));
  });
});
