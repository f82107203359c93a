// A secret variable's value appears in no message, wherever the definition puts it: the URL's
// scheme, host, port or path, a header, the body. Each place is tried with `loadgate validate`
// and `loadgate run` (their whole output) and with `loadgate serve` (the answer, then the log).
// The values mix cases and carry `"` so that a message which lowercased, escaped or
// percent-encoded one would still be caught.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, pollUntil } from './helpers/api-call.ts';
import { cleanEnv, runNode } from './helpers/process.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { refusedPort } from './helpers/targets.ts';

interface Place {
  place: string;
  secret: string;
  step: (origin: string) => Record<string, unknown>;
}

const PLACES: Place[] = [
  { place: 'scheme', secret: 'SecretScheme', step: () => ({ url: '{{S}}://127.0.0.1/' }) },
  { place: 'host', secret: 'Secret"Host x', step: () => ({ url: 'http://{{S}}/' }) },
  { place: 'port', secret: '99999Secret', step: () => ({ url: 'http://127.0.0.1:{{S}}/' }) },
  { place: 'path', secret: 'Secret"Path %x', step: (origin) => ({ url: `${origin}/a/{{S}}?q={{S}}` }) },
  { place: 'header', secret: 'Secret"\u0001Header', step: (origin) => ({ url: `${origin}/`, headers: { 'X-Token': '{{S}}' } }) },
  { place: 'body', secret: 'Secret"Body\\', step: (origin) => ({ url: `${origin}/`, method: 'POST', payload: '{"token": "{{S}}"}' }) },
];

function definition(place: Place, origin: string) {
  return {
    name: `secret in the ${place.place}`,
    config_data: { steps: [{ id: 1, name: 'step', ...place.step(origin) }], iteration_count: 1, duration: 1 },
    environment: { name: 'secrets', vars: [{ key: 'S', value: place.secret, secret: true }] },
  };
}

/** Every form a message could turn the secret into: as it is, JSON-escaped, percent-encoded, in any case. */
function expectNoSecret(text: string, secret: string, what: string): void {
  const lower = text.toLowerCase();
  for (const form of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), encodeURI(secret)]) {
    expect(lower.includes(form.toLowerCase()), `${what} holds ${JSON.stringify(form)}:\n${text}`).toBe(false);
  }
}

let origin: string;
beforeAll(async () => {
  // Nothing listens there: a run that gets as far as sending ends at once.
  origin = `http://127.0.0.1:${await refusedPort()}`;
});

describe('the CLI', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'loadgate-secret-errors-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const place of PLACES) {
    it(`quotes no secret placed in the ${place.place}, in validate and run`, async () => {
      const file = join(dir, `${place.place}.json`);
      writeFileSync(file, JSON.stringify(definition(place, origin)));
      const validated = await runNode(['src/cli/entry.ts', 'validate', file], { env: cleanEnv() });
      expectNoSecret(validated.out, place.secret, 'validate');
      const ran = await runNode(['src/cli/entry.ts', 'run', file, '--results-file', join(dir, `${place.place}.results.json`)], {
        env: cleanEnv(),
      });
      expectNoSecret(ran.out, place.secret, 'run');
      // The origin's places are refused before any request, the others run.
      expect(ran.code, ran.out).toBe(['scheme', 'host', 'port', 'header'].includes(place.place) ? 2 : 1);
    });
  }
});

describe('loadgate serve', () => {
  let server: ServerProcess;
  const call = apiCaller(() => server.url);
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  for (const place of PLACES) {
    it(`quotes no secret placed in the ${place.place}, in its answers or its log`, async () => {
      const answer = await call('POST', '/v1/load/test/', { json: definition(place, origin) });
      expectNoSecret(JSON.stringify(answer.body), place.secret, 'the answer');
      if (answer.status === 201) {
        const test = await pollUntil(
          () => call('GET', `/v1/load/test/${answer.body.id}/`).then((a) => a.body),
          (t) => !['initial', 'running'].includes(t.status),
          'the test to end',
        );
        expectNoSecret(JSON.stringify(test), place.secret, 'the details');
        expectNoSecret(JSON.stringify((await call('GET', `/v1/load/test/${test.id}/result/`)).body), place.secret, 'the result');
        expectNoSecret((await call('GET', `/report/${test.id}/`, { key: null })).body, place.secret, 'the report page');
      } else {
        expect(answer.status).toBe(422);
      }
      expectNoSecret(server.stderr(), place.secret, 'the log');
    });
  }
});
