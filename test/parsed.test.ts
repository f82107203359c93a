// The two shapes bad input is reported in (src/errors.ts): every parser of user input answers a
// bad input with `{ ok: false, problems }` or one Problem, naming where, and never throws; a good
// input comes back as `{ ok: true, value }` or the value itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyLoadFlags, markSecrets, variablesFromFlags } from '../src/cli/overrides.ts';
import { ACTION_INPUT_NAMES, parseCompareSettings } from '../src/compare/settings.ts';
import { parseJsonText } from '../src/definition/json-text.ts';
import { validateDefinition, validateEnvironment } from '../src/definition/validate.ts';
import { parseProxies } from '../src/engine/proxies.ts';
import { parseWarmUp } from '../src/engine/run.ts';
import { parseShard, parseStartAt } from '../src/engine/shard.ts';
import { parseWorkers } from '../src/engine/worker-count.ts';
import { allParsed, eachParsed, failed, isProblem, type Parsed, parsed, type Problem, valueOrThrow } from '../src/errors.ts';
import { DEFAULT_LATENCY_LOCATIONS, parseLocationConfig, selectLocations } from '../src/latency/locations.ts';
import { parseSamples } from '../src/latency/run.ts';
import { planLatency } from '../src/latency/session.ts';
import { parseLatencyThresholds } from '../src/thresholds/latency.ts';
import { mergeShards } from '../src/merge/results.ts';
import { assemble } from '../src/import/assemble.ts';
import type { AdapterOptions } from '../src/import/types.ts';
import { importCurl } from '../src/import/curl.ts';
import { importHar } from '../src/import/har.ts';
import { parseJson, readSource } from '../src/import/input.ts';
import { importOpenApi, parseYaml } from '../src/import/openapi.ts';
import { importPostman } from '../src/import/postman.ts';
import { emptyNotes, type Source } from '../src/import/types.ts';
import { urlPatterns } from '../src/import/url-filter.ts';
import { parseWaitFor } from '../src/pipeline/wait-for.ts';
import { parseRateLimit } from '../src/server/auth.ts';
import { parseKubeLocations } from '../src/server/executors/kubernetes/locations.ts';
import { readExecutor } from '../src/server/executors/settings.ts';
import { parsePublicUrl } from '../src/server/public-url.ts';
import { boolean, duration, rate, wholeNumber } from '../src/settings/values.ts';
import { parseThresholdLines, parseThresholds } from '../src/thresholds/grammar.ts';
import type { FileConfig } from '../src/types.ts';
import { compileStepChecks } from '../src/variables/checks.ts';
import { loadDataSet } from '../src/variables/csv.ts';
import { envVariables } from '../src/variables/environment.ts';
import { compileTemplate, compileUrl, type TemplateScope } from '../src/variables/template.ts';
import { parseOnSaturated } from '../src/verdict/on-saturated.ts';

const dir = mkdtempSync(join(tmpdir(), 'loadgate-parsed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'data.csv'), 'x\n');

const scope: TemplateScope = {
  env: envVariables({ name: 'e', vars: [{ key: 'BASE', value: 'http://127.0.0.1:9' }] }),
  dataSets: [],
  capturedNames: new Set(),
};
const where = { file: 'def.json', path: '$.config_data.steps[0]' };
const csv: FileConfig = {
  delimiter: ',',
  vars: { '0': { tag: 'a' } },
  allow_quota: false,
  order: 'sequential',
  skip_first_line: false,
  skip_empty_line: true,
};
const step = { id: 1, name: 's', url: 'http://127.0.0.1:9/', method: 'GET' };
const loaded = {
  definition: valueOrThrow(validateDefinition({ name: 'x', config_data: { steps: [step] } }, 'def.json')).definition,
  file: 'def.json',
  dir,
};
const latencyNames = {
  target: 'latency-target',
  patterns: 'latency-locations',
  samples: 'latency-samples',
  config: 'latency-locations-config',
};
const waitNames = { url: 'wait-for', timeout: 'wait-for-timeout' };

const IMPORT_FIXTURES = join(import.meta.dirname, 'fixtures', 'import');
const fixture = (name: string): Source => ({ file: join(IMPORT_FIXTURES, name), text: readFileSync(join(IMPORT_FIXTURES, name), 'utf8') });
const importOptions: AdapterOptions = { include: [], exclude: [], thinkTime: false, operations: [], tags: [] };
const noStdin = async () => '';
/** The least a HAR 1.2 file holds: one entry, every field the schema requires. */
const har = JSON.stringify({
  log: {
    version: '1.2',
    creator: { name: 'test', version: '1' },
    entries: [
      {
        startedDateTime: '2026-01-01T00:00:00.000Z',
        time: 1,
        request: {
          method: 'GET',
          url: 'http://127.0.0.1:9/api/items',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [],
          queryString: [],
          headersSize: -1,
          bodySize: -1,
        },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [],
          content: { size: 2, mimeType: 'application/json' },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 1, receive: 0 },
      },
    ],
  },
});
const assembled = (requests: { method: string; url: string; headers: [string, string][] }[]) =>
  assemble({ name: 'x', requests, variables: [], notes: emptyNotes(), file: 'in.har' });

interface ManyCase {
  bad: () => Parsed<unknown> | Promise<Parsed<unknown>>;
  /** Absent where a good input takes more than a line (merged shards: test/merge.test.ts). */
  good?: () => Parsed<unknown> | Promise<Parsed<unknown>>;
  /** The path of the first problem (or its start: a column follows threshold lines). */
  path: string;
  file?: string;
}

const MANY: Record<string, ManyCase> = {
  parseThresholds: { bad: () => parseThresholds('p95 <'), good: () => parseThresholds('p95 < 1s'), path: 'thresholds line 1' },
  parseThresholdLines: { bad: () => parseThresholdLines(['x']), good: () => parseThresholdLines([]), path: '--thresholds #1' },
  parseLatencyThresholds: {
    bad: () => parseLatencyThresholds('latency.total.p95 < soon'),
    good: () => parseLatencyThresholds('latency.total.p95 < 200ms'),
    path: 'thresholds line 1',
  },
  parseLocationConfig: {
    bad: () => parseLocationConfig(['NOEQUALS'], 'latency-locations-config'),
    good: () => parseLocationConfig([], 'latency-locations-config'),
    path: 'latency-locations-config',
  },
  selectLocations: {
    bad: () => selectLocations(DEFAULT_LATENCY_LOCATIONS, ['XX.*'], 'latency-locations'),
    good: () => selectLocations(DEFAULT_LATENCY_LOCATIONS, ['*'], 'latency-locations'),
    path: 'latency-locations',
  },
  validateDefinition: {
    bad: () => validateDefinition({ name: 'x' }, 'def.json'),
    good: () =>
      validateDefinition(
        { name: 'x', config_data: { steps: [{ id: 1, name: 's', url: 'http://127.0.0.1:9/', method: 'GET' }] } },
        'def.json',
      ),
    path: '$',
    file: 'def.json',
  },
  validateEnvironment: {
    bad: () => validateEnvironment({ name: 'e', vars: [{ key: 'K' }] }, 'env.json'),
    good: () => validateEnvironment({ name: 'e', vars: [] }, 'env.json'),
    path: '$.vars[0]',
    file: 'env.json',
  },
  parseJsonText: {
    bad: () => parseJsonText('{"a": }', 'f.json'),
    good: () => parseJsonText('{}', 'f.json'),
    path: 'line 1',
    file: 'f.json',
  },
  variablesFromFlags: {
    bad: () => variablesFromFlags(['NOEQUALS'], [], {}),
    good: () => variablesFromFlags(['K=v'], [], {}),
    path: '-e',
  },
  applyLoadFlags: {
    bad: () => applyLoadFlags(loaded, { duration: 'soon' }),
    good: () => applyLoadFlags(loaded, { duration: '2s' }),
    path: '--duration',
  },
  markSecrets: { bad: () => markSecrets(loaded, undefined, ['K']), good: () => markSecrets(loaded, undefined, []), path: '--secret' },
  mergeShards: { bad: () => mergeShards([{ file: 'a.json', content: {} }]), path: '$', file: 'a.json' },
  parseCompareSettings: {
    bad: () => parseCompareSettings({ rounds: 'ten' }, ACTION_INPUT_NAMES),
    good: () => parseCompareSettings({}, ACTION_INPUT_NAMES),
    path: 'rounds',
  },
  parseProxies: { bad: () => parseProxies(['US=ftp://p:21'], 'proxies'), good: () => parseProxies([], 'proxies'), path: 'proxies' },
  parseWaitFor: {
    bad: () => parseWaitFor('ftp://h/', '', waitNames),
    good: () => parseWaitFor('http://127.0.0.1:9/', '', waitNames),
    path: 'wait-for',
  },
  planLatency: {
    bad: () => planLatency({ target: 'h', patterns: [], samples: '', config: [] }, latencyNames, false),
    good: () => planLatency({ target: 'http://127.0.0.1:9/', patterns: [], samples: '', config: [] }, latencyNames, false),
    path: 'latency-target',
  },
  readExecutor: { bad: () => readExecutor({ executor: 'cloud' }), good: () => readExecutor({}), path: '--executor' },
  parseKubeLocations: {
    bad: () => parseKubeLocations(['DE=x'], '--location'),
    good: () => parseKubeLocations([], '--location'),
    path: '--location',
  },
  compileTemplate: {
    bad: () => compileTemplate('{{NOPE}}', scope, where),
    good: () => compileTemplate('{{BASE}}', scope, where),
    path: where.path,
    file: where.file,
  },
  compileUrl: {
    bad: () => compileUrl('ftp://h/', scope, where),
    good: () => compileUrl('{{BASE}}/x', scope, where),
    path: where.path,
    file: where.file,
  },
  compileStepChecks: {
    bad: () => compileStepChecks({ assertion: ['nonsense('] }, scope, where),
    good: () => compileStepChecks({ assertion: ['equals(status_code, 200)'] }, scope, where),
    path: `${where.path}.assertion[0]`,
    file: where.file,
  },
  loadDataSet: {
    bad: () =>
      loadDataSet(
        { name: 'd', type: 'csv', file: join(dir, 'missing.csv'), file_config: csv },
        { file: 'def.json', path: '$.test_data[0]' },
      ),
    good: () =>
      loadDataSet({ name: 'd', type: 'csv', file: join(dir, 'data.csv'), file_config: csv }, { file: 'def.json', path: '$.test_data[0]' }),
    path: '$.test_data[0].file',
    file: 'def.json',
  },
  readSource: {
    bad: () => readSource(join(dir, 'missing.har'), noStdin),
    good: () => readSource(join(dir, 'data.csv'), noStdin),
    path: '$',
    file: join(dir, 'missing.har'),
  },
  parseJson: {
    bad: () => parseJson({ file: 'in.har', text: '{"log": }' }, 'a HAR file'),
    good: () => parseJson({ file: 'in.har', text: '{}' }, 'a HAR file'),
    path: 'line 1',
    file: 'in.har',
  },
  parseYaml: {
    bad: () => parseYaml({ file: 'api.yaml', text: 'openapi: [3.0.0' }, 'an OpenAPI document'),
    good: () => parseYaml({ file: 'api.yaml', text: 'openapi: 3.0.0' }, 'an OpenAPI document'),
    path: 'line ',
    file: 'api.yaml',
  },
  urlPatterns: {
    bad: () => urlPatterns(['/api/*', '/(/'], '--include'),
    good: () => urlPatterns(['/api/*', '/\\/api\\//'], '--include'),
    path: '--include',
  },
  assemble: {
    bad: () => assembled([{ method: 'CONNECT', url: 'http://127.0.0.1:9/', headers: [] }]),
    good: () => assembled([{ method: 'GET', url: 'http://127.0.0.1:9/', headers: [] }]),
    path: '$',
    file: 'in.har',
  },
  importHar: {
    bad: () => importHar({ file: 'in.har', text: '{"log": {"entries": []}}' }, importOptions),
    good: () => importHar({ file: 'in.har', text: har }, importOptions),
    path: '$.log',
    file: 'in.har',
  },
  'importHar --exclude': {
    bad: () => importHar({ file: 'in.har', text: har }, { ...importOptions, exclude: ['/[/'] }),
    path: '--exclude',
  },
  importPostman: {
    bad: () => importPostman({ file: 'old.json', text: '{"requests": []}' }, importOptions),
    good: () => importPostman(fixture('shop.postman_collection.json'), importOptions),
    path: '$.requests',
    file: 'old.json',
  },
  'importPostman --environment': {
    bad: () => importPostman(fixture('shop.postman_collection.json'), { ...importOptions, environment: { file: 'env.json', text: '[]' } }),
    path: '$.values',
    file: 'env.json',
  },
  importOpenApi: {
    bad: () => importOpenApi({ file: 'api.yaml', text: 'openapi: 9.0.0' }, importOptions),
    good: () => importOpenApi(fixture('petstore.yaml'), importOptions),
    path: '$.openapi',
    file: 'api.yaml',
  },
  'importOpenApi --operation': {
    bad: () => importOpenApi(fixture('petstore.yaml'), { ...importOptions, operations: ['nope'] }),
    path: '--operation',
  },
  importCurl: {
    bad: () => importCurl({ file: 'lines.sh', text: 'curl http://127.0.0.1:9/ --frobnicate 3\n' }),
    good: () => importCurl({ file: 'lines.sh', text: 'curl http://127.0.0.1:9/\n' }),
    path: 'line 1',
    file: 'lines.sh',
  },
};

const ONE: Record<string, { bad: () => unknown; good: () => unknown; path: string }> = {
  wholeNumber: { bad: () => wholeNumber('x', 'n'), good: () => wholeNumber('3', 'n'), path: 'n' },
  duration: { bad: () => duration('soon', 'd'), good: () => duration('2m', 'd'), path: 'd' },
  rate: { bad: () => rate('fast', 'r'), good: () => rate('20/s', 'r'), path: 'r' },
  boolean: { bad: () => boolean('maybe', 'b'), good: () => boolean('true', 'b'), path: 'b' },
  parseWarmUp: { bad: () => parseWarmUp('x', 'warm-up'), good: () => parseWarmUp('2', 'warm-up'), path: 'warm-up' },
  parseShard: { bad: () => parseShard('3/2', 'shard'), good: () => parseShard('1/2', 'shard'), path: 'shard' },
  parseStartAt: { bad: () => parseStartAt('later', 'start-at'), good: () => parseStartAt('1700000000000', 'start-at'), path: 'start-at' },
  parseWorkers: { bad: () => parseWorkers('many', 'workers'), good: () => parseWorkers('auto', 'workers'), path: 'workers' },
  parseSamples: {
    bad: () => parseSamples('x', 'latency-samples'),
    good: () => parseSamples('3', 'latency-samples'),
    path: 'latency-samples',
  },
  parsePublicUrl: {
    bad: () => parsePublicUrl('nope', '--public-url'),
    good: () => parsePublicUrl('http://h/', '--public-url'),
    path: '--public-url',
  },
  parseRateLimit: {
    bad: () => parseRateLimit('off', '--rate-limit'),
    good: () => parseRateLimit('on', '--rate-limit'),
    path: '--rate-limit',
  },
  parseOnSaturated: {
    bad: () => parseOnSaturated('maybe', 'on-saturated'),
    good: () => parseOnSaturated('warn', 'on-saturated'),
    path: 'on-saturated',
  },
};

function expectWellMade(problem: Problem, path: string, file: string | undefined): void {
  expect(problem.path.startsWith(path), `${problem.path} starts with ${path}`).toBe(true);
  expect(problem.message).toMatch(/\S/);
  expect(problem.file).toBe(file);
}

describe('input that can hold several problems: Parsed', () => {
  it.each(Object.entries(MANY))('%s answers bad input with every problem, each naming where', async (_name, c) => {
    const result = await c.bad();
    expect(result).toMatchObject({ ok: false, problems: expect.any(Array) });
    expect(result).not.toHaveProperty('value');
    if (result.ok) throw new Error('expected problems');
    expect(result.problems.length).toBeGreaterThan(0);
    for (const problem of result.problems) expect(isProblem(problem)).toBe(true);
    expectWellMade(result.problems[0]!, c.path, c.file);
  });

  it.each(Object.entries(MANY).filter(([, c]) => c.good))('%s answers good input with its value', async (_name, c) => {
    const result = await c.good!();
    expect(Object.keys(result).sort()).toEqual(['ok', 'value']);
    expect(result.ok).toBe(true);
  });
});

describe('one value with one problem at most: T | Problem', () => {
  it.each(Object.entries(ONE))('%s answers bad input with the Problem, naming the setting', (_name, c) => {
    const result = c.bad();
    expect(isProblem(result)).toBe(true);
    expectWellMade(result as Problem, c.path, undefined);
  });

  it.each(Object.entries(ONE))('%s answers good input with the value itself', (_name, c) => {
    expect(isProblem(c.good())).toBe(false);
    expect(c.good()).not.toHaveProperty('ok');
  });
});

describe('the import readers gather every problem of one input', () => {
  it('a bad --include and a bad --exclude are both named', async () => {
    const result = await importHar({ file: 'in.har', text: har }, { ...importOptions, include: ['/(/'], exclude: ['/[/'] });
    expect(result.ok ? [] : result.problems.map((p) => p.path)).toEqual(['--include', '--exclude']);
  });

  it('every refused curl command is named by its line', async () => {
    const result = await importCurl({
      file: 'lines.sh',
      text: 'wget http://127.0.0.1:9/\ncurl http://127.0.0.1:9/\ncurl -H nope http://127.0.0.1:9/\n',
    });
    expect(result.ok ? [] : result.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'lines.sh: line 1: expected a curl command, found "wget"',
      'lines.sh: line 3: -H "nope": expected "Name: value"',
    ]);
  });
});

describe('gathering what was parsed one by one', () => {
  const problem = (path: string): Problem => ({ path, message: 'expected a number' });

  it('eachParsed: every value in order, or every Problem among them', () => {
    expect(eachParsed([1, 2, 3])).toEqual({ ok: true, value: [1, 2, 3] });
    expect(eachParsed([1, problem('a'), 3, problem('b')])).toEqual({ ok: false, problems: [problem('a'), problem('b')] });
  });

  it('allParsed: every value in order, or the problems of every input that failed', () => {
    expect(allParsed([parsed('x'), parsed('y')])).toEqual({ ok: true, value: ['x', 'y'] });
    expect(allParsed([failed<string>([problem('a')]), parsed('y'), failed<string>([problem('b'), problem('c')])])).toEqual({
      ok: false,
      problems: [problem('a'), problem('b'), problem('c')],
    });
  });
});
