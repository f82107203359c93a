// The latency routes (docs/latency.md): GET /v1/latency/locations/ is the tree of the configured
// locations (`serve --latency-location`), POST /v1/latency/test/ measures a target from the
// locations its patterns pick and answers synchronously with a flat object keyed by location
// code. The test is bounded in time, since clients wait for the answer (the hosted client 30 s).
// With the Kubernetes executor, an `@kube:` location is measured by a one-pod Job there.
import type { FastifyReply } from 'fastify';
import type { LatencyLocation, LocationLatency } from '../../types.ts';
import { locationTree, selectLocations, splitPatterns } from '../../latency/locations.ts';
import { DEFAULT_SAMPLES, latencyAnswer, MAX_SAMPLES, runLatency } from '../../latency/run.ts';
import { jsonBody, type RouteTable, type ServerContext } from '../context.ts';
import { type ApiError, invalidField, problemsError } from '../errors.ts';

/** Per sample, connection included. */
const SAMPLE_TIMEOUT_MS = 5_000;
/** No location starts a new sample after this: the answer comes within it plus one sample timeout. */
const TEST_BUDGET_MS = 15_000;

export function latencyRoutes(ctx: ServerContext): RouteTable {
  return {
    '/v1/latency/locations/': { GET: async () => locationTree(ctx.latencyLocations) },
    '/v1/latency/test/': {
      POST: async (req, reply) => {
        const body = jsonBody(req, '"target" and "locations" (docs/interface.md 2.6)');
        return measureLatency(ctx, reply, readLatencyRequest(body));
      },
    },
  };
}

/** What a latency test measures: the target, the location patterns (comma-joined ones split), the samples. */
export interface LatencyRequest {
  target: string;
  locations: string[];
  samples: number;
}

/** A latency test's fields, checked; 422 naming the first field that is wrong. */
export function readLatencyRequest(body: Record<string, unknown>): LatencyRequest {
  return { target: readTarget(body.target), locations: splitPatterns(readPatterns(body.locations)), samples: readSamples(body.samples) };
}

/** The configured locations the patterns pick; 422 listing the available codes otherwise. */
export function pickLocations(ctx: ServerContext, patterns: readonly string[]): LatencyLocation[] {
  const selected = selectLocations(ctx.latencyLocations, patterns, 'locations');
  if (!selected.ok) throw problemsError(selected.problems);
  return selected.value;
}

/** Runs a latency test and answers with the per-location object of docs/interface.md 2.6. */
export async function measureLatency(
  ctx: ServerContext,
  reply: FastifyReply,
  request: LatencyRequest,
): Promise<ReturnType<typeof latencyAnswer>> {
  const picked = pickLocations(ctx, request.locations);
  const signal = abortedWhenClientLeaves(reply);
  const here = picked.filter((l) => l.kube === undefined);
  const remote = picked.filter((l) => l.kube !== undefined);
  const [local, ...measuredElsewhere] = await Promise.all([
    runLatency(request.target, here, { samples: request.samples, timeoutMs: SAMPLE_TIMEOUT_MS, budgetMs: TEST_BUDGET_MS, signal }),
    ...remote.map((location) => measureElsewhere(ctx, location, request, signal)),
  ]);
  const measured = new Map([...Object.entries(local.locations), ...measuredElsewhere]);
  return latencyAnswer({ ...local, locations: Object.fromEntries(picked.map((l) => [l.code, measured.get(l.code)!])) });
}

/** A location of the executor's (`@kube:`): its own pod measures it; the server only waits. */
async function measureElsewhere(
  ctx: ServerContext,
  location: LatencyLocation,
  request: LatencyRequest,
  signal: AbortSignal,
): Promise<[string, LocationLatency]> {
  // serve refuses an @kube: location at start unless the executor measures it.
  const latency = await ctx.remoteLatency!(
    location,
    { target: request.target, samples: request.samples, timeoutMs: SAMPLE_TIMEOUT_MS, budgetMs: TEST_BUDGET_MS },
    signal,
  );
  return [location.code, latency];
}

function readTarget(value: unknown): string {
  const expected = 'expected an http:// or https:// URL';
  if (typeof value !== 'string' || value.trim() === '') return failWith(invalidField('target', `${expected}, got ${describe(value)}`));
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  return failWith(invalidField('target', `${expected}, got ${JSON.stringify(value)}`));
}

function readSamples(value: unknown): number {
  if (value === undefined) return DEFAULT_SAMPLES;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= MAX_SAMPLES) return n;
  return failWith(invalidField('samples', `expected a whole number from 1 to ${MAX_SAMPLES}, got ${describe(value)}`));
}

/**
 * `locations`: an array of strings, or a string holding one as JSON (`"[\"*\"]"`); a string that
 * is not JSON is read as one item (`"EU.*,LOCAL.HOST"`). Items may join patterns with commas.
 */
function readPatterns(value: unknown): string[] {
  const expected = 'expected an array of location patterns such as ["*"] or ["EU.*", "LOCAL.HOST"]';
  if (value === undefined) return failWith(invalidField('locations', `${expected}; it is missing`));
  const items = typeof value === 'string' ? fromJsonText(value) : value;
  if (Array.isArray(items) && items.every((i) => typeof i === 'string')) return items;
  return failWith(invalidField('locations', `${expected}, got ${describe(value)}`));
}

function fromJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [text];
  }
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function failWith(error: ApiError): never {
  throw error;
}

/** A client that gives up waiting should not keep the server probing. */
function abortedWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
