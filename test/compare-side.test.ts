// One side of a comparison (src/compare/side.ts): its rounds, as the engine threads hand them back,
// added up in memory into exactly what one recorder of every round would give, with the side's
// own time (durations added, series end to end).
import { beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { SideRounds } from '../src/compare/side.ts';
import { initHistograms } from '../src/results/histogram.ts';
import { combineParts, recorderPart } from '../src/engine/parts.ts';
import { prepareTest } from '../src/engine/prepare.ts';
import { Recorder } from '../src/engine/recorder.ts';
import { buildResults } from '../src/engine/results.ts';
import type { RecordedRun } from '../src/engine/workers.ts';
import type { GeneratorInfo } from '../src/types.ts';
import { definition } from './helpers/run-definition.ts';

beforeAll(() => initHistograms());

const GENERATOR: GeneratorInfo = {
  saturated: false,
  loop_delay_p99_ms: 1,
  loop_delay_max_ms: 2,
  cpu_pct_max: 10,
  busy_pct_max: 10,
  behind_iterations: 0,
  unstarted_iterations: 0,
  planned_iterations_per_s: 3,
  applied_iterations_per_s: 3,
  concurrency: 100,
  sockets_max: 2,
  warm_up_s: 0,
};

/** A round's responses on step 1 (over 100 ms: a 503), one timeout on step 2, and one closed second. */
function record(rec: Recorder, values: number[]): void {
  for (const v of values) {
    rec.iterationStarted(0, false);
    rec.stepReached(0);
    rec.response(0, v, v > 100_000 ? 503 : 200);
    if (v > 100_000) rec.stepFailed(0, 'http 503');
    else rec.stepSucceeded(0);
    rec.iterationEnded(0, v <= 100_000);
  }
  rec.stepFailed(1, 'read timeout');
}

/** A round as EngineWorkers.record hands it back: the thread's part added into a recorder of this thread. */
function round(values: number[], startMs: number, durationS: number, lastLateStartS = 0): RecordedRun {
  const thread = new Recorder(2, 1);
  record(thread, values);
  thread.closeSecond(0);
  const part = recorderPart(thread);
  const { recorder, extremes } = combineParts([part], 2, 1);
  recorder.series.push(...thread.series);
  thread.destroy();
  return {
    outcome: {
      recorder,
      locations: ['local'],
      egress: { local: 'direct' },
      startedAt: new Date(startMs),
      finishedAt: new Date(startMs + durationS * 1000),
      durationS,
      lastLateStartS,
      requests: values.length,
      lateIterations: 1,
      maxScheduleLagMs: startMs / 1000,
      interrupted: false,
      generator: GENERATOR,
    },
    extremes,
    startLagMs: 0,
  };
}

describe('a side of the comparison', () => {
  it('adds its rounds up exactly: every count and percentile as one recorder of every round, the extremes exact', async () => {
    const checked = validateDefinition(definition([{ url: 'http://127.0.0.1:9/a' }, { url: 'http://127.0.0.1:9/b' }]), 'side.json');
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const test = await prepareTest({ definition: checked.value.definition, file: 'side.json', dir: process.cwd() }, {});
    const rounds = [
      [3, 1500, 1_234_567, 40],
      [987, 2, 555_555],
      [77_777, 12],
    ];
    const side = new SideRounds(test);
    rounds.forEach((values, i) => {
      // The last round went on starting late iterations until 1.4 s, past its 1 s plan.
      const run = round(values, 10_000 * (i + 1), 1.5, i === 2 ? 1.4 : 0);
      side.add(run);
      run.outcome.recorder.destroy();
    });
    const result = side.result('file://side');
    side.destroy();

    const one = new Recorder(2, 1);
    for (const values of rounds) record(one, values);
    expect(result.results).toEqual(buildResults(one, [1, 2], ['local']));
    one.destroy();
    expect(result.results.steps[0]!.success_count + result.results.steps[0]!.fail_count).toBe(9);
    expect(result.results.steps[0]!.response_times).toMatchObject({ max: 1235, min: 0 });
    expect(result.results.steps[1]!.error_dist).toEqual({ 'read timeout': 3 });
    expect(result.run).toMatchObject({
      // rps over the rounds' rate windows (1 s plans, the last one started over 1.4 s), not their 4.5 s.
      mode: 'compare',
      duration_s: 4.5,
      rps: 3.5,
      rate_window_s: 3.4,
      late_iterations: 3,
      max_schedule_lag_ms: 30,
      started_at: new Date(10_000).toISOString(),
      finished_at: new Date(31_500).toISOString(),
      interrupted: false,
    });
    expect(result.run.series.map((s) => [s.t, s.responses])).toEqual([
      [0, 4],
      [1, 3],
      [2, 2],
    ]);
    expect(result.run.generator).toMatchObject({ planned_iterations_per_s: 3, saturated: false });
  });
});
