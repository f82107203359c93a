// One builder for the `run` block (src/engine/run-info.ts): an embedded run, a merge of its shards,
// a hosted run and a comparison each carry the same fields, in the same order, with the mode's
// own figures in them. Real runs against a local target; the hosted service is the stand-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { comparisonResultFile, prepareSides, runComparison } from '../src/compare/run.ts';
import { initHistograms } from '../src/results/histogram.ts';
import { runBlock, type RunFacts } from '../src/engine/run-info.ts';
import { createClient } from '../src/hosted/client.ts';
import { runHosted } from '../src/hosted/run-hosted.ts';
import { mergeShards } from '../src/merge/results.ts';
import { rateWindowS } from '../src/rates.ts';
import type { LoadTestResult } from '../src/types.ts';
import { startFakeService, type FakeService } from './helpers/fake-service.ts';
import { definition, runDefinition } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

let target: Target;
let service: FakeService | undefined;
beforeAll(async () => {
  await initHistograms();
  target = await startTarget();
});
afterAll(async () => {
  await service?.close();
  await target.close();
});

const raw = () => definition([{ url: `${target.url}/ok` }, { url: `${target.url}/status/201` }], { iteration_count: 8, duration: 1 });

async function hosted(measuredBy: LoadTestResult): Promise<LoadTestResult> {
  // What `loadgate serve` answers: its 2.5 body with the run block it measured.
  service = await startFakeService({
    statuses: ['completed'],
    result: { test_url: 'https://svc/t/1', results: measuredBy.results, run: measuredBy.run },
  });
  const checked = validateDefinition(raw(), 'hosted.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return runHosted({
    client: createClient({ baseUrl: service.url, apiKey: 'k' }),
    definition: checked.value.definition,
    dataFiles: [],
    deadlineMs: 60_000,
    minPollMs: 1,
    pollIntervalMs: 1,
  });
}

async function compared(): Promise<LoadTestResult> {
  const checked = validateDefinition(raw(), 'compare.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  const sides = await prepareSides({ definition: checked.value.definition, file: 'compare.json', dir: process.cwd() }, undefined, {
    name: 'base',
    vars: [],
  });
  const settings = {
    rounds: 1,
    maxRounds: 1,
    onInconclusive: 'warn' as const,
    warmupRounds: 0,
    maxRegression: 0.1,
    metric: 'p95' as const,
    seed: 1,
  };
  return comparisonResultFile(await runComparison(sides, settings, { concurrency: 10, insecure: false, proxies: {} }));
}

describe('the run block of every mode', () => {
  it('has the same fields in the same order for embedded, merged, hosted and compared results', async () => {
    const embedded = await runDefinition(raw());
    const shards = [
      await runDefinition(raw(), { shard: { index: 1, count: 2 } }),
      await runDefinition(raw(), { shard: { index: 2, count: 2 } }),
    ];
    const merged = mergeShards(shards.map((content, i) => ({ file: `shard-${i + 1}.json`, content })));
    if (!merged.ok) throw new Error(JSON.stringify(merged.problems));
    const fromService = await hosted(embedded);
    const comparison = await compared();

    const fields = Object.keys(embedded.run);
    expect(fields).toEqual([
      'mode',
      'name',
      'started_at',
      'finished_at',
      'duration_s',
      'rps',
      'rate_window_s',
      'late_iterations',
      'max_schedule_lag_ms',
      'version',
      'steps',
      'locations',
      'interrupted',
      'series',
      'generator',
    ]);
    expect(Object.keys(merged.value.result.run)).toEqual([...fields, 'shards']);
    expect(Object.keys(fromService.run)).toEqual(fields);
    expect(Object.keys(comparison.run)).toEqual(fields);
    expect([embedded, merged.value.result, fromService, comparison].map((r) => r.run.mode)).toEqual([
      'embedded',
      'merge',
      'hosted',
      'compare',
    ]);
    // Each mode's own figures: the shards' iterations added, the service's measurements kept.
    expect(merged.value.result.results.iteration_count).toBe(8);
    expect(merged.value.result.run.steps).toEqual(embedded.run.steps);
    expect(fromService.run.series).toEqual(embedded.run.series);
    expect(fromService.run.generator).toEqual(embedded.run.generator);
    expect(comparison.results.iteration_count).toBe(8);
    // 8 iterations of 2 steps planned over 1 s: 16 requests a second in every mode, however long the last response took.
    expect([embedded, merged.value.result, fromService, comparison].map((r) => r.run.rps)).toEqual([16, 16, 16, 16]);
    expect([embedded, merged.value.result, fromService, comparison].map((r) => r.run.rate_window_s)).toEqual([1, 1, 1, 1]);
    // A service that went on starting late past the plan says over which seconds: the rate is over them too.
    await service?.close();
    const overloaded = await hosted({ ...embedded, run: { ...embedded.run, rate_window_s: 2 } });
    expect(overloaded.run).toMatchObject({ rps: 8, rate_window_s: 2 });
  });

  it('rounds the duration to the millisecond and the rate to a tenth, whatever the mode', () => {
    const facts: RunFacts = {
      mode: 'hosted',
      name: 'n',
      startedAt: new Date(0),
      finishedAt: new Date(3000),
      durationS: 0.1 + 0.2,
      rateWindowS: 0.1 + 0.2,
      requests: 7,
      lateIterations: 0,
      maxScheduleLagMs: 0,
      steps: [],
      locations: {},
      interrupted: false,
      series: [],
    };
    expect(runBlock(facts)).toMatchObject({
      duration_s: 0.3,
      rps: 23.3,
      rate_window_s: 0.3,
      started_at: '1970-01-01T00:00:00.000Z',
      finished_at: '1970-01-01T00:00:03.000Z',
    });
    expect(runBlock({ ...facts, rateWindowS: 0 }).rps).toBe(0);
    expect(runBlock(facts)).not.toHaveProperty('generator');
  });

  it('takes rps over the planned seconds, not to the last response: one request in a 1 s plan is 1/s', () => {
    const facts: RunFacts = {
      mode: 'embedded',
      name: 'n',
      startedAt: new Date(0),
      finishedAt: new Date(5),
      durationS: 0.005,
      rateWindowS: rateWindowS({ plannedS: 1, elapsedS: 0.005, interrupted: false, lastLateStartS: 0 }),
      requests: 1,
      lateIterations: 0,
      maxScheduleLagMs: 0,
      steps: [],
      locations: {},
      interrupted: false,
      series: [],
    };
    expect(runBlock(facts)).toMatchObject({ duration_s: 0.005, rps: 1 });
    // A stopped run: over the part of the plan that ran.
    expect(rateWindowS({ plannedS: 10, elapsedS: 2.5, interrupted: true, lastLateStartS: 2.4 })).toBe(2.5);
    expect(rateWindowS({ plannedS: 10, elapsedS: 12, interrupted: true, lastLateStartS: 0 })).toBe(10);
  });

  it('takes the rates over the time the starts took: an overloaded run that went on starting late after its plan is over its last late start', () => {
    const window = (lastLateStartS: number, interrupted = false) =>
      rateWindowS({ plannedS: 3, elapsedS: 4.02, interrupted, lastLateStartS });
    // 1,000,000/s planned for 3 s, 143,386 started until the grace ended at 4.0 s: about 35,850/s, not 47,795/s.
    expect(window(3.999)).toBe(3.999);
    // To the millisecond, as the file holds it: a rate read back over it (reports' it/s) is the one written.
    expect(window(3.99543)).toBe(3.995);
    const facts = (rateWindow: number): RunFacts => ({
      mode: 'embedded',
      name: 'n',
      startedAt: new Date(0),
      finishedAt: new Date(4020),
      durationS: 4.02,
      rateWindowS: rateWindow,
      requests: 143_386,
      lateIterations: 143_000,
      maxScheduleLagMs: 3900,
      steps: [],
      locations: {},
      interrupted: false,
      series: [],
    });
    expect(runBlock(facts(window(3.999)))).toMatchObject({ rps: 35855.5, rate_window_s: 3.999 });
    // A run that kept up reads its planned rate: late starts within the plan, and none at all, leave its seconds as they are.
    expect(window(2.4)).toBe(3);
    expect(window(0)).toBe(3);
    expect(runBlock(facts(window(0))).rps).toBe(47795.3);
    // Stopped in the grace, after starting late past the plan's end: to the last late start still.
    expect(window(3.5, true)).toBe(3.5);
  });
});
