// The pieces every Markdown section is built from (the report's own sections, the comparison and
// the latency test): escaping, tables, collapsed blocks, Mermaid labels and axes.
import { oneLine, truncate } from './format.ts';

/**
 * Escapes user text (names, URLs, error reasons, status keys) for a Markdown table cell or a
 * heading: it cannot end the cell, start a tag, entity, code span, emphasis or math, or break the line,
 * and a bare URL in it stays text, not a live link (GitHub autolinks `scheme://` and `www.`).
 * `<`, `>` and `&` stay readable where they cannot start markup (`p95 < 500 ms`).
 */
export function escapeMarkdown(text: string): string {
  return (
    oneLine(text)
      .replace(/&(?=[#A-Za-z])/g, '&amp;')
      .replace(/<(?![\s=]|$)/g, '&lt;')
      .replace(/(?<!\s)>|>(?![\s=]|$)/g, '&gt;')
      .replace(/[\\`*_[\]|~$]/g, '\\$&')
      // `@name` would notify a person and `#12` link an issue: a zero-width space defuses both.
      .replace(/([@#])(?=[\w-])/g, '$1\u200b')
      // The same space keeps GitHub's autolinker from seeing `https://` or `www.` (a link in the
      // report would look like one the report made).
      .replace(/:(?=\/\/)|www(?=\.)/gi, '$&\u200b')
  );
}

/** `markdownTable(['a','b'], 'lr', rows)`: one alignment letter per column (l left, r right). Cells arrive escaped. */
export function markdownTable(header: readonly string[], align: string, rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = header.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  return [line(header), line(rule), ...rows.map(line)].join('\n');
}

/** The blank lines around the content let GitHub render the Markdown inside the HTML block. */
export function details(summary: string, content: string): string {
  return `<details>\n<summary>${summary}</summary>\n\n${content}\n\n</details>`;
}

/** A label Mermaid reads inside one quoted string: no quotes, brackets, entities or line breaks. */
export function mermaidLabel(name: string, max: number): string {
  const safe = name
    .replace(/[^\p{L}\p{N} _\-./:()+]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(safe === '' ? '?' : safe, max);
}

/** The first round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k) at or above n, to end an axis on. */
export function niceCeiling(n: number): number {
  if (n <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const factor = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((f) => f * magnitude >= n) ?? 10;
  return Math.round(factor * magnitude);
}
