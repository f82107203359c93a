// The run's steps looked up by id (src/results/run-steps.ts): once per result rather than once per
// step, which kept `run --history` of large definitions quadratic; and afresh for a result whose
// steps grew since.
import { describe, expect, it } from 'vitest';
import { expectedStatuses, runStep, stepDisplayName } from '../src/results/run-steps.ts';
import { makeResult } from './helpers/result-fixture.ts';

describe('runStep and expectedStatuses', () => {
  it("find each step's record and the error statuses its assertions expect, the first of a repeated id", () => {
    const result = makeResult({ steps: ['a', 'b', 'c'] });
    result.run.steps[1]!.expected_status = [404];
    result.run.steps.push({ id: 2, name: 'b again', method: 'GET', url: '/', expected_status: [500] });
    expect(runStep(result, 2)?.name).toBe('b');
    expect([...expectedStatuses(result, 2)]).toEqual([404]);
    expect(expectedStatuses(result, 1).size).toBe(0);
    expect(runStep(result, 99)).toBeUndefined();
    expect(expectedStatuses(result, 99).size).toBe(0);
  });

  it('read a steps array that grew after it was first looked up', () => {
    const result = makeResult({ steps: ['a'] });
    expect(runStep(result, 7)).toBeUndefined();
    result.run.steps.push({ id: 7, name: 'late', method: 'GET', url: '/', expected_status: [409] });
    expect(runStep(result, 7)?.name).toBe('late');
    expect([...expectedStatuses(result, 7)]).toEqual([409]);
  });

  it('name a step by its record, and one the run has no record of by its id', () => {
    const result = makeResult({ steps: ['login'] });
    expect(stepDisplayName(result, 1)).toBe('login');
    expect(stepDisplayName(result, 5)).toBe('step 5');
  });
});
