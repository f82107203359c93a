// One side of a comparison (docs/comparison.md): what each of its rounds recorded is added up here,
// in memory, histogram by histogram and count by count (engine/parts.ts), into one recorder, as
// one engine would have recorded every round. Its 2.5 result is built from that recorder as an
// embedded run's is, and given the side's own time: duration_s is the rounds' durations added,
// rps is over their rate windows added (rates.ts), and the per-second series are the rounds' seconds placed end to end.
import { mergeGenerators } from '../engine/generator.ts';
import { addCombined, emptyCombined, type CombinedRecorder } from '../engine/parts.ts';
import { buildResults } from '../engine/results.ts';
import { requestsOf, runBlock } from '../engine/run-info.ts';
import { rateWindowS } from '../rates.ts';
import type { EngineOutcome } from '../engine/engine.ts';
import type { CheckedTest } from '../engine/prepare.ts';
import type { RecordedRun } from '../engine/workers.ts';
import type { LoadTestResult, SecondSample } from '../types.ts';

type RoundFacts = Omit<EngineOutcome, 'recorder'> & { series: SecondSample[] };

export class SideRounds {
  private readonly test: CheckedTest;
  private combined: CombinedRecorder | undefined;
  private readonly rounds: RoundFacts[] = [];

  constructor(test: CheckedTest) {
    this.test = test;
  }

  /** Adds a round's recording; the round's recorder stays the caller's. */
  add(run: RecordedRun): void {
    const { recorder, ...facts } = run.outcome;
    this.combined ??= emptyCombined(recorder.stepCount, recorder.locationCount);
    addCombined(this.combined, { recorder, extremes: run.extremes });
    this.rounds.push({ ...facts, series: recorder.series });
  }

  get count(): number {
    return this.rounds.length;
  }

  /** The side over its rounds (at least one added), mode `compare`. */
  result(testUrl: string): LoadTestResult {
    const { recorder, extremes } = this.combined!;
    const rounds = this.rounds;
    const steps = this.test.definition.config_data.steps;
    const results = buildResults(
      recorder,
      steps.map((s) => s.id),
      rounds[0]!.locations,
      extremes,
      steps.map((s) => s.stream !== undefined),
    );
    return {
      test_url: testUrl,
      results,
      run: runBlock({
        mode: 'compare',
        name: this.test.definition.name,
        startedAt: new Date(Math.min(...rounds.map((r) => r.startedAt.getTime()))),
        finishedAt: new Date(Math.max(...rounds.map((r) => r.finishedAt.getTime()))),
        durationS: rounds.reduce((sum, r) => sum + r.durationS, 0),
        rateWindowS: rounds.reduce(
          (sum, r) =>
            sum +
            rateWindowS({
              plannedS: this.test.definition.config_data.duration,
              elapsedS: r.durationS,
              interrupted: r.interrupted,
              lastLateStartS: r.lastLateStartS,
            }),
          0,
        ),
        requests: requestsOf(results),
        lateIterations: rounds.reduce((n, r) => n + r.lateIterations, 0),
        maxScheduleLagMs: Math.max(...rounds.map((r) => r.maxScheduleLagMs)),
        steps: this.test.runSteps,
        locations: Object.assign({}, ...rounds.map((r) => r.egress)) as Record<string, string>,
        interrupted: rounds.some((r) => r.interrupted),
        series: endToEnd(rounds.map((r) => r.series)),
        generator: mergeGenerators(
          rounds.map((r, i) => ({ index: i + 1, generator: r.generator })),
          'rounds',
        ),
      }),
    };
  }

  /** Frees the WebAssembly memory of the side's histograms. */
  destroy(): void {
    this.combined?.recorder.destroy();
  }
}

function endToEnd(series: SecondSample[][]): SecondSample[] {
  let offset = 0;
  return series.flatMap((samples) => {
    const shifted = samples.map((s) => ({ ...s, t: s.t + offset }));
    offset += samples.length;
    return shifted;
  });
}
