// The status check's life in one job (docs/ci.md): started when the test is known, completed
// with the verdict or with bad input. Like the comment, a check that cannot be written is a
// warning naming what to change, never a failed job.
import { createOctokit, apiMessage, httpStatus, messageOf } from './publish.ts';
import { completeCheckRun, conclusionOf, startCheckRun, type CheckAnnotation, type CheckOutput, type CheckTarget } from './check-run.ts';
import type { Octokit } from './comment.ts';
import { oneLine, truncate } from '../report/format.ts';
import type { Outcome } from '../types.ts';

/** As many characters of the test's name as the report's tables show. */
const TEST_NAME_CHARS = 80;

export interface StatusCheckOptions {
  enabled: boolean;
  token?: string;
  /** input check-name; empty: `loadgate: <test name>`, plus the matrix entry. */
  name: string;
  /** The job's matrix entry (matrixEntryOf); empty outside a matrix. */
  matrixEntry?: string;
  owner?: string;
  repo?: string;
  headSha?: string;
  detailsUrl?: string;
  apiUrl?: string;
  warn: (message: string) => void;
  info: (message: string) => void;
  now?: () => Date;
}

export class StatusCheck {
  private started: Promise<number | undefined> | undefined;
  private checkName = '';
  private readonly octokit: Octokit | undefined;
  private readonly options: StatusCheckOptions;

  constructor(options: StatusCheckOptions) {
    this.options = options;
    const { enabled, token, owner, repo, headSha } = options;
    this.octokit = enabled && token && owner && repo && headSha ? createOctokit(token, options.apiUrl) : undefined;
  }

  /** Starts the check for this test (a new check run, also on a re-run); later calls keep the first. */
  start(testName: string): void {
    if (!this.octokit || this.started) return;
    this.checkName = checkNameOf(this.options.name, testName, this.options.matrixEntry);
    this.started = this.attempt('create', (octokit) => startCheckRun(octokit, this.target(), this.now()));
  }

  /** Completes the check with the verdict (starting it first when the run never got that far). */
  async complete(testName: string, outcome: Outcome | 'bad-input' | 'error', output: CheckOutput): Promise<void> {
    this.start(testName);
    const id = await this.started;
    if (id === undefined || !this.octokit) return;
    const { owner = '', repo = '' } = this.options;
    const done = await this.attempt('complete', (octokit) =>
      completeCheckRun(octokit, { owner, repo, id }, conclusionOf(outcome), output, this.now()).then(() => true),
    );
    if (done) this.options.info(`loadgate: check run "${this.checkName}" completed: ${conclusionOf(outcome)}`);
  }

  private target(): CheckTarget {
    const { owner = '', repo = '', headSha = '', detailsUrl } = this.options;
    return { owner, repo, headSha, name: this.checkName, ...(detailsUrl && { detailsUrl }) };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async attempt<T>(what: string, call: (octokit: Octokit) => Promise<T>): Promise<T | undefined> {
    try {
      return await call(this.octokit!);
    } catch (error) {
      this.options.warn(checkFailure(what, this.checkName, error));
      return undefined;
    }
  }
}

/**
 * The check's name: input check-name, else `loadgate: <test name>`, with the matrix entry added
 * as GitHub adds it to a job's name, so that matrix entries never complete one another's check.
 * GitHub shows the name as plain text in one line wherever checks are listed: a line break (from
 * a test's name, or a results file's in mode publish) becomes a space, and a long test name is cut.
 */
export function checkNameOf(name: string, testName: string, matrixEntry = ''): string {
  if (name) return oneLine(name);
  const test = truncate(oneLine(testName), TEST_NAME_CHARS);
  return oneLine(matrixEntry ? `loadgate: ${test} (${matrixEntry})` : `loadgate: ${test}`);
}

/** What failed and, for a refused token, the permission to give. */
export function checkFailure(what: string, name: string, error: unknown): string {
  const status = httpStatus(error);
  if (status === undefined) return `Could not ${what} the check run "${name}": the GitHub API could not be reached (${messageOf(error)}).`;
  const message = `Could not ${what} the check run "${name}": ${apiMessage(error) ?? messageOf(error)} (${status}).`;
  if (status === 403 || status === 404) {
    return (
      `${message} Give the job "permissions: checks: write", or set check: false. A fork's pull request gets a read-only token: ` +
      'post the check from a workflow_run workflow with mode: publish (docs/ci.md, Forks).'
    );
  }
  return message;
}

/** One annotation per failed check, on the definition file (the Checks API needs a path). */
export function checkAnnotations(
  failed: readonly { describe: string; actual: string; limit?: string; warnOnly?: boolean; kind: string }[],
  path: string,
): CheckAnnotation[] {
  return failed.map((c) => ({
    path,
    start_line: 1,
    end_line: 1,
    annotation_level: c.warnOnly ? 'warning' : 'failure',
    title: c.warnOnly
      ? 'loadgate: warning'
      : c.kind === 'threshold' || c.kind === 'latency'
        ? 'loadgate: threshold failed'
        : 'loadgate: check failed',
    message: `${c.describe}: actual ${c.actual}${c.limit ? ` (limit ${c.limit})` : ''}`,
  }));
}
