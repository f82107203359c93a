// Starts the real `loadgate serve` as a child process on a free loopback port with a database in
// a temporary directory, and can start it again on the same database.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { EVENT_WAIT_MS } from './process.ts';

/** The command line of `loadgate serve`, before its options. */
const SERVE_COMMAND = [fileURLToPath(new URL('../../src/cli/entry.ts', import.meta.url)), 'serve'];
const LISTENING = /^loadgate serve listening on (http:\/\/\S+)$/;

export const TEST_KEY = 'test-key-0123456789';

export interface ServerProcessOptions {
  /** Keys given through LOADGATE_API_KEY; default [TEST_KEY]. */
  keys?: string[];
  /** More `serve` options, such as ['--rate-limit', '2']. */
  args?: string[];
  /** A directory holding server.db from an earlier process; default a new temporary one. */
  dir?: string;
  /** The database's file name in `dir`; default server.db (its data folder: server-data). */
  dbFile?: string;
  /** How long the server may take to listen; default EVENT_WAIT_MS. */
  startTimeoutMs?: number;
  /** The process's umask, set by the shell that starts it (as an init system would); default inherited. */
  umask?: string;
  /** More environment variables, such as LOADGATE_SECRET_KEY. */
  env?: Record<string, string>;
}

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The temporary directory with server.db and the data directory. */
  dir: string;
  dbPath: string;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM (graceful shutdown); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the server dies without any cleanup. */
  kill(): Promise<void>;
  /** Starts a new process on the same database (after stop() or kill()). */
  restart(): Promise<ServerProcess>;
  /** Stops the process if it still runs and deletes the temporary directory. */
  dispose(): Promise<void>;
}

async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

function waitForListening(child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`loadgate serve did not start in ${timeoutMs} ms\n${stderr()}`)), timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null) => fail(new Error(`loadgate serve exited with ${code} before listening\n${stderr()}`));
    function fail(error: Error): void {
      clearTimeout(timer);
      lines.close();
      child.kill('SIGKILL');
      reject(error);
    }
    // 'close' comes after stderr has been read to its end, so the error can quote all of it.
    child.once('close', onExit);
    lines.once('line', (line) => {
      clearTimeout(timer);
      child.off('close', onExit);
      const match = LISTENING.exec(line);
      if (match) resolve(match[1]!);
      else fail(new Error(`unexpected first line from loadgate serve: ${line}\n${stderr()}`));
    });
  });
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'loadgate-serve-')));
  const dbPath = join(dir, options.dbFile ?? 'server.db');
  const args = [...SERVE_COMMAND, '--port', '0', '--host', '127.0.0.1', '--db', dbPath, ...(options.args ?? [])];
  const env = { ...process.env, LOADGATE_API_KEY: (options.keys ?? [TEST_KEY]).join(','), ...options.env };
  const child =
    options.umask === undefined
      ? spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('/bin/sh', ['-c', `umask ${options.umask} && exec "$0" "$@"`, process.execPath, ...args], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let url: string;
  try {
    url = await waitForListening(child, () => stderr, options.startTimeoutMs ?? EVENT_WAIT_MS);
  } catch (error) {
    if (options.dir === undefined) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  child.stdout!.resume();
  const server: ServerProcess = {
    url,
    port: Number(new URL(url).port),
    dir,
    dbPath,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      return exited(child);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: () => startServerProcess({ ...options, dir }),
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) await server.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return server;
}
