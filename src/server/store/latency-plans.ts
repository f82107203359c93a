// Saved latency tests: a target, the locations to measure it from and the samples per location.
import { json, type Row, type Rows, text } from './rows.ts';

export interface LatencyPlanRecord {
  id: string;
  name: string;
  target: string;
  locations: string[];
  samples: number;
  created_at: string;
}

export function toLatencyPlan(row: Row): LatencyPlanRecord {
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    target: text(row, 'target'),
    locations: json(row, 'locations'),
    samples: Number(row.samples),
    created_at: text(row, 'created_at'),
  };
}

export function insertLatencyPlan(rows: Rows, tenant: string, plan: LatencyPlanRecord): void {
  rows.run(
    'INSERT INTO latency_plans (id, name, target, locations, samples, created_at, tenant) VALUES (?, ?, ?, ?, ?, ?, ?)',
    plan.id,
    plan.name,
    plan.target,
    JSON.stringify(plan.locations),
    plan.samples,
    plan.created_at,
    tenant,
  );
}

export function updateLatencyPlan(rows: Rows, tenant: string, plan: LatencyPlanRecord): void {
  rows.run(
    'UPDATE latency_plans SET name = ?, target = ?, locations = ?, samples = ? WHERE id = ? AND tenant = ?',
    plan.name,
    plan.target,
    JSON.stringify(plan.locations),
    plan.samples,
    plan.id,
    tenant,
  );
}
