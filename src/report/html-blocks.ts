// The pieces every section of the web report is built from (the report's own sections, the
// comparison and the latency test).
import { escapeXml } from './svg.ts';

/** A titled card of the page, with an id made from its title. */
export function htmlSection(title: string, body: string): string {
  const id = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `<section id="${escapeXml(id)}">\n<h2>${escapeXml(title)}</h2>\n${body}\n</section>`;
}

/** One alignment letter per column (l left, r right: numbers). Headers are plain text; cells arrive escaped. */
export function htmlTable(header: readonly string[], align: string, rows: readonly (readonly string[])[]): string {
  const cls = (i: number) => (align[i] === 'r' ? ' class="num"' : '');
  const head = header.map((h, i) => `<th${cls(i)}>${escapeXml(h)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`).join('\n');
  return `<div class="table-wrap"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

export function badge(kind: 'pass' | 'fail' | 'warn', label: string): string {
  return `<span class="badge badge-${kind}">${label}</span>`;
}
