// The comparison gate end to end (DESIGN 12): settings, both sides prepared before any request,
// rounds against two real local targets, the verdicts, the results file and the report sections.
// The statistics themselves are tested in compare-stats.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initHistograms, newHistogram } from '../src/results/histogram.ts';
import type { LoadedDefinition } from '../src/definition/load.ts';
import { validateDefinition } from '../src/definition/validate.ts';
import { InputError, type Problem } from '../src/errors.ts';
import {
  comparisonResultFile,
  expectedDurationS,
  metricValueMs,
  NO_DATA_NOTE,
  plannedRunSeconds,
  prepareSides,
  runComparison,
  type ComparisonResult,
} from '../src/compare/run.ts';
import type { Comparison, ComparisonExtension, ComparisonProgress, ComparisonStep } from '../src/results/comparison.ts';
import {
  comparisonFailureMessage,
  comparisonHtml as comparisonHtmlSection,
  comparisonMarkdown as comparisonSection,
  comparisonTerminal,
  comparisonVerdict,
  formatRatio,
} from '../src/report/comparison.ts';
import {
  comparisonExtensionLine,
  comparisonPlanLine as planLine,
  comparisonProgressLine,
  comparisonStopLine,
} from '../src/report/progress.ts';

/** The plan line as the pipeline gives it: each side's planned seconds a round. */
const comparisonPlanLine = (definition: Parameters<typeof plannedRunSeconds>[0], s: CompareSettings) =>
  planLine(plannedRunSeconds(definition), s);
import { comparisonChecks } from '../src/verdict/comparison.ts';
import {
  ACTION_INPUT_NAMES,
  CLI_FLAG_NAMES,
  type CompareSettingNames,
  type CompareSettings,
  parseCompareSettings,
  type RawCompareSettings,
} from '../src/compare/settings.ts';
import { seededOrder } from '../src/compare/stats.ts';
import { judgeRun, preflightComparison } from '../src/pipeline/gate.ts';
import { parseThresholdLines, THRESHOLD_FLAG, THRESHOLDS_INPUT } from '../src/thresholds/grammar.ts';
import { markdownOf, terminalOf } from './helpers/report.ts';
import type { Environment } from '../src/types.ts';
import { startStreamTarget, type StreamTarget } from './helpers/stream-targets.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { judgementFor } from './helpers/judgement.ts';

let target: Target;
beforeAll(async () => {
  await initHistograms();
  target = await startTarget();
});
afterAll(() => target.close());

function loaded(raw: Record<string, unknown>): LoadedDefinition {
  const checked = validateDefinition(raw, 'compare.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return { definition: checked.value.definition, file: 'compare.json', dir: process.cwd() };
}

/** One step that waits {{DELAY}} ms on the target: 40 iterations over 1 s per run. */
const delayed = () =>
  loaded({
    name: 'compare e2e',
    config_data: { steps: [{ id: 1, name: 'checkout', url: '{{BASE}}/delay/{{DELAY}}' }], iteration_count: 40, duration: 1 },
  });

function env(name: string, vars: Record<string, string | number>): Environment {
  return { name, vars: Object.entries(vars).map(([key, value]) => ({ key, value })) };
}

const delayEnv = (name: string, ms: number) => env(name, { BASE: target.url, DELAY: ms });

/** Without maxRounds in the overrides the rounds never extend: maxRounds = rounds. */
function settings(overrides: Partial<CompareSettings> = {}): CompareSettings {
  const rounds = overrides.rounds ?? 5;
  return { rounds, maxRounds: rounds, onInconclusive: 'warn', warmupRounds: 1, maxRegression: 0.1, metric: 'p95', seed: 7, ...overrides };
}

const RUN = { concurrency: 100, insecure: false, proxies: {} };

interface Compared {
  result: ComparisonResult;
  progress: ComparisonProgress[];
  extensions: ComparisonExtension[];
}

async function compareDelays(headMs: number, baseMs: number, overrides: Partial<CompareSettings>, now?: () => Date): Promise<Compared> {
  const sides = await prepareSides(delayed(), delayEnv('head', headMs), delayEnv('base', baseMs));
  const progress: ComparisonProgress[] = [];
  const extensions: ComparisonExtension[] = [];
  const result = await runComparison(sides, settings(overrides), {
    ...RUN,
    now,
    onProgress: (p) => progress.push(p),
    onExtend: (e) => extensions.push(e),
  });
  return { result, progress, extensions };
}

/** The side that ran first in each round, as onProgress reported it. */
function firstSides(progress: ComparisonProgress[]): string[] {
  return progress.filter((_, i) => i % 2 === 0).map((p) => `${p.side}-first`);
}

/** The settings parsed, or the test fails with the problems. */
function settingsOf(raw: RawCompareSettings, names: CompareSettingNames): CompareSettings {
  const parsed = parseCompareSettings(raw, names);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

/** The problems found, or the test fails with the settings. */
function problemsOf(raw: RawCompareSettings, names: CompareSettingNames): Problem[] {
  const parsed = parseCompareSettings(raw, names);
  if (parsed.ok) throw new Error(`expected problems, got ${JSON.stringify(parsed.value)}`);
  return parsed.problems;
}

describe('settings', () => {
  it('defaults every absent or empty setting, and draws a seed', () => {
    const parsed = settingsOf({ rounds: '', metric: '  ' }, ACTION_INPUT_NAMES);
    expect(parsed).toMatchObject({ rounds: 10, warmupRounds: 1, maxRegression: 0.1, metric: 'p95' });
    expect(Number.isInteger(parsed.seed)).toBe(true);
  });

  it('reads max-regression as a percentage with or without the sign', () => {
    const regression = (text: string) => settingsOf({ maxRegression: text }, ACTION_INPUT_NAMES).maxRegression;
    expect(regression('10%')).toBeCloseTo(0.1, 12);
    expect(regression('10')).toBeCloseTo(0.1, 12);
    expect(regression('2.5 %')).toBeCloseTo(0.025, 12);
    expect(regression('0')).toBe(0);
  });

  it('takes the given rounds, warm-up, metric and seed', () => {
    const raw = { rounds: '3', warmupRounds: '0', metric: 'median', seed: '4294967295' };
    expect(settingsOf(raw, CLI_FLAG_NAMES)).toEqual({
      rounds: 3,
      maxRounds: 9,
      onInconclusive: 'warn',
      warmupRounds: 0,
      maxRegression: 0.1,
      metric: 'median',
      seed: 4294967295,
    });
  });

  it('extends to 3 × rounds by default, without a time limit, and warns on what stays inconclusive', () => {
    expect(settingsOf({ rounds: '10' }, ACTION_INPUT_NAMES)).toMatchObject({ rounds: 10, maxRounds: 30, onInconclusive: 'warn' });
    expect(settingsOf({}, ACTION_INPUT_NAMES)).not.toHaveProperty('maxTimeS');
    const given = settingsOf({ rounds: '6', maxRounds: '6', maxTime: '900', onInconclusive: 'FAIL' }, ACTION_INPUT_NAMES);
    expect(given).toMatchObject({ rounds: 6, maxRounds: 6, maxTimeS: 900, onInconclusive: 'fail' });
  });

  it('refuses a budget below the rounds, a time limit that is not whole seconds, and an unknown on-inconclusive', () => {
    const problems = problemsOf({ rounds: '10', maxRounds: '8', maxTime: '0', onInconclusive: 'ignore' }, ACTION_INPUT_NAMES);
    expect(problems).toEqual([
      {
        path: 'max-rounds',
        message:
          'expected a whole number ≥ rounds (10), got "8": the most measured rounds, the planned ones included (equal to rounds: never extend)',
      },
      {
        path: 'max-compare-time',
        message: 'expected a whole number of seconds of at least 1 s, such as 30s, 2m or 1h (a bare number is seconds), got "0"',
      },
      { path: 'on-inconclusive', message: 'expected warn (a warning; the run passes) or fail (the run fails), got "ignore"' },
    ]);
    const flags = problemsOf({ maxRounds: 'lots', maxTime: '1.5', onInconclusive: 'no' }, CLI_FLAG_NAMES);
    expect(flags.map((p) => p.path)).toEqual(['--max-rounds', '--max-compare-time', '--on-inconclusive']);
  });

  it('refuses bad values all at once, each naming its input', () => {
    const problems = problemsOf({ rounds: '2', warmupRounds: '-1', maxRegression: '-5%', metric: 'p50x', seed: 'abc' }, ACTION_INPUT_NAMES);
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.message]));
    expect(byPath.rounds).toMatch(/expected a whole number ≥ 3, got "2": fewer rounds can never show a significant difference/);
    expect(byPath['warm-up-rounds']).toMatch(/expected a whole number ≥ 0, got "-1"/);
    expect(byPath['max-regression']).toMatch(/expected a percentage ≥ 0 such as 10%.*got "-5%"/);
    expect(byPath['compare-metric']).toMatch(
      /expected one of the response-time metrics avg, median, p80, p90, p95, p99, min, max, or one of the streaming steps' first_event\.<metric> or gap\.<metric> \(first_event\.p95\), got "p50x"/,
    );
    expect(byPath.seed).toMatch(/expected a whole number from 0 to 4294967295/);
  });

  it('refuses a non-numeric max-regression and a fractional round count, naming the CLI flags', () => {
    const problems = problemsOf({ maxRegression: 'ten', rounds: '4.5' }, CLI_FLAG_NAMES);
    expect(problems.map((p) => p.path)).toEqual(['--rounds', '--max-regression']);
    expect(problems[1]!.message).toContain('got "ten"');
  });
});

describe('preparing both sides', () => {
  it('refuses a base environment that lacks a variable of the definition, before any request', async () => {
    target.reset();
    const problem = await prepareSides(delayed(), delayEnv('head', 2), env('base', { BASE: target.url })).catch((e: unknown) => e);
    expect(problem).toBeInstanceOf(InputError);
    const [only, ...rest] = (problem as InputError).problems;
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ file: 'compare.json', path: '$.config_data.steps[0].url' });
    expect(only!.message).toMatch(/^base side \(variables from the compare environment only\): unknown variable "DELAY"/);
    expect(target.received).toEqual([]);
  });

  it("gives the base side none of the definition's own variables, so it cannot silently hit the head", async () => {
    const definition = loaded({
      name: 'inline env',
      config_data: { steps: [{ id: 1, name: 'home', url: '{{BASE}}/ok' }] },
      environment: { name: 'head', vars: [{ key: 'BASE', value: target.url }] },
    });
    const problem = await prepareSides(definition, undefined, env('base', { OTHER: 1 }), '--base-env base.json').catch((e: unknown) => e);
    expect((problem as InputError).message).toContain('base side (variables from --base-env base.json only): unknown variable "BASE"');
  });

  it('reports a problem both sides share once, without the base prefix', async () => {
    const problem = await prepareSides(delayed(), env('head', { BASE: target.url }), env('base', { BASE: target.url })).catch(
      (e: unknown) => e,
    );
    const messages = (problem as InputError).problems.map((p) => p.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^unknown variable "DELAY"/);
  });

  it('resolves each side with its own environment', async () => {
    const sides = await prepareSides(delayed(), delayEnv('head', 12), delayEnv('base', 2));
    expect(sides.head.runSteps[0]!.url).toBe(`${target.url}/delay/12`);
    expect(sides.base.runSteps[0]!.url).toBe(`${target.url}/delay/2`);
  });
});

describe('the rounds against two sides', () => {
  let slower: Compared;
  let same: Compared;

  beforeAll(async () => {
    // Medians of 40 requests, 200 ms against 2 ms: a busy machine adds tens of milliseconds to the
    // base's median, and only a base median above the head's 200 ms could hide the regression; identical
    // sides judged against a 100 % limit, which only a doubling could exceed.
    // The regression is planned for 3 rounds with max-rounds 5: looks after 3 and 5 rounds, each
    // at p < 0.025 with a 97.5 % interval. 3 rounds per side cannot reach that (the least p is
    // 1/C(6, 3) = 0.05; with ties the normal approximation gets below 0.025 only when all three
    // values of each side are equal to the microsecond) and their interval is unbounded
    // (P(U = 0) = 0.05 > 0.0125): inconclusive by construction, so the rounds extend. 5 rounds,
    // every head value above every base value: p = 1/C(10, 5) = 0.004, slower.
    slower = await compareDelays(200, 2, { rounds: 3, maxRounds: 5, seed: 7, metric: 'median' });
    same = await compareDelays(5, 5, { seed: 7, metric: 'median', maxRegression: 1 });
    // Two comparisons of twelve 1-second runs each: about 30 s alone, several times that on a busy machine.
  }, 240_000);

  it('finds a large regression: slower, the gate fails, and the message names the step', () => {
    const { comparison } = slower.result;
    expect(comparison.passed).toBe(false);
    const [step] = comparison.steps;
    expect(step).toMatchObject({ id: 1, name: 'checkout', verdict: 'slower' });
    expect(step!.ratio!).toBeGreaterThan(2);
    expect(step!.p_adjusted!).toBeLessThan(0.025);
    expect(comparisonFailureMessage(comparison)).toMatch(
      /^comparison gate failed \(more than 10 % slower\): step 1 "checkout" is slower than the base: p50 head\/base \d/,
    );
  });

  it('extends what the planned rounds could not decide, and decides it: slower after 5 rounds', () => {
    const { comparison } = slower.result;
    expect(slower.extensions).toEqual([{ after: 3, to: 5, look: 2, looks: 2, maxRounds: 5, inconclusive: ['checkout'] }]);
    expect(comparison).toMatchObject({
      rounds: 3,
      max_rounds: 5,
      max_time_s: null,
      on_inconclusive: 'warn',
      rounds_measured: 5,
      extended: true,
      stopped: 'decided',
      alpha: 0.05,
      looks: [3, 5],
      look_alpha: 0.025,
      confidence: 0.975,
      interrupted: false,
      passed: false,
    });
    expect(comparisonExtensionLine(slower.extensions[0]!)).toBe(
      'extending: 1 step inconclusive after 3 rounds ("checkout"); measuring up to 5 rounds for look 2 of 2 (max-rounds 5)',
    );
    expect(comparisonStopLine(comparison)).toBe('comparison: 5 rounds measured (3 planned); stopped: a step is slower');
    expect(comparisonChecks(comparison)).toEqual([
      {
        kind: 'comparison',
        describe: 'step[checkout] head/base median <= 1.10',
        actual: expect.stringMatching(/, slower$/),
        passed: false,
      },
    ]);
    const { markdown } = comparisonSection(comparison);
    expect(markdown).toContain(
      'p50 of each step in 5 rounds (3 planned, extended while steps were inconclusive; max-rounds 5) (after 1 warm-up round, discarded)',
    );
    expect(markdown).toContain('Looks after 3, 5 rounds, each at p < 0.025 (α 0.05 split over 2 looks); stopped: a step is slower.');
    expect(markdown).toContain('Head/base (97.5 % CI)');
    expect(markdown).toContain('slower: p < 0.025 and the estimate above 1.10');
  });

  it('passes identical sides: never slower (faster, by chance, is a pass too)', () => {
    const { comparison } = same.result;
    expect(comparison.passed).toBe(true);
    // Noise alone can make identical sides read `faster` at the gate's α; only `slower` fails.
    expect(['same', 'inconclusive', 'faster']).toContain(comparison.steps[0]!.verdict);
    expect(comparisonFailureMessage(comparison)).toBeUndefined();
  });

  it('takes one sub-millisecond value per step, side and round, warm-ups kept apart', () => {
    const [step] = slower.result.comparison.steps;
    expect(step!.head).toHaveLength(5);
    expect(step!.base).toHaveLength(5);
    expect(step!.warmup_head).toHaveLength(1);
    expect(step!.warmup_base).toHaveLength(1);
    for (const v of step!.base) expect(v!).toBeGreaterThanOrEqual(2);
    for (const v of step!.head) expect(v!).toBeGreaterThanOrEqual(200);
    // Microsecond resolution: the 2.5 response times would all be whole milliseconds.
    expect([...step!.head, ...step!.base].some((v) => !Number.isInteger(v))).toBe(true);
  });

  it('runs the sides in the seeded order, the same for the same seed', () => {
    const expected = seededOrder(7, 6);
    expect(expected).toContain('head-first');
    expect(expected).toContain('base-first');
    expect(firstSides(slower.progress)).toEqual(expected);
    expect(firstSides(same.progress)).toEqual(expected);
    expect(slower.result.comparison.order).toEqual(expected);
    expect(seededOrder(8, 6)).not.toEqual(expected);
    // The progress counts to the next look: 1 warm-up + 3 rounds, then + 2 more.
    expect(slower.progress.map((p) => [p.round, p.of, p.warmup])).toEqual(
      [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6].map((round) => [round, round <= 4 ? 4 : 6, round === 1]),
    );
  });

  it('writes a results file with the head as its 2.5 result, the base and the round values', async () => {
    const file = comparisonResultFile(slower.result);
    expect(file.run.mode).toBe('compare');
    // Five measured rounds of 40 on each side. A busy host may leave an iteration of a round
    // unstarted when its schedule ends (counted in the generator block, which the head side has);
    // one round dropped would leave 160.
    expect(file.results.iteration_count + file.run.generator!.unstarted_iterations).toBe(5 * 40);
    expect(file.comparison.base_results.iteration_count).toBeGreaterThan(4 * 40);
    expect(file.comparison.base_results.iteration_count).toBeLessThanOrEqual(5 * 40);
    expect(file.results.steps[0]!.response_times.median).toBeGreaterThanOrEqual(200);
    expect(file.comparison.base_results.steps[0]!.response_times.median).toBeLessThan(200);
    expect(file.run.series.length).toBeGreaterThanOrEqual(5);
    expect(file.run.series.every((s) => s.histogram === undefined)).toBe(true);
    expect(file).not.toHaveProperty('histograms');
    expect(file.run).not.toHaveProperty('shards');
    expect(JSON.parse(JSON.stringify(file)).comparison).toEqual(file.comparison);
    // Absolute thresholds still apply to the head side.
    const thresholds = parseThresholdLines(['p95 < 5ms']);
    if (!thresholds.ok) throw new Error('threshold did not parse');
    expect((await judgeRun(file, { thresholds: thresholds.value, defaults: true, origin: THRESHOLD_FLAG })).outcome).toBe('failed');
  });

  it('reports the regression in the Markdown, terminal and HTML renderings', () => {
    const { comparison } = slower.result;
    const section = comparisonSection(comparison);
    expect(section.title).toBe('Comparison with the base: failed');
    expect(section.markdown).toMatch(
      /\| 1 \| checkout \| [\d.]+ ms \| [\d.]+ ms \| [\d.]+ \([\d.]+–[\d.]+\) \| [<\d. ]+ \| \*\*✗ slower\*\* \|/,
    );
    expect(section.markdown).toContain('xychart-beta');
    const file = comparisonResultFile(slower.result);
    const markdown = markdownOf({ result: file, judgement: judgementFor(file), comparison });
    expect(markdown).toContain('#### Comparison with the base: failed');
    expect(terminalOf({ result: file, judgement: judgementFor(file), comparison }, { color: false })).toMatch(
      /✘ comparison with the base FAILED/,
    );
    expect(comparisonTerminal(comparison, { color: false })).toMatch(/✘ comparison with the base FAILED — checkout [\d.]+× the base/);
    expect(comparisonHtmlSection(comparison).html).toContain('data-verdict="slower"');
  });
});

describe('extending the rounds while a step is inconclusive', () => {
  it('starts no extension round that would end after the time limit; what stays inconclusive warns', async () => {
    // One round (the runner takes it; the settings' parser would ask for 3) is inconclusive
    // whatever its values: p = 1/2 and no interval. Its two 1-second runs leave no time for a
    // second round within 1 s.
    const { result, extensions } = await compareDelays(20, 2, { rounds: 1, maxRounds: 2, maxTimeS: 1, warmupRounds: 0, metric: 'median' });
    const { comparison } = result;
    expect(extensions).toEqual([]);
    expect(comparison).toMatchObject({
      rounds_measured: 1,
      extended: false,
      stopped: 'time-limit',
      max_time_s: 1,
      looks: [1, 2],
      passed: true,
    });
    expect(comparison.steps[0]!.verdict).toBe('inconclusive');
    expect(comparisonStopLine(comparison)).toBe(
      'comparison: 1 round measured; stopped: after 1 round, no time for another within max-compare-time 1s',
    );
    const file = comparisonResultFile(result);
    // A machine busy enough to saturate the generator fails or warns by the generator's own check
    // (its tests are verdict.test.ts's); this test is about the comparison's, so that one only warns.
    const warned = judgementFor(file, '', { checks: comparisonChecks(comparison), onSaturated: 'warn' });
    expect(warned.outcome).toBe('passed');
    expect(warned.warnings.filter((c) => c.kind !== 'generator')).toEqual([
      {
        kind: 'comparison',
        describe: 'step[checkout] head/base median <= 1.10',
        actual: expect.stringMatching(
          /^[\d.]+ \(0–∞\), inconclusive after 1 round, no time for another within max-compare-time 1s: more rounds needed to decide$/,
        ),
        passed: false,
        warnOnly: true,
      },
    ]);
    expect(comparisonSection(comparison).markdown).toContain(
      '⚠️ 1 step still inconclusive after 1 round, no time for another within max-compare-time 1s: a warning, the gate passes (on-inconclusive: fail makes it fail).',
    );
    // on-inconclusive: fail turns the same verdict into a failed check.
    const strict = { ...comparison, on_inconclusive: 'fail' as const, passed: false };
    const failed = judgementFor(file, '', { checks: comparisonChecks(strict), onSaturated: 'warn' });
    expect(failed.outcome).toBe('failed');
    expect(failed.failed.map((c) => c.kind)).toEqual(['comparison']);
    expect(comparisonVerdict(strict)).toBe('1 step inconclusive (on-inconclusive: fail)');
    expect(comparisonFailureMessage(strict)).toMatch(
      /^comparison gate failed \(inconclusive after 1 round, .*on-inconclusive: fail\): step 1 "checkout" is inconclusive: p50 head\/base /,
    );
  });

  it('stops an extension between its rounds when the next would end after the time limit', async () => {
    // Looks after 2 and 4 rounds. The clock reads 0 at the start, 1 s at the first look (1.5 s
    // expected with one more round: it fits 10 s), 2 s before round 3 (2.67 s: it fits), and 9 s
    // before round 4 (11.25 s: it does not), so the second look's rounds end at 3.
    const readings = [0, 1000, 2000, 9000, 9500];
    const now = () => new Date(Date.UTC(2026, 0, 1) + (readings.shift() ?? 9500));
    const overrides = { rounds: 2, maxRounds: 4, maxTimeS: 10, warmupRounds: 0, metric: 'median' } as const;
    const { result, progress, extensions } = await compareDelays(20, 2, overrides, now);
    expect(extensions.map((e) => [e.after, e.to])).toEqual([[2, 4]]);
    expect(progress).toHaveLength(6);
    expect(result.comparison).toMatchObject({ looks: [2, 4], rounds_measured: 3, extended: true, stopped: 'time-limit', duration_s: 9.5 });
    expect(result.comparison.steps[0]!.verdict).toBe('inconclusive');
  });
});

describe('stopping early', () => {
  it('keeps the rounds that completed and says it was interrupted', async () => {
    const sides = await prepareSides(delayed(), delayEnv('head', 2), delayEnv('base', 2));
    const abort = new AbortController();
    const onProgress = (p: ComparisonProgress) => {
      if (p.round === 3) abort.abort();
    };
    const { comparison, head } = await runComparison(sides, settings(), { ...RUN, signal: abort.signal, onProgress });
    expect(comparison).toMatchObject({ interrupted: true, stopped: 'interrupted', extended: false, rounds_measured: 1, passed: true });
    expect(comparison.order).toHaveLength(3);
    expect(comparison.steps[0]!.head).toHaveLength(1);
    expect(head.results.iteration_count).toBe(40);
  });
});

describe('streaming steps compared by their first event', () => {
  let streams: StreamTarget;
  beforeAll(async () => {
    streams = await startStreamTarget();
  });
  afterAll(() => streams.close());

  /** An SSE step whose first event comes after {{FIRST}} ms, then a plain step the stream metric leaves out. */
  const chat = () =>
    loaded({
      name: 'compare streams',
      config_data: {
        steps: [
          { id: 1, name: 'chat', url: '{{BASE}}/sse?first={{FIRST}}&every=1&count=2&end=DONE', stream: { type: 'sse' } },
          { id: 2, name: 'after', url: '{{BASE}}/plain' },
        ],
        iteration_count: 8,
        duration: 1,
      },
    });
  const streamEnv = (name: string, first: number) => env(name, { BASE: streams.http, FIRST: first });

  it('reads first_event.<metric> and gap.<metric>, and refuses other figures', () => {
    expect(settingsOf({ metric: 'First_Event.P95' }, ACTION_INPUT_NAMES).metric).toBe('first_event.p95');
    expect(settingsOf({ metric: 'gap.median' }, CLI_FLAG_NAMES).metric).toBe('gap.median');
    const [bad] = problemsOf({ metric: 'stream.p95' }, CLI_FLAG_NAMES);
    expect(bad).toMatchObject({ path: '--compare-metric', message: expect.stringContaining('first_event.<metric> or gap.<metric>') });
    // A name is read whole: what follows a second dot is not dropped.
    const [trailing] = problemsOf({ metric: 'gap.p99.x' }, CLI_FLAG_NAMES);
    expect(trailing).toMatchObject({ path: '--compare-metric', message: expect.stringContaining('got "gap.p99.x"') });
  });

  it('compares only the streaming steps, from their first-event histograms: 150 ms against 2 ms is slower', async () => {
    const sides = await prepareSides(chat(), streamEnv('head', 150), streamEnv('base', 2));
    // 4 rounds: the fewest with which one compared step can be called slower at α 0.05 (1/C(8, 4) = 0.014).
    const { comparison } = await runComparison(sides, settings({ rounds: 4, warmupRounds: 0, metric: 'first_event.median' }), RUN);
    expect(comparison.metric).toBe('first_event.median');
    expect(comparison.steps.map((s) => s.name)).toEqual(['chat']);
    const [step] = comparison.steps;
    expect(step!.verdict).toBe('slower');
    // Every head value is a first event after at least 150 ms; the step's whole exchange is not what is read.
    expect(Math.min(...(step!.head as number[]))).toBeGreaterThanOrEqual(150);
    expect(Math.max(...(step!.base as number[]))).toBeLessThan(150);
    expect(comparisonChecks(comparison)[0]!.describe).toContain('first_event.median');
  }, 240_000);

  it('refuses a stream metric on a test without streaming steps, before any request', async () => {
    const gate = { thresholds: [], defaults: false, origin: THRESHOLDS_INPUT };
    const { definition } = delayed();
    let error: unknown;
    try {
      preflightComparison(gate, definition, {}, settings({ metric: 'gap.p99' }), CLI_FLAG_NAMES);
    } catch (caught) {
      error = caught;
    }
    expect((error as InputError).problems).toEqual([
      {
        path: '--compare-metric',
        message: 'gap.p99 is a figure of streaming steps (docs/streaming.md), and no step of the test has "stream"',
      },
    ]);
  });
});

describe('metric values', () => {
  it('reads every metric from a histogram of microseconds, to the microsecond', () => {
    const h = newHistogram();
    for (let us = 1000; us <= 100_000; us += 1000) h.recordValue(us);
    expect(metricValueMs(h, 'min')).toBe(1);
    expect(metricValueMs(h, 'max')).toBeCloseTo(100, 0);
    expect(metricValueMs(h, 'avg')).toBeCloseTo(50.5, 1);
    expect(metricValueMs(h, 'median')).toBeCloseTo(50, 0);
    expect(metricValueMs(h, 'p95')).toBeCloseTo(95, 0);
    h.reset();
    h.recordValue(4321);
    expect(metricValueMs(h, 'p95')).toBeCloseTo(4.321, 2);
    h.reset();
    expect(metricValueMs(h, 'p95')).toBeNull();
    h.destroy();
  });

  it('expects every round to run the definition once per side', () => {
    const { definition } = loaded({ name: 'd', config_data: { steps: [{ id: 1, name: 'a', url: 'http://127.0.0.1:1/' }], duration: 30 } });
    expect(expectedDurationS(definition, settings({ rounds: 10, warmupRounds: 1 }))).toBe(11 * 2 * 30);
    expect(comparisonPlanLine(definition, settings({ rounds: 10, warmupRounds: 1, seed: 99 }))).toBe(
      'comparison: 11 rounds (1 warm-up) × 2 sides × 30s = about 11m; p95 per step, max regression 10 %, seed 99 (give it again to repeat the order)',
    );
    expect(comparisonPlanLine(definition, settings({ rounds: 10, maxRounds: 30, maxTimeS: 1800, warmupRounds: 1, seed: 99 }))).toBe(
      'comparison: 11 rounds (1 warm-up) × 2 sides × 30s = about 11m; while steps are inconclusive up to 30 rounds (about 31m), ' +
        'no extension round after 30m; p95 per step, max regression 10 %, seed 99 (give it again to repeat the order)',
    );
    expect(comparisonProgressLine({ round: 1, of: 11, side: 'base', warmup: true })).toBe('round 1/11 (warm-up): base (0 done)');
  });
});

describe('report rendering', () => {
  const step = (overrides: Partial<ComparisonStep>): ComparisonStep => ({
    id: 1,
    name: 'step',
    verdict: 'same',
    head_median: 10,
    base_median: 10,
    ratio: 1,
    ratio_lower: 0.95,
    ratio_upper: 1.05,
    p: 0.5,
    p_adjusted: 0.5,
    p_faster: 0.5,
    p_faster_adjusted: 0.5,
    method: 'exact',
    head: [10, 10, 10],
    base: [10, 10, 10],
    warmup_head: [],
    warmup_base: [],
    ...overrides,
  });
  const comparison = (steps: ComparisonStep[]): Comparison => ({
    metric: 'p95',
    rounds: 3,
    max_rounds: 3,
    max_time_s: null,
    on_inconclusive: 'warn',
    warmup_rounds: 0,
    max_regression: 0.1,
    alpha: 0.05,
    looks: [3],
    look_alpha: 0.05,
    confidence: 0.95,
    seed: 1,
    order: ['head-first', 'base-first', 'head-first'],
    rounds_measured: 3,
    extended: false,
    stopped: 'decided',
    interrupted: false,
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: '2026-01-01T00:00:06.000Z',
    duration_s: 6,
    passed: steps.every((s) => s.verdict !== 'slower'),
    steps,
    base_results: {
      steps: [],
      fail_count: 0,
      success_count: 0,
      iteration_count: 0,
      response_times: { avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 },
      location_dist: {},
    },
    base_run: { duration_s: 3, rps: 10, late_iterations: 0, max_schedule_lag_ms: 0, interrupted: false },
  });

  it('escapes step names for each format', () => {
    const c = comparison([step({ name: 'a|b *x* <script>' })]);
    expect(comparisonSection(c).markdown).toContain('a\\|b \\*x\\* &lt;script&gt;');
    const html = comparisonHtmlSection(c).html;
    expect(html).toContain('a|b *x* &lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(comparisonTerminal(comparison([step({ name: 'evil\u001b[31m' })]), { color: false })).not.toContain('\u001b');
  });

  it('writes an unbounded interval, the inconclusive note and a step without data', () => {
    const c = comparison([
      step({
        id: 1,
        name: 'wide',
        verdict: 'inconclusive',
        note: 'more rounds needed to decide',
        ratio: 1.4,
        ratio_lower: 0,
        ratio_upper: null,
      }),
      step({
        id: 2,
        name: 'down',
        verdict: 'inconclusive',
        note: NO_DATA_NOTE,
        head_median: null,
        base_median: null,
        ratio: null,
        ratio_lower: null,
        ratio_upper: null,
        p: null,
        p_adjusted: null,
        p_faster: null,
        p_faster_adjusted: null,
        method: null,
        head: [null, null, null],
      }),
    ]);
    expect(formatRatio(c.steps[0]!)).toBe('1.40 (0–∞)');
    const { markdown } = comparisonSection(c);
    expect(markdown).toContain('| 1 | wide | 10 ms | 10 ms | 1.40 (0–∞) | 0.500 | ? inconclusive: more rounds needed to decide |');
    expect(markdown).toContain(`| 2 | down | — | — | — | — | ? inconclusive: ${NO_DATA_NOTE} |`);
    expect(markdown).toContain('**✓ Passed** — 2 steps inconclusive');
    // Only the step with every round value is charted.
    expect(markdown.match(/xychart-beta/g)).toHaveLength(1);
  });

  it('colours the terminal only when asked', () => {
    const c = comparison([step({ verdict: 'slower', ratio: 1.5, ratio_lower: 1.3, ratio_upper: 1.7, p_adjusted: 0.01 })]);
    expect(comparisonTerminal(c, { color: true })).toContain('\u001b[31m');
    expect(comparisonTerminal(c, { color: false })).not.toContain('\u001b');
  });
});
