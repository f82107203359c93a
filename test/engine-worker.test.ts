// The engine on its worker thread (src/engine/in-worker.ts), as the CLI, the action, the
// comparison gate and the server run it: real requests to a local target, progress and results
// back across the thread, stop on abort, and input problems that keep their file and path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { checkTest, prepareTest, type CheckedTest } from '../src/engine/prepare.ts';
import type { PreparedTest } from '../src/engine/prepare.ts';
import { runEmbedded, type RunOptions } from '../src/engine/run.ts';
import { EngineWorker, workerEntry } from '../src/engine/in-worker.ts';
import { EngineWorkers, runEmbeddedInWorkers } from '../src/engine/workers.ts';
import { InputError } from '../src/errors.ts';
import type { SecondSample } from '../src/types.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import { definition } from './helpers/run-definition.ts';

let target: Target;
let dir: string;
beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-worker-'));
});
afterAll(async () => {
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

function loaded(raw: unknown) {
  const checked = validateDefinition(raw, 'worker.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return { definition: checked.value.definition, file: join(dir, 'worker.json'), dir };
}

/** The test as callers hold it: checked, nothing loaded; the engine thread prepares it. */
const checked = (raw: unknown): Promise<CheckedTest> => checkTest(loaded(raw), {});

/** The test made ready to run in this thread. */
const prepared = (raw: unknown): Promise<PreparedTest> => prepareTest(loaded(raw), {});

const options = (extra: Partial<RunOptions> = {}): RunOptions => ({
  concurrency: 50,
  insecure: false,
  proxies: {},
  testUrl: 'file://worker',
  ...extra,
});

describe('a run on one engine thread', () => {
  it('runs the plan on the worker: the same counts as in-process, and every second reaches onSecond', async () => {
    const raw = definition([{ url: `${target.url}/ok` }, { url: `${target.url}/status/503` }], { iteration_count: 90, duration: 2 });
    target.reset();
    const seconds: SecondSample[] = [];
    const threaded = await runEmbeddedInWorkers(await checked(raw), options({ onSecond: (s) => seconds.push(s) }), 1);
    const threadedRequests = target.received.length;
    target.reset();
    const inProcess = await runEmbedded(await prepared(raw), options());

    expect(threadedRequests).toBe(180);
    expect(threaded.results.iteration_count).toBe(90);
    expect(threaded.results.steps[0]!.status_code_dist).toEqual({ '200': 90 });
    expect(threaded.results.steps[1]!.status_code_dist).toEqual({ '503': 90 });
    expect(threaded.results.steps.map((s) => s.status_code_dist)).toEqual(inProcess.results.steps.map((s) => s.status_code_dist));
    expect(threaded.run.steps).toEqual(inProcess.run.steps);
    expect(seconds.reduce((n, s) => n + s.started, 0)).toBe(90);
    expect(seconds.reduce((n, s) => n + s.responses, 0)).toBe(180);
    expect(threaded.run.series).toEqual(seconds);
  });

  it('the caller holds no data row: its checked test is plain data, and the thread reads the rows itself; captures work there', async () => {
    const names = join(dir, 'names.csv');
    writeFileSync(names, 'ada\ngrace\n');
    const raw = definition(
      [
        { url: `${target.url}/ok?who={{data.names.who}}`, capture_env: { WORD: { from: 'body', regexp: { exp: '(o.)' } } } },
        { url: `${target.url}/echo?word={{WORD}}` },
      ],
      { iteration_count: 4, duration: 1 },
      {
        test_data: [
          {
            name: 'names',
            file: 'names.csv',
            type: 'csv',
            file_config: {
              delimiter: ',',
              allow_quota: false,
              order: 'sequential',
              skip_first_line: false,
              skip_empty_line: true,
              vars: { '0': { tag: 'who' } },
            },
          },
        ],
      },
    );
    const test = await checked(raw);
    // No compiled template or data set (structuredClone refuses functions), and none of the rows.
    expect(structuredClone(test)).toEqual(test);
    expect(JSON.stringify(test)).not.toMatch(/ada|grace/);
    // What is sent is what the thread read when it prepared the test, not what the caller checked.
    writeFileSync(names, 'lin\nmae\n');
    target.reset();
    const result = await runEmbeddedInWorkers(test, options({ concurrency: 1 }), 1);
    expect(result.results.iteration_count).toBe(4);
    expect(target.received.filter((r) => r.path === '/ok').map((r) => r.url)).toEqual([
      '/ok?who=lin',
      '/ok?who=mae',
      '/ok?who=lin',
      '/ok?who=mae',
    ]);
    expect(target.received.filter((r) => r.path === '/echo').map((r) => r.url)).toEqual(Array(4).fill('/echo?word=ok'));
  });

  it('stops when the signal aborts and still returns the partial results', async () => {
    const controller = new AbortController();
    const test = await checked(definition([{ url: `${target.url}/ok` }], { iteration_count: 400, duration: 4 }));
    // Stopped once the worker has posted its first second: the run is under way, however slow the machine.
    const result = await runEmbeddedInWorkers(test, options({ signal: controller.signal, onSecond: () => controller.abort() }), 1);
    expect(result.run.interrupted).toBe(true);
    expect(result.results.iteration_count).toBeGreaterThan(0);
    expect(result.results.iteration_count).toBeLessThan(400);
  });

  it('passes input problems back as an InputError that names the file', async () => {
    const file = join(dir, 'gone.csv');
    writeFileSync(file, 'x\n');
    const test = await checked(
      definition(
        [{ url: `${target.url}/ok?v={{data.gone.v}}` }],
        { iteration_count: 1, duration: 1 },
        {
          test_data: [
            {
              name: 'gone',
              file: 'gone.csv',
              type: 'csv',
              file_config: {
                delimiter: ',',
                allow_quota: false,
                order: 'sequential',
                skip_first_line: false,
                skip_empty_line: true,
                vars: { '0': { tag: 'v' } },
              },
            },
          ],
        },
      ),
    );
    rmSync(file);
    target.reset();
    const failure = await runEmbeddedInWorkers(test, options(), 1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InputError);
    expect((failure as InputError).problems[0]).toMatchObject({ file: join(dir, 'worker.json'), path: '$.test_data[0].file' });
    expect((failure as InputError).message).toContain('gone.csv');
    expect(target.received).toHaveLength(0);
  });
});

describe('EngineWorkers', () => {
  it('runs tests one after another on one thread, refuses a second at once, and nothing after close', async () => {
    const engine = new EngineWorkers(1);
    try {
      const first = await checked(definition([{ url: `${target.url}/ok` }], { iteration_count: 30, duration: 1 }));
      const second = await checked(definition([{ url: `${target.url}/status/201` }], { iteration_count: 12, duration: 1 }));
      target.reset();
      const running = engine.run(first, options());
      await expect(engine.run(second, options())).rejects.toThrow(/already running a test/);
      expect((await running).results.iteration_count).toBe(30);
      const after = await engine.run(second, options());
      expect(after.results.steps[0]!.status_code_dist).toEqual({ '201': 12 });
      expect(target.countsByPath()).toEqual(
        new Map([
          ['/ok', 30],
          ['/status/201', 12],
        ]),
      );
    } finally {
      await engine.close();
    }
    await expect(engine.run(await checked(definition([{ url: `${target.url}/ok` }])), options())).rejects.toThrow(/engine worker exited/);
  });
});

describe('EngineWorker.abandon (a stop the thread has not answered in its deadline)', () => {
  it('ends the thread and settles its share with the checkpoint it posted after its first second', async () => {
    const test = await checked(definition([{ url: `${target.url}/ok` }], { iteration_count: 400, duration: 4 }));
    const worker = new EngineWorker();
    let first: SecondSample | undefined;
    let abandoned = false;
    target.reset();
    const share = worker.runShare(
      test,
      options(),
      { thread: 1, threads: 1 },
      {
        onReady: () => worker.go(performance.timeOrigin + performance.now()),
        onSecond: (sample) => {
          first ??= sample;
          // Second 1's message comes after second 0's checkpoint (one port, in order): that checkpoint is kept.
          if (sample.t === 1 && !abandoned) {
            abandoned = true;
            worker.abandon(() => {
              throw new Error('the checkpoint of second 0 was there');
            });
          }
        },
      },
    );
    const outcome = await share;
    expect(outcome.facts.interrupted).toBe(true);
    const reached = outcome.part.reached.reduce((n, c) => n + c, 0);
    // Everything second 0 started is in it; not the whole plan: the thread was ended at second 1.
    expect(reached).toBeGreaterThanOrEqual(first!.started);
    expect(reached).toBeLessThan(400);
    expect(outcome.facts.durationS).toBeGreaterThanOrEqual(1);
    await expect(worker.runShare(test, options(), { thread: 1, threads: 1 }, { onReady: () => {}, onSecond: () => {} })).rejects.toThrow(
      /did not answer a stop within its deadline/,
    );
    await worker.close();
  });
});

describe('workerEntry', () => {
  it('is the TypeScript source next to in-worker.ts when running from src/', () => {
    expect(workerEntry(pathToFileURL('/x/src/engine/in-worker.ts').href).pathname).toBe('/x/src/engine/worker.ts');
  });

  it("is decided by the module's path: a loader's query or hash on its URL (local-action's ?__quibble=1) changes nothing", () => {
    const source = pathToFileURL('/x/src/engine/in-worker.ts').href;
    expect(workerEntry(`${source}?__quibble=1`).href).toBe('file:///x/src/engine/worker.ts');
    expect(workerEntry(`${source}#top`).href).toBe('file:///x/src/engine/worker.ts');
  });

  it('finds the worker bundle from the action bundle (dist/) and from the CLI bundle (dist/cli/)', () => {
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'engine-worker'), { recursive: true });
    mkdirSync(join(dist, 'cli'), { recursive: true });
    writeFileSync(join(dist, 'engine-worker', 'index.js'), '');
    const expected = join(dist, 'engine-worker', 'index.js');
    expect(workerEntry(pathToFileURL(join(dist, 'index.js')).href).pathname).toBe(expected);
    expect(workerEntry(pathToFileURL(join(dist, 'cli', 'index.js')).href).pathname).toBe(expected);
  });

  it('says which files it looked for when the bundle is missing', () => {
    expect(() => workerEntry(pathToFileURL(join(dir, 'elsewhere', 'index.js')).href)).toThrow(
      /engine worker bundle is missing.*elsewhere\/engine-worker\/index\.js/,
    );
  });
});
