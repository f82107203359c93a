// The server's records in one SQLite file (node:sqlite, WAL, one server per file): plans,
// environments, test data, tests and their results, sharded runs. Store is the one object the
// routes, the queue and the executors hold; each resource's SQL is in its module under store/,
// the file's shape in store/migrations.ts. Uploaded files live in the data folder.
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { EnvironmentRecord, PlanRecord, TestStatus } from '../../hosted/service-records.ts';
import type { ConfigData, LoadTestResult } from '../../types.ts';
import { insertEnvironment, toEnvironment, updateEnvironment } from './environments.ts';
import { insertLatencyPlan, type LatencyPlanRecord, toLatencyPlan, updateLatencyPlan } from './latency-plans.ts';
import { migrate } from './migrations.ts';
import { deletePlan, findPlan, insertPlan, listPlans, toPlan, updatePlan } from './plans.ts';
import { json, Rows } from './rows.ts';
import * as shards from './shards.ts';
import type { ShardAttemptRecord, ShardKey, ShardRunRecord, ShardUpload } from './shards.ts';
import { insertTestData, type StoredTestData, setTestDataHash, testDataHashes, toTestData, updateTestData } from './test-data.ts';
import { finishTest, insertTest, type TestRecord, testConfig, testShards, toTest } from './tests.ts';

export type { LatencyPlanRecord } from './latency-plans.ts';
export { DatabaseTooNewError } from './migrations.ts';
export type { ShardAttemptRecord, ShardKey, ShardRunRecord, ShardUpload } from './shards.ts';
export type { StoredTestData } from './test-data.ts';
export type { TestRecord } from './tests.ts';

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

/** Throws DatabaseInUseError when another server holds the file. */
function lockedConnection(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  try {
    // In exclusive locking mode the write lock this empty transaction takes is held until the
    // connection closes (and by the OS only while this process lives), so a second server on
    // the file stops here, before it could mark this one's running test failed. No busy
    // timeout is set yet: the second server is told at once.
    db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; BEGIN EXCLUSIVE; COMMIT;');
  } catch (error) {
    db.close();
    throw isBusy(error) ? new DatabaseInUseError(path) : error;
  }
  db.exec('PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  return db;
}

export class Store {
  private readonly rows: Rows;
  /** The folder of uploaded files, which stored paths are relative to (absolute). */
  private readonly dataDir: string;

  /**
   * The store on the file at `path`, its schema brought up to date (docs/server.md, Migrations);
   * `dataDir` is the folder of uploaded files, which stored paths are relative to. Throws
   * DatabaseInUseError when another server holds the file, DatabaseTooNewError (the file
   * untouched) when a newer loadgate wrote it.
   */
  static async open(path: string, dataDir: string): Promise<Store> {
    const db = lockedConnection(path);
    try {
      await migrate(db, path, { dataDir: resolve(dataDir) });
    } catch (error) {
      db.close();
      throw error;
    }
    return new Store(db, resolve(dataDir));
  }

  private constructor(db: DatabaseSync, dataDir: string) {
    this.rows = new Rows(db);
    this.dataDir = dataDir;
  }

  /** Rows read so far: what a test counts to show that a request's work does not grow with the stored uploads. */
  get rowsRead(): number {
    return this.rows.rowsRead;
  }

  close(): void {
    if (this.rows.db.isOpen) this.rows.db.close();
  }

  // ---- plans and tests ----

  /**
   * A new test, queued behind every test created before it, with its own plan (`plan`) or a
   * stored one (null); `config` is its copy of the plan's config, which later plan updates leave alone.
   */
  createTest(plan: PlanRecord | null, test: TestRecord, config: ConfigData): void {
    insertTest(this.rows, plan, test, config);
  }

  /** Deleted plans too: a test names its plan for as long as the test is kept. */
  getPlan(id: string): PlanRecord | undefined {
    return this.rows.byId('plans', id, toPlan);
  }

  getTest(id: string): TestRecord | undefined {
    return this.rows.byId('tests', id, toTest);
  }

  /** Newest first. */
  listTests(): TestRecord[] {
    return this.rows.all('SELECT * FROM tests ORDER BY queue_position DESC').map(toTest);
  }

  /** The queued test that was created first. */
  nextQueuedTest(): TestRecord | undefined {
    const row = this.rows.one("SELECT * FROM tests WHERE status = 'initial' ORDER BY queue_position LIMIT 1");
    return row && toTest(row);
  }

  markRunning(id: string, at: string): void {
    this.rows.run("UPDATE tests SET status = 'running', started_at = ? WHERE id = ?", at, id);
  }

  /** A running test back to the queue at its place, as if it had never started (its executor could not start it for now). */
  requeueTest(id: string): void {
    this.rows.run("UPDATE tests SET status = 'initial', started_at = NULL WHERE id = ? AND status = 'running'", id);
  }

  /** Ends a test; a result (complete or partial) is stored with it when there is one. */
  finishTest(id: string, end: { status: TestStatus; failureReason: string | null; at: string; result?: LoadTestResult }): void {
    finishTest(this.rows, id, end);
  }

  /** Tests left running by a server that died (but `except`): failed with `reason`. Returns their number. */
  failRunningTests(reason: string, at: string, except?: string): number {
    return this.rows.run(
      "UPDATE tests SET status = 'failed', failure_reason = ?, finished_at = ? WHERE status = 'running' AND id != ?",
      reason,
      at,
      except ?? '',
    );
  }

  getResult(testId: string): LoadTestResult | undefined {
    const row = this.rows.one('SELECT json FROM results WHERE test_id = ?', testId);
    return row && json<LoadTestResult>(row, 'json');
  }

  /** The config a test was created with; undefined for tests older than that copy (they read their plan). */
  getTestConfig(testId: string): ConfigData | undefined {
    return testConfig(this.rows, testId);
  }

  /** Tests left running by a server that stopped, oldest first. */
  runningTests(): TestRecord[] {
    return this.rows.all("SELECT * FROM tests WHERE status = 'running' ORDER BY queue_position").map(toTest);
  }

  createPlan(plan: PlanRecord): void {
    insertPlan(this.rows, plan);
  }

  /** A plan that has not been deleted. */
  findPlan(id: string): PlanRecord | undefined {
    return findPlan(this.rows, id);
  }

  /** Newest first, deleted ones left out. */
  listPlans(): PlanRecord[] {
    return listPlans(this.rows);
  }

  updatePlan(plan: PlanRecord): void {
    updatePlan(this.rows, plan);
  }

  /** Removed when no test names it, else hidden (tests keep their plan_id). */
  deletePlan(id: string, at: string): void {
    deletePlan(this.rows, id, at);
  }

  // ---- environments ----

  createEnvironment(record: EnvironmentRecord): void {
    insertEnvironment(this.rows, record);
  }

  listEnvironments(): EnvironmentRecord[] {
    return this.rows.newestFirst('environments', toEnvironment);
  }

  getEnvironment(id: string): EnvironmentRecord | undefined {
    return this.rows.byId('environments', id, toEnvironment);
  }

  /** By id, else the newest environment with that name. */
  findEnvironment(reference: string): EnvironmentRecord | undefined {
    return this.rows.byIdOrName('environments', reference, toEnvironment);
  }

  updateEnvironment(record: EnvironmentRecord): void {
    updateEnvironment(this.rows, record);
  }

  deleteEnvironment(id: string): boolean {
    return this.rows.deleteById('environments', id);
  }

  // ---- test data ----

  createTestData(record: StoredTestData): void {
    insertTestData(this.rows, this.dataDir, record);
  }

  listTestData(): StoredTestData[] {
    return this.rows.newestFirst('test_data', toTestData(this.dataDir));
  }

  getTestData(id: string): StoredTestData | undefined {
    return this.rows.byId('test_data', id, toTestData(this.dataDir));
  }

  /** By id, else the newest data set with that name. */
  findTestData(reference: string): StoredTestData | undefined {
    return this.rows.byIdOrName('test_data', reference, toTestData(this.dataDir));
  }

  updateTestData(record: StoredTestData): void {
    updateTestData(this.rows, record);
  }

  /** The data set and its file's hash. */
  deleteTestData(id: string): boolean {
    return this.rows.deleteById('test_data', id);
  }

  setTestDataHash(id: string, sha256: string): void {
    setTestDataHash(this.rows, id, sha256);
  }

  /** Data set id → SHA-256 of its file, for the uploads that have one. */
  testDataHashes(): Map<string, string> {
    return testDataHashes(this.rows);
  }

  // ---- latency plans ----

  createLatencyPlan(plan: LatencyPlanRecord): void {
    insertLatencyPlan(this.rows, plan);
  }

  listLatencyPlans(): LatencyPlanRecord[] {
    return this.rows.newestFirst('latency_plans', toLatencyPlan);
  }

  getLatencyPlan(id: string): LatencyPlanRecord | undefined {
    return this.rows.byId('latency_plans', id, toLatencyPlan);
  }

  updateLatencyPlan(plan: LatencyPlanRecord): void {
    updateLatencyPlan(this.rows, plan);
  }

  deleteLatencyPlan(id: string): boolean {
    return this.rows.deleteById('latency_plans', id);
  }

  // ---- sharded tests ----

  setTestShards(testId: string, count: number): void {
    this.rows.run('UPDATE tests SET shards = ? WHERE id = ?', count, testId);
  }

  /** The shards per location the test asked for; undefined when it left it to the server. */
  testShards(testId: string): number | undefined {
    return testShards(this.rows, testId);
  }

  createShardRun(run: ShardRunRecord): void {
    shards.insertShardRun(this.rows, run);
  }

  getShardRun(testId: string): ShardRunRecord | undefined {
    return shards.shardRun(this.rows, testId);
  }

  setShardStart(testId: string, startAtMs: number, late: string[]): void {
    this.rows.run('UPDATE shard_runs SET start_at_ms = ?, late = ? WHERE test_id = ?', startAtMs, JSON.stringify(late), testId);
  }

  /** False when the attempt is already held (by this pod or another). */
  claimShardAttempt(testId: string, attempt: ShardAttemptRecord): boolean {
    return shards.claimShardAttempt(this.rows, testId, attempt);
  }

  shardAttempts(testId: string): ShardAttemptRecord[] {
    return shards.shardAttempts(this.rows, testId);
  }

  /** False when that second of that attempt was already stored (an upload retried). */
  addShardInterval(testId: string, upload: ShardUpload<{ t: number; sample: unknown }>): boolean {
    return shards.addShardInterval(this.rows, testId, upload);
  }

  shardIntervals<T>(testId: string): Array<ShardUpload<{ t: number; sample: T }>> {
    return shards.shardIntervals<T>(this.rows, testId);
  }

  addShardFinal(testId: string, upload: ShardUpload<unknown>): boolean {
    return shards.addShardFinal(this.rows, testId, upload);
  }

  shardFinals<T>(testId: string): Array<ShardUpload<T>> {
    return shards.shardFinals<T>(this.rows, testId);
  }

  /** Which attempts delivered a result and whether it ended early, without reading the results themselves. */
  shardFinalStates(testId: string): Array<ShardKey & { attempt: number; interrupted: boolean }> {
    return shards.shardFinalStates(this.rows, testId);
  }
}
