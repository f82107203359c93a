import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { REPORT_EXAMPLE_FILE, reportExampleText } from '../scripts/render-report-example.ts';
import { changeVerdict, compareToBaseline, describeChange, formatChange } from '../src/report/baseline.ts';
import type { MetricChange } from '../src/report/baseline.ts';
import { formatDuration, formatMeasured, formatMs, formatRate, formatSignedPercent } from '../src/report/figures.ts';
import { encodeHistogram, initHistograms, newHistogram, responseTimesOf } from '../src/results/histogram.ts';
import { buildReport, textOf } from '../src/report/model.ts';
import { progressLine } from '../src/report/progress.ts';
import { requestLabel } from '../src/report/format.ts';
import { GITHUB_COMMENT_LIMIT } from '../src/report/markdown.ts';
import { escapeMarkdown } from '../src/report/markdown-blocks.ts';
import { failRatePct } from '../src/rates.ts';
import { markdownOf, summaryLineOf, terminalOf, verdictOf } from './helpers/report.ts';
import type { GeneratorInfo, LoadTestResult } from '../src/types.ts';
import { makeResult, withLatency } from './helpers/result-fixture.ts';
import { judgementFor } from './helpers/judgement.ts';

const MARKER = '<!-- loadgate:comment test="checkout" job="load" -->';
const HOSTILE = 'a|b<script>alert(`x`)</script>\n| injected | row |';

/** The baseline run: a day earlier, 10 % faster, with a fourth step that was since removed. */
function baselineRun(): LoadTestResult {
  return makeResult({
    steps: ['login', 'browse catalog', 'checkout', 'search'],
    latencyScale: 0.9,
    failRates: [0.01, 0.005, 0.01, 0],
    run: { started_at: '2025-04-30T12:00:00.000Z', rps: 58 },
  });
}

function manySteps(steps: number, locations: number): LoadTestResult {
  const codes = Array.from(
    { length: locations },
    (_, i) => `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
  );
  return makeResult({
    steps: Array.from({ length: steps }, (_, i) => `step number ${i + 1}`),
    locations: Object.fromEntries(codes.map((c) => [c, 1])),
    iterations: 5000,
    failRates: [0.001],
  });
}

/** The line that follows the marker and blank lines: what GitHub shows first. */
function firstVisibleLine(markdown: string): string {
  return markdown.split('\n').find((l) => l.trim() !== '' && !l.startsWith('<!--')) ?? '';
}

/** Cells of a table row, honouring backslash escapes (`\|` is not a separator). */
function cellCount(row: string): number {
  let pipes = 0;
  for (let i = 0; i < row.length; i += 1) {
    if (row[i] === '\\') i += 1;
    else if (row[i] === '|') pipes += 1;
  }
  return pipes - 1;
}

/** Every table in the text: consecutive lines starting with `|`. */
function tables(markdown: string): string[][] {
  const found: string[][] = [];
  let current: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) current.push(line);
    else if (current.length > 0) {
      found.push(current);
      current = [];
    }
  }
  return found;
}

function expectWellFormed(markdown: string): void {
  for (const t of tables(markdown)) {
    const width = cellCount(t[0] ?? '');
    for (const row of t) expect(cellCount(row), row).toBe(width);
  }
  const fences = markdown.split('\n').filter((l) => l.startsWith('```'));
  expect(fences.length % 2).toBe(0);
  expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length);
}

function mermaidBlock(markdown: string): string[] {
  const match = /^```mermaid\n([\s\S]*?)\n```$/m.exec(markdown);
  expect(match, 'a closed mermaid block').not.toBeNull();
  return (match?.[1] ?? '').split('\n');
}

describe('renderMarkdown: the run over time', () => {
  const second = (t: number, p95: number, late = 0) => ({
    t,
    started: 50,
    responses: 50,
    failures: 0,
    p50: p95 / 2,
    p95,
    p99: p95 * 1.2,
    late,
  });
  const timeline = (markdown: string) => markdown.slice(markdown.indexOf('#### Over time')).split('\n');

  it("draws each second's p95 and responses, with the late starts as bars, so a warm-up spike shows in the comment", () => {
    const run = makeResult();
    run.run.series = [second(0, 310, 40), second(1, 2), second(2, 3), second(3, 2)];
    const lines = timeline(markdownOf({ result: run, judgement: judgementFor(run) }));
    expect(lines).toContain('  x-axis "s" ["0", "1", "2", "3"]');
    expect(lines).toContain('  line [310, 2, 3, 2]');
    expect(lines).toContain('  title "Responses (line) and late starts (bars) per second"');
    expect(lines).toContain('  bar [40, 0, 0, 0]');
    expect(lines).toContain('  line [50, 50, 50, 50]');
  });

  it('draws the errors per second as a second line when a second had some', () => {
    const run = makeResult();
    run.run.series = [second(0, 12, 0), { ...second(1, 14, 0), errors: 25 }, { ...second(2, 13, 0), errors: 0 }];
    const lines = timeline(markdownOf({ result: run, judgement: judgementFor(run) }));
    expect(lines).toContain('  title "Responses and errors per second"');
    expect(lines).toContain('  line [50, 50, 50]');
    expect(lines).toContain('  line [0, 25, 0]');
  });

  it('keeps an hour in 30 points, each the highest p95 of its seconds, so a spike is never averaged away', () => {
    const run = makeResult();
    run.run.series = Array.from({ length: 3600 }, (_, t) => second(t, t === 1234 ? 900 : 5));
    const lines = timeline(markdownOf({ result: run, judgement: judgementFor(run) }));
    const p95 = lines.find((l) => l.startsWith('  line ['))!;
    const values = JSON.parse(p95.slice('  line '.length)) as number[];
    expect(values).toHaveLength(30);
    expect(values.filter((v) => v === 900)).toHaveLength(1);
    expect(lines.join('\n')).toContain('Each point covers 120 s');
    expect(lines.some((l) => l.startsWith('  bar'))).toBe(false);
  });
});

describe('renderMarkdown', () => {
  const result = makeResult();
  const failing = 'p95 < 300ms\nfail_rate < 1%\nstep[login].p99 < 1s\nlocation[DE].avg <= 300';

  it('renders a passed run (snapshot)', async () => {
    const md = markdownOf({
      result,
      judgement: judgementFor(result, 'p95 < 1s\nfail_rate < 5%'),
      marker: MARKER,
      definitionFile: 'loadtests/checkout.json',
    });
    expect(firstVisibleLine(md)).toBe('### ✅ loadgate: checkout passed — all 3 checks met');
    await expect(md).toMatchFileSnapshot('./fixtures/report/passed.md');
  });

  it('puts the verdict first and names each breached threshold with its actual value (snapshot)', async () => {
    const md = markdownOf({
      result,
      judgement: judgementFor(result, failing),
      marker: MARKER,
      reportUrl: 'https://example.com/report.html',
    });
    expect(md.startsWith(`${MARKER}\n`)).toBe(true);
    const verdict = firstVisibleLine(md);
    expect(verdict).toMatch(/^### ❌ loadgate: checkout failed — 2 of 5 checks failed: /);
    expect(verdict).toContain('p95 < 300 ms (actual 386 ms)');
    expect(verdict).toContain(`${escapeMarkdown('fail_rate < 1 %')} (actual 4.42 %)`);
    expect(verdict).not.toContain('step');
    expect(md).toContain('| p95 < 300 ms | 386 ms | < 300 ms | ❌ failed |');
    expect(md).toContain('[HTML report](https://example.com/report.html)');
    await expect(md).toMatchFileSnapshot('./fixtures/report/failed.md');
  });

  it('names every step, shows per-location rows with egress, and ends with the link and footer', () => {
    const md = markdownOf({ result, judgement: judgementFor(result) });
    for (const s of result.run.steps) expect(md).toContain(`| ${s.id} | ${s.name} | ${s.method} /api/`);
    expect(md).toContain('| US | proxy http:\u200b//proxy-us.example:3128 | 720 |');
    expect(md).toContain('🔗 [Full report](https://github.com/acme/shop/actions/runs/42)');
    expect(md.trimEnd().split('\n').at(-1)).toBe('<sub>loadgate 0.1.0 · started 2025-05-01 12:00:00 UTC</sub>');
    expect(md).not.toContain('session=');
    expectWellFormed(md);
  });

  it('charts p99, p95 and p50 per step in a well-formed xychart-beta block', () => {
    const lines = mermaidBlock(markdownOf({ result, judgement: judgementFor(result) }));
    expect(lines[0]).toBe('xychart-beta');
    const labels = /x-axis \[(.*)\]/.exec(lines.join('\n'))?.[1] ?? '';
    expect(labels).toBe('"login", "browse catalog", "checkout"');
    const bars = lines.filter((l) => l.trim().startsWith('bar ['));
    expect(bars).toHaveLength(3);
    const p99 = result.results.steps.map((s) => s.response_times.p99);
    expect(bars[0]?.trim()).toBe(`bar [${p99.join(', ')}]`);
    const top = Number(/y-axis "ms" 0 --> (\d+)/.exec(lines.join('\n'))?.[1]);
    expect(top).toBeGreaterThanOrEqual(Math.max(...p99));
  });

  it('with no threshold still judges that every step answered, and leaves out the location table for a lone local location (snapshot)', async () => {
    const local = makeResult({ locations: { local: 1 } });
    const md = markdownOf({ result: local, judgement: judgementFor(local) });
    // No threshold: the run is still judged (every step answered), never passed on nothing.
    expect(firstVisibleLine(md)).toBe('### ✅ loadgate: checkout passed — the 1 check met');
    expect(md).toContain('| every step got a successful response | all 3 |  | ✅ passed |');
    expect(md).not.toContain('#### Locations');
    await expect(md).toMatchFileSnapshot('./fixtures/report/local.md');
  });

  it('says an interrupted run was stopped early with partial results (snapshot)', async () => {
    const stopped = makeResult({ run: { interrupted: true, duration_s: 23.4, late_iterations: 17, max_schedule_lag_ms: 412 } });
    const passedMd = markdownOf({ result: stopped, judgement: judgementFor(stopped, 'p95 < 1s') });
    expect(firstVisibleLine(passedMd)).toBe(
      '### ⚠️ loadgate: checkout stopped early — results are partial, so this is not a pass; the other 2 checks met',
    );
    expect(passedMd).toContain('17 late iterations: started more than 10 ms behind the schedule (max lag 412 ms)');
    await expect(passedMd).toMatchFileSnapshot('./fixtures/report/interrupted.md');
    const failedMd = markdownOf({ result: stopped, judgement: judgementFor(stopped, 'p95 < 10ms') });
    expect(firstVisibleLine(failedMd)).toMatch(
      /^### ⚠️ loadgate: checkout stopped early — results are partial, so this is not a pass; 1 of the other 2 checks failed: p95 < 10 ms/,
    );
  });

  it('shows changes against a baseline in words that read without colour (snapshot)', async () => {
    const md = markdownOf({ result, judgement: judgementFor(result, 'p95 < 1s'), baseline: baselineRun() });
    expect(md).toContain('#### Overall, against the baseline run of 2025-04-30 12:00:00 UTC');
    expect(md).toContain('| p95 | 386 ms (+13.9 % ▲ worse) |');
    expect(md).toMatch(/\| 1 % \(0\.0 % ≈ same\) \| [^|]+ \| 160 ms \(\+11\.1 % ▲ worse\) \|/);
    expect(md).toContain('| Throughput | 59.5 req/s (+2.6 % ▲ better) |');
    expect(md).toContain('Not run any more since the baseline: 4 search.');
    await expect(md).toMatchFileSnapshot('./fixtures/report/baseline.md');
  });

  it('escapes hostile user text so it cannot break a table or inject HTML', () => {
    const hostile = makeResult({ name: `shop <img src=x onerror=alert(1)>`, steps: ['login', HOSTILE] });
    hostile.results.steps[1]!.error_dist = { 'bad | reason <b>': 3 };
    hostile.results.steps[1]!.status_code_dist = { '<i>200</i>': 5 };
    const md = markdownOf({ result: hostile, judgement: judgementFor(hostile, 'step[2].p95 < 1ms') });
    expect(md).not.toMatch(/<(script|img|b|i)\b/);
    expect(md).not.toContain('| injected | row |');
    expect(md).toContain('a\\|b&lt;script&gt;alert(\\`x\\`)&lt;/script&gt; \\| injected \\| row \\|');
    expectWellFormed(md);
    const labels = /x-axis \[(.*)\]/.exec(md)?.[1] ?? '';
    expect(labels.split('", "').map((l) => l.replace(/^"|"$/g, ''))).toEqual(['login', 'a b script alert( x…']);
  });

  it('shows bare URLs and mentions in names as text: GitHub autolinks none of them', () => {
    const linked = makeResult({
      name: 'shop https://evil.example/x',
      steps: ['login', 'see www.evil.example or FTP://evil.example @octocat'],
    });
    const md = markdownOf({ result: linked, judgement: judgementFor(linked, 'step[2].p95 < 1ms') });
    // What GitHub's autolinker starts from: a scheme's `://`, `www.`, an `@` before a name (a
    // fenced block, the Mermaid chart's, is never autolinked).
    const outsideFences = md.replace(/^```[\s\S]*?^```$/gm, '');
    expect(outsideFences).toContain('see www');
    expect(outsideFences).not.toMatch(/[a-z]:\/\/evil|www\.evil|@octocat/i);
    expect(md).toContain('shop https:\u200b//evil.example/x');
    expect(md).toContain('see www\u200b.evil.example or FTP:\u200b//evil.example @\u200boctocat');
  });

  it('keeps tables whole and lets no tag through for any step name, error reason or status key', () => {
    const text = fc.string({ unit: fc.constantFrom('|', '<', '>', '`', '\\', '\n', '&', '*', '_', 'a', ' ', 'é', '"', '#') });
    fc.assert(
      fc.property(text, text, text, (name, reason, status) => {
        const r = makeResult({ steps: ['login', name] });
        r.results.steps[1]!.error_dist = { [reason]: 2 };
        r.results.steps[1]!.status_code_dist = { [status]: 3 };
        const md = markdownOf({ result: r, judgement: judgementFor(r) });
        expect(md).not.toMatch(/<(?!\/?(details|summary|sub)>|!--)[^\s=]/);
        expectWellFormed(md);
      }),
      { numRuns: 200 },
    );
  });

  it("places a latency test's section after the charts, before the details", () => {
    const latency = withLatency(result);
    const md = markdownOf({ result: latency, judgement: judgementFor(latency) });
    const at = md.indexOf('#### Latency\n\nTarget `https://example.test/`');
    expect(at).toBeGreaterThan(md.indexOf('```mermaid'));
    expect(at).toBeLessThan(md.indexOf('<details>'));
  });

  it("keeps 2,000 steps × 50 locations within GitHub's limit, with whole tables and the footer last", () => {
    const big = manySteps(2000, 50);
    const md = markdownOf({ result: big, judgement: judgementFor(big, 'p95 < 1s'), marker: MARKER });
    expect(md.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(md.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT * 0.9);
    expect(firstVisibleLine(md)).toMatch(/^### ✅ loadgate: checkout passed/);
    expect(md).toMatch(/_… and [\d,]+ more steps \(see the full report\)_/);
    expect(md).toContain('_Steps by location left out to keep this report within its size limit');
    expect(md).toContain('| step number 1 | 200 |');
    expect(md.trimEnd().split('\n').at(-1)).toMatch(/^<sub>loadgate 0\.1\.0 · started .*<\/sub>$/);
    expect(mermaidBlock(md)[0]).toBe('xychart-beta');
    expectWellFormed(md);
  });

  it('drops detail in order: step × location first, then long distributions, then step rows (snapshot)', async () => {
    const big = manySteps(40, 3);
    const full = markdownOf({ result: big, judgement: judgementFor(big), maxLength: 1_000_000 });
    expect(full).toContain('<summary>Steps by location</summary>');
    const limit = 7_000;
    const short = markdownOf({ result: big, judgement: judgementFor(big), maxLength: limit });
    expect(full.length).toBeGreaterThan(limit);
    expect(short.length).toBeLessThanOrEqual(limit);
    expect(short).not.toContain('<summary>Steps by location</summary>');
    expect(short).toContain('_The 10 most frequent of');
    expect(short).toMatch(/_… and \d+ more steps \(see the full report\)_/);
    expectWellFormed(short);
    await expect(short).toMatchFileSnapshot('./fixtures/report/truncated.md');
  });

  it('falls back to the verdict, context, links and footer when not even the tables fit', () => {
    const md = markdownOf({ result, judgement: judgementFor(result, failing), maxLength: 1500 });
    expect(md.length).toBeLessThanOrEqual(1500);
    expect(firstVisibleLine(md)).toMatch(/^### ❌ loadgate: checkout failed/);
    expect(md).toContain('too large for this comment');
    expect(md.trimEnd().endsWith('</sub>')).toBe(true);
  });
});

describe('renderSummaryLine', () => {
  it('is one line with the verdict and headline figures', () => {
    const hostile = makeResult({ name: 'check\nout' });
    const line = summaryLineOf(hostile, judgementFor(hostile, 'fail_rate < 1%'));
    expect(line).not.toContain('\n');
    expect(line).toBe(
      'loadgate: check out failed — 1 of 2 checks failed: fail_rate < 1 % (actual 4.42 %) · 1,200 iterations (20 it/s) · 59.5 req/s · p95 386 ms · 53 errors (1.48 %)',
    );
  });
});

describe('renderTerminal', () => {
  const hostile = makeResult({ steps: ['login', 'evil\u001b[2J\u001b[31mname', 'checkout'] });
  const judgement = judgementFor(hostile, 'p95 < 100ms\nfail_rate < 10%');

  it('has no escape codes without colour, even for names that carry them', () => {
    const text = terminalOf({ result: hostile, judgement, baseline: baselineRun() }, { color: false });
    expect(text).not.toContain('\u001b');
    expect(text.split('\n')[0]).toMatch(/^✘ loadgate: checkout failed — 1 of 3 checks failed: p95 < 100 ms/);
    expect(text).toContain('✘ FAIL  p95 < 100 ms');
    expect(text).toContain('✔ pass  fail_rate < 10 %');
    expect(text).toContain('evil [2J [31mname');
    expect(text).toContain('p95 386 ms (+13.9 % ▲ worse)');
  });

  it('colours the verdict and threshold results when asked', () => {
    const text = terminalOf({ result: hostile, judgement }, { color: true });
    expect(text.split('\n')[0]?.startsWith('\u001b[31m')).toBe(true);
    expect(text).toContain('\u001b[32m✔ pass\u001b[0m');
  });

  it('aligns rows by display width: a CJK name takes two columns a character', () => {
    const cjk = makeResult({ steps: ['ログイン', 'checkout'] });
    const text = terminalOf({ result: cjk, judgement: judgementFor(cjk) }, { color: false });
    const table =
      text
        .split('\n\n')
        .find((b) => b.startsWith('Steps'))
        ?.split('\n')
        .slice(1) ?? [];
    const endOfLast = (row: string) => stringWidth(row.slice(0, row.lastIndexOf('ms') + 2));
    expect(table.some((row) => row.includes('ログイン'))).toBe(true);
    expect(new Set(table.slice(1).map(endOfLast)).size).toBe(1);
  });

  it('aligns the step table and fits long names into the width', () => {
    const long = makeResult({ steps: ['login', 'a very long step name that goes on and on and on for a while'] });
    const text = terminalOf({ result: long, judgement: judgementFor(long) }, { color: false, width: 110 });
    const table =
      text
        .split('\n\n')
        .find((b) => b.startsWith('Steps'))
        ?.split('\n')
        .slice(1) ?? [];
    expect(table).toHaveLength(3);
    for (const row of table) expect([...row].length).toBeLessThanOrEqual(110);
    const maxColumn = (row: string) => row.lastIndexOf('ms') + 2;
    expect(new Set(table.slice(1).map(maxColumn)).size).toBe(1);
    expect(table[2]).toContain('a very lo');
    expect(table[2]).toContain('…');
  });

  it('lists the top errors, most frequent first, and the locations with their egress', () => {
    const text = terminalOf({ result: makeResult(), judgement: judgementFor(makeResult()) }, { color: false });
    const errors =
      text
        .split('\n\n')
        .find((b) => b.startsWith('Top errors'))
        ?.split('\n') ?? [];
    // Error statuses are errors too, listed as `HTTP <code>` beside the reasons of error_dist.
    expect(errors[1]).toBe('  17  HTTP 503  (step 3 checkout, shop.example.com:443)');
    expect(errors[2]).toBe('  13  assertion: status_code == 200  (step 3 checkout, shop.example.com:443)');
    expect(text).toMatch(/US {8}proxy http:\/\/proxy-us\.example:3128 +720/);
    expect(
      terminalOf(
        { result: makeResult({ locations: { local: 1 } }), judgement: judgementFor(makeResult({ locations: { local: 1 } })) },
        { color: false },
      ),
    ).not.toContain('Locations');
  });
});

describe('the top errors say where', () => {
  it('"connection refused" names the host:port its step connects to (its reason, an error_dist key, stays as it is)', () => {
    const health = makeResult({ steps: ['health'], failRates: [1], locations: { local: 1 } });
    health.run.steps = [{ id: 1, name: 'health', method: 'GET', url: 'http://user:pw@127.0.0.1:9/health' }];
    const text = terminalOf({ result: health, judgement: judgementFor(health) }, { color: false });
    expect(text).toMatch(/\n +\d+ {2}connection refused {2}\(step 1 health, 127\.0\.0\.1:9\)\n/);
    expect(text).not.toContain('pw');
    expect(Object.keys(health.results.steps[0]!.error_dist)).toContain('connection refused');
    // A URL still holding a template (a secret kept as {{KEY}}) names no host.
    health.run.steps = [{ id: 1, name: 'health', method: 'GET', url: '{{BASE}}/health' }];
    expect(terminalOf({ result: health, judgement: judgementFor(health) }, { color: false })).toMatch(
      /connection refused {2}\(step 1 health\)\n/,
    );
  });
});

describe('compareToBaseline', () => {
  it('computes a fail rate as thresholds do: 7 of 100 is 7, not 7.000000000000001', () => {
    expect(failRatePct({ fail_count: 7, success_count: 93 })).toBe(7);
    expect(failRatePct({ fail_count: 0, success_count: 0 })).toBeUndefined();
  });

  it('relates each figure to the baseline and matches steps by id', () => {
    const delta = compareToBaseline(
      makeResult({ steps: ['login', 'browse catalog', 'checkout'] }),
      makeResult({ steps: ['login', 'browse catalog'], latencyScale: 0.5 }),
    );
    const avg = delta.overall.find((c) => c.metric === 'avg');
    expect(avg?.after).toBe(makeResult().results.response_times.avg);
    expect(delta.steps.map((s) => [s.id, s.status])).toEqual([
      [1, 'matched'],
      [2, 'matched'],
      [3, 'new'],
    ]);
    const loginP95 = delta.steps[0]?.changes.find((c) => c.metric === 'p95');
    expect(loginP95).toEqual({ metric: 'p95', before: 139, after: 278, changePct: 100 });
    const removed = compareToBaseline(makeResult({ steps: ['login'] }), makeResult({ steps: ['login', 'gone'] }));
    expect(removed.steps.at(-1)).toEqual({ id: 2, name: 'gone', status: 'removed', changes: [] });
  });

  it('reads latency and fail rate up as worse, rps up as better, and ±2 % as the same', () => {
    const change = (metric: MetricChange['metric'], before: number, after: number): MetricChange => ({
      metric,
      before,
      after,
      changePct: before === 0 ? null : ((after - before) / before) * 100,
    });
    expect(formatChange(change('p95', 367, 412))).toBe('412 ms (+12.3 % ▲ worse)');
    expect(describeChange(change('avg', 100, 90))).toBe('-10.0 % ▼ better');
    expect(describeChange(change('rps', 100, 110))).toBe('+10.0 % ▲ better');
    expect(describeChange(change('rps', 100, 90))).toBe('-10.0 % ▼ worse');
    expect(describeChange(change('fail_rate', 1, 1.02))).toBe('+2.0 % ≈ same');
    expect(changeVerdict(change('p99', 100, 97.9))).toBe('better');
    expect(formatChange(change('fail_rate', 0, 3.2))).toBe('3.2 % (was 0 % ▲ worse)');
    expect(
      compareToBaseline(makeResult({ failRates: [0] }), makeResult({ failRates: [0] })).overall.find((c) => c.metric === 'fail_rate')
        ?.changePct,
    ).toBe(0);
  });
});

describe('format', () => {
  it('formats durations, rates, signed changes and request labels', () => {
    expect([formatDuration(2.46), formatDuration(45), formatDuration(90), formatDuration(3600), formatDuration(3725)]).toEqual([
      '2.5s',
      '45s',
      '1m 30s',
      '1h 0m',
      '1h 2m 5s',
    ]);
    expect([formatRate(812.34, 'req'), formatRate(1234.56, 'req'), formatRate(40, 'it')]).toEqual([
      '812.3 req/s',
      '1,234.6 req/s',
      '40 it/s',
    ]);
    expect([formatSignedPercent(12.34), formatSignedPercent(-4), formatSignedPercent(0)]).toEqual(['+12.3 %', '-4.0 %', '0.0 %']);
    expect(requestLabel('GET', 'https://{{host}}/api/items?token=secret#x')).toBe('GET /api/items');
    expect(requestLabel('POST', 'http://example.com')).toBe('POST /');
  });

  it('names at most three breached thresholds in the verdict', () => {
    const result = makeResult();
    const verdict = verdictOf(result, judgementFor(result, 'p95 < 1ms\np99 < 1ms\navg < 1ms\nmax < 1ms\nmin < 1ms'));
    expect(verdict.status).toBe('failed');
    expect(verdict.text).toContain('avg < 1 ms (actual');
    expect(verdict.text).not.toContain('max < 1 ms');
    expect(verdict.text.endsWith(', and 2 more')).toBe(true);
  });
});

describe('docs/report-example.md', () => {
  it('is what scripts/render-report-example.ts renders now', async () => {
    const text = reportExampleText();
    expect(firstVisibleLine(text.slice(text.indexOf('###')))).toMatch(/^### ❌ loadgate: checkout failed — 1 of 4 checks failed/);
    expect(await readFile(REPORT_EXAMPLE_FILE, 'utf8')).toBe(text);
  });
});

describe('checks of other sections', () => {
  it('a failed check of another part (latency, comparison) fails the verdict and is named; passed ones count as met', () => {
    const result = makeResult();
    const failing = { kind: 'latency' as const, describe: 'latency.ttfb.p95 < 200 ms', actual: '212 ms', passed: false };
    const passing = { kind: 'latency' as const, describe: 'latency.total.max < 1 s', actual: '300 ms', passed: true };
    const failed = verdictOf(result, judgementFor(result, '', { checks: [failing, passing] }));
    expect(failed.status).toBe('failed');
    expect(failed.text).toContain('1 of 3 checks failed: latency.ttfb.p95 < 200 ms (actual 212 ms)');
    const markdown = markdownOf({ result, judgement: judgementFor(result, '', { checks: [failing] }) });
    expect(markdown.split('\n').find((l) => l.startsWith('###'))).toContain('failed');
    expect(markdown).toContain('| latency.ttfb.p95 < 200 ms | 212 ms |  | ❌ failed |');
    expect(verdictOf(result, judgementFor(result, '', { checks: [{ ...failing, passed: true }] })).status).toBe('passed');
  });
});

describe('sub-millisecond figures', () => {
  it('writes response times with two significant digits below 10 ms and whole milliseconds above', () => {
    expect([0.3137, 0.056, 3.14, 9.4, 12.4, 1234.4, 0].map(formatMs)).toEqual([
      '0.31 ms',
      '0.056 ms',
      '3.1 ms',
      '9.4 ms',
      '12 ms',
      '1,234 ms',
      '0 ms',
    ]);
  });

  it("writes a check's measured time as the summary does, with decimals only where its limit needs them (issue 55: 13.63 ms beside 14 ms)", () => {
    const result = makeResult();
    result.results.response_times.p95 = 13.63;
    const judgement = judgementFor(result, 'p95 < 250ms\np95 < 13.7ms\np95 > 13.6ms');
    const model = buildReport({ result, judgement });
    expect(model.overall.figures.p95.text).toBe('14 ms');
    expect(judgement.checks.filter((c) => c.kind === 'threshold').map((c) => [c.actual, c.limit])).toEqual([
      ['14 ms', '< 250 ms'],
      ['13.6 ms', '< 13.7 ms'],
      ['14 ms', '> 13.6 ms'],
    ]);
    expect([formatMeasured('p95', 499.6, 500), formatMeasured('p95', 500.4, 500), formatMeasured('p95', 3.14, 500)]).toEqual([
      '499.6 ms',
      '500.4 ms',
      '3.1 ms',
    ]);
    expect([formatMeasured('p95', 9.9951, 10), formatMeasured('p95', 9.99999, 10), formatMeasured('fail_rate', 0.456, 1)]).toEqual([
      '9.995 ms',
      '10 ms',
      '0.46 %',
    ]);
  });

  it('shows a 0.3 ms service from its histograms, not as the 0 ms of the integer fields', async () => {
    await initHistograms();
    const h = newHistogram();
    for (let us = 280; us < 380; us++) h.recordValue(us);
    const encoded = encodeHistogram(h);
    const result = makeResult({ steps: ['home'], locations: { local: 1 } });
    const step = result.results.steps[0]!;
    result.results.response_times = responseTimesOf(h);
    step.response_times = responseTimesOf(h);
    result.histograms = {
      overall: encoded,
      steps: { [step.id]: encoded },
      locations: { local: encoded },
      step_locations: { [step.id]: { local: encoded } },
    };
    h.destroy();
    expect(result.results.response_times.median).toBe(0);
    const model = buildReport({ result, judgement: judgementFor(result) });
    expect([model.overall.figures.p50.text, model.overall.figures.stddev.text, model.steps[0]!.p99.text]).toEqual([
      '0.33 ms',
      '0.029 ms',
      '0.38 ms',
    ]);
    const text = terminalOf({ result, judgement: judgementFor(result) }, { color: false });
    expect(text).toContain('0.33 ms');
    expect(text).not.toMatch(/\b0 ms/);
  });

  it('the progress line shows sub-millisecond latencies, and — for a second without responses', () => {
    const totals = { started: 40, responses: 40, failures: 0 };
    const answered = { t: 1, started: 20, responses: 20, failures: 0, p50: 0.312, p95: 0.45, p99: 1.26 };
    expect(progressLine(answered, totals, 5, 100)).toBe(
      '[2/5 s] 40% started 40/100 | 20 resp/s, 0 errors/s | p50 0.31 ms p95 0.45 ms p99 1.3 ms',
    );
    const silent = { t: 2, started: 20, responses: 0, failures: 0, p50: 0, p95: 0, p99: 0 };
    expect(progressLine(silent, { ...totals, started: 60 }, 5, 100)).toBe(
      '[3/5 s] 60% started 60/100 | 0 resp/s, 0 errors/s | p50 — p95 — p99 —',
    );
  });
});

describe('late iterations and the generator check', () => {
  const generator = (over: Partial<GeneratorInfo>): GeneratorInfo => ({
    saturated: false,
    loop_delay_p99_ms: 2,
    loop_delay_max_ms: 6,
    cpu_pct_max: 40,
    busy_pct_max: 35,
    behind_iterations: 0,
    unstarted_iterations: 0,
    planned_iterations_per_s: 60,
    applied_iterations_per_s: 60,
    concurrency: 100,
    sockets_max: 100,
    warm_up_s: 0,
    ...over,
  });
  const late = { late_iterations: 326, max_schedule_lag_ms: 180 };
  const shown = (result: LoadTestResult) => {
    const judgement = judgementFor(result, 'p95 < 5s');
    const model = buildReport({ result, judgement });
    return {
      check: judgement.checks.find((c) => c.kind === 'generator'),
      warning: model.late?.text ?? '',
      warns: model.late?.warning,
      text: terminalOf({ result, judgement }, { color: false }),
    };
  };

  it('never says the generator fell behind when its check says it kept up (a run held back by the in-flight cap)', () => {
    const { check, warning, warns, text } = shown(makeResult({ run: { ...late, generator: generator({}) } }));
    expect(check).toMatchObject({ actual: 'kept up', passed: true });
    expect(warning).toBe(
      '326 late iterations: started more than 10 ms behind the schedule (max lag 180 ms), while the load generator kept up: the in-flight cap (concurrency 100) held them back',
    );
    // All the planned load was applied: a note, not a warning.
    expect(warns).toBe(false);
    expect(text).toContain(`  note: ${warning}`);
    expect(text).not.toContain('could not keep');
    expect(text).not.toContain('less load was applied');
  });

  it('blames neither the cap nor the service for a start a busy machine made late (issue 55: the example said "the in-flight cap")', () => {
    // One start 12 ms late on a passing run: the loop was held 45 ms, 5 of 100 slots were in use.
    const passing = { late_iterations: 1, max_schedule_lag_ms: 12 };
    const stalled = shown(makeResult({ run: { ...passing, generator: generator({ loop_delay_max_ms: 45, sockets_max: 5 }) } }));
    expect(stalled.warning).toBe(
      '1 late iteration: started more than 10 ms behind the schedule (max lag 12 ms), while the load generator kept up: its event loop was held up to 45 ms at times, as long as the lag (a busy machine delays its timers)',
    );
    expect(stalled.warns).toBe(false);
    expect(stalled.text).not.toContain('in-flight cap');
    const held = shown(makeResult({ run: { ...passing, generator: generator({ sockets_max: 5 }) } }));
    expect(held.warning).toContain('kept up: the iterations in flight, held by the service, filled every slot opened so far');
    const host = { saturated: true, host_stalled: true, reason: 'its loop ran late', loop_delay_max_ms: 45 };
    expect(shown(makeResult({ run: { ...passing, generator: generator(host) } })).warning).toContain(
      '; the machine running the load generator was busy with other work and stalled it',
    );
  });

  it('says less load was applied only when the generator check finds it', () => {
    const saturated = { saturated: true, reason: 'its loop ran late', loop_delay_p99_ms: 30, loop_delay_max_ms: 40 };
    const applied = shown(makeResult({ run: { ...late, generator: generator(saturated) } }));
    expect(applied.check?.passed).toBe(false);
    expect(applied.warning).toContain('the load generator could not keep the schedule');
    expect(applied.warning).not.toContain('less load');
    const unapplied = shown(makeResult({ run: { ...late, generator: generator({ ...saturated, applied_iterations_per_s: 50 }) } }));
    expect(unapplied.check?.actual).toContain('50/s of the planned 60/s applied');
    expect(unapplied.warning).toContain('could not keep the schedule, so less load was applied than planned');
    expect([applied.warns, unapplied.warns]).toEqual([false, true]);
    expect(unapplied.text).toContain(`! ${unapplied.warning}`);
  });

  it("names no cause without the generator's own figures", () => {
    expect(shown(makeResult({ run: late })).warning).toBe(
      '326 late iterations: started more than 10 ms behind the schedule (max lag 180 ms)',
    );
  });
});

describe("the headline's rates", () => {
  it('labels iterations and requests per second, over the same seconds, on every surface', () => {
    const result = makeResult();
    const judgement = judgementFor(result);
    const model = buildReport({ result, judgement });
    expect(model.context.slice(0, 2).map((part) => textOf(part))).toEqual([
      '1,200 iterations in 1m (20 it/s)',
      '3,570 requests (59.5 req/s)',
    ]);
    const headline = '1,200 iterations in 1m (20 it/s) · 3,570 requests (59.5 req/s)';
    expect(terminalOf({ result, judgement }, { color: false })).toContain(headline);
    expect(markdownOf({ result, judgement })).toContain(headline);
    expect(summaryLineOf(result, judgement)).toContain('1,200 iterations (20 it/s) · 59.5 req/s');
  });

  it("are over the seconds the run's rates are over, not the time the run took to end or to be polled", () => {
    // A hosted 3 s schedule seen over 3.7 s of submission and polling: 60 iterations in 3 s, not in 3.7 s at 20 it/s.
    const hosted = makeResult({
      iterations: 60,
      steps: ['home'],
      failRates: [0],
      run: { mode: 'hosted', duration_s: 3.7, rps: 20, rate_window_s: 3 },
    });
    expect(textOf(buildReport({ result: hosted, judgement: judgementFor(hosted) }).context[0]!)).toBe('60 iterations in 3s (20 it/s)');
    // An overloaded run that started its iterations over 4 s of a 3 s plan says so, at the rate it did.
    const overloaded = makeResult({
      iterations: 143_386,
      steps: ['home'],
      failRates: [0],
      run: { duration_s: 4.02, rps: 35_855.5, rate_window_s: 3.999 },
    });
    expect(
      buildReport({ result: overloaded, judgement: judgementFor(overloaded) })
        .context.slice(0, 2)
        .map((part) => textOf(part)),
    ).toEqual(['143,386 iterations in 4s (35,855.5 it/s)', '143,386 requests (35,855.5 req/s)']);
  });
});

describe('errors: the requests without a 2xx/3xx answer, on every surface', () => {
  /**
   * One step at `local`, one request an iteration: these statuses, and `noResponse` requests
   * without one (connection refused); `checks` of the answered ones failed an assertion.
   */
  function oneStep(status: Record<string, number>, noResponse: number, checks: number, expected?: number[]): LoadTestResult {
    const result = makeResult({ steps: ['api'], locations: { local: 1 } });
    const step = result.results.steps[0]!;
    const answered = Object.values(status).reduce((n, c) => n + c, 0);
    const requests = answered + noResponse;
    const errors = {
      ...(noResponse > 0 && { 'connection refused': noResponse }),
      ...(checks > 0 && { 'assertion failed: equals(status_code,200)': checks }),
    };
    const counts = { success_count: answered - checks, fail_count: noResponse + checks, iteration_count: requests };
    const cell = { ...counts, status_code_dist: status, error_dist: errors };
    result.results.steps[0] = { ...step, ...cell, location_dist: { local: { ...step.location_dist.local!, ...cell } } };
    result.results = { ...result.results, ...counts, location_dist: { local: { ...result.results.location_dist.local!, ...counts } } };
    if (expected) result.run.steps[0]!.expected_status = expected;
    return result;
  }

  it('a service answering 500 to every second request: 50 % HTTP errors lead, though no iteration failed', () => {
    const result = oneStep({ '200': 20, '500': 20 }, 0, 0);
    const model = buildReport({ result, judgement: judgementFor(result, 'p95 < 500ms\nfail_rate < 1%', { defaults: true }) });
    const o = model.overall.figures;
    expect([o.requests, o.errors, o.errorRate.text, o.errorSummary]).toEqual(['40', '20', '50 %', '20 HTTP errors (50 %)']);
    expect([o.failures, o.failRate.text]).toEqual(['0', '0 %']);
    expect(model.context.map((part) => textOf(part))).toContain('20 HTTP errors (50 %)');
    expect(model.steps[0]).toMatchObject({ errors: '20', hasErrors: true, errorKinds: '20 HTTP errors' });
    expect(model.errors).toMatchObject([{ stepId: 1, stepName: 'api', key: 'HTTP 500', count: 20, share: 100, error: true, kind: 'http' }]);
    expect(model.verdict.status).toBe('failed');
    expect(model.thresholdNote).toMatch(/^fail_rate counts failed iterations .*not HTTP errors.*http_fail_rate counts those$/);
    expect(summaryLineOf(result, judgementFor(result))).toContain('· 20 errors (50 %)');
  });

  it('transport failures and HTTP errors are shown apart where both occur; a failed check is listed, not counted', () => {
    // 10 answered 200 (2 of them failed an assertion), 5 answered 500, 5 got no response.
    const result = oneStep({ '200': 10, '500': 5 }, 5, 2);
    const model = buildReport({ result, judgement: judgementFor(result) });
    expect(model.overall.figures.errorSummary).toBe('10 errors (50 %): 5 transport failures, 5 HTTP errors');
    expect(model.errors.map((e) => [e.key, e.count, e.kind])).toEqual([
      ['HTTP 500', 5, 'http'],
      ['connection refused', 5, 'transport'],
      ['assertion failed: equals(status_code,200)', 2, 'check'],
    ]);
    const terminal = terminalOf({ result, judgement: judgementFor(result) }, { color: false });
    expect(terminal).toContain('requests 20 · 10 errors (50 %): 5 transport failures, 5 HTTP errors');
    expect(terminal).toContain('failed iterations 7 (fail_rate 35 %)');
  });

  it('an error status the assertions expect is no error: "no errors", and no note without a fail_rate threshold', () => {
    const result = oneStep({ '404': 40 }, 0, 0, [404]);
    const model = buildReport({ result, judgement: judgementFor(result, 'p95 < 1s') });
    expect(model.overall.figures).toMatchObject({ errors: '0', errorRate: { text: '0 %' }, errorSummary: 'no errors', hasErrors: false });
    expect(model.errors).toEqual([]);
    expect(model.thresholdNote).toBeUndefined();
    expect(markdownOf({ result, judgement: judgementFor(result) })).toContain('**Errors:** none.');
  });

  it('notes that fail_rate leaves HTTP errors out only while no threshold is on http_fail_rate', () => {
    const result = oneStep({ '200': 40 }, 0, 0);
    const noteOf = (thresholds: string) => buildReport({ result, judgement: judgementFor(result, thresholds) }).thresholdNote;
    expect(noteOf('success_rate > 99%')).toMatch(/^success_rate counts failed iterations/);
    expect(noteOf('fail_rate < 1%\nhttp_fail_rate < 5%')).toBeUndefined();
    expect(markdownOf({ result, judgement: judgementFor(result, 'fail_rate < 1%') })).toContain('⚠️ fail\\_rate counts failed iterations');
  });
});
