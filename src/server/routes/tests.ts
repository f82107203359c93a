// Load tests: create (queued), list, details, result, stop.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { jsonBody, recordOf, recordsOf, reportUrl, type RouteTable, type ServerContext } from '../context.ts';
import { parseTestRequest } from '../definition.ts';
import { ApiError, problemsError } from '../errors.ts';
import { isRecord } from '../../json.ts';
import { FINAL_STATUSES, type CreatedLoadTestRecord, type LoadTestRecord, type PlanRecord } from '../../hosted/service-records.ts';
import type { TestRecord } from '../store/store.ts';

/** A test as GET /v1/load/test/<id>/ shows it (docs/server.md). */
export function testView(test: TestRecord): LoadTestRecord {
  return {
    id: test.id,
    name: test.name,
    status: test.status,
    test_url: test.test_url,
    failure_reason: test.failure_reason,
    plan_id: test.plan_id,
    created_at: test.created_at,
    started_at: test.started_at,
    finished_at: test.finished_at,
  };
}

/**
 * Ends a test that may be queued or running, and resolves once it has ended: the one way the
 * routes stop a test (GET …/stop/, DELETE), so a stop with another bound replaces it here alone.
 */
async function stopTest(ctx: ServerContext, id: string): Promise<TestRecord | undefined> {
  return ctx.queue.stop(id);
}

/** GET /v1/load/test/<id>/: the test, with its progress while it runs, what it waits for while queued, or its coverage once incomplete. */
function testDetails(ctx: ServerContext, record: TestRecord): object {
  const test = testView(record);
  // Live progress while it runs: the totals so far (docs/server.md).
  const progress = ctx.queue.progress(test.id);
  if (progress) return { ...test, progress };
  // Queued while the executor cannot start tests (its cluster does not answer): what it waits for, and until when.
  const waiting = ctx.queue.waiting(test.id);
  if (waiting) return { ...test, waiting };
  const coverage = test.status === 'incomplete' ? ctx.store.getResult(test.id)?.run.coverage : undefined;
  return coverage ? { ...test, coverage } : test;
}

export function testRoutes(ctx: ServerContext): RouteTable {
  const find = (req: FastifyRequest): TestRecord => {
    const records = recordsOf(ctx, req);
    return recordOf(req, 'load test', (id) => records.getTest(id));
  };
  return {
    '/v1/load/test/': {
      POST: async (req, reply) => {
        const records = recordsOf(ctx, req);
        const parsed = await parseTestRequest(
          jsonBody(req, '"name" and "config_data", or "plan_id" (docs/interface.md 2.1)'),
          records,
          ctx.dataDir,
        );
        const now = new Date().toISOString();
        const id = randomUUID();
        // A test without a stored plan gets one of its own, so that every test names a plan.
        const planId = parsed.planId ?? randomUUID();
        const plan: PlanRecord | null =
          parsed.planId === null
            ? { id: planId, name: parsed.definition.name, config_data: parsed.definition.config_data, created_at: now }
            : null;
        const test: TestRecord = {
          id,
          name: parsed.definition.name,
          status: 'initial',
          test_url: reportUrl(ctx, id),
          failure_reason: null,
          plan_id: planId,
          created_at: now,
          started_at: null,
          finished_at: null,
          environment_id: parsed.environmentId,
          environment: parsed.definition.environment ?? null,
          test_data_ids: parsed.testDataIds,
        };
        if (parsed.shards !== undefined && !ctx.kubernetesLocations)
          throw problemsError([
            {
              path: '$.shards',
              message: 'is for the Kubernetes executor (serve --executor kubernetes); this server runs each test itself',
            },
          ]);
        records.createTest(plan, test, parsed.definition.config_data);
        if (parsed.shards !== undefined) ctx.store.setTestShards(id, parsed.shards);
        ctx.queue.kick();
        reply.code(201);
        return { id, test_url: test.test_url, status: 'initial', failure_reason: null } satisfies CreatedLoadTestRecord;
      },
      GET: async (req) => recordsOf(ctx, req).listTests().map(testView),
    },
    '/v1/load/test/:id/': {
      // The test gone with its result and report; a queued or running one is stopped first.
      DELETE: async (req) => {
        const test = find(req);
        const ended = (await stopTest(ctx, test.id)) ?? test;
        ctx.store.deleteTest(test.id);
        ctx.log(`test ${test.id} (${test.name}): deleted`);
        return testView(ended);
      },
      GET: async (req) => testDetails(ctx, find(req)),
    },
    '/v1/load/test/:id/result/': {
      GET: async (req) => {
        const test = find(req);
        if (!FINAL_STATUSES.includes(test.status)) {
          throw new ApiError(
            409,
            'not_finished',
            `the test is ${test.status}; its result is ready once it is completed, incomplete, failed or stopped`,
          );
        }
        // A client that does not know `incomplete` would judge the partial result as a whole one: it has to ask for it.
        if (test.status === 'incomplete' && !(isRecord(req.query) && req.query.accept === 'incomplete')) {
          throw new ApiError(
            409,
            'incomplete',
            `the test is incomplete (${test.failure_reason ?? 'part of the planned load is missing'}); its partial result is at this path with ?accept=incomplete`,
          );
        }
        const result = ctx.store.getResult(test.id);
        if (!result) {
          const why = test.failure_reason ? `: ${test.failure_reason}` : ' before it started';
          throw new ApiError(409, 'no_result', `the test ${test.status} without a result${why}`);
        }
        return result;
      },
    },
    '/v1/load/test/:id/stop/': {
      GET: async (req) => {
        const test = find(req);
        return testView((await stopTest(ctx, test.id)) ?? test);
      },
    },
  };
}
