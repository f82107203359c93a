// A result's record of its steps (run.steps) looked up by id: one home for the lookup every
// report and the verdict make, and for the name a step without a record is shown by.
import type { LoadTestResult, RunStepInfo } from '../types.ts';

/** Each result's run.steps by id, built once per steps array: a lookup per step kept a history of large definitions quadratic. */
interface StepIndex {
  /** The array's length when indexed: one that grew since (a result being built) is indexed afresh. */
  length: number;
  byId: Map<number, { step: RunStepInfo; expected: ReadonlySet<number> }>;
}
const STEP_INDEX = new WeakMap<readonly RunStepInfo[], StepIndex>();

function runStepEntry(result: LoadTestResult, stepId: number): { step: RunStepInfo; expected: ReadonlySet<number> } | undefined {
  const steps = result.run.steps;
  let index = STEP_INDEX.get(steps);
  if (index === undefined || index.length !== steps.length) {
    index = { length: steps.length, byId: new Map() };
    for (const step of steps)
      if (!index.byId.has(step.id)) index.byId.set(step.id, { step, expected: new Set(step.expected_status ?? []) });
    STEP_INDEX.set(steps, index);
  }
  return index.byId.get(stepId);
}

/** The run's record of step `stepId` (its name, the statuses it expects), in constant time. */
export function runStep(result: LoadTestResult, stepId: number): RunStepInfo | undefined {
  return runStepEntry(result, stepId)?.step;
}

const NONE_EXPECTED: ReadonlySet<number> = new Set();

/** The error statuses a step's assertions expect, as run.steps records them. */
export function expectedStatuses(result: LoadTestResult, stepId: number): ReadonlySet<number> {
  return runStepEntry(result, stepId)?.expected ?? NONE_EXPECTED;
}

/** A step's name as reports show it: its recorded name, or "step N" when the run has no record of it. */
export function stepDisplayName(result: LoadTestResult, stepId: number): string {
  return runStep(result, stepId)?.name ?? `step ${stepId}`;
}
