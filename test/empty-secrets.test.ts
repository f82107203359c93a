// A secret variable without a value (issue 49, item 2): an imported recording's
// `"Bearer {{BEARER_TOKEN}}"` with `"value": ""` was sent as `Authorization: Bearer ` and passed.
// Now `run` refuses it before any request, naming the variable, its steps and the flag to pass;
// `validate` warns of it; the check lives in checkTest, which every surface runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { checkTest } from '../src/engine/prepare.ts';
import { InputError } from '../src/errors.ts';
import { emptySecretName, emptySecretProblems } from '../src/variables/empty-secrets.ts';
import { compileTemplate, createIterationVars, templateReferences } from '../src/variables/template.ts';
import type { Environment, LoadTestDefinition } from '../src/types.ts';
import { cleanEnv, runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

let target: Target;
let dir: string;
beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-empty-secrets-'));
});
afterAll(async () => {
  await target.close();
});
beforeEach(() => target.reset());

/** A HAR as a browser saves it: one API call with a bearer token. */
function recording(): string {
  const file = join(dir, 'shop.har');
  const entry = {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method: 'GET',
      url: `${target.url}/ok`,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Authorization', value: 'Bearer recorded.token.value' }],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [entry] } }));
  return file;
}

/** The CLI from source in a shell holding only PATH and `vars`. */
function loadgate(args: string[], vars: Record<string, string> = {}) {
  return runNode(['src/cli/entry.ts', ...args], { env: cleanEnv(vars) });
}

describe('an imported recording whose token is left to set', () => {
  let definition: string;
  beforeAll(async () => {
    definition = join(dir, 'imported.json');
    const imported = await loadgate(['import', 'har', recording(), '-o', definition]);
    expect(imported.code, imported.stderr).toBe(0);
  });

  it('is exit 2 before any request, naming the variable, its step and --env-var', async () => {
    const run = await loadgate(['run', definition, '--iterations', '20', '--duration', '1', '--results-file', join(dir, 'r1.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${definition}: $.config_data.steps[0].headers["Authorization"]: the secret variable "BEARER_TOKEN" has no value, so step 1 "GET /ok" would send it empty: give it a value for the run (export BEARER_TOKEN and pass --env-var BEARER_TOKEN, or pass -e BEARER_TOKEN=VALUE)`,
    );
    expect(target.received).toHaveLength(0);
  });

  it('names --env-var NAME as the one flag missing when the shell holds the variable', async () => {
    const run = await loadgate(['run', definition, '--iterations', '20', '--duration', '1', '--results-file', join(dir, 'r2.json')], {
      BEARER_TOKEN: 'from-the-shell',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'give it a value for the run (BEARER_TOKEN is set in this shell, but variables come only from --env, -e KEY=VALUE and --env-var NAME: pass --env-var BEARER_TOKEN)',
    );
    expect(run.stderr).not.toContain('from-the-shell');
    expect(target.received).toHaveLength(0);
  });

  it('runs once the flag gives the value, sending it in every request', async () => {
    const args = ['run', definition, '--iterations', '5', '--duration', '1', '--env-var', 'BEARER_TOKEN'];
    const run = await loadgate([...args, '--results-file', join(dir, 'r3.json')], { BEARER_TOKEN: 'from-the-shell' });
    expect(run.code, run.out).toBe(0);
    expect(target.received.map((r) => r.headers.authorization)).toEqual(Array(5).fill('Bearer from-the-shell'));
  });

  it('is valid to validate, with the same words as a warning', async () => {
    const validated = await loadgate(['validate', definition]);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toBe(`${definition}: valid\n`);
    expect(validated.stderr).toBe(
      `warning: ${definition}: $.config_data.steps[0].headers["Authorization"]: the secret variable "BEARER_TOKEN" has no value, so step 1 "GET /ok" would send it empty: give it a value for the run (export BEARER_TOKEN and pass --env-var BEARER_TOKEN, or pass -e BEARER_TOKEN=VALUE)\n`,
    );
  });
});

/** A definition validated as loadDefinition would give it. */
function definitionOf(steps: unknown[], vars: unknown[]): LoadTestDefinition {
  const checked = validateDefinition({ name: 't', config_data: { steps }, environment: { name: 'e', vars } }, 'def.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.value.definition;
}

describe('which variables count (emptySecretProblems)', () => {
  const url = 'http://127.0.0.1:1';

  it('reports a secret empty or only spaces where a request uses it: url, header name or value, payload', () => {
    const steps = [
      { id: 1, name: 'a', url: `${url}/?key={{ KEY }}` },
      { id: 2, name: 'b', url: `${url}/`, headers: { 'X-{{NAME}}': 'x' } },
      { id: 3, name: 'c', url: `${url}/`, method: 'POST', payload: '{"t": "{{SPACES}}"}', headers: { 'X-Key': '{{KEY}}' } },
    ];
    const vars = [
      { key: 'KEY', value: '', secret: true },
      { key: 'NAME', value: '', secret: true },
      { key: 'SPACES', value: '  ', secret: true },
    ];
    const problems = emptySecretProblems(definitionOf(steps, vars), 'def.json');
    expect(problems.map((p) => [p.path, emptySecretName(p.message), p.message.split(', so ')[1]])).toEqual([
      ['$.config_data.steps[0].url', 'KEY', 'steps 1 "a", 3 "c" would send it empty: give it a value for the run'],
      ['$.config_data.steps[1].headers["X-{{NAME}}"]', 'NAME', 'step 2 "b" would send it empty: give it a value for the run'],
      ['$.config_data.steps[2].payload', 'SPACES', 'step 3 "c" would send it empty: give it a value for the run'],
    ]);
  });

  it('leaves alone an empty variable that is not secret, a secret with a value, and one no request uses', () => {
    const steps = [{ id: 1, name: 'a', url: `${url}/{{SUFFIX}}?k={{KEY}}`, assertion: ['equals(status_code,200)'] }];
    const vars = [
      { key: 'SUFFIX', value: '' },
      { key: 'KEY', value: 0, secret: true },
      { key: 'UNUSED', value: '', secret: true },
    ];
    expect(emptySecretProblems(definitionOf(steps, vars), 'def.json')).toEqual([]);
  });

  it('is part of checkTest, which CLI, action and serve run: a value given on top of the file clears it', async () => {
    const definition = definitionOf(
      [{ id: 1, name: 'a', url: `${url}/`, headers: { Authorization: 'Bearer {{TOKEN}}' } }],
      [{ key: 'TOKEN', value: '', secret: true }],
    );
    const loaded = { definition, file: 'def.json', dir };
    const error = await checkTest(loaded, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems.map((p) => emptySecretName(p.message))).toEqual(['TOKEN']);
    const given: Environment = { name: 'ci', vars: [{ key: 'TOKEN', value: 'abc' }] };
    const checked = await checkTest(loaded, { environment: given });
    expect(checked.definition.environment?.vars).toEqual([{ key: 'TOKEN', value: 'abc', secret: true }]);
    await expect(checkTest(loaded, { allowEmptySecrets: true })).resolves.toBeDefined();
  });
});

describe('templateReferences', () => {
  it('finds a variable exactly when the compiled template changes with its value', () => {
    const render = (text: string, a: string, b: string): string | undefined => {
      const scope = {
        env: new Map([
          ['A', a],
          ['B', b],
        ]),
        dataSets: [],
        capturedNames: new Set<string>(),
      };
      const compiled = compileTemplate(text, scope, { path: '$' });
      return compiled.ok ? compiled.value.render(createIterationVars(0)) : undefined;
    };
    const pieces = fc.array(fc.constantFrom('{{', '}}', '{', '}', 'A', 'B', ' ', 'x'), { maxLength: 14 });
    fc.assert(
      fc.property(pieces, (parts) => {
        const text = parts.join('');
        fc.pre(render(text, '1', '1') !== undefined);
        const found = new Set(templateReferences(text));
        expect(found.has('A')).toBe(render(text, '1', '1') !== render(text, '2', '1'));
        expect(found.has('B')).toBe(render(text, '1', '1') !== render(text, '1', '2'));
      }),
      { numRuns: 2000 },
    );
  });
});
