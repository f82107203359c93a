import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  THRESHOLD_FLAG,
  THRESHOLDS_INPUT,
  describeThreshold,
  formatMetricValue,
  metricKind,
  parseThresholdLines,
  parseThresholds,
  thresholdPlace,
} from '../src/thresholds/grammar.ts';
import { THRESHOLD_METRICS } from '../src/types.ts';
import type { Threshold, ThresholdMetric, ThresholdOp } from '../src/types.ts';

const OPS: ThresholdOp[] = ['<', '<=', '>', '>=', '==', '!='];

function parseOne(line: string): Threshold {
  const parsed = parseThresholds(line);
  if (!parsed.ok) throw new Error(`expected ${JSON.stringify(line)} to parse: ${JSON.stringify(parsed.problems)}`);
  expect(parsed.value).toHaveLength(1);
  const [threshold] = parsed.value;
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
    const line = `${metric} < 5${metricKind(metric) === 'rate' ? '%' : ''}`;
    expect(parseOne(line)).toEqual({ source: line, line: 1, metric, op: '<', value: 5 });
  });

  it.each([
    ['p50 < 1', 'p50'],
    ['p75 < 1', 'p75'],
    ['p99.9 < 1', 'p99.9'],
    ['p999 < 1', 'p99.9'],
    ['p9999 < 1', 'p99.99'],
    ['p100 < 1', 'p100'],
    ['p0.5 < 1', 'p0.5'],
    ['step[login].p99.9 < 1s', 'p99.9'],
  ])('reads any percentile: %s is %s', (line, metric) => {
    expect(parseOne(line).metric).toBe(metric);
  });

  it.each([
    ['p95 < baseline', { kind: 'percent', amount: 0 }],
    ['p95 < baseline + 10%', { kind: 'percent', amount: 10 }],
    ['p95 <= baseline - 2.5 %', { kind: 'percent', amount: -2.5 }],
    ['p95 < baseline + 20ms', { kind: 'absolute', amount: 20 }],
    ['p95 < baseline+0.5s', { kind: 'absolute', amount: 500 }],
    ['rps >= baseline - 10%', { kind: 'percent', amount: -10 }],
    ['http_fail_rate <= baseline + 50%', { kind: 'percent', amount: 50 }],
  ])('reads a limit relative to the baseline: %s', (line, baseline) => {
    expect(parseOne(line).baseline).toEqual(baseline);
  });

  it('reads step[*] and location[*] as each step and each location', () => {
    expect(parseOne('step[*].location[*].http_fail_rate < 1%')).toMatchObject({ step: { each: true }, location: '*' });
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
    ['success_rate >= 99.9%', 99.9],
    ['http_fail_rate < 0.5%', 0.5],
    ['status_5xx <= 2%', 2],
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
      value: [
        { source: 'p95 < 500ms', line: 3, metric: 'p95', op: '<', value: 500 },
        { source: 'fail_rate < 1%', line: 6, metric: 'fail_rate', op: '<', value: 1 },
      ],
    });
  });

  it('reads an empty input as no thresholds', () => {
    expect(parseThresholds('')).toEqual({ ok: true, value: [] });
    expect(parseThresholdLines([])).toEqual({ ok: true, value: [] });
  });

  it('numbers repeated flags from 1, one threshold per flag', () => {
    expect(parseThresholdLines(['p95 < 1s', 'fail_rate < 2%'])).toEqual({
      ok: true,
      value: [
        { source: 'p95 < 1s', line: 1, metric: 'p95', op: '<', value: 1000 },
        { source: 'fail_rate < 2%', line: 2, metric: 'fail_rate', op: '<', value: 2 },
      ],
    });
  });
});

describe('parseThresholds: problems', () => {
  const METRICS = `${THRESHOLD_METRICS.join(', ')}, or any percentile pN (p50, p75, p99.9)`;
  it.each([
    ['p95 => 500ms', 5, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got "=>"'],
    ['p95 = 500ms', 5, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got "="'],
    ['p95 under 500ms', 5, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got "under"'],
    ['p95', 4, 'expected an operator (<, <=, >, >=, ==, !=) after "p95", got end of line'],
    ['p0 < 500ms', 1, 'percentile "p0" is out of range; expected p followed by a number above 0 and up to 100 (p50, p99.9)'],
    ['p100.5 < 500ms', 1, 'percentile "p100.5" is out of range; expected p followed by a number above 0 and up to 100 (p50, p99.9)'],
    ['p95x < 500ms', 1, `unknown metric "p95x"; expected one of ${METRICS}`],
    ['P95 < 500ms', 1, 'unknown metric "P95"; metrics are lower case: p95'],
    ['fail_rate < 0.01', 17, 'fail_rate is a percentage and needs its % sign: write 0.01% for 0.01 %, or 1% if 0.01 is a fraction'],
    ['http_fail_rate < 1', 19, 'http_fail_rate is a percentage and needs its % sign: write 1% for 1 %, or 100% if 1 is a fraction'],
    [
      'success_rate >= 99.9',
      21,
      'success_rate is a percentage and needs its % sign: write 99.9% for 99.9 %, or 9990% if 99.9 is a fraction',
    ],
    ['p95 < baseline * 2', 16, 'unexpected "*" after "baseline"; expected the end of the threshold (one per line)'],
    ['p95 < baseline +', 17, 'expected a number after "baseline +", got end of line'],
    ['fail_rate < baseline + 1', 25, 'expected % after "baseline + 1": a change relative to the baseline, e.g. baseline + 10%'],
    ['p95 < baseline + 5x', 19, 'unknown unit "x" after 5; p95 takes ms or s (no unit means ms)'],
    ['< 500ms', 1, `expected a metric (${METRICS}) or a scope (step[…], location[…]), got "<"`],
    ['step[login]. < 5', 14, 'expected a metric or a scope after "step[login].", got "<"'],
    ['step[login].', 13, 'expected a metric or a scope after "step[login].", got end of line'],
    ['p95 <', 6, 'expected a number or baseline after "<", got end of line'],
    ['p95 < fast', 7, 'expected a number or baseline after "<", got "fast"'],
    ['p95 < -5', 7, 'expected a number or baseline after "<", got "-5"'],
    ['fail_rate < 5s', 14, 'unit "s" does not apply to fail_rate (a percentage); fail_rate takes a percentage with its % sign'],
    ['p95 < 5%', 8, 'unit "%" does not apply to p95 (a time); p95 takes ms or s (no unit means ms)'],
    ['fail_count < 5ms', 15, 'unit "ms" does not apply to fail_count (a count); fail_count takes a whole number with no unit'],
    ['rps > 10/m', 9, 'unknown unit "/m" after 10; rps takes a number per second, with /s or no unit'],
    ['p95 < 500sec', 10, 'unknown unit "sec" after 500; p95 takes ms or s (no unit means ms)'],
    ['success_rate > 99pct', 18, 'unknown unit "pct" after 99; success_rate takes a percentage with its % sign'],
    ['fail_count < 1.5', 14, 'fail_count is a count; expected a whole number, got 1.5'],
    ['fail_rate < 150%', 13, 'fail_rate is a percentage; expected a value from 0 to 100, got 150'],
    ['p95 < 500ms p99 < 1s', 13, 'unexpected "p99" after "500ms"; expected the end of the threshold (one per line)'],
    ['p95 < 500 # login', 11, 'unexpected comment after "500"; a comment goes on its own line, starting with #'],
    ['step[login.p95 < 300', 5, 'unclosed "[" in step[…]; expected "]" after the step id or name'],
    ['location[DE.p95 < 300', 9, 'unclosed "[" in location[…]; expected "]" after the location'],
    ['step[].p95 < 300', 6, 'expected a step id or name inside step[], or * for each step'],
    ['step[99999999999999999999].p95 < 1', 6, 'step id 99999999999999999999 is too large to be a step id'],
    [
      'location[].p95 < 300',
      10,
      'expected a location inside location[]: a two-letter upper-case country code such as DE, local, or * for each location',
    ],
    ['location[de].p95 < 300', 10, 'location "de": country codes are upper case; write location[DE]'],
    [
      'location[DEU].p95 < 300',
      10,
      'location "DEU" is not valid; expected a two-letter upper-case country code such as DE, local, or * for each location',
    ],
    [
      'location[Local].p95 < 1',
      10,
      'location "Local" is not valid; expected a two-letter upper-case country code such as DE, local, or * for each location',
    ],
    ['[login].p95 < 300', 1, `expected a metric (${METRICS}) or a scope (step[…], location[…]), got "[login].p95"`],
    ['step.p95 < 300', 5, 'expected "[" after "step", got ".p95"'],
    ['stp[login].p95 < 300', 1, 'unknown scope "stp"; expected step[…] or location[…]'],
    ['step[a].step[b].p95 < 300', 9, 'step[…] given twice; a threshold has at most one step and one location'],
    ['step[login] p95 < 300', 13, 'expected "." after "step[login]", got "p95"'],
    [
      'p95 < 500ms averaged_over_the_whole_run',
      13,
      'unexpected "averaged_over_the_wh…" after "500ms"; expected the end of the threshold (one per line)',
    ],
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
    const parsed = parseThresholdLines(['p95 < 1s', 'p96x < 1s']);
    expect(parsed).toEqual({
      ok: false,
      problems: [{ path: '--thresholds #2, column 1', message: expect.stringContaining('unknown metric "p96x"') }],
    });
  });

  it('counts columns in characters, not UTF-16 units', () => {
    const parsed = parseThresholds('step[😀x].p96x < 1');
    expect(parsed).toMatchObject({ ok: false, problems: [{ path: 'thresholds line 1, column 10' }] });
  });

  it('uses the caller’s origin for the path', () => {
    expect(thresholdPlace(THRESHOLDS_INPUT, 3)).toBe('thresholds line 3');
    expect(thresholdPlace(THRESHOLD_FLAG, 3)).toBe('--thresholds #3');
    const parsed = parseThresholds('\np96x < 1', THRESHOLD_FLAG);
    expect(parsed).toMatchObject({ ok: false, problems: [{ path: '--thresholds #2, column 1' }] });
  });
});

describe('describeThreshold and formatMetricValue', () => {
  it.each([
    ['step[login].p95<500ms', 'step[login].p95 < 500 ms'],
    ['location[DE].step[ sign in ].p99 <= 1.5s', 'step[sign in].location[DE].p99 <= 1500 ms'],
    ['step[2].fail_rate < 1%', 'step[2].fail_rate < 1 %'],
    ['step[*].p999 < 1s', 'step[*].p99.9 < 1000 ms'],
    ['p95 < baseline+10%', 'p95 < baseline + 10%'],
    ['p95 < baseline - 0.02s', 'p95 < baseline - 20 ms'],
    ['location[*].status_5xx == 0%', 'location[*].status_5xx == 0 %'],
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
      avg: 'time',
      min: 'time',
      max: 'time',
      median: 'time',
      p80: 'time',
      p90: 'time',
      p95: 'time',
      p99: 'time',
      stddev: 'time',
      fail_rate: 'rate',
      success_rate: 'rate',
      http_fail_rate: 'rate',
      status_2xx: 'rate',
      status_3xx: 'rate',
      status_4xx: 'rate',
      status_5xx: 'rate',
      fail_count: 'count',
      success_count: 'count',
      iteration_count: 'count',
      rps: 'throughput',
      capacity: 'throughput',
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
const stepScope = fc.oneof(fc.nat({ max: 500 }).map(String), stepName, fc.constant('*')).map((s) => `step[${s}]`);
const locationScope = fc.oneof(fc.stringMatching(/^[A-Z]{2}$/), fc.constant('local'), fc.constant('*')).map((l) => `location[${l}]`);
/** Any percentile, in every spelling the grammar takes: p75, p99.9, p999. */
const percentile = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((n) => `p${n}`),
  fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.stringMatching(/^\d{1,3}$/))
    .map(([i, f]) => `p${i}.${f}`)
    .filter((p) => Number(p.slice(1)) > 0),
  fc.stringMatching(/^9{1,4}$/).map((nines) => `p99${nines}`),
);
const metric: fc.Arbitrary<ThresholdMetric> = fc.oneof(fc.constantFrom(...THRESHOLD_METRICS), percentile as fc.Arbitrary<ThresholdMetric>);
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
      return fc
        .tuple(fc.oneof(fc.constant('100'), fc.stringMatching(/^\d{1,2}(\.\d{1,3})?$/)), fc.constantFrom('%', ' %'))
        .map(([n, u]) => `${n}${u}`);
    case 'count':
      return digits;
    case 'throughput':
      return decimal;
  }
}

/** A limit: a value in the metric's unit, or the baseline with a relative or absolute change. */
function limitText(m: ThresholdMetric): fc.Arbitrary<string> {
  const change =
    metricKind(m) === 'rate'
      ? decimal.map((n) => `${n}%`)
      : fc.oneof(
          decimal.map((n) => `${n}%`),
          valueText(m),
        );
  const relative = fc.tuple(fc.constantFrom('+', '-'), space, change).map(([sign, s, c]) => `baseline${s}${sign}${s}${c}`);
  return fc.oneof(valueText(m), fc.constant('baseline'), relative);
}

const thresholdLine = fc
  .tuple(scopes, metric, fc.constantFrom(...OPS), space, space, space)
  .chain(([scopeParts, m, op, s1, s2, s3]) =>
    limitText(m).map((value) => `${s1}${[...scopeParts, m].join(`${s2}.${s2}`)}${s3}${op}${s2}${value}${s1}`),
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
          for (const t of parsed.value) expect(t.line).toBeLessThanOrEqual(lines.length);
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

describe('stream thresholds (first_event., gap.)', () => {
  it('parse over every stream, per step and per step at a location, and print back the same', () => {
    expect(meaning(parseOne('first_event.p95 < 300ms'))).toEqual({ stream: 'first_event', metric: 'p95', op: '<', value: 300 });
    expect(meaning(parseOne('step[chat].gap.p99.9 <= 1s'))).toEqual({
      step: { name: 'chat' },
      stream: 'gap',
      metric: 'p99.9',
      op: '<=',
      value: 1000,
    });
    const scoped = parseOne('step[2].location[DE].first_event.median < baseline + 10%');
    expect(scoped).toMatchObject({ step: { id: 2 }, location: 'DE', stream: 'first_event', baseline: { kind: 'percent', amount: 10 } });
    for (const line of [
      'first_event.p95 < 300ms',
      'step[chat].gap.p99.9 <= 1s',
      'step[2].location[DE].first_event.median < baseline + 10%',
    ]) {
      const t = parseOne(line);
      expect(meaning(parseOne(describeThreshold(t)))).toEqual(meaning(t));
    }
  });

  it('refuse what a stream figure cannot be judged on, saying why', () => {
    const problem = (line: string) => {
      const parsed = parseThresholds(line);
      if (parsed.ok) throw new Error(`expected ${line} to be refused`);
      return parsed.problems[0]!.message;
    };
    expect(problem('first_event.fail_rate < 1%')).toBe(
      'first_event is a time: it takes avg, min, max, median, stddev or a percentile pN, not fail_rate',
    );
    expect(problem('first_event p95 < 1s')).toMatch(/^expected "." and a time metric after "first_event"/);
    expect(problem('location[DE].gap.p95 < 1s')).toBe('gap at a location takes a step too: step[NAME].location[DE].gap.p95');
    expect(problem('first_event.p95 < 300ms over 10s')).toMatch(/it takes no step\[…\], location\[…\], first_event or gap$/);
    expect(problem('first_event.p99 < 500ms abort')).toMatch(/^abort takes an upper limit/);
  });
});
