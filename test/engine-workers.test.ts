// The engine on several threads (src/engine/workers.ts and its parts): how many threads, how the
// plan and the cap are split, seconds and recorders added up exactly, and end to end against a
// real counting target: totals at every level equal what the target received and what one thread
// reports, sequential rows used as with one thread, a stop that reaches every thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { decodeHistogram, encodeBytes, initHistograms, newHistogram } from '../src/results/histogram.ts';
import { combineParts, recorderPart } from '../src/engine/parts.ts';
import { LoadPlan } from '../src/engine/plan.ts';
import { checkTest, type CheckedTest } from '../src/engine/prepare.ts';
import { Recorder } from '../src/engine/recorder.ts';
import { buildResults } from '../src/engine/results.ts';
import type { RunOptions } from '../src/engine/run.ts';
import { SecondsCombiner } from '../src/engine/seconds.ts';
import { mergeShards } from '../src/merge/results.ts';
import { threadShard } from '../src/engine/shard.ts';
import { MAX_WORKERS, parseWorkers, workerCount } from '../src/engine/worker-count.ts';
import { EngineWorkers, runEmbeddedInWorkers, splitConcurrency } from '../src/engine/workers.ts';
import { InputError } from '../src/errors.ts';
import type { LoadTestResult, SecondSample } from '../src/types.ts';
import { definition } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

describe('parseWorkers', () => {
  it('takes auto, a count, cores and cores-K', () => {
    expect(parseWorkers('auto', 'workers')).toBe('auto');
    expect(parseWorkers(' 3 ', 'workers')).toEqual({ count: 3 });
    expect(parseWorkers('cores', 'workers')).toEqual({ leave: 0 });
    expect(parseWorkers('cores-2', '--workers')).toEqual({ leave: 2 });
  });

  it('refuses anything else, naming the input and what it takes', () => {
    for (const bad of ['0', `${MAX_WORKERS + 1}`, 'two', '-1', 'cores+1', '']) {
      const problem = parseWorkers(bad, '--workers');
      expect(problem).toMatchObject({ path: '--workers' });
      expect((problem as { message: string }).message).toContain('cores-K');
    }
  });
});

describe('workerCount', () => {
  const plan = (perSecond: number) => new LoadPlan({ iteration_count: perSecond * 2, duration: 2, load_type: 'linear' });

  it('auto: one thread per 10,000 requests a second at the peak, at most the cores less one, at least one', () => {
    expect(workerCount('auto', plan(1000), 1, 8)).toBe(1);
    expect(workerCount('auto', plan(10_000), 2, 8)).toBe(2);
    expect(workerCount('auto', plan(25_000), 1, 8)).toBe(3);
    expect(workerCount('auto', plan(200_000), 1, 4)).toBe(3);
    expect(workerCount('auto', plan(200_000), 1, 2)).toBe(1);
    expect(workerCount('auto', plan(200_000), 1, 1)).toBe(1);
  });

  it('a count is taken as given; cores-K leaves K cores, keeping one thread', () => {
    expect(workerCount({ count: 4 }, plan(10), 1, 2)).toBe(4);
    expect(workerCount({ leave: 0 }, plan(10), 1, 4)).toBe(4);
    expect(workerCount({ leave: 2 }, plan(10), 1, 8)).toBe(6);
    expect(workerCount({ leave: 5 }, plan(10), 1, 4)).toBe(1);
  });
});

describe('splitConcurrency', () => {
  it('splits a cap between the threads, the remainder to the first; none stays none', () => {
    expect(splitConcurrency(50, 2)).toEqual([25, 25]);
    expect(splitConcurrency(7, 3)).toEqual([3, 2, 2]);
    expect(splitConcurrency(undefined, 2)).toEqual([undefined, undefined]);
  });
});

describe('threadShard', () => {
  it("a shard's threads run exactly its iterations, each once, and every second's count adds up", () => {
    const config = { iteration_count: 101, duration: 3, load_type: 'incremental' as const };
    for (const shard of [undefined, { index: 2, count: 3 }]) {
      const whole = new LoadPlan(config, shard);
      const expected = Array.from({ length: whole.total }, (_, j) => whole.globalIndex(j));
      const plans = [1, 2, 3, 4].map((thread) => new LoadPlan(config, threadShard(shard, thread, 4)));
      const got = plans.flatMap((p) => Array.from({ length: p.total }, (_, j) => p.globalIndex(j)));
      expect(got.sort((a, b) => a - b)).toEqual(expected);
      for (let s = 0; s < 3; s++) expect(plans.reduce((n, p) => n + p.countInSecond(s), 0)).toBe(whole.countInSecond(s));
    }
  });
});

describe('adding threads up', () => {
  beforeAll(() => initHistograms());

  it('recorders added from their parts give the result one recorder of everything gives, extremes included', () => {
    const values = [
      [3, 1500, 1234567, 40],
      [987, 2, 555_555, 77_777],
    ];
    // What one thread records: its values on step `thread` (over 100 ms a 503), and a timeout on step 2.
    const record = (rec: Recorder, thread: number, list: number[]) => {
      for (const v of list) {
        rec.iterationStarted(0, false);
        rec.stepReached(thread);
        rec.response(thread, v, v > 100_000 ? 503 : 200);
        if (v > 100_000) rec.stepFailed(thread, 'http 503');
        else rec.stepSucceeded(thread);
        rec.iterationEnded(0, v <= 100_000);
      }
      rec.stepFailed(1, 'read timeout');
    };
    const parts = values.map((list, thread) => {
      const rec = new Recorder(2, 1);
      record(rec, thread, list);
      const part = recorderPart(rec);
      rec.destroy();
      return part;
    });
    const one = new Recorder(2, 1);
    values.forEach((list, thread) => {
      record(one, thread, list);
    });
    const { recorder, extremes } = combineParts(parts, 2, 1);
    const combined = buildResults(recorder, [1, 2], ['local'], extremes);
    expect(combined).toEqual(buildResults(one, [1, 2], ['local']));
    // 1,234,567 µs is 1,235 ms; the bucket it falls in reaches 1,234,943 µs, which the encoding alone would give.
    expect(combined.steps[0]!.response_times.max).toBe(1235);
    expect(combined.steps[1]!.error_dist).toEqual({ 'http 503': 1, 'read timeout': 2 });
    recorder.destroy();
    one.destroy();
  });

  it('a second goes out once every thread has closed it or ended, its percentiles from the summed histogram', () => {
    const emitted: SecondSample[] = [];
    const seconds = new SecondsCombiner(2, false, (s) => emitted.push(s));
    const second = (t: number, values: number[], extra: Partial<SecondSample> = {}) => {
      const h = newHistogram();
      for (const v of values) h.recordValue(v);
      const bytes = encodeBytes(h);
      h.destroy();
      return [{ t, started: values.length, responses: values.length, failures: 0, p50: 0, p95: 0, p99: 0, ...extra }, bytes] as const;
    };
    seconds.add(0, ...second(0, [1000, 1000, 1000], { late: 1, sockets: 3, loop_delay_p99_ms: 2, errors: 1 }));
    seconds.add(0, ...second(1, [1000]));
    expect(emitted).toEqual([]);
    seconds.add(1, ...second(0, [9000, 9000, 9000, 9000, 9000], { late: 2, sockets: 4, loop_delay_p99_ms: 7, errors: 2 }));
    expect(emitted.map((s) => s.t)).toEqual([0]);
    // 5 of the 8 responses took 9 ms (9.007: the top of their HDR bucket), so p50 reads the second thread's.
    expect(emitted[0]).toMatchObject({
      started: 8,
      responses: 8,
      errors: 3,
      p50: 9.007,
      p99: 9.007,
      late: 3,
      sockets: 7,
      loop_delay_p99_ms: 7,
    });
    seconds.end(1);
    expect(emitted.map((s) => s.t)).toEqual([0, 1]);
    expect(seconds.all()).toEqual(emitted);
  });
});

// ---- end to end, on real threads against a real target ----

const ROWS = ['r0', 'r1', 'r2', 'r3', 'r4'];
let target: Target;
let proxy: ProxyServer;
let proxyUrl: string;
let refusedUrl: string;
let dir: string;

beforeAll(async () => {
  target = await startTarget();
  proxy = createProxy();
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // A port nothing listens on: its step fails with "connection refused", an error at every level.
  const closed = createNetServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
  await new Promise((r) => closed.close(r));
  dir = mkdtempSync(join(tmpdir(), 'loadgate-workers-'));
  writeFileSync(join(dir, 'rows.csv'), `${ROWS.join('\n')}\n`);
});
afterAll(async () => {
  await target.close();
  proxy.closeAllConnections();
  proxy.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (order = 'sequential') => ({
  test_data: [{ name: 'rows', file: 'rows.csv', type: 'csv', file_config: { delimiter: ',', order, vars: { '0': { tag: 'row' } } } }],
});

/** The test as callers hold it: checked; each engine thread prepares it. */
async function checked(raw: unknown): Promise<CheckedTest> {
  const valid = validateDefinition(raw, 'workers.json');
  if (!valid.ok) throw new Error(JSON.stringify(valid.problems));
  return checkTest({ definition: valid.value.definition, file: join(dir, 'workers.json'), dir }, {});
}

// These tests count every iteration, so each must start however late a busy machine lets a thread
// reach it (the default grace of 1 s after the plan's end leaves the rest unstarted, as it should).
const options = (extra: Partial<RunOptions> = {}): RunOptions => ({
  insecure: false,
  proxies: {},
  testUrl: 'file://workers',
  startGraceMs: 60_000,
  ...extra,
});

/** The rows the target received on /ok, sorted. */
const rowsSent = (): string[] =>
  target.received
    .filter((r) => r.path === '/ok')
    .map((r) => new URL(r.url, 'http://x').searchParams.get('row')!)
    .sort();

/** Every count of a result, at every level, without the response times (which differ from run to run). */
function countsOf(result: LoadTestResult): unknown {
  return JSON.parse(JSON.stringify(result.results, (key, value: unknown) => (key === 'response_times' ? undefined : value)));
}

describe('a run on two threads', () => {
  it('totals at every level are exact: what the target received, and what one thread counts', async () => {
    const raw = definition(
      [{ url: `${target.url}/ok?row={{data.rows.row}}` }, { url: `${target.url}/status/503` }, { url: refusedUrl }],
      { iteration_count: 60, duration: 2, proxy_config: { US: 1, DE: 2 } },
      rows(),
    );
    const run = (workers: number) =>
      runEmbeddedInWorkers(test, options({ proxies: { US: proxyUrl }, onSecond: (s) => seconds[workers]!.push(s) }), workers);
    const seconds: Record<number, SecondSample[]> = { 1: [], 2: [] };
    const test = await checked(raw);
    target.reset();
    const two = await run(2);
    const received = target.countsByPath();
    const twoRows = rowsSent();
    target.reset();
    const one = await run(1);

    expect(received.get('/ok')).toBe(60);
    expect(received.get('/status/503')).toBe(60);
    expect(two.results.iteration_count).toBe(60);
    // The refused step: the proxy answers 500 for US's 20, the 40 sent directly are refused (an error).
    expect(two.results.steps.map((s) => s.status_code_dist)).toEqual([{ '200': 60 }, { '503': 60 }, { '500': 20 }]);
    expect(Object.values(two.results.steps[2]!.error_dist).reduce((n, c) => n + c, 0)).toBe(40);
    expect(two.results.location_dist.US!.iteration_count).toBe(20);
    expect(two.results.location_dist.local!.iteration_count).toBe(40);
    // Every count at every level (overall, step, location, step × location, status, errors) as one thread has them.
    expect(countsOf(two)).toEqual(countsOf(one));
    // Sequential rows follow the global iteration number: each row used as often as with one thread.
    expect(twoRows).toEqual(Array.from({ length: 60 }, (_, k) => ROWS[k % ROWS.length]!).sort());
    expect(rowsSent()).toEqual(twoRows);
    // One progress line a second, whose counts add up to the run's; the series is those lines.
    expect(seconds[2]!.map((s) => s.t)).toEqual(seconds[2]!.map((_, t) => t));
    expect(seconds[2]!.reduce((n, s) => n + s.started, 0)).toBe(60);
    // 60 + 60 responses, and the proxy's 20 answers for the refused step.
    expect(seconds[2]!.reduce((n, s) => n + s.responses, 0)).toBe(140);
    expect(two.run.series).toEqual(seconds[2]);
    const overall = decodeHistogram(two.histograms!.overall);
    expect(overall.totalCount).toBe(140);
    overall.destroy();
    // One generator block for the run: both threads' planned rates added up (15/s each).
    expect(two.run.generator).toMatchObject({ planned_iterations_per_s: 30, applied_iterations_per_s: 30 });
    expect(two.run.interrupted).toBe(false);
  });

  it('a stop reaches both threads; their partial results are merged', async () => {
    // Two rows, sequential: thread 1 runs the even k and sends r0, thread 2 the odd k and sends r1.
    writeFileSync(join(dir, 'two.csv'), 'r0\nr1\n');
    const raw = definition(
      [{ url: `${target.url}/ok?row={{data.rows.row}}` }],
      { iteration_count: 800, duration: 8 },
      {
        test_data: [
          {
            name: 'rows',
            file: 'two.csv',
            type: 'csv',
            file_config: { delimiter: ',', order: 'sequential', vars: { '0': { tag: 'row' } } },
          },
        ],
      },
    );
    const test = await checked(raw);
    const controller = new AbortController();
    target.reset();
    // Stopped once the first second is out: both threads are under way, however slow the machine.
    const result = await runEmbeddedInWorkers(test, options({ signal: controller.signal, onSecond: () => controller.abort() }), 2);
    const sent = rowsSent();
    const byRow = (row: string) => sent.filter((r) => r === row).length;
    expect(result.run.interrupted).toBe(true);
    // A thread that missed the stop would have sent its whole share, 400.
    expect(byRow('r0')).toBeGreaterThan(0);
    expect(byRow('r1')).toBeGreaterThan(0);
    expect(byRow('r0')).toBeLessThan(400);
    expect(byRow('r1')).toBeLessThan(400);
    // Each request the target saw was answered, or was in flight at the stop and cancelled.
    const answered = result.results.steps[0]!.status_code_dist['200']!;
    expect(answered).toBeLessThanOrEqual(sent.length);
    expect(answered + (result.results.steps[0]!.error_dist.cancelled ?? 0)).toBeGreaterThanOrEqual(sent.length);
    expect(result.results.iteration_count).toBeGreaterThanOrEqual(sent.length);
  });

  it('a shard on two threads writes a shard file that merges with a one-thread shard into the whole plan; captures work on every thread', async () => {
    // Two steps: the second sends what the first captured, within its iteration, on whichever thread runs it.
    const test = await checked(
      definition(
        [
          { url: `${target.url}/ok?row={{data.rows.row}}`, capture_env: { WORD: { from: 'body', regexp: { exp: '(o.)' } } } },
          { url: `${target.url}/echo?word={{WORD}}&row={{data.rows.row}}` },
        ],
        { iteration_count: 40, duration: 2 },
        rows(),
      ),
    );
    target.reset();
    const first = await runEmbeddedInWorkers(test, options({ shard: { index: 1, count: 2 } }), 2);
    const second = await runEmbeddedInWorkers(test, options({ shard: { index: 2, count: 2 } }), 1);
    expect(first.run.shard).toMatchObject({ index: 1, count: 2 });
    expect(first.results.iteration_count).toBe(20);
    expect(first.run.series.every((sample) => typeof sample.histogram === 'string')).toBe(true);
    const merged = mergeShards([
      { file: 'a.json', content: first },
      { file: 'b.json', content: second },
    ]);
    if (!merged.ok) throw new Error(JSON.stringify(merged.problems));
    expect(merged.value.result.results.steps[0]!.status_code_dist).toEqual({ '200': 40 });
    // Each iteration's capture reached its own second step, with the iteration's row.
    const echoes = target.received.filter((r) => r.path === '/echo').map((r) => new URL(r.url, 'http://x').searchParams);
    expect(echoes.map((p) => p.get('word'))).toEqual(Array(40).fill('ok'));
    expect(echoes.map((p) => p.get('row')).sort()).toEqual(rowsSent());
    expect(merged.value.result.run.series.reduce((n, sample) => n + sample.started, 0)).toBe(40);
    expect(rowsSent()).toEqual(Array.from({ length: 40 }, (_, k) => ROWS[k % ROWS.length]!).sort());
  });

  it('a thread that fails fails the run with its error, and nothing is sent', async () => {
    writeFileSync(join(dir, 'gone.csv'), 'x\n');
    const test = await checked(
      definition(
        [{ url: `${target.url}/ok?row={{data.rows.row}}` }],
        { iteration_count: 10, duration: 1 },
        { test_data: [{ name: 'rows', file: 'gone.csv', type: 'csv', file_config: { delimiter: ',', vars: { '0': { tag: 'row' } } } }] },
      ),
    );
    rmSync(join(dir, 'gone.csv'));
    target.reset();
    const failure = await runEmbeddedInWorkers(test, options(), 2).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InputError);
    expect((failure as InputError).problems[0]).toMatchObject({ path: '$.test_data[0].file' });
    expect(target.received).toHaveLength(0);
  });

  it('one thread is the plain engine thread: the same counts, every second to onSecond', async () => {
    const test = await checked(definition([{ url: `${target.url}/ok` }], { iteration_count: 30, duration: 1 }));
    const workers = new EngineWorkers(1);
    const seconds: SecondSample[] = [];
    try {
      target.reset();
      const result = await workers.run(test, options({ onSecond: (s) => seconds.push(s) }));
      expect(target.countsByPath().get('/ok')).toBe(30);
      expect(result.results.steps[0]!.status_code_dist).toEqual({ '200': 30 });
      expect(result.run.series).toEqual(seconds);
    } finally {
      await workers.close();
    }
  });
});
