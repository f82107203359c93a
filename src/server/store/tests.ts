// Load tests: the queue (queue_position), their status, the config and shards each was created
// with, and their results.
import type { LoadTestRecord, PlanRecord, TestStatus } from '../../hosted/service-records.ts';
import type { ConfigData, Environment, LoadTestResult } from '../../types.ts';
import { openEnvironment, type Sealer, sealEnvironment } from '../seal.ts';
import { dropUnnamedDeletedPlan, insertPlan } from './plans.ts';
import { json, nullableText, type Row, type Rows, text } from './rows.ts';

/** A load test as stored: what GET /v1/load/test/<id>/ shows, and what it runs with. */
export interface TestRecord extends LoadTestRecord {
  /** The stored environment the request named, if it named one. */
  environment_id: string | null;
  /** The environment as it was when the test was created (stored or inline). */
  environment: Environment | null;
  test_data_ids: string[];
}

export function toTest(sealer: Sealer): (row: Row) => TestRecord {
  return (row) => testOf(row, sealer);
}

function testOf(row: Row, sealer: Sealer): TestRecord {
  const environment = nullableText(row, 'environment');
  const id = text(row, 'id');
  return {
    id,
    name: text(row, 'name'),
    status: text(row, 'status') as TestStatus,
    test_url: text(row, 'test_url'),
    failure_reason: nullableText(row, 'failure_reason'),
    plan_id: text(row, 'plan_id'),
    created_at: text(row, 'created_at'),
    started_at: nullableText(row, 'started_at'),
    finished_at: nullableText(row, 'finished_at'),
    environment_id: nullableText(row, 'environment_id'),
    environment: environment === null ? null : openEnvironment(sealer, id, environment),
    test_data_ids: json(row, 'test_data_ids'),
  };
}

/**
 * A new test, queued behind every test created before it, with its own plan (`plan`) or a
 * stored one (null); `config` is its copy of the plan's config, which later plan updates leave alone.
 */
export function insertTest(
  rows: Rows,
  sealer: Sealer,
  tenant: string,
  { plan, test, config }: { plan: PlanRecord | null; test: TestRecord; config: ConfigData },
): void {
  rows.transaction(() => {
    if (plan) insertPlan(rows, tenant, plan);
    rows.run(
      `INSERT INTO tests (id, plan_id, name, status, failure_reason, test_url, created_at, started_at, finished_at,
         environment_id, environment, test_data_ids, config_data, tenant, queue_position)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(queue_position), 0) + 1 FROM tests))`,
      test.id,
      test.plan_id,
      test.name,
      test.status,
      test.failure_reason,
      test.test_url,
      test.created_at,
      test.started_at,
      test.finished_at,
      test.environment_id,
      test.environment === null ? null : sealEnvironment(sealer, test.id, test.environment),
      JSON.stringify(test.test_data_ids),
      JSON.stringify(config),
      tenant,
    );
  });
}

/** Ends a test; a result (complete or partial) is stored with it when there is one. */
export function finishTest(
  rows: Rows,
  id: string,
  end: { status: TestStatus; failureReason: string | null; at: string; result?: LoadTestResult },
): void {
  rows.transaction(() => {
    rows.run('UPDATE tests SET status = ?, failure_reason = ?, finished_at = ? WHERE id = ?', end.status, end.failureReason, end.at, id);
    if (end.result) rows.run('INSERT OR REPLACE INTO results (test_id, json) VALUES (?, ?)', id, JSON.stringify(end.result));
  });
}

/** The config a test was created with; undefined for tests from before 0.1.0 kept it (they read their plan). */
export function testConfig(rows: Rows, testId: string): ConfigData | undefined {
  const row = rows.one('SELECT config_data FROM tests WHERE id = ? AND config_data IS NOT NULL', testId);
  return row && json<ConfigData>(row, 'config_data');
}

/** The shards per location the test asked for; undefined when it left it to the server. */
export function testShards(rows: Rows, testId: string): number | undefined {
  const row = rows.one('SELECT shards FROM tests WHERE id = ? AND shards IS NOT NULL', testId);
  return row ? Number(row.shards) : undefined;
}

/**
 * A test gone with everything kept for it: its result, its shards' uploads, and its plan when that
 * was deleted and no other test names it. The caller has ended it first.
 */
export function deleteTest(rows: Rows, id: string): void {
  rows.transaction(() => {
    const row = rows.one('SELECT plan_id FROM tests WHERE id = ?', id);
    for (const table of ['results', 'shard_runs', 'shard_attempts', 'shard_intervals', 'shard_finals']) {
      rows.run(`DELETE FROM ${table} WHERE test_id = ?`, id);
    }
    rows.run('DELETE FROM tests WHERE id = ?', id);
    if (row) dropUnnamedDeletedPlan(rows, text(row, 'plan_id'));
  });
}

/** Ids of the tests that ended before `before` (ISO time), oldest first: what --retention deletes. */
export function testsFinishedBefore(rows: Rows, before: string): string[] {
  return rows
    .all(
      "SELECT id FROM tests WHERE finished_at IS NOT NULL AND finished_at < ? AND status NOT IN ('initial', 'running') ORDER BY finished_at",
      before,
    )
    .map((row) => text(row, 'id'));
}
