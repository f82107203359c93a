// Sharded tests (executors/kubernetes): what a restarted server needs to re-attach. shard_runs:
// per test, the token's SHA-256 (never the token), the shards per location, when coordination
// began and the common start once set. shard_attempts: which pod holds each (location, index,
// attempt) and from which second it runs. shard_intervals: each uploaded second, once per
// (location, index, attempt, t). shard_finals: each attempt's shard result.
import type { ShardKey } from '../../shard/protocol.ts';
import { json, type Row, type Rows, text } from './rows.ts';

export type { ShardKey };

export interface ShardRunRecord {
  testId: string;
  tokenSha256: string;
  /** Location → how many shards it runs (the column `slots`). */
  shardCounts: Record<string, number>;
  beganAtMs: number;
  startAtMs: number | null;
  /** `<location>-<index>` of the shards that were not ready when the start was set. */
  late: string[];
}

export interface ShardAttemptRecord extends ShardKey {
  attempt: number;
  pod: string;
  fromSecond: number;
}

export interface ShardUpload<T> extends ShardKey {
  attempt: number;
  value: T;
}

function shardOf(row: Row): ShardKey & { attempt: number } {
  return { location: text(row, 'location'), index: Number(row.idx), attempt: Number(row.attempt) };
}

/** A test begun again (it went back to the queue when its cluster did not answer) starts afresh. */
export function insertShardRun(rows: Rows, run: ShardRunRecord): void {
  for (const table of ['shard_finals', 'shard_intervals', 'shard_attempts', 'shard_runs'])
    rows.run(`DELETE FROM ${table} WHERE test_id = ?`, run.testId);
  rows.run(
    'INSERT INTO shard_runs (test_id, token_sha256, slots, began_at_ms, start_at_ms, late) VALUES (?, ?, ?, ?, ?, ?)',
    run.testId,
    run.tokenSha256,
    JSON.stringify(run.shardCounts),
    run.beganAtMs,
    run.startAtMs,
    JSON.stringify(run.late),
  );
}

export function shardRun(rows: Rows, testId: string): ShardRunRecord | undefined {
  const row = rows.one('SELECT * FROM shard_runs WHERE test_id = ?', testId);
  if (!row) return undefined;
  const startAt = row.start_at_ms;
  return {
    testId,
    tokenSha256: text(row, 'token_sha256'),
    shardCounts: json(row, 'slots'),
    beganAtMs: Number(row.began_at_ms),
    startAtMs: startAt === null || startAt === undefined ? null : Number(startAt),
    late: json(row, 'late'),
  };
}

/** False when the attempt is already held (by this pod or another). */
export function claimShardAttempt(rows: Rows, testId: string, attempt: ShardAttemptRecord): boolean {
  const sql = 'INSERT OR IGNORE INTO shard_attempts (test_id, location, idx, attempt, pod, from_second) VALUES (?, ?, ?, ?, ?, ?)';
  return rows.run(sql, testId, attempt.location, attempt.index, attempt.attempt, attempt.pod, attempt.fromSecond) > 0;
}

export function shardAttempts(rows: Rows, testId: string): ShardAttemptRecord[] {
  return rows
    .all('SELECT * FROM shard_attempts WHERE test_id = ? ORDER BY location, idx, attempt', testId)
    .map((row) => ({ ...shardOf(row), pod: text(row, 'pod'), fromSecond: Number(row.from_second) }));
}

/** False when that second of that attempt was already stored (an upload retried). */
export function addShardInterval(rows: Rows, testId: string, upload: ShardUpload<{ t: number; sample: unknown }>): boolean {
  const sql = 'INSERT OR IGNORE INTO shard_intervals (test_id, location, idx, attempt, t, sample) VALUES (?, ?, ?, ?, ?, ?)';
  return rows.run(sql, testId, upload.location, upload.index, upload.attempt, upload.value.t, JSON.stringify(upload.value.sample)) > 0;
}

export function shardIntervals<T>(rows: Rows, testId: string): Array<ShardUpload<{ t: number; sample: T }>> {
  return rows
    .all('SELECT * FROM shard_intervals WHERE test_id = ? ORDER BY location, idx, attempt, t', testId)
    .map((row) => ({ ...shardOf(row), value: { t: Number(row.t), sample: json<T>(row, 'sample') } }));
}

export function addShardFinal(rows: Rows, testId: string, upload: ShardUpload<unknown>): boolean {
  const sql = 'INSERT OR IGNORE INTO shard_finals (test_id, location, idx, attempt, result) VALUES (?, ?, ?, ?, ?)';
  return rows.run(sql, testId, upload.location, upload.index, upload.attempt, JSON.stringify(upload.value)) > 0;
}

export function shardFinals<T>(rows: Rows, testId: string): Array<ShardUpload<T>> {
  return rows
    .all('SELECT * FROM shard_finals WHERE test_id = ? ORDER BY location, idx, attempt', testId)
    .map((row) => ({ ...shardOf(row), value: json<T>(row, 'result') }));
}

/** Which attempts delivered a result and whether it ended early, without reading the results themselves. */
export function shardFinalStates(rows: Rows, testId: string): Array<ShardKey & { attempt: number; interrupted: boolean }> {
  return rows
    .all(
      "SELECT location, idx, attempt, json_extract(result, '$.run.interrupted') AS interrupted FROM shard_finals WHERE test_id = ?",
      testId,
    )
    .map((row) => ({ ...shardOf(row), interrupted: Number(row.interrupted) === 1 }));
}
