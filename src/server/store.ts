// The server's records in one SQLite file (node:sqlite, WAL, one server per file): plans, environments, test data,
// tests and their results. JSON values are stored as TEXT. Uploaded files live in the data
// directory; test_data.file_path names them.
import { resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { EnvironmentRecord, LoadTestRecord, PlanRecord, TestDataRecord, TestStatus } from '../service-records.ts';
import type { ConfigData, Environment, LoadTestResult } from '../types.ts';

/** A load test as stored: what GET /v1/load/test/<id>/ shows, and what it runs with. */
export interface TestRecord extends LoadTestRecord {
  /** The stored environment the request named, if it named one. */
  environment_id: string | null;
  /** The environment as it was when the test was created (stored or inline). */
  environment: Environment | null;
  test_data_ids: string[];
}

/** A test data set as stored: the answer's fields but the hash (a table of its own), and where the file is. */
export interface StoredTestData extends Omit<TestDataRecord, 'sha256'> {
  /** Absolute path of the stored file; never sent to clients. */
  file_path: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS plans (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, config_data TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tests (
  id TEXT PRIMARY KEY, plan_id TEXT NOT NULL REFERENCES plans(id), name TEXT NOT NULL,
  status TEXT NOT NULL, failure_reason TEXT, test_url TEXT NOT NULL,
  created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT,
  environment_id TEXT, environment TEXT, test_data_ids TEXT NOT NULL,
  queue_position INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS tests_queue ON tests (status, queue_position);
CREATE TABLE IF NOT EXISTS results (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS environments (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, vars TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS test_data (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL, file_config TEXT NOT NULL,
  file_name TEXT NOT NULL, file_path TEXT NOT NULL, row_count INTEGER NOT NULL, created_at TEXT NOT NULL);
`;

// ---- the API's later tables (plan CRUD, updates, latency plans), kept apart from the first schema ----

/**
 * `test_configs`: the config each test runs with, copied when it is created (tests from before
 * this table read their plan). `deleted_plans`: a plan that tests name cannot leave the plans
 * table (foreign key), so deleting it hides it. `test_data_hashes`: SHA-256 of each uploaded
 * file, which lets clients reuse an upload. `latency_plans`: saved latency tests.
 */
const API_SCHEMA = `
CREATE TABLE IF NOT EXISTS test_configs (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), config_data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deleted_plans (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id), deleted_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS test_data_hashes (
  test_data_id TEXT PRIMARY KEY, sha256 TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS latency_plans (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, target TEXT NOT NULL, locations TEXT NOT NULL,
  samples INTEGER NOT NULL, created_at TEXT NOT NULL);
`;

// ---- sharded tests (executors/kubernetes): what a restarted server needs to re-attach ----

/**
 * `shard_runs`: per test, the token's SHA-256 (never the token), the shards per location, when
 * coordination began and the common start once set. `shard_attempts`: which pod holds each
 * (location, index, attempt) and from which second it runs. `shard_intervals`: each uploaded
 * second, once per (location, index, attempt, t). `shard_finals`: each attempt's shard result.
 * `test_shards`: the shards per location a test asked for (its request's `shards`).
 */
const SHARD_SCHEMA = `
CREATE TABLE IF NOT EXISTS shard_runs (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), token_sha256 TEXT NOT NULL, slots TEXT NOT NULL,
  began_at_ms INTEGER NOT NULL, start_at_ms INTEGER, late TEXT);
CREATE TABLE IF NOT EXISTS shard_attempts (
  test_id TEXT NOT NULL, location TEXT NOT NULL, idx INTEGER NOT NULL, attempt INTEGER NOT NULL,
  pod TEXT NOT NULL, from_second INTEGER NOT NULL, PRIMARY KEY (test_id, location, idx, attempt));
CREATE TABLE IF NOT EXISTS shard_intervals (
  test_id TEXT NOT NULL, location TEXT NOT NULL, idx INTEGER NOT NULL, attempt INTEGER NOT NULL,
  t INTEGER NOT NULL, sample TEXT NOT NULL, PRIMARY KEY (test_id, location, idx, attempt, t));
CREATE TABLE IF NOT EXISTS test_shards (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), shards INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS shard_finals (
  test_id TEXT NOT NULL, location TEXT NOT NULL, idx INTEGER NOT NULL, attempt INTEGER NOT NULL,
  result TEXT NOT NULL, PRIMARY KEY (test_id, location, idx, attempt));
`;

/** One shard of a test: its location and 0-based index (JOB_COMPLETION_INDEX). */
export interface ShardKey {
  location: string;
  index: number;
}

export interface ShardRunRecord {
  testId: string;
  tokenSha256: string;
  /** Location → shards. */
  slots: Record<string, number>;
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

export interface LatencyPlanRecord {
  id: string;
  name: string;
  target: string;
  locations: string[];
  samples: number;
  created_at: string;
}

function toLatencyPlan(row: Row): LatencyPlanRecord {
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    target: text(row, 'target'),
    locations: json(row, 'locations'),
    samples: Number(row.samples),
    created_at: text(row, 'created_at'),
  };
}

type Row = Record<string, SQLInputValue>;
/** The tables read by id; a name in SQL text comes only from this list. */
type Table = 'plans' | 'tests' | 'environments' | 'test_data' | 'latency_plans';

function text(row: Row, key: string): string {
  return String(row[key]);
}

function nullableText(row: Row, key: string): string | null {
  const value = row[key];
  return value === null || value === undefined ? null : String(value);
}

function json<T>(row: Row, key: string): T {
  return JSON.parse(text(row, key)) as T;
}

function toPlan(row: Row): PlanRecord {
  return { id: text(row, 'id'), name: text(row, 'name'), config_data: json(row, 'config_data'), created_at: text(row, 'created_at') };
}

function toTest(row: Row): TestRecord {
  const environment = nullableText(row, 'environment');
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    status: text(row, 'status') as TestStatus,
    test_url: text(row, 'test_url'),
    failure_reason: nullableText(row, 'failure_reason'),
    plan_id: text(row, 'plan_id'),
    created_at: text(row, 'created_at'),
    started_at: nullableText(row, 'started_at'),
    finished_at: nullableText(row, 'finished_at'),
    environment_id: nullableText(row, 'environment_id'),
    environment: environment === null ? null : (JSON.parse(environment) as Environment),
    test_data_ids: json(row, 'test_data_ids'),
  };
}

function toEnvironment(row: Row): EnvironmentRecord {
  return { id: text(row, 'id'), name: text(row, 'name'), vars: json(row, 'vars'), created_at: text(row, 'created_at') };
}

function toTestData(row: Row): StoredTestData {
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    type: 'csv',
    file_config: json(row, 'file_config'),
    file_name: text(row, 'file_name'),
    row_count: Number(row.row_count),
    created_at: text(row, 'created_at'),
    file_path: text(row, 'file_path'),
  };
}

/** The database file is locked by another process: another `loadgate serve` on the same --db. */
export class DatabaseInUseError extends Error {
  constructor(path: string) {
    super(`the database ${resolve(path)} is in use by another loadgate serve; stop that server or give another --db`);
    this.name = 'DatabaseInUseError';
  }
}

/** SQLITE_BUSY: node:sqlite reports SQLite's result code as `errcode`. */
function isBusy(error: unknown): boolean {
  return (error as { errcode?: unknown }).errcode === 5;
}

export class Store {
  private readonly db: DatabaseSync;
  /** Rows read so far: what a test counts to show that a request's work does not grow with the stored uploads. */
  rowsRead = 0;

  /** Throws DatabaseInUseError when another server holds the file. */
  constructor(path: string) {
    this.db = new DatabaseSync(path);
    try {
      // In exclusive locking mode the write lock this empty transaction takes is held until the
      // connection closes (and by the OS only while this process lives), so a second server on
      // the file stops here, before it could mark this one's running test failed. No busy
      // timeout is set yet: the second server is told at once.
      this.db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; BEGIN EXCLUSIVE; COMMIT;');
    } catch (error) {
      this.db.close();
      throw isBusy(error) ? new DatabaseInUseError(path) : error;
    }
    this.db.exec('PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    this.db.exec(SCHEMA);
    this.db.exec(API_SCHEMA);
    this.db.exec(SHARD_SCHEMA);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  private all(sql: string, ...params: SQLInputValue[]): Row[] {
    const rows = this.db.prepare(sql).all(...params) as Row[];
    this.rowsRead += rows.length;
    return rows;
  }

  private one(sql: string, ...params: SQLInputValue[]): Row | undefined {
    const row = this.db.prepare(sql).get(...params) as Row | undefined;
    if (row) this.rowsRead += 1;
    return row;
  }

  private run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.db.prepare(sql).run(...params).changes);
  }

  private byId<T>(table: Table, id: string, read: (row: Row) => T): T | undefined {
    const row = this.one(`SELECT * FROM ${table} WHERE id = ?`, id);
    return row && read(row);
  }

  /** By id, else the newest record with that name. */
  private byIdOrName<T>(table: Table, reference: string, read: (row: Row) => T): T | undefined {
    const row = this.one(`SELECT * FROM ${table} WHERE id = ?1 OR name = ?1 ORDER BY id = ?1 DESC, rowid DESC LIMIT 1`, reference);
    return row && read(row);
  }

  /** Newest first; records made in the same millisecond in the reverse order of their insertion. */
  private newestFirst<T>(table: Table, read: (row: Row) => T): T[] {
    return this.all(`SELECT * FROM ${table} ORDER BY created_at DESC, rowid DESC`).map(read);
  }

  private deleteById(table: Table, id: string): boolean {
    return this.run(`DELETE FROM ${table} WHERE id = ?`, id) > 0;
  }

  // ---- plans and tests ----

  /**
   * A new test, queued behind every test created before it, with its own plan (`plan`) or a
   * stored one (null); `config` is its copy of the plan's config, which later plan updates leave alone.
   */
  createTest(plan: PlanRecord | null, test: TestRecord, config: ConfigData): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      if (plan) this.run('INSERT INTO plans VALUES (?, ?, ?, ?)', plan.id, plan.name, JSON.stringify(plan.config_data), plan.created_at);
      this.run(
        `INSERT INTO tests (id, plan_id, name, status, failure_reason, test_url, created_at, started_at, finished_at,
           environment_id, environment, test_data_ids, queue_position)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(queue_position), 0) + 1 FROM tests))`,
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
        test.environment === null ? null : JSON.stringify(test.environment),
        JSON.stringify(test.test_data_ids),
      );
      this.run('INSERT INTO test_configs VALUES (?, ?)', test.id, JSON.stringify(config));
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  getPlan(id: string): PlanRecord | undefined {
    return this.byId('plans', id, toPlan);
  }

  getTest(id: string): TestRecord | undefined {
    return this.byId('tests', id, toTest);
  }

  /** Newest first. */
  listTests(): TestRecord[] {
    return this.all('SELECT * FROM tests ORDER BY queue_position DESC').map(toTest);
  }

  /** The queued test that was created first. */
  nextQueuedTest(): TestRecord | undefined {
    const row = this.one("SELECT * FROM tests WHERE status = 'initial' ORDER BY queue_position LIMIT 1");
    return row && toTest(row);
  }

  markRunning(id: string, at: string): void {
    this.run("UPDATE tests SET status = 'running', started_at = ? WHERE id = ?", at, id);
  }

  /** Ends a test; a result (complete or partial) is stored with it when there is one. */
  finishTest(id: string, end: { status: TestStatus; failureReason: string | null; at: string; result?: LoadTestResult }): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.run('UPDATE tests SET status = ?, failure_reason = ?, finished_at = ? WHERE id = ?', end.status, end.failureReason, end.at, id);
      if (end.result) this.run('INSERT OR REPLACE INTO results VALUES (?, ?)', id, JSON.stringify(end.result));
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Tests left running by a server that died (but `except`): failed with `reason`. Returns their number. */
  failRunningTests(reason: string, at: string, except?: string): number {
    return this.run(
      "UPDATE tests SET status = 'failed', failure_reason = ?, finished_at = ? WHERE status = 'running' AND id != ?",
      reason,
      at,
      except ?? '',
    );
  }

  getResult(testId: string): LoadTestResult | undefined {
    const row = this.one('SELECT json FROM results WHERE test_id = ?', testId);
    return row && json<LoadTestResult>(row, 'json');
  }

  // ---- environments ----

  createEnvironment(record: EnvironmentRecord): void {
    this.run('INSERT INTO environments VALUES (?, ?, ?, ?)', record.id, record.name, JSON.stringify(record.vars), record.created_at);
  }

  listEnvironments(): EnvironmentRecord[] {
    return this.newestFirst('environments', toEnvironment);
  }

  getEnvironment(id: string): EnvironmentRecord | undefined {
    return this.byId('environments', id, toEnvironment);
  }

  /** By id, else the newest environment with that name. */
  findEnvironment(reference: string): EnvironmentRecord | undefined {
    return this.byIdOrName('environments', reference, toEnvironment);
  }

  deleteEnvironment(id: string): boolean {
    return this.deleteById('environments', id);
  }

  // ---- test data ----

  createTestData(record: StoredTestData): void {
    this.run(
      'INSERT INTO test_data VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      record.id,
      record.name,
      record.type,
      JSON.stringify(record.file_config),
      record.file_name,
      record.file_path,
      record.row_count,
      record.created_at,
    );
  }

  listTestData(): StoredTestData[] {
    return this.newestFirst('test_data', toTestData);
  }

  getTestData(id: string): StoredTestData | undefined {
    return this.byId('test_data', id, toTestData);
  }

  /** By id, else the newest data set with that name. */
  findTestData(reference: string): StoredTestData | undefined {
    return this.byIdOrName('test_data', reference, toTestData);
  }

  /** The data set and its file's hash. */
  deleteTestData(id: string): boolean {
    this.run('DELETE FROM test_data_hashes WHERE test_data_id = ?', id);
    return this.deleteById('test_data', id);
  }

  // ---- plan CRUD, updates, upload hashes and latency plans (API_SCHEMA) ----

  createPlan(plan: PlanRecord): void {
    this.run('INSERT INTO plans VALUES (?, ?, ?, ?)', plan.id, plan.name, JSON.stringify(plan.config_data), plan.created_at);
  }

  /** A plan that has not been deleted. */
  findPlan(id: string): PlanRecord | undefined {
    const row = this.one('SELECT * FROM plans WHERE id = ? AND id NOT IN (SELECT plan_id FROM deleted_plans)', id);
    return row && toPlan(row);
  }

  /** Newest first, deleted ones left out. */
  listPlans(): PlanRecord[] {
    return this.all('SELECT * FROM plans WHERE id NOT IN (SELECT plan_id FROM deleted_plans) ORDER BY created_at DESC, rowid DESC').map(
      toPlan,
    );
  }

  updatePlan(plan: PlanRecord): void {
    this.run('UPDATE plans SET name = ?, config_data = ? WHERE id = ?', plan.name, JSON.stringify(plan.config_data), plan.id);
  }

  /** Removed when no test names it, else hidden (tests keep their plan_id). */
  deletePlan(id: string, at: string): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const used = this.one('SELECT 1 FROM tests WHERE plan_id = ? LIMIT 1', id) !== undefined;
      if (used) this.run('INSERT OR IGNORE INTO deleted_plans VALUES (?, ?)', id, at);
      else this.run('DELETE FROM plans WHERE id = ?', id);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** The config a test was created with; undefined for tests from before test_configs. */
  getTestConfig(testId: string): ConfigData | undefined {
    const row = this.one('SELECT config_data FROM test_configs WHERE test_id = ?', testId);
    return row && json<ConfigData>(row, 'config_data');
  }

  updateEnvironment(record: EnvironmentRecord): void {
    this.run('UPDATE environments SET name = ?, vars = ? WHERE id = ?', record.name, JSON.stringify(record.vars), record.id);
  }

  updateTestData(record: StoredTestData): void {
    this.run(
      'UPDATE test_data SET name = ?, type = ?, file_config = ?, file_name = ?, row_count = ? WHERE id = ?',
      record.name,
      record.type,
      JSON.stringify(record.file_config),
      record.file_name,
      record.row_count,
      record.id,
    );
  }

  setTestDataHash(id: string, sha256: string): void {
    this.run('INSERT OR REPLACE INTO test_data_hashes VALUES (?, ?)', id, sha256);
  }

  /** Data set id → SHA-256 of its file, for the uploads that have one. */
  testDataHashes(): Map<string, string> {
    return new Map(this.all('SELECT * FROM test_data_hashes').map((row) => [text(row, 'test_data_id'), text(row, 'sha256')]));
  }

  createLatencyPlan(plan: LatencyPlanRecord): void {
    this.run(
      'INSERT INTO latency_plans VALUES (?, ?, ?, ?, ?, ?)',
      plan.id,
      plan.name,
      plan.target,
      JSON.stringify(plan.locations),
      plan.samples,
      plan.created_at,
    );
  }

  listLatencyPlans(): LatencyPlanRecord[] {
    return this.newestFirst('latency_plans', toLatencyPlan);
  }

  getLatencyPlan(id: string): LatencyPlanRecord | undefined {
    return this.byId('latency_plans', id, toLatencyPlan);
  }

  updateLatencyPlan(plan: LatencyPlanRecord): void {
    this.run(
      'UPDATE latency_plans SET name = ?, target = ?, locations = ?, samples = ? WHERE id = ?',
      plan.name,
      plan.target,
      JSON.stringify(plan.locations),
      plan.samples,
      plan.id,
    );
  }

  deleteLatencyPlan(id: string): boolean {
    return this.deleteById('latency_plans', id);
  }

  // ---- sharded tests (SHARD_SCHEMA) ----

  setTestShards(testId: string, shards: number): void {
    this.run('INSERT INTO test_shards VALUES (?, ?)', testId, shards);
  }

  /** The shards per location the test asked for; undefined when it left it to the server. */
  testShards(testId: string): number | undefined {
    const row = this.one('SELECT shards FROM test_shards WHERE test_id = ?', testId);
    return row ? Number(row.shards) : undefined;
  }

  createShardRun(run: ShardRunRecord): void {
    this.run(
      'INSERT INTO shard_runs VALUES (?, ?, ?, ?, ?, ?)',
      run.testId,
      run.tokenSha256,
      JSON.stringify(run.slots),
      run.beganAtMs,
      run.startAtMs,
      JSON.stringify(run.late),
    );
  }

  getShardRun(testId: string): ShardRunRecord | undefined {
    const row = this.one('SELECT * FROM shard_runs WHERE test_id = ?', testId);
    if (!row) return undefined;
    const startAt = row.start_at_ms;
    return {
      testId,
      tokenSha256: text(row, 'token_sha256'),
      slots: json(row, 'slots'),
      beganAtMs: Number(row.began_at_ms),
      startAtMs: startAt === null || startAt === undefined ? null : Number(startAt),
      late: json(row, 'late'),
    };
  }

  setShardStart(testId: string, startAtMs: number, late: string[]): void {
    this.run('UPDATE shard_runs SET start_at_ms = ?, late = ? WHERE test_id = ?', startAtMs, JSON.stringify(late), testId);
  }

  /** False when the attempt is already held (by this pod or another). */
  claimShardAttempt(testId: string, attempt: ShardAttemptRecord): boolean {
    return (
      this.run(
        'INSERT OR IGNORE INTO shard_attempts VALUES (?, ?, ?, ?, ?, ?)',
        testId,
        attempt.location,
        attempt.index,
        attempt.attempt,
        attempt.pod,
        attempt.fromSecond,
      ) > 0
    );
  }

  shardAttempts(testId: string): ShardAttemptRecord[] {
    return this.all('SELECT * FROM shard_attempts WHERE test_id = ? ORDER BY location, idx, attempt', testId).map((row) => ({
      location: text(row, 'location'),
      index: Number(row.idx),
      attempt: Number(row.attempt),
      pod: text(row, 'pod'),
      fromSecond: Number(row.from_second),
    }));
  }

  /** False when that second of that attempt was already stored (an upload retried). */
  addShardInterval(testId: string, upload: ShardUpload<{ t: number; sample: unknown }>): boolean {
    return (
      this.run(
        'INSERT OR IGNORE INTO shard_intervals VALUES (?, ?, ?, ?, ?, ?)',
        testId,
        upload.location,
        upload.index,
        upload.attempt,
        upload.value.t,
        JSON.stringify(upload.value.sample),
      ) > 0
    );
  }

  shardIntervals<T>(testId: string): Array<ShardUpload<{ t: number; sample: T }>> {
    return this.all('SELECT * FROM shard_intervals WHERE test_id = ? ORDER BY location, idx, attempt, t', testId).map((row) => ({
      location: text(row, 'location'),
      index: Number(row.idx),
      attempt: Number(row.attempt),
      value: { t: Number(row.t), sample: json<T>(row, 'sample') },
    }));
  }

  addShardFinal(testId: string, upload: ShardUpload<unknown>): boolean {
    return (
      this.run(
        'INSERT OR IGNORE INTO shard_finals VALUES (?, ?, ?, ?, ?)',
        testId,
        upload.location,
        upload.index,
        upload.attempt,
        JSON.stringify(upload.value),
      ) > 0
    );
  }

  shardFinals<T>(testId: string): Array<ShardUpload<T>> {
    return this.all('SELECT * FROM shard_finals WHERE test_id = ? ORDER BY location, idx, attempt', testId).map((row) => ({
      location: text(row, 'location'),
      index: Number(row.idx),
      attempt: Number(row.attempt),
      value: json<T>(row, 'result'),
    }));
  }

  /** Which attempts delivered a result and whether it ended early, without reading the results themselves. */
  shardFinalStates(testId: string): Array<ShardKey & { attempt: number; interrupted: boolean }> {
    return this.all(
      "SELECT location, idx, attempt, json_extract(result, '$.run.interrupted') AS interrupted FROM shard_finals WHERE test_id = ?",
      testId,
    ).map((row) => ({
      location: text(row, 'location'),
      index: Number(row.idx),
      attempt: Number(row.attempt),
      interrupted: Number(row.interrupted) === 1,
    }));
  }

  /** Tests left running by a server that stopped, oldest first. */
  runningTests(): TestRecord[] {
    return this.all("SELECT * FROM tests WHERE status = 'running' ORDER BY queue_position").map(toTest);
  }
}
