// The `abort` lines watched while an embedded run goes (docs/verdict.md): each closed second is
// added to their tallies, and the first whose breach is certain stops the run. The result is then
// the results so far, not an interrupted run: its verdict is `failed`, never `incomplete`.
import type { RunOptions } from '../engine/run.ts';
import type { LoadTestDefinition, LoadTestResult, SecondSample, Threshold } from '../types.ts';
import { type AbortTally, abortReason, addSecond, breachCertain } from '../verdict/abort.ts';

export interface AbortWatch {
  /** The run's options with the watch on its seconds and its own stop. */
  options: RunOptions;
  /** The result as it ran: marked aborted when the watch stopped it. */
  settle: (result: LoadTestResult) => LoadTestResult;
}

/** The most requests the run can send: every planned iteration reaching every step. */
export function plannedRequests(definition: LoadTestDefinition): number {
  return definition.config_data.iteration_count * definition.config_data.steps.length;
}

export function watchAbortLines(
  thresholds: readonly Threshold[],
  definition: LoadTestDefinition,
  options: RunOptions,
): AbortWatch | undefined {
  let tallies: AbortTally[] = thresholds.filter((t) => t.abort).map((threshold) => ({ threshold, against: 0 }));
  if (tallies.length === 0) return undefined;
  const planned = plannedRequests(definition);
  const stop = new AbortController();
  let aborted: { threshold: string; reason: string; at_s: number } | undefined;
  const onSecond = (sample: SecondSample): void => {
    options.onSecond?.(sample);
    if (aborted) return;
    tallies = addSecond(tallies, sample);
    const breached = tallies.find((tally) => breachCertain(tally, planned));
    if (!breached) return;
    aborted = { threshold: breached.threshold.source, reason: abortReason(breached, planned), at_s: sample.t + 1 };
    stop.abort('abort threshold');
  };
  return {
    options: {
      ...options,
      onSecond,
      signal: options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal,
      keepSecondHistograms: options.keepSecondHistograms === true || tallies.some((t) => t.threshold.metric !== 'http_fail_rate'),
    },
    settle: (result) =>
      aborted === undefined || options.signal?.aborted ? result : { ...result, run: { ...result.run, interrupted: false, aborted } },
  };
}
