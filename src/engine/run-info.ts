// The `run` block of a result (docs/results.md), built here for every mode: an embedded run, a
// merge of shards, a hosted run (with what the service measured) and each side of a comparison.
// Each mode gathers its facts; the fields, their order, the rounding of duration and rate, and
// the version are this file's alone, so no mode's block can drift from the others'.
import { perSecond } from '../rates.ts';
import { VERSION } from '../version.ts';
import { expectedErrorStatuses } from '../variables/checks.ts';
import type { GeneratorInfo, LoadTestDefinition, Results, RunInfo, RunStepInfo, SecondSample, ShardInfo, ShardSummary } from '../types.ts';

/** What a mode knows of its run; runBlock turns it into the block. */
export interface RunFacts {
  mode: RunInfo['mode'];
  name: string;
  startedAt: Date;
  finishedAt: Date;
  /** Seconds the load ran: the run's window, or a comparison side's runs added up. */
  durationS: number;
  /** The seconds the run's rates are over (rateWindowS in rates.ts): what `rps` is a rate over. */
  rateWindowS: number;
  /** Requests that ended (response or error): what `rps` is the rate of. */
  requests: number;
  lateIterations: number;
  maxScheduleLagMs: number;
  steps: RunStepInfo[];
  locations: Record<string, string>;
  interrupted: boolean;
  series: SecondSample[];
  generator?: GeneratorInfo;
  shard?: ShardInfo;
  shards?: ShardSummary[];
}

export function runBlock(facts: RunFacts): RunInfo {
  const duration = facts.durationS;
  const window = facts.rateWindowS;
  return {
    mode: facts.mode,
    name: facts.name,
    started_at: facts.startedAt.toISOString(),
    finished_at: facts.finishedAt.toISOString(),
    duration_s: Math.round(duration * 1000) / 1000,
    rps: perSecond(facts.requests, window),
    rate_window_s: Math.round(window * 1000) / 1000,
    late_iterations: facts.lateIterations,
    max_schedule_lag_ms: facts.maxScheduleLagMs,
    version: VERSION,
    steps: facts.steps,
    locations: facts.locations,
    interrupted: facts.interrupted,
    series: facts.series,
    ...(facts.generator && { generator: facts.generator }),
    ...(facts.shard && { shard: facts.shard }),
    ...(facts.shards && { shards: facts.shards }),
  };
}

/** Responses at every step (successes and failures): what modes that hold only results count. */
export function requestsOf(results: Results): number {
  return results.steps.reduce((n, step) => n + step.success_count + step.fail_count, 0);
}

/** run.steps: names, requests as shown, and the error statuses each step's assertions expect. */
export function runSteps(definition: LoadTestDefinition, urlOf: (id: number) => string | undefined = () => undefined): RunStepInfo[] {
  return definition.config_data.steps.map((s) => {
    const expected = expectedErrorStatuses(s.assertion);
    return {
      id: s.id,
      name: s.name,
      method: s.method,
      url: urlOf(s.id) ?? s.url,
      ...(expected.length > 0 && { expected_status: expected }),
    };
  });
}
