// Load test plans (docs/server.md): a name and a config_data, stored to create tests from
// (`POST /v1/load/test/` with `plan_id`). Every test also has a plan: its own, made from the
// request, when it named none. Plans are checked with the definition schema and kept with every
// default filled in. Tests copy their plan's config when they are created, so an update or a
// delete never changes a test already queued.
import { randomUUID } from 'node:crypto';
import { validateDefinition } from '../../definition/validate.ts';
import type { Problem } from '../../errors.ts';
import { jsonBody, type RouteTable, type ServerContext } from '../context.ts';
import { withPlan } from '../definition.ts';
import { problemsError } from '../errors.ts';
import { crudRoutes } from './crud.ts';
import type { PlanRecord } from '../../hosted/service-records.ts';

const PLAN_KEYS = ['name', 'config_data'];
const EXPECTED = '"name" and "config_data" (docs/interface.md 2.1)';

/** The plan's name and config, checked and with defaults; 422 with every problem otherwise. */
export function checkPlan(body: Record<string, unknown>): Pick<PlanRecord, 'name' | 'config_data'> {
  const problems: Problem[] = Object.keys(body)
    .filter((key) => !PLAN_KEYS.includes(key))
    .map((key) => ({
      path: `$.${key}`,
      message: `unknown key "${key}": a plan holds name and config_data; environment and test_data are given when a test is created from it`,
    }));
  const checked = validateDefinition({ name: body.name, config_data: body.config_data }, 'request body');
  if (!checked.ok) problems.push(...checked.problems);
  if (!checked.ok || problems.length > 0) throw problemsError(problems);
  return { name: checked.value.definition.name, config_data: checked.value.definition.config_data };
}

export function planRoutes(ctx: ServerContext): RouteTable {
  return crudRoutes<PlanRecord>(ctx, {
    path: '/v1/load/plan/',
    noun: 'plan',
    get: (records, id) => records.findPlan(id),
    list: (records) => records.listPlans(),
    create: (req, records) => {
      const plan: PlanRecord = { id: randomUUID(), ...checkPlan(jsonBody(req, EXPECTED)), created_at: new Date().toISOString() };
      records.createPlan(plan);
      return plan;
    },
    // Keys left out keep their value; config_data keys replace the plan's one by one.
    update: (plan, req, records) => {
      const updated: PlanRecord = { ...plan, ...checkPlan(withPlan(plan, jsonBody(req, `any of ${EXPECTED}`))) };
      records.updatePlan(updated);
      return updated;
    },
    remove: (plan, records) => records.deletePlan(plan.id, new Date().toISOString()),
  });
}
