// Early verdicts (src/verdict/abort.ts, src/pipeline/abort-monitor.ts): the certain-breach rule on
// deterministic counts, never an abort the whole run could have passed, and runs that stop (or
// not) against loopback targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { checkTest } from '../src/engine/prepare.ts';
import { encodeHistogram, initHistograms, newHistogram } from '../src/results/histogram.ts';
import { judgeRun } from '../src/pipeline/gate.ts';
import { measureDefinition } from '../src/pipeline/measure.ts';
import { describeThreshold, parseThresholdLines, THRESHOLD_FLAG } from '../src/thresholds/grammar.ts';
import type { SecondSample } from '../src/types.ts';
import { addSecond, breachCertain, countAbove } from '../src/verdict/abort.ts';
import { threshold } from './helpers/judgement.ts';
import { definition } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

function problemOf(line: string): string | undefined {
  const parsed = parseThresholdLines([line], THRESHOLD_FLAG);
  return parsed.ok ? undefined : parsed.problems[0]!.message;
}

/** p99 of `slow` responses of 600 ms among `total`, the rest 10 ms, as the verdict reads it. */
function p99Of(slow: number, total: number): number {
  const h = newHistogram();
  for (let i = 0; i < total; i += 1) h.recordValue(i < slow ? 600_000 : 10_000);
  const value = h.getValueAtPercentile(99) / 1000;
  h.destroy();
  return value;
}

beforeAll(() => initHistograms());

describe('abort: the grammar', () => {
  it('reads abort at the end of a line, after a window too, and writes it back', () => {
    expect(threshold('p99 < 500ms abort')).toMatchObject({ metric: 'p99', value: 500, abort: true });
    expect(describeThreshold(threshold('http_fail_rate < 5% abort'))).toBe('http_fail_rate < 5 % abort');
    expect(threshold('p99 < 500ms').abort).toBeUndefined();
    expect(threshold('p99 < 500 abort')).toMatchObject({ value: 500, abort: true });
  });

  it('refuses abort where a breach cannot be known before the end', () => {
    const expected = 'abort takes an upper limit (< or <=) on http_fail_rate or a percentile of the whole run';
    for (const line of ['p99 > 5ms abort', 'rps < 5 abort', 'avg < 5ms abort', 'step[1].p99 < 5ms abort', 'p95 < baseline abort']) {
      expect(problemOf(line), line).toContain(expected);
    }
  });
});

describe('abort: the certain-breach rule', () => {
  it('http_fail_rate < 5% with 1,000 planned requests: certain at 50 failures (<=: at 51)', () => {
    const lessThan = threshold('http_fail_rate < 5% abort');
    expect(breachCertain({ threshold: lessThan, against: 49 }, 1000)).toBe(false);
    expect(breachCertain({ threshold: lessThan, against: 50 }, 1000)).toBe(true);
    const atMost = threshold('http_fail_rate <= 5% abort');
    expect(breachCertain({ threshold: atMost, against: 50 }, 1000)).toBe(false);
    expect(breachCertain({ threshold: atMost, against: 51 }, 1000)).toBe(true);
  });

  it('p99 < 500ms with N planned requests: certain once more than 1 % of N took longer, never before', () => {
    const line = threshold('p99 < 500ms abort');
    for (const total of [100, 1000, 1234]) {
      const allowed = total - Math.ceil(0.99 * total);
      expect(breachCertain({ threshold: line, against: allowed }, total)).toBe(false);
      expect(breachCertain({ threshold: line, against: allowed + 1 }, total)).toBe(true);
      // The whole run with that many slow and every other request fast: passes at `allowed`, fails above.
      expect(p99Of(allowed, total)).toBeLessThan(500);
      expect(p99Of(allowed + 1, total)).toBeGreaterThanOrEqual(500);
    }
  });

  it('counts each second: HTTP errors, and responses above the limit from its histogram', () => {
    expect(countAbove(5, (rank) => [1, 2, 3, 4, 5][rank - 1]!, 3)).toBe(2);
    expect(countAbove(5, (rank) => [1, 2, 3, 4, 5][rank - 1]!, 9)).toBe(0);
    const h = newHistogram();
    for (const ms of [10, 20, 499, 500, 501, 800, 900]) h.recordValue(ms * 1000);
    const sample: SecondSample = {
      t: 0,
      started: 7,
      responses: 7,
      failures: 0,
      errors: 3,
      p50: 0,
      p95: 0,
      p99: 0,
      histogram: encodeHistogram(h),
    };
    h.destroy();
    const tallies = addSecond(
      [
        { threshold: threshold('p99 < 500ms abort'), against: 1 },
        { threshold: threshold('http_fail_rate < 5% abort'), against: 0 },
      ],
      sample,
    );
    // 500 ms itself is not above the limit: the histogram's precision must not make a breach of it.
    expect(tallies.map((t) => t.against)).toEqual([4, 3]);
  });
});

async function checked(url: string, config: Record<string, unknown>) {
  const valid = validateDefinition(definition([{ url }], config), 'test.json');
  if (!valid.ok) throw new Error('invalid');
  return checkTest({ definition: valid.value.definition, file: 'test.json', dir: process.cwd() }, {});
}

const RUN = { embedded: { insecure: false, proxies: {}, testUrl: 'file://test' }, workers: { count: 1 } };

describe('abort: runs', () => {
  let failing: Target;
  let healthy: Target;
  beforeAll(async () => {
    let count = 0;
    // Answers 500 from its 41st request on: a service that breaks at a known point of the run.
    failing = await startTarget({
      handler: (_req, res) => {
        count += 1;
        res.statusCode = count > 40 ? 500 : 200;
        res.end('x');
        return true;
      },
    });
    healthy = await startTarget();
  });
  afterAll(async () => {
    await failing.close();
    await healthy.close();
  });

  it('stops once the breach is certain: failed with the results so far, never incomplete', async () => {
    const thresholds = [threshold('http_fail_rate < 5% abort')];
    const warnings: string[] = [];
    const test = await checked(`${failing.url}/`, { iteration_count: 300, duration: 10 });
    const { result } = await measureDefinition(
      test,
      { ...RUN, abortOn: thresholds },
      { info: () => {}, warn: (line) => warnings.push(line) },
    );
    expect(result.run.aborted).toMatchObject({ threshold: 'http_fail_rate < 5% abort' });
    expect(result.run.aborted?.reason).toMatch(/^http_fail_rate < 5% abort: \d+ of the 300 planned requests failed/);
    expect(result.run.interrupted).toBe(false);
    expect(result.results.iteration_count).toBeLessThan(300);
    expect(warnings[0]).toMatch(/^stopped early after \d+ s: http_fail_rate < 5% abort/);
    const judgement = await judgeRun(result, { thresholds, defaults: true, origin: THRESHOLD_FLAG });
    expect(judgement.outcome).toBe('failed');
    expect(judgement.failed.map((c) => c.describe)).toEqual(['http_fail_rate < 5 % abort']);
  }, 60_000);

  it('a healthy run with abort lines runs all its iterations and passes', async () => {
    const thresholds = [threshold('http_fail_rate < 5% abort'), threshold('p99 < 500ms abort')];
    const test = await checked(`${healthy.url}/ok`, { iteration_count: 60, duration: 2 });
    const { result } = await measureDefinition(test, { ...RUN, abortOn: thresholds }, { info: () => {}, warn: () => {} });
    expect(result.run.aborted).toBeUndefined();
    expect(result.results.iteration_count).toBe(60);
    expect(result.run.series.every((s) => s.histogram !== undefined)).toBe(true);
    const judgement = await judgeRun(result, { thresholds, defaults: true, origin: THRESHOLD_FLAG, onSaturated: 'warn' });
    expect(judgement.outcome).toBe('passed');
  }, 60_000);
});
