// Environments (docs/interface.md 2.3): create, list, read, update, delete. Names need not be
// unique; a test that names one by name gets the newest. Tests copy the environment when they are
// created, so an update never changes a test already queued.
import { randomUUID } from 'node:crypto';
import { validateEnvironment } from '../../definition/validate.ts';
import { jsonBody, notFound, param, type RouteTable, type ServerContext } from '../context.ts';
import { problemsError } from '../errors.ts';
import type { EnvironmentRecord } from '../../service-records.ts';

/** An environment as answered: a secret variable's value is stored for the runs but never given back. */
export function shown(record: EnvironmentRecord): EnvironmentRecord {
  return { ...record, vars: record.vars.map((v) => (v.secret ? { ...v, value: '***' } : v)) };
}

export function environmentRoutes(ctx: ServerContext): RouteTable {
  const find = (id: string): EnvironmentRecord => {
    const record = ctx.store.getEnvironment(id);
    if (!record) throw notFound('environment', id);
    return record;
  };
  return {
    '/v1/environment/': {
      POST: async (req, reply) => {
        const checked = validateEnvironment(jsonBody(req, '"name" and "vars" (docs/interface.md 2.3)'));
        if (!checked.ok) throw problemsError(checked.problems);
        const record: EnvironmentRecord = { id: randomUUID(), ...checked.environment, created_at: new Date().toISOString() };
        ctx.store.createEnvironment(record);
        reply.code(201);
        return shown(record);
      },
      GET: async () => ctx.store.listEnvironments().map(shown),
    },
    '/v1/environment/:id/': {
      GET: async (req) => shown(find(param(req, 'id'))),
      // `name` and `vars` left out keep their value; `vars` given replaces the whole list.
      PATCH: async (req) => {
        const record = find(param(req, 'id'));
        const patch = jsonBody(req, 'any of "name" and "vars" (docs/interface.md 2.3)');
        const checked = validateEnvironment({ name: record.name, vars: record.vars, ...patch });
        if (!checked.ok) throw problemsError(checked.problems);
        const updated: EnvironmentRecord = { ...record, ...checked.environment };
        ctx.store.updateEnvironment(updated);
        return shown(updated);
      },
      DELETE: async (req) => {
        const record = find(param(req, 'id'));
        ctx.store.deleteEnvironment(record.id);
        return shown(record);
      },
    },
  };
}
