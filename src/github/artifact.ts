// Uploads the HTML report as a workflow artifact so the PR comment can link to it. Like the rest
// of publishing this never throws: an upload that cannot happen is a reason the caller logs as a
// warning, and the run goes on.
import { dirname } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';

export interface UploadReportOptions {
  /** Absolute path of the HTML file. */
  file: string;
  /** The artifact's name; see artifactName(). */
  name: string;
  /** Days before GitHub deletes the artifact; the repository's setting caps it. */
  retentionDays?: number;
  /** Defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

export type UploadReportResult = { ok: true; id: number; url: string } | { ok: false; reason: string };

export const NOT_IN_ACTIONS = 'not running in GitHub Actions (no artifact service)';

// Characters the artifact service refuses in names (NTFS limits), as @actions/artifact lists them.
const INVALID_NAME_CHARACTERS = /[":<>|*?\r\n\\/]/g;
const MAX_TEST_NAME_LENGTH = 100;

/** `loadgate-report-<test name>`, with every character the artifact service refuses made a dash. */
export function artifactName(testName: string, job = '', prefix = 'loadgate-report'): string {
  const clean = (text: string) => text.replace(INVALID_NAME_CHARACTERS, '-').trim().slice(0, MAX_TEST_NAME_LENGTH);
  return [prefix, clean(testName), clean(job)].filter((part) => part !== '').join('-');
}

/** The results artifacts' prefix: mode publish downloads every artifact of a run that has it. */
export const RESULTS_ARTIFACT_PREFIX = 'loadgate-results-';

/**
 * `loadgate-results-<test name>`: the stable name under which every run keeps its results file
 * (baseline: auto, mode publish); in a matrix `-<entry>` follows, so each entry keeps its own and
 * finds its own counterpart on the base branch.
 */
export function resultsArtifactName(testName: string, matrixEntry = ''): string {
  return artifactName(testName, matrixEntry, RESULTS_ARTIFACT_PREFIX.slice(0, -1));
}

/** Names tried after the first is taken (a matrix running one definition in one job id twice). */
const NAME_ATTEMPTS = 5;

/**
 * Uploads under `name`, or, when another job of the run has it already, under `name-2`, `name-3`…:
 * matrix entries share the job id, and nothing in a runner's environment tells them apart.
 */
export async function uploadReportArtifactUniquely(opts: UploadReportOptions): Promise<UploadReportResult> {
  let uploaded = await uploadReportArtifact(opts);
  for (let n = 2; n <= NAME_ATTEMPTS && !uploaded.ok && /already exists/.test(uploaded.reason); n++) {
    uploaded = await uploadReportArtifact({ ...opts, name: `${opts.name}-${n}` });
  }
  return uploaded;
}

export async function uploadReportArtifact(opts: UploadReportOptions): Promise<UploadReportResult> {
  const env = opts.env ?? process.env;
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) return { ok: false, reason: NOT_IN_ACTIONS };
  const run = runOf(env);
  if (!run) return { ok: false, reason: 'GITHUB_REPOSITORY or GITHUB_RUN_ID is not set, so the artifact could not be linked' };
  const { retentionDays } = opts;
  if (retentionDays !== undefined && !(Number.isInteger(retentionDays) && retentionDays >= 1)) {
    return { ok: false, reason: `retention days must be a whole number of at least 1, got ${retentionDays}` };
  }
  try {
    const options = retentionDays ? { retentionDays } : {};
    const { id } = await withSdkEnv(env, () =>
      new DefaultArtifactClient().uploadArtifact(opts.name, [opts.file], dirname(opts.file), options),
    );
    if (id === undefined) return { ok: false, reason: `the artifact service returned no id for "${opts.name}"` };
    return { ok: true, id, url: `${run}/artifacts/${id}` };
  } catch (error) {
    return { ok: false, reason: `uploading ${opts.file} as artifact "${opts.name}" failed: ${messageOf(error)}` };
  }
}

/** `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`, the page that lists the run's artifacts. */
function runOf(env: NodeJS.ProcessEnv): string | undefined {
  const repository = env.GITHUB_REPOSITORY;
  const runId = env.GITHUB_RUN_ID;
  if (!repository || !runId) return undefined;
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  return `${server}/${repository}/actions/runs/${runId}`;
}

// @actions/artifact reads these from process.env while it uploads, not only when called.
const SDK_ENV_KEYS = [
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RESULTS_URL',
  'GITHUB_SERVER_URL',
  'GITHUB_RETENTION_DAYS',
  'ACTIONS_ARTIFACT_UPLOAD_CONCURRENCY',
  'ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS',
] as const;

let sdkEnvQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `upload` with the SDK's variables taken from `env`, then puts process.env back. Uploads
 * are queued so that one cannot see another's variables.
 */
function withSdkEnv<T>(env: NodeJS.ProcessEnv, upload: () => Promise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    const saved = SDK_ENV_KEYS.map((key) => [key, process.env[key]] as const);
    for (const key of SDK_ENV_KEYS) setOrDelete(key, env[key]);
    try {
      return await upload();
    } finally {
      for (const [key, value] of saved) setOrDelete(key, value);
    }
  };
  const result = sdkEnvQueue.then(run, run);
  sdkEnvQueue = result.catch(() => undefined);
  return result;
}

function setOrDelete(key: string, value: string | undefined): void {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
