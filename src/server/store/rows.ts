// One connection's statements for the resource modules: rows in, rows out, transactions, and the
// readers that turn a column back into a value (JSON values are stored as TEXT).
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';

export type Row = Record<string, SQLInputValue>;
/** The tables read by id; a name in SQL text comes only from this list. */
export type Table = 'plans' | 'tests' | 'environments' | 'test_data' | 'latency_plans';

export function text(row: Row, key: string): string {
  return String(row[key]);
}

export function nullableText(row: Row, key: string): string | null {
  const value = row[key];
  return value === null || value === undefined ? null : String(value);
}

export function json<T>(row: Row, key: string): T {
  return JSON.parse(text(row, key)) as T;
}

export class Rows {
  /** Rows read so far: what a test counts to show that a request's work does not grow with the stored uploads. */
  rowsRead = 0;

  readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  all(sql: string, ...params: SQLInputValue[]): Row[] {
    const rows = this.db.prepare(sql).all(...params) as Row[];
    this.rowsRead += rows.length;
    return rows;
  }

  one(sql: string, ...params: SQLInputValue[]): Row | undefined {
    const row = this.db.prepare(sql).get(...params) as Row | undefined;
    if (row) this.rowsRead += 1;
    return row;
  }

  /** The number of rows changed. */
  run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.db.prepare(sql).run(...params).changes);
  }

  /** `work` in one write transaction: all of it is stored or none. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const value = work();
      this.db.exec('COMMIT');
      return value;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** The record `id` of `tenant`; without a tenant, of any (the queue's and the report page's reads). */
  byId<T>(table: Table, id: string, read: (row: Row) => T, tenant?: string): T | undefined {
    const row =
      tenant === undefined
        ? this.one(`SELECT * FROM ${table} WHERE id = ?`, id)
        : this.one(`SELECT * FROM ${table} WHERE id = ? AND tenant = ?`, id, tenant);
    return row && read(row);
  }

  /** By id, else the newest record with that name, of `tenant`'s records. */
  byIdOrName<T>(table: Table, reference: string, read: (row: Row) => T, tenant: string): T | undefined {
    const row = this.one(
      `SELECT * FROM ${table} WHERE (id = ?1 OR name = ?1) AND tenant = ?2 ORDER BY id = ?1 DESC, rowid DESC LIMIT 1`,
      reference,
      tenant,
    );
    return row && read(row);
  }

  /** `tenant`'s records, newest first; records made in the same millisecond in the reverse order of their insertion. */
  newestFirst<T>(table: Table, read: (row: Row) => T, tenant: string): T[] {
    return this.all(`SELECT * FROM ${table} WHERE tenant = ? ORDER BY created_at DESC, rowid DESC`, tenant).map(read);
  }

  deleteById(table: Table, id: string, tenant: string): boolean {
    return this.run(`DELETE FROM ${table} WHERE id = ? AND tenant = ?`, id, tenant) > 0;
  }
}
