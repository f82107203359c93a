// `loadgate shard --server URL --test ID`: a shard pod's whole life (docs/kubernetes.md,
// "Protocol"). It fetches its plan with the test's token, reports ready and waits for the common
// start, runs its slice of the plan with the engine, uploads every second while it runs and its
// shard result at the end. Its index, token, attempt and location come from the environment the
// Job gives it; the attempt counts the index's failures and its ignored failures (evictions), so
// a replacement after an eviction is a new attempt. Exit 0 when its whole result is delivered, 2
// for a plan it cannot run (the Job then fails the index at once), 1 when the server cannot be
// reached, 3 when another pod holds its index, 143 when SIGTERM cut it short (what it measured
// is delivered; the index's next attempt resumes the schedule). `loadgate shard --server URL
// --latency ID` is a latency probe's pod instead (probe-client.ts).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommandArgs } from '../settings/argv.ts';
import { validateDefinition } from '../definition/validate.ts';
import { checkTest, type CheckedTest } from '../engine/prepare.ts';
import { formatProblem, InputError, type Problem } from '../errors.ts';
import { measureDefinition } from '../pipeline/measure.ts';
import type { Environment, LoadTestResult, SecondSample } from '../types.ts';
import { isRecord } from '../json.ts';
import {
  BAD_PLAN_EXIT_CODE,
  DUPLICATE_EXIT_CODE,
  ENV_ATTEMPT,
  ENV_COMPLETION_INDEX,
  ENV_IGNORED_FAILURES,
  ENV_LOCATION,
  ENV_TOKEN,
  type FinalUpload,
  type IntervalAnswer,
  type IntervalUpload,
  type PlanAnswer,
  planShard,
  type ReadyAnswer,
  type ShardCaller,
  shardName,
  TERMINATED_EXIT_CODE,
} from './protocol.ts';
import { type Callee, CallbackError, call, type ShardIo } from './call.ts';
import { localised } from './localise.ts';
import { runProbe } from './probe-client.ts';

/** Who this shard is: from the flags and the Job's environment. */
export interface ShardIdentity extends Callee, ShardCaller {}

/** A shard's identity, or a latency probe's (`--latency ID`: it needs only where to call and its token). */
export function podIdentity(args: string[], env: ShardIo['env']): ShardIdentity | Callee {
  const flags = parseCommandArgs('shard', args);
  const problems: Problem[] = [];
  const need = (value: string | undefined, path: string, what: string): string => {
    if (value === undefined || value === '') problems.push({ path, message: `expected ${what}` });
    return value ?? '';
  };
  const server = need(flags.text('server'), '--server', "the loadgate server's URL (http://…)").replace(/\/+$/, '');
  if (server !== '' && !/^https?:\/\//.test(server))
    problems.push({ path: '--server', message: `expected an http:// or https:// URL, got "${server}"` });
  if (flags.given('latency')) {
    const probe = {
      server,
      test: need(flags.text('latency'), '--latency', 'the latency probe id'),
      token: need(env[ENV_TOKEN], ENV_TOKEN, "the probe's token"),
    };
    if (problems.length > 0) throw new InputError(problems);
    return probe;
  }
  const test = need(flags.text('test'), '--test', 'the test id');
  const token = need(env[ENV_TOKEN], ENV_TOKEN, "the test's shard token (from its Secret)");
  const location = need(env[ENV_LOCATION], ENV_LOCATION, "the shard's location");
  const indexText = need(env[ENV_COMPLETION_INDEX], ENV_COMPLETION_INDEX, "the shard's index (an Indexed Job sets it)");
  const index = Number(indexText);
  if (indexText !== '' && !/^\d+$/.test(indexText))
    problems.push({ path: ENV_COMPLETION_INDEX, message: `expected a whole number, got "${indexText}"` });
  const attempt = count(env, ENV_ATTEMPT, problems) + count(env, ENV_IGNORED_FAILURES, problems);
  if (problems.length > 0) throw new InputError(problems);
  return { server, test, token, location, index, attempt, pod: `${hostname()}-${randomUUID().slice(0, 8)}` };
}

/** A count from the environment: unset or empty (an annotation not yet set) is 0. */
function count(env: ShardIo['env'], name: string, problems: Problem[]): number {
  const text = env[name] || '0';
  if (/^\d+$/.test(text)) return Number(text);
  problems.push({ path: name, message: `expected a whole number, got "${text}"` });
  return 0;
}

/** The plan checked as any definition is, its data files written to `dir`. */
async function checkedPlan(plan: PlanAnswer, dir: string): Promise<CheckedTest> {
  // The environment is the server's, applied and checked there (an unnamed inline one has name ""), and goes as it is.
  const { test_data: sets = [], environment, ...definition } = plan.definition;
  const checked = validateDefinition(definition, 'the shard plan');
  if (!checked.ok) throw new InputError(checked.problems);
  if (isRecord(environment)) checked.value.definition.environment = environment as unknown as Environment;
  checked.value.definition.test_data = await Promise.all(
    sets.map(async (set, i) => {
      const file = join(dir, `${i}-${set.file.replace(/[^A-Za-z0-9._-]/g, '_')}`);
      await writeFile(file, set.content);
      return { name: set.name, file, type: set.type, file_config: set.file_config };
    }),
  );
  return checkTest({ definition: checked.value.definition, file: 'the shard plan', dir }, {});
}

async function untilStart(me: ShardIdentity, signal: AbortSignal | undefined, log: (line: string) => void): Promise<ReadyAnswer> {
  const body: ShardCaller = { location: me.location, index: me.index, attempt: me.attempt, pod: me.pod };
  for (let asked = 0; ; asked++) {
    const answer = await call<ReadyAnswer>(me, 'POST', 'ready', body);
    if (answer.state !== 'wait' || signal?.aborted) return answer;
    if (asked === 0) log('ready: waiting for the common start');
    await new Promise((resolve) => setTimeout(resolve, answer.retry_ms));
  }
}

/** Uploads the seconds in order, one at a time; the server's answer may ask the shard to stop. */
function intervalUploader(me: ShardIdentity, stop: AbortController, log: (line: string) => void) {
  let chain = Promise.resolve();
  return {
    add: (sample: SecondSample) => {
      const body: IntervalUpload = { location: me.location, index: me.index, attempt: me.attempt, pod: me.pod, t: sample.t, sample };
      chain = chain
        .then(() => call<IntervalAnswer | undefined>(me, 'POST', 'interval', body))
        .then((answer) => {
          if (answer?.stop) stop.abort('stopped by the server');
        })
        .catch((error: unknown) => log(`second ${sample.t} not uploaded: ${(error as Error).message}`));
    },
    done: () => chain,
  };
}

export async function runShard(me: ShardIdentity, io: ShardIo): Promise<number> {
  const log = (line: string) => io.err(`shard ${shardName(me)} attempt ${me.attempt}: ${line}`);
  const plan = await call<PlanAnswer>(me, 'GET', 'plan', undefined, `?location=${encodeURIComponent(me.location)}&index=${me.index}`);
  const dir = await mkdtemp(join(tmpdir(), 'loadgate-shard-'));
  try {
    let test: CheckedTest;
    try {
      test = await checkedPlan(plan, dir);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      log(`the plan cannot run:\n${error.problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
      return BAD_PLAN_EXIT_CODE;
    }
    const start = await untilStart(me, io.signal, log);
    if (start.state === 'duplicate') {
      log(`duplicate: pod ${start.pod} runs this index, so this pod sends nothing`);
      return DUPLICATE_EXIT_CODE;
    }
    // Only a stop signal ends the wait for the start without one.
    if (start.state !== 'start') return TERMINATED_EXIT_CODE;
    if (start.late.length > 0) log(`late at the start: ${start.late.join(', ')}`);
    const stop = new AbortController();
    const signal = io.signal ? AbortSignal.any([io.signal, stop.signal]) : stop.signal;
    const uploads = intervalUploader(me, stop, log);
    const fromSecond = start.from_second;
    if (fromSecond > 0) log(`resuming the schedule at second ${fromSecond}`);
    const { result } = await measureDefinition(
      test,
      {
        embedded: {
          insecure: false,
          proxies: {},
          signal,
          onSecond: uploads.add,
          shard: { ...planShard(me, plan.shard.count), fromSecond },
          startAtMs: start.start_at_ms + fromSecond * 1000,
          testUrl: plan.test_url,
        },
        workers: 'auto',
      },
      { info: log, warn: log },
    );
    await uploads.done();
    const final: LoadTestResult = localised(result, me.location);
    const upload: FinalUpload = { location: me.location, index: me.index, attempt: me.attempt, pod: me.pod, result: final };
    await call(me, 'POST', 'final', upload);
    io.out(`shard ${shardName(me)}: ${final.results.iteration_count} iterations delivered`);
    if (!io.signal?.aborted) return 0;
    log('terminated before the end of its schedule: the index is left for its next attempt');
    return TERMINATED_EXIT_CODE;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `loadgate shard …`: exit 2 for missing settings, 1 when the server cannot be reached. */
export async function shardCommand(args: string[], io: ShardIo): Promise<number> {
  let me: ShardIdentity | Callee;
  try {
    me = podIdentity(args, io.env);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.err(`loadgate shard: bad input\n${error.problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    return BAD_PLAN_EXIT_CODE;
  }
  try {
    return 'index' in me ? await runShard(me, io) : await runProbe(me, io);
  } catch (error) {
    if (error instanceof CallbackError && error.status === 403)
      io.err('loadgate shard: the server refused the token (the test may have ended)');
    else io.err(`loadgate shard: ${(error as Error).message}`);
    return 1;
  }
}
