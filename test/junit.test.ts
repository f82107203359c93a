// The reports for other CI systems (docs/ci.md): JUnit XML validated against the Ant JUnit
// schema that the readers follow (test/fixtures/junit/README.md), with a testcase per check and
// failures exactly where the verdict failed; GitLab's metrics lines; and both written by
// `loadgate run --junit --gitlab-metrics` against a real local target.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { create } from 'xmlbuilder2';
import { renderJunit } from '../src/report/ci/junit.ts';
import { renderGitlabMetrics } from '../src/report/ci/gitlab-metrics.ts';
import { judgementFor } from './helpers/judgement.ts';
import { makeResult } from './helpers/result-fixture.ts';
import { runCli } from './helpers/process.ts';
import { runActionSource } from './helpers/action-run.ts';
import { startGithubStandin } from './helpers/github-standin.ts';
import { startTarget, type Target } from './helpers/targets.ts';
import type { Check } from '../src/types.ts';

const XSD = readFileSync(new URL('./fixtures/junit/JUnit.xsd', import.meta.url), 'utf8');

async function schemaErrors(xml: string): Promise<string[]> {
  const checked = await validateXML({
    xml: { fileName: 'loadgate-junit.xml', contents: xml },
    schema: { fileName: 'JUnit.xsd', contents: XSD },
  });
  return checked.errors.map((e) => e.rawMessage);
}

interface Case {
  name: string;
  classname: string;
  failure?: { message: string; type: string; text: string };
}

/** The testcases as a reader sees them, parsed back from the document. */
function casesOf(xml: string): Case[] {
  const cases: Case[] = [];
  create(xml)
    .root()
    .each((suite) => {
      suite.each((child) => {
        const node = child.node as unknown as {
          nodeName: string;
          getAttribute(name: string): string | null;
          getElementsByTagName(name: string): ArrayLike<{ getAttribute(name: string): string | null; textContent: string | null }>;
        };
        if (node.nodeName !== 'testcase') return;
        const failure = node.getElementsByTagName('failure')[0];
        cases.push({
          name: node.getAttribute('name')!,
          classname: node.getAttribute('classname')!,
          ...(failure && {
            failure: { message: failure.getAttribute('message')!, type: failure.getAttribute('type')!, text: failure.textContent ?? '' },
          }),
        });
      });
    });
  return cases;
}

const comparison: Check = {
  kind: 'comparison',
  describe: 'step login: head p95 not slower than base by more than 10%',
  actual: '+14.2 % (p = 0.01)',
  passed: false,
};
const latency: Check = { kind: 'latency', describe: 'latency.ttfb.p95 < 200 ms', actual: '120 ms', limit: '< 200 ms', passed: true };

describe('JUnit XML', () => {
  it('validates against the JUnit schema: a testcase per check, a failure exactly where the verdict failed', async () => {
    const result = makeResult({ name: 'checkout', run: { interrupted: true } });
    const judgement = judgementFor(result, 'p95 < 1ms\nstep[login].p99 < 10s', { defaults: true, checks: [comparison, latency] });
    const xml = renderJunit([{ result, judgement }]);
    expect(await schemaErrors(xml)).toEqual([]);
    const cases = casesOf(xml);
    expect(cases.map((c) => c.name)).toEqual(judgement.checks.map((c) => c.describe));
    expect(cases.filter((c) => c.failure).map((c) => c.name)).toEqual(judgement.failed.map((c) => c.describe));
    const kinds = new Set(cases.map((c) => c.classname.split('.').pop()));
    for (const kind of ['threshold', 'default', 'comparison', 'latency', 'completeness', 'no-data']) expect(kinds).toContain(kind);
    const p95 = cases.find((c) => c.name === 'p95 < 1 ms')!;
    expect(p95.failure).toMatchObject({
      type: 'threshold',
      message: expect.stringMatching(/^p95 < 1 ms: actual [\d,.]+ ms \(limit < 1 ms\)$/),
    });
    expect(p95.failure!.text).toMatch(/^actual: [\d,.]+ ms\nlimit: < 1 ms\n$/);
    expect(xml).toContain(
      `<testsuite name="checkout" package="loadgate" id="0" timestamp="${result.run.started_at.slice(0, 19)}" hostname="loadgate" tests="${judgement.checks.length}" failures="${judgement.failed.length}" errors="0" skipped="0" time="60.000">`,
    );
    expect(xml).toContain('<property name="iterations" value="1200"/>');
    // The errors as every report counts them: 28 without a response, 25 error statuses.
    expect(xml).toContain('<property name="errors" value="53"/>');
    expect(xml).toContain('<property name="http_fail_rate_pct" value="1.48"/>');
    expect(xml).toMatch(/<property name="p95_ms" value="[\d.]+"\/>/);
  });

  it('a passed run has no failure; a check that only warns passes and is named in system-out', async () => {
    const result = makeResult({
      run: {
        generator: {
          saturated: true,
          reason: 'event loop late',
          planned_iterations_per_s: 20,
          applied_iterations_per_s: 20,
          loop_delay_max_ms: 3,
          loop_delay_p99_ms: 2,
        } as never,
      },
    });
    const judgement = judgementFor(result, 'p95 < 10s');
    expect(judgement.outcome).toBe('passed');
    expect(judgement.warnings).toHaveLength(1);
    const xml = renderJunit([{ result, judgement }]);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(casesOf(xml).every((c) => !c.failure)).toBe(true);
    expect(xml).toContain('failures="0"');
    expect(xml).toMatch(
      /<system-out>loadgate: checkout passed\nwarning: the load generator kept up with the plan: saturated: event loop late/,
    );
  });

  it('names with markup and quotes stay text, and the document still validates', async () => {
    const result = makeResult({ name: 'a <b> & "c" ]]>', steps: ['lo"gin</testcase>', 'x'] });
    const judgement = judgementFor(result, 'step[*].p95 < 1ms');
    const xml = renderJunit([{ result, judgement }]);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).not.toContain('<b>');
    expect(casesOf(xml)[0]!.classname).toBe('loadgate.a <b> & "c" ]]>.threshold');
    expect(casesOf(xml)[0]!.failure!.message).toContain('lo"gin</testcase>');
  });
});

/** A result whose first step streamed: 20 streams, 200 events (docs/streaming.md). */
function streamed() {
  const result = makeResult({ steps: ['chat', 'next'] });
  const times = (median: number) => ({
    avg: median,
    max: median * 3,
    min: 1,
    p80: median + 4,
    p90: median + 8,
    p95: median + 20,
    p99: median + 35,
    median,
    stddev: 9,
  });
  result.results.steps[0]!.stream = { streams: 20, events: 200, first_event: times(58), gap: times(20) };
  return result;
}

describe('streaming steps in the CI reports', () => {
  it("JUnit's properties hold each streaming step's streams, events, first-event and gap times", async () => {
    const result = streamed();
    const xml = renderJunit([{ result, judgement: judgementFor(result, 'p95 < 10s') }]);
    expect(await schemaErrors(xml)).toEqual([]);
    for (const [name, value] of [
      ['streams', '20'],
      ['events', '200'],
      ['first_event_median_ms', '58'],
      ['first_event_p95_ms', '78'],
      ['first_event_p99_ms', '93'],
      ['gap_median_ms', '20'],
      ['gap_p99_ms', '55'],
    ])
      expect(xml).toContain(`<property name="stream.chat.${name}" value="${value}"/>`);
    // Only the streaming step has them.
    expect(xml).not.toContain('stream.next.');
  });

  it('GitLab lines carry them per step, and a stream without events no times', () => {
    const result = streamed();
    const lines = renderGitlabMetrics(result).split('\n');
    expect(lines).toContain('loadgate_first_event_p95_ms{step="chat"} 78');
    expect(lines).toContain('loadgate_gap_p99_ms{step="chat"} 55');
    expect(lines).toContain('loadgate_events{step="chat"} 200');
    result.results.steps[0]!.stream = { ...result.results.steps[0]!.stream!, events: 0 };
    const silent = renderGitlabMetrics(result);
    expect(silent).toContain('loadgate_streams{step="chat"} 20');
    expect(silent).not.toContain('first_event');
  });
});

describe('GitLab metrics report', () => {
  it('one line per figure, the run then each step, label values escaped', () => {
    const result = makeResult({ steps: ['login', 'say "hi"\\now'] });
    const lines = renderGitlabMetrics(result).split('\n');
    expect(lines).toContain('loadgate_iterations 1200');
    expect(lines).toContain('loadgate_http_fail_rate_pct 0.75');
    expect(lines).toContain('loadgate_errors{step="login"} 12');
    expect(lines).toContain(`loadgate_p95_ms ${Math.round(result.results.response_times.p95 * 100) / 100}`);
    expect(lines).toContain(`loadgate_p95_ms{step="login"} ${Math.round(result.results.steps[0]!.response_times.p95 * 100) / 100}`);
    expect(lines.some((l) => l.startsWith('loadgate_p95_ms{step="say \\"hi\\"\\\\now"} '))).toBe(true);
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).every((l) => /^loadgate_[a-z0-9_]+(\{step="(?:[^"\\]|\\.)*"\})? -?[\d.]+$/.test(l))).toBe(true);
  });
});

describe('loadgate run --junit --gitlab-metrics', () => {
  let target: Target;
  let dir: string;
  beforeAll(async () => {
    target = await startTarget();
    dir = mkdtempSync(join(tmpdir(), 'loadgate-junit-'));
  });
  afterAll(async () => {
    await target.close();
  });

  it('writes both files beside the results; the failed threshold is the one failure; exit 1', async () => {
    const definition = join(dir, 'shop.json');
    writeFileSync(
      definition,
      JSON.stringify({
        name: 'shop',
        config_data: {
          steps: [
            { id: 1, name: 'home', url: `${target.url}/ok` },
            { id: 2, name: 'slow', url: `${target.url}/delay/20` },
          ],
          iteration_count: 10,
          duration: 1,
        },
      }),
    );
    const junit = join(dir, 'junit.xml');
    const metrics = join(dir, 'metrics.txt');
    const run = await runCli([
      'run',
      definition,
      '--results-file',
      join(dir, 'results.json'),
      '--thresholds',
      'step[slow].min < 1ms',
      '--thresholds',
      'p95 < 10s',
      '--on-saturated',
      'warn',
      '--junit-file',
      junit,
      '--gitlab-metrics-file',
      metrics,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`ci:      ${junit}`);
    const xml = readFileSync(junit, 'utf8');
    expect(await schemaErrors(xml)).toEqual([]);
    const cases = casesOf(xml);
    expect(cases.filter((c) => c.failure).map((c) => c.name)).toEqual(['step[slow].min < 1 ms']);
    expect(cases.map((c) => c.name)).toEqual(
      expect.arrayContaining(['p95 < 10000 ms', 'step[*].http_fail_rate < 1 %', 'every step got a successful response']),
    );
    expect(readFileSync(metrics, 'utf8')).toMatch(/^loadgate_iterations 10$/m);
    expect(readFileSync(metrics, 'utf8')).toMatch(/^loadgate_p95_ms\{step="slow"\} [\d.]+$/m);
  });

  it('the action writes them too (junit-file, gitlab-metrics-file), from src/action/action.ts', { timeout: 180_000 }, async () => {
    const definition = join(dir, 'shop-action.json');
    writeFileSync(
      definition,
      JSON.stringify({
        name: 'shop',
        config_data: {
          steps: [
            { id: 1, name: 'home', url: `${target.url}/ok` },
            { id: 2, name: 'slow', url: `${target.url}/delay/20` },
          ],
          iteration_count: 10,
          duration: 1,
        },
      }),
    );
    const github = await startGithubStandin();
    try {
      const run = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'junit',
        inputs: {
          test: definition,
          thresholds: 'step[slow].min < 1ms\np95 < 10s',
          'on-saturated': 'warn',
          comment: 'false',
          check: 'false',
          'results-file': join(dir, 'action.json'),
          'junit-file': 'junit-action.xml',
          'gitlab-metrics-file': 'metrics-action.txt',
        },
      });
      expect(run.code).toBe(1);
      const xml = readFileSync(join(dir, 'junit-action.xml'), 'utf8');
      expect(await schemaErrors(xml)).toEqual([]);
      expect(
        casesOf(xml)
          .filter((c) => c.failure)
          .map((c) => c.name),
      ).toEqual(['step[slow].min < 1 ms']);
      expect(readFileSync(join(dir, 'metrics-action.txt'), 'utf8')).toMatch(/^loadgate_iterations 10$/m);
    } finally {
      await github.close();
    }
  });
});
