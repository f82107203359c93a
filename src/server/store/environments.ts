// Stored environments: named lists of variables a test can name instead of sending them. A
// secret variable's value is sealed before SQLite sees it (seal.ts), bound to the record's id.
import type { EnvironmentRecord } from '../../hosted/service-records.ts';
import { openVars, type Sealer, sealVars, type StoredVar } from '../seal.ts';
import { json, type Row, type Rows, text } from './rows.ts';

export function toEnvironment(sealer: Sealer): (row: Row) => EnvironmentRecord {
  return (row) => {
    const id = text(row, 'id');
    return { id, name: text(row, 'name'), vars: openVars(sealer, id, json<StoredVar[]>(row, 'vars')), created_at: text(row, 'created_at') };
  };
}

export function insertEnvironment(rows: Rows, sealer: Sealer, tenant: string, record: EnvironmentRecord): void {
  rows.run(
    'INSERT INTO environments (id, name, vars, created_at, tenant) VALUES (?, ?, ?, ?, ?)',
    record.id,
    record.name,
    JSON.stringify(sealVars(sealer, record.id, record.vars)),
    record.created_at,
    tenant,
  );
}

export function updateEnvironment(rows: Rows, sealer: Sealer, tenant: string, record: EnvironmentRecord): void {
  rows.run(
    'UPDATE environments SET name = ?, vars = ? WHERE id = ? AND tenant = ?',
    record.name,
    JSON.stringify(sealVars(sealer, record.id, record.vars)),
    record.id,
    tenant,
  );
}
