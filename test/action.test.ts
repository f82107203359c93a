// The bundled action (dist/index.js) run as GitHub runs it: INPUT_* variables, a pull_request
// event file, summary and output files, and octokit pointed at a local stand-in for the REST API.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstZipEntry, startArtifactStandin } from './helpers/artifact-standin.ts';
import { startGithubStandin, type GithubStandin } from './helpers/github-standin.ts';
import { runNode } from './helpers/process.ts';
import { refusedPort, startTarget, type Target } from './helpers/targets.ts';

let target: Target;
let dir: string;
let definitionPath: string;

beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-action-'));
  definitionPath = join(dir, 'checkout.json');
  writeFileSync(
    definitionPath,
    JSON.stringify({
      name: 'checkout',
      config_data: {
        steps: [
          { id: 1, name: 'home', url: '{{BASE}}/ok' },
          { id: 2, name: 'slow', url: '{{BASE}}/delay/30' },
        ],
        iteration_count: 20,
        duration: 1,
      },
      environment: { name: 'ci', vars: [{ key: 'BASE', value: 'http://127.0.0.1:1' }] },
    }),
  );
  writeFileSync(
    join(dir, 'event.json'),
    JSON.stringify({
      action: 'synchronize',
      number: 7,
      pull_request: { number: 7, head: { sha: 'abc' }, base: { ref: 'main' } },
      repository: { name: 'shop', owner: { login: 'acme' }, full_name: 'acme/shop' },
    }),
  );
});
afterAll(async () => {
  await target.close();
});

interface ActionRun {
  code: number | null;
  stdout: string;
  summary: string;
  outputs: string;
}

function runAction(
  github: GithubStandin,
  inputs: Record<string, string>,
  runId: string,
  extraEnv: Record<string, string> = {},
  entry = 'dist/index.js',
): Promise<ActionRun> {
  const summaryPath = join(dir, `summary-${runId}.md`);
  const outputPath = join(dir, `output-${runId}.txt`);
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_JOB: 'load',
    GITHUB_API_URL: github.url,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    RUNNER_TEMP: dir,
    ...extraEnv,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return runNode([entry], { env }).then((run) => ({
    code: run.code,
    stdout: run.out,
    summary: readFileSync(summaryPath, 'utf8'),
    outputs: readFileSync(outputPath, 'utf8'),
  }));
}

function inputs(thresholds: string): Record<string, string> {
  return {
    test: definitionPath,
    environment: JSON.stringify({ name: 'pr', vars: [{ key: 'BASE', value: target.url }] }),
    thresholds,
    'github-token': 'ghs_secret_token_value',
    'results-file': join(dir, 'results.json'),
    comment: 'true',
  };
}

function output(outputs: string, name: string): string | undefined {
  const match = new RegExp(`^${name}<<(.+)\\n([\\s\\S]*?)\\n\\1$`, 'm').exec(outputs);
  return match?.[2];
}

describe('the bundled action in embedded mode', () => {
  it('creates the sticky comment, then updates the same one; a failing threshold fails the step last', async () => {
    const github = await startGithubStandin({ userForbidden: true });
    const artifacts = await startArtifactStandin();
    try {
      const first = await runAction(github, inputs('p95 < 5s\nfail_rate < 1%'), 'a', { ...artifacts.env, GITHUB_RUN_ID: '4242' });
      expect(first.code).toBe(0);
      expect(github.comments).toHaveLength(1);
      const comment = github.comments[0]!;
      expect(comment.issueNumber).toBe(7);
      expect(comment.body).toContain('loadgate: checkout passed');
      expect(comment.body).toContain('<!-- loadgate:comment');
      expect(first.summary).toContain('loadgate: checkout passed');
      expect(output(first.outputs, 'passed')).toBe('true');
      expect(output(first.outputs, 'iterations')).toBe('20');
      expect(output(first.outputs, 'test-url')).toBe('https://github.com/acme/shop/actions/runs/4242');
      // The web report is uploaded as an artifact and linked from the comment; the results file is
      // the other artifact, under the stable name baseline: auto looks for.
      expect(artifacts.artifacts.map((a) => a.name).sort()).toEqual(['loadgate-report-checkout-load', 'loadgate-results-checkout']);
      const reportArtifact = artifacts.artifacts.find((a) => a.name === 'loadgate-report-checkout-load')!;
      const report = firstZipEntry(reportArtifact.bytes);
      expect(report.name).toBe('results.html');
      expect(report.content.toString()).toContain('checkout');
      expect(comment.body).toContain(`https://github.com/acme/shop/actions/runs/4242/artifacts/${reportArtifact.id}`);
      expect(output(first.outputs, 'comment-url')).toBe(comment.html_url);
      expect(target.countsByPath().get('/delay/30')).toBe(20);
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
      expect(results.results.iteration_count).toBe(20);

      const second = await runAction(github, inputs('step[slow].p95 < 1ms'), 'b');
      expect(second.code).toBe(1);
      expect(github.comments).toHaveLength(1);
      expect(github.comments[0]!.id).toBe(comment.id);
      expect(github.comments[0]!.body).toContain('loadgate: checkout failed');
      expect(second.stdout).toMatch(
        /::error title=loadgate%3A threshold failed,file=.*checkout\.json::step\[slow\]\.p95 < 1 ms: actual \d+(\.\d+)? ms/,
      );
      expect(second.stdout).toContain('::error::loadgate: 1 check failed');
      expect(output(second.outputs, 'passed')).toBe('false');
      // The failure comes after the report was posted.
      expect(second.stdout.indexOf('::error::loadgate: 1 check failed')).toBeGreaterThan(
        second.stdout.indexOf('::error title=loadgate%3A threshold failed'),
      );
      // The token is registered as a secret (the runner masks it) and printed nowhere else.
      const lines = (second.stdout + first.stdout).split('\n').filter((l) => l.includes('ghs_secret_token_value'));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((l) => l === '::add-mask::ghs_secret_token_value')).toBe(true);
    } finally {
      await github.close();
      await artifacts.close();
    }
  });

  it('a token that may not comment leaves a warning; the summary is written and the job passes', async () => {
    const github = await startGithubStandin({ forbidden: true, userForbidden: true });
    try {
      const run = await runAction(github, inputs('p95 < 5s'), 'c');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/::warning::Could not post the PR comment.*403/);
      expect(run.summary).toContain('loadgate: checkout passed');
      expect(github.comments).toHaveLength(0);
    } finally {
      await github.close();
    }
  });

  it('a latency test runs with the load test; its thresholds count in the one verdict', async () => {
    const github = await startGithubStandin({ userForbidden: true });
    try {
      const run = await runAction(
        github,
        {
          ...inputs('p95 < 5s\nlatency.ttfb.p95 < 5s\nlatency[LOCAL.HOST].total.max < 0.001ms'),
          'latency-target': `${target.url}/delay/5`,
          'latency-samples': '3',
          'results-file': join(dir, 'latency-results.json'),
        },
        'e',
      );
      expect(run.code).toBe(1);
      const body = github.comments[0]!.body;
      expect(body).toContain('loadgate: checkout failed — 1 of 6 checks failed: latency\\[LOCAL.HOST\\].total.max');
      expect(body).toContain('LOCAL.HOST');
      expect(run.stdout).toMatch(/::error title=loadgate%3A threshold failed.*::latency\[LOCAL\.HOST\]\.total\.max < 0\.001 ms: actual/);
      const results = JSON.parse(readFileSync(join(dir, 'latency-results.json'), 'utf8'));
      expect(results.run.latency.locations['LOCAL.HOST'].samples).toBe(3);
      expect(results.run.latency.locations['LOCAL.HOST'].phases.ttfb.median).toBeGreaterThanOrEqual(4);
    } finally {
      await github.close();
    }
  });

  it('a secret variable is masked (::add-mask::) and written nowhere: results, summary, comment, outputs', async () => {
    // From the sources: dist/ is rebuilt when the change is merged.
    const github = await startGithubStandin({ userForbidden: true });
    try {
      target.reset();
      const secret = 'sk-action-secret-7';
      const test = join(dir, 'secret.json');
      writeFileSync(
        test,
        JSON.stringify({
          name: 'secret',
          config_data: { steps: [{ id: 1, name: 'api', url: '{{BASE}}/ok?key={{KEY}}' }], iteration_count: 2, duration: 1 },
        }),
      );
      const environment = JSON.stringify({
        name: 'pr',
        vars: [
          { key: 'BASE', value: target.url },
          { key: 'KEY', value: secret, secret: true },
        ],
      });
      const results = join(dir, 'secret-results.json');
      // A busy machine may delay the generator's loop: that is not what this test is about.
      const run = await runAction(
        github,
        { ...inputs('p95 < 5s'), test, environment, 'results-file': results, 'on-saturated': 'warn' },
        'secret',
        {},
        'src/action/action.ts',
      );
      expect(run.code, run.stdout).toBe(0);
      expect(target.received.map((r) => r.url)).toEqual([`/ok?key=${secret}`, `/ok?key=${secret}`]);
      expect(JSON.parse(readFileSync(results, 'utf8')).run.steps[0].url).toBe(`${target.url}/ok?key={{KEY}}`);
      const lines = run.stdout.split('\n').filter((l) => l.includes(secret));
      expect(lines).toEqual([`::add-mask::${secret}`]);
      for (const text of [readFileSync(results, 'utf8'), run.summary, run.outputs, ...github.comments.map((c) => c.body)])
        expect(text).not.toContain(secret);
    } finally {
      await github.close();
    }
  });

  it('a secret without a value (a fork gets no secrets) fails the step before any request; proxy passwords are masked', async () => {
    // From the sources: dist/ is rebuilt when the change is merged.
    const github = await startGithubStandin({ userForbidden: true });
    try {
      target.reset();
      const test = join(dir, 'empty-secret.json');
      writeFileSync(
        test,
        JSON.stringify({
          name: 'empty secret',
          config_data: {
            steps: [{ id: 1, name: 'api', url: '{{BASE}}/ok', headers: { Authorization: 'Bearer {{TOKEN}}' } }],
            iteration_count: 2,
            duration: 1,
          },
        }),
      );
      const environment = JSON.stringify({
        name: 'pr',
        vars: [
          { key: 'BASE', value: target.url },
          { key: 'TOKEN', value: '', secret: true },
        ],
      });
      const proxies = 'US=http://agent:pr0xyPassw0rd@127.0.0.1:1';
      const run = await runAction(github, { ...inputs(''), test, environment, proxies }, 'empty-secret', {}, 'src/action/action.ts');
      expect(run.code).toBe(1);
      expect(target.received).toHaveLength(0);
      expect(run.summary).toContain('the secret variable "TOKEN" has no value, so step 1 "api" would send it empty');
      expect(run.stdout.split('\n').filter((l) => l.includes('pr0xyPassw0rd'))).toEqual(['::add-mask::pr0xyPassw0rd']);
    } finally {
      await github.close();
    }
  });

  it('a service that is down fails the step: passed=false, an error annotation, the summary says why', async () => {
    const github = await startGithubStandin({ userForbidden: true });
    try {
      const down = `http://127.0.0.1:${await refusedPort()}`;
      const run = await runAction(
        github,
        {
          ...inputs('p95 < 500ms'),
          environment: JSON.stringify({ name: 'pr', vars: [{ key: 'BASE', value: down }] }),
          comment: 'false',
        },
        'down',
      );
      expect(run.code).toBe(1);
      expect(output(run.outputs, 'passed')).toBe('false');
      expect(output(run.outputs, 'outcome')).toBe('failed');
      expect(output(run.outputs, 'p95')).toBe('');
      expect(JSON.parse(output(run.outputs, 'checks')!)[0]).toEqual({ check: 'p95 < 500 ms', actual: '— (no response)', passed: false });
      expect(run.stdout).toMatch(/::error title=loadgate%3A threshold failed.*::p95 < 500 ms: actual — \(no response\)/);
      expect(run.stdout).toMatch(
        /::error title=loadgate%3A check failed.*::every step got a successful response: actual none for step 1 \(home\), step 2 \(slow\)/,
      );
      expect(run.summary).toContain('loadgate: checkout failed');
      expect(run.summary).toContain('| p95 < 500 ms | — (no response) | < 500 ms | ❌ failed |');
    } finally {
      await github.close();
    }
  });

  it('a threshold on a step the definition lacks is bad input: nothing sent, passed=false, the summary says why', async () => {
    const github = await startGithubStandin({ userForbidden: true });
    try {
      target.reset();
      const run = await runAction(github, { ...inputs('step[logn].p95 < 1s'), comment: 'false' }, 'typo');
      expect(run.code).toBe(1);
      expect(target.received).toHaveLength(0);
      expect(output(run.outputs, 'passed')).toBe('false');
      expect(run.stdout).toMatch(
        /::error title=loadgate%3A bad input::thresholds line 1: step "logn" is not in the definition; its steps are: 1 home, 2 slow/,
      );
      expect(run.summary).toContain('loadgate: bad input — nothing was sent');
      expect(run.summary).toContain('step "logn" is not in the definition');
    } finally {
      await github.close();
    }
  });

  it('no user text can start a workflow command or notify anyone', async () => {
    const github = await startGithubStandin({ userForbidden: true });
    try {
      const hostile = join(dir, 'hostile.json');
      writeFileSync(
        hostile,
        JSON.stringify({
          name: 'wc\n::error title=pwned::X\n::stop-commands::tok',
          config_data: { steps: [{ id: 1, name: '@someone #12', url: `${target.url}/ok` }], iteration_count: 5, duration: 1 },
        }),
      );
      const run = await runAction(github, { ...inputs(''), test: hostile }, 'hostile');
      expect(run.code, run.stdout).toBe(0);
      const lines = run.stdout.split('\n');
      expect(lines.some((l) => /^\s*::(error title=pwned|stop-commands)/.test(l))).toBe(false);
      expect(run.stdout).toContain('loadgate: running "wc ⏎ ::error title=pwned::X ⏎ ::stop-commands::tok"');
      const body = github.comments.at(-1)!.body;
      expect(body).not.toMatch(/@someone|#12/);
      expect(body).toContain('@\u200bsomeone #\u200b12');
    } finally {
      await github.close();
    }
  });

  it('annotates a broken definition at its line and column', async () => {
    const github = await startGithubStandin({ userForbidden: true });
    try {
      const broken = join(dir, 'broken.json');
      writeFileSync(
        broken,
        '{\n  "name": "x",\n  "config_data": {\n    "steps": [{"id": 1, "name": "a", "url": "http://127.0.0.1:1/"}],\n    "load_type": "zigzag"\n  }\n}\n',
      );
      const schema = await runAction(github, { ...inputs(''), test: broken, comment: 'false' }, 'schema');
      expect(schema.code).toBe(1);
      expect(schema.stdout).toMatch(
        /::error title=loadgate%3A bad input,file=.*broken\.json,line=5,col=5::.*\$\.config_data\.load_type: expected one of linear, incremental, waved/,
      );
      expect(output(schema.outputs, 'passed')).toBe('false');
      writeFileSync(broken, '{\n  "name": "x",\n  "config_data": {,\n}\n');
      const syntax = await runAction(github, { ...inputs(''), test: broken, comment: 'false' }, 'syntax');
      expect(syntax.stdout).toMatch(/::error title=loadgate%3A bad input,file=.*broken\.json,line=3,col=\d+::.*JSON syntax error/);
      expect(syntax.summary).toContain('JSON syntax error');
    } finally {
      await github.close();
    }
  });

  it('bad input fails before any load is sent, naming the input', async () => {
    const github = await startGithubStandin();
    try {
      target.reset();
      const run = await runAction(github, { ...inputs('p95 < 5 parsecs'), 'max-concurrency': 'lots' }, 'd');
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('max-concurrency: expected a whole number of at least 1, got "lots"');
      expect(run.stdout).toMatch(/thresholds line 1, column \d+/);
      expect(target.received).toHaveLength(0);
    } finally {
      await github.close();
    }
  });
});
