import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { HTML_EXAMPLE_FILE, exampleSeries, htmlReportExample } from '../scripts/render-html-example.ts';
import { HTML_REPORT_CSP, NO_SERIES_NOTE } from '../src/report/html.ts';
import { htmlOf } from './helpers/report.ts';
import { bucketSeries } from '../src/report/timeline.ts';
import { barChart, escapeXml, niceTicks, timeChart, timeTicks } from '../src/report/svg.ts';
import type { LoadTestResult, SecondSample } from '../src/types.ts';
import { makeResult, withLatency } from './helpers/result-fixture.ts';
import { judgementFor } from './helpers/judgement.ts';

const HOSTILE_STEP = '<img src=x onerror=alert(1)>';
const HOSTILE_NAME = 'shop</script><script>alert(1)</script>';

function render(result: LoadTestResult, thresholds = ''): string {
  return htmlOf({ result, judgement: judgementFor(result, thresholds) });
}

function second(t: number, responses = 10): SecondSample {
  return { t, started: 4, responses, failures: 0, p50: 10 + t, p95: 20 + t, p99: 30 + t };
}

/** The `d` of the timeline path drawn for one series. */
function pathOf(html: string, key: string): string {
  const match = new RegExp(`data-series="${key}" d="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no path for ${key}`);
  return match[1];
}

describe('renderHtmlReport: escaping', () => {
  const result = makeResult({ name: HOSTILE_NAME, steps: ['login', HOSTILE_STEP] });
  const html = htmlOf({
    result,
    judgement: judgementFor(result, `step[${HOSTILE_STEP}].p95 < 1ms`),
  });

  it('escapes a hostile step name everywhere it appears', () => {
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Steps table, step × location rows, distribution card, status and error rows, threshold, verdict.
    expect(html.split('&lt;img src=x onerror=alert(1)&gt;').length - 1).toBeGreaterThanOrEqual(6);
  });

  it('escapes a test name that closes a script or title element', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('</script>');
    expect(html).toContain('<title>shop&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; — loadgate report</title>');
    expect(html).toContain('<h1>shop&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
  });

  it('escapes location names, egress, status keys and error reasons', () => {
    const r = makeResult({ locations: { '"><b>x': 1, DE: 1 } });
    const step = r.results.steps[0];
    if (!step) throw new Error('fixture has steps');
    step.status_code_dist['<i>'] = 1;
    step.error_dist['<u>reason</u>'] = 2;
    const out = render(r);
    expect(out).not.toMatch(/<(b|i|u)>/);
    expect(out).toContain('&quot;&gt;&lt;b&gt;x');
    expect(out).toContain('&lt;u&gt;reason&lt;/u&gt;');
  });

  it('links test_url only for http(s) and file URLs', () => {
    expect(render(makeResult({ test_url: 'javascript:alert(1)' }))).not.toContain('href="javascript:');
    expect(render(makeResult({ test_url: 'file:///tmp/r.json' }))).toContain('<a href="file:///tmp/r.json">');
    expect(render(makeResult({ test_url: 'https://x.test/a?b=1&c="2"' }))).toContain('<a href="https://x.test/a?b=1&amp;c=&quot;2&quot;">');
  });

  it('escapeXml covers the five markup characters', () => {
    expect(escapeXml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('renderHtmlReport: a self-contained page', () => {
  const html = htmlReportExample();

  it('carries the strict Content-Security-Policy and no external resource', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${HTML_REPORT_CSP}">`);
    expect(HTML_REPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(html).not.toMatch(/<script|<link rel="stylesheet"|@import|url\(/i);
    const sources = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['data:,', 'https://github.com/acme/shop/actions/runs/42']);
  });

  it('matches docs/report-example.html (run `npx node scripts/render-html-example.ts` after a change)', async () => {
    expect(await readFile(HTML_EXAMPLE_FILE, 'utf8')).toBe(html);
  });
});

describe('renderHtmlReport: content', () => {
  it('states the verdict in words and colour for each status', () => {
    const result = makeResult();
    const failed = render(result, 'p95 < 1ms\nfail_rate < 50%');
    expect(failed).toContain('class="verdict verdict-failed" data-verdict="failed"');
    expect(failed).toContain('<span class="verdict-word">Failed</span>');
    expect(failed).toContain('checkout failed — 1 of 3 checks failed: p95 &lt; 1 ms (actual 386 ms)');

    const passed = render(result, 'fail_rate < 50%');
    expect(passed).toContain('<span class="verdict-word">Passed</span>');
    expect(passed).toContain('checkout passed — all 2 checks met');

    // No threshold is not nothing to judge: every step answered, so it passed.
    expect(render(result)).toContain('data-verdict="passed"');
    const stopped = makeResult({ run: { interrupted: true } });
    // One outcome word everywhere: the results file, the action's outcome output and the report say incomplete.
    expect(render(stopped)).toContain('data-verdict="incomplete"');
    expect(render(stopped)).toContain('stopped early — results are partial');
  });

  it('shows the context line and the late-iterations warning', () => {
    const html = render(makeResult({ run: { late_iterations: 12, max_schedule_lag_ms: 48 } }));
    expect(html).toContain(
      '<span>1,200 iterations in 1m (20 it/s)</span><span>3,570 requests (59.5 req/s)</span>' +
        '<span>53 errors (1.48 %): 28 transport failures, 25 HTTP errors</span><span>3 steps</span>',
    );
    expect(html).toContain('12 late iterations: started more than 10 ms behind the schedule (max lag 48 ms)');
  });

  it('lists thresholds with actual, limit and result', () => {
    const result = makeResult();
    const html = render(result, 'p95 < 500ms\nstep[checkout].p99 < 1s');
    expect(html).toContain('<td>p95 &lt; 500 ms</td><td class="num">386 ms</td><td class="num">&lt; 500 ms</td>');
    expect(html).toContain('<td>step[checkout].p99 &lt; 1000 ms</td><td class="num">1,044 ms</td>');
    expect(html).toContain('<span class="badge badge-fail">failed</span>');
    expect(render(result)).not.toContain('<h2>Thresholds</h2>');
  });

  it('shows every step with its request, counts and percentiles, numbers right-aligned', () => {
    const html = render(makeResult());
    for (const name of ['login', 'browse catalog', 'checkout']) expect(html).toContain(`<span class="step-name">${name}</span>`);
    expect(html).toContain('<code class="request">GET /api/checkout</code>');
    expect(html).not.toContain('session='); // query strings can hold secrets
    // Requests, then the errors (no 2xx/3xx answer) and their rate.
    expect(html).toContain(
      '<td class="num">1,182</td><td class="num"><span class="status-error">35</span></td><td class="num">2.96 %</td>',
    );
  });

  it('shows locations and steps by location only when there is more than the local one', () => {
    const two = render(makeResult());
    expect(two).toContain('<h2>Locations</h2>');
    expect(two).toContain('<h2>Steps by location</h2>');
    expect(two).toContain('<code>proxy http://proxy-de.example:3128</code>');
    const local = render(makeResult({ locations: { local: 1 } }));
    expect(local).not.toContain('<h2>Locations</h2>');
    expect(local).not.toContain('<h2>Steps by location</h2>');
  });

  it('leaves proxy credentials out of the egress', () => {
    const r = makeResult();
    r.run.locations.DE = 'proxy http://user:secret@proxy-de.example:3128';
    expect(render(r)).not.toContain('secret');
  });

  it('draws a latency distribution per step and for all requests', () => {
    const html = render(makeResult());
    expect(html.match(/<figure class="dist">/g)).toHaveLength(4);
    expect(html).toContain('<title>Response times of checkout (ms)</title>');
    expect(html).toContain('<title>p99: 1,044 ms</title>');
  });

  it('reads "—" for every statistic of a step without a response in the distribution, not 0 ms', () => {
    const result = makeResult();
    const checkout = result.results.steps[2]!;
    const zero = { avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 };
    // As a results file holds a step that got no response: no status, 0 in the integer times.
    result.results.steps[2] = { ...checkout, status_code_dist: {}, response_times: zero, error_dist: { 'read timeout': 1182 } };
    const html = render(result);
    const card = html.slice(
      html.indexOf('<strong>checkout</strong>'),
      html.indexOf('</figure>', html.indexOf('<strong>checkout</strong>')),
    );
    for (const label of ['min', 'p50', 'p80', 'p90', 'p95', 'p99', 'max']) expect(card).toContain(`<title>${label}: —</title>`);
    expect(card).not.toContain('0 ms');
  });

  it('lists status codes with their share, and errors per step', () => {
    const html = render(makeResult());
    expect(html).toContain('<td>checkout</td><td><span class="status status-5xx">503</span></td><td class="num">17</td>');
    expect(html).toContain('<td>checkout</td><td>HTTP 503</td><td>HTTP error</td><td class="num">17</td>');
    expect(html).toContain('<td>checkout</td><td>assertion: status_code == 200</td>');
    expect(render(makeResult({ failRates: [0] }))).toContain('No errors.');
  });

  it('shows changes against a baseline in words', () => {
    const result = makeResult();
    const baseline = makeResult({ latencyScale: 0.9, run: { started_at: '2025-04-30T12:00:00.000Z' } });
    const html = htmlOf({ result, judgement: judgementFor(result), baseline });
    expect(html).toContain('Changes against the baseline run of 2025-04-30 12:00:00 UTC.');
    expect(html).toContain('<span class="change change-worse">+11.2 % ▲ worse</span>');
  });

  it("places a latency test's section before the errors, its user text escaped", () => {
    const result = withLatency(makeResult());
    const html = htmlOf({ result, judgement: judgementFor(result), title: 'Custom <title>' });
    expect(html).toContain('<h2>Latency</h2>');
    expect(html).toContain('Frankfurt &lt;b&gt;');
    expect(html.indexOf('<h2>Latency</h2>')).toBeLessThan(html.indexOf('<h2>Errors per step</h2>'));
    expect(html).toContain('<title>Custom &lt;title&gt;</title>');
  });

  it('ends with version, start time and test_url', () => {
    const html = render(makeResult());
    expect(html).toMatch(
      /<footer><span>loadgate 0\.1\.0<\/span><span>started 2025-05-01 12:00:00 UTC<\/span>.*<a href="https:\/\/github\.com\/acme\/shop\/actions\/runs\/42">/,
    );
  });
});

describe('renderHtmlReport: timeline', () => {
  it('notes a run without per-second data instead of drawing an empty chart', () => {
    const html = render(makeResult({ run: { series: [] } }));
    expect(html).toContain(NO_SERIES_NOTE);
    expect(html).not.toContain('data-chart="latency"');
  });

  it('draws one second as a dot on each line', () => {
    const html = render(makeResult({ run: { series: [second(0)] } }));
    for (const key of ['p50', 'p95', 'p99', 'started', 'responses', 'errors']) {
      expect(pathOf(html, key)).toMatch(/^M[\d.]+ [\d.]+$/);
    }
    expect(html.match(/<circle /g)).toHaveLength(6);
  });

  it('draws a path per percentile and per count through every second of a 60-second run', () => {
    const html = render(makeResult({ run: { series: exampleSeries() } }));
    for (const key of ['p50', 'p95', 'p99', 'started', 'responses', 'errors']) {
      expect(pathOf(html, key).match(/[ML]/g)).toHaveLength(60);
    }
    expect(html).not.toContain('Each point covers');
  });

  it('leaves a gap in the latency lines for a second without responses', () => {
    const series = [second(0), second(1), second(2, 0), second(3), second(4)];
    const html = render(makeResult({ run: { series } }));
    expect(pathOf(html, 'p95').match(/M/g)).toHaveLength(2);
    expect(pathOf(html, 'responses').match(/M/g)).toHaveLength(1);
  });

  it('draws an hour in buckets, keeping spikes and the per-second scale', () => {
    const hour = Array.from({ length: 3600 }, (_, t) => ({ ...second(t, 100), p99: t === 1234 ? 5000 : 50 }));
    const html = render(makeResult({ run: { series: hour } }));
    expect(pathOf(html, 'p99').match(/[ML]/g)).toHaveLength(600);
    expect(html).toContain('Each point covers 6 seconds');
    expect(html).toContain('>5,000</text>'); // the spike sets the axis
    expect(html).toContain('>50m</text>');
    expect(html.length).toBeLessThan(200_000);

    const points = bucketSeries(hour, 600);
    expect(points.responses.every((r) => r === 100)).toBe(true);
    expect(Math.max(...points.p99.map((v) => v ?? 0))).toBe(5000);
  });
});

describe('svg builders', () => {
  it('niceTicks runs from 0 to a round number at or above the maximum', () => {
    expect(niceTicks(2400)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });

  it('timeTicks picks round times, at most eight', () => {
    expect(timeTicks(0, 59)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(timeTicks(0, 3599)).toEqual([0, 600, 1200, 1800, 2400, 3000]);
    expect(timeTicks(0, 1)).toEqual([0, 1]);
  });

  it('timeChart has axes, ticks, a legend and an accessible title', () => {
    const svg = timeChart({
      title: 'T <1>',
      xs: [0, 1, 2],
      yUnit: 'ms',
      series: [{ key: 'a', label: 'A & B', color: '#000', kind: 'line', values: [1, 2, 3] }],
    });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 960 260" role="img"/);
    expect(svg).toContain('<title>T &lt;1&gt;</title>');
    expect(svg).toContain('<g class="legend">');
    expect(svg).toContain('>A &amp; B</text>');
    expect(svg).toContain('>2s</text>');
    expect(svg).toContain('>ms</text>');
  });

  it('barChart draws one bar per row, the largest filling the plot', () => {
    const svg = barChart({
      title: 'x',
      color: '#123',
      formatValue: (v) => `${v} ms`,
      rows: [
        { label: 'p50', value: 50 },
        { label: 'max', value: 200 },
      ],
    });
    const widths = [...svg.matchAll(/<rect x="44" y="[\d.]+" width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([85, 340]);
    expect(svg).toContain('>200 ms</text>');
  });
});
