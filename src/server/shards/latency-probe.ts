// One latency location measured by a pod (docs/kubernetes.md, "Latency tests"): the pod fetches
// what to measure with the probe's token, measures from where it runs, and posts its location's
// figures back. The probe lives only as long as the latency request that waits for it.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { isRecord } from '../../json.ts';
import type { ProbeRequest } from '../../shard/protocol.ts';
import type { LocationLatency } from '../../types.ts';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export class LatencyProbe {
  readonly id = `latency-${randomUUID()}`;
  readonly request: ProbeRequest;
  /** Settles with the pod's figures, once. */
  readonly result: Promise<LocationLatency>;
  private readonly tokenSha256: Buffer;
  private resolve!: (latency: LocationLatency) => void;
  private delivered = false;

  private constructor(request: ProbeRequest, token: string) {
    this.request = request;
    this.tokenSha256 = sha256(token);
    this.result = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  /** A new probe and its token (for the pod's Secret; only its hash is kept). */
  static begin(request: ProbeRequest): { probe: LatencyProbe; token: string } {
    const token = randomBytes(32).toString('base64url');
    return { probe: new LatencyProbe(request, token), token };
  }

  acceptsToken(token: string): boolean {
    return timingSafeEqual(sha256(token), this.tokenSha256);
  }

  /** The pod's figures; a problem (what was expected) when they are not a location's latency. */
  deliver(value: unknown): string | undefined {
    const problem = locationLatencyProblem(value);
    if (problem) return problem;
    if (!this.delivered) this.resolve(value as LocationLatency);
    this.delivered = true;
    return undefined;
  }
}

function locationLatencyProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'expected the location\'s latency (an object with "name", "samples", "failures", "errors" and "phases")';
  for (const field of ['samples', 'failures'] as const)
    if (!Number.isSafeInteger(value[field]) || (value[field] as number) < 0) return `expected "${field}" to be a whole number ≥ 0`;
  if (typeof value.name !== 'string' || typeof value.egress !== 'string') return 'expected "name" and "egress" to be strings';
  if (!isRecord(value.errors) || !isRecord(value.phases)) return 'expected "errors" and "phases" to be objects';
  return undefined;
}
