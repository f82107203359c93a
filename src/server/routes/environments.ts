// Environments (docs/interface.md 2.3): create, list, read, update, delete. Names need not be
// unique; a test that names one by name gets the newest of its tenant. Tests copy the environment
// when they are created, so an update never changes a test already queued. A secret value is
// answered as `***`, and `***` sent back for a stored secret keeps its value (a GET then a
// PATCH of what it answered changes nothing).
import { randomUUID } from 'node:crypto';
import { validateEnvironment } from '../../definition/validate.ts';
import type { Problem } from '../../errors.ts';
import type { EnvVar } from '../../types.ts';
import { jsonBody, type RouteTable, type ServerContext } from '../context.ts';
import { problemsError } from '../errors.ts';
import { crudRoutes } from './crud.ts';
import type { EnvironmentRecord } from '../../hosted/service-records.ts';

/** What every answer shows in place of a secret value. */
export const MASK = '***';

/** An environment as answered: a secret variable's value is stored for the runs but never given back. */
export function shown(record: EnvironmentRecord): EnvironmentRecord {
  return { ...record, vars: record.vars.map((v) => (v.secret ? { ...v, value: MASK } : v)) };
}

/**
 * The variables given, each masked secret (`***`) replaced by the value stored for its key.
 * `***` for a secret that has no stored value is refused: it would be sent as the value.
 */
function unmasked(vars: readonly EnvVar[], stored: readonly EnvVar[]): EnvVar[] {
  const problems: Problem[] = [];
  const kept = vars.map((v, i) => {
    if (v.value !== MASK) return v;
    const previous = stored.find((s) => s.key === v.key && s.secret);
    if (previous) return { ...v, value: previous.value, secret: true };
    if (v.secret) {
      problems.push({
        path: `$.vars[${i}].value`,
        message: `"${MASK}" stands for a stored secret value (answers show it so), and this environment has no secret variable ${JSON.stringify(v.key)}: give the value`,
      });
    }
    return v;
  });
  if (problems.length > 0) throw problemsError(problems);
  return kept;
}

export function environmentRoutes(ctx: ServerContext): RouteTable {
  return crudRoutes<EnvironmentRecord>(ctx, {
    path: '/v1/environment/',
    noun: 'environment',
    get: (records, id) => records.getEnvironment(id),
    list: (records) => records.listEnvironments(),
    create: (req, records) => {
      const checked = validateEnvironment(jsonBody(req, '"name" and "vars" (docs/interface.md 2.3)'));
      if (!checked.ok) throw problemsError(checked.problems);
      const record: EnvironmentRecord = {
        id: randomUUID(),
        ...checked.value,
        vars: unmasked(checked.value.vars, []),
        created_at: new Date().toISOString(),
      };
      records.createEnvironment(record);
      return record;
    },
    // `name` and `vars` left out keep their value; `vars` given replaces the whole list.
    update: (record, req, records) => {
      const patch = jsonBody(req, 'any of "name" and "vars" (docs/interface.md 2.3)');
      const checked = validateEnvironment({ name: record.name, vars: record.vars, ...patch });
      if (!checked.ok) throw problemsError(checked.problems);
      const updated: EnvironmentRecord = { ...record, ...checked.value, vars: unmasked(checked.value.vars, record.vars) };
      records.updateEnvironment(updated);
      return updated;
    },
    remove: (record, records) => void records.deleteEnvironment(record.id),
    viewer: () => shown,
  });
}
