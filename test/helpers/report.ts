// The report model rendered in one call, for tests of the renderers: the source a pipeline gives
// buildReport, plus the renderer's own options.
import { renderHtmlReport, type HtmlOptions } from '../../src/report/html.ts';
import { renderMarkdown, renderSummaryLine, type MarkdownOptions } from '../../src/report/markdown.ts';
import { buildReport, textOf, type ReportSource, type VerdictStatus } from '../../src/report/model.ts';
import { renderTerminal, type TerminalOptions } from '../../src/report/terminal.ts';
import type { Judgement, LoadTestResult } from '../../src/types.ts';

export function markdownOf(input: ReportSource & MarkdownOptions): string {
  return renderMarkdown(buildReport(input), input);
}

export function htmlOf(input: ReportSource & HtmlOptions): string {
  return renderHtmlReport(buildReport(input), input);
}

export function terminalOf(input: ReportSource, options: TerminalOptions): string {
  return renderTerminal(buildReport(input), options);
}

export function summaryLineOf(result: LoadTestResult, judgement: Judgement): string {
  return renderSummaryLine(buildReport({ result, judgement }));
}

/** The verdict line as plain text (user text unescaped), and its status. */
export function verdictOf(result: LoadTestResult, judgement: Judgement): { status: VerdictStatus; text: string } {
  const { verdict } = buildReport({ result, judgement });
  return { status: verdict.status, text: textOf(verdict.text) };
}
