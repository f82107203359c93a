// Load plans: a name and a config that tests are created from. A plan that tests still name
// cannot leave the table (their foreign key), so deleting it sets deleted_at and hides it.
import type { PlanRecord } from '../../hosted/service-records.ts';
import { json, type Row, type Rows, text } from './rows.ts';

export function toPlan(row: Row): PlanRecord {
  return { id: text(row, 'id'), name: text(row, 'name'), config_data: json(row, 'config_data'), created_at: text(row, 'created_at') };
}

export function insertPlan(rows: Rows, tenant: string, plan: PlanRecord): void {
  rows.run(
    'INSERT INTO plans (id, name, config_data, created_at, tenant) VALUES (?, ?, ?, ?, ?)',
    plan.id,
    plan.name,
    JSON.stringify(plan.config_data),
    plan.created_at,
    tenant,
  );
}

/** A plan that has not been deleted. */
export function findPlan(rows: Rows, tenant: string, id: string): PlanRecord | undefined {
  const row = rows.one('SELECT * FROM plans WHERE id = ? AND tenant = ? AND deleted_at IS NULL', id, tenant);
  return row && toPlan(row);
}

/** Newest first, deleted ones left out. */
export function listPlans(rows: Rows, tenant: string): PlanRecord[] {
  return rows.all('SELECT * FROM plans WHERE tenant = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC', tenant).map(toPlan);
}

export function updatePlan(rows: Rows, tenant: string, plan: PlanRecord): void {
  const sql = 'UPDATE plans SET name = ?, config_data = ? WHERE id = ? AND tenant = ?';
  rows.run(sql, plan.name, JSON.stringify(plan.config_data), plan.id, tenant);
}

/** Removed when no test names it, else hidden (tests keep their plan_id). */
export function deletePlan(rows: Rows, tenant: string, id: string, at: string): void {
  rows.transaction(() => {
    const used = rows.one('SELECT 1 FROM tests WHERE plan_id = ? LIMIT 1', id) !== undefined;
    if (used) rows.run('UPDATE plans SET deleted_at = COALESCE(deleted_at, ?) WHERE id = ? AND tenant = ?', at, id, tenant);
    else rows.run('DELETE FROM plans WHERE id = ? AND tenant = ?', id, tenant);
  });
}

/** A plan deleted while tests named it leaves the table once none does (the last one deleted). */
export function dropUnnamedDeletedPlan(rows: Rows, id: string): void {
  rows.run('DELETE FROM plans WHERE id = ?1 AND deleted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tests WHERE plan_id = ?1)', id);
}
