// Latency plans (docs/server.md): a saved latency test, {name, target, locations, samples}, to
// create, list, read, update and delete, and to run with POST /v1/latency/plan/<id>/test/, which
// answers like POST /v1/latency/test/. The fields are checked as that route checks them; the
// locations again when the plan runs, since the server's locations may have changed since.
import { randomUUID } from 'node:crypto';
import { jsonBody, recordOf, recordsOf, type RouteTable, type ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { LatencyPlanRecord } from '../store/store.ts';
import { crudRoutes } from './crud.ts';
import { measureLatency, pickLocations, readLatencyRequest } from './latency.ts';

const FIELDS = ['name', 'target', 'locations', 'samples'];
const EXPECTED = '"name", "target", "locations" and optionally "samples"';

function readPlan(body: Record<string, unknown>, ctx: ServerContext): Omit<LatencyPlanRecord, 'id' | 'created_at'> {
  const unknown = Object.keys(body).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined)
    throw new ApiError(422, 'invalid_request', `${unknown}: unknown key; a latency plan holds ${EXPECTED}`, { field: unknown });
  if (typeof body.name !== 'string' || body.name.trim() === '') {
    throw new ApiError(422, 'invalid_request', 'name: expected a non-empty string', { field: 'name' });
  }
  const request = readLatencyRequest(body);
  pickLocations(ctx, request.locations);
  return { name: body.name.trim(), ...request };
}

export function latencyPlanRoutes(ctx: ServerContext): RouteTable {
  const noun = 'latency plan';
  return {
    ...crudRoutes<LatencyPlanRecord>(ctx, {
      path: '/v1/latency/plan/',
      noun,
      get: (records, id) => records.getLatencyPlan(id),
      list: (records) => records.listLatencyPlans(),
      create: (req, records) => {
        const plan: LatencyPlanRecord = {
          id: randomUUID(),
          ...readPlan(jsonBody(req, EXPECTED), ctx),
          created_at: new Date().toISOString(),
        };
        records.createLatencyPlan(plan);
        return plan;
      },
      // Fields left out keep their value.
      update: (plan, req, records) => {
        const { id: _, created_at: __, ...fields } = plan;
        const updated: LatencyPlanRecord = { ...plan, ...readPlan({ ...fields, ...jsonBody(req, `any of ${EXPECTED}`) }, ctx) };
        records.updateLatencyPlan(updated);
        return updated;
      },
      remove: (plan, records) => void records.deleteLatencyPlan(plan.id),
    }),
    '/v1/latency/plan/:id/test/': {
      POST: async (req, reply) => {
        const records = recordsOf(ctx, req);
        const { target, locations, samples } = recordOf(req, noun, (id) => records.getLatencyPlan(id));
        return measureLatency(ctx, reply, { target, locations, samples });
      },
    },
  };
}
