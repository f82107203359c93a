// The reports other CI systems read (docs/ci.md), written where the user asked: JUnit XML
// (`--junit`, input junit-file), GitLab's metrics report (`--gitlab-metrics`, input
// gitlab-metrics-file) and the CLI's Markdown summary (`--summary-file`, docs/history.md).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderGitlabMetrics } from '../report/ci/gitlab-metrics.ts';
import { renderJunit } from '../report/ci/junit.ts';
import { renderMarkdown } from '../report/markdown.ts';
import type { ReportModel } from '../report/model.ts';
import type { Judgement, LoadTestResult } from '../types.ts';

export interface CiReportFiles {
  junit?: string;
  gitlabMetrics?: string;
  /** The job summary's Markdown, for CIs other than GitHub's. */
  summary?: string;
}

/** The paths written, absolute, for the caller to name in its log. */
export async function writeCiReports(
  files: CiReportFiles,
  result: LoadTestResult,
  judgement: Judgement,
  model?: ReportModel,
): Promise<string[]> {
  const written: string[] = [];
  if (files.junit) {
    written.push(resolve(files.junit));
    await writeFile(files.junit, renderJunit([{ result, judgement }]));
  }
  if (files.gitlabMetrics) {
    written.push(resolve(files.gitlabMetrics));
    await writeFile(files.gitlabMetrics, renderGitlabMetrics(result));
  }
  if (files.summary && model) {
    written.push(resolve(files.summary));
    await writeFile(files.summary, renderMarkdown(model));
  }
  return written;
}
