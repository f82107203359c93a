import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  THRESHOLD_FLAG,
  THRESHOLDS_INPUT,
  describeThreshold,
  evaluateThresholds,
  formatMetricValue,
  metricKind,
  parseThresholdLines,
  parseThresholds,
  thresholdPlace,
} from '../src/thresholds.ts';
import { THRESHOLD_METRICS } from '../src/types.ts';
import type {
  LoadTestResult,
  ResponseTimes,
  StepLocationResult,
  Threshold,
  ThresholdMetric,
  ThresholdOp,
} from '../src/types.ts';

const OPS: ThresholdOp[] = ['<', '<=', '>', '>=', '==', '!='];

function parseOne(line: string): Threshold {
  const parsed = parseThresholds(line);
  if (!parsed.ok) throw new Error(`expected ${JSON.stringify(line)} to parse: ${JSON.stringify(parsed.problems)}`);
  expect(parsed.thresholds).toHaveLength(1);
  const [threshold] = parsed.thresholds;
  if (!threshold) throw new Error('no threshold');
  return threshold;
}

/** The meaning of a threshold, without where it was written. */
function meaning(t: Threshold): Omit<Threshold, 'source' | 'line'> {
  const { source: _source, line: _line, ...rest } = t;
  return rest;
}

describe('parseThresholds: valid forms', () => {
  it.each(THRESHOLD_METRICS)('reads the metric %s', (metric) => {
    expect(parseOne(`${metric} < 5`)).toEqual({ source: `${metric} < 5`, line: 1, metric, op: '<', value: 5 });
  });

  it.each(OPS)('reads the operator %s', (op) => {
    expect(parseOne(`p95 ${op} 500ms`)).toMatchObject({ op, value: 500 });
  });

  it.each([
    ['p95 < 500ms', 500],
    ['p95 < 500 ms', 500],
    ['p95 < 500', 500],
    ['p95 < 12.5', 12.5],
    ['p95 < 2s', 2000],
    ['p95 < 0.5s', 500],
    ['p95 < .25s', 250],
    ['p95 < 0.1s', 100],
    ['p95 < 1.1 s', 1100],
    ['stddev >= 0.001s', 1],
    ['fail_rate < 1%', 1],
    ['fail_rate < 1.5 %', 1.5],
    ['success_rate >= 99.9', 99.9],
    ['fail_rate <= 100%', 100],
    ['fail_count == 0', 0],
    ['iteration_count >= 1000', 1000],
    ['rps > 812.3', 812.3],
  ])('%s has the value %d in the base unit', (line, value) => {
    expect(parseOne(line).value).toBe(value);
  });

  it.each([
    ['step[login].p99 < 1s', { step: { name: 'login' } }],
    ['step[2].p95 < 1', { step: { id: 2 } }],
    ['step[007].p95 < 1', { step: { id: 7 } }],
    ['step[ sign in ].p95 < 1', { step: { name: 'sign in' } }],
    ['step[v2: list [beta #1].p95 < 1', { step: { name: 'v2: list [beta #1' } }],
    ['step[2a].p95 < 1', { step: { name: '2a' } }],
    ['location[DE].avg <= 300', { location: 'DE' }],
    ['location[local].avg <= 300', { location: 'local' }],
    ['step[login].location[DE].p95 < 300ms', { step: { name: 'login' }, location: 'DE' }],
    ['location[DE].step[login].p95 < 300ms', { step: { name: 'login' }, location: 'DE' }],
    ['  step [ login ] . location [ DE ] . p95<300ms  ', { step: { name: 'login' }, location: 'DE' }],
  ])('reads the scope of %s', (line, scope) => {
    const t = parseOne(line);
    expect(meaning(t)).toEqual({ ...scope, metric: t.metric, op: t.op, value: t.value });
    expect(t.source).toBe(line.trim());
  });

  it('skips blank lines and comments but counts them in line numbers', () => {
    const parsed = parseThresholds('# latency\n\np95 < 500ms\r\n   \n  # errors\nfail_rate < 1%\n');
    expect(parsed).toEqual({
      ok: true,
      thresholds: [
        { source: 'p95 < 500ms', line: 3, metric: 'p95', op: '<', value: 500 },
        { source: 'fail_rate < 1%', line: 6, metric: 'fail_rate', op: '<', value: 1 },
      ],
    });
  });

  it('reads an empty input as no thresholds', () => {
    expect(parseThresholds('')).toEqual({ ok: true, thresholds: [] });
    expect(parseThresholdLines([])).toEqual({ ok: true, thresholds: [] });
  });

  it('numbers repeated flags from 1, one threshold per flag', () => {
    expect(parseThresholdLines(['p95 < 1s', 'fail_rate < 2%'])).toEqual({
      ok: true,
      thresholds: [
        { source: 'p95 < 1s', line: 1, metric: 'p95', op: '<', value: 1000 },
        { source: 'fail_rate < 2%', line: 2, metric: 'fail_rate', op: '<', value: 2 },
      ],
    });
  });
});

describe('parseThresholds: problems', () => {
  const METRICS = THRESHOLD_METRICS.join(', ');
  it.each([
    ['p95 => 500ms', 5, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got "=>"'],
    ['p95 = 500ms', 5, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got "="'],
    ['p95 under 500ms', 5, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got "under"'],
    ['p95', 4, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got end of line'],
    ['p96 < 500ms', 1, `unknown metric "p96"; expected one of ${METRICS}`],
    ['P95 < 500ms', 1, 'unknown metric "P95"; metrics are lower case: p95'],
    ['p50 < 500ms', 1, 'unknown metric "p50"; the 50th percentile is written median'],
    ['< 500ms', 1, `expected a metric (${METRICS}) or a scope (step[…], location[…]), got "<"`],
    ['step[login]. < 5', 14, 'expected a metric or a scope after "step[login].", got "<"'],
    ['step[login].', 13, 'expected a metric or a scope after "step[login].", got end of line'],
    ['p95 <', 6, 'expected a number after "<", got end of line'],
    ['p95 < fast', 7, 'expected a number after "<", got "fast"'],
    ['p95 < -5', 7, 'expected a number after "<", got "-5"'],
    ['fail_rate < 5s', 14, 'unit "s" does not apply to fail_rate (a percentage); fail_rate takes % or no unit'],
    ['p95 < 5%', 8, 'unit "%" does not apply to p95 (a time); p95 takes ms or s (no unit means ms)'],
    ['fail_count < 5ms', 15, 'unit "ms" does not apply to fail_count (a count); fail_count takes a whole number with no unit'],
    ['rps > 10/s', 9, 'unknown unit "/s" after 10; rps takes a number with no unit (requests per second)'],
    ['p95 < 500sec', 10, 'unknown unit "sec" after 500; p95 takes ms or s (no unit means ms)'],
    ['success_rate > 99pct', 18, 'unknown unit "pct" after 99; success_rate takes % or no unit'],
    ['fail_count < 1.5', 14, 'fail_count is a count; expected a whole number, got 1.5'],
    ['fail_rate < 150%', 13, 'fail_rate is a percentage; expected a value from 0 to 100, got 150'],
    ['p95 < 500ms p99 < 1s', 13, 'unexpected "p99" after "500ms"; expected the end of the threshold (one per line)'],
    ['p95 < 500 # login', 11, 'unexpected comment after "500"; a comment goes on its own line, starting with #'],
    ['step[login.p95 < 300', 5, 'unclosed "[" in step[…]; expected "]" after the step id or name'],
    ['location[DE.p95 < 300', 9, 'unclosed "[" in location[…]; expected "]" after the location'],
    ['step[].p95 < 300', 6, 'expected a step id or name inside step[]'],
    ['step[99999999999999999999].p95 < 1', 6, 'step id 99999999999999999999 is too large to be a step id'],
    ['location[].p95 < 300', 10, 'expected a location inside location[]: a two-letter upper-case country code such as DE, or local'],
    ['location[de].p95 < 300', 10, 'location "de": country codes are upper case; write location[DE]'],
    ['location[DEU].p95 < 300', 10, 'location "DEU" is not valid; expected a two-letter upper-case country code such as DE, or local'],
    ['location[Local].p95 < 1', 10, 'location "Local" is not valid; expected a two-letter upper-case country code such as DE, or local'],
    ['[login].p95 < 300', 1, `expected a metric (${METRICS}) or a scope (step[…], location[…]), got "[login].p95"`],
    ['step.p95 < 300', 5, 'expected "[" after "step", got ".p95"'],
    ['stp[login].p95 < 300', 1, 'unknown scope "stp"; expected step[…] or location[…]'],
    ['step[a].step[b].p95 < 300', 9, 'step[…] given twice; a threshold has at most one step and one location'],
    ['step[login] p95 < 300', 13, 'expected "." after "step[login]", got "p95"'],
    ['p95 < 500ms averaged_over_the_whole_run', 13, 'unexpected "averaged_over_the_wh…" after "500ms"; expected the end of the threshold (one per line)'],
  ])('%s: column %d, %s', (line, column, message) => {
    expect(parseThresholds(line)).toEqual({ ok: false, problems: [{ path: `thresholds line 1, column ${column}`, message }] });
  });

  it('reports every bad line at once and only the bad lines', () => {
    const parsed = parseThresholds('p95 < 500ms\n  p95 => 500ms\n# ok\nfail_rate < 5s\navg < 1');
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { path: 'thresholds line 2, column 7', message: expect.stringContaining('got "=>"') },
        { path: 'thresholds line 4, column 14', message: expect.stringContaining('unit "s" does not apply') },
      ],
    });
  });

  it('names the flag and its position for repeated CLI flags', () => {
    const parsed = parseThresholdLines(['p95 < 1s', 'p96 < 1s']);
    expect(parsed).toEqual({
      ok: false,
      problems: [{ path: '--threshold #2, column 1', message: expect.stringContaining('unknown metric "p96"') }],
    });
  });

  it('counts columns in characters, not UTF-16 units', () => {
    const parsed = parseThresholds('step[😀x].p96 < 1');
    expect(parsed).toMatchObject({ ok: false, problems: [{ path: 'thresholds line 1, column 10' }] });
  });

  it('uses the caller’s origin for the path', () => {
    expect(thresholdPlace(THRESHOLDS_INPUT, 3)).toBe('thresholds line 3');
    expect(thresholdPlace(THRESHOLD_FLAG, 3)).toBe('--threshold #3');
    const parsed = parseThresholds('\np96 < 1', THRESHOLD_FLAG);
    expect(parsed).toMatchObject({ ok: false, problems: [{ path: '--threshold #2, column 1' }] });
  });
});

describe('describeThreshold and formatMetricValue', () => {
  it.each([
    ['step[login].p95<500ms', 'step[login].p95 < 500 ms'],
    ['location[DE].step[ sign in ].p99 <= 1.5s', 'step[sign in].location[DE].p99 <= 1500 ms'],
    ['step[2].fail_rate < 1', 'step[2].fail_rate < 1 %'],
    ['fail_count == 0', 'fail_count == 0'],
    ['rps >= 812.5', 'rps >= 812.5'],
    ['avg != 0.0000001', 'avg != 0.0000001 ms'],
    ['max < 1000000000000000000000000', 'max < 1000000000000000000000000 ms'],
  ])('renders %s as %s', (line, text) => {
    expect(describeThreshold(parseOne(line))).toBe(text);
  });

  it.each([
    ['p95', 512, '512 ms'],
    ['stddev', 12.345, '12.35 ms'],
    ['max', 1234, '1,234 ms'],
    ['fail_rate', 1.25, '1.25 %'],
    ['success_rate', 100, '100 %'],
    ['fail_count', 1234, '1,234'],
    ['iteration_count', 0, '0'],
    ['rps', 812.3, '812.3/s'],
  ] as const)('formats %s %d as %s', (metric, value, text) => {
    expect(formatMetricValue(metric, value)).toBe(text);
  });

  it('classifies every metric', () => {
    const kinds = Object.fromEntries(THRESHOLD_METRICS.map((m) => [m, metricKind(m)]));
    expect(kinds).toEqual({
      avg: 'time', min: 'time', max: 'time', median: 'time', p80: 'time', p90: 'time', p95: 'time', p99: 'time',
      stddev: 'time', fail_rate: 'rate', success_rate: 'rate', fail_count: 'count', success_count: 'count',
      iteration_count: 'count', rps: 'throughput',
    });
  });
});

// ---- evaluation against a hand-built result ----

/** Distinct response times around a p95, so each metric reads its own field. */
function times(p95: number): ResponseTimes {
  return { avg: p95 / 2, min: 10, max: p95 * 2, median: p95 / 2 - 10, p80: p95 - 100, p90: p95 - 50, p95, p99: p95 + 100, stddev: 30 };
}

function stepLocation(success: number, fail: number, p95: number): StepLocationResult {
  const counts = { success_count: success, fail_count: fail, iteration_count: success + fail };
  return { ...counts, response_times: times(p95), status_code_dist: {}, error_dist: {}, location_dist: {} };
}

function fixture(): LoadTestResult {
  return {
    test_url: 'file:///report.html',
    results: {
      success_count: 990,
      fail_count: 10,
      iteration_count: 500,
      response_times: times(400),
      location_dist: {
        DE: { success_count: 600, fail_count: 0, iteration_count: 300, response_times: times(350) },
        local: { success_count: 390, fail_count: 10, iteration_count: 200, response_times: times(450) },
      },
      steps: [
        { id: 1, ...stepLocation(500, 0, 300), location_dist: {} },
        { id: 2, ...stepLocation(490, 10, 420), location_dist: { DE: stepLocation(300, 0, 380), local: stepLocation(190, 10, 500) } },
        { id: 3, ...stepLocation(0, 0, 0), location_dist: { local: stepLocation(0, 0, 0) } },
      ],
    },
    run: {
      mode: 'embedded',
      name: 'checkout',
      started_at: '2025-01-01T00:00:00.000Z',
      finished_at: '2025-01-01T00:00:10.000Z',
      duration_s: 10,
      // Not 1000 responses / 10 s, so a test can tell run.rps from a recomputed rate.
      rps: 98.7,
      late_iterations: 0,
      max_schedule_lag_ms: 0,
      version: '0.1.0',
      steps: [
        { id: 1, name: 'home', method: 'GET', url: 'http://127.0.0.1/' },
        { id: 2, name: 'sign in', method: 'POST', url: 'http://127.0.0.1/login' },
        { id: 3, name: 'idle', method: 'GET', url: 'http://127.0.0.1/idle' },
      ],
      locations: { DE: 'proxy http://127.0.0.1:3128', local: 'direct' },
      interrupted: false,
      series: [],
    },
  };
}

function evaluate(text: string, result = fixture()) {
  const parsed = parseThresholds(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return evaluateThresholds(result, parsed.thresholds);
}

function outcomeOf(line: string, result = fixture()): { actual: number; passed: boolean } {
  const evaluated = evaluate(line, result);
  if (!evaluated.ok) throw new Error(JSON.stringify(evaluated.problems));
  const [outcome] = evaluated.outcomes;
  if (!outcome) throw new Error('no outcome');
  expect(outcome.threshold.source).toBe(line);
  return { actual: outcome.actual, passed: outcome.passed };
}

describe('evaluateThresholds', () => {
  it.each([
    ['p95 < 400', 400, false],
    ['p95 <= 400', 400, true],
    ['p95 > 400', 400, false],
    ['p95 >= 400', 400, true],
    ['p95 == 400', 400, true],
    ['p95 != 400', 400, false],
    ['p95 < 0.401s', 400, true],
    ['avg < 250ms', 200, true],
    ['min >= 10', 10, true],
    ['max < 800', 800, false],
    ['median <= 190', 190, true],
    ['p80 < 299', 300, false],
    ['p90 <= 350', 350, true],
    ['p99 < 0.5s', 500, false],
    ['stddev < 31', 30, true],
    ['fail_rate < 1%', 1, false],
    ['fail_rate <= 1', 1, true],
    ['success_rate >= 99%', 99, true],
    ['success_rate > 99', 99, false],
    ['fail_count == 10', 10, true],
    ['success_count < 990', 990, false],
    ['iteration_count >= 1000', 500, false],
    ['rps >= 98.7', 98.7, true],
    ['rps > 98.7', 98.7, false],
  ])('overall: %s → actual %d, passed %s', (line, actual, passed) => {
    expect(outcomeOf(line)).toEqual({ actual, passed });
  });

  it.each([
    ['step[sign in].fail_rate < 2', 2, false],
    ['step[2].fail_rate <= 2%', 2, true],
    ['step[2].p95 == 420', 420, true],
    ['step[home].success_count == 500', 500, true],
    ['step[sign in].rps == 50', 50, true],
    ['location[DE].fail_rate == 0', 0, true],
    ['location[local].fail_rate > 2.5', 2.5, false],
    ['location[local].rps == 40', 40, true],
    ['location[DE].p95 < 350ms', 350, false],
    ['step[2].location[local].fail_rate < 5', 5, false],
    ['location[local].step[sign in].p95 <= 0.5s', 500, true],
    ['step[sign in].location[local].rps == 20', 20, true],
    ['step[2].location[DE].iteration_count == 300', 300, true],
  ])('scoped: %s → actual %d, passed %s', (line, actual, passed) => {
    expect(outcomeOf(line)).toEqual({ actual, passed });
  });

  it.each([
    ['step[idle].fail_rate == 0', 0, true],
    ['step[idle].success_rate > 0', 0, false],
    ['step[3].location[local].fail_rate == 0', 0, true],
    ['step[idle].rps == 0', 0, true],
  ])('rates are 0 when nothing was sent: %s', (line, actual, passed) => {
    expect(outcomeOf(line)).toEqual({ actual, passed });
  });

  it('compares fractional rates exactly with == and !=', () => {
    const result = fixture();
    result.results.location_dist['DE'] = { success_count: 2, fail_count: 1, iteration_count: 3, response_times: times(1) };
    expect(outcomeOf('location[DE].fail_rate != 33.33', result)).toEqual({ actual: 100 / 3, passed: true });
    expect(outcomeOf('location[DE].fail_rate == 33.33', result)).toEqual({ actual: 100 / 3, passed: false });
  });

  it('computes a rate that is a whole percentage exactly', () => {
    const result = fixture();
    result.results.location_dist['DE'] = { success_count: 93, fail_count: 7, iteration_count: 100, response_times: times(1) };
    expect(outcomeOf('location[DE].fail_rate <= 7', result)).toEqual({ actual: 7, passed: true });
    expect(outcomeOf('location[DE].success_rate == 93', result)).toEqual({ actual: 93, passed: true });
  });

  it('gives a scoped rps of 0 for a run of no duration', () => {
    const result = fixture();
    result.run.duration_s = 0;
    expect(outcomeOf('step[2].rps == 0', result)).toEqual({ actual: 0, passed: true });
  });

  it('reports every step or location absent from the result, listing what exists', () => {
    const evaluated = evaluate(
      'p95 < 1s\nstep[logn].p95 < 300ms\nstep[9].p95 < 1\nlocation[FR].avg < 1\nstep[home].location[DE].avg < 1\nstep[2].location[US].avg < 1',
    );
    const steps = 'steps are: 1 home, 2 sign in, 3 idle';
    expect(evaluated).toEqual({
      ok: false,
      problems: [
        { path: 'thresholds line 2', message: `step "logn" is not in the results; ${steps}` },
        { path: 'thresholds line 3', message: `step 9 is not in the results; ${steps}` },
        { path: 'thresholds line 4', message: 'location "FR" is not in the results; locations are: DE, local' },
        { path: 'thresholds line 5', message: 'location "DE" is not in the results of step 1 (home); there are none' },
        { path: 'thresholds line 6', message: 'location "US" is not in the results of step 2 (sign in); its locations are: DE, local' },
      ],
    });
  });

  it('names the CLI flag in evaluation problems', () => {
    const parsed = parseThresholdLines(['p95 < 1s', 'location[US].p95 < 1s']);
    if (!parsed.ok) throw new Error('parse failed');
    expect(evaluateThresholds(fixture(), parsed.thresholds, THRESHOLD_FLAG)).toMatchObject({
      ok: false,
      problems: [{ path: '--threshold #2' }],
    });
  });

  it('refuses a step name shared by several steps, and a named step without results', () => {
    const result = fixture();
    result.run.steps.push({ id: 4, name: 'home', method: 'GET', url: 'http://127.0.0.1/' });
    result.run.steps.push({ id: 5, name: 'skipped', method: 'GET', url: 'http://127.0.0.1/' });
    expect(evaluate('step[home].p95 < 1\nstep[skipped].p95 < 1', result)).toEqual({
      ok: false,
      problems: [
        { path: 'thresholds line 1', message: 'step name "home" is ambiguous: steps 1, 4 have it; use the id, e.g. step[1]' },
        {
          path: 'thresholds line 2',
          message: 'step "skipped" (id 5) is not in the results; steps are: 1 home, 2 sign in, 3 idle',
        },
      ],
    });
  });

  it('lists unnamed steps by id, and says when there are none', () => {
    const result = fixture();
    result.run.steps = [];
    expect(evaluate('step[x].p95 < 1', result)).toMatchObject({
      problems: [{ message: 'step "x" is not in the results; steps are: 1, 2, 3' }],
    });
    result.results.steps = [];
    result.results.location_dist = {};
    expect(evaluate('step[1].p95 < 1\nlocation[DE].p95 < 1', result)).toMatchObject({
      problems: [
        { message: 'step 1 is not in the results; there are none' },
        { message: 'location "DE" is not in the results; there are none' },
      ],
    });
  });
});

// ---- properties ----

const space = fc.constantFrom('', ' ', '  ', '\t');
const digits = fc.stringMatching(/^\d{1,4}$/);
const decimal = fc.tuple(digits, fc.option(digits, { nil: undefined })).map(([i, f]) => (f === undefined ? i : `${i}.${f}`));
const stepName = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter((s) => s.trim() === s && s !== '' && !s.includes(']') && !/[\r\n]/.test(s) && !/^\d+$/.test(s));
const stepScope = fc.oneof(fc.nat({ max: 500 }).map(String), stepName).map((s) => `step[${s}]`);
const locationScope = fc.oneof(fc.stringMatching(/^[A-Z]{2}$/), fc.constant('local')).map((l) => `location[${l}]`);
const scopes = fc
  .tuple(fc.option(stepScope, { nil: undefined }), fc.option(locationScope, { nil: undefined }), fc.boolean())
  .map(([step, location, locationFirst]) => {
    const parts = [step, location].filter((p) => p !== undefined);
    return locationFirst ? parts.reverse() : parts;
  });

function valueText(metric: ThresholdMetric): fc.Arbitrary<string> {
  switch (metricKind(metric)) {
    case 'time':
      return fc.tuple(decimal, fc.constantFrom('', 'ms', 's')).map(([n, u]) => `${n}${u}`);
    case 'rate':
      return fc.tuple(fc.oneof(fc.constant('100'), fc.stringMatching(/^\d{1,2}(\.\d{1,3})?$/)), fc.constantFrom('', '%')).map(([n, u]) => `${n}${u}`);
    case 'count':
      return digits;
    case 'throughput':
      return decimal;
  }
}

const thresholdLine = fc
  .tuple(scopes, fc.constantFrom(...THRESHOLD_METRICS), fc.constantFrom(...OPS), space, space, space)
  .chain(([scopeParts, metric, op, s1, s2, s3]) =>
    valueText(metric).map((value) => `${s1}${[...scopeParts, metric].join(`${s2}.${s2}`)}${s3}${op}${s2}${value}${s1}`),
  );

describe('properties', () => {
  it('reads every line the grammar builds, and its description reads back the same', () => {
    fc.assert(
      fc.property(thresholdLine, (line) => {
        const t = parseOne(line);
        expect(meaning(parseOne(describeThreshold(t)))).toEqual(meaning(t));
      }),
      { numRuns: 500 },
    );
  });

  const grammarish = fc.string({ unit: fc.constantFrom(...'step[]location.DE_ <>=!0123456789.ms%#\n\r\tlocal'.split('')) });
  it.each([
    ['binary', fc.string({ unit: 'binary' })],
    ['grapheme', fc.string({ unit: 'grapheme' })],
    ['grammar-like', grammarish],
  ])('never throws on %s strings, and every problem points inside the input', (_name, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (text) => {
        const lines = text.split(/\r?\n/);
        const parsed = parseThresholds(text);
        if (parsed.ok) {
          for (const t of parsed.thresholds) expect(t.line).toBeLessThanOrEqual(lines.length);
          return;
        }
        expect(parsed.problems.length).toBeGreaterThan(0);
        for (const problem of parsed.problems) {
          const match = /^thresholds line (\d+), column (\d+)$/.exec(problem.path);
          expect(match).not.toBeNull();
          const line = Number(match?.[1]);
          const column = Number(match?.[2]);
          expect(line).toBeGreaterThanOrEqual(1);
          expect(line).toBeLessThanOrEqual(lines.length);
          expect(column).toBeGreaterThanOrEqual(1);
          expect(column).toBeLessThanOrEqual([...(lines[line - 1] ?? '')].length + 1);
          expect(problem.message.trim()).not.toBe('');
        }
      }),
      { numRuns: 1000 },
    );
  });
});
