// The two artifacts every run keeps: its web report, which the comment links to, and its results
// file, which later runs find (baseline: auto, history: auto, mode publish). An upload that
// cannot happen is a warning, or a line outside Actions; the run goes on.
import { writeFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { reportPathFor } from '../pipeline/sources.ts';
import { renderHtmlReport } from '../report/html.ts';
import type { ReportModel } from '../report/model.ts';
import { artifactName, NOT_IN_ACTIONS, uploadReportArtifact, uploadReportArtifactUniquely } from './artifact.ts';
import { logInfo } from './log.ts';

/** The web report next to the results file, uploaded as an artifact; its link, when there is one. */
export async function writeAndUploadReport(
  model: ReportModel,
  resultsPath: string,
  reportName: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const file = reportPathFor(resultsPath);
  await writeFile(file, renderHtmlReport(model));
  const name = reportName || artifactName(model.name, env.GITHUB_JOB ?? '');
  const uploaded = await uploadReportArtifactUniquely({ file, name, env });
  if (uploaded.ok) return uploaded.url;
  if (uploaded.reason === NOT_IN_ACTIONS) logInfo(`loadgate: web report written to ${file}`);
  else core.warning(`loadgate: the web report could not be uploaded as an artifact: ${uploaded.reason}`);
  return undefined;
}

/** Every run keeps its results under a stable name, for later runs' baseline: auto. */
export async function uploadResults(file: string, name: string, env: NodeJS.ProcessEnv): Promise<void> {
  const uploaded = await uploadReportArtifact({ file, name, env });
  if (!uploaded.ok && uploaded.reason !== NOT_IN_ACTIONS)
    core.warning(`loadgate: the results file could not be kept as an artifact: ${uploaded.reason}`);
}
