// The action's mode capacity (docs/capacity.md): the probe search that `loadgate capacity` runs
// (src/pipeline/capacity.ts), with the action's inputs. The results hold the probe at the rate
// found and the capacity block, so the comment, summary and check show the Capacity section as
// for any run; the gate judges `thresholds` on the rate found and the SLO lines on that probe.
import { SLO_INPUT, type ActionInputs } from './inputs.ts';
import { answered, capacityVerdictGate, measureCapacity, preflightCapacity } from '../pipeline/capacity.ts';
import type { Gate } from '../pipeline/gate.ts';
import type { Measured, RunLog } from '../pipeline/measure.ts';
import { loadAndCheck, readEnvironmentSpec } from '../pipeline/sources.ts';
import { capacityHeadline } from '../report/capacity.ts';
import { secretValues } from '../variables/environment.ts';

export interface CapacityModeIo {
  signal: AbortSignal;
  /** The status check starts once the definition names the test. */
  started: (testName: string) => void;
  /** The environment's secret variables, masked from here on. */
  addSecrets: (values: string[]) => void;
  testUrl: string;
  log: RunLog;
}

/** The search, checked before any probe; what it measured, and the gate its verdict takes. */
export async function runCapacityMode(inputs: ActionInputs, gate: Gate, io: CapacityModeIo): Promise<{ measured: Measured; gate: Gate }> {
  const capacity = inputs.capacity;
  if (!capacity) throw new Error('mode capacity without its settings: getInputs reads them');
  const test = await loadAndCheck(inputs.test, await readEnvironmentSpec(inputs.environment, 'environment'));
  io.started(test.definition.name);
  io.addSecrets(secretValues(test.definition.environment));
  // The SLO lines say what every probe holds; no default threshold is added beside them.
  const capacityGate: Gate = { ...gate, defaults: false };
  preflightCapacity(test, inputs.proxies, capacity.slo, SLO_INPUT, capacityGate);
  io.log.info(`loadgate: finding the capacity of "${test.definition.name}" (${capacity.slo.map((t) => t.source).join(', ')})`);
  const search = await measureCapacity(
    test,
    capacity.settings,
    capacity.slo,
    SLO_INPUT,
    {
      embedded: {
        concurrency: inputs.maxConcurrency,
        insecure: inputs.insecureTls,
        proxies: inputs.proxies,
        signal: io.signal,
        testUrl: io.testUrl,
      },
      workers: inputs.workers,
    },
    io.log,
  );
  io.log.info(`loadgate: ${capacityHeadline(search.capacity)}`);
  // The verdict is the thresholds'; a search that did not reach the target's limit says so here too.
  if (!answered(search.capacity) && !search.interrupted)
    io.log.warn(`the search ended on ${search.capacity.limited_by}, not on the target's limit: gate with capacity >= R/s to fail the step`);
  return { measured: { result: search.result }, gate: capacityVerdictGate(capacityGate, capacity.slo) };
}
