// The sharded tests this server coordinates now, by test id, and the check of their callbacks'
// token (`Authorization: Bearer <token>`, the per-test token of the test's Secret; the API keys
// are not accepted there, nor is the token anywhere else).
import type { LoadTestDefinition } from '../../types.ts';
import { ApiError } from '../errors.ts';
import type { ShardCoordinator } from './coordinator.ts';

export const SHARD_ROUTE_PREFIX = '/v1/shard/';

export interface ShardedTest {
  coordinator: ShardCoordinator;
  /** The definition as it runs (environment applied; data files on this server). */
  definition: LoadTestDefinition;
  testUrl: string;
}

export class ShardRegistry {
  private readonly tests = new Map<string, ShardedTest>();

  add(test: ShardedTest): void {
    this.tests.set(test.coordinator.testId, test);
  }

  remove(testId: string): void {
    this.tests.delete(testId);
  }

  get(testId: string): ShardedTest | undefined {
    return this.tests.get(testId);
  }

  /** Checked before any body is read: 401 without a bearer token, 403 with a wrong one, 404 for a test not coordinated now. */
  authenticate(url: string, authorization: string | undefined): ApiError | undefined {
    const testId = decodeURIComponent(url.slice(SHARD_ROUTE_PREFIX.length).split(/[/?]/)[0] ?? '');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) return new ApiError(401, 'unauthorized', "shard callbacks need Authorization: Bearer <the test's shard token>");
    const test = this.tests.get(testId);
    // The same answer for an unknown test and a wrong token: the callback learns nothing from it.
    if (!test?.coordinator.acceptsToken(match[1]!)) return new ApiError(403, 'forbidden', 'the shard token is not valid for this test');
    return undefined;
  }
}
