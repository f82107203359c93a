// A shard runs one location's iterations without a proxy, so the engine records them under
// `local` (engine/engine.ts egressOf); its result names them by the location it ran in, so that
// the merge keeps every location apart (DE stays DE). Pure.
import type { LoadTestResult } from '../types.ts';

function renamed<T>(record: Record<string, T>, location: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === 'local' ? location : key, value]));
}

/** Step id → location → histogram, its `local` renamed. */
function renamedCells<T>(byStep: Record<string, Record<string, T>>, location: string): Record<string, Record<string, T>> {
  return Object.fromEntries(Object.entries(byStep).map(([step, byLocation]) => [step, renamed(byLocation, location)]));
}

export function localised(result: LoadTestResult, location: string): LoadTestResult {
  if (location === 'local') return result;
  const { results, run, histograms } = result;
  const streams = histograms?.streams;
  return {
    ...result,
    results: {
      ...results,
      location_dist: renamed(results.location_dist, location),
      steps: results.steps.map((step) => ({ ...step, location_dist: renamed(step.location_dist, location) })),
    },
    run: { ...run, locations: renamed(Object.fromEntries(Object.keys(run.locations).map((key) => [key, 'kubernetes pod'])), location) },
    ...(histograms && {
      histograms: {
        ...histograms,
        locations: renamed(histograms.locations, location),
        step_locations: renamedCells(histograms.step_locations, location),
        // A streaming step's first-event and gap histograms, per step × location as the response times'.
        ...(streams && {
          streams: {
            first_event: { ...streams.first_event, step_locations: renamedCells(streams.first_event.step_locations, location) },
            gap: { ...streams.gap, step_locations: renamedCells(streams.gap.step_locations, location) },
          },
        }),
      },
    }),
  };
}
