// Runs loadgate (or any script) as a user or a runner would: a child process on the project's
// Node, its output collected, the exit code kept.
import { spawn } from 'node:child_process';
import { assertDistCurrent, isBundle } from './dist.ts';

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, in the order they arrived. */
  out: string;
}

export interface ProcessOptions {
  /** The whole environment of the child (default: this process's). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** The Node binary (default: the one running the tests, the project's Node 24). */
  node?: string;
  /**
   * Send SIGINT (a cancelled job, Ctrl-C) once the output so far satisfies this: an observable
   * event such as the first progress line, never a fixed delay that a busy machine can miss.
   */
  interruptWhen?: (output: string) => boolean;
  /** Send SIGINT each time interruptWhen says so (a second Ctrl-C), not only the first. */
  repeatInterrupt?: boolean;
  /** Called with the output so far whenever more arrives: for a test that acts on what the child said. */
  onOutput?: (output: string) => void;
}

/**
 * How long a test waits for an event (a server started, a status reached, a request seen) before
 * failing with what it waited for: generous for a busy machine, and under vitest's test timeout
 * (vitest.config.ts) so that the message, not the timeout, is what a failure shows.
 */
export const EVENT_WAIT_MS = 90_000;

/** A Node older than loadgate needs (Node 20 on these machines; CI's workflow names one). */
export const OLD_NODE = process.env.LOADGATE_TEST_OLD_NODE || '/usr/bin/node';

/** A minimal environment: PATH plus what the test sets, so the runner's own GITHUB_* stay out. */
export function cleanEnv(vars: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', ...compileCache(), ...vars };
}

/**
 * Node's compile cache, where vitest.config.ts names one, for a process started with an
 * environment of its own: every child process starts Node on the TypeScript sources, and the
 * cache spares each one after the first the compiling (what it runs is the same).
 */
export function compileCache(): { NODE_COMPILE_CACHE?: string } {
  const dir = process.env.NODE_COMPILE_CACHE;
  return dir ? { NODE_COMPILE_CACHE: dir } : {};
}

/** Runs a script on Node; a committed bundle (dist/, bin/) only once it is the sources' build (helpers/dist.ts). */
export function runNode(args: string[], options: ProcessOptions = {}): Promise<ProcessRun> {
  return new Promise((resolve) => {
    if (args[0] !== undefined && isBundle(args[0], options.cwd)) assertDistCurrent();
    const child = spawn(options.node ?? process.execPath, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: ProcessRun = { code: null, stdout: '', stderr: '', out: '' };
    let interrupted = false;
    const onData = (): void => {
      options.onOutput?.(run.out);
      if ((interrupted && !options.repeatInterrupt) || !options.interruptWhen?.(run.out)) return;
      interrupted = true;
      child.kill('SIGINT');
    };
    child.stdout.on('data', (d) => {
      run.stdout += d;
      run.out += d;
      onData();
    });
    child.stderr.on('data', (d) => {
      run.stderr += d;
      run.out += d;
      onData();
    });
    child.on('exit', (code) => resolve({ ...run, code }));
  });
}

/** The CLI from source, as a user runs it (`loadgate …`), interrupted when `interruptWhen` first holds of its output. */
export function runCli(args: string[], interruptWhen?: (output: string) => boolean): Promise<ProcessRun> {
  return runNode(['src/cli/entry.ts', ...args], { interruptWhen });
}
