import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getOctokit } from '@actions/github';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GITHUB_ACTIONS_BOT, commentBudget, commentBody, commentMarker, isOurComment, upsertComment } from '../src/github/comment.ts';
import { GITHUB_COMMENT_LIMIT } from '../src/report/markdown.ts';
import { pullRequestFromEvent, runUrl } from '../src/github/context.ts';
import { publishReport, type PublishOptions } from '../src/github/publish.ts';
import { startGithubStandin, type GithubStandin, type SeedComment } from './helpers/github-standin.ts';
import { captureStdout } from './helpers/action-log.ts';
import { neutralise } from '../src/github/log.ts';

const BOT = { login: GITHUB_ACTIONS_BOT, type: 'Bot' as const };
const HUMAN = { login: 'octocat', type: 'User' as const };
const MARKER = commentMarker('checkout', 'load');
const target = { owner: 'acme', repo: 'shop', issueNumber: 7 };
const prPayload = { pull_request: { number: 7 }, repository: { name: 'shop', owner: { login: 'acme' } } };

let standin: GithubStandin | undefined;
async function standinWith(options: Parameters<typeof startGithubStandin>[0] = {}): Promise<GithubStandin> {
  standin = await startGithubStandin(options);
  return standin;
}
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const octokitFor = (s: GithubStandin) => getOctokit('t0ken', { baseUrl: s.url });
const othersComments = (n: number): SeedComment[] =>
  Array.from({ length: n }, (_, i) => ({ issueNumber: 7, body: `comment ${i}`, user: i % 2 ? HUMAN : BOT }));

describe('commentMarker', () => {
  it('names the test and job in a hidden HTML comment', () => {
    expect(MARKER).toBe('<!-- loadgate:comment test="checkout" job="load" -->');
  });

  it('stays one well-formed HTML comment and distinct for any names', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, job) => {
        const marker = commentMarker(a, job);
        const inner = marker.slice('<!--'.length, -'-->'.length);
        expect(inner).not.toContain('--');
        expect(inner).not.toMatch(/[\r\n>]/);
        expect(inner.match(/"/g)).toHaveLength(4);
        if (a !== b) expect(commentMarker(b, job)).not.toBe(marker);
      }),
    );
    expect(commentMarker('a"-->b', 'j')).toBe('<!-- loadgate:comment test="a%22%2D-%3Eb" job="j" -->');
    expect(commentMarker('a---b', 'j')).toBe('<!-- loadgate:comment test="a%2D%2D-b" job="j" -->');
  });
});

describe('isOurComment', () => {
  const ours = { body: `report\n${MARKER}`, user: BOT };

  it('needs the marker and the token identity', () => {
    expect(isOurComment(ours, MARKER, undefined)).toBe(true);
    expect(isOurComment({ ...ours, body: 'report' }, MARKER, undefined)).toBe(false);
    expect(isOurComment(ours, commentMarker('checkout', 'other-job'), undefined)).toBe(false);
    expect(isOurComment({ body: MARKER, user: { login: 'alice' } }, MARKER, 'alice')).toBe(true);
  });

  it('never takes a human comment that quotes the marker', () => {
    expect(isOurComment({ body: MARKER, user: HUMAN }, MARKER, undefined)).toBe(false);
    expect(isOurComment({ body: MARKER, user: HUMAN }, MARKER, 'alice')).toBe(false);
    expect(isOurComment({ body: MARKER, user: null }, MARKER, undefined)).toBe(false);
    // A known PAT identity is not github-actions[bot], so the bot's comments are not ours.
    expect(isOurComment(ours, MARKER, 'alice')).toBe(false);
  });
});

describe('commentBody', () => {
  it('puts the marker first, and refuses a report that was not fitted to the comment', () => {
    expect(commentBody('hello', MARKER)).toBe(`${MARKER}\nhello`);
    const fitted = 'x'.repeat(commentBudget(MARKER));
    expect(commentBody(fitted, MARKER)).toHaveLength(GITHUB_COMMENT_LIMIT);
    expect(() => commentBody(`${fitted}x`, MARKER)).toThrow(/more than the comment's/);
  });
});

describe('upsertComment against the stand-in', () => {
  it('creates the comment when there is none, then updates the same one', async () => {
    const s = await standinWith();
    const octokit = octokitFor(s);
    const first = await upsertComment(octokit, { ...target, marker: MARKER, body: 'run 1' });
    expect(first.action).toBe('created');
    expect(first.url).toBe(`https://github.com/acme/shop/pull/7#issuecomment-${first.id}`);
    expect(s.requests.find((r) => r.method === 'POST')?.authorization).toBe('token t0ken');

    const second = await upsertComment(octokit, { ...target, marker: MARKER, body: 'run 2' });
    expect(second).toEqual({ action: 'updated', id: first.id, url: first.url });
    expect(s.comments).toHaveLength(1);
    expect(s.comments[0]?.body).toBe(`${MARKER}\nrun 2`);
    expect(s.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([`/repos/acme/shop/issues/comments/${first.id}`]);
  });

  it('finds our comment beyond the first page', async () => {
    const seed = othersComments(250);
    seed[240] = { issueNumber: 7, body: `old report\n${MARKER}`, user: BOT };
    const s = await standinWith({ comments: seed });
    const result = await upsertComment(octokitFor(s), { ...target, marker: MARKER, body: 'new report' });
    expect(result.action).toBe('updated');
    expect(result.id).toBe(s.comments[240]?.id);
    expect(s.comments).toHaveLength(250);
    const pages = s.requests.filter((r) => r.method === 'GET').map((r) => [r.query.page ?? '1', r.query.per_page]);
    expect(pages).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
  });

  it('never edits a human comment that contains the marker', async () => {
    const s = await standinWith({ comments: [...othersComments(3), { issueNumber: 7, body: `see ${MARKER}`, user: HUMAN }] });
    const result = await upsertComment(octokitFor(s), { ...target, marker: MARKER, body: 'report' });
    expect(result.action).toBe('created');
    expect(s.comments[3]?.body).toBe(`see ${MARKER}`);
    expect(s.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('keeps one comment per test name', async () => {
    const s = await standinWith();
    const octokit = octokitFor(s);
    for (const run of [1, 2]) {
      for (const name of ['checkout', 'search']) {
        await upsertComment(octokit, { ...target, marker: commentMarker(name, 'load'), body: `${name} run ${run}` });
      }
    }
    expect(s.comments.map((c) => c.body)).toEqual([
      `${commentMarker('checkout', 'load')}\ncheckout run 2`,
      `${commentMarker('search', 'load')}\nsearch run 2`,
    ]);
  });
});

describe('publishReport', () => {
  let dir: string;
  const saved = { ...process.env };
  const runnerFiles = ['GITHUB_STEP_SUMMARY', 'GITHUB_OUTPUT', 'GITHUB_API_URL'];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadgate-github-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  // When these tests run inside Actions, the runner's own files must not receive test output.
  beforeEach(() => {
    for (const key of runnerFiles) delete process.env[key];
  });
  afterEach(() => {
    for (const key of runnerFiles) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  const options = (s: GithubStandin | undefined, overrides: Partial<PublishOptions['comment']> = {}): PublishOptions => ({
    markdown: '## loadgate: passed',
    outputs: { passed: 'true', p95: '182' },
    annotations: [
      { message: 'p95 182 ms > 150 ms', title: 'Threshold failed', file: 'tests/checkout.json', line: 3 },
      { message: 'step[a] head/base p95 <= 1.10: actual 1.05 (0.90–1.30), inconclusive', level: 'warning', title: 'loadgate: warning' },
    ],
    comment: {
      enabled: true,
      token: 'ghs_secret',
      testName: 'checkout',
      job: 'load',
      eventName: 'pull_request',
      eventPayload: prPayload,
      ...(s ? { apiUrl: s.url } : {}),
      ...overrides,
    },
  });

  async function withFiles(): Promise<{ summary: string; output: string }> {
    const summary = join(dir, 'summary.md');
    const output = join(dir, `output-${Math.random()}`);
    await writeFile(summary, '');
    await writeFile(output, '');
    process.env.GITHUB_STEP_SUMMARY = summary;
    process.env.GITHUB_OUTPUT = output;
    return { summary, output };
  }

  // core.summary remembers its file after the first successful write, so this runs first.
  it('warns, and goes on, when there is no job summary file', async () => {
    const s = await standinWith({ userForbidden: true });
    const { result } = await captureStdout(() => publishReport(options(s)));
    expect(result.warnings).toEqual([expect.stringContaining('Could not write the job summary')]);
    expect(result.commentUrl).toMatch(/#issuecomment-\d+$/);
  });

  it('writes summary, outputs, annotations and the comment', async () => {
    const files = await withFiles();
    const s = await standinWith({ userForbidden: true });
    // No apiUrl: GITHUB_API_URL is read at call time, as on a runner.
    process.env.GITHUB_API_URL = s.url;
    const { result, out } = await captureStdout(() => publishReport(options(undefined)));

    expect(result).toEqual({ commentUrl: s.comments[0]?.html_url, warnings: [] });
    expect(s.comments).toHaveLength(1);
    expect(s.requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /user');
    expect(await readFile(files.summary, 'utf8')).toContain('## loadgate: passed');
    expect(parseOutputs(await readFile(files.output, 'utf8'))).toEqual({
      passed: ['true'],
      p95: ['182'],
      'comment-url': [s.comments[0]?.html_url],
    });
    expect(out.split('\n')).toContain('::error title=Threshold failed,file=tests/checkout.json,line=3::p95 182 ms > 150 ms');
    // A check that only warns is a warning annotation, not an error one.
    expect(out.split('\n')).toContain(
      '::warning title=loadgate%3A warning::step[a] head/base p95 <= 1.10: actual 1.05 (0.90–1.30), inconclusive',
    );
    expect(out.startsWith('::add-mask::ghs_secret\n')).toBe(true);
    expect(out.split('ghs_secret')).toHaveLength(2);
  });

  it('turns a 403 into a warning and sets no comment-url', async () => {
    const files = await withFiles();
    const s = await standinWith({ userForbidden: true, forbidden: true });
    const { result, out } = await captureStdout(() => publishReport(options(s)));
    expect(result.commentUrl).toBeUndefined();
    expect(result.warnings).toEqual([
      'Could not post the PR comment: Resource not accessible by integration (403). On pull requests from forks the token ' +
        'is read-only: post from a workflow_run workflow with mode: publish (docs/ci.md, Forks), or set comment: false. ' +
        'Otherwise give the job "permissions: pull-requests: write".',
    ]);
    expect(out).toContain('::warning::Could not post the PR comment: Resource not accessible by integration (403).');
    expect(parseOutputs(await readFile(files.output, 'utf8'))).toEqual({ passed: ['true'], p95: ['182'] });
  });

  it('posts as the token user when GET /user answers, leaving the bot comment alone', async () => {
    await withFiles();
    const s = await standinWith({ login: 'alice', comments: [{ issueNumber: 7, body: MARKER, user: BOT }] });
    const { result } = await captureStdout(() => publishReport(options(s)));
    expect(result.warnings).toEqual([]);
    expect(s.comments.map((c) => c.user.login)).toEqual([GITHUB_ACTIONS_BOT, 'alice']);
    expect(s.comments[0]?.body).toBe(MARKER);
  });

  it('gives up a stalled API after the request timeout', async () => {
    await withFiles();
    const s = await standinWith({ stall: true });
    // A stand-in that never answers: only the request timeout can end this call (else the test times out).
    const { result } = await captureStdout(() => publishReport(options(s, { requestTimeoutMs: 200 })));
    expect(result.warnings).toEqual([expect.stringContaining('the GitHub API could not be reached')]);
  });

  it('posts nothing outside pull requests, when disabled, or without a token', async () => {
    await withFiles();
    const s = await standinWith();
    const push = await captureStdout(() => publishReport(options(s, { eventName: 'push', eventPayload: { ref: 'refs/heads/main' } })));
    const off = await captureStdout(() => publishReport(options(s, { enabled: false })));
    const noToken = await captureStdout(() => publishReport(options(s, { token: undefined })));
    expect(s.requests).toEqual([]);
    expect(push.result).toEqual({ warnings: [] });
    expect(off.result).toEqual({ warnings: [] });
    expect(noToken.result.warnings).toEqual([expect.stringContaining('github-token is empty')]);
  });
});

describe('context', () => {
  it('reads the pull request of pull_request and pull_request_target events only', () => {
    const ref = { owner: 'acme', repo: 'shop', number: 7 };
    expect(pullRequestFromEvent('pull_request', prPayload)).toEqual(ref);
    expect(pullRequestFromEvent('pull_request_target', prPayload)).toEqual(ref);
    expect(pullRequestFromEvent('push', { ...prPayload, ref: 'refs/heads/main' })).toBeNull();
    expect(pullRequestFromEvent('pull_request', { repository: prPayload.repository })).toBeNull();
    expect(pullRequestFromEvent('pull_request', undefined)).toBeNull();
  });

  it('links to the run and to a re-run attempt', () => {
    const env = { GITHUB_SERVER_URL: 'https://ghe.example', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '42' };
    expect(runUrl(env)).toBe('https://ghe.example/acme/shop/actions/runs/42');
    expect(runUrl({ ...env, GITHUB_RUN_ATTEMPT: '1' })).toBe('https://ghe.example/acme/shop/actions/runs/42');
    expect(runUrl({ ...env, GITHUB_RUN_ATTEMPT: '3' })).toBe('https://ghe.example/acme/shop/actions/runs/42/attempts/3');
    expect(runUrl({ GITHUB_REPOSITORY: 'acme/shop' })).toBeUndefined();
  });
});

/** GITHUB_OUTPUT as written by @actions/core 3: `name<<delimiter`, value lines, `delimiter`. */
function parseOutputs(text: string): Record<string, string[]> {
  const outputs: Record<string, string[]> = {};
  for (const m of text.matchAll(/^(.+?)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm)) {
    const [, name = '', , value = ''] = m;
    (outputs[name] ??= []).push(value);
  }
  return outputs;
}

describe('neutralise', () => {
  it('keeps user text on one line that never starts a workflow command', () => {
    expect(neutralise('a\n::error::x\r\n::stop-commands::t')).toBe('a ⏎ ::error::x ⏎ ::stop-commands::t');
    expect(neutralise('::warning::x')).toBe(':\u200b:warning::x');
    expect(neutralise('  ::add-mask::x')).toBe('  :\u200b:add-mask::x');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = neutralise(text);
        expect(out).not.toMatch(/[\r\n]/);
        expect(out).not.toMatch(/^\s*::/);
      }),
    );
  });
});
