// The server's records in one SQLite file (node:sqlite, WAL, one server per file): plans,
// environments, test data, tests and their results, sharded runs. Store is what the queue and the
// executors hold, across tenants; routes reach records only through `store.tenant(name)`
// (TenantStore), whose every query is of that tenant's records (docs/server.md, "Tenants"), so
// a route cannot forget the check. Secret values are sealed before SQLite sees them (seal.ts).
// Each resource's SQL is in its module under store/, the file's shape in store/migrations.ts.
// Uploaded files live in the data folder.
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { EnvironmentRecord, PlanRecord, TestStatus } from '../../hosted/service-records.ts';
import type { ConfigData, LoadTestResult } from '../../types.ts';
import { type Sealer, SealError, sealEnvironment, sealVars } from '../seal.ts';
import { insertEnvironment, toEnvironment, updateEnvironment } from './environments.ts';
import { insertLatencyPlan, type LatencyPlanRecord, toLatencyPlan, updateLatencyPlan } from './latency-plans.ts';
import { migrate, refuseNewer } from './migrations.ts';
import { deletePlan, findPlan, insertPlan, listPlans, toPlan, updatePlan } from './plans.ts';
import { json, Rows } from './rows.ts';
import * as shards from './shards.ts';
import type { ShardAttemptRecord, ShardKey, ShardRunRecord, ShardUpload } from './shards.ts';
import { insertTestData, type StoredTestData, setTestDataHash, testDataHashes, toTestData, updateTestData } from './test-data.ts';
import { deleteTest, finishTest, insertTest, type TestRecord, testConfig, testShards, testsFinishedBefore, toTest } from './tests.ts';

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
  // secure_delete: what is deleted or replaced is overwritten, not left readable in free space.
  db.exec('PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;');
  return db;
}

/** The secret key given does not open the values this database sealed. */
export class SecretKeyError extends Error {
  constructor(path: string, source: string) {
    super(
      `the secret key (${source}) is not the one that sealed the secret values of the database ${resolve(path)}: ` +
        'give the key it was started with (LOADGATE_SECRET_KEY or --secret-key-file), or rotate keys with --rotate-secret-key (docs/server.md); nothing was changed',
    );
    this.name = 'SecretKeyError';
  }
}

/** A constant sealed under the server's key: a wrong key is refused at start, never used to send garbage. */
const KEY_CHECK = 'loadgate secret key check';

/** Whether the file has a key check (it was opened with sealing), without creating anything. */
function storedKeyCheck(db: DatabaseSync): string | undefined {
  const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").get();
  if (!table) return undefined;
  const row = db.prepare("SELECT value FROM meta WHERE name = 'key_check'").get() as { value: string } | undefined;
  return row?.value;
}

function checkKey(db: DatabaseSync, sealer: Sealer, path: string, source: string): void {
  const stored = storedKeyCheck(db);
  if (stored === undefined) return;
  try {
    if (sealer.open(stored, 'key_check') === KEY_CHECK) return;
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
  }
  throw new SecretKeyError(path, source);
}

export interface StoreOptions {
  /** The data folder, which stored file paths are relative to. */
  dataDir: string;
  sealer: Sealer;
  /** Where the key came from, as a refusal names it (`LOADGATE_SECRET_KEY`, a file). */
  keySource: string;
  /**
   * Called once the key is known to fit the file, before anything is sealed with it: where a key
   * made for this start is written down (a key the file could not be opened with again is never used).
   */
  keyAccepted?: () => Promise<string | undefined>;
}

export class Store {
  private readonly rows: Rows;
  /** The folder of uploaded files, which stored paths are relative to (absolute). */
  private readonly dataDir: string;
  private readonly sealer: Sealer;

  /**
   * The store on the file at `path`, its schema brought up to date (docs/server.md, Migrations),
   * and the lines the server should log about it. Throws DatabaseInUseError when another server
   * holds the file, DatabaseTooNewError (the file untouched) when a newer loadgate wrote it,
   * SecretKeyError (the file untouched) when the key does not open its sealed values.
   */
  static async open(path: string, options: StoreOptions): Promise<{ store: Store; notes: string[] }> {
    const db = lockedConnection(path);
    const dataDir = resolve(options.dataDir);
    try {
      refuseNewer(db, path);
      checkKey(db, options.sealer, path, options.keySource);
      const accepted = await options.keyAccepted?.();
      const notes = [...(accepted ? [accepted] : []), ...(await migrate(db, path, { dataDir, sealer: options.sealer }))];
      db.prepare("INSERT OR IGNORE INTO meta (name, value) VALUES ('key_check', ?)").run(options.sealer.seal(KEY_CHECK, 'key_check'));
      return { store: new Store(db, dataDir, options.sealer), notes };
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private constructor(db: DatabaseSync, dataDir: string, sealer: Sealer) {
    this.rows = new Rows(db);
    this.dataDir = dataDir;
    this.sealer = sealer;
  }

  /** The records of one tenant: every route's way in (docs/server.md, "Tenants"). */
  tenant(name: string): TenantStore {
    return new TenantStore(this.rows, this.dataDir, this.sealer, name);
  }

  /** Rows read so far: what a test counts to show that a request's work does not grow with the stored uploads. */
  get rowsRead(): number {
    return this.rows.rowsRead;
  }

  close(): void {
    if (this.rows.db.isOpen) this.rows.db.close();
  }

  /**
   * Every sealed value opened with this key and sealed again under `next`, in one transaction
   * (docs/server.md, "Rotating the secret key"). Returns how many records changed.
   */
  rotateKey(next: Sealer): number {
    const changed = this.rows.transaction(() => {
      let changed = 0;
      for (const env of this.rows.all('SELECT * FROM environments').map(toEnvironment(this.sealer))) {
        this.rows.run('UPDATE environments SET vars = ? WHERE id = ?', JSON.stringify(sealVars(next, env.id, env.vars)), env.id);
        changed++;
      }
      for (const test of this.rows.all('SELECT * FROM tests WHERE environment IS NOT NULL').map(toTest(this.sealer))) {
        this.rows.run('UPDATE tests SET environment = ? WHERE id = ?', sealEnvironment(next, test.id, test.environment!), test.id);
        changed++;
      }
      this.rows.run("UPDATE meta SET value = ? WHERE name = 'key_check'", next.seal(KEY_CHECK, 'key_check'));
      return changed;
    });
    // The values sealed under the old key leave the log too (secure_delete has overwritten them in the file).
    this.rows.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return changed;
  }

  // ---- the queue's view, across tenants ----

  /** Any tenant's test: the queue's, and the report page's (its unguessable id is the credential). */
  getTest(id: string): TestRecord | undefined {
    return this.rows.byId('tests', id, toTest(this.sealer));
  }

  /** Deleted plans too: a test names its plan for as long as the test is kept. */
  getPlan(id: string): PlanRecord | undefined {
    return this.rows.byId('plans', id, toPlan);
  }

  /** A data set a test was created with (resolved in its tenant then). */
  getTestData(id: string): StoredTestData | undefined {
    return this.rows.byId('test_data', id, toTestData(this.dataDir));
  }

  /** The queued test that was created first. */
  nextQueuedTest(): TestRecord | undefined {
    const row = this.rows.one("SELECT * FROM tests WHERE status = 'initial' ORDER BY queue_position LIMIT 1");
    return row && toTest(this.sealer)(row);
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
    return this.rows.all("SELECT * FROM tests WHERE status = 'running' ORDER BY queue_position").map(toTest(this.sealer));
  }

  /** A test and everything kept for it (its result, its shards' uploads); the caller has ended it. */
  deleteTest(id: string): void {
    deleteTest(this.rows, id);
  }

  /** Ids of the tests that ended before `before` (ISO time): what --retention deletes. */
  testsFinishedBefore(before: string): string[] {
    return testsFinishedBefore(this.rows, before);
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

/** One tenant's records: every query of this class is of `tenant`'s rows alone. */
export class TenantStore {
  private readonly rows: Rows;
  private readonly dataDir: string;
  private readonly sealer: Sealer;
  readonly tenant: string;

  constructor(rows: Rows, dataDir: string, sealer: Sealer, tenant: string) {
    this.rows = rows;
    this.dataDir = dataDir;
    this.sealer = sealer;
    this.tenant = tenant;
  }

  // ---- plans and tests ----

  /**
   * A new test, queued behind every test created before it, with its own plan (`plan`) or a
   * stored one (null); `config` is its copy of the plan's config, which later plan updates leave alone.
   */
  createTest(plan: PlanRecord | null, test: TestRecord, config: ConfigData): void {
    insertTest(this.rows, this.sealer, this.tenant, { plan, test, config });
  }

  getTest(id: string): TestRecord | undefined {
    return this.rows.byId('tests', id, toTest(this.sealer), this.tenant);
  }

  /** Newest first. */
  listTests(): TestRecord[] {
    return this.rows.all('SELECT * FROM tests WHERE tenant = ? ORDER BY queue_position DESC', this.tenant).map(toTest(this.sealer));
  }

  createPlan(plan: PlanRecord): void {
    insertPlan(this.rows, this.tenant, plan);
  }

  /** A plan that has not been deleted. */
  findPlan(id: string): PlanRecord | undefined {
    return findPlan(this.rows, this.tenant, id);
  }

  /** Newest first, deleted ones left out. */
  listPlans(): PlanRecord[] {
    return listPlans(this.rows, this.tenant);
  }

  updatePlan(plan: PlanRecord): void {
    updatePlan(this.rows, this.tenant, plan);
  }

  /** Removed when no test names it, else hidden (tests keep their plan_id). */
  deletePlan(id: string, at: string): void {
    deletePlan(this.rows, this.tenant, id, at);
  }

  // ---- environments ----

  createEnvironment(record: EnvironmentRecord): void {
    insertEnvironment(this.rows, this.sealer, this.tenant, record);
  }

  listEnvironments(): EnvironmentRecord[] {
    return this.rows.newestFirst('environments', toEnvironment(this.sealer), this.tenant);
  }

  getEnvironment(id: string): EnvironmentRecord | undefined {
    return this.rows.byId('environments', id, toEnvironment(this.sealer), this.tenant);
  }

  /** By id, else the newest environment with that name. */
  findEnvironment(reference: string): EnvironmentRecord | undefined {
    return this.rows.byIdOrName('environments', reference, toEnvironment(this.sealer), this.tenant);
  }

  updateEnvironment(record: EnvironmentRecord): void {
    updateEnvironment(this.rows, this.sealer, this.tenant, record);
  }

  deleteEnvironment(id: string): boolean {
    return this.rows.deleteById('environments', id, this.tenant);
  }

  // ---- test data ----

  createTestData(record: StoredTestData): void {
    insertTestData(this.rows, this.dataDir, this.tenant, record);
  }

  listTestData(): StoredTestData[] {
    return this.rows.newestFirst('test_data', toTestData(this.dataDir), this.tenant);
  }

  getTestData(id: string): StoredTestData | undefined {
    return this.rows.byId('test_data', id, toTestData(this.dataDir), this.tenant);
  }

  /** By id, else the newest data set with that name. */
  findTestData(reference: string): StoredTestData | undefined {
    return this.rows.byIdOrName('test_data', reference, toTestData(this.dataDir), this.tenant);
  }

  updateTestData(record: StoredTestData): void {
    updateTestData(this.rows, this.tenant, record);
  }

  /** The data set and its file's hash. */
  deleteTestData(id: string): boolean {
    return this.rows.deleteById('test_data', id, this.tenant);
  }

  setTestDataHash(id: string, sha256: string): void {
    setTestDataHash(this.rows, this.tenant, id, sha256);
  }

  /** Data set id → SHA-256 of its file, for the uploads that have one. */
  testDataHashes(): Map<string, string> {
    return testDataHashes(this.rows, this.tenant);
  }

  // ---- latency plans ----

  createLatencyPlan(plan: LatencyPlanRecord): void {
    insertLatencyPlan(this.rows, this.tenant, plan);
  }

  listLatencyPlans(): LatencyPlanRecord[] {
    return this.rows.newestFirst('latency_plans', toLatencyPlan, this.tenant);
  }

  getLatencyPlan(id: string): LatencyPlanRecord | undefined {
    return this.rows.byId('latency_plans', id, toLatencyPlan, this.tenant);
  }

  updateLatencyPlan(plan: LatencyPlanRecord): void {
    updateLatencyPlan(this.rows, this.tenant, plan);
  }

  deleteLatencyPlan(id: string): boolean {
    return this.rows.deleteById('latency_plans', id, this.tenant);
  }
}
