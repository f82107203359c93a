// The HTML report opened in headless Debian Chromium: it renders without errors, fetches
// nothing but itself, and shows what a reader looks for first.
import { afterAll, describe, expect, it } from 'vitest';
import { exampleResult, htmlReportExample } from '../scripts/render-html-example.ts';
import { htmlOf } from './helpers/report.ts';
import { closeBrowser, serveHtml, withBrowserPage } from './helpers/browser.ts';
import { makeResult } from './helpers/result-fixture.ts';
import { judgementFor } from './helpers/judgement.ts';

afterAll(closeBrowser);

describe('the HTML report in Chromium', () => {
  it('renders the example without errors or fetches, with name, steps, verdict and timeline', async () => {
    const served = await serveHtml(htmlReportExample());
    try {
      await withBrowserPage(async ({ page, consoleErrors, pageErrors, requests }) => {
        await page.goto(served.url, { waitUntil: 'load' });

        expect(consoleErrors).toEqual([]);
        expect(pageErrors).toEqual([]);
        expect(requests).toEqual([served.url]);

        await expect(page.locator('h1').innerText()).resolves.toBe('checkout');
        await expect(page.title()).resolves.toBe('checkout — loadgate report');
        const verdict = page.locator('.verdict');
        expect(await verdict.isVisible()).toBe(true);
        expect(await verdict.innerText()).toMatch(/FAILED\s+checkout failed — 1 of 4 checks failed: http_fail_rate < 1 %/);

        const stepNames = await page.locator('.step-name').allInnerTexts();
        expect(stepNames).toEqual(exampleResult().run.steps.map((s) => s.name));
        for (const name of stepNames) expect(await page.getByText(name, { exact: true }).first().isVisible()).toBe(true);

        const latency = page.locator('figure[data-chart="latency"] svg');
        const box = await latency.boundingBox();
        expect(box?.width).toBeGreaterThan(1000);
        expect(box?.height).toBeGreaterThan(200);
        for (const key of ['p50', 'p95', 'p99']) {
          const path = latency.locator(`path[data-series="${key}"]`);
          await expect(path.count()).resolves.toBe(1);
          // Drawn across the plot, not collapsed to a point.
          const pathBox = await path.boundingBox();
          expect(pathBox?.width).toBeGreaterThan(box ? box.width * 0.8 : Infinity);
        }
        await expect(page.locator('figure[data-chart="throughput"] path[data-series="responses"]').count()).resolves.toBe(1);
      });
    } finally {
      await served.close();
    }
  });

  it('shows hostile names as text and runs nothing from them', async () => {
    const result = makeResult({ name: 'shop</script><script>alert(1)</script>', steps: ['<img src=x onerror=alert(1)>'] });
    const served = await serveHtml(htmlOf({ result, judgement: judgementFor(result) }));
    try {
      await withBrowserPage(async ({ page, consoleErrors, pageErrors, requests }) => {
        const dialogs: string[] = [];
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        await page.goto(served.url, { waitUntil: 'load' });

        expect(dialogs).toEqual([]);
        expect(consoleErrors).toEqual([]);
        expect(pageErrors).toEqual([]);
        expect(requests).toEqual([served.url]);
        await expect(page.locator('img').count()).resolves.toBe(0);
        await expect(page.locator('h1').innerText()).resolves.toBe('shop</script><script>alert(1)</script>');
        await expect(page.locator('.step-name').innerText()).resolves.toBe('<img src=x onerror=alert(1)>');
      });
    } finally {
      await served.close();
    }
  });

  it('shows the note instead of a timeline for a run without per-second data', async () => {
    const hosted = makeResult({ run: { series: [], mode: 'hosted' } });
    const html = htmlOf({ result: hosted, judgement: judgementFor(hosted) });
    await withBrowserPage(async ({ page, consoleErrors }) => {
      await page.setContent(html);
      expect(consoleErrors).toEqual([]);
      await expect(page.locator('#timeline').innerText()).resolves.toContain('no per-second data (hosted or merged run)');
      await expect(page.locator('figure[data-chart="latency"]').count()).resolves.toBe(0);
    });
  });
});
