// The database's shape, as numbered steps: PRAGMA user_version names the last step a file has
// been through. A fresh file and one written by 0.1.0 (version 0, tables present) take the same
// steps; a file from a newer loadgate is refused before anything is written to it.
import { closeSync, openSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { backup, type DatabaseSync } from 'node:sqlite';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { holdsPlainSecret, openVars, type Sealer, sealEnvironment, sealVars, type StoredVar } from '../seal.ts';
import { Rows, text } from './rows.ts';
import { PRIVATE_FILE } from '../private-files.ts';

export interface MigrationContext {
  /** The data folder this server keeps uploaded files in (absolute). */
  dataDir: string;
  /** Seals secret values written before they were sealed (migration 5). */
  sealer: Sealer;
}

/** What a step did that the server should say (or act on) once the migration has succeeded. */
interface MigrationNotes {
  /** The file held secret values in plain text before this migration: so does its backup. */
  plainSecrets: boolean;
}

type Migration = (rows: Rows, context: MigrationContext, notes: MigrationNotes) => void;

/** Migration 1: the tables exactly as 0.1.0 created them (IF NOT EXISTS: a 0.1.0 file has them all). */
const SCHEMA_0_1_0 = `
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
CREATE TABLE IF NOT EXISTS test_configs (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), config_data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deleted_plans (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id), deleted_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS test_data_hashes (
  test_data_id TEXT PRIMARY KEY, sha256 TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS latency_plans (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, target TEXT NOT NULL, locations TEXT NOT NULL,
  samples INTEGER NOT NULL, created_at TEXT NOT NULL);
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

/**
 * Migration 2: the side tables become columns of the tables they extend. tests.config_data is
 * the config a test was created with (NULL for tests older than test_configs: they read their
 * plan); tests.shards the shards per location it asked for; test_data.sha256 its file's hash;
 * plans.deleted_at hides a plan that tests still name (the foreign key keeps it in the table).
 */
const FOLD_SIDE_TABLES = `
ALTER TABLE tests ADD COLUMN config_data TEXT;
ALTER TABLE tests ADD COLUMN shards INTEGER;
ALTER TABLE test_data ADD COLUMN sha256 TEXT;
ALTER TABLE plans ADD COLUMN deleted_at TEXT;
UPDATE tests SET config_data = (SELECT config_data FROM test_configs WHERE test_id = tests.id);
UPDATE tests SET shards = (SELECT shards FROM test_shards WHERE test_id = tests.id);
UPDATE test_data SET sha256 = (SELECT sha256 FROM test_data_hashes WHERE test_data_id = test_data.id);
UPDATE plans SET deleted_at = (SELECT deleted_at FROM deleted_plans WHERE plan_id = plans.id);
DROP TABLE test_configs;
DROP TABLE test_shards;
DROP TABLE test_data_hashes;
DROP TABLE deleted_plans;
`;

/**
 * Migration 3: uploaded files by their path inside the data folder. Before it, a row held the
 * absolute path of the server that wrote it (/data/loadgate-data/<id>.csv); a path whose folder
 * has this data folder's name was in the data folder, wherever that was then, so the database and
 * its folder moved together keep their files. Any other path stays as it is, read as written.
 */
function relativeFilePaths(rows: Rows, context: MigrationContext): void {
  const folderName = basename(context.dataDir);
  for (const row of rows.all('SELECT id, file_path FROM test_data')) {
    const path = text(row, 'file_path');
    if (isAbsolute(path) && basename(dirname(path)) === folderName) {
      rows.run('UPDATE test_data SET file_path = ? WHERE id = ?', basename(path), text(row, 'id'));
    }
  }
}

/**
 * Migration 4: every record belongs to a tenant (docs/server.md, "Tenants"); the records written
 * before tenants to `default`, the tenant of a bare key. `meta` keeps what the file needs to be
 * opened right, such as the check of its secret key (seal.ts).
 */
const TENANTS = `
ALTER TABLE plans ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE tests ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE environments ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE test_data ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE latency_plans ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
CREATE INDEX IF NOT EXISTS environments_tenant ON environments (tenant, created_at);
CREATE INDEX IF NOT EXISTS test_data_tenant ON test_data (tenant, created_at);
CREATE INDEX IF NOT EXISTS plans_tenant ON plans (tenant, created_at);
CREATE INDEX IF NOT EXISTS tests_tenant ON tests (tenant, queue_position);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * Migration 5: secret values sealed (seal.ts). Each environment's secret variables, and each test's
 * copy of its environment, written in plain text before, are sealed under the server's key.
 */
function sealSecrets(rows: Rows, context: MigrationContext, notes: MigrationNotes): void {
  for (const row of rows.all('SELECT id, vars FROM environments')) {
    const vars = text(row, 'vars');
    if (!holdsPlainSecret(vars)) continue;
    notes.plainSecrets = true;
    const id = text(row, 'id');
    const plain = openVars(context.sealer, id, JSON.parse(vars) as StoredVar[]);
    rows.run('UPDATE environments SET vars = ? WHERE id = ?', JSON.stringify(sealVars(context.sealer, id, plain)), id);
  }
  for (const row of rows.all('SELECT id, environment FROM tests WHERE environment IS NOT NULL')) {
    const environment = text(row, 'environment');
    if (!holdsPlainSecret(environment)) continue;
    notes.plainSecrets = true;
    const id = text(row, 'id');
    rows.run('UPDATE tests SET environment = ? WHERE id = ?', sealEnvironment(context.sealer, id, JSON.parse(environment)), id);
  }
}

/** Numbered from 1: MIGRATIONS[n - 1] takes a file from version n - 1 to n. Append only. */
const MIGRATIONS: readonly Migration[] = [
  (rows) => rows.db.exec(SCHEMA_0_1_0),
  (rows) => rows.db.exec(FOLD_SIDE_TABLES),
  relativeFilePaths,
  (rows) => rows.db.exec(TENANTS),
  sealSecrets,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
/** The first version whose secret values are sealed: copies of older files may hold them in plain text. */
export const SEALED_SINCE = 5;

/** The database file was written by a newer loadgate: opening it here could lose what it stores. */
export class DatabaseTooNewError extends Error {
  constructor(path: string, version: number) {
    super(
      `the database ${resolve(path)} has schema version ${version}, and this loadgate serve knows versions up to ${SCHEMA_VERSION}: ` +
        'run the loadgate that wrote it (or a newer one), or restore the backup taken before that upgrade; the file was left unchanged',
    );
    this.name = 'DatabaseTooNewError';
  }
}

export function schemaVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/** Where the copy taken before migrating a file from `version` goes: beside it. */
export function backupPath(path: string, version: number): string {
  return `${resolve(path)}.v${version}.bak`;
}

function holdsTables(db: DatabaseSync): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' LIMIT 1").get() !== undefined;
}

/** Throws DatabaseTooNewError, before anything is written, for a file from a newer loadgate. */
export function refuseNewer(db: DatabaseSync, path: string): void {
  const version = schemaVersion(db);
  if (version > SCHEMA_VERSION) throw new DatabaseTooNewError(path, version);
}

/**
 * Brings the file at `path` to SCHEMA_VERSION: refuses a newer one untouched, copies an older one
 * that holds records (SQLite's online backup, into a file only its owner reads) and then applies
 * every missing step in one transaction, so a failed step leaves the file as it was. A copy of a
 * file that held secret values in plain text is removed once the migration has succeeded: no
 * file of the server keeps a plain secret. Returns what the server should log.
 */
export async function migrate(db: DatabaseSync, path: string, context: MigrationContext): Promise<string[]> {
  refuseNewer(db, path);
  const version = schemaVersion(db);
  if (version === SCHEMA_VERSION) return [];
  const copy = holdsTables(db) ? backupPath(path, version) : undefined;
  if (copy) {
    closeSync(openSync(copy, 'w', PRIVATE_FILE));
    await backup(db, copy);
  }
  const rows = new Rows(db);
  const notes: MigrationNotes = { plainSecrets: false };
  rows.transaction(() => {
    for (let next = version + 1; next <= SCHEMA_VERSION; next++) {
      MIGRATIONS[next - 1]!(rows, context, notes);
      db.exec(`PRAGMA user_version = ${next}`);
    }
  });
  if (!copy || !notes.plainSecrets) return [];
  // The copy is the file as the older loadgate wrote it, secrets in plain text; and the file's
  // free pages may still hold them: rewritten (secure_delete then keeps them out).
  await rm(copy, { force: true });
  db.exec('VACUUM; PRAGMA wal_checkpoint(TRUNCATE);');
  return [
    `the database held secret values in plain text: they are sealed now, and the copy taken before this upgrade (${copy}), which held them too, was removed; a downgrade past this version needs the environments' secret values given again`,
  ];
}
