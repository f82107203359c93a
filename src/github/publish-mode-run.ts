// mode publish's two ends (docs/ci.md, Forks): the `github` block a pull_request run writes into
// its results, and the publish run that posts those results' comment and check from the
// artifacts alone (publish-mode.ts checks each file against the triggering run).
import * as core from '@actions/core';
import type { Comparison } from '../results/comparison.ts';
import { InputError, type Problem } from '../errors.ts';
import type { GitHubInputs } from '../settings/github-inputs.ts';
import type { Concluded } from '../pipeline/conclude.ts';
import { buildReport } from '../report/model.ts';
import type { LoadTestResult } from '../types.ts';
import { RESULTS_ARTIFACT_PREFIX } from './artifact.ts';
import { headShaOf, pullRequestFromEvent, type PullRequestRef } from './context.ts';
import { logInfo } from './log.ts';
import { commentJobOf, definitionPath, postReport, withNote } from './post-report.ts';
import { createOctokit } from './publish.ts';
import {
  downloadRunResults,
  findPullRequest,
  readPublishable,
  triggeringRunOf,
  type PublishBlock,
  type ResultsWithBlock,
  type TriggeringRun,
} from './publish-mode.ts';
import { checkNameOf, StatusCheck } from './status-check.ts';

/**
 * What a later mode publish needs of a pull_request run (docs/results.md, `github`): the PR and
 * its head, the names the comment and check take, and the verdict with what the report showed.
 */
export function publishBlockOf(
  inputs: GitHubInputs,
  env: NodeJS.ProcessEnv,
  payload: unknown,
  concluded: Concluded,
  report: PublishBlock['report'],
): PublishBlock | undefined {
  const pr = pullRequestFromEvent(env.GITHUB_EVENT_NAME ?? '', payload);
  const headSha = headShaOf(env.GITHUB_EVENT_NAME ?? '', payload, env);
  if (!pr || !headSha) return undefined;
  const { result, judgement, model } = concluded;
  const definitionFile = definitionPath(inputs, env);
  const latencyOutcomes = model.latency?.outcomes;
  return {
    pull_request: pr.number,
    head_sha: headSha,
    job: commentJobOf(inputs, env),
    check_name: checkNameOf(inputs.checkName, result.run.name, inputs.matrixEntry),
    ...(definitionFile && { definition_file: definitionFile }),
    judgement,
    report: { ...report, ...(latencyOutcomes && { latency_outcomes: [...latencyOutcomes] }) },
  };
}

/** A results file without its own `github` block: a PR run's results as another's baseline would otherwise nest them. */
export function withoutBlock(result: LoadTestResult): LoadTestResult {
  const copy: LoadTestResult & { github?: unknown } = { ...result };
  delete copy.github;
  return copy;
}

/**
 * mode publish: the comment and check of a pull_request run, from its results artifacts alone.
 * Every file is checked against the triggering run before anything is posted, so one that does
 * not match refuses them all.
 */
export async function runPublish(inputs: GitHubInputs, env: NodeJS.ProcessEnv, payload: unknown): Promise<void> {
  const run = triggeringRunOf(env.GITHUB_EVENT_NAME ?? '', payload);
  if (run.event !== 'pull_request') {
    logInfo(`loadgate: run ${run.runId} ran on ${run.event || 'an unknown event'}, not a pull request: nothing to publish`);
    return;
  }
  if (!inputs.githubToken)
    throw new InputError([
      { path: 'github-token', message: 'mode publish needs a token (pull-requests: write, checks: write, actions: read)' },
    ]);
  const octokit = createOctokit(inputs.githubToken, env.GITHUB_API_URL);
  const pr = await findPullRequest(octokit, run);
  if (!pr) {
    core.warning(`loadgate: no open pull request has ${run.headSha} (run ${run.runId}) as its head: nothing to publish`);
    return;
  }
  const downloaded = await downloadRunResults(octokit, run, inputs.githubToken);
  if (downloaded.length === 0) {
    core.warning(`loadgate: run ${run.runId} kept no ${RESULTS_ARTIFACT_PREFIX}* artifact: nothing to publish`);
    return;
  }
  const checked = await checkAll(downloaded, pr, run.headSha);
  for (const { file, results } of checked) await publishResults(inputs, env, payload, run, pr, file, results);
}

/** Every downloaded file, checked; bad input naming every problem of every file when one does not match. */
async function checkAll(
  downloaded: { artifact: string; file: string }[],
  pr: PullRequestRef,
  headSha: string,
): Promise<{ file: string; results: ResultsWithBlock }[]> {
  const checked: { file: string; results: ResultsWithBlock }[] = [];
  const problems: Problem[] = [];
  for (const { artifact, file } of downloaded) {
    try {
      checked.push({ file, results: await readPublishable(file, artifact, pr, headSha) });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new InputError(problems);
  return checked;
}

/** One checked results file, posted as its pull_request run would have posted it. */
async function publishResults(
  inputs: GitHubInputs,
  env: NodeJS.ProcessEnv,
  payload: unknown,
  run: TriggeringRun,
  pr: PullRequestRef,
  file: string,
  results: ResultsWithBlock,
): Promise<void> {
  const { github: block, ...measured } = results;
  // The links lead to the triggering run, as GitHub names it, not to a URL the file claims.
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const runPage = `${server}/${run.owner}/${run.repo}/actions/runs/${run.runId}`;
  const result = { ...measured, test_url: runPage };
  const { judgement, report } = block;
  const model = buildReport({
    result,
    judgement,
    ...(report.baseline && { baseline: report.baseline }),
    ...(results.comparison !== undefined && { comparison: results.comparison as Comparison }),
    ...(report.latency_outcomes && { latencyOutcomes: report.latency_outcomes }),
    ...(block.definition_file && { definitionFile: block.definition_file }),
  });
  const concluded = withNote({ result, judgement, model }, report.notes.join('; ') || undefined);
  const check = new StatusCheck({
    enabled: inputs.check,
    token: inputs.githubToken,
    name: block.check_name,
    owner: run.owner,
    repo: run.repo,
    headSha: run.headSha,
    detailsUrl: runPage,
    ...(env.GITHUB_API_URL && { apiUrl: env.GITHUB_API_URL }),
    warn: (message) => core.warning(message),
    info: logInfo,
  });
  logInfo(`loadgate: publishing "${result.run.name}" of run ${run.runId} on PR #${pr.number} (${run.headSha}): ${judgement.outcome}`);
  await postReport({
    inputs,
    env,
    payload,
    concluded,
    resultsPath: file,
    check,
    job: block.job,
    pullRequest: pr,
    ...(block.definition_file && { annotationFile: block.definition_file, definitionFile: block.definition_file }),
  });
}
