// The verdict as users meet it (docs/verdict.md): the CLI against real loopback targets. Each
// case here once said ✔ on a broken run; each must now fail, or be refused before any request.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService } from './helpers/fake-service.ts';
import { judgementFor } from './helpers/judgement.ts';
import { runCli, runNode } from './helpers/process.ts';
import { markdownOf } from './helpers/report.ts';
import { refusedPort, startTarget, type Target } from './helpers/targets.ts';
import type { LoadTestResult } from '../src/types.ts';

let target: Target;
let dir: string;
beforeAll(async () => {
  target = await startTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-verdict-'));
});
afterAll(async () => {
  await target.close();
});

const loadgate = runCli;

function definition(name: string, steps: Record<string, unknown>[], config: Record<string, unknown> = {}): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      name,
      config_data: { steps: steps.map((s, i) => ({ id: i + 1, name: `s${i + 1}`, ...s })), iteration_count: 10, duration: 1, ...config },
    }),
  );
  return path;
}

function results(name: string): string {
  return join(dir, `${name}-results.json`);
}

describe('no data is never a pass', () => {
  it('a service that is down fails, with "no response" where the statistics would be', async () => {
    const port = await refusedPort();
    const file = definition('down', [{ name: 'a', url: `http://127.0.0.1:${port}/` }], { iteration_count: 5 });
    const run = await loadgate(['run', file, '--thresholds', 'p95 < 500ms', '--results-file', results('down')]);
    expect(run.code, run.out).toBe(1);
    expect(run.stdout).toContain('✘ loadgate: down failed');
    expect(run.stdout).toMatch(/✘ FAIL\s+p95 < 500 ms\s+actual — \(no response\)/);
    expect(run.stdout).toMatch(/✘ FAIL\s+every step got a successful response\s+actual none for step 1 \(a\)/);
    expect(run.stdout).toContain('response times — (no response)');
    const html = readFileSync(join(dir, 'down-results.html'), 'utf8');
    expect(html).toContain('data-verdict="failed"');
  });

  it('a step answered 404 every time fails, and a step with some 500s fails the default threshold', async () => {
    target.reset();
    const file = definition(
      'errors',
      [
        { name: 'missing', url: `${target.url}/nope` },
        { name: 'flaky', url: `${target.url}/flaky` },
      ],
      { iteration_count: 30 },
    );
    const run = await loadgate(['run', file, '--results-file', results('errors')]);
    expect(run.code, run.out).toBe(1);
    expect(run.stdout).toMatch(/✘ FAIL\s+step\[\*\]\.http_fail_rate < 1 % \(default\)\s+actual 100 % at step 1 \(missing\)/);
    expect(run.stdout).toMatch(/flaky .* 200, 500 ×10/);
    expect(run.stdout).toMatch(/missing .* 404 ×30/);
  });

  it('a healthy service with a step whose assertion expects a 404 passes with the defaults on', async () => {
    const file = definition('healthy', [
      { name: 'home', url: `${target.url}/ok` },
      { name: 'gone', url: `${target.url}/nope`, assertion: ['equals(status_code,404)'] },
    ]);
    const run = await loadgate(['run', file, '--results-file', results('healthy')]);
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).toMatch(/✔ pass\s+step\[\*\]\.http_fail_rate < 1 % \(default\)\s+actual 0 %/);
    const written = JSON.parse(readFileSync(results('healthy'), 'utf8'));
    expect(written.run.steps[1].expected_status).toEqual([404]);
  });

  it("--no-default-thresholds leaves only the user's thresholds and the no-data check", async () => {
    const file = definition('nodefault', [{ name: 'flaky', url: `${target.url}/flaky` }], { iteration_count: 30 });
    const run = await loadgate(['run', file, '--no-default-thresholds', '--results-file', results('nodefault')]);
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).not.toContain('(default)');
  });
});

describe('a stopped run never passes', () => {
  it('SIGINT: partial results written and marked, exit 130', async () => {
    const file = definition('stopped', [{ name: 'slow', url: `${target.url}/delay/20` }], { iteration_count: 400, duration: 4 });
    const once = await loadgate(['run', file, '--results-file', results('stopped')], (out) => out.includes('[1/4 s]'));
    expect(once.code, once.out).toBe(130);
    expect(once.stdout).toContain('stopped early by SIGINT — results are partial, so this is not a pass');
    expect(JSON.parse(readFileSync(results('stopped'), 'utf8')).run.interrupted).toBe(true);
  });

  it('SIGINT with requests in flight on two threads: each is cancelled at once', async () => {
    const hang = definition('hang', [{ name: 'hang', url: `${target.url}/hang`, timeout: 60 }], { iteration_count: 10, duration: 1 });
    target.reset();
    // On two engine threads: the signal reaches both, and their cancelled requests add up. The
    // step timeout is a minute and the test's 30 s: only the stop can have ended these requests.
    const stopped = await runNode(['src/cli/entry.ts', 'run', hang, '--workers', '2', '--results-file', results('hang')], {
      interruptWhen: () => target.received.filter((r) => r.path === '/hang').length >= 10,
    });
    expect(stopped.code, stopped.out).toBe(130);
    const written = JSON.parse(readFileSync(results('hang'), 'utf8'));
    expect(written.run.interrupted).toBe(true);
    expect(written.results.steps[0].error_dist).toEqual({ cancelled: 10 });
  });

  it('a second SIGINT exits at once, without the results, when the stop waits on a service', async () => {
    const service = await startFakeService({ statuses: ['running'] });
    // The service never answers its stop: the hosted client would wait for it.
    service.script('GET /v1/load/test/lt-1/stop/', { hang: true });
    try {
      const file = definition('hosted-stop', [{ name: 'a', url: `${target.url}/ok` }]);
      let signals = 0;
      const run = await runNode(
        ['src/cli/entry.ts', 'run', file, '--api-url', service.url, '--api-key', 'k', '--results-file', results('hosted-stop')],
        {
          // Again once the client says it is stopping the hosted test: it then waits for the stop's answer.
          interruptWhen: (out) => {
            const due =
              signals === 0 ? service.count('GET /v1/load/test/lt-1/') > 0 : signals === 1 && out.includes('stopping hosted test lt-1');
            if (due) signals++;
            return due;
          },
          repeatInterrupt: true,
        },
      );
      expect(run.code, run.out).toBe(130);
      expect(run.stderr).toContain('SIGINT again: exiting without the results');
      expect(existsSync(results('hosted-stop'))).toBe(false);
    } finally {
      await service.close();
    }
  });
});

describe('everything that can be checked before the load is', () => {
  it('a misspelt step or a location the run cannot have: exit 2, nothing sent', async () => {
    target.reset();
    const file = definition('typo', [{ name: 'login', url: `${target.url}/ok` }], { iteration_count: 2500, duration: 5 });
    // Both are found in one run: every threshold is checked against the definition before any request.
    const named = await loadgate(['run', file, '--thresholds', 'step[logn].p95 < 1s', '--thresholds', 'location[DE].avg <= 300']);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('--thresholds #1: step "logn" is not in the definition; its steps are: 1 login');
    expect(named.stderr).toContain('--thresholds #2: location "DE" will not be in the results; they will have: local');
    const validate = await loadgate(['validate', file, '--thresholds', 'step[logn].p95 < 1s']);
    expect(validate.code).toBe(2);
    expect((await loadgate(['validate', file, '--thresholds', 'step[login].p99.9 < 1s'])).stdout).toContain('valid (and 1 threshold)');
    const rate = await loadgate(['run', file, '--thresholds', 'fail_rate < 0.01']);
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain('write 0.01% for 0.01 %, or 1% if 0.01 is a fraction');
    expect(target.received).toHaveLength(0);
  });

  it('a comparison that can never find a regression is refused, naming the minimum rounds', async () => {
    target.reset();
    const steps = [1, 2, 3, 4, 5].map((n) => ({ name: `s${n}`, url: `${target.url}/ok?${n}` }));
    const file = definition('compare5', steps);
    const env = JSON.stringify({ name: 'e', vars: [] });
    // The default budget (3 × rounds) makes 3 looks, each at 0.05 / 3: 5 steps need 6 rounds.
    const run = await loadgate(['compare', file, '--environment', env, '--compare-environment', env, '--rounds', '4']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--rounds: 4 rounds can never show a significant slowdown across 5 steps');
    expect(run.stderr).toContain('use at least 6, or a smaller max-rounds (fewer looks)');
    // Without extension, one look at 0.05: 5 rounds are enough.
    const once = await loadgate([
      'compare',
      file,
      '--environment',
      env,
      '--compare-environment',
      env,
      '--rounds',
      '4',
      '--max-rounds',
      '4',
    ]);
    expect(once.code).toBe(2);
    expect(once.stderr).toContain("(the smallest p after Holm's correction would be 0.071, not below 0.05); use at least 5\n");
    expect(target.received).toHaveLength(0);
  });
});

describe('a generator that cannot keep up says so, and the run fails', () => {
  it('asked for far more than this machine can send: on time, saturated, exit 1', async () => {
    const file = definition('flood', [{ name: 'home', url: `${target.url}/ok` }]);
    const run = await loadgate(['run', file, '--rate', '300000', '--duration', '1', '--results-file', results('flood')]);
    expect(run.code, run.out).toBe(1);
    expect(run.stdout).toMatch(/✘ FAIL\s+the load generator kept up with the plan\s+actual saturated: /);
    const written = JSON.parse(readFileSync(results('flood'), 'utf8'));
    expect(written.run.generator.saturated).toBe(true);
    expect(written.run.generator.applied_iterations_per_s).toBeLessThan(written.run.generator.planned_iterations_per_s);
    // The schedule ends a second after its planned end, whatever was asked.
    expect(written.run.interrupted).toBe(false);
    expect(written.results.iteration_count).toBeLessThan(300000);
  });
});

describe('any percentile, and limits relative to a baseline', () => {
  it("judges p99.9 from the run's histograms and p95 against the baseline", async () => {
    const file = definition('percentiles', [{ name: 'home', url: `${target.url}/ok` }], { iteration_count: 20 });
    const base = await loadgate(['run', file, '--results-file', results('base')]);
    expect(base.code, base.out).toBe(0);
    const run = await loadgate([
      'run',
      file,
      '--results-file',
      results('percentiles'),
      '--baseline',
      results('base'),
      '--thresholds',
      'p99.9 < 10s',
      '--thresholds',
      'step[home].p75 < 10s',
      '--thresholds',
      'max < baseline + 100000%',
    ]);
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).toMatch(/✔ pass\s+p99\.9 < 10000 ms\s+actual [\d.]+ ms/);
    // Both sides from their histograms, to the microsecond (docs/verdict.md).
    expect(run.stdout).toMatch(/✔ pass\s+max < baseline \+ 100000%\s+actual [\d.]+ ms\s+limit < [\d,.]+ ms \(baseline \+ 100000%\)/);
  });
});

describe('an HTTP error is an error everywhere a person looks', () => {
  const README_THRESHOLDS = ['p95 < 500ms', 'fail_rate < 1%'];
  let flaky: Target;
  let answered = 0;
  beforeAll(async () => {
    // Every second request answers 500: half the service's answers are errors, none a transport failure.
    flaky = await startTarget({
      handler: (_req, res) => {
        answered += 1;
        res.statusCode = answered % 2 === 0 ? 500 : 200;
        res.end(answered % 2 === 0 ? 'broken' : 'ok');
        return true;
      },
    });
  });
  afterAll(async () => {
    await flaky.close();
  });

  async function runFlaky(name: string, thresholds: string[]) {
    answered = 0;
    const file = definition(name, [{ name: 'flaky', url: `${flaky.url}/flaky` }], { iteration_count: 40, duration: 2 });
    // The generator's own check only warns here: this is about what the service did, not the runner's load.
    const args = ['run', file, '--results-file', results(name), '--on-saturated', 'warn'];
    const run = await loadgate([...args, ...thresholds.flatMap((t) => ['--thresholds', t])]);
    const written = JSON.parse(readFileSync(results(name), 'utf8')) as LoadTestResult;
    const html = readFileSync(join(dir, `${name}-results.html`), 'utf8');
    const markdown = markdownOf({ result: written, judgement: judgementFor(written, thresholds.join('\n'), { defaults: true }) });
    return { run, written, html, markdown };
  }

  /** What every surface shows of 20 HTTP errors in 40 requests. */
  function expectErrorsShown({ run, written, html, markdown }: Awaited<ReturnType<typeof runFlaky>>) {
    expect(written.results.steps[0]!.status_code_dist).toEqual({ '200': 20, '500': 20 });
    // The 2.5 fields keep their meaning: a status code alone never fails an iteration.
    expect(written.results.fail_count).toBe(0);
    expect(written.run.series.reduce((n, s) => n + s.errors!, 0)).toBe(20);
    // Terminal: headline, Overall, the Steps row, the top errors; the progress line's errors add up.
    // The rate is over the seconds the starts took (docs/results.md, "Rates"): a last start late on a busy machine reads 19.9.
    expect(run.stdout.split('\n')[1]).toMatch(/40 requests \([\d.]+ req\/s\) · 20 HTTP errors \(50 %\)/);
    expect(run.stdout).toMatch(/^ {2}requests 40 · 20 HTTP errors \(50 %\) · /m);
    expect(run.stdout).toMatch(/^ {2}1 +flaky +GET \/flaky +40 +20 +50 % +200, 500 ×20 /m);
    expect(run.stdout).toMatch(/^ {2}20 {2}HTTP 500 {2}\(step 1 flaky, 127\.0\.0\.1:\d+\)$/m);
    const perSecond = [...run.stderr.matchAll(/(\d+) errors\/s/g)].map((m) => Number(m[1]));
    expect(perSecond.reduce((a, b) => a + b, 0)).toBe(20);
    // Web report: the tiles, the Steps row, the errors table and the timeline's errors.
    expect(html).toContain(
      '<span class="card-label">Errors</span><span class="card-value">20</span><span class="card-sub">20 HTTP errors</span>',
    );
    expect(html).toMatch(/<span class="card-label">Error rate \(http_fail_rate\)<\/span><span class="card-value">50 %/);
    expect(html).toContain('<td class="num">40</td><td class="num"><span class="status-error">20</span></td><td class="num">50 %</td>');
    expect(html).toContain('<td>flaky</td><td>HTTP 500</td><td>HTTP error</td><td class="num">20</td>');
    expect(html).not.toContain('No errors.');
    expect(html).toMatch(/data-series="errors" d="[^"]*[1-9]/);
    // Markdown (PR comment, job summary, check run): headline, Overall, Steps, errors.
    expect(markdown).toContain('· 20 HTTP errors (50 %) ·');
    expect(markdown).toContain('| Errors | **20** (20 HTTP errors) |');
    expect(markdown).toContain('| Error rate (http\\_fail\\_rate) | **50 %** |');
    expect(markdown).toMatch(/\| 1 \| flaky \| GET \/flaky \| 40 \| \*\*20\*\* \| 50 % \|/);
    expect(markdown).toContain('| flaky | HTTP 500 | 20 |');
  }

  it("fails with the README's thresholds (p95 < 500ms, fail_rate < 1%): the default http_fail_rate stays on", async () => {
    const flakyRun = await runFlaky('flaky-readme', README_THRESHOLDS);
    const { run, html } = flakyRun;
    expect(run.code, run.out).toBe(1);
    expect(run.stdout).toMatch(/✔ pass\s+fail_rate < 1 %\s+actual 0 %/);
    expect(run.stdout).toMatch(/✘ FAIL\s+step\[\*\]\.http_fail_rate < 1 % \(default\)\s+actual 50 % at step 1 \(flaky\)/);
    expect(run.stdout).toContain('! fail_rate counts failed iterations (no response, a failed assertion), not HTTP errors');
    expect(html).toContain('data-verdict="failed"');
    expectErrorsShown(flakyRun);
  });

  it('passes with http_fail_rate < 60%, and still shows the errors', async () => {
    const flakyRun = await runFlaky('flaky-tolerated', ['p95 < 500ms', 'http_fail_rate < 60%']);
    const { run, html } = flakyRun;
    expect(run.code, run.out).toBe(0);
    expect(run.stdout).toMatch(/✔ pass\s+http_fail_rate < 60 %\s+actual 50 %/);
    expect(run.stdout).not.toContain('(default)');
    expect(run.stdout).not.toContain('fail_rate counts failed iterations');
    expect(html).toContain('data-verdict="passed"');
    expectErrorsShown(flakyRun);
  });
});
