// The capacity search (docs/capacity.md): its decisions on crafted probe outcomes, its settings,
// and whole searches against loopback targets of known capacity.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextProbe, outOfTime, STALLED_TRIES, type ProbeOutcome, type SearchSettings } from '../src/capacity/search.ts';
import { parseCapacitySettings } from '../src/capacity/settings.ts';
import { validateDefinition } from '../src/definition/validate.ts';
import { checkTest } from '../src/engine/prepare.ts';
import { measureCapacity, probeDefinition, probeOutcome } from '../src/pipeline/capacity.ts';
import { capacityHeadline } from '../src/report/capacity.ts';
import { capacityHtml } from '../src/report/capacity-html.ts';
import { renderMarkdown } from '../src/report/markdown.ts';
import { buildReport } from '../src/report/model.ts';
import { judgeRun } from '../src/pipeline/gate.ts';
import { parseThresholdLines, THRESHOLD_FLAG } from '../src/thresholds/grammar.ts';
import { evaluateThreshold } from '../src/verdict/judge.ts';
import { preflightThresholds } from '../src/verdict/preflight.ts';
import type { CapacityInfo, GeneratorInfo, LoadTestResult } from '../src/types.ts';
import { metricValue, overallLevel } from '../src/verdict/metrics.ts';
import { runCli } from './helpers/process.ts';
import { makeResult } from './helpers/result-fixture.ts';
import { definition } from './helpers/run-definition.ts';
import { queueTarget, startTarget, type Target } from './helpers/targets.ts';

const SETTINGS: SearchSettings = { from: 10, precision: 0.05 };

function probe(rate: number, passed: boolean, saturated = false): ProbeOutcome {
  return { rate, applied: rate, passed, saturated };
}

/** A probe the machine stalled: the generator was late with CPU to spare. */
function stalled(rate: number): ProbeOutcome {
  return { rate, applied: rate / 2, passed: false, saturated: true, stalled: true };
}

/** Runs the search on outcomes a function of the rate decides, as a target of that capacity would. */
function searchOn(settings: SearchSettings, holds: (rate: number) => boolean, limit = 50) {
  const probes: ProbeOutcome[] = [];
  for (let i = 0; i < limit; i += 1) {
    const step = nextProbe(settings, probes);
    if ('done' in step) return { answer: step.done, rates: probes.map((p) => p.rate) };
    probes.push(probe(step.probe, holds(step.probe)));
  }
  throw new Error('the search did not end');
}

describe('nextProbe', () => {
  it('doubles from --from until a rate fails, bisects to the precision, and probes the rate found again', () => {
    const { answer, rates } = searchOn(SETTINGS, (rate) => rate <= 380);
    expect(rates).toEqual([10, 20, 40, 80, 160, 320, 640, 480, 400, 360, 380, 390, 380]);
    expect(answer).toEqual({ maxRate: 380, limitedBy: 'slo', failedAt: 390 });
  });

  it('a rate that fails its confirmation no longer holds: the search goes on below it', () => {
    const probes = [
      probe(10, true),
      probe(20, false),
      probe(15, true),
      probe(17, true),
      probe(18, true),
      probe(19, true),
      probe(19, false),
    ];
    expect(nextProbe(SETTINGS, probes)).toEqual({ probe: 18 });
    expect(nextProbe(SETTINGS, [...probes.slice(0, 5), probe(18, false)])).toEqual({ probe: 17 });
  });

  it('ends at --to once it holds there twice: limited_by max', () => {
    const settings = { ...SETTINGS, to: 100 };
    const { answer, rates } = searchOn(settings, () => true);
    expect(rates).toEqual([10, 20, 40, 80, 100, 100]);
    expect(answer).toEqual({ maxRate: 100, limitedBy: 'max' });
  });

  it('a rate that saturates the generator twice ends the search, with the highest rate that held as a lower bound', () => {
    const once = [probe(10, true), probe(20, true), probe(40, false, true)];
    expect(nextProbe(SETTINGS, once)).toEqual({ probe: 40 });
    expect(nextProbe(SETTINGS, [...once, probe(40, true, true)])).toEqual({ done: { maxRate: 20, limitedBy: 'generator', failedAt: 40 } });
    // Saturated once (a busy neighbour), then measured: the search goes on from what was measured.
    expect(nextProbe(SETTINGS, [...once, probe(40, true)])).toEqual({ probe: 80 });
  });

  it("a rate the machine stalled is probed again up to STALLED_TRIES times, never counted as the generator's limit or the target's", () => {
    const before = [probe(10, true), probe(20, true)];
    const tries = (n: number) => [...before, ...Array.from({ length: n }, () => stalled(40))];
    for (let n = 1; n < STALLED_TRIES; n += 1) expect(nextProbe(SETTINGS, tries(n))).toEqual({ probe: 40 });
    expect(nextProbe(SETTINGS, tries(STALLED_TRIES))).toEqual({ done: { maxRate: 20, limitedBy: 'host', failedAt: 40 } });
    // A stall between, then measured: the search goes on from what was measured, and a stall does not count towards the generator's tries.
    expect(nextProbe(SETTINGS, [...tries(2), probe(40, false)])).toEqual({ probe: 30 });
    expect(nextProbe(SETTINGS, [...tries(1), probe(40, false, true)])).toEqual({ probe: 40 });
  });

  it('halves below a first rate that fails, and gives up below 1/s', () => {
    expect(searchOn(SETTINGS, (rate) => rate <= 3).rates).toEqual([10, 5, 2, 4, 3, 3]);
    expect(searchOn(SETTINGS, () => false)).toEqual({ answer: { maxRate: 0, limitedBy: 'slo', failedAt: 1 }, rates: [10, 5, 2, 1] });
  });

  it('out of time, the bracket so far is the answer', () => {
    expect(outOfTime([probe(10, true), probe(20, true), probe(40, false)])).toEqual({ maxRate: 20, limitedBy: 'time', failedAt: 40 });
    expect(outOfTime([probe(10, true)])).toEqual({ maxRate: 10, limitedBy: 'time' });
  });
});

describe('capacity settings', () => {
  const texts = { probe: '10s', from: '10/s', precision: '5%', maxTime: '10m' };

  it('reads the defaults as the settings table writes them', () => {
    expect(parseCapacitySettings(texts)).toEqual({ ok: true, value: { probeS: 10, from: 10, precision: 0.05, maxTimeS: 600 } });
  });

  it('names each bad flag and what it expects', () => {
    const parsed = parseCapacitySettings({ probe: '1s', from: '2.5/s', to: '100/s', precision: '100%', maxTime: 'soon' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.path)).toEqual(['--probe', '--from', '--precision', '--max-time']);
    const below = parseCapacitySettings({ ...texts, from: '50/s', to: '20/s', maxTime: '5s' });
    expect(below.ok ? [] : below.problems.map((p) => p.message)).toEqual([
      'expected a rate at or above --from (50/s), got "20/s"',
      'expected at least one probe\'s time (--probe 10s), got "5s"',
    ]);
    // A rate past any schedule is named by its flag, as written, not by the field of the probe it would make.
    const huge = parseCapacitySettings({ ...texts, from: '99999999999999999999/s' });
    expect(huge.ok ? [] : huge.problems).toEqual([
      {
        path: '--from',
        message:
          'expected iterations per second above 0 and at most 1,000,000,000/s, such as 20/s, 1200/m or 20, got "99999999999999999999/s"',
      },
    ]);
  });
});

describe('probeDefinition', () => {
  it("runs the definition's steps at a constant rate for the probe's judged seconds, whatever its own load", () => {
    const raw = definition([{ url: 'http://127.0.0.1:9/' }], { iteration_count: 7, duration: 3, manual_load: [{ duration: 3, count: 7 }] });
    const checked = validateDefinition(raw, 'test.json');
    if (!checked.ok) throw new Error('invalid');
    const config = probeDefinition(checked.value.definition, 40, 5).config_data;
    expect(config).toMatchObject({ load_type: 'linear', duration: 4, iteration_count: 160 });
    expect(config.manual_load).toBeUndefined();
  });
});

describe('probeOutcome', () => {
  const generator: GeneratorInfo = {
    saturated: true,
    reason: 'the engine thread ran late',
    loop_delay_p99_ms: 30,
    loop_delay_max_ms: 40,
    cpu_pct_max: 5,
    busy_pct_max: 20,
    behind_iterations: 20,
    unstarted_iterations: 0,
    planned_iterations_per_s: 60,
    applied_iterations_per_s: 45,
    concurrency: 100,
    sockets_max: 8,
    warm_up_s: 1,
  };
  const at = (g: Partial<GeneratorInfo>) => makeResult({ locations: { local: 1 }, run: { generator: { ...generator, ...g } } });
  const p99 = metricValue('p99', overallLevel(at({})), at({}), false)!;
  const outcome = (g: Partial<GeneratorInfo>, limitMs: number) => probeOutcome(at(g), 60, slo(`p99 < ${limitMs}ms`), THRESHOLD_FLAG);

  it("less load applied than planned, by a generator the machine stalled: probed again as stalled, not the target's failure", () => {
    expect(outcome({ host_stalled: true }, Math.floor(p99 - 50))).toMatchObject({ passed: false, saturated: true, stalled: true });
    // The same late generator with its thread at its limit: the generator's saturation.
    expect(outcome({ cpu_pct_max: 99 }, Math.floor(p99 - 50))).toMatchObject({ saturated: true });
    expect(outcome({ cpu_pct_max: 99 }, Math.floor(p99 - 50)).stalled).toBeUndefined();
  });

  it("an SLO failed by more than twice the generator's delay is the target's failure, whatever the generator did", () => {
    expect(outcome({ host_stalled: true }, Math.floor(p99 - 81))).toMatchObject({ passed: false, saturated: false });
    expect(outcome({ host_stalled: true, loop_delay_max_ms: 10 }, Math.floor(p99 - 50))).toMatchObject({ passed: false, saturated: false });
  });

  it('a held SLO under less load than planned says nothing of the planned rate', () => {
    expect(outcome({ host_stalled: true }, Math.ceil(p99 + 1))).toMatchObject({ passed: true, saturated: true, stalled: true });
  });
});

describe('capacityHeadline', () => {
  const base: CapacityInfo = { max_rate: 380, limited_by: 'slo', failed_at: 400, slo: ['p99 < 100ms'], probe_s: 4, probes: [] };

  it('says what held up to where, or what bounds the answer', () => {
    expect(capacityHeadline(base)).toBe('capacity 380/s: p99 < 100ms held up to 380/s, failed at 400/s');
    expect(capacityHeadline({ ...base, limited_by: 'generator', max_rate: 160, failed_at: 320 })).toMatch(
      /^capacity ≥ 160\/s on this machine: the load generator saturated at 320\/s .*--workers/,
    );
    expect(capacityHeadline({ ...base, limited_by: 'host', max_rate: 40, failed_at: 80 })).toMatch(
      /^capacity ≥ 40\/s on this machine: at 80\/s the machine running loadgate stalled its engine thread/,
    );
    expect(capacityHeadline({ ...base, limited_by: 'max', max_rate: 800, failed_at: undefined })).toBe(
      'capacity ≥ 800/s: p99 < 100ms held up to 800/s, the highest rate asked (--to)',
    );
  });
});

describe('capacity thresholds', () => {
  const shape = { steps: [{ id: 1, name: 'home' }], locations: ['local'], histograms: true, mode: 'embedded' };

  it('read capacity >= 300/s, and baseline - 10%, as a rate per second', () => {
    const parsed = parseThresholdLines(['capacity >= 300/s', 'capacity >= baseline - 10%'], THRESHOLD_FLAG);
    expect(parsed.ok && parsed.value.map((t) => [t.metric, t.op, t.value, t.baseline])).toEqual([
      ['capacity', '>=', 300, undefined],
      ['capacity', '>=', 0, { kind: 'percent', amount: -10 }],
    ]);
  });

  it('are refused before any request where the results will have no capacity, or the baseline none', () => {
    const parsed = parseThresholdLines(['capacity >= 300/s', 'step[1].capacity > 5', 'capacity >= baseline - 10%'], THRESHOLD_FLAG);
    if (!parsed.ok) throw new Error('bad');
    const [plain, scoped, relative] = parsed.value;
    expect(preflightThresholds([plain!], shape, THRESHOLD_FLAG)[0]?.message).toContain('capacity is what loadgate capacity measures');
    expect(preflightThresholds([scoped!], { ...shape, capacity: true }, THRESHOLD_FLAG)[0]?.message).toContain('no step[…]');
    const baseline = { results: { steps: [], location_dist: {} } } as unknown as LoadTestResult;
    expect(preflightThresholds([relative!], { ...shape, capacity: true, baseline }, THRESHOLD_FLAG)[0]?.message).toContain(
      'no capacity block',
    );
  });

  it("judge the rate found, and a baseline's", () => {
    const parsed = parseThresholdLines(['capacity >= 300/s', 'capacity >= baseline - 10%'], THRESHOLD_FLAG);
    if (!parsed.ok) throw new Error('bad');
    const withCapacity = (max_rate: number) =>
      ({ ...makeResult(), capacity: { max_rate, limited_by: 'slo', slo: [], probe_s: 4, probes: [] } }) as LoadTestResult;
    const [absolute, relative] = parsed.value;
    expect(evaluateThreshold(withCapacity(310), absolute!)).toMatchObject({ actual: 310, passed: true });
    expect(evaluateThreshold(withCapacity(290), absolute!)).toMatchObject({ actual: 290, passed: false });
    expect(evaluateThreshold(withCapacity(360), relative!, withCapacity(400))).toMatchObject({ limit: 360, passed: true });
    expect(evaluateThreshold(withCapacity(359), relative!, withCapacity(400))).toMatchObject({ passed: false });
  });
});

describe('the capacity section of the Markdown report', () => {
  it('puts the answer and the table of probes first, for the job summary, the comment and the check run', async () => {
    const capacity: CapacityInfo = {
      max_rate: 380,
      limited_by: 'slo',
      failed_at: 400,
      slo: ['p99 < 100ms'],
      probe_s: 4,
      probes: [
        { rate: 380, applied: 380, p50: 11, p95: 40, p99: 61.5, http_fail_rate: 0, passed: true, saturated: false },
        { rate: 400, applied: 399.5, p50: 29, p95: 110, p99: 187, http_fail_rate: 0.25, passed: false, saturated: false },
      ],
    };
    const result = { ...makeResult(), capacity };
    const judgement = await judgeRun(result, { thresholds: [], defaults: false, origin: THRESHOLD_FLAG });
    const markdown = renderMarkdown(buildReport({ result, judgement }));
    expect(markdown).toContain('#### Capacity\n\n**capacity 380/s: p99 < 100ms held up to 380/s, failed at 400/s**');
    expect(markdown).toContain('| 400/s | 399.5/s | 29 ms | 110 ms | 187 ms | 0.25 % | failed |');
    expect(renderMarkdown(buildReport({ result: makeResult(), judgement }))).not.toContain('#### Capacity');
  });
});

describe('the capacity section of the web report', () => {
  it('draws p50/p95/p99 against rate, the time SLOs across and the rate found, above the table', () => {
    const capacity: CapacityInfo = {
      max_rate: 40,
      limited_by: 'slo',
      failed_at: 80,
      slo: ['p99 < 100ms', 'http_fail_rate < 1%'],
      probe_s: 3,
      probes: [
        { rate: 40, applied: 40, p50: 20, p95: 60, p99: 75, http_fail_rate: 0, passed: true, saturated: false },
        { rate: 80, applied: 80, p50: 700, p95: 1300, p99: 1400, http_fail_rate: 0, passed: false, saturated: false },
        { rate: 40, applied: 40, p50: 21, p95: 50, p99: 70, http_fail_rate: 0, passed: true, saturated: false },
      ],
    };
    const html = capacityHtml(capacity);
    expect(html).toContain('<strong>capacity 40/s: p99 &lt; 100ms and http_fail_rate &lt; 1% held up to 40/s, failed at 80/s</strong>');
    // One point per rate (its last probe), on a 0–80/s by 0–1,400 ms plot.
    expect(html).toMatch(/<polyline data-series="p99" points="[\d.]+,[\d.]+ [\d.]+,[\d.]+"/);
    expect(html).toContain('data-slo="p99 &lt; 100ms"');
    expect(html).not.toContain('data-slo="http_fail_rate');
    expect(html).toContain('data-found="40"');
    expect(html.match(/<tr><td class="num">/g)).toHaveLength(3);
  });
});

// ---- whole searches on loopback targets ----

async function checked(url: string) {
  const raw = definition([{ url, timeout: 10 }]);
  const valid = validateDefinition(raw, 'test.json');
  if (!valid.ok) throw new Error('invalid');
  return checkTest({ definition: valid.value.definition, file: 'test.json', dir: process.cwd() }, {});
}

function slo(...lines: string[]) {
  const parsed = parseThresholdLines(lines, THRESHOLD_FLAG);
  if (!parsed.ok) throw new Error('bad slo');
  return parsed.value;
}

/** The rates of the probes that measured the target (a busy machine may add a saturated probe, which is run again). */
function measuredRates(capacity: CapacityInfo): number[] {
  return capacity.probes.filter((p) => !p.saturated).map((p) => p.rate);
}

const QUIET = { info: () => {}, warn: () => {} };
const EMBEDDED = { insecure: false, proxies: {}, testUrl: 'file://test' };

describe('measureCapacity', () => {
  let queue: Target;
  let instant: Target;
  beforeAll(async () => {
    queue = await queueTarget(1, 20);
    instant = await startTarget();
  });
  afterAll(async () => {
    await queue.close();
    await instant.close();
  });

  it('finds the rate a queue of 1 worker × 20 ms holds (at most 50/s) and fails above it: limited_by slo', async () => {
    const lines: string[] = [];
    const search = await measureCapacity(
      await checked(`${queue.url}/`),
      { from: 10, precision: 0.1, probeS: 2, maxTimeS: 300 },
      slo('p99 < 100ms', 'http_fail_rate < 1%'),
      THRESHOLD_FLAG,
      { embedded: EMBEDDED, workers: { count: 1 } },
      { info: (line) => lines.push(line), warn: () => {} },
    );
    const { capacity } = search;
    const why = JSON.stringify({ probes: capacity.probes, generator: search.result.run.generator });
    expect(lines).toHaveLength(capacity.probes.length);
    expect(lines[0]).toMatch(/^probe 1: 10\/s \(applied [\d.]+\/s\) p99 .* ms, errors 0 %: (held|generator saturated|machine busy)$/);
    if (capacity.limited_by === 'host') {
      // A machine so busy that it stalled the generator at one rate every time: said so, and the
      // rate is neither the target's limit nor the generator's.
      const there = capacity.probes.filter((p) => p.rate === capacity.failed_at);
      expect(there.filter((p) => p.stalled && p.saturated).length, why).toBe(STALLED_TRIES);
      expect(capacity.max_rate).toBeLessThanOrEqual(56);
      return;
    }
    expect(capacity.limited_by, why).toBe('slo');
    // Never above what the queue holds (50/s, plus the bisection's precision). How far below depends on
    // the host: a 2 s probe judges one second, whose p99 a single stall of a busy runner breaks, so the
    // issue's 35–56/s is measured by hand with 4 s probes (docs/capacity.md), not asserted here.
    expect(capacity.max_rate).toBeGreaterThan(0);
    expect(capacity.max_rate).toBeLessThanOrEqual(56);
    expect(capacity.failed_at).toBeGreaterThan(capacity.max_rate);
    // The search starts at --from (its doubling and bisection are checked on crafted outcomes above), and the rate found was probed twice.
    expect(measuredRates(capacity)[0]).toBe(10);
    expect(capacity.probes.filter((p) => p.rate === capacity.max_rate && p.passed && !p.saturated)).toHaveLength(2);
    expect(capacity.probes.some((p) => !p.passed && (p.p99 ?? 0) >= 100)).toBe(true);
    // The results file is the probe at the rate found, with the capacity block.
    expect(search.result.capacity).toBe(capacity);
    expect(search.result.results.iteration_count).toBe(capacity.max_rate * 1);
  }, 180_000);

  it('an instant target holds up to --to: limited_by max', async () => {
    const search = await measureCapacity(
      await checked(`${instant.url}/ok`),
      { from: 20, to: 80, precision: 0.05, probeS: 2, maxTimeS: 300 },
      slo('p99 < 500ms'),
      THRESHOLD_FLAG,
      { embedded: EMBEDDED, workers: { count: 1 } },
      QUIET,
    );
    expect(search.capacity).toMatchObject({ max_rate: 80, limited_by: 'max', slo: ['p99 < 500ms'] });
    expect(measuredRates(search.capacity)).toEqual([20, 40, 80, 80]);
  }, 120_000);

  it('--max-time: no probe starts that would end past it, and the bracket so far is the answer', async () => {
    const search = await measureCapacity(
      await checked(`${instant.url}/ok`),
      { from: 10, precision: 0.05, probeS: 2, maxTimeS: 3 },
      slo('p99 < 500ms'),
      THRESHOLD_FLAG,
      { embedded: EMBEDDED, workers: { count: 1 } },
      QUIET,
    );
    expect(search.capacity.probes.map((p) => p.rate)).toEqual([10]);
    // The bracket so far: 10/s held, unless a busy machine stalled that one probe (then nothing held yet).
    const [only] = search.capacity.probes;
    expect(search.capacity).toMatchObject({ max_rate: only!.saturated ? 0 : 10, limited_by: 'time' });
  }, 120_000);
});

describe('loadgate capacity', () => {
  let instant: Target;
  beforeAll(async () => {
    instant = await startTarget();
  });
  afterAll(async () => {
    await instant.close();
  });

  it('prints a line per probe and the answer, and writes the results with the capacity block (exit 0)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadgate-capacity-'));
    const file = join(dir, 'test.json');
    await writeFile(file, JSON.stringify(definition([{ url: `${instant.url}/ok` }])));
    const results = join(dir, 'results.json');
    const run = await runCli([
      'capacity',
      file,
      '--slo',
      'p99 < 500ms',
      '--from',
      '20/s',
      '--to',
      '40/s',
      '--probe',
      '2s',
      '--results-file',
      results,
    ]);
    expect(run.code, run.out).toBe(0);
    expect(run.stderr).toMatch(/^probe 1: 20\/s \(applied [\d.]+\/s\) p99 .*, errors 0 %: (held|machine busy|generator saturated)$/m);
    expect(run.stdout).toContain('capacity ≥ 40/s: p99 < 500ms held up to 40/s, the highest rate asked (--to)');
    const written = JSON.parse(await readFile(results, 'utf8')) as LoadTestResult;
    expect(written.capacity).toMatchObject({ max_rate: 40, limited_by: 'max', slo: ['p99 < 500ms'], probe_s: 2 });
    expect(measuredRates(written.capacity!)).toEqual([20, 40, 40]);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('capacity >= 200/s fails a search that found less: exit 1, naming the threshold', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadgate-capacity-'));
    const file = join(dir, 'test.json');
    await writeFile(file, JSON.stringify(definition([{ url: `${instant.url}/ok` }])));
    const args = ['capacity', file, '--slo', 'p99 < 500ms', '--from', '20/s', '--to', '20/s', '--probe', '2s'];
    const run = await runCli([...args, '--thresholds', 'capacity >= 200/s', '--results-file', join(dir, 'r.json')]);
    expect(run.code, run.out).toBe(1);
    expect(run.stdout).toContain('✘ capacity >= 200/s: capacity 20/s');
    const refused = await runCli([...args, '--thresholds', 'p95 < 1s']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("each probe's checks are --slo lines");
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('refuses a search without an SLO as bad input (exit 2), an empty --slo as a missing one', async () => {
    const run = await runCli(['capacity', 'examples/does-not-matter.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--slo: expected at least one SLO');
    const empty = await runCli(['capacity', 'examples/shop.json', '--slo', '', '--max-time', '3s', '--probe', '2s']);
    expect(empty.code, empty.out).toBe(2);
    expect(empty.stderr).toContain('--slo: expected at least one SLO');
  });

  it('names a baseline it cannot read once, and says a history baseline is not one it reads (exit 2)', async () => {
    const slo = ['capacity', 'examples/shop.json', '--slo', 'p99 < 1s', '--thresholds', 'capacity >= baseline - 10%'];
    const missing = await runCli([...slo, '--baseline', '/nonexistent.json']);
    expect(missing.code, missing.out).toBe(2);
    expect(missing.stderr).toContain('/nonexistent.json: --baseline: could not read a results file: no such file\n');
    expect(missing.stderr.split('/nonexistent.json')).toHaveLength(2);
    const history = await runCli([...slo, '--baseline', 'history']);
    expect(history.code, history.out).toBe(2);
    expect(history.stderr).toContain('--baseline history is the median of the runs --history reads, which this command does not read');
  });
});
