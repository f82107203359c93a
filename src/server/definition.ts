// A load test as the server receives it (docs/interface.md 2.1, with the environment and test_data names or ids) and as the
// queue runs it. The body is checked with the CLI's schema; `environment` (a string) and
// `test_data` (strings) name stored records, by id or by name. The environment is copied into
// the test when it is created; the test data files are read when the test runs.
import { MAX_SHARDS } from './executors/kubernetes/locations.ts';
import { laterProblems, validatedOrSalvaged } from '../definition/salvage.ts';
import type { LoadedDefinition } from '../definition/load.ts';
import { checkTest, type CheckedTest } from '../engine/prepare.ts';
import { InputError, inputProblems, type Problem } from '../errors.ts';
import type { LoadTestDefinition, TestDataSet } from '../types.ts';
import { ApiError, problemsError } from './errors.ts';
import type { PlanRecord } from '../hosted/service-records.ts';
import type { Store, StoredTestData, TenantStore, TestRecord } from './store/store.ts';
import { isRecord } from '../json.ts';

/** The `file` named in problems with the request. */
const REQUEST = 'request body';

export interface NewTest {
  definition: LoadTestDefinition;
  /** The stored plan the request named (`plan_id`), if it named one. */
  planId: string | null;
  environmentId: string | null;
  testDataIds: string[];
  /** Shards per location (executor kubernetes), when the request says (`shards`). */
  shards?: number;
}

function testDataReferences(value: unknown, problems: Problem[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ path: '$.test_data', message: 'expected an array of ids or names of stored test data sets' });
    return [];
  }
  return value.flatMap((item, i) => {
    if (typeof item === 'string' && item !== '') return [item];
    problems.push({
      path: `$.test_data[${i}]`,
      message: 'expected the id or name of a stored test data set (upload the file with POST /v1/testdata/ first)',
    });
    return [];
  });
}

function testDataSet(record: StoredTestData): TestDataSet {
  return { name: record.name, file: record.file_path, type: record.type, file_config: record.file_config };
}

function resolveTestData(store: TenantStore, references: string[], problems: Problem[]): StoredTestData[] {
  const records: StoredTestData[] = [];
  references.forEach((reference, i) => {
    const record = store.findTestData(reference);
    const path = `$.test_data[${i}]`;
    if (!record) {
      problems.push({
        path,
        message: `no stored test data set with id or name ${JSON.stringify(reference)} (GET /v1/testdata/ lists them)`,
      });
    } else if (records.some((r) => r.name === record.name)) {
      problems.push({
        path,
        message: `two test data sets named ${JSON.stringify(record.name)}: {{data.<set>.<tag>}} needs one set per name`,
      });
    } else {
      records.push(record);
    }
  });
  return records;
}

/**
 * Checks a POST /v1/load/test/ body and resolves what it names among the records of its tenant
 * (another tenant's records are as unknown as ones that never existed); every problem is thrown at once.
 */
export async function parseTestRequest(body: unknown, store: TenantStore, dataDir: string): Promise<NewTest> {
  if (!isRecord(body)) {
    throw new ApiError(400, 'bad_request', 'expected a JSON object with "name" and "config_data" (docs/interface.md 2.1)');
  }
  const { environment, test_data: testData, plan_id: planId, shards, ...own } = body;
  const problems: Problem[] = [];
  const shardCount = shards === undefined ? undefined : readShards(shards, problems);
  const plan = planId === undefined ? undefined : findPlan(store, planId, problems);
  // Without its plan, the request's own name and config would only add "missing" noise.
  if (planId !== undefined && !plan) throw problemsError(problems);
  const rest = plan ? withPlan(plan, own) : own;
  const named = typeof environment === 'string' ? environment : undefined;
  // Every problem in one answer, as `loadgate validate` gives them: the variables and data are
  // checked on what is left of a refused definition too (definition/salvage.ts).
  const checked = validatedOrSalvaged(named === undefined && environment !== undefined ? { ...rest, environment } : rest, REQUEST);
  problems.push(...checked.problems);
  const stored = named === undefined ? undefined : store.findEnvironment(named);
  const namesKnown = problems.length;
  if (named !== undefined && !stored) {
    problems.push({
      path: '$.environment',
      message: `no stored environment with id or name ${JSON.stringify(named)} (GET /v1/environment/ lists them)`,
    });
  }
  const sets = resolveTestData(store, testDataReferences(testData, problems), problems);
  // A missing environment or data set leaves unknown which variables exist: none is named missing.
  if (!checked.salvaged || problems.length > namesKnown) throw problemsError(problems);

  const definition = checked.salvaged.definition;
  if (stored) definition.environment = { name: stored.name, vars: stored.vars };
  definition.test_data = sets.map(testDataSet);
  // Unknown variables, unreadable data and bad URLs are found now, not when the test's turn comes.
  const prepared = await inputProblems(() => checkTest({ definition, file: REQUEST, dir: dataDir }, {}));
  problems.push(...laterProblems(prepared.problems, problems, checked.salvaged.replaced));
  if (problems.length > 0) throw problemsError(problems);
  return {
    definition,
    planId: plan?.id ?? null,
    environmentId: stored?.id ?? null,
    testDataIds: sets.map((s) => s.id),
    ...(shardCount !== undefined && { shards: shardCount }),
  };
}

/**
 * `shards`: a server-side option beside the definition, not part of it (the definition's schema
 * is the published one, and clients that do not know the field never send it).
 */
function readShards(value: unknown, problems: Problem[]): number | undefined {
  if (Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_SHARDS) return value as number;
  problems.push({
    path: '$.shards',
    message: `expected the shards per location, a whole number from 1 to ${MAX_SHARDS}, got ${JSON.stringify(value)}`,
  });
  return undefined;
}

function findPlan(store: TenantStore, id: unknown, problems: Problem[]): PlanRecord | undefined {
  const plan = typeof id === 'string' ? store.findPlan(id) : undefined;
  if (!plan) {
    const message =
      typeof id === 'string'
        ? `no stored plan with id ${JSON.stringify(id)} (GET /v1/load/plan/ lists them)`
        : 'expected the id of a stored plan (a string)';
    problems.push({ path: '$.plan_id', message });
  }
  return plan;
}

/** Load shapes that exclude each other: a request that gives one drops the plan's other. */
const LOAD_SHAPE_KEYS = ['iteration_count', 'request_count', 'duration', 'load_type'];

/**
 * A request from a plan: the plan's name and config, with what the request gives on top. Each
 * key of the request's `config_data` replaces the plan's (`steps` as a whole); stages
 * (`manual_load`) and a plain count/duration exclude each other, so giving one drops the other.
 */
export function withPlan(plan: PlanRecord, request: Record<string, unknown>): Record<string, unknown> {
  const override = isRecord(request.config_data) ? request.config_data : {};
  const base: Record<string, unknown> = { ...plan.config_data };
  if (override.manual_load !== undefined) for (const key of LOAD_SHAPE_KEYS) delete base[key];
  else if (LOAD_SHAPE_KEYS.some((key) => override[key] !== undefined)) delete base.manual_load;
  if (override.request_count !== undefined) delete base.iteration_count;
  const merged = request.config_data === undefined || isRecord(request.config_data) ? { ...base, ...override } : request.config_data;
  return { ...request, name: request.name ?? plan.name, config_data: merged };
}

/** The definition of a stored test, with its test data as stored now. */
export function storedDefinition(store: Store, test: TestRecord): LoadTestDefinition {
  const config = store.getTestConfig(test.id) ?? store.getPlan(test.plan_id)?.config_data;
  if (!config) throw new InputError([{ path: 'plan_id', message: `the plan ${test.plan_id} of this test is missing from the database` }]);
  const sets = test.test_data_ids.map((id) => {
    const record = store.getTestData(id);
    if (!record) throw new InputError([{ path: 'test_data', message: `the test data set ${id} was deleted before the test ran` }]);
    return testDataSet(record);
  });
  const definition: LoadTestDefinition = { name: test.name, config_data: config, test_data: sets };
  if (test.environment) definition.environment = test.environment;
  return definition;
}

/** checkTest, with its problems as a 422 (the engine threads prepare the test). */
export async function prepare(definition: LoadTestDefinition, dataDir: string): Promise<CheckedTest> {
  const loaded: LoadedDefinition = { definition, file: REQUEST, dir: dataDir };
  try {
    return await checkTest(loaded, {});
  } catch (error) {
    if (error instanceof InputError) throw problemsError(error.problems);
    throw error;
  }
}
