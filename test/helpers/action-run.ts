// The action run as GitHub runs it, from its source entry (src/action/action.ts on the project's Node,
// which strips the types): INPUT_* variables, an event file, summary and output files, octokit
// pointed at a local stand-in of the REST API. For tests of the action's GitHub surfaces that
// must not wait for dist/ to be rebuilt.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runNode } from './process.ts';

export interface ActionRun {
  code: number | null;
  stdout: string;
  summary: string;
  outputs: string;
}

export interface ActionRunSettings {
  /** Folder for the event, summary and output files; the workspace. */
  dir: string;
  apiUrl: string;
  inputs: Record<string, string>;
  /** The event's payload and name (default: pull_request #7 of acme/shop, head abc, base main). */
  event?: { name: string; payload: unknown };
  env?: Record<string, string>;
  /** Distinguishes the files of several runs in one folder. */
  id: string;
  /** Send SIGINT (a cancelled job) once the output so far satisfies this (runNode). */
  interruptWhen?: (output: string) => boolean;
}

export const PR_EVENT = {
  name: 'pull_request',
  payload: {
    action: 'synchronize',
    number: 7,
    pull_request: { number: 7, head: { sha: 'abc', ref: 'feature' }, base: { ref: 'main' } },
    repository: { name: 'shop', owner: { login: 'acme' }, full_name: 'acme/shop' },
  },
};

export async function runActionSource(settings: ActionRunSettings): Promise<ActionRun> {
  const { dir, id } = settings;
  const event = settings.event ?? PR_EVENT;
  const summaryPath = join(dir, `summary-${id}.md`);
  const outputPath = join(dir, `output-${id}.txt`);
  const eventPath = join(dir, `event-${id}.json`);
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  writeFileSync(eventPath, JSON.stringify(event.payload));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_JOB: 'load',
    GITHUB_SHA: 'merge0',
    GITHUB_WORKSPACE: dir,
    GITHUB_API_URL: settings.apiUrl,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    RUNNER_TEMP: dir,
    ...settings.env,
  };
  for (const [name, value] of Object.entries(settings.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const run = await runNode([new URL('../../src/action/action.ts', import.meta.url).pathname], {
    env,
    cwd: dir,
    ...(settings.interruptWhen && { interruptWhen: settings.interruptWhen }),
  });
  return { code: run.code, stdout: run.out, summary: readFileSync(summaryPath, 'utf8'), outputs: readFileSync(outputPath, 'utf8') };
}
