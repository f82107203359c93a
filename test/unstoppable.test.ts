// No definition can stall a run, the service or a CI job (issue 58), through every surface a user
// meets, against a real loopback target: a pattern that backtracks exponentially on a backtracking
// engine (`^echo /(a+)+$` against "echo /" and 40 a's and a "!") runs in linear time, a pattern
// RE2 cannot run is refused before any request, and a stop that the engine's thread cannot answer
// (the failpoint hold-worker: the thread spins from its first response on) ends within the stop
// deadline with the results so far. Every wait is bounded: the time limits below only say how long
// a hang takes to fail the test; before this, each of these runs never ended.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runActionSource } from './helpers/action-run.ts';
import { apiCaller, pollUntil } from './helpers/api-call.ts';
import { startGithubStandin } from './helpers/github-standin.ts';
import { cleanEnv, EVENT_WAIT_MS } from './helpers/process.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const CATASTROPHIC = 'regexp(body, "^echo /(a+)+$")';
const HELD = 'failpoint hold-worker';
const FAILPOINT = { LOADGATE_FAILPOINT: 'hold-worker' };
/** A stop the thread cannot answer ends in the stop deadline (2 s); this bound only catches a hang on a busy machine. */
const STOP_BOUND_MS = 20_000;

let dir: string;
let target: Target;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadgate-unstoppable-'));
  target = await startTarget({
    handler: (req, res) => {
      if (!req.url?.startsWith('/echo')) return false;
      res.end(`echo /${'a'.repeat(40)}!`);
      return true;
    },
  });
});
afterAll(async () => {
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

function definitionOf(name: string, config: Record<string, unknown>, assertion?: string): Record<string, unknown> {
  return {
    name,
    config_data: {
      steps: [{ id: 1, name: 'echo', url: `${target.url}/echo`, ...(assertion && { assertion: [assertion] }) }],
      ...config,
    },
  };
}

const catastrophicRun = () => definitionOf('catastrophic', { iteration_count: 20, duration: 2 }, CATASTROPHIC);
const longRun = () => definitionOf('long', { iteration_count: 300, duration: 30 });

async function written(name: string, content: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(content));
  return file;
}

interface Bounded {
  code: number | null;
  out: string;
  /** Milliseconds from the interrupt to the exit; undefined when not interrupted. */
  stopMs?: number;
}

/**
 * A child process on the project's Node, killed (and the test failed) if it outlives `boundMs`;
 * SIGINT once its output contains `interruptOn`.
 */
function bounded(args: string[], env: NodeJS.ProcessEnv, boundMs: number, interruptOn?: string): Promise<Bounded> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let interruptedAt: number | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${boundMs} ms:\n${out}`));
    }, boundMs);
    const onData = (chunk: Buffer): void => {
      out += chunk;
      if (interruptOn !== undefined && interruptedAt === undefined && out.includes(interruptOn)) {
        interruptedAt = performance.now();
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, ...(interruptedAt !== undefined && { stopMs: performance.now() - interruptedAt }) });
    });
  });
}

const CLI = [join(import.meta.dirname, '..', 'src', 'cli', 'entry.ts')];

describe('loadgate validate and run', () => {
  it('validate refuses a backreference, naming its JSON path and the construct', async () => {
    const file = await written(
      'backreference.json',
      definitionOf('backreference', { iteration_count: 1, duration: 1 }, 'regexp(body, "(a)\\\\1")'),
    );
    const run = await bounded([...CLI, 'validate', file], cleanEnv(), EVENT_WAIT_MS);
    expect(run.code).toBe(2);
    expect(run.out).toContain('$.config_data.steps[0].assertion[0]');
    expect(run.out).toContain('backreference');
  });

  it('run refuses a lookahead in a capture before any request', async () => {
    const definition = definitionOf('lookahead', { iteration_count: 5, duration: 1 });
    (definition.config_data as { steps: Record<string, unknown>[] }).steps[0]!.capture_env = {
      ID: { from: 'body', regexp: { exp: 'echo (?=/)' } },
    };
    const file = await written('lookahead.json', definition);
    target.reset();
    const run = await bounded([...CLI, 'run', file, '--quiet'], cleanEnv(), EVENT_WAIT_MS);
    expect(run.code).toBe(2);
    expect(run.out).toContain('$.config_data.steps[0].capture_env.ID.regexp.exp');
    expect(run.out).toContain('lookahead');
    expect(target.received).toHaveLength(0);
  });

  it('run of the (a+)+ assertion ends on its own, every response judged', async () => {
    const file = await written('catastrophic.json', catastrophicRun());
    const results = join(dir, 'catastrophic-results.json');
    const run = await bounded([...CLI, 'run', file, '--quiet', '--results-file', results], cleanEnv(), 60_000);
    expect([0, 1]).toContain(run.code);
    const saved = JSON.parse(readFileSync(results, 'utf8'));
    expect(saved.run.interrupted).toBe(false);
    // Every iteration got its answer, and the assertion, which does not hold, failed each one.
    expect(saved.results.steps[0].error_dist).toEqual({ [`assertion failed: ${CATASTROPHIC}`]: 20 });
  });

  it('under the failpoint, one SIGINT ends a 30 s run within the stop deadline, its results written as interrupted', async () => {
    const file = await written('long.json', longRun());
    const results = join(dir, 'held-results.json');
    const run = await bounded([...CLI, 'run', file, '--results-file', results], cleanEnv(FAILPOINT), 90_000, HELD);
    expect(run.stopMs).toBeLessThan(STOP_BOUND_MS);
    expect(run.code).toBe(130);
    expect(run.out).toContain('stopping (again to exit without the results)');
    expect(JSON.parse(readFileSync(results, 'utf8')).run.interrupted).toBe(true);
  });
});

describe('the action', () => {
  it('runs the (a+)+ assertion to its verdict, and under the failpoint one SIGINT ends the job with its results', async () => {
    const github = await startGithubStandin();
    try {
      const inputs = (file: string, results: string): Record<string, string> => ({
        test: file,
        'github-token': 'ghs_token',
        'results-file': results,
        comment: 'false',
        check: 'false',
        matrix: 'null',
      });
      const catastrophic = join(dir, 'action-catastrophic.json');
      const judged = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'catastrophic',
        inputs: inputs(await written('action-def.json', catastrophicRun()), catastrophic),
      });
      // The assertion fails every iteration: the job fails on its verdict, having ended by itself.
      expect(judged.code).toBe(1);
      expect(JSON.parse(readFileSync(catastrophic, 'utf8')).results.steps[0].error_dist).toEqual({
        [`assertion failed: ${CATASTROPHIC}`]: 20,
      });

      const held = join(dir, 'action-held.json');
      const stopped = await runActionSource({
        dir,
        apiUrl: github.url,
        id: 'held',
        inputs: inputs(await written('action-long.json', longRun()), held),
        env: FAILPOINT,
        interruptWhen: (output) => output.includes(HELD),
      });
      expect(stopped.code).not.toBe(0);
      expect(existsSync(held)).toBe(true);
      expect(JSON.parse(readFileSync(held, 'utf8')).run.interrupted).toBe(true);
    } finally {
      await github.close();
    }
  });
});

describe('loadgate serve (local executor)', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.dispose();
  });

  it('runs the (a+)+ test to its end, and the test queued behind it completes', async () => {
    server = await startServerProcess();
    const call = apiCaller(() => server!.url);
    const first = await call('POST', '/v1/load/test/', { json: catastrophicRun() });
    const second = await call('POST', '/v1/load/test/', { json: definitionOf('behind', { iteration_count: 4, duration: 1 }) });
    expect([first.status, second.status]).toEqual([201, 201]);
    const status = (id: string) => async () => ((await call('GET', `/v1/load/test/${id}/`)).body as { status: string }).status;
    const ended = (s: string) => !['initial', 'running'].includes(s);
    expect(await pollUntil(status(first.body.id), ended, 'the (a+)+ test to end', 60_000)).toMatch(/^(completed|failed)$/);
    expect(await pollUntil(status(second.body.id), ended, 'the test behind it to end', 60_000)).toBe('completed');
    const result = await call('GET', `/v1/load/test/${first.body.id}/result/`);
    expect(result.body.results.steps[0].error_dist).toEqual({ [`assertion failed: ${CATASTROPHIC}`]: 20 });
    await server.dispose();
    server = undefined;
  });

  it('refuses a backreference with 422, naming its JSON path', async () => {
    server = await startServerProcess();
    const call = apiCaller(() => server!.url);
    const answer = await call('POST', '/v1/load/test/', {
      json: definitionOf('backreference', { iteration_count: 1, duration: 1 }, 'regexp(body, "(a)\\\\1")'),
    });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain('$.config_data.steps[0].assertion[0]');
    expect(JSON.stringify(answer.body)).toContain('backreference');
    await server.dispose();
    server = undefined;
  });

  it('under the failpoint: stop answers within the deadline with the test stopped; one SIGTERM ends the server', async () => {
    server = await startServerProcess({ env: FAILPOINT });
    const call = apiCaller(() => server!.url);
    const held = (count: number) => async () => server!.stderr().split(HELD).length - 1 >= count;
    const first = await call('POST', '/v1/load/test/', { json: longRun() });
    await pollUntil(held(1), Boolean, 'the engine thread to hold');
    const asked = performance.now();
    const stop = await call('GET', `/v1/load/test/${first.body.id}/stop/`);
    expect(performance.now() - asked).toBeLessThan(STOP_BOUND_MS);
    expect(stop.status).toBe(200);
    expect(stop.body.status).toBe('stopped');
    const result = await call('GET', `/v1/load/test/${first.body.id}/result/`);
    expect(result.status).toBe(200);
    expect(result.body.run.interrupted).toBe(true);

    // A held test at shutdown: one SIGTERM, and the server exits, the test stopped with its partial result.
    const second = await call('POST', '/v1/load/test/', { json: longRun() });
    await pollUntil(held(2), Boolean, 'the second test to hold');
    const signalled = performance.now();
    const code = await server.stop();
    expect(performance.now() - signalled).toBeLessThan(STOP_BOUND_MS);
    expect(code).toBe(0);
    const restarted = await server.restart();
    server = restarted;
    const after = await apiCaller(() => restarted.url)('GET', `/v1/load/test/${second.body.id}/`);
    expect(after.body.status).toBe('stopped');
  });
});
