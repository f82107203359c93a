// The reports other CI systems read (docs/ci.md), written where the user asked: JUnit XML
// (`--junit`, input junit-file) and GitLab's metrics report (`--gitlab-metrics`, input
// gitlab-metrics-file). The same for the action and the CLI.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderGitlabMetrics } from '../report/ci/gitlab-metrics.ts';
import { renderJunit } from '../report/ci/junit.ts';
import type { Judgement, LoadTestResult } from '../types.ts';

export interface CiReportFiles {
  junit?: string;
  gitlabMetrics?: string;
}

/** The paths written, absolute, for the caller to name in its log. */
export async function writeCiReports(files: CiReportFiles, result: LoadTestResult, judgement: Judgement): Promise<string[]> {
  const written: string[] = [];
  if (files.junit) {
    written.push(resolve(files.junit));
    await writeFile(files.junit, renderJunit([{ result, judgement }]));
  }
  if (files.gitlabMetrics) {
    written.push(resolve(files.gitlabMetrics));
    await writeFile(files.gitlabMetrics, renderGitlabMetrics(result));
  }
  return written;
}
