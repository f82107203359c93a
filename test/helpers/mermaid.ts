// Mermaid's own parser, as GitHub runs it: mermaid.parse in headless Chromium (Mermaid needs a
// DOM), loaded from node_modules into a blank page; nothing is fetched from the network.
import { createRequire } from 'node:module';
import { withBrowserPage } from './browser.ts';

const MERMAID_JS = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');

/** Every ```mermaid block of a Markdown text, without its fences. */
export function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}

/** For each diagram, null when Mermaid parses it as the diagram type it names, else Mermaid's error. */
export async function mermaidErrors(diagrams: readonly string[]): Promise<{ type: string | null; error: string | null }[]> {
  return withBrowserPage(async ({ page }) => {
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: MERMAID_JS });
    return page.evaluate(async (texts) => {
      const mermaid = (globalThis as unknown as { mermaid: { parse(text: string): Promise<{ diagramType: string }> } }).mermaid;
      const out: { type: string | null; error: string | null }[] = [];
      for (const text of texts) {
        try {
          out.push({ type: (await mermaid.parse(text)).diagramType, error: null });
        } catch (error) {
          out.push({ type: null, error: String((error as Error).message ?? error) });
        }
      }
      return out;
    }, diagrams);
  });
}
