// The shards' callbacks (docs/kubernetes.md, "Protocol"), under /v1/shard/<test>/, authenticated
// by the test's token (shards/registry.ts): the plan, ready (the start barrier), one second's
// upload while running, and the shard's result at the end. Uploads are idempotent. A latency
// probe's pod uses latency/: GET what to measure, POST its location's figures.
import { basename } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { jsonBody, param, type RouteTable, type ServerContext } from '../context.ts';
import { ApiError, invalidField } from '../errors.ts';
import type { LatencyProbe } from '../shards/latency-probe.ts';
import { SHARD_RESULT_ROUTE, type ShardedTest, shardRoute } from '../shards/registry.ts';
import { isRecord } from '../../json.ts';
import type { PlanAnswer, ShardCaller } from '../../shard/protocol.ts';

function wholeNumber(value: unknown, field: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw invalidField(field, 'expected a whole number ≥ 0');
  return n;
}

function nonEmpty(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw invalidField(field, 'expected a non-empty string');
  return value;
}

function callerOf(test: ShardedTest, fields: Record<string, unknown>): ShardCaller {
  const caller = {
    location: nonEmpty(fields.location, 'location'),
    index: wholeNumber(fields.index, 'index'),
    attempt: wholeNumber(fields.attempt ?? 0, 'attempt'),
    pod: nonEmpty(fields.pod ?? 'unnamed', 'pod'),
  };
  const problem = test.coordinator.checkKey(caller);
  if (problem) throw new ApiError(422, 'invalid_request', problem, { field: 'index' });
  return caller;
}

/** An upload from the pod that holds the attempt; a second pod of the same index is refused (409). */
function holder(test: ShardedTest, caller: ShardCaller): void {
  if (!test.coordinator.holds(caller, caller.attempt, caller.pod)) {
    throw new ApiError(
      409,
      'duplicate_shard',
      `another pod holds ${caller.location}-${caller.index} attempt ${caller.attempt}; this one (${caller.pod}) is not needed`,
    );
  }
}

export function shardRoutes(ctx: ServerContext): RouteTable {
  const find = (req: FastifyRequest): ShardedTest => {
    const test = ctx.shards.get(param(req, 'test'));
    // authenticate() has already answered for unknown tests; a test that ended since is gone.
    if (!test) throw new ApiError(404, 'not_found', 'the test is not running');
    return test;
  };
  return {
    [shardRoute('plan')]: {
      GET: async (req): Promise<PlanAnswer> => {
        const test = find(req);
        const key = callerOf(test, isRecord(req.query) ? req.query : {});
        return {
          test_url: test.testUrl,
          shard: { location: key.location, index: key.index, count: test.coordinator.shardCounts[key.location]! },
          definition: await planDefinition(test),
        };
      },
    },
    [shardRoute('ready')]: {
      POST: async (req, reply) => {
        const test = find(req);
        const caller = callerOf(test, jsonBody(req, '"location", "index", "attempt" and "pod"'));
        const answer = test.coordinator.ready(caller, caller.attempt, caller.pod);
        if (answer.state === 'duplicate') reply.code(409);
        return answer;
      },
    },
    [shardRoute('interval')]: {
      POST: async (req) => {
        const test = find(req);
        const body = jsonBody(req, '"location", "index", "attempt", "pod", "t" and "sample"');
        const caller = callerOf(test, body);
        holder(test, caller);
        if (!isRecord(body.sample)) throw invalidField('sample', "expected the second's sample (an object)");
        return test.coordinator.interval(caller, caller.attempt, wholeNumber(body.t, 't'), body.sample);
      },
    },
    [shardRoute('latency')]: {
      GET: async (req) => probeOf(ctx, req).request,
      POST: async (req) => {
        const body = jsonBody(req, '"latency" (the location\'s figures)');
        const problem = probeOf(ctx, req).deliver(body.latency);
        if (problem) throw invalidField('latency', problem);
        return { stored: true };
      },
    },
    [SHARD_RESULT_ROUTE]: {
      POST: async (req) => {
        const test = find(req);
        const body = jsonBody(req, '"location", "index", "attempt", "pod" and "result"');
        const caller = callerOf(test, body);
        holder(test, caller);
        if (!isRecord(body.result) || !isRecord(body.result.run) || !isRecord(body.result.run.shard)) {
          throw invalidField('result', "expected the shard's results file (with run.shard and histograms)");
        }
        return { stored: test.coordinator.final(caller, caller.attempt, body.result, body.result.run.interrupted === true) };
      },
    },
  };
}

function probeOf(ctx: ServerContext, req: FastifyRequest): LatencyProbe {
  const probe = ctx.shards.probe(param(req, 'test'));
  if (!probe) throw new ApiError(404, 'not_found', 'the latency test is not running');
  return probe;
}

/**
 * The definition a shard runs: as stored, with each test data file's content inline (a shard has
 * no access to this server's files, and needs every row: `sequential` rows follow the global k).
 */
async function planDefinition(test: ShardedTest): Promise<PlanAnswer['definition']> {
  const { test_data: sets, ...rest } = test.definition;
  const testData = await Promise.all(
    sets.map(async (set) => ({ ...set, file: basename(set.file), content: await readFile(set.file, 'utf8') })),
  );
  return { ...rest, test_data: testData };
}
