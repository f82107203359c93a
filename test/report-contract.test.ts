// The contract between surfaces: for every kind of run, the terminal summary, the PR comment (and
// job summary), the web report and the action's outputs show the same verdict, the same checks
// and the same figures, because all of them are rendered from the one report model.
import { describe, expect, it } from 'vitest';
import { outputsOf } from '../src/github/outputs.ts';
import type { Comparison, ComparisonStep } from '../src/results/comparison.ts';
import { parseLatencyThresholdLines } from '../src/thresholds/latency.ts';
import { conclude } from '../src/pipeline/conclude.ts';
import { renderHtmlReport } from '../src/report/html.ts';
import { renderMarkdown, renderSummaryLine } from '../src/report/markdown.ts';
import { textOf, type ReportModel } from '../src/report/model.ts';
import { renderTerminal } from '../src/report/terminal.ts';
import { parseThresholdLines, THRESHOLD_FLAG } from '../src/thresholds/grammar.ts';
import type { StopSignal } from '../src/verdict/judge.ts';
import type { CountDist, LoadTestResult, Outcome } from '../src/types.ts';
import { makeResult, withLatency } from './helpers/result-fixture.ts';

interface Fixture {
  result: LoadTestResult;
  thresholds?: string[];
  comparison?: Comparison;
  latencyThresholds?: string[];
  stoppedBy?: StopSignal;
  baseline?: LoadTestResult;
  outcome: Outcome;
}

const STARTED = '2026-01-01T00:00:00.000Z';

const FIXTURES: Record<string, () => Fixture> = {
  embedded: () => ({
    result: makeResult({ name: 'shop', locations: { local: 1 }, failRates: [0.005], run: { mode: 'embedded' } }),
    thresholds: ['p95 < 1s', 'step[checkout].p99 < 2s'],
    outcome: 'passed',
  }),
  hosted: () => ({
    result: makeResult({ name: 'shop', failRates: [0.005], run: { mode: 'hosted' } }),
    thresholds: ['location[*].p95 < 1s'],
    outcome: 'passed',
  }),
  merged: () => ({
    result: makeResult({
      name: 'shop',
      run: {
        mode: 'merge',
        shards: [1, 2, 3].map((index) => ({
          index,
          file: `shard-${index}.json`,
          started_at: STARTED,
          finished_at: STARTED,
          start_lag_ms: index === 3 ? 2400 : 3,
          iterations: 400,
          late: index === 3,
        })),
      },
    }),
    thresholds: ['http_fail_rate < 5%'],
    outcome: 'passed',
  }),
  compare: () => {
    const comparison = comparisonOf([step(1, 'login', 'same'), step(2, 'checkout', 'slower')]);
    return { result: makeResult({ name: 'shop', run: { mode: 'compare' } }), comparison, thresholds: ['p95 < 1s'], outcome: 'failed' };
  },
  latency: () => {
    return { result: withLatency(makeResult({ name: 'shop' })), latencyThresholds: ['total.p95 < 1ms'], outcome: 'failed' };
  },
  interrupted: () => ({
    result: makeResult({ name: 'shop', run: { interrupted: true } }),
    thresholds: ['p95 < 1s'],
    stoppedBy: 'SIGINT',
    outcome: 'incomplete',
  }),
  'no data': () => ({ result: withoutResponses(makeResult({ name: 'shop', locations: { local: 1 } })), outcome: 'failed' }),
  'failed thresholds': () => ({
    result: makeResult({ name: 'shop' }),
    thresholds: ['p95 < 1ms', 'avg < 1ms', 'fail_rate < 0.1%', 'p99 < 1ms'],
    outcome: 'failed',
  }),
  'against a baseline': () => ({
    result: makeResult({ name: 'shop', failRates: [0.005] }),
    baseline: makeResult({ name: 'shop', latencyScale: 0.8, run: { started_at: '2025-04-30T12:00:00.000Z' } }),
    thresholds: ['p95 < baseline + 50%'],
    outcome: 'passed',
  }),
};

describe('every surface shows the same verdict, checks and figures', () => {
  for (const [kind, make] of Object.entries(FIXTURES)) {
    it(kind, async () => {
      const { model, outcome, result } = await judgedModel(make());
      expect(outcome.actual).toBe(outcome.expected);
      const terminal = renderTerminal(model, { color: false, width: 400 });
      const markdown = renderMarkdown(model, { marker: '<!-- m -->' });
      const html = renderHtmlReport(model);
      // Each surface's verdict line, checks block and overall block, as a reader sees them.
      const surfaces = {
        terminal: {
          verdict: terminal.split('\n')[0]!,
          checks: block(terminal, /^Checks$/m, /^$/m),
          overall: block(terminal, /^Overall$/m, /^$/m),
          all: terminal,
        },
        comment: {
          verdict: plainMarkdown(markdown.split('\n').find((l) => l.startsWith('### '))!),
          checks: plainMarkdown(block(markdown, /^#### Checks$/m, /^#### /m)),
          overall: plainMarkdown(block(markdown, /^#### Overall/m, /^#### /m)),
          all: plainMarkdown(markdown),
        },
        html: {
          verdict: plainHtml(block(html, /<div class="verdict /, /<\/div>/)),
          checks: plainHtml(block(html, /<section id="checks">/, /<\/section>/)),
          overall: plainHtml(block(html, /<section id="overall">/, /<\/section>/)),
          all: plainHtml(html),
        },
      };
      const verdict = textOf(model.verdict.text);
      for (const [surface, text] of Object.entries(surfaces)) {
        const where = `${kind}: ${surface}`;
        expect(text.verdict, where).toContain(verdict);
        for (const check of model.checks) {
          expect(text.checks, `${where}: ${check.name}`).toContain(check.name);
          expect(text.checks, `${where}: ${check.name}`).toContain(check.actual);
        }
        for (const [name, figure] of overallFigures(model)) expect(text.overall, `${where}: ${name}`).toContain(figure);
        if (model.shards) expect(text.all, where).toContain(model.shards.headline);
        if (model.comparison) expect(text.all, where).toMatch(/comparison with the base/i);
        if (model.latency) expect(text.all, where).toContain('EU.DE.FRA');
      }
      expect(checksListed(terminal, 'terminal'), kind).toBe(model.checks.length);
      expect(checksListed(markdown, 'markdown'), kind).toBe(model.checks.length);
      expect((block(html, /<section id="checks">/, /<\/section>/).match(/<tr><td/g) ?? []).length, kind).toBe(model.checks.length);
      expect(renderSummaryLine(model)).toContain(verdict);
      const outputs = outputsOf(result, outcome.judgement, '/tmp/results.json');
      expect(outputs.outcome).toBe(outcome.actual);
      expect((JSON.parse(outputs.checks!) as { check: string }[]).map((c) => c.check)).toEqual(
        outcome.judgement.checks.map((c) => c.describe),
      );
      expect(outputs.p95 === '' ? undefined : `${outputs.p95} ms`, kind).toBe(
        model.overall.figures.responded ? `${result.results.response_times.p95} ms` : undefined,
      );
    });
  }
});

/** The fixture through the pipeline's last stage: the one judgement and the model. */
async function judgedModel(fixture: Fixture) {
  const parsed = parseThresholdLines(fixture.thresholds ?? [], THRESHOLD_FLAG);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const latencyLines = parseLatencyThresholdLines(fixture.latencyThresholds ?? []);
  if (!latencyLines.ok) throw new Error(JSON.stringify(latencyLines.problems));
  const { latency, ...run } = fixture.result.run;
  const gate = {
    thresholds: parsed.value,
    defaults: true,
    origin: THRESHOLD_FLAG,
    ...(fixture.baseline && { baseline: fixture.baseline }),
  };
  const { result, judgement, model } = await conclude(
    { result: { ...fixture.result, run }, ...(fixture.comparison && { comparison: fixture.comparison }) },
    gate,
    {
      ...(latency && { latency: { result: latency, thresholds: latencyLines.value, origin: THRESHOLD_FLAG } }),
      ...(fixture.stoppedBy && { stoppedBy: fixture.stoppedBy }),
    },
  );
  return { model, result, outcome: { actual: judgement.outcome, expected: fixture.outcome, judgement } };
}

/** The figures every surface shows in its overall block. */
function overallFigures(model: ReportModel): [string, string][] {
  const o = model.overall.figures;
  const times: [string, string][] = o.responded
    ? [
        ['avg', o.avg.text],
        ['p95', o.p95.text],
        ['p99', o.p99.text],
      ]
    : [];
  return [
    ['requests', o.requests],
    ['errors', o.errors],
    ['error rate', o.errorRate.text],
    ['iterations', o.iterations],
    ['failures', o.failures],
    ['fail rate', o.failRate.text],
    ['throughput', model.overall.throughput.text],
    ...times,
  ];
}

/** The text from `start` up to the next `end` after it ('' when there is no start). */
function block(text: string, start: RegExp, end: RegExp): string {
  const from = text.search(start);
  if (from < 0) return '';
  const after = text.slice(from + 1);
  const to = after.search(end);
  return text.slice(from, to < 0 ? undefined : from + 1 + to);
}

/** The comment as a reader sees it: escapes and the zero-width spaces that defuse @ and # removed. */
function plainMarkdown(markdown: string): string {
  return decodeEntities(markdown.replace(/\\([\\`*_[\]|~$])/g, '$1').replace(/\u200b/g, ''));
}

/** The page's text: tags removed, entities decoded. */
function plainHtml(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' '));
}

function decodeEntities(text: string): string {
  const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (e) => entities[e] ?? e);
}

/** Rows of the Checks block: the terminal's lines under `Checks`, the comment's table rows. */
function checksListed(text: string, surface: 'terminal' | 'markdown'): number {
  const lines = text.split('\n');
  const start = lines.indexOf(surface === 'terminal' ? 'Checks' : '#### Checks');
  if (start < 0) return 0;
  const rest = lines.slice(start + 1);
  if (surface === 'terminal')
    return rest.findIndex((l) => !l.startsWith('  ')) === -1 ? rest.length : rest.findIndex((l) => !l.startsWith('  '));
  const table = rest.slice(1);
  const end = table.findIndex((l) => !l.startsWith('|'));
  return (end === -1 ? table.length : end) - 2;
}

function withoutResponses(result: LoadTestResult): LoadTestResult {
  const refused = (n: number) => ({
    status_code_dist: {},
    error_dist: (n > 0 ? { 'connection refused': n } : {}) as CountDist,
    success_count: 0,
    fail_count: n,
  });
  const steps = result.results.steps.map((s, i) => ({
    ...s,
    ...refused(i === 0 ? s.iteration_count : 0),
    iteration_count: i === 0 ? s.iteration_count : 0,
    location_dist: Object.fromEntries(
      Object.entries(s.location_dist).map(([k, l]) => [
        k,
        { ...l, ...refused(i === 0 ? l.iteration_count : 0), iteration_count: i === 0 ? l.iteration_count : 0 },
      ]),
    ),
  }));
  const n = result.results.iteration_count;
  return {
    ...result,
    results: {
      ...result.results,
      steps,
      success_count: 0,
      fail_count: n,
      location_dist: Object.fromEntries(
        Object.entries(result.results.location_dist).map(([k, l]) => [k, { ...l, success_count: 0, fail_count: l.iteration_count }]),
      ),
    },
  };
}

function step(id: number, name: string, verdict: ComparisonStep['verdict']): ComparisonStep {
  const slower = verdict === 'slower';
  return {
    id,
    name,
    verdict,
    head_median: slower ? 14 : 10,
    base_median: 10,
    ratio: slower ? 1.4 : 1,
    ratio_lower: slower ? 1.3 : 0.95,
    ratio_upper: slower ? 1.5 : 1.05,
    p: slower ? 0.001 : 0.5,
    p_adjusted: slower ? 0.002 : 0.5,
    p_faster: 0.5,
    p_faster_adjusted: 0.5,
    method: 'exact',
    head: slower ? [14, 14, 14, 14] : [10, 10, 10, 10],
    base: [10, 10, 10, 10],
    warmup_head: [],
    warmup_base: [],
  };
}

function comparisonOf(steps: ComparisonStep[]): Comparison {
  const times = { avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 };
  return {
    metric: 'p95',
    rounds: 4,
    max_rounds: 4,
    max_time_s: null,
    on_inconclusive: 'warn',
    warmup_rounds: 0,
    max_regression: 0.1,
    alpha: 0.05,
    looks: [4],
    look_alpha: 0.05,
    confidence: 0.95,
    seed: 1,
    order: ['head-first', 'base-first', 'head-first', 'base-first'],
    rounds_measured: 4,
    extended: false,
    stopped: 'decided',
    interrupted: false,
    started_at: STARTED,
    finished_at: STARTED,
    duration_s: 8,
    passed: steps.every((s) => s.verdict !== 'slower'),
    steps,
    base_results: { steps: [], fail_count: 0, success_count: 0, iteration_count: 0, response_times: times, location_dist: {} },
    base_run: { duration_s: 4, rps: 10, late_iterations: 0, max_schedule_lag_ms: 0, interrupted: false },
  };
}
