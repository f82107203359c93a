// Environments (docs/interface.md 2.3): create, list, read, update, delete. Names need not be
// unique; a test that names one by name gets the newest. Tests copy the environment when they are
// created, so an update never changes a test already queued.
import { randomUUID } from 'node:crypto';
import { validateEnvironment } from '../../definition/validate.ts';
import { jsonBody, type RouteTable, type ServerContext } from '../context.ts';
import { problemsError } from '../errors.ts';
import { crudRoutes } from './crud.ts';
import type { EnvironmentRecord } from '../../hosted/service-records.ts';

/** An environment as answered: a secret variable's value is stored for the runs but never given back. */
export function shown(record: EnvironmentRecord): EnvironmentRecord {
  return { ...record, vars: record.vars.map((v) => (v.secret ? { ...v, value: '***' } : v)) };
}

export function environmentRoutes(ctx: ServerContext): RouteTable {
  return crudRoutes<EnvironmentRecord>({
    path: '/v1/environment/',
    noun: 'environment',
    get: (id) => ctx.store.getEnvironment(id),
    list: () => ctx.store.listEnvironments(),
    create: (req) => {
      const checked = validateEnvironment(jsonBody(req, '"name" and "vars" (docs/interface.md 2.3)'));
      if (!checked.ok) throw problemsError(checked.problems);
      const record: EnvironmentRecord = { id: randomUUID(), ...checked.value, created_at: new Date().toISOString() };
      ctx.store.createEnvironment(record);
      return record;
    },
    // `name` and `vars` left out keep their value; `vars` given replaces the whole list.
    update: (record, req) => {
      const patch = jsonBody(req, 'any of "name" and "vars" (docs/interface.md 2.3)');
      const checked = validateEnvironment({ name: record.name, vars: record.vars, ...patch });
      if (!checked.ok) throw problemsError(checked.problems);
      const updated: EnvironmentRecord = { ...record, ...checked.value };
      ctx.store.updateEnvironment(updated);
      return updated;
    },
    remove: (record) => void ctx.store.deleteEnvironment(record.id),
    viewer: () => shown,
  });
}
