// The sharded tests this server coordinates now, by test id, and the check of their callbacks'
// token (`Authorization: Bearer <token>`, the per-test token of the test's Secret; the API keys
// are not accepted there, nor is the token anywhere else). Latency probes (one pod measuring one
// location) call home under the same prefix with a token of their own.
import { SHARD_CALLS, SHARD_ROUTE_PREFIX, type ShardCall } from '../../shard/protocol.ts';
import type { LoadTestDefinition } from '../../types.ts';
import { ApiError } from '../errors.ts';
import type { ShardCoordinator } from './coordinator.ts';
import type { LatencyProbe } from './latency-probe.ts';

/** A callback's route: `/v1/shard/:test/ready/`. */
export function shardRoute(call: ShardCall): string {
  return `${SHARD_ROUTE_PREFIX}:test/${SHARD_CALLS[call]}`;
}

/**
 * A shard's results file: its histograms per step × location grow with steps and locations
 * beyond the 1 MB of other bodies, so this route takes as much as an upload. Only the test's
 * token opens it, checked before the body is read.
 */
export const SHARD_RESULT_ROUTE = shardRoute('final');

export interface ShardedTest {
  coordinator: ShardCoordinator;
  /** The definition as it runs (environment applied; data files on this server). */
  definition: LoadTestDefinition;
  testUrl: string;
}

export class ShardRegistry {
  private readonly tests = new Map<string, ShardedTest>();
  private readonly probes = new Map<string, LatencyProbe>();

  add(test: ShardedTest): void {
    this.tests.set(test.coordinator.testId, test);
  }

  remove(testId: string): void {
    this.tests.delete(testId);
  }

  get(testId: string): ShardedTest | undefined {
    return this.tests.get(testId);
  }

  addProbe(probe: LatencyProbe): void {
    this.probes.set(probe.id, probe);
  }

  removeProbe(id: string): void {
    this.probes.delete(id);
  }

  probe(id: string): LatencyProbe | undefined {
    return this.probes.get(id);
  }

  /** Checked before any body is read: 401 without a bearer token, 403 with a wrong one, 404 for a test not coordinated now. */
  authenticate(url: string, authorization: string | undefined): ApiError | undefined {
    const testId = decodeURIComponent(url.slice(SHARD_ROUTE_PREFIX.length).split(/[/?]/)[0] ?? '');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) return new ApiError(401, 'unauthorized', "shard callbacks need Authorization: Bearer <the test's shard token>");
    const caller = this.tests.get(testId)?.coordinator ?? this.probes.get(testId);
    // The same answer for an unknown test and a wrong token: the callback learns nothing from it.
    if (!caller?.acceptsToken(match[1]!)) return new ApiError(403, 'forbidden', 'the shard token is not valid for this test');
    return undefined;
  }
}
