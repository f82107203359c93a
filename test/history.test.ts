// History (docs/history.md): earlier runs → the median baseline, the results' history block and
// the report's trend and Mermaid charts. Renderer checks run on the report model as every surface
// does; the charts are parsed by Mermaid itself (in Chromium), so a chart GitHub cannot draw fails.
import { afterAll, describe, expect, it } from 'vitest';
import { baselineRuns, type HistoryRun, historyBlock, parseHistoryBaseline, selectHistory } from '../src/history/history.ts';
import { figuresOf } from '../src/history/figures.ts';
import { buildReport } from '../src/report/model.ts';
import { GITHUB_COMMENT_LIMIT, renderMarkdown } from '../src/report/markdown.ts';
import { renderTerminal } from '../src/report/terminal.ts';
import { renderHtmlReport } from '../src/report/html.ts';
import { parseThresholds } from '../src/thresholds/grammar.ts';
import { judge } from '../src/verdict/judge.ts';
import type { LoadTestResult } from '../src/types.ts';
import { formatMs } from '../src/report/figures.ts';
import { closeBrowser, serveHtml, withBrowserPage } from './helpers/browser.ts';
import { mermaidBlocks, mermaidErrors } from './helpers/mermaid.ts';
import { makeResult } from './helpers/result-fixture.ts';

afterAll(closeBrowser);

const DAY_MS = 86_400_000;

/** The i-th earlier run of `checkout`, a day apart, its latencies scaled. */
function earlierRun(i: number, scale = 1, options: { steps?: string[]; name?: string } = {}): HistoryRun {
  const result = makeResult({
    latencyScale: scale,
    ...(options.steps && { steps: options.steps }),
    ...(options.name && { name: options.name }),
    run: { started_at: new Date(Date.UTC(2026, 0, 1) + i * DAY_MS).toISOString() },
  });
  return { id: String(1000 + i), sha: `${String(i).padStart(2, '0')}abcdef0123456789`, result };
}

function thresholds(text: string) {
  const parsed = parseThresholds(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

function judgedAgainst(result: LoadTestResult, runs: readonly HistoryRun[], text: string) {
  return judge({ result, thresholds: thresholds(text), defaults: false, historyBaseline: runs.map((r) => r.result) });
}

describe('the median baseline', () => {
  it('one outlier run (10× slower) in a history of 5 moves the baseline by less than 10 %, where it would move a mean fivefold', () => {
    const scales = [1, 1.03, 0.97, 10, 1.02];
    const runs = scales.map((scale, i) => earlierRun(i, scale));
    const head = makeResult();
    const outcome = judgedAgainst(head, runs, 'p95 < baseline').thresholds[0]!;
    const quiet = judgedAgainst(
      head,
      runs.filter((_, i) => i !== 3),
      'p95 < baseline',
    ).thresholds[0]!;
    const p95s = runs.map((r) => r.result.results.response_times.p95);
    const mean = p95s.reduce((a, b) => a + b, 0) / p95s.length;
    expect(Math.abs(outcome.limit! / quiet.limit! - 1)).toBeLessThan(0.1);
    expect(mean / quiet.limit!).toBeGreaterThan(2);
    // The spread shows the outlier: the check names the runs and their range.
    expect(outcome.baselineSpread).toEqual({ runs: 5, min: Math.min(...p95s), max: Math.max(...p95s) });
    const check = judgedAgainst(head, runs, 'p95 < baseline + 10%').checks[0]!;
    expect(check.limit).toMatch(/^< [\d,.]+ ms \(baseline \+ 10%; median of 5 runs, [\d,.]+ ms–[\d,.]+ ms\)$/);
  });

  it('is the median per scope: a step is held to the median of that step', () => {
    const runs = [1, 2, 3].map((scale, i) => earlierRun(i, scale));
    const head = makeResult({ latencyScale: 2.5 });
    const judged = judgedAgainst(head, runs, 'step[checkout].p99 < baseline\np95 < baseline');
    const middle = runs[1]!.result;
    expect(judged.thresholds[0]!.limit).toBe(middle.results.steps[2]!.response_times.p99);
    expect(judged.thresholds[1]!.limit).toBe(middle.results.response_times.p95);
    expect(judged.outcome).toBe('failed');
  });

  it("holds a streaming step to the median of its own first events and gaps, and keeps them among each run's figures", () => {
    /** A run whose `checkout` step streamed, its first event at `first` ms p95. */
    const streamed = (i: number, first: number): HistoryRun => {
      const run = earlierRun(i);
      const times = (p95: number) => ({
        avg: p95 / 2,
        max: p95 * 2,
        min: 1,
        p80: p95 - 2,
        p90: p95 - 1,
        p95,
        p99: p95 + 5,
        median: p95 / 2,
        stddev: 3,
      });
      run.result.results.steps[2]!.stream = { streams: 20, events: 200, first_event: times(first), gap: times(first / 10) };
      return run;
    };
    const runs = [300, 100, 120, 110, 2000].map((first, i) => streamed(i, first));
    const head = streamed(9, 150).result;
    const judged = judgedAgainst(head, runs, 'step[checkout].first_event.p95 < baseline + 20%\nstep[checkout].gap.p99 < baseline + 20%');
    // The median of 100, 110, 120, 300 and 2000: the outlier does not move it.
    expect(judged.thresholds[0]).toMatchObject({ limit: 144, baselineSpread: { runs: 5, min: 100, max: 2000 }, passed: false });
    expect(judged.thresholds[1]!.limit).toBeCloseTo((12 + 5) * 1.2, 9);
    const figures = figuresOf(runs[0]!.result).steps['3']!;
    expect(figures).toMatchObject({ first_event_p50: 150, first_event_p95: 300, first_event_p99: 305, gap_p95: 30, gap_p99: 35 });
    // A step that does not stream has no such figures.
    expect(figuresOf(runs[0]!.result).steps['1']).not.toHaveProperty('first_event_p95');
  });

  it('history:K takes the last K runs; history alone 5; anything else is refused with the form', () => {
    expect(parseHistoryBaseline('history', '--baseline')).toEqual({ k: 5 });
    expect(parseHistoryBaseline('history:3', '--baseline')).toEqual({ k: 3 });
    expect(parseHistoryBaseline('./history', '--baseline')).toBeUndefined();
    expect(parseHistoryBaseline('history:0', '--baseline')).toMatchObject({
      path: '--baseline',
      message: expect.stringContaining('history:K'),
    });
    const runs = [0, 1, 2, 3].map((i) => earlierRun(i));
    expect(baselineRuns(runs, { k: 3 }).map((r) => r.id)).toEqual(['1001', '1002', '1003']);
    expect(baselineRuns(runs, { k: 9 })).toHaveLength(4);
  });
});

describe('reading history', () => {
  it('orders runs by started_at, keeps the newest history-size, and skips other tests with a note', () => {
    const runs = [earlierRun(3), earlierRun(1), earlierRun(2, 1, { name: 'search' }), earlierRun(0)];
    const selected = selectHistory(runs, 'checkout', 2);
    expect(selected.runs.map((r) => r.id)).toEqual(['1001', '1003']);
    expect(selected.notes).toEqual([
      'history: skipped 1 results of other tests ("search"); this test is "checkout"',
      'history: the newest 2 of 3 runs kept (history-size)',
    ]);
  });

  it('the results block holds each run with its figures, overall and per step, and the runs the baseline is of', () => {
    const runs = [earlierRun(0), earlierRun(1)];
    const block = historyBlock(runs, runs.slice(-1), 'main');
    expect(block.branch).toBe('main');
    expect(block.baseline).toEqual({ median_of: ['1001'] });
    const first = runs[0]!.result;
    expect(block.runs[0]).toEqual({ id: '1000', sha: runs[0]!.sha, started_at: first.run.started_at, figures: figuresOf(first) });
    expect(block.runs[0]!.figures.overall).toMatchObject({
      rps: first.run.rps,
      p50: first.results.response_times.median,
      p95: first.results.response_times.p95,
      p99: first.results.response_times.p99,
    });
    expect(Object.keys(block.runs[0]!.figures.steps)).toEqual(['1', '2', '3']);
  });
});

/** The report of a head run over `runs`, as the pipeline builds it. */
function reportOver(runs: HistoryRun[], head: LoadTestResult = makeResult(), branch = 'main', checks = '') {
  const block = historyBlock(runs, undefined, branch);
  return buildReport({
    result: { ...head, history: block },
    judgement: judge({ result: head, thresholds: checks ? thresholds(checks) : [], defaults: false }),
    history: { block, current: figuresOf(head), notes: [] },
  });
}

describe('the trend in Markdown', () => {
  it('30 runs and 20 steps: one chart of 31 points in order, per-step charts for the 3 steps that moved most, all parsed by Mermaid, within the comment limit', async () => {
    const steps = Array.from({ length: 20 }, (_, i) => `step ${i + 1} with a long name`);
    const runs = Array.from({ length: 30 }, (_, i) => earlierRun(i, 1 + i / 100, { steps }));
    const md = renderMarkdown(reportOver(runs, makeResult({ steps, latencyScale: 1.5 })));
    const history = md.slice(md.indexOf('#### History'));
    const blocks = mermaidBlocks(history);
    expect(blocks).toHaveLength(4);
    const axis = /x-axis \[(.*)\]/.exec(blocks[0]!)![1]!.split(', ');
    expect(axis).toHaveLength(31);
    expect(axis.slice(0, 3)).toEqual(['"00abcde"', '"01abcde"', '"02abcde"']);
    expect(axis.at(-1)).toBe('"this run"');
    const p95 = JSON.parse(/line (\[.*\])\n```/.exec(`${blocks[0]}\n\`\`\``)![1]!) as number[];
    expect(p95).toEqual([
      ...runs.map((r) => r.result.results.response_times.p95),
      makeResult({ steps, latencyScale: 1.5 }).results.response_times.p95,
    ]);
    expect(history).toContain('**p95 +');
    expect(history).toMatch(/over the last 30 runs on main \(median [\d,.]+ ms, this run [\d,.]+ ms\)/);
    expect(md.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    // The section's own cost, which the comment's budget never has to cut (docs/history.md).
    const head = makeResult({ steps, latencyScale: 1.5 });
    const without = renderMarkdown(buildReport({ result: head, judgement: judge({ result: head, thresholds: [], defaults: false }) }));
    expect(md.length - without.length).toBeLessThan(5000);
    const parsed = await mermaidErrors(mermaidBlocks(md));
    expect(parsed.filter((p) => p.error !== null || p.type !== 'xychart')).toEqual([]);
  });

  it('charts the steps a threshold failed on first, by id, name or step[*], then the steps that moved most', () => {
    const steps = ['login', 'search', 'cart', 'pay', 'ship'];
    const runs = Array.from({ length: 5 }, (_, i) => earlierRun(i, 1, { steps }));
    // Only `ship` moved (it was three times faster before); `cart` is the slowest step now.
    for (const run of runs) run.result.results.steps[4]!.response_times.p95 /= 3;
    const head = makeResult({ steps });
    const titles = (checks: string) => {
      const md = renderMarkdown(reportOver(runs, head, 'main', checks));
      return mermaidBlocks(md.slice(md.indexOf('#### History')))
        .slice(1)
        .map((b) => /title "(\w+):/.exec(b)?.[1]);
    };
    expect(titles('')).toEqual(['ship', expect.any(String), expect.any(String)]);
    expect(titles('step[3].p95 < 1ms\nstep[login].p95 < 1ms')).toEqual(['login', 'cart', 'ship']);
    expect(titles(`step[*].p95 < ${head.results.steps[2]!.response_times.p95}ms`).slice(0, 2)).toEqual(['cart', 'ship']);
  });

  it('no earlier run: no chart, a line saying so; one earlier run: a chart of two points', async () => {
    const none = renderMarkdown(reportOver([]));
    expect(none).toContain('#### History');
    expect(none).toContain('_No earlier runs of this test were found');
    expect(mermaidBlocks(none.slice(none.indexOf('#### History')))).toEqual([]);
    const one = renderMarkdown(reportOver([earlierRun(0)]));
    const blocks = mermaidBlocks(one.slice(one.indexOf('#### History')));
    expect(/x-axis \[(.*)\]/.exec(blocks[0]!)![1]).toBe('"00abcde", "this run"');
    expect(one).toMatch(/over the last run on main/);
    expect((await mermaidErrors(blocks))[0]).toEqual({ type: 'xychart', error: null });
  });

  it('the terminal shows the trend line and the notes', () => {
    const block = historyBlock([earlierRun(0)], undefined);
    const head = makeResult({ latencyScale: 2 });
    const model = buildReport({
      result: head,
      judgement: judge({ result: head, thresholds: [], defaults: false }),
      history: { block, current: figuresOf(head), notes: ['history: nothing found at ./old'] },
    });
    const text = renderTerminal(model, { color: false });
    expect(text).toContain('History (1 earlier run)');
    expect(text).toMatch(/p95 \+100\.0 % over the last run \(median/);
    expect(text).toContain('note: history: nothing found at ./old');
  });
});

describe('the trend in the web report', () => {
  it('draws each figure over 30 runs and this one in Chromium, this run marked, hovering a point names its commit and value', async () => {
    const runs = Array.from({ length: 30 }, (_, i) => earlierRun(i, 1 + i / 100));
    const head = makeResult({ latencyScale: 1.5 });
    const served = await serveHtml(renderHtmlReport(reportOver(runs, head)));
    try {
      await withBrowserPage(async ({ page, consoleErrors, pageErrors, requests }) => {
        await page.goto(served.url, { waitUntil: 'load' });
        expect([...consoleErrors, ...pageErrors]).toEqual([]);
        expect(requests).toEqual([served.url]);
        for (const chart of ['history-latency', 'history-throughput', 'history-errors']) {
          const svg = page.locator(`figure[data-chart="${chart}"] svg`);
          expect((await svg.boundingBox())?.width).toBeGreaterThan(900);
        }
        const latency = page.locator('figure[data-chart="history-latency"] svg');
        const p95 = latency.locator('circle.run-point').filter({ has: page.locator('title', { hasText: ': p95 ' }) });
        await expect(p95.count()).resolves.toBe(31);
        const titles = await p95.locator('title').allTextContents();
        expect(titles[0]).toBe(`${runs[0]!.sha} (2026-01-01 00:00:00 UTC): p95 ${formatMs(runs[0]!.result.results.response_times.p95)}`);
        expect(titles.at(-1)).toBe(`this run: p95 ${formatMs(head.results.response_times.p95)}`);
        // Oldest left, this run right and marked; higher values drawn higher.
        const xs = await p95.evaluateAll((els) => els.map((e) => Number(e.getAttribute('cx'))));
        expect(xs).toEqual([...xs].sort((a, b) => a - b));
        const current = latency.locator('circle.current');
        await expect(current.count()).resolves.toBe(3);
        expect(await current.first().getAttribute('cx')).toBe(String(xs.at(-1)));
        const ys = await p95.evaluateAll((els) => els.map((e) => Number(e.getAttribute('cy'))));
        expect(ys.at(-1)).toBeLessThan(ys[0]!);
        await p95.last().hover();
        await expect(page.locator('section', { hasText: 'History' }).first().innerText()).resolves.toContain(
          'over the last 30 runs on main',
        );
      });
    } finally {
      await served.close();
    }
  });
});
