// The two shapes bad input is reported in (src/errors.ts): every parser of user input answers a
// bad input with `{ ok: false, problems }` or one Problem, naming where, and never throws; a good
// input comes back as `{ ok: true, value }` or the value itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyLoadFlags, markSecrets, variablesFromFlags } from '../src/cli-overrides.ts';
import { ACTION_INPUT_NAMES, parseCompareSettings } from '../src/compare/settings.ts';
import { parseJsonText } from '../src/definition/json-text.ts';
import { validateDefinition, validateEnvironment } from '../src/definition/validate.ts';
import { parseProxies } from '../src/engine/proxies.ts';
import { parseWarmUp } from '../src/engine/run.ts';
import { parseShard, parseStartAt } from '../src/engine/shard.ts';
import { parseWorkers } from '../src/engine/worker-count.ts';
import { isProblem, type Parsed, type Problem, valueOrThrow } from '../src/errors.ts';
import { DEFAULT_LATENCY_LOCATIONS, parseLocationConfig, selectLocations } from '../src/latency/locations.ts';
import { parseSamples } from '../src/latency/run.ts';
import { planLatency } from '../src/latency/session.ts';
import { parseLatencyThresholds } from '../src/latency/thresholds.ts';
import { mergeShards } from '../src/merge/merge.ts';
import { parseWaitFor } from '../src/pipeline/wait-for.ts';
import { parseRateLimit } from '../src/server/auth.ts';
import { parseKubeLocations } from '../src/server/executors/kubernetes/locations.ts';
import { readExecutor } from '../src/server/executors/settings.ts';
import { parsePublicUrl } from '../src/server/public-url.ts';
import { boolean, duration, rate, wholeNumber } from '../src/settings/values.ts';
import { parseThresholdLines, parseThresholds } from '../src/thresholds.ts';
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
