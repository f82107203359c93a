// Writes docs/report-example.html: the web report for the test fixture's run, against a
// baseline, with one breached threshold and a realistic 60-second timeline, so readers can see
// what loadgate writes. `--screenshot` also writes docs/report-screenshot.png (full page,
// 1280 wide) with Debian's Chromium (test/helpers/browser.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderHtmlReport } from '../src/report/html.ts';
import { buildReport } from '../src/report/model.ts';
import type { LoadTestResult, SecondSample } from '../src/types.ts';
import { closeBrowser, withBrowserPage } from '../test/helpers/browser.ts';
import { makeResult } from '../test/helpers/result-fixture.ts';
import { exampleReportInput } from './render-report-example.ts';

const DOCS = join(import.meta.dirname, '..', 'docs');
export const HTML_EXAMPLE_FILE = join(DOCS, 'report-example.html');
export const SCREENSHOT_FILE = join(DOCS, 'report-screenshot.png');

const SECONDS = 60;

/** The example run: the fixture's figures with the timeline below. */
export function exampleResult(): LoadTestResult {
  return makeResult({ run: { series: exampleSeries() } });
}

export function htmlReportExample(): string {
  return renderHtmlReport(buildReport(exampleReportInput(exampleResult())));
}

/**
 * Sixty seconds of a run the way they usually look: a ten-second ramp to 20 iterations/s
 * (three requests each), noise, and a slow patch at 34–41 s where the checkout backend queues
 * and some requests time out. Deterministic: the noise comes from a fixed-seed generator.
 */
export function exampleSeries(): SecondSample[] {
  const noise = seededNoise(42);
  return Array.from({ length: SECONDS }, (_, t) => {
    const ramp = Math.min(1, (t + 1) / 10);
    const started = Math.max(1, Math.round(20 * ramp + noise() * 2));
    const slow = t >= 34 && t <= 41 ? Math.sin(((t - 33) / 9) * Math.PI) : 0;
    const responses = Math.max(1, Math.round(started * (2.9 + noise() * 0.2) - slow * 10));
    const failures = Math.round(slow * 4 + (noise() > 0.8 ? 1 : 0));
    const p50 = 150 + 30 * ramp + noise() * 12 + slow * 180;
    const p95 = p50 * 2 + 40 + Math.abs(noise()) * 60 + slow * 500;
    const p99 = p95 * 1.35 + Math.abs(noise()) * 120 + slow * 600;
    return { t, started, responses, failures, p50: tenth(p50), p95: tenth(p95), p99: tenth(p99) };
  });
}

/** Values in [-1, 1) from a 32-bit linear congruential generator. */
function seededNoise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

function tenth(n: number): number {
  return Math.round(n * 10) / 10;
}

if (import.meta.main) {
  const html = htmlReportExample();
  await writeFile(HTML_EXAMPLE_FILE, html);
  console.log(`wrote ${HTML_EXAMPLE_FILE}`);
  if (process.argv.includes('--screenshot')) {
    try {
      await withBrowserPage(async ({ page }) => {
        await page.setContent(html);
        await page.screenshot({ path: SCREENSHOT_FILE, fullPage: true });
      });
    } finally {
      await closeBrowser();
    }
    console.log(`wrote ${SCREENSHOT_FILE}`);
  }
}
