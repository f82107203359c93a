// Stored environments: named lists of variables a test can name instead of sending them.
import type { EnvironmentRecord } from '../../hosted/service-records.ts';
import { json, type Row, type Rows, text } from './rows.ts';

export function toEnvironment(row: Row): EnvironmentRecord {
  return { id: text(row, 'id'), name: text(row, 'name'), vars: json(row, 'vars'), created_at: text(row, 'created_at') };
}

export function insertEnvironment(rows: Rows, record: EnvironmentRecord): void {
  rows.run(
    'INSERT INTO environments (id, name, vars, created_at) VALUES (?, ?, ?, ?)',
    record.id,
    record.name,
    JSON.stringify(record.vars),
    record.created_at,
  );
}

export function updateEnvironment(rows: Rows, record: EnvironmentRecord): void {
  rows.run('UPDATE environments SET name = ?, vars = ? WHERE id = ?', record.name, JSON.stringify(record.vars), record.id);
}
