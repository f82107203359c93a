import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as hdr from 'hdr-histogram-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistogram, initHistograms } from '../src/results/histogram.ts';
import { InputError, formatProblem } from '../src/errors.ts';
import { readShardFiles } from '../src/merge/load.ts';
import { mergeShards, type ShardInput } from '../src/merge/results.ts';
import type { LoadTestResult, LocationResult, Results, SecondSample, StepLocationResult, StepResult } from '../src/types.ts';
import { reportedMean, reportedPercentile, reportedStddev, responseTimesFrom } from './helpers/hdr-oracle.ts';

beforeAll(() => initHistograms());

// ---- a builder of shard files from raw samples, without the engine ----
//
// The test records every request's time itself, and what it expects of the merge is worked out
// from those samples (helpers/hdr-oracle.ts), never from src's histogram code. The shard files'
// histograms are built with hdr-histogram-js directly, as any HdrHistogram writer would.

/** One request: status 0 is an error without a response; 5xx fails an assertion. */
interface Sample {
  step: number;
  location: string;
  /** Second of the shard's run (its series `t`). */
  t: number;
  us: number;
  status: number;
}

const STEP_IDS = [1, 2, 3];
const LOCATIONS = ['local', 'US', 'DE'];
const HASH = 'a'.repeat(64);
const T0 = Date.parse('2026-11-22T19:00:00.800Z');

/**
 * Each step × location answers in a range (ms) of its own, apart from the others: a level that
 * holds the wrong cells (a step's histogram with one location only, a location's with one step)
 * reads other counts and percentiles. 1 × local stays below 2048 µs, where a histogram is exact.
 */
const CELL_MS: Record<string, [number, number]> = {
  '1 local': [0.2, 2],
  '1 US': [20, 60],
  '1 DE': [90, 140],
  '2 local': [3, 8],
  '2 US': [150, 400],
  '2 DE': [40, 70],
  '3 local': [600, 1500],
  '3 US': [1, 4],
  '3 DE': [10, 25],
};

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function samplesOf(seed: number, n: number, seconds: number, locations = LOCATIONS): Sample[] {
  const random = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  return Array.from({ length: n }, () => {
    const step = pick(STEP_IDS);
    const location = pick(locations);
    const [low, high] = CELL_MS[`${step} ${location}`]!;
    return {
      step,
      location,
      t: Math.floor(random() * seconds),
      us: Math.floor(low * 1000 * Math.exp(random() * Math.log(high / low))),
      status: pick([200, 200, 200, 200, 404, 500, 0]),
    };
  });
}

const ERROR_OF_STATUS = (status: number): string => (status === 0 ? 'connection refused' : 'assertion failed: status_code == 200');
const answered = (samples: Sample[]): number[] => samples.filter((s) => s.status !== 0).map((s) => s.us);
const inStep = (samples: Sample[], id: number): Sample[] => samples.filter((s) => s.step === id);
const atLocation = (samples: Sample[], name: string): Sample[] => samples.filter((s) => s.location === name);

/** The histogram a runner writes of these samples' responses: HdrHistogram's own, 3 significant digits. */
function encoded(samples: Sample[]): string {
  const h = hdr.build({ numberOfSignificantValueDigits: 3, useWebAssembly: false });
  for (const us of answered(samples)) h.recordValue(us);
  return hdr.encodeIntoCompressedBase64(h);
}

function stepLocationOf(samples: Sample[]): StepLocationResult {
  const dist = (keys: string[]) => Object.fromEntries([...new Set(keys)].map((k) => [k, keys.filter((x) => x === k).length]));
  const failed = samples.filter((s) => s.status === 0 || s.status >= 500);
  return {
    error_dist: dist(failed.map((s) => ERROR_OF_STATUS(s.status))),
    fail_count: failed.length,
    success_count: samples.length - failed.length,
    response_times: responseTimesFrom(answered(samples)),
    iteration_count: samples.length,
    status_code_dist: dist(samples.filter((s) => s.status !== 0).map((s) => String(s.status))),
    location_dist: {},
  };
}

/** The 2.5 results of a set of samples, every level's times those of its own samples. */
function resultsOf(samples: Sample[]): Results {
  const locations = LOCATIONS.filter((l) => samples.some((s) => s.location === l));
  const steps: StepResult[] = STEP_IDS.map((id) => {
    const mine = inStep(samples, id);
    const { location_dist: _none, ...figures } = stepLocationOf(mine);
    return { id, ...figures, location_dist: Object.fromEntries(locations.map((l) => [l, stepLocationOf(atLocation(mine, l))])) };
  });
  // Iterations of a location: its first-step requests; an iteration fails when that request failed.
  const locationOf = (l: string): LocationResult => {
    const first = stepLocationOf(inStep(atLocation(samples, l), 1));
    return {
      fail_count: first.fail_count,
      success_count: first.success_count,
      iteration_count: first.iteration_count,
      response_times: responseTimesFrom(answered(atLocation(samples, l))),
    };
  };
  const location_dist = Object.fromEntries(locations.map((l) => [l, locationOf(l)]));
  const sum = (key: 'fail_count' | 'success_count' | 'iteration_count') => Object.values(location_dist).reduce((n, r) => n + r[key], 0);
  return {
    steps,
    fail_count: sum('fail_count'),
    success_count: sum('success_count'),
    iteration_count: sum('iteration_count'),
    response_times: responseTimesFrom(answered(samples)),
    location_dist,
  };
}

/** Per-second figures, `secondOf` placing a sample on the series' time axis; latencies in ms to the µs. */
function seriesOf(samples: Sample[], secondOf: (s: Sample) => number, seconds: number): SecondSample[] {
  return Array.from({ length: seconds }, (_, t) => {
    const mine = samples.filter((s) => secondOf(s) === t);
    const times = answered(mine);
    const ms = (p: number) => (times.length === 0 ? 0 : reportedPercentile(times, p) / 1000);
    return {
      t,
      started: inStep(mine, 1).length,
      responses: times.length,
      failures: mine.filter((s) => s.status === 0 || s.status >= 500).length,
      errors: mine.filter((s) => s.status === 0 || s.status >= 400).length,
      p50: ms(50),
      p95: ms(95),
      p99: ms(99),
    };
  });
}

interface ShardSpec {
  index: number;
  count: number;
  samples: Sample[];
  startMs?: number;
  durationMs?: number;
  startLagMs?: number;
  hash?: string;
}

function shardFile(spec: ShardSpec): Record<string, unknown> {
  const { samples, startMs = T0, durationMs = 10_000 } = spec;
  const seconds = Math.max(0, ...samples.map((s) => s.t + 1));
  const locations = LOCATIONS.filter((l) => samples.some((s) => s.location === l));
  const series = seriesOf(samples, (s) => s.t, seconds).map((second) => ({
    ...second,
    histogram: encoded(samples.filter((s) => s.t === second.t)),
  }));
  return {
    test_url: `https://github.com/acme/shop/actions/runs/${spec.index}`,
    results: resultsOf(samples),
    run: {
      mode: 'embedded',
      name: 'shop',
      started_at: new Date(startMs).toISOString(),
      finished_at: new Date(startMs + durationMs).toISOString(),
      // Each shard's requests over the plan the shards share (docs/results.md).
      duration_s: durationMs / 1000,
      rps: Math.round((samples.length / PLANNED_S) * 10) / 10,
      late_iterations: spec.index,
      max_schedule_lag_ms: spec.index * 1.5,
      version: '0.1.0',
      steps: STEP_IDS.map((id) => ({ id, name: `step ${id}`, method: 'GET', url: `http://127.0.0.1/${id}` })),
      locations: Object.fromEntries(locations.map((l) => [l, l === 'local' ? 'direct' : `proxy http://${l}.proxy:8080`])),
      interrupted: false,
      shard: {
        index: spec.index,
        count: spec.count,
        definition_sha256: spec.hash ?? HASH,
        started_at: new Date(startMs).toISOString(),
        finished_at: new Date(startMs + durationMs).toISOString(),
        start_lag_ms: spec.startLagMs ?? 0,
      },
      series,
    },
    histograms: {
      overall: encoded(samples),
      steps: Object.fromEntries(STEP_IDS.map((id) => [String(id), encoded(inStep(samples, id))])),
      locations: Object.fromEntries(locations.map((l) => [l, encoded(atLocation(samples, l))])),
      step_locations: Object.fromEntries(
        STEP_IDS.map((id) => [String(id), Object.fromEntries(locations.map((l) => [l, encoded(atLocation(inStep(samples, id), l))]))]),
      ),
    },
  };
}

function merged(inputs: ShardInput[]): LoadTestResult {
  const outcome = mergeShards(inputs);
  if (!outcome.ok) throw new Error(outcome.problems.map(formatProblem).join('\n'));
  return outcome.value.result;
}

function problemsOf(inputs: ShardInput[]): string[] {
  const outcome = mergeShards(inputs);
  if (outcome.ok) throw new Error('expected the merge to be refused');
  return outcome.problems.map(formatProblem);
}

// ---- what a histogram holds, read from the merged file and expected from the samples ----

const PERCENTILES = [1, 10, 25, 50, 75, 80, 90, 95, 99, 99.9, 100];

interface Holding {
  count: number;
  percentiles: number[];
  mean: number;
  stddev: number;
}

function holdingOf(base64: string | undefined): Holding | undefined {
  if (base64 === undefined) return undefined;
  const h = decodeHistogram(base64);
  const holding = {
    count: h.totalCount,
    percentiles: PERCENTILES.map((p) => h.getValueAtPercentile(p)),
    mean: h.mean,
    stddev: h.stdDeviation,
  };
  h.destroy();
  return holding;
}

function expectedHolding(samples: Sample[]): Holding {
  const times = answered(samples);
  return {
    count: times.length,
    percentiles: PERCENTILES.map((p) => reportedPercentile(times, p)),
    // Sums of the same terms in another order: equal to the last few bits.
    mean: expect.closeTo(reportedMean(times), 6) as number,
    stddev: expect.closeTo(reportedStddev(times), 6) as number,
  };
}

// ---- four shards; the third has no DE traffic ----

/** The seconds of the definition every shard runs its share of. */
const PLANNED_S = 10;
const SPECS: ShardSpec[] = [
  { index: 1, count: 4, samples: samplesOf(1, 400, 10), startMs: T0 },
  { index: 2, count: 4, samples: samplesOf(2, 500, 10), startMs: T0 + 400 },
  { index: 3, count: 4, samples: samplesOf(3, 300, 8, ['local', 'US']), startMs: T0 + 1700, durationMs: 9000 },
  { index: 4, count: 4, samples: samplesOf(4, 450, 10), startMs: T0 + 50, durationMs: 10_600, startLagMs: 1500 },
];
const ALL_SAMPLES = SPECS.flatMap((s) => s.samples);
const inputsOf = (specs: ShardSpec[]): ShardInput[] =>
  specs.map((spec) => ({ file: `shards/shard-${spec.index}.json`, content: shardFile(spec) }));

describe('mergeShards', () => {
  it('gives at every level the response times of all its samples, and summed counts', () => {
    // Files in any order: the merge orders them by index.
    const result = merged(inputsOf([...SPECS].reverse()));
    expect(result.results).toEqual(resultsOf(ALL_SAMPLES));
    expect(Object.keys(result.results.location_dist)).toEqual(['local', 'US', 'DE']);
    expect(result.results.steps[0]!.location_dist.DE!.iteration_count).toBe(inStep(atLocation(ALL_SAMPLES, 'DE'), 1).length);
  });

  it('writes at every level the histogram of all its samples: overall, step, location, step × location', () => {
    const { histograms } = merged(inputsOf(SPECS));
    const levels = (read: (samples: Sample[], base64: string | undefined) => Holding | undefined) => ({
      overall: read(ALL_SAMPLES, histograms!.overall),
      steps: STEP_IDS.map((id) => read(inStep(ALL_SAMPLES, id), histograms!.steps[String(id)])),
      locations: LOCATIONS.map((l) => read(atLocation(ALL_SAMPLES, l), histograms!.locations[l])),
      step_locations: STEP_IDS.map((id) =>
        LOCATIONS.map((l) => read(atLocation(inStep(ALL_SAMPLES, id), l), histograms!.step_locations[String(id)]?.[l])),
      ),
    });
    expect(levels((_, base64) => holdingOf(base64))).toEqual(levels((samples) => expectedHolding(samples)));
  });

  it('merges the per-second series by absolute second, with exact percentiles', () => {
    const result = merged(inputsOf(SPECS));
    const base = Math.floor(T0 / 1000);
    const absolute = new Map<Sample, number>();
    for (const spec of SPECS) for (const s of spec.samples) absolute.set(s, Math.floor(spec.startMs! / 1000) + s.t - base);
    // Shard 2 starts 400 ms later, yet (at .800 + .400) in the next absolute second; shard 3 1.7 s later, two seconds on.
    expect([Math.floor((T0 + 400) / 1000), Math.floor((T0 + 1700) / 1000)].map((s) => s - base)).toEqual([1, 2]);
    const seconds = Math.max(...absolute.values()) + 1;
    expect(result.run.series).toEqual(seriesOf(ALL_SAMPLES, (s) => absolute.get(s)!, seconds));
    expect(result.run.series.map((s) => s.t)).toEqual([...Array(seconds).keys()]);
  });

  it("computes rps over the shards' common plan, duration over the global window, and sums the run figures", () => {
    const result = merged(inputsOf(SPECS));
    const finish = T0 + 1700 + 9000;
    expect(result.run.started_at).toBe(new Date(T0).toISOString());
    expect(result.run.finished_at).toBe(new Date(finish).toISOString());
    expect(result.run.duration_s).toBe(10.7);
    const requests = ALL_SAMPLES.length;
    expect(result.run.rps).toBe(Math.round((requests / PLANNED_S) * 10) / 10);
    expect(result.run).toMatchObject({
      mode: 'merge',
      name: 'shop',
      late_iterations: 1 + 2 + 3 + 4,
      max_schedule_lag_ms: 6,
      interrupted: false,
      locations: { local: 'direct', US: 'proxy http://US.proxy:8080', DE: 'proxy http://DE.proxy:8080' },
    });
    expect(result.run.steps.map((s) => s.id)).toEqual(STEP_IDS);
    expect(result.run).not.toHaveProperty('shard');
  });

  it("takes rps over the longest shard's rate window when a shard went on starting late past the plan", () => {
    const inputs = inputsOf(SPECS).map((input, i) => {
      const content = input.content as { run: Record<string, unknown> };
      return { ...input, content: { ...content, run: { ...content.run, rate_window_s: i === 1 ? PLANNED_S + 0.5 : PLANNED_S } } };
    });
    const result = merged(inputs);
    expect(result.run.rate_window_s).toBe(PLANNED_S + 0.5);
    expect(result.run.rps).toBe(Math.round((ALL_SAMPLES.length / (PLANNED_S + 0.5)) * 10) / 10);
    // Files without the field (earlier versions): over the plan, recovered from their rps.
    expect(merged(inputsOf(SPECS)).run.rate_window_s).toBe(PLANNED_S);
  });

  it('flags late shards: more than 1 s after start-at or after the earliest shard', () => {
    const outcome = mergeShards(inputsOf(SPECS));
    if (!outcome.ok) throw new Error('merge refused');
    expect(outcome.value.shards.map((s) => [s.index, s.late])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, true],
    ]);
    expect(outcome.value.result.run.shards).toEqual(outcome.value.shards);
    expect(outcome.value.shards[3]).toEqual({
      index: 4,
      file: 'shards/shard-4.json',
      started_at: new Date(T0 + 50).toISOString(),
      finished_at: new Date(T0 + 50 + 10_600).toISOString(),
      start_lag_ms: 1500,
      iterations: inStep(SPECS[3]!.samples, 1).length,
      late: true,
    });
  });

  it('a shard 1 s behind is on time, 1 ms more is late, by either measure', () => {
    const samples = samplesOf(20, 10, 1);
    const outcome = mergeShards(
      inputsOf([
        { index: 1, count: 5, samples, startMs: T0 },
        { index: 2, count: 5, samples, startMs: T0 + 1000 },
        { index: 3, count: 5, samples, startMs: T0 + 1001 },
        { index: 4, count: 5, samples, startMs: T0, startLagMs: 1000 },
        { index: 5, count: 5, samples, startMs: T0, startLagMs: 1001 },
      ]),
    );
    if (!outcome.ok) throw new Error('merge refused');
    expect(outcome.value.shards.map((s) => s.late)).toEqual([false, false, true, false, true]);
  });

  it('marks the result interrupted when any shard was', () => {
    const inputs = inputsOf(SPECS);
    (inputs[2]!.content as { run: { interrupted: boolean } }).run.interrupted = true;
    expect(merged(inputs).run.interrupted).toBe(true);
  });
});

describe('mergeShards refusals', () => {
  const small = (index: number, count: number, extra: Partial<ShardSpec> = {}): ShardSpec => ({
    index,
    count,
    samples: samplesOf(10 + index, 20, 2),
    ...extra,
  });

  it('names a missing index', () => {
    expect(problemsOf(inputsOf([small(1, 4), small(2, 4), small(4, 4)]))).toEqual([
      "$.run.shard.index: shard 3 of 4 is missing: every shard's results file is needed (download every shard's artifact)",
    ]);
    expect(problemsOf(inputsOf([small(2, 4)]))[0]).toMatch(/^\$\.run\.shard\.index: shards 1, 3, 4 of 4 are missing/);
  });

  it('names both files of a duplicate index', () => {
    const inputs = inputsOf([small(1, 2), small(2, 2)]);
    inputs.push({ file: 'again/shard-2.json', content: shardFile(small(2, 2)) });
    expect(problemsOf(inputs)).toEqual(['$.run.shard.index: shard 2 is in more than one file: shards/shard-2.json, again/shard-2.json']);
  });

  it('names the files of each shard count', () => {
    expect(problemsOf(inputsOf([small(1, 2), small(2, 2), small(3, 3)]))).toEqual([
      '$.run.shard.count: the files are shards of different splits: N=2 in shards/shard-1.json, shards/shard-2.json; N=3 in shards/shard-3.json',
    ]);
  });

  it('names the files of each definition', () => {
    const other = 'b'.repeat(64);
    expect(problemsOf(inputsOf([small(1, 2), small(2, 2, { hash: other })]))).toEqual([
      '$.run.shard.definition_sha256: the files are shards of different definitions: definition aaaaaaaaaaaa in shards/shard-1.json; ' +
        'definition bbbbbbbbbbbb in shards/shard-2.json',
    ]);
  });

  it('refuses a results file without histograms, and one without the shard block', () => {
    const inputs = inputsOf([small(1, 2), small(2, 2)]);
    delete (inputs[1]!.content as { histograms?: unknown }).histograms;
    expect(problemsOf(inputs)).toEqual([
      'shards/shard-2.json: $.histograms: expected the histograms of a shard results file (run with --shard)',
    ]);
    delete (inputs[0]!.content as { run: { shard?: unknown } }).run.shard;
    expect(problemsOf(inputs)).toEqual([
      'shards/shard-1.json: $.run.shard: expected the shard block of a shard results file (run with --shard)',
      'shards/shard-2.json: $.histograms: expected the histograms of a shard results file (run with --shard)',
      "$.run.shard.index: shard 1 of 2 is missing: every shard's results file is needed (download every shard's artifact)",
    ]);
  });

  it('names the file and path of a histogram that does not decode', () => {
    const inputs = inputsOf([small(1, 2), small(2, 2)]);
    const content = inputs[1]!.content as {
      histograms: { step_locations: Record<string, Record<string, string>> };
      run: { series: { histogram: string }[] };
    };
    content.histograms.step_locations['2']!.US = 'bm90IGEgaGlzdG9ncmFt';
    content.run.series[1]!.histogram = 'garbage';
    expect(problemsOf(inputs)).toEqual([
      'shards/shard-2.json: $.histograms.step_locations["2"].US: expected an HdrHistogram in compressed base64 (V2), but it does not decode: ' +
        'Encoding not supported, only V2 is supported',
      'shards/shard-2.json: $.run.series[1].histogram: expected an HdrHistogram in compressed base64 (V2), but it does not decode: ' +
        'Invalid string. Length must be a multiple of 4',
    ]);
  });

  it('refuses a shard whose step × location has no histogram, and a malformed 2.5 block', () => {
    const inputs = inputsOf([small(1, 2), small(2, 2)]);
    const content = inputs[0]!.content as {
      histograms: { step_locations: Record<string, Record<string, string>> };
      results: { steps: { fail_count: unknown }[] };
    };
    delete content.histograms.step_locations['3']!.local;
    expect(problemsOf(inputs)).toEqual([
      'shards/shard-1.json: $.histograms.step_locations["3"].local: missing the histogram of step 3 at location local (results.steps has it)',
    ]);
    content.results.steps[1]!.fail_count = 'many';
    expect(problemsOf(inputs)).toEqual([
      'shards/shard-1.json: $.results.steps[1].fail_count: expected a count (an integer ≥ 0), got "many"',
    ]);
    expect(problemsOf([{ file: 'x.json', content: [] }])).toEqual(['x.json: $: expected an object, got an empty array']);
  });

  it('refuses an empty set', () => {
    expect(problemsOf([])).toEqual(['shards: no shard results files to merge']);
  });
});

describe('mergeShards at scale', () => {
  it('merges 256 shards of a 3-step, 3-location test exactly', () => {
    const REQUESTS = 200;
    // Eight distinct shards, each cloned 32 times under other indexes: building is not what is measured.
    const samples = Array.from({ length: 8 }, (_, i) => samplesOf(100 + i, REQUESTS, 10));
    const templates = samples.map((mine, i) => shardFile({ index: 1, count: 256, samples: mine, startMs: T0 + i * 30 }));
    const inputs: ShardInput[] = Array.from({ length: 256 }, (_, i) => {
      const content = structuredClone(templates[i % 8]!) as { run: { shard: { index: number } } };
      content.run.shard.index = i + 1;
      return { file: `s/${i + 1}.json`, content };
    });
    const result = merged(inputs);
    expect(result.run.shards).toHaveLength(256);
    expect(result.results.steps.reduce((n, s) => n + s.success_count + s.fail_count, 0)).toBe(256 * REQUESTS);
    expect(result.results).toEqual(resultsOf(Array.from({ length: 32 }, () => samples.flat()).flat()));
  });
});

// ---- the file side ----

describe('readShardFiles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadgate-merge-'));
    await mkdir(join(dir, 'shards/a/deep'), { recursive: true });
    await writeFile(join(dir, 'shards/a/1.json'), '{"n": 1}');
    await writeFile(join(dir, 'shards/a/deep/2.json'), '{"n": 2}');
    await writeFile(join(dir, 'shards/a/notes.txt'), 'not a shard');
    await writeFile(join(dir, 'one.json'), '{"n": 0}');
    await writeFile(join(dir, 'broken.json'), '{\n  "n": 1,\n  oops\n}');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('expands files, directories (recursively) and globs, each file once', async () => {
    const read = await readShardFiles(['one.json', 'shards', 'shards/**/*.json'], dir);
    expect(read).toEqual([
      { file: 'one.json', content: { n: 0 } },
      { file: 'shards/a/1.json', content: { n: 1 } },
      { file: 'shards/a/deep/2.json', content: { n: 2 } },
    ]);
    expect(await readShardFiles([join(dir, 'shards/a/*.json')], '/')).toEqual([{ file: join(dir, 'shards/a/1.json'), content: { n: 1 } }]);
  });

  it('names the arguments that match no file', async () => {
    await mkdir(join(dir, 'empty'), { recursive: true });
    const error = await readShardFiles(['loadgate-shards/**/*.json', 'empty', 'one.json'], dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe(
      'shards: "loadgate-shards/**/*.json" is no file, directory or glob that matches a file: expected the shards\' results files\n' +
        'shards: directory "empty" holds no .json files: expected the shards\' results files in it',
    );
  });

  it('names a file that is not JSON, with the line and column', async () => {
    const error = await readShardFiles(['broken.json', 'one.json'], dir, 'merge').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe(
      'broken.json: line 3, column 3: JSON syntax error: expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array), got `oops`',
    );
  });

  it('refuses a key given twice (JSON.parse would keep the last one), naming both places', async () => {
    await writeFile(join(dir, 'twice.json'), '{"run": {"shard": {"index": 1,\n  "index": 2}}}');
    const error = await readShardFiles(['twice.json'], dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems).toEqual([
      {
        file: 'twice.json',
        path: '$.run.shard.index',
        message:
          'duplicate key "index": first at line 1, column 20, again at line 2, column 3; JSON keeps only one of them, so give it once',
        line: 2,
        column: 3,
      },
    ]);
  });
});
