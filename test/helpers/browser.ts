// Headless Debian Chromium driven by playwright-core (no browser downloads), for tests that
// open pages loadgate writes or serves.
//
// Usage (one browser per test file, a fresh context per call):
//   afterAll(closeBrowser);
//   await withBrowserPage(async ({ page, consoleErrors, pageErrors, requests }) => { … });
//   const served = await serveHtml(html); … await served.close();

import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** The one setting for the browser: LOADGATE_CHROMIUM, else where Debian's package puts it (.ci/run installs it there). */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The browser's path, checked: a missing binary names the setting instead of a launch stack. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.LOADGATE_CHROMIUM;
  const path = set || DEFAULT_CHROMIUM;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(
      set
        ? `LOADGATE_CHROMIUM names ${path}, which is not an executable file: point it at a Chromium binary`
        : `Debian's chromium not found at ${path}: apt-get install chromium, or set LOADGATE_CHROMIUM to a Chromium binary`,
    );
  }
  return path;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserPage {
  page: Page;
  /** Text of every console message of type error. */
  consoleErrors: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** URL of every request the page made, the page itself included. */
  requests: string[];
}

let shared: Promise<Browser> | undefined;

export function launchBrowser(): Promise<Browser> {
  shared ??= Promise.resolve().then(() => chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }));
  return shared;
}

export async function closeBrowser(): Promise<void> {
  const browser = shared;
  shared = undefined;
  if (browser) await (await browser).close();
}

/** Runs fn with a page in a fresh browser context (1280×800), recording errors and requests. */
export async function withBrowserPage<T>(fn: (b: BrowserPage) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const recorded: BrowserPage = { page, consoleErrors: [], pageErrors: [], requests: [] };
    page.on('console', (m) => {
      if (m.type() === 'error') recorded.consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => recorded.pageErrors.push(e.message));
    page.on('request', (r) => recorded.requests.push(r.url()));
    return await fn(recorded);
  } finally {
    await context.close();
  }
}

/** Serves one HTML document at every path from 127.0.0.1 on a free port. */
export async function serveHtml(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/report.html`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
