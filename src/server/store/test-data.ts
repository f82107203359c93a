// Uploaded CSV data sets. A file in the data folder is stored by its path inside it, so the
// database and its folder can move together; any other path is kept as it was written.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { TestDataRecord } from '../../hosted/service-records.ts';
import { json, type Row, type Rows, text } from './rows.ts';

/** A test data set as stored: the answer's fields but the hash, and where the file is. */
export interface StoredTestData extends Omit<TestDataRecord, 'sha256'> {
  /** Absolute path of the stored file; never sent to clients. */
  file_path: string;
}

/** The path as stored: inside the data folder relative to it, else as given. */
function storedPath(dataDir: string, path: string): string {
  const inside = relative(dataDir, resolve(dataDir, path));
  const outside = inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside);
  return outside ? path : inside;
}

export function toTestData(dataDir: string): (row: Row) => StoredTestData {
  return (row) => ({
    id: text(row, 'id'),
    name: text(row, 'name'),
    type: 'csv',
    file_config: json(row, 'file_config'),
    file_name: text(row, 'file_name'),
    row_count: Number(row.row_count),
    created_at: text(row, 'created_at'),
    file_path: resolve(dataDir, text(row, 'file_path')),
  });
}

export function insertTestData(rows: Rows, dataDir: string, tenant: string, record: StoredTestData): void {
  rows.run(
    'INSERT INTO test_data (id, name, type, file_config, file_name, file_path, row_count, created_at, tenant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    record.id,
    record.name,
    record.type,
    JSON.stringify(record.file_config),
    record.file_name,
    storedPath(dataDir, record.file_path),
    record.row_count,
    record.created_at,
    tenant,
  );
}

export function updateTestData(rows: Rows, tenant: string, record: StoredTestData): void {
  rows.run(
    'UPDATE test_data SET name = ?, type = ?, file_config = ?, file_name = ?, row_count = ? WHERE id = ? AND tenant = ?',
    record.name,
    record.type,
    JSON.stringify(record.file_config),
    record.file_name,
    record.row_count,
    record.id,
    tenant,
  );
}

export function setTestDataHash(rows: Rows, tenant: string, id: string, sha256: string): void {
  rows.run('UPDATE test_data SET sha256 = ? WHERE id = ? AND tenant = ?', sha256, id, tenant);
}

/** Data set id → SHA-256 of its file, for the uploads that have one. */
export function testDataHashes(rows: Rows, tenant: string): Map<string, string> {
  return new Map(
    rows
      .all('SELECT id, sha256 FROM test_data WHERE tenant = ? AND sha256 IS NOT NULL', tenant)
      .map((row) => [text(row, 'id'), text(row, 'sha256')]),
  );
}
