// The verdict (docs/verdict.md): metric values at every level, the one judgement, and the
// threshold checks made before any request. Pure functions against hand-built results; the
// surfaces (CLI, action) are tested against real targets in verdict-e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { verdictOf } from './helpers/report.ts';
import { InputError, type Problem } from '../src/errors.ts';
import { THRESHOLD_FLAG, THRESHOLDS_INPUT, parseThresholdLines, parseThresholds } from '../src/thresholds/grammar.ts';
import { defaultThresholds, evaluateThreshold, exitCodeOf, judge } from '../src/verdict/judge.ts';
import { preflightThresholds, type RunShape } from '../src/verdict/preflight.ts';
import { ALPHA, minRoundsFor, undecidableRounds } from '../src/compare/settings.ts';
import { lookPlan, lookVerdicts } from '../src/compare/sequential.ts';
import { expectedErrorStatuses } from '../src/variables/checks.ts';
import { initHistograms, newHistogram, encodeHistogram, responseTimesOf } from '../src/results/histogram.ts';
import type { LoadTestResult, ResponseTimes, StepLocationResult, Threshold } from '../src/types.ts';

// ---- evaluation against a hand-built result ----

/** Distinct response times around a p95, so each metric reads its own field. */
function times(p95: number): ResponseTimes {
  return { avg: p95 / 2, min: 10, max: p95 * 2, median: p95 / 2 - 10, p80: p95 - 100, p90: p95 - 50, p95, p99: p95 + 100, stddev: 30 };
}

/** Successes got a 200; failures got no response (a refused connection). */
function stepLocation(success: number, fail: number, p95: number): StepLocationResult {
  const counts = { success_count: success, fail_count: fail, iteration_count: success + fail };
  const status: Record<string, number> = success > 0 ? { '200': success } : {};
  const errors: Record<string, number> = fail > 0 ? { 'connection refused': fail } : {};
  return { ...counts, response_times: times(p95), status_code_dist: status, error_dist: errors, location_dist: {} };
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

function parse(text: string): Threshold[] {
  const parsed = parseThresholds(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

/** The problems judging these thresholds raises (a step or location the result lacks), or []. */
function problemsOf(text: string, result = fixture(), origin = THRESHOLDS_INPUT): Problem[] {
  try {
    judge({ result, thresholds: parseThresholds(text, origin).ok ? parse(text) : [], defaults: false, origin });
    return [];
  } catch (error) {
    if (error instanceof InputError) return error.problems;
    throw error;
  }
}

function outcomeOf(line: string, result = fixture()): { actual: number | undefined; passed: boolean } {
  const [threshold] = parse(line);
  const outcome = evaluateThreshold(result, threshold!);
  if (typeof outcome === 'string') throw new Error(outcome);
  expect(outcome.threshold.source).toBe(line);
  return { actual: outcome.actual, passed: outcome.passed };
}

describe('evaluateThreshold', () => {
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
    ['fail_rate <= 1%', 1, true],
    ['success_rate >= 99%', 99, true],
    ['success_rate > 99%', 99, false],
    ['http_fail_rate == 1%', 1, true],
    ['status_2xx == 99%', 99, true],
    ['status_5xx == 0%', 0, true],
    ['fail_count == 10', 10, true],
    ['success_count < 990', 990, false],
    ['iteration_count >= 1000', 500, false],
    ['rps >= 98.7', 98.7, true],
    ['rps > 98.7', 98.7, false],
  ])('overall: %s → actual %d, passed %s', (line, actual, passed) => {
    expect(outcomeOf(line)).toEqual({ actual, passed });
  });

  it.each([
    ['step[sign in].fail_rate < 2%', 2, false],
    ['step[2].fail_rate <= 2%', 2, true],
    ['step[2].p95 == 420', 420, true],
    ['step[home].success_count == 500', 500, true],
    // A part's share of the run's requests at run.rps (over the planned seconds): 500 of 1,000 requests.
    ['step[sign in].rps == 49.35', 49.35, true],
    ['location[DE].fail_rate == 0%', 0, true],
    ['location[local].fail_rate > 2.5%', 2.5, false],
    ['location[local].rps == 19.74', 19.74, true], // requests of the steps at that location: 200 of 1,000
    ['location[DE].p95 < 350ms', 350, false],
    ['step[2].location[local].fail_rate < 5%', 5, false],
    ['location[local].step[sign in].p95 <= 0.5s', 500, true],
    ['step[sign in].location[local].rps == 19.74', 19.74, true],
    ['step[2].location[DE].iteration_count == 300', 300, true],
  ])('scoped: %s → actual %d, passed %s', (line, actual, passed) => {
    expect(outcomeOf(line)).toEqual({ actual, passed });
  });

  it.each([
    'step[idle].fail_rate == 0%',
    'step[idle].success_rate >= 0%',
    'step[3].location[local].http_fail_rate < 100%',
    'step[idle].p95 < 1s',
    'step[idle].p99.9 < 1s',
  ])('no data is no pass: %s has no value and fails', (line) => {
    expect(outcomeOf(line)).toEqual({ actual: undefined, passed: false });
  });

  it('says why a statistic has no value', () => {
    const [time] = parse('step[idle].p95 < 1s');
    const [rate] = parse('step[idle].fail_rate < 1%');
    expect(evaluateThreshold(fixture(), time!)).toMatchObject({ reason: 'no response' });
    expect(evaluateThreshold(fixture(), rate!)).toMatchObject({ reason: 'no request' });
    expect(outcomeOf('step[idle].rps == 0')).toEqual({ actual: 0, passed: true });
  });

  it('compares fractional rates exactly with == and !=', () => {
    const result = fixture();
    result.results.location_dist.DE = { success_count: 2, fail_count: 1, iteration_count: 3, response_times: times(1) };
    expect(outcomeOf('location[DE].fail_rate != 33.33%', result)).toEqual({ actual: 100 / 3, passed: true });
    expect(outcomeOf('location[DE].fail_rate == 33.33%', result)).toEqual({ actual: 100 / 3, passed: false });
  });

  it('computes a rate that is a whole percentage exactly', () => {
    const result = fixture();
    result.results.location_dist.DE = { success_count: 93, fail_count: 7, iteration_count: 100, response_times: times(1) };
    expect(outcomeOf('location[DE].fail_rate <= 7%', result)).toEqual({ actual: 7, passed: true });
    expect(outcomeOf('location[DE].success_rate == 93%', result)).toEqual({ actual: 93, passed: true });
  });

  it('gives a scoped rps of 0 for a run of no planned seconds', () => {
    const result = fixture();
    result.run.rps = 0;
    expect(outcomeOf('step[2].rps == 0', result)).toEqual({ actual: 0, passed: true });
  });

  it('reports every step or location absent from the result, listing what exists', () => {
    const problems = problemsOf(
      'p95 < 1s\nstep[logn].p95 < 300ms\nstep[9].p95 < 1\nlocation[FR].avg < 1\nstep[home].location[DE].avg < 1\nstep[2].location[US].avg < 1',
    );
    const steps = 'steps are: 1 home, 2 sign in, 3 idle';
    expect({ problems }).toEqual({
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
    expect(() => judge({ result: fixture(), thresholds: parsed.value, defaults: false, origin: THRESHOLD_FLAG })).toThrow(
      expect.objectContaining({ problems: [expect.objectContaining({ path: '--thresholds #2' })] }),
    );
  });

  it('refuses a step name shared by several steps, and a named step without results', () => {
    const result = fixture();
    result.run.steps.push({ id: 4, name: 'home', method: 'GET', url: 'http://127.0.0.1/' });
    result.run.steps.push({ id: 5, name: 'skipped', method: 'GET', url: 'http://127.0.0.1/' });
    expect({ problems: problemsOf('step[home].p95 < 1\nstep[skipped].p95 < 1', result) }).toEqual({
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
    expect({ problems: problemsOf('step[x].p95 < 1', result) }).toMatchObject({
      problems: [{ message: 'step "x" is not in the results; steps are: 1, 2, 3' }],
    });
    result.results.steps = [];
    result.results.location_dist = {};
    expect({ problems: problemsOf('step[1].p95 < 1\nlocation[DE].p95 < 1', result) }).toMatchObject({
      problems: [
        { message: 'step 1 is not in the results; there are none' },
        { message: 'location "DE" is not in the results; there are none' },
      ],
    });
  });
});

// ---- the judgement ----

/** One step that got these statuses (and these errors without a response). */
function oneStep(status: Record<string, number>, errors: Record<string, number> = {}, expected?: number[]): LoadTestResult {
  const result = fixture();
  const responses = Object.values(status).reduce((n, c) => n + c, 0);
  const failed = Object.values(errors).reduce((n, c) => n + c, 0);
  const step = { ...stepLocation(responses, failed, 100), status_code_dist: status, error_dist: errors };
  result.results.steps = [{ id: 1, ...step, location_dist: { local: { ...step } } }];
  result.results.location_dist = {
    local: { success_count: responses, fail_count: failed, iteration_count: responses + failed, response_times: times(100) },
  };
  result.run.steps = [{ id: 1, name: 'home', method: 'GET', url: 'http://127.0.0.1/', ...(expected && { expected_status: expected }) }];
  return result;
}

function judged(result: LoadTestResult, text = '', defaults = true) {
  return judge({ result, thresholds: parse(text), defaults });
}

describe('judge', () => {
  it('applies the default step[*].http_fail_rate < 1% unless a threshold is on http_fail_rate', () => {
    for (const own of ['p95 < 1s', 'fail_rate < 5%', 'success_rate > 90%']) {
      expect(defaultThresholds(parse(own)).map((t) => t.source)).toEqual(['step[*].http_fail_rate < 1%']);
    }
    for (const own of ['http_fail_rate < 60%', 'step[2].http_fail_rate < 3%']) {
      expect(defaultThresholds(parse(own))).toEqual([]);
    }
    const healthy = judged(oneStep({ '200': 100 }), 'p95 < 1s');
    expect(healthy.outcome).toBe('passed');
    expect(healthy.thresholds.map((o) => [o.threshold.source, o.threshold.isDefault ?? false])).toEqual([
      ['p95 < 1s', false],
      ['step[*].http_fail_rate < 1%', true],
    ]);
    expect(healthy.checks.find((c) => c.isDefault)).toMatchObject({ describe: 'step[*].http_fail_rate < 1 %', passed: true });
  });

  it('fails every request answered 404, and a step with 2 % of 500s, by default', () => {
    const notFound = judged(oneStep({ '404': 50 }));
    expect(notFound.outcome).toBe('failed');
    expect(notFound.failed.map((c) => c.kind)).toEqual(['threshold', 'no-data']);
    expect(notFound.failed[0]!.actual).toBe('100 % at step 1 (home)');
    const someErrors = judged(oneStep({ '200': 98, '500': 2 }));
    expect(someErrors.outcome).toBe('failed');
    expect(someErrors.failed.map((c) => c.describe)).toEqual(['step[*].http_fail_rate < 1 %']);
    expect(judged(oneStep({ '200': 98, '500': 2 }), '', false).outcome).toBe('passed');
    // fail_rate counts failed iterations, which a 500 alone does not make: the default stays beside it.
    const withFailRate = judged(oneStep({ '200': 98, '500': 2 }), 'fail_rate < 50%');
    expect(withFailRate.failed.map((c) => c.describe)).toEqual(['step[*].http_fail_rate < 1 %']);
  });

  it("does not count a status the step's assertions expect as an error", () => {
    expect(expectedErrorStatuses(['equals(status_code,404)'])).toEqual([404]);
    expect(expectedErrorStatuses(['in(status_code,[200,409])', 'less_than(response_time,500)'])).toEqual([409]);
    expect(expectedErrorStatuses(['range(status_code,400,403)'])).toEqual([400, 401, 402]);
    expect(expectedErrorStatuses(['equals(body,"x")'])).toEqual([]);
    expect(judged(oneStep({ '404': 50 }, {}, [404])).outcome).toBe('passed');
  });

  it('counts a request once: an error status that also failed a capture is one HTTP error', () => {
    const result = oneStep({ '200': 90, '500': 10 }, { 'capture failed: TOKEN (not found)': 10 });
    result.results.steps[0]!.success_count = 90;
    expect(outcomeOf('http_fail_rate == 10%', result)).toEqual({ actual: 10, passed: true });
  });

  it('fails a run whose service was down: no response is no data, whatever the thresholds say', () => {
    const down = judged(oneStep({}, { 'connection refused': 5 }), 'p95 < 500ms');
    expect(down.outcome).toBe('failed');
    expect(down.checks.map((c) => [c.describe, c.actual, c.passed])).toEqual([
      ['p95 < 500 ms', '— (no response)', false],
      ['step[*].http_fail_rate < 1 %', '100 % at step 1 (home)', false],
      ['every step got a successful response', 'none for step 1 (home)', false],
    ]);
    expect(exitCodeOf(down)).toBe(1);
    expect(judged(oneStep({}, { 'connection refused': 5 }), '', false).outcome).toBe('failed');
  });

  it('never passes a stopped run: incomplete, exit 130 or 143', () => {
    const result = oneStep({ '200': 10 });
    result.run.interrupted = true;
    const byInt = judge({ result, thresholds: [], defaults: true, stoppedBy: 'SIGINT' });
    expect(byInt).toMatchObject({ outcome: 'incomplete', stoppedBy: 'SIGINT' });
    expect(byInt.failed.map((c) => c.kind)).toEqual(['completeness']);
    expect(exitCodeOf(byInt)).toBe(130);
    expect(exitCodeOf(judge({ result, thresholds: [], defaults: true, stoppedBy: 'SIGTERM' }))).toBe(143);
    expect(judged(result).outcome).toBe('incomplete');
  });

  function saturatedBy(loopDelayMaxMs: number, appliedPerS: number): LoadTestResult {
    const result = oneStep({ '200': 10 });
    result.run.generator = {
      saturated: true,
      reason: "the engine thread's event loop ran late",
      loop_delay_p99_ms: 12,
      loop_delay_max_ms: loopDelayMaxMs,
      cpu_pct_max: 100,
      busy_pct_max: 100,
      behind_iterations: 50,
      unstarted_iterations: 100 - appliedPerS,
      planned_iterations_per_s: 100,
      applied_iterations_per_s: appliedPerS,
      concurrency: 100,
      sockets_max: 10,
      warm_up_s: 0,
    };
    return result;
  }
  const generatorCheck = (j: ReturnType<typeof judged>) => j.checks.find((c) => c.kind === 'generator')!;

  it('fails when a saturated generator did not apply the planned load, unless asked to warn', () => {
    const result = saturatedBy(240, 80);
    const failed = judged(result);
    expect(failed.outcome).toBe('failed');
    expect(generatorCheck(failed)).toMatchObject({
      passed: false,
      actual: "saturated: the engine thread's event loop ran late; 80/s of the planned 100/s applied",
    });
    expect(generatorCheck(failed).warnOnly).toBeUndefined();
    const warned = judge({ result, thresholds: [], defaults: true, onSaturated: 'warn' });
    expect(warned.outcome).toBe('passed');
    expect(warned.warnings.map((c) => c.kind)).toEqual(['generator']);
  });

  it("only warns when the generator's delay cannot change a latency threshold: a delay only adds to response times", () => {
    const result = saturatedBy(15, 100);
    const p95 = outcomeOf('p95 < 1s', result).actual!;
    const held = judged(result, `p95 < ${p95 + 1}ms`);
    expect(held.outcome).toBe('passed');
    expect(held.warnings.map((c) => c.actual)).toEqual([
      "saturated: the engine thread's event loop ran late; every latency threshold holds with its delay included",
    ]);
    // The headline does not call a warning met.
    const total = held.checks.length;
    expect(verdictOf(result, held).text).toBe(`${result.run.name} passed — ${total - 1} of ${total} checks met, 1 warning`);
    expect(generatorCheck(judged(result)).actual).toBe(
      "saturated: the engine thread's event loop ran late; no latency threshold is set, but response times include up to 15 ms of its delay",
    );
    // Failing by far more than the delay: the threshold fails the run; the generator is not the reason.
    const far = judged(result, `p95 < ${p95 - 100}ms`);
    expect(far.failed.map((c) => c.kind)).toEqual(['threshold']);
    expect(generatorCheck(far).warnOnly).toBe(true);
  });

  it("fails when a latency threshold's outcome could be the generator's own delay", () => {
    const result = saturatedBy(15, 100);
    const p95 = outcomeOf('p95 < 1s', result).actual!;
    const within = judged(result, `p95 < ${p95 - 10}ms`);
    expect(within.failed.map((c) => c.kind)).toEqual(['threshold', 'generator']);
    expect(generatorCheck(within).actual).toBe(
      `saturated: the engine thread's event loop ran late; the outcome of p95 < ${p95 - 10}ms could be its delay of up to 15 ms`,
    );
    // A lower bound met only thanks to the delay is distorted too.
    const lower = judged(result, `p95 > ${p95 - 10}ms`);
    expect(lower.failed.map((c) => c.kind)).toEqual(['generator']);
  });

  it('warns, not fails, when a busy machine stalled the generator and every planned iteration still started', () => {
    // 20 planned in 1 s, the last start 93 ms late: 18.3/s over the stretched window, yet nothing was left unstarted.
    const stalled = (unstarted: number, hostStalled: boolean, loopDelayMaxMs = 93): LoadTestResult => {
      const result = saturatedBy(loopDelayMaxMs, 18.3);
      result.run.rate_window_s = 1.093;
      result.run.late_iterations = 3;
      result.run.max_schedule_lag_ms = 93;
      Object.assign(result.run.generator!, {
        cpu_pct_max: 6,
        busy_pct_max: 20,
        unstarted_iterations: unstarted,
        planned_iterations_per_s: 20,
        ...(hostStalled && { host_stalled: true }),
      });
      return result;
    };
    const caughtUp = judged(stalled(0, true));
    expect(caughtUp.outcome).toBe('passed');
    expect(caughtUp.warnings.map((c) => c.kind)).toEqual(['generator']);
    expect(caughtUp.late).toMatchObject({ warning: false });
    expect(caughtUp.late!.text).toContain('busy with other work and stalled it');
    expect(caughtUp.late!.text).not.toContain('less load was applied');
    // Iterations never started: load the service never got, whoever is to blame.
    const lost = judged(stalled(2, true));
    expect(lost.outcome).toBe('failed');
    expect(generatorCheck(lost).actual).toContain('18.3/s of the planned 20/s applied');
    // A generator out of CPU that started everything, but late past the plan's end, applied less per second.
    expect(judged(stalled(0, false)).outcome).toBe('failed');
    // Starts past the plan's end by more than the longest stall: the generator fell behind, not one stall.
    expect(judged(stalled(0, true, 40)).outcome).toBe('failed');
    // A threshold the stall's delay could flip still fails the check.
    const p95 = outcomeOf('p95 < 1s', stalled(0, true)).actual!;
    expect(judged(stalled(0, true), `p95 < ${p95 - 10}ms`).failed.map((c) => c.kind)).toEqual(['threshold', 'generator']);
  });

  it('passes a generator that kept up', () => {
    const result = saturatedBy(1, 100);
    result.run.generator!.saturated = false;
    expect(generatorCheck(judged(result))).toMatchObject({ actual: 'kept up', passed: true });
  });

  it("counts the other parts' checks (comparison, latency) in the one judgement", () => {
    const check = { kind: 'latency' as const, describe: 'latency.ttfb.p95 < 200 ms', actual: '212 ms', passed: false };
    const j = judge({ result: oneStep({ '200': 10 }), thresholds: [], defaults: true, checks: [check] });
    expect(j.outcome).toBe('failed');
    expect(j.failed).toEqual([check]);
    expect(j.checks).toHaveLength(3);
  });

  it("reads any percentile from the run's histograms, to the microsecond", async () => {
    await initHistograms();
    const h = newHistogram();
    for (let us = 1000; us <= 1_000_000; us += 1000) h.recordValue(us);
    const result = oneStep({ '200': 1000 });
    result.histograms = { overall: encodeHistogram(h), steps: { '1': encodeHistogram(h) }, locations: {}, step_locations: {} };
    h.destroy();
    expect(outcomeOf('p99.9 <= 1s', result).actual).toBeCloseTo(999, 0);
    expect(outcomeOf('step[1].p75 < 800ms', result).actual).toBeCloseTo(750, 0);
    // The 2.5 set too: the histogram's p95, not the hand-built integer field (400).
    expect(outcomeOf('p95 < 1s', result).actual).toBeCloseTo(950, 0);
  });

  it("judges median, p80…p99 on the histograms' exact values like any pN: median < 1ms and p50 < 1ms agree on a 0.56 ms service", async () => {
    await initHistograms();
    const h = newHistogram();
    for (let i = 0; i < 100; i++) h.recordValue(560);
    const result = oneStep({ '200': 100 });
    // What the results file holds for it: integer milliseconds, 0.56 rounded up to 1.
    result.results.response_times = responseTimesOf(h);
    result.results.steps[0]!.response_times = responseTimesOf(h);
    result.histograms = { overall: encodeHistogram(h), steps: { '1': encodeHistogram(h) }, locations: {}, step_locations: {} };
    h.destroy();
    expect(result.results.response_times.median).toBe(1);
    const j = judge({ result, thresholds: parse('median < 1ms\np50 < 1ms\nstep[1].p99 < 1ms\navg < 1ms\nmax < 1ms'), defaults: false });
    const thresholds = j.checks.filter((c) => c.kind === 'threshold');
    expect(thresholds.map((c) => [c.describe, c.actual, c.passed])).toEqual([
      ['median < 1 ms', '0.56 ms', true],
      ['p50 < 1 ms', '0.56 ms', true],
      ['step[1].p99 < 1 ms', '0.56 ms', true],
      ['avg < 1 ms', '0.56 ms', true],
      ['max < 1 ms', '0.56 ms', true],
    ]);
  });

  it('judges a median above the limit by less than the rounding with its exact value in the message', async () => {
    await initHistograms();
    const h = newHistogram();
    for (let i = 0; i < 100; i++) h.recordValue(1400);
    const result = oneStep({ '200': 100 });
    result.results.response_times = responseTimesOf(h);
    result.histograms = { overall: encodeHistogram(h), steps: { '1': encodeHistogram(h) }, locations: {}, step_locations: {} };
    h.destroy();
    // The integer field reads 1, which would pass `median <= 1.2ms`; the service's median is 1.4 ms.
    const j = judge({ result, thresholds: parse('median <= 1.2ms'), defaults: false });
    expect(j.outcome).toBe('failed');
    expect(j.failed[0]).toMatchObject({ describe: 'median <= 1.2 ms', actual: '1.4 ms' });
  });

  it("holds a relative threshold to the baseline's value at the same scope", () => {
    const baseline = fixture();
    const current = fixture();
    current.results.steps[1]!.response_times = times(500);
    const [relative] = parse('step[2].p95 < baseline + 10%');
    expect(evaluateThreshold(current, relative!, baseline)).toMatchObject({ actual: 500, limit: 462, passed: false });
    const [absolute] = parse('p95 <= baseline + 20ms');
    expect(evaluateThreshold(current, absolute!, baseline)).toMatchObject({ actual: 400, limit: 420, passed: true });
    expect(evaluateThreshold(current, absolute!)).toMatchObject({ passed: false, reason: 'no baseline value at this scope' });
  });

  it("step[*] fails when any step fails and shows that step's value", () => {
    const outcome = evaluateThreshold(fixture(), parse('step[*].fail_rate < 1%')[0]!);
    expect(outcome).toMatchObject({ passed: false, actual: 2, where: 'step 2 (sign in)' });
  });
});

describe('preflightThresholds', () => {
  const shape: RunShape = {
    steps: [
      { id: 1, name: 'home' },
      { id: 2, name: 'login' },
    ],
    locations: ['local'],
    histograms: true,
    mode: 'embedded',
  };

  it('finds a step, location, percentile or baseline the run cannot have', () => {
    const problems = preflightThresholds(
      parse('step[logn].p95 < 1s\nlocation[DE].avg <= 300\nstep[9].p95 < 1\np95 < baseline + 10%\nstep[login].p99.9 < 1s'),
      shape,
    );
    expect(problems).toEqual([
      { path: 'thresholds line 1', message: 'step "logn" is not in the definition; its steps are: 1 home, 2 login' },
      {
        path: 'thresholds line 2',
        message:
          'location "DE" will not be in the results; they will have: local (a country is a location of its own only when it sends through a proxy: --proxy DE=http://…, input proxies)',
      },
      { path: 'thresholds line 3', message: 'step 9 is not in the definition; its steps are: 1 home, 2 login' },
      {
        path: 'thresholds line 4',
        message: 'a threshold relative to the baseline needs a baseline results file (--baseline, input baseline)',
      },
    ]);
  });

  it('refuses percentiles outside the 2.5 set where the results carry no histograms', () => {
    const hosted = { ...shape, histograms: false, mode: 'hosted' };
    expect(preflightThresholds(parse('p75 < 1s\np95 < 1s\np50 < 1s'), hosted)).toEqual([
      {
        path: 'thresholds line 1',
        message: "p75 needs the run's histograms, which hosted results do not carry; use median, p80, p90, p95 or p99",
      },
    ]);
  });
});

describe('the comparison gate refuses settings that can never decide', () => {
  const gate = (rounds: number, maxRounds: number) =>
    ({ rounds, maxRounds, onInconclusive: 'warn', warmupRounds: 1, maxRegression: 0.1, metric: 'p95', seed: 1 }) as const;

  it('knows the fewest rounds for k steps at α = 0.05 with Holm', () => {
    expect([1, 2, 5, 6, 14, 15, 50].map((k) => minRoundsFor(k))).toEqual([4, 4, 5, 5, 6, 6, 7]);
    expect(undecidableRounds(gate(4, 4), 5, '--rounds')).toEqual({
      path: '--rounds',
      message:
        "4 rounds can never show a significant slowdown across 5 steps (the smallest p after Holm's correction would be 0.071, not below 0.05); use at least 5",
    });
    expect(undecidableRounds(gate(5, 5), 5, '--rounds')).toBeUndefined();
  });

  it('holds the planned rounds to the level of the first look when the rounds may extend', () => {
    // max-rounds 15: looks after 5, 10, 15 rounds, each at 0.05 / 3; 5 / C(10, 5) = 0.0198 is above it.
    expect(undecidableRounds(gate(5, 15), 5, 'rounds')).toEqual({
      path: 'rounds',
      message:
        "5 rounds can never show a significant slowdown across 5 steps (the smallest p after Holm's correction would be 0.020, " +
        'not below 0.0167 (α 0.05 split over 3 looks up to 15 rounds)); use at least 6, or a smaller max-rounds (fewer looks)',
    });
    expect(undecidableRounds(gate(6, 15), 5, 'rounds')).toBeUndefined();
  });

  it('refuses exactly the settings whose first look could not call the most extreme data slower', () => {
    // Every head round above every base round, in every step, 10 times slower: the strongest
    // evidence the planned rounds can hold. Refused ⇔ even that is not `slower` at the first look.
    for (let steps = 1; steps <= 6; steps++) {
      for (let rounds = 3; rounds <= 8; rounds++) {
        for (const maxRounds of [rounds, rounds + 1, 2 * rounds, 3 * rounds, 10 * rounds]) {
          const plan = lookPlan(rounds, maxRounds, ALPHA);
          const base = Array.from({ length: rounds }, (_, i) => 100 + i);
          const extreme = Array.from({ length: steps }, () => ({ head: base.map((b) => b * 10), base }));
          const canDecide = lookVerdicts(extreme, plan, 0.1).every((v) => v.verdict === 'slower');
          const refused = undecidableRounds(gate(rounds, maxRounds), steps, 'rounds') !== undefined;
          expect(refused, `${steps} steps, ${rounds} rounds, max-rounds ${maxRounds}`).toBe(!canDecide);
        }
      }
    }
  });
});
