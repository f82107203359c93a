import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InputError } from '../src/errors.ts';
import { getInputs } from '../src/action/inputs.ts';
import { VERSION } from '../src/version.ts';

const reader = (values: Record<string, string>) => (name: string) => values[name] ?? '';

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    return (error as InputError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  return [];
}

describe('getInputs', () => {
  it('reads and defaults every input', () => {
    const inputs = getInputs(
      reader({ test: 'load.json', thresholds: 'p95 < 500ms\nfail_rate < 1%', proxies: 'US=http://proxy:3128/\nDE=http://de:8080' }),
    );
    expect(inputs).toMatchObject({
      test: 'load.json',
      mode: 'embedded',
      comment: true,
      resultsFile: 'loadgate-results.json',
      insecureTls: false,
      proxies: { US: 'http://proxy:3128', DE: 'http://de:8080' },
    });
    expect(inputs.thresholds.map((t) => t.metric)).toEqual(['p95', 'fail_rate']);
    // Left empty, the in-flight cap and the warm-up are the engine's and the definition's.
    expect(inputs.maxConcurrency).toBeUndefined();
    expect(inputs.warmUpS).toBeUndefined();
    expect(inputs.workers).toBe('auto');
  });

  it('reads workers as auto, a count or cores-K', () => {
    expect(getInputs(reader({ test: 'a.json', workers: '2' })).workers).toEqual({ count: 2 });
    expect(getInputs(reader({ test: 'a.json', workers: 'cores-2' })).workers).toEqual({ leave: 2 });
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', workers: 'many' })))[0]).toMatch(
      /^workers: expected auto, a number of threads from 1 to 64, or cores-K/,
    );
  });

  it('reads warm-up as whole seconds up to 600, with units', () => {
    expect(getInputs(reader({ test: 'a.json', 'warm-up': '30', 'max-concurrency': '50' }))).toMatchObject({
      warmUpS: 30,
      maxConcurrency: 50,
    });
    expect(getInputs(reader({ test: 'a.json', 'warm-up': '0' })).warmUpS).toBe(0);
    expect(getInputs(reader({ test: 'a.json', 'warm-up': '2m' })).warmUpS).toBe(120);
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', 'warm-up': '11m' })))).toEqual([
      'warm-up: expected at most 600 s, got "11m"',
    ]);
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', 'warm-up': '1.5s' })))).toEqual([
      'warm-up: expected a whole number of seconds, such as 30s, 2m or 1h (a bare number is seconds), got "1.5s"',
    ]);
  });

  it('reads booleans as core.getBooleanInput does: true/True/TRUE, false/False/FALSE, anything else names the input', () => {
    for (const [text, value] of [
      ['true', true],
      ['True', true],
      ['TRUE', true],
      ['false', false],
      ['False', false],
      ['FALSE', false],
    ] as const)
      expect(getInputs(reader({ test: 'a.json', 'insecure-tls': text })).insecureTls).toBe(value);
    for (const text of ['yes', 'on', '1', 'no', 'off', '0', 'tRue'])
      expect(problemsOf(() => getInputs(reader({ test: 'a.json', 'default-thresholds': text })))).toEqual([
        `default-thresholds: expected true or false (True, TRUE, False, FALSE), got "${text}"`,
      ]);
  });

  it('reads a renamed input under its older name, with a notice naming the new one', () => {
    const notices: string[] = [];
    const inputs = getInputs(reader({ test: 'a.json', mode: 'compare', 'compare-environment': '{}', 'warmup-rounds': '3' }), (line) =>
      notices.push(line),
    );
    expect(inputs.compare?.warmupRounds).toBe(3);
    expect(notices).toEqual(['the input warmup-rounds is now warm-up-rounds; the old name still works, but rename it in the workflow']);
    const renamed: string[] = [];
    expect(
      getInputs(reader({ test: 'a.json', mode: 'compare', 'compare-environment': '{}', 'warm-up-rounds': '2' }), (line) =>
        renamed.push(line),
      ).compare?.warmupRounds,
    ).toBe(2);
    expect(renamed).toEqual([]);
  });

  it('reports every bad input at once, by name', () => {
    expect(
      problemsOf(() =>
        getInputs(
          reader({
            mode: 'turbo',
            'max-concurrency': '0',
            comment: 'maybe',
            proxies: 'usa=http://x',
            thresholds: 'p95 <',
          }),
        ),
      ),
    ).toEqual([
      'proxies: expected CC=http://host:port (a two-letter country code and a proxy URL), got "usa=http://x"',
      'mode: expected one of embedded, hosted, merge, compare, capacity, publish, got "turbo"',
      'max-concurrency: expected a whole number of at least 1, got "0"',
      'thresholds line 1, column 6: expected a number or baseline after "<", got end of line',
      'comment: expected one of always, on-failure, on-change, never (or true/false), got "maybe"',
      'test: expected the path of the test definition file (input "test")',
    ]);
  });

  it('mode hosted needs the service URL and key, and a result path that is a path', () => {
    expect(
      problemsOf(() => getInputs(reader({ test: 'a.json', mode: 'hosted', 'api-url': 'ftp://x', 'api-result-path': 'results/<id>' }))),
    ).toEqual([
      'api-url: mode hosted needs the service\'s base URL (http:// or https://), got "ftp://x"',
      "api-key: mode hosted needs the service's API key (sent as X-API-KEY)",
      'api-result-path: expected a path starting with "/" (with <id> for the test id), got "results/<id>"',
    ]);
    const inputs = getInputs(reader({ test: 'a.json', mode: 'hosted', 'api-url': 'https://load.example/api', 'api-key': 'k' }));
    expect(inputs).toMatchObject({ mode: 'hosted', apiUrl: 'https://load.example/api', apiKey: 'k', apiResultPath: '' });
  });

  it('mode capacity reads its SLO lines and search settings, naming the inputs; slo belongs to it alone', () => {
    const inputs = getInputs(reader({ test: 'a.json', mode: 'capacity', slo: 'p99 < 100ms\nhttp_fail_rate < 1%', to: '80/s' }));
    expect(inputs.capacity?.slo.map((t) => t.source)).toEqual(['p99 < 100ms', 'http_fail_rate < 1%']);
    expect(inputs.capacity?.settings).toEqual({ probeS: 10, from: 10, to: 80, precision: 0.05, maxTimeS: 600 });
    expect(
      problemsOf(() =>
        getInputs(reader({ test: 'a.json', mode: 'capacity', thresholds: 'p95 < 1s', probe: '1s', from: '2.5/s', 'max-time': 'soon' })),
      ),
    ).toEqual([
      'slo: mode capacity needs at least one SLO line, such as "p99 < 100ms" (docs/capacity.md)',
      'thresholds line 1: "p95 < 1s": each probe\'s checks are slo lines; thresholds here gate on capacity (capacity >= 300/s)',
      'probe: expected a whole number of seconds of at least 2 s, such as 30s, 2m or 1h (a bare number is seconds), got "1s"',
      'from: expected a whole number of iterations per second, at least 1/s (such as 10/s), got "2.5/s"',
      'max-time: expected a duration of at least 1 s, such as 30s, 2m or 1h (a bare number is seconds), got "soon"',
    ]);
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', slo: 'p99 < 100ms' })))).toEqual([
      'slo: slo lines are what mode capacity judges each probe by: set mode: capacity',
    ]);
  });

  it("mode compare needs the base environment, and checks the gate's settings", () => {
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', mode: 'compare', rounds: '2', 'max-regression': 'lots' })))).toEqual([
      "compare-environment: mode compare needs the base side's environment (inline JSON or a file)",
      ...problemsOf(() =>
        getInputs(reader({ test: 'a.json', mode: 'compare', 'compare-environment': 'base.json', rounds: '2', 'max-regression': 'lots' })),
      ),
    ]);
    const settingsProblems = problemsOf(() =>
      getInputs(reader({ test: 'a.json', mode: 'compare', 'compare-environment': 'base.json', rounds: '2', 'max-regression': 'lots' })),
    );
    expect(settingsProblems.map((p) => p.split(':')[0])).toEqual(['rounds', 'max-regression']);
    const inputs = getInputs(reader({ test: 'a.json', mode: 'compare', 'compare-environment': 'base.json', seed: '7' }));
    expect(inputs.compare).toMatchObject({
      rounds: 10,
      maxRounds: 30,
      onInconclusive: 'warn',
      warmupRounds: 1,
      maxRegression: 0.1,
      metric: 'p95',
      seed: 7,
    });
  });

  it('mode compare reads the budget of the extension and what inconclusive steps do, naming the inputs', () => {
    const compare = { test: 'a.json', mode: 'compare', 'compare-environment': 'base.json' };
    const inputs = getInputs(reader({ ...compare, rounds: '6', 'max-rounds': '12', 'max-compare-time': '900', 'on-inconclusive': 'fail' }));
    expect(inputs.compare).toMatchObject({ rounds: 6, maxRounds: 12, maxTimeS: 900, onInconclusive: 'fail' });
    expect(
      problemsOf(() =>
        getInputs(reader({ ...compare, rounds: '6', 'max-rounds': '5', 'max-compare-time': 'soon', 'on-inconclusive': 'retry' })),
      ).map((p) => p.split(':')[0]),
    ).toEqual(['max-rounds', 'max-compare-time', 'on-inconclusive']);
  });
});

describe('latency inputs', () => {
  it('plans the latency test before any request, and refuses latency thresholds without one', () => {
    const inputs = getInputs(
      reader({
        test: 'a.json',
        'latency-target': 'https://api.example.com/health',
        'latency-samples': '3',
        thresholds: 'p95 < 1s\nlatency.ttfb.p95 < 200ms',
      }),
    );
    expect(inputs.latency).toMatchObject({ target: 'https://api.example.com/health', samples: 3, patterns: ['*'] });
    expect(inputs.latency!.locations.map((l) => l.code)).toEqual(['LOCAL.HOST']);
    expect(inputs.thresholds.map((t) => t.metric)).toEqual(['p95']);
    expect(inputs.latencyThresholds).toHaveLength(1);
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', thresholds: 'latency.ttfb.p95 < 200ms' })))).toEqual([
      'thresholds: latency thresholds need a latency test: set latency-target',
    ]);
    expect(
      problemsOf(() => getInputs(reader({ test: 'a.json', 'latency-target': 'https://x.io', 'latency-locations': 'EU.*' }))).join('\n'),
    ).toContain('latency-locations');
  });
});

describe('sharding inputs', () => {
  it('reads shard and start-at, and refuses bad ones', () => {
    expect(getInputs(reader({ test: 'a.json', shard: '2/4', 'start-at': '2026-11-22T19:00:00Z' }))).toMatchObject({
      shard: { index: 2, count: 4 },
      startAtMs: Date.parse('2026-11-22T19:00:00Z'),
    });
    expect(getInputs(reader({ test: 'a.json', shard: '1/2', 'start-at': '1795000000000' })).startAtMs).toBe(1795000000000);
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', shard: '5/4', 'start-at': 'soon' })))).toEqual([
      'shard: expected i/N with 1 <= i <= N <= 256 (e.g. 2/4), got "5/4"',
      'start-at: expected an RFC 3339 time (2026-11-22T19:00:00Z) or epoch milliseconds, got "soon"',
    ]);
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', 'start-at': '1795000000000' })))).toEqual([
      'start-at: start-at is the time every shard of a sharded run starts at: set shard too (docs/scaling.md)',
    ]);
    expect(
      problemsOf(() =>
        getInputs(reader({ test: 'a.json', mode: 'hosted', 'api-url': 'https://load.example', 'api-key': 'k', shard: '1/2' })),
      ),
    ).toEqual([
      'shard: a hosted service runs the whole test: shard splits a run over machines that each run their slice here (docs/scaling.md)',
    ]);
  });

  it('mode merge needs no definition and reads the shards glob', () => {
    expect(getInputs(reader({ mode: 'merge' }))).toMatchObject({ mode: 'merge', shards: 'loadgate-shards/**/*.json' });
  });
});

describe('wait-for inputs', () => {
  it('reads the URL and its timeout (60 s by default); none means no waiting', () => {
    expect(getInputs(reader({ test: 'a.json' })).waitFor).toBeUndefined();
    expect(getInputs(reader({ test: 'a.json', 'wait-for': 'http://127.0.0.1:8080/health' })).waitFor).toEqual({
      url: 'http://127.0.0.1:8080/health',
      timeoutS: 60,
    });
    expect(getInputs(reader({ test: 'a.json', 'wait-for': 'http://svc:3000', 'wait-for-timeout': '90' })).waitFor).toEqual({
      url: 'http://svc:3000/',
      timeoutS: 90,
    });
  });

  it('refuses a URL that is not http(s) and a timeout that is not positive, by name', () => {
    expect(problemsOf(() => getInputs(reader({ test: 'a.json', 'wait-for': 'svc:3000/health', 'wait-for-timeout': '1 minute' })))).toEqual([
      'wait-for: expected an http:// or https:// URL to poll, got "svc:3000/health"',
      'wait-for-timeout: expected a duration, such as 30s, 2m or 1h (a bare number is seconds), got "1 minute"',
    ]);
    expect(getInputs(reader({ test: 'a.json', 'wait-for': 'http://svc:3000', 'wait-for-timeout': '2m' })).waitFor?.timeoutS).toBe(120);
  });
});

describe('version', () => {
  it('equals package.json', () => {
    expect(VERSION).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});
