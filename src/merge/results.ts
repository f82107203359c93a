// Merges the results files of a sharded run (docs/scaling.md) into one result. Exact: the step ×
// location and per-second histograms of every shard are added, and every percentile is taken from
// the sums, never averaged (docs/results.md, "Shard files"). Callers await initHistograms() first.
import { failed, type Parsed, parsed, type Problem } from '../errors.ts';
import { addDecoded, encodeHistogram, newHistogram, responseTimesOf, sumHistograms, type Histogram } from '../results/histogram.ts';
import { mergeGenerators } from '../engine/generator.ts';
import { requestsOf, runBlock } from '../engine/run-info.ts';
import type {
  CountDist,
  EncodedHistograms,
  LoadTestResult,
  LocationResult,
  ResponseTimes,
  Results,
  RunInfo,
  SecondSample,
  ShardInfo,
  ShardSummary,
  StepLocationResult,
  StepResult,
} from '../types.ts';
import { describeValue, isRecord, member } from '../json.ts';
import { SecondSum } from '../results/second-sum.ts';
import { StreamSums } from './streams.ts';

/**
 * The merged result is final: it has `run.shards` but no `run.shard`; its `histograms` are the sums,
 * so that any percentile can be judged on it (docs/verdict.md), as on a run of one runner.
 */
export interface Merged {
  result: LoadTestResult;
  shards: ShardSummary[];
}

export type MergeOutcome = Parsed<Merged>;

export interface ShardInput {
  file: string;
  content: unknown;
}

/** A shard is late when it began more than this after `start-at`, or after the earliest shard. */
const LATE_MS = 1000;

/**
 * Every problem of the set at once (shape, N, definition, indexes, undecodable histograms), or the
 * merged result. Its `test_url` is the lowest shard's: callers set their own run page or file URL.
 */
export function mergeShards(inputs: ShardInput[]): MergeOutcome {
  if (inputs.length === 0) return failed([{ path: 'shards', message: 'no shard results files to merge' }]);
  const problems: Problem[] = [];
  const blocks: Labelled<ShardInfo>[] = [];
  const shards: Labelled<ShardFile>[] = [];
  for (const { file, content } of inputs) {
    const checked = checkShardFile(content);
    problems.push(...checked.issues.map((issue) => ({ file, ...issue })));
    if (checked.block) blocks.push({ file, data: checked.block });
    if (checked.shard) shards.push({ file, data: checked.shard });
  }
  problems.push(...setProblems(blocks));
  if (problems.length > 0) return failed(problems);
  shards.sort((a, b) => a.data.run.shard.index - b.data.run.shard.index);
  return mergeValid(shards);
}

interface Labelled<T> {
  file: string;
  data: T;
}
type Shard = Labelled<ShardFile>;

// ---- the set: one N, one definition, every index once ----

function setProblems(shards: Labelled<ShardInfo>[]): Problem[] {
  const problems: Problem[] = [];
  const byCount = groupFiles(shards, (s) => String(s.data.count));
  if (byCount.size > 1) {
    problems.push({
      path: '$.run.shard.count',
      message: `the files are shards of different splits: ${listGroups(byCount, (n) => `N=${n}`)}`,
    });
  }
  const byHash = groupFiles(shards, (s) => s.data.definition_sha256);
  if (byHash.size > 1) {
    problems.push({
      path: '$.run.shard.definition_sha256',
      message: `the files are shards of different definitions: ${listGroups(byHash, (h) => `definition ${h.slice(0, 12)}`)}`,
    });
  }
  const byIndex = groupFiles(shards, (s) => String(s.data.index));
  for (const [index, files] of byIndex) {
    if (files.length > 1)
      problems.push({ path: '$.run.shard.index', message: `shard ${index} is in more than one file: ${files.join(', ')}` });
  }
  const [count] = byCount.size === 1 ? byCount.keys() : [];
  if (count !== undefined) problems.push(...missingProblems(Number(count), byIndex));
  return problems;
}

function missingProblems(count: number, byIndex: Map<string, string[]>): Problem[] {
  const missing: number[] = [];
  for (let index = 1; index <= count; index++) if (!byIndex.has(String(index))) missing.push(index);
  if (missing.length === 0) return [];
  const which =
    missing.length === 1 ? `shard ${missing[0]} of ${count} is missing` : `shards ${missing.join(', ')} of ${count} are missing`;
  return [{ path: '$.run.shard.index', message: `${which}: every shard's results file is needed (download every shard's artifact)` }];
}

function groupFiles(shards: Labelled<ShardInfo>[], keyOf: (s: Labelled<ShardInfo>) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const s of shards) groups.set(keyOf(s), [...(groups.get(keyOf(s)) ?? []), s.file]);
  return groups;
}

function listGroups(groups: Map<string, string[]>, label: (key: string) => string): string {
  return [...groups].map(([key, files]) => `${label(key)} in ${files.join(', ')}`).join('; ');
}

// ---- the merge ----

/**
 * A step × location summed over the shards. The encoded histograms keep bucket counts but not the
 * exact extremes, so max and min come from the shards' own response times: rounding to ms is
 * monotonic, so the largest rounded max is the rounded largest max.
 */
interface Cell {
  histogram: Histogram;
  maxMs: number;
  minMs: number;
}

/** Histograms summed over the shards: one per step × location, one per absolute second. */
interface Sums {
  cells: Map<number, Map<string, Cell>>;
  seconds: Map<number, SecondSum>;
}

function mergeValid(shards: Shard[]): MergeOutcome {
  const sums: Sums = { cells: new Map(), seconds: new Map() };
  const streams = new StreamSums();
  try {
    const problems = shards.flatMap((shard) => [
      ...addHistograms(sums, shard),
      ...streams.add(shard.file, shard.data.results, shard.data.histograms as EncodedHistograms),
    ]);
    if (problems.length > 0) return failed(problems);
    const summaries = shardSummaries(shards);
    const results = mergedResults(shards, sums.cells);
    streams.apply(results);
    const streamHistograms = streams.encoded();
    const result: LoadTestResult = {
      test_url: shards[0]!.data.test_url,
      results,
      run: mergedRun(shards, sums, summaries),
      histograms: { ...mergedHistograms(sums.cells), ...(streamHistograms && { streams: streamHistograms }) },
    };
    return parsed({ result, shards: summaries });
  } finally {
    streams.destroy();
    for (const byLocation of sums.cells.values()) for (const cell of byLocation.values()) cell.histogram.destroy();
    for (const second of sums.seconds.values()) second.destroy();
  }
}

function addHistograms(sums: Sums, { file, data }: Shard): Problem[] {
  const problems: Problem[] = [];
  const add = (into: Histogram, encoded: string, path: string): number => {
    const decoded = addDecoded(into, encoded);
    if (typeof decoded === 'string') problems.push({ file, path, message: decoded });
    return typeof decoded === 'number' ? decoded : 0;
  };
  for (const step of data.results.steps) {
    const byLocation = getOrSet(sums.cells, step.id, () => new Map<string, Cell>());
    for (const [location, part] of Object.entries(step.location_dist)) {
      const cell = getOrSet(byLocation, location, () => ({ histogram: newHistogram(), maxMs: 0, minMs: Infinity }));
      const key = String(step.id);
      const added = add(
        cell.histogram,
        data.histograms.step_locations[key]![location]!,
        `$.histograms.step_locations${member(key)}${member(location)}`,
      );
      if (added > 0) {
        cell.maxMs = Math.max(cell.maxMs, part.response_times.max);
        cell.minMs = Math.min(cell.minMs, part.response_times.min);
      }
    }
  }
  const base = Math.floor(Date.parse(data.run.shard.started_at) / 1000);
  data.run.series.forEach((sample, i) => {
    const second = getOrSet(sums.seconds, base + sample.t, () => new SecondSum());
    for (const p of second.add(sample, sample.histogram))
      problems.push({ file, path: `$.run.series[${i}].${p.field}`, message: p.message });
  });
  return problems;
}

function mergedResults(shards: Shard[], cells: Sums['cells']): Results {
  const steps = mergedSteps(
    shards.flatMap((s) => s.data.results.steps),
    cells,
  );
  const locations = new Map<string, LocationResult>();
  for (const { data } of shards) {
    for (const [name, part] of Object.entries(data.results.location_dist)) {
      const into = getOrSet(locations, name, () => ({ ...zeroCounts(), response_times: timesOf(name, cells) }));
      addCounts(into, part);
    }
  }
  return {
    steps,
    ...sumCounts(shards.map((s) => s.data.results)),
    response_times: timesOf(undefined, cells),
    location_dist: Object.fromEntries(locations),
  };
}

/** Steps matched by id, in the order the lowest shard lists them; locations by name (their union). */
function mergedSteps(parts: StepResult[], cells: Sums['cells']): StepResult[] {
  const steps = new Map<number, StepResult>();
  for (const part of parts) {
    const step = getOrSet(
      steps,
      part.id,
      (): StepResult => ({
        id: part.id,
        ...zeroCounts(),
        response_times: timesOf(undefined, cells, part.id),
        status_code_dist: {},
        error_dist: {},
        location_dist: {},
      }),
    );
    addCounts(step, part);
    addDist(step.status_code_dist, part.status_code_dist);
    addDist(step.error_dist, part.error_dist);
    for (const [name, cell] of Object.entries(part.location_dist)) {
      step.location_dist[name] ??= {
        error_dist: {},
        ...zeroCounts(),
        response_times: timesOf(name, cells, part.id),
        status_code_dist: {},
        location_dist: {},
      };
      addStepLocation(step.location_dist[name], cell);
    }
  }
  return [...steps.values()];
}

function addStepLocation(into: StepLocationResult, part: StepLocationResult): void {
  addCounts(into, part);
  addDist(into.status_code_dist, part.status_code_dist);
  addDist(into.error_dist, part.error_dist);
}

/** Every level's histogram, summed from the step × location cells as the response times are. */
function mergedHistograms(cells: Sums['cells']): EncodedHistograms {
  const encodeSum = (parts: Cell[]): string => {
    const sum = sumHistograms(parts.map((c) => c.histogram));
    try {
      return encodeHistogram(sum);
    } finally {
      sum.destroy();
    }
  };
  const all = [...cells.values()].flatMap((byLocation) => [...byLocation.values()]);
  const names = [...new Set([...cells.values()].flatMap((byLocation) => [...byLocation.keys()]))];
  return {
    overall: encodeSum(all),
    steps: Object.fromEntries([...cells].map(([id, byLocation]) => [String(id), encodeSum([...byLocation.values()])])),
    locations: Object.fromEntries(
      names.map((name) => [name, encodeSum([...cells.values()].flatMap((b) => (b.has(name) ? [b.get(name)!] : [])))]),
    ),
    step_locations: Object.fromEntries(
      [...cells].map(([id, byLocation]) => [
        String(id),
        Object.fromEntries([...byLocation].map(([name, cell]) => [name, encodeHistogram(cell.histogram)])),
      ]),
    ),
  };
}

/** Response times of the cells of one step and/or one location (all of them when both are absent). */
function timesOf(location: string | undefined, cells: Sums['cells'], stepId?: number): ResponseTimes {
  const parts: Cell[] = [];
  for (const [id, byLocation] of cells) {
    if (stepId !== undefined && id !== stepId) continue;
    for (const [name, cell] of byLocation) if (location === undefined || name === location) parts.push(cell);
  }
  const sum = sumHistograms(parts.map((cell) => cell.histogram));
  const times = responseTimesOf(sum);
  const empty = sum.totalCount === 0;
  sum.destroy();
  if (empty) return times;
  return { ...times, max: Math.max(...parts.map((c) => c.maxMs)), min: Math.min(...parts.map((c) => c.minMs)) };
}

interface Counts {
  fail_count: number;
  success_count: number;
  iteration_count: number;
}

function zeroCounts(): Counts {
  return { fail_count: 0, success_count: 0, iteration_count: 0 };
}

function addCounts(into: Counts, part: Counts): void {
  into.fail_count += part.fail_count;
  into.success_count += part.success_count;
  into.iteration_count += part.iteration_count;
}

function sumCounts(parts: Counts[]): Counts {
  const total = zeroCounts();
  for (const part of parts) addCounts(total, part);
  return total;
}

function addDist(into: CountDist, part: CountDist): void {
  for (const [key, count] of Object.entries(part)) into[key] = (into[key] ?? 0) + count;
}

function mergedRun(shards: Shard[], sums: Sums, summaries: ShardSummary[]): RunInfo {
  const first = shards[0]!.data.run;
  const { startMs, finishMs } = windowOf(shards);
  return runBlock({
    mode: 'merge',
    name: first.name,
    startedAt: new Date(startMs),
    finishedAt: new Date(finishMs),
    durationS: (finishMs - startMs) / 1000,
    rateWindowS: Math.max(...shards.map(rateWindowOf)),
    requests: shards.reduce((n, s) => n + requestsOf(s.data.results), 0),
    lateIterations: shards.reduce((n, s) => n + s.data.run.late_iterations, 0),
    maxScheduleLagMs: Math.max(...shards.map((s) => s.data.run.max_schedule_lag_ms)),
    steps: first.steps,
    locations: Object.assign({}, ...shards.map((s) => s.data.run.locations)) as Record<string, string>,
    interrupted: shards.some((s) => s.data.run.interrupted),
    series: mergedSeries(sums.seconds, Math.floor(startMs / 1000)),
    generator: mergeGenerators(shards.map((s) => ({ index: s.data.run.shard.index, generator: s.data.run.generator }))),
    shards: summaries,
  });
}

/**
 * The seconds a shard's rps is over (rates.ts). Shards run side by side over the same plan, so the
 * merged rate is over the longest of them. A file of a version before run.rate_window_s names it
 * only through its rate (requests over the planned seconds, whole as every plan's are), and one
 * without requests through its duration.
 */
function rateWindowOf(shard: Shard): number {
  const { rps, duration_s: duration, rate_window_s: window, interrupted } = shard.data.run;
  if (typeof window === 'number' && Number.isFinite(window) && window > 0) return window;
  const requests = requestsOf(shard.data.results);
  if (!(rps > 0 && requests > 0)) return duration;
  return interrupted ? requests / rps : Math.round(requests / rps);
}

function windowOf(shards: Shard[]): { startMs: number; finishMs: number } {
  return {
    startMs: Math.min(...shards.map((s) => Date.parse(s.data.run.shard.started_at))),
    finishMs: Math.max(...shards.map((s) => Date.parse(s.data.run.shard.finished_at))),
  };
}

/** One entry per second from the earliest shard's first second, without gaps. */
function mergedSeries(seconds: Sums['seconds'], firstSecond: number): SecondSample[] {
  const last = Math.max(firstSecond - 1, ...seconds.keys());
  const series: SecondSample[] = [];
  for (let abs = firstSecond; abs <= last; abs++) {
    const t = abs - firstSecond;
    // A second no shard ran in (shards that started apart): nothing happened, and no shard counted its errors.
    series.push(seconds.get(abs)?.sample(t, false) ?? { t, started: 0, responses: 0, failures: 0, p50: 0, p95: 0, p99: 0 });
  }
  return series;
}

function shardSummaries(shards: Shard[]): ShardSummary[] {
  const { startMs } = windowOf(shards);
  return shards.map(({ file, data }) => {
    const { index, started_at, finished_at, start_lag_ms } = data.run.shard;
    return {
      index,
      file,
      started_at,
      finished_at,
      start_lag_ms,
      iterations: data.results.iteration_count,
      late: start_lag_ms > LATE_MS || Date.parse(started_at) - startMs > LATE_MS,
    };
  });
}

function getOrSet<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

// ---- the shape of a shard results file (docs/results.md) ----

/** What the merge reads from a shard file, once its shape is checked. */
interface ShardFile {
  test_url: string;
  results: Results;
  run: Omit<RunInfo, 'series'> & {
    shard: ShardInfo;
    series: (SecondSample & { histogram: string })[];
  };
  histograms: { step_locations: Record<string, Record<string, string>> };
}

type Issue = Omit<Problem, 'file'>;
type Check = (value: unknown, path: string) => Issue[];

const SHARD_HINT = 'of a shard results file (run with --shard)';

/** The problems of a file; its shard block when that is sound (for the set checks); the file when all is. */
function checkShardFile(content: unknown): { issues: Issue[]; block?: ShardInfo; shard?: ShardFile } {
  const hosted = hostedIssue(content);
  if (hosted) return { issues: [hosted] };
  const issues = shardFileCheck(content, '$');
  const blockSound = !issues.some((i) => i.path === '$' || i.path === '$.run' || i.path.startsWith('$.run.shard'));
  const block = blockSound ? (content as ShardFile).run.shard : undefined;
  if (issues.length === 0) issues.push(...histogramCoverageIssues(content as ShardFile));
  return issues.length > 0 ? { issues, block } : { issues, block, shard: content as ShardFile };
}

/**
 * A hosted run's result is never a shard, even with its histograms: the interface starts a test
 * from the whole definition and has no slice of a plan, so each hosted run sent the whole load,
 * and adding N of them would report N times the plan as one run. Said as such, with what to do
 * instead, rather than as a missing shard block.
 */
function hostedIssue(content: unknown): Issue | undefined {
  if (!isRecord(content) || !isRecord(content.run) || content.run.mode !== 'hosted') return undefined;
  return {
    path: '$.run.mode',
    message:
      "a hosted run's result, not a shard's: a service runs the whole test (its interface has no slice of a plan), so hosted " +
      'results of one definition are whole runs that a merge would count N times; for more load, split over runners with ' +
      '--shard i/N without --api-url and merge those, or let the service spread the test (loadgate serve --executor kubernetes); ' +
      'to set two runs side by side, use one as the --baseline of the other (docs/scaling.md)',
  };
}

function leaf(ok: (v: unknown) => boolean, expected: string): Check {
  return (value, path) => (ok(value) ? [] : [{ path, message: `expected ${expected}, got ${describeValue(value)}` }]);
}

/** An object with these keys; `missing` words the problem of an absent key where the generic one would not help. */
function object(fields: Record<string, Check>, missing: Record<string, string> = {}): Check {
  return (value, path) => {
    if (!isRecord(value)) return [{ path, message: `expected an object, got ${describeValue(value)}` }];
    return Object.entries(fields).flatMap(([key, check]) =>
      Object.hasOwn(value, key)
        ? check(value[key], path + member(key))
        : [{ path: path + member(key), message: missing[key] ?? `missing required key "${key}"` }],
    );
  };
}

function dictionary(each: Check): Check {
  return (value, path) =>
    isRecord(value)
      ? Object.entries(value).flatMap(([key, v]) => each(v, path + member(key)))
      : [{ path, message: `expected an object, got ${describeValue(value)}` }];
}

function list(each: Check): Check {
  return (value, path) =>
    Array.isArray(value)
      ? value.flatMap((v, i) => each(v, `${path}[${i}]`))
      : [{ path, message: `expected an array, got ${describeValue(value)}` }];
}

const count = leaf((v) => Number.isSafeInteger(v) && (v as number) >= 0, 'a count (an integer ≥ 0)');
const positive = leaf((v) => Number.isSafeInteger(v) && (v as number) >= 1, 'an integer ≥ 1');
const nonNegative = leaf((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0, 'a number ≥ 0');
const text = leaf((v) => typeof v === 'string', 'a string');
const flag = leaf((v) => typeof v === 'boolean', 'true or false');
const time = leaf((v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)), 'an ISO 8601 time');
const sha256 = leaf((v) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v), 'a SHA-256 in hex');
const anything: Check = () => [];

const times = object(
  Object.fromEntries(['avg', 'max', 'min', 'p80', 'p90', 'p95', 'p99', 'median', 'stddev'].map((key) => [key, nonNegative])),
);
const counts = { fail_count: count, success_count: count, iteration_count: count, response_times: times };
const stepLocation = object({ ...counts, status_code_dist: dictionary(count), error_dist: dictionary(count) });
const step = object({
  id: positive,
  ...counts,
  status_code_dist: dictionary(count),
  error_dist: dictionary(count),
  location_dist: dictionary(stepLocation),
});

/** `check`, and the optional keys' checks where they are given. */
function withOptional(check: Check, optional: Record<string, Check>): Check {
  return (value, path) => {
    const issues = check(value, path);
    if (!isRecord(value)) return issues;
    for (const [key, each] of Object.entries(optional)) if (value[key] !== undefined) issues.push(...each(value[key], path + member(key)));
    return issues;
  };
}

/** A second's stream figures (stream-seconds.ts); a time's histogram is absent when the second had none of it. */
const secondTimes = withOptional(object({ p50: nonNegative, p95: nonNegative, p99: nonNegative }), { histogram: text });
const secondStream = object({ streams: count, events: count, first_event: secondTimes, gap: secondTimes });

const shardBlock: Check = (value, path) => {
  const issues = object({
    index: positive,
    count: positive,
    definition_sha256: sha256,
    started_at: time,
    finished_at: time,
    start_lag_ms: nonNegative,
  })(value, path);
  const { index, count: n } = value as { index: number; count: number };
  if (issues.length === 0 && index > n)
    issues.push({ path: `${path}.index`, message: `expected a shard index from 1 to the count ${n}, got ${index}` });
  return issues;
};

const shardFileCheck = object(
  {
    test_url: text,
    results: object({ steps: list(step), ...counts, location_dist: dictionary(object(counts)) }),
    run: object(
      {
        name: text,
        late_iterations: count,
        max_schedule_lag_ms: nonNegative,
        steps: list(anything),
        locations: dictionary(text),
        interrupted: flag,
        shard: shardBlock,
        series: list(
          withOptional(object({ t: count, started: count, responses: count, failures: count, histogram: text }), { stream: secondStream }),
        ),
      },
      { shard: `expected the shard block ${SHARD_HINT}` },
    ),
    histograms: object({ step_locations: dictionary(dictionary(text)) }),
  },
  { histograms: `expected the histograms ${SHARD_HINT}` },
);

/** Every step × location a shard reports needs its histogram, or its times would be lost from the merge. */
function histogramCoverageIssues(shard: ShardFile): Issue[] {
  const issues: Issue[] = [];
  for (const step of shard.results.steps) {
    const byLocation = shard.histograms.step_locations[String(step.id)] ?? {};
    for (const location of Object.keys(step.location_dist)) {
      if (typeof byLocation[location] !== 'string') {
        issues.push({
          path: `$.histograms.step_locations${member(String(step.id))}${member(location)}`,
          message: `missing the histogram of step ${step.id} at location ${location} (results.steps has it)`,
        });
      }
    }
  }
  return issues;
}
