// Thresholds `over TIME` (src/verdict/windows.ts): the grammar, every sliding window judged on
// crafted per-second series, and a run with a slow spell that the whole run averages away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeHistogram, initHistograms, newHistogram } from '../src/results/histogram.ts';
import { describeThreshold, parseThresholdLines, THRESHOLD_FLAG } from '../src/thresholds/grammar.ts';
import type { SecondSample } from '../src/types.ts';
import { evaluateThreshold } from '../src/verdict/judge.ts';
import { preflightThresholds } from '../src/verdict/preflight.ts';
import { windowOutcome, windowValues } from '../src/verdict/windows.ts';
import { threshold } from './helpers/judgement.ts';
import { definition, runDefinition } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

function problemOf(line: string): string | undefined {
  const parsed = parseThresholdLines([line], THRESHOLD_FLAG);
  return parsed.ok ? undefined : `${parsed.problems[0]!.path}: ${parsed.problems[0]!.message}`;
}

/** A second of `count` responses of `ms` each, with its histogram as the engine encodes it. */
function second(t: number, count: number, ms: number): SecondSample {
  const h = newHistogram();
  for (let i = 0; i < count; i += 1) h.recordValue(ms * 1000);
  const histogram = encodeHistogram(h);
  h.destroy();
  return { t, started: count, responses: count, failures: 0, p50: ms, p95: ms, p99: ms, histogram };
}

/** 30 seconds of 50 responses at 20 ms, but 200 ms in seconds 10 and 11 (0-based). */
function slowSpell(): SecondSample[] {
  return Array.from({ length: 30 }, (_, t) => second(t, 50, t === 10 || t === 11 ? 200 : 20));
}

beforeAll(() => initHistograms());

describe('over TIME: the grammar', () => {
  it('reads a window of whole seconds or minutes after the limit, and writes it back', () => {
    expect(threshold('p95 < 300ms over 10s')).toMatchObject({ metric: 'p95', value: 300, overS: 10 });
    expect(threshold('avg <= 1s over 2m').overS).toBe(120);
    expect(describeThreshold(threshold('p90 < 100ms over 5s'))).toBe('p90 < 100 ms over 5s');
    expect(threshold('p95 < 300ms').overS).toBeUndefined();
    expect(threshold('p95 < 300 over 10s')).toMatchObject({ value: 300, overS: 10 });
  });

  it('refuses what a window cannot judge, naming the column', () => {
    expect(problemOf('p95 < 300ms over soon')).toBe(
      '--thresholds #1, column 18: expected a window of whole seconds after "over", such as 10s or 1m, got "soon"',
    );
    expect(problemOf('http_fail_rate < 1% over 10s')).toContain('column 21: over TIME judges response times');
    expect(problemOf('step[1].p95 < 300ms over 10s')).toContain("over TIME is judged on the whole run's seconds");
    expect(problemOf('p95 < baseline + 10% over 10s')).toContain('not one relative to the baseline');
    expect(problemOf('p95 < 300ms over 10s now')).toContain('unexpected "now" after "300ms over 10s"');
  });

  it('is refused before the run where the results will not have each second', () => {
    const shape = { steps: [{ id: 1, name: 'a' }], locations: ['local'], histograms: false, mode: 'hosted' };
    expect(preflightThresholds([threshold('p95 < 300ms over 10s')], shape, THRESHOLD_FLAG)[0]?.message).toBe(
      "over TIME needs each second's histogram, which hosted results do not carry (docs/verdict.md)",
    );
  });
});

describe('over TIME: the windows', () => {
  it('judges every sliding window and names the worst; the whole run averages the spell away', () => {
    const series = slowSpell();
    const values = windowValues(series, 'p90', 5)!;
    expect(values).toHaveLength(26);
    expect(values.filter((w) => w.value > 100).map((w) => w.startS)).toEqual([6, 7, 8, 9, 10, 11]);
    const outcome = windowOutcome(series, threshold('p90 < 100ms over 5s'));
    expect(outcome).toMatchObject({ passed: false, where: 'seconds 7–11' });
    expect(outcome.actual).toBeCloseTo(200, 0);
    expect(windowOutcome(series, threshold('p90 < 100ms over 20s'))).toMatchObject({ passed: true });
    expect(windowOutcome(series, threshold('p50 > 10ms over 5s'))).toMatchObject({ passed: true, where: 'seconds 1–5' });
  });

  it('a run shorter than the window is one window; without the seconds histograms there is no value', () => {
    const series = slowSpell().slice(9, 12);
    expect(windowValues(series, 'max', 10)).toEqual([{ startS: 0, lengthS: 3, value: expect.closeTo(200, 0) }]);
    const bare = series.map(({ histogram: _h, ...rest }) => rest);
    expect(windowOutcome(bare, threshold('max < 1s over 2s'))).toMatchObject({ passed: false, reason: 'no per-second histograms' });
  });
});

describe('over TIME: a run', () => {
  let target: Target;
  beforeAll(async () => {
    let count = 0;
    // Requests 200–224 (half a second at 50/s) wait 200 ms: a slow spell at a known point of the run.
    target = await startTarget({
      handler: (_req, res) => {
        count += 1;
        const slow = count > 200 && count <= 225;
        setTimeout(() => res.end('ok'), slow ? 200 : 0);
        return true;
      },
    });
  });
  afterAll(() => target.close());

  it('keeps each second when asked: p90 < 100ms holds over the run, and fails over 2s naming the window', async () => {
    const result = await runDefinition(definition([{ url: `${target.url}/` }], { iteration_count: 500, duration: 10 }), {
      keepSecondHistograms: true,
    });
    expect(result.run.series.every((s) => s.histogram !== undefined)).toBe(true);
    const whole = evaluateThreshold(result, threshold('p90 < 100ms'));
    expect(whole).toMatchObject({ passed: true });
    const windowed = evaluateThreshold(result, threshold('p90 < 100ms over 2s'));
    expect(windowed).toMatchObject({ passed: false, where: expect.stringMatching(/^seconds \d+–\d+$/) });
    expect(typeof windowed !== 'string' && windowed.actual).toBeGreaterThanOrEqual(190);
  }, 60_000);
});
