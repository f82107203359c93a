// comment: always | on-failure | on-change | never (docs/ci.md). on-change compares the verdict
// and every check's outcome with the state the sticky comment recorded, and leaves the comment
// alone when nothing changed. Against the loopback stand-in of the REST API, asserting the
// requests made.
import { afterEach, describe, expect, it } from 'vitest';
import { getOctokit } from '@actions/github';
import { commentMarker, commentState, shouldWrite, stateOf, upsertCommentWhen } from '../src/github/comment.ts';
import type { CommentWhen } from '../src/settings/github-inputs.ts';
import { getInputs } from '../src/action/inputs.ts';
import { startGithubStandin, type GithubStandin } from './helpers/github-standin.ts';
import type { Check } from '../src/types.ts';

const MARKER = commentMarker('checkout', 'load');
const target = { owner: 'acme', repo: 'shop', issueNumber: 7, marker: MARKER };

const check = (describe: string, passed: boolean, actual = '1 ms'): Check => ({ kind: 'threshold', describe, actual, passed });
const judged = (checks: Check[]) => ({ outcome: checks.every((c) => c.passed) ? ('passed' as const) : ('failed' as const), checks });

let standin: GithubStandin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

/** One run's comment as the action writes it: the report, its state, the mode's decision. */
async function post(s: GithubStandin, when: CommentWhen, checks: Check[], body: string) {
  const judgement = judged(checks);
  const state = commentState(judgement);
  const failed = judgement.outcome !== 'passed';
  return upsertCommentWhen(getOctokit('t', { baseUrl: s.url }), { ...target, body, state }, (existing) =>
    shouldWrite(when, failed, state, existing),
  );
}

const writes = (s: GithubStandin) => s.requests.filter((r) => r.method === 'POST' || r.method === 'PATCH').map((r) => r.method);

describe('the state on-change compares', () => {
  it("changes with the verdict or a check's outcome, not with the figures", () => {
    const base = commentState(judged([check('p95 < 500 ms', true, '120 ms')]));
    expect(commentState(judged([check('p95 < 500 ms', true, '180 ms')]))).toBe(base);
    expect(commentState(judged([check('p95 < 500 ms', false, '620 ms')]))).not.toBe(base);
    expect(commentState(judged([check('p95 < 500 ms', true), check('p99 < 1 s', true)]))).not.toBe(base);
    expect(stateOf(`${MARKER}\n<!-- loadgate:state ${base} -->\nreport`)).toBe(base);
  });
});

describe('comment modes against the stand-in', () => {
  it('on-change: created on the first run, left alone while nothing changed, updated when an outcome changed', async () => {
    const s = (standin = await startGithubStandin());
    const first = await post(s, 'on-change', [check('p95 < 500 ms', true, '120 ms')], 'run 1');
    expect(first?.action).toBe('created');
    const second = await post(s, 'on-change', [check('p95 < 500 ms', true, '180 ms')], 'run 2');
    expect(second).toEqual({ action: 'unchanged', id: first!.id, url: first!.url });
    expect(writes(s)).toEqual(['POST']);
    expect(s.comments[0]!.body).toContain('run 1');
    const third = await post(s, 'on-change', [check('p95 < 500 ms', false, '620 ms')], 'run 3');
    expect(third?.action).toBe('updated');
    expect(writes(s)).toEqual(['POST', 'PATCH']);
    expect(s.comments).toHaveLength(1);
    expect(s.comments[0]!.body).toBe(`${MARKER}\n<!-- loadgate:state ${commentState(judged([check('p95 < 500 ms', false)]))} -->\nrun 3`);
  });

  it('on-failure: nothing while runs pass; a failure posts; a later pass keeps that comment current', async () => {
    const s = (standin = await startGithubStandin());
    expect(await post(s, 'on-failure', [check('p95 < 500 ms', true)], 'pass')).toBeUndefined();
    expect(writes(s)).toEqual([]);
    expect((await post(s, 'on-failure', [check('p95 < 500 ms', false)], 'fail'))?.action).toBe('created');
    expect((await post(s, 'on-failure', [check('p95 < 500 ms', true)], 'fixed'))?.action).toBe('updated');
    expect(s.comments[0]!.body).toContain('fixed');
  });

  it('always writes every run; never and false turn the comment off', async () => {
    const s = (standin = await startGithubStandin());
    await post(s, 'always', [check('p95 < 500 ms', true)], 'one');
    await post(s, 'always', [check('p95 < 500 ms', true)], 'two');
    expect(writes(s)).toEqual(['POST', 'PATCH']);
    const read = (comment: string) => (name: string) => ({ test: 'load.json', comment })[name] ?? '';
    expect(getInputs(read('never'))).toMatchObject({ comment: false, commentWhen: 'never' });
    expect(getInputs(read('false'))).toMatchObject({ comment: false, commentWhen: 'never' });
    expect(getInputs(read(''))).toMatchObject({ comment: true, commentWhen: 'always' });
    expect(getInputs(read('on-change'))).toMatchObject({ comment: true, commentWhen: 'on-change' });
  });
});
