// What the action posts of a run (docs/ci.md): the web report and results artifacts, then the
// sticky comment, job summary, outputs, annotations and status check of one judged result; the
// same posting serves mode publish. Bad input and errors get their summary and check here too.
// Nothing here fails the step: main does, after everything was posted.
import { relative, resolve, basename, extname } from 'node:path';
import { writeFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { formatProblem, problemLines, shownProblems, type InputError } from '../errors.ts';
import type { GitHubInputs } from '../settings/github-inputs.ts';
import type { Concluded } from '../pipeline/conclude.ts';
import { resultsText } from '../pipeline/sources.ts';
import { renderMarkdown, renderSummaryLine } from '../report/markdown.ts';
import { escapeMarkdown } from '../report/markdown-blocks.ts';
import type { ReportModel } from '../report/model.ts';
import { resultsArtifactName } from './artifact.ts';
import { CHECK_SUMMARY_LIMIT } from './check-run.ts';
import { commentBudget, commentMarker, commentState } from './comment.ts';
import type { PullRequestRef } from './context.ts';
import { logInfo } from './log.ts';
import { annotationsOf, outputsOf } from './outputs.ts';
import { publishReport } from './publish.ts';
import { uploadResults, writeAndUploadReport } from './run-artifacts.ts';
import { checkAnnotations, type StatusCheck } from './status-check.ts';

/** A run's report: its artifacts first, so that the comment and the check link to the web report. */
export async function publishRun(
  inputs: GitHubInputs,
  env: NodeJS.ProcessEnv,
  payload: unknown,
  concluded: Concluded,
  resultsPath: string,
  check: StatusCheck,
): Promise<void> {
  const { result, model } = concluded;
  const reportUrl = await writeAndUploadReport(model, resultsPath, inputs.reportName, env);
  await uploadResults(resultsPath, resultsArtifactName(result.run.name, inputs.matrixEntry), env);
  const linked: ReportModel = reportUrl ? { ...model, links: { ...model.links, htmlReport: reportUrl } } : model;
  const definitionFile = definitionPath(inputs, env);
  await postReport({
    inputs,
    env,
    payload,
    concluded: { ...concluded, model: linked },
    resultsPath,
    check,
    job: commentJobOf(inputs, env),
    ...(inputs.test && { annotationFile: inputs.test }),
    ...(definitionFile && { definitionFile }),
  });
}

/** A shard is judged and reported at the merge, where all its data is: here only one line. */
export async function publishShard(shard: Concluded, resultsPath: string): Promise<void> {
  await writeFile(resultsPath, resultsText(shard.result));
  const line = renderSummaryLine(shard.model);
  logInfo(line);
  await publishReport({
    markdown: line,
    outputs: outputsOf(shard.result, undefined, resultsPath),
    annotations: [],
    comment: { enabled: false, testName: shard.result.run.name, job: '', eventName: '', eventPayload: {} },
  });
}

export interface Posting {
  inputs: GitHubInputs;
  env: NodeJS.ProcessEnv;
  /** The event's payload, as the run read it once. */
  payload: unknown;
  concluded: Concluded;
  resultsPath: string;
  check: StatusCheck;
  /** The job whose sticky comment it is. */
  job: string;
  /** Where the workflow's annotations point, and the check's (relative to the workspace). */
  annotationFile?: string;
  definitionFile?: string;
  /** The PR, when the event is not its own (mode publish). */
  pullRequest?: PullRequestRef;
}

/** The comment, summary, outputs, annotations and check of one judged result: the same for a run and for mode publish. */
export async function postReport(p: Posting): Promise<void> {
  const { inputs, env, check } = p;
  const { result, judgement, model: linked } = p.concluded;
  const marker = commentMarker(result.run.name, p.job);
  const state = commentState(judgement);
  const markdown = renderMarkdown(linked, { maxLength: commentBudget(marker, state) });
  await publishReport({
    markdown,
    outputs: outputsOf(result, judgement, p.resultsPath),
    annotations: annotationsOf(judgement, p.annotationFile),
    comment: {
      enabled: inputs.comment,
      policy: { when: inputs.commentWhen, state, failed: judgement.outcome !== 'passed' },
      token: inputs.githubToken || undefined,
      testName: result.run.name,
      job: p.job,
      eventName: env.GITHUB_EVENT_NAME ?? '',
      eventPayload: p.payload,
      ...(p.pullRequest && { pullRequest: p.pullRequest }),
    },
  });
  await check.complete(result.run.name, judgement.outcome, {
    title: renderSummaryLine(linked),
    summary: renderMarkdown(linked, { maxLength: CHECK_SUMMARY_LIMIT }),
    // The Checks API places annotations on a file: a merge has none of its own.
    annotations: p.definitionFile
      ? checkAnnotations(
          judgement.checks.filter((c) => !c.passed),
          p.definitionFile,
        )
      : [],
  });
}

/** A line of the report's context, where every surface shows it. */
export function withNote(concluded: Concluded, note: string | undefined): Concluded {
  if (!note) return concluded;
  return { ...concluded, model: { ...concluded.model, context: [...concluded.model.context, [{ user: note }]] } };
}

/** The job whose sticky comment it is: in a matrix with its entry, so entries never overwrite one another's comment. */
export function commentJobOf(inputs: GitHubInputs, env: NodeJS.ProcessEnv): string {
  const job = env.GITHUB_JOB ?? 'loadgate';
  return inputs.matrixEntry ? `${job} (${inputs.matrixEntry})` : job;
}

/** The definition relative to the workspace, as the Checks API places annotations. */
export function definitionPath(inputs: GitHubInputs, env: NodeJS.ProcessEnv): string {
  return inputs.test && relative(env.GITHUB_WORKSPACE || process.cwd(), resolve(inputs.test));
}

/** The summary, outputs, annotations and check of a run that never started: nothing was sent. */
export async function postBadInput(error: InputError, check: StatusCheck, test: string): Promise<void> {
  for (const problem of shownProblems(error.problems).shown) {
    core.error(formatProblem(problem), {
      title: 'loadgate: bad input',
      ...(problem.file && { file: problem.file }),
      ...(problem.line !== undefined && { startLine: problem.line }),
      ...(problem.column !== undefined && { startColumn: problem.column }),
    });
  }
  core.setOutput('passed', 'false');
  const items = problemLines(error.problems).map((line) => `- ${escapeMarkdown(line)}`);
  const title = 'loadgate: bad input — nothing was sent';
  try {
    await core.summary.addRaw(`### ❌ ${title}\n\n${items.join('\n')}\n`).write();
  } catch {
    // No job summary file outside Actions: the annotations above say it all.
  }
  await check.complete(fallbackTestName(test), 'bad-input', { title, summary: items.join('\n'), annotations: [] });
}

/**
 * An error nothing expected: the check is completed as a failure with its (redacted) message,
 * since one left in_progress would hold a required check until GitHub times it out.
 */
export async function postError(message: string, check: StatusCheck, test: string): Promise<void> {
  await check.complete(fallbackTestName(test), 'error', {
    title: 'loadgate: error — the run did not finish',
    summary: `loadgate stopped on an error: ${escapeMarkdown(message)}\n\nThe job log has the details.`,
    annotations: [],
  });
}

/** Before the definition named the test, its file's name stands in for it. */
function fallbackTestName(test: string): string {
  return basename(test, extname(test)) || 'loadgate';
}
