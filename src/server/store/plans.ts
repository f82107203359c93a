// Load plans: a name and a config that tests are created from. A plan that tests still name
// cannot leave the table (their foreign key), so deleting it sets deleted_at and hides it.
import type { PlanRecord } from '../../hosted/service-records.ts';
import { json, type Row, type Rows, text } from './rows.ts';

export function toPlan(row: Row): PlanRecord {
  return { id: text(row, 'id'), name: text(row, 'name'), config_data: json(row, 'config_data'), created_at: text(row, 'created_at') };
}

export function insertPlan(rows: Rows, plan: PlanRecord): void {
  rows.run(
    'INSERT INTO plans (id, name, config_data, created_at) VALUES (?, ?, ?, ?)',
    plan.id,
    plan.name,
    JSON.stringify(plan.config_data),
    plan.created_at,
  );
}

/** A plan that has not been deleted. */
export function findPlan(rows: Rows, id: string): PlanRecord | undefined {
  const row = rows.one('SELECT * FROM plans WHERE id = ? AND deleted_at IS NULL', id);
  return row && toPlan(row);
}

/** Newest first, deleted ones left out. */
export function listPlans(rows: Rows): PlanRecord[] {
  return rows.all('SELECT * FROM plans WHERE deleted_at IS NULL ORDER BY created_at DESC, rowid DESC').map(toPlan);
}

export function updatePlan(rows: Rows, plan: PlanRecord): void {
  rows.run('UPDATE plans SET name = ?, config_data = ? WHERE id = ?', plan.name, JSON.stringify(plan.config_data), plan.id);
}

/** Removed when no test names it, else hidden (tests keep their plan_id). */
export function deletePlan(rows: Rows, id: string, at: string): void {
  rows.transaction(() => {
    const used = rows.one('SELECT 1 FROM tests WHERE plan_id = ? LIMIT 1', id) !== undefined;
    if (used) rows.run('UPDATE plans SET deleted_at = COALESCE(deleted_at, ?) WHERE id = ?', at, id);
    else rows.run('DELETE FROM plans WHERE id = ?', id);
  });
}
