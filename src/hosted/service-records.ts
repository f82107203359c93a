// The records of the load-testing service (docs/interface.md 2, 2.7 and 3), described once: what
// `loadgate serve` answers (src/server/) and what the hosted client reads (src/hosted/client.ts).
// Field names are the wire's (snake_case).
import type { ConfigData, Coverage, Environment, FileConfig } from '../types.ts';

/** loadgate serve's statuses (docs/interface.md 3); other services may use other words. */
const TEST_STATUSES = ['initial', 'running', 'completed', 'incomplete', 'failed', 'stopped'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];
export const FINAL_STATUSES: readonly TestStatus[] = ['completed', 'incomplete', 'failed', 'stopped'];

/** A load test plan (2.2). */
export interface PlanRecord {
  id: string;
  name: string;
  config_data: ConfigData;
  created_at: string;
}

/** A stored environment (2.3). */
export interface EnvironmentRecord extends Environment {
  id: string;
  created_at: string;
}

/** A test data set as answered (2.4, 2.7). */
export interface TestDataRecord {
  id: string;
  name: string;
  type: 'csv';
  file_config: FileConfig;
  /** The name of the uploaded file, as the client sent it. */
  file_name: string;
  row_count: number;
  created_at: string;
  /** SHA-256 of the file, hex; not in the interface (loadgate serve shows it), so a reused upload can be recognised. */
  sha256?: string;
}

/** A load test as GET /v1/load/test/<id>/ shows it. */
export interface LoadTestRecord {
  id: string;
  name: string;
  status: TestStatus;
  test_url: string;
  failure_reason: string | null;
  plan_id: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** `incomplete` tests only (GET /v1/load/test/<id>/): what of the plan the result lacks, per location and index. */
  coverage?: Coverage;
}

/** The answer to POST /v1/load/test/ (2.7). */
export type CreatedLoadTestRecord = Pick<LoadTestRecord, 'id' | 'test_url' | 'status' | 'failure_reason'>;

/** An id as services of the interface give it: loadgate serve's are UUIDs, others may be numbers. */
export type Id = string | number;

/**
 * A record as any service of the interface may answer it: an `Id`, the `Sure` fields, and the
 * others only perhaps (the interface shows few answers; 2.7).
 */
export type AnsweredRecord<R extends { id: string }, Sure extends keyof R = never> = { id: Id } & Pick<R, Sure> &
  Partial<Omit<R, 'id' | Sure>>;
