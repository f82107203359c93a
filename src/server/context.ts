// What every route module receives, and the shape in which it declares its routes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LatencyLocation } from '../types.ts';
import { ApiError, type Limits } from './errors.ts';
import type { LatencyRunner } from './executors/executor.ts';
import type { TestQueue } from './queue.ts';
import type { ShardRegistry } from './shards/registry.ts';
import type { Store, TenantStore } from './store/store.ts';
import { isRecord } from '../json.ts';

export interface ServerContext {
  store: Store;
  queue: TestQueue;
  /** Sharded tests being coordinated now (executor kubernetes), for the shards' callbacks. */
  shards: ShardRegistry;
  /** Where uploaded test data files are kept. */
  dataDir: string;
  /** Country code → proxy URL: the load locations besides `local`. */
  proxies: Record<string, string>;
  /** With the Kubernetes executor: its locations (`local` and each --location), instead of the proxies'. */
  kubernetesLocations?: string[];
  /** Where latency tests measure from (--latency-location; default LOCAL.HOST). */
  latencyLocations: readonly LatencyLocation[];
  /** Measures the `@kube:` latency locations (executor kubernetes: a one-pod Job each). */
  remoteLatency?: LatencyRunner;
  limits: Limits;
  /** The base URL of links to this server (--public-url, else the listening address), without a trailing slash. */
  publicUrl: () => string;
  log: (line: string) => void;
}

export type RouteHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** Path (with its trailing slash, as interface section 4 writes it) → a handler per method. */
export type RouteTable = Record<string, Partial<Record<RouteMethod, RouteHandler>>>;
/** A routes/*.ts module. */
export type RouteModule = (ctx: ServerContext) => RouteTable;

/** The tenant of each authenticated request, set once its key is checked (app.ts). */
const tenants = new WeakMap<FastifyRequest, string>();

export function setTenant(req: FastifyRequest, tenant: string): void {
  tenants.set(req, tenant);
}

/**
 * The records of the request's tenant: the one way a route reaches stored records (the report
 * page and the shards' callbacks excepted, which carry no key). A request without a checked key
 * never gets here; if one did, it would reach nothing rather than everything.
 */
export function recordsOf(ctx: ServerContext, req: FastifyRequest): TenantStore {
  const tenant = tenants.get(req);
  if (tenant === undefined) throw new ApiError(401, 'unauthorized', 'missing X-API-KEY header');
  return ctx.store.tenant(tenant);
}

export function param(req: FastifyRequest, name: string): string {
  return String((req.params as Record<string, unknown>)[name] ?? '');
}

/**
 * A test's `test_url`. Never built from the request's Host header: that is the client's to
 * choose, and the link is shown to every key holder.
 */
export function reportUrl(ctx: ServerContext, testId: string): string {
  return `${ctx.publicUrl()}/report/${testId}/`;
}

/** The parsed JSON object of a POST; 415 for a form, 400 for no body or a non-object. */
export function jsonBody(req: FastifyRequest, expected: string): Record<string, unknown> {
  if (req.isMultipart()) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `expected a JSON body (Content-Type: application/json) with ${expected}, got a multipart form`,
    );
  }
  if (!isRecord(req.body)) {
    const got = req.body === undefined ? 'no body' : 'JSON that is not an object';
    throw new ApiError(400, 'bad_request', `expected a JSON object with ${expected}, got ${got}`);
  }
  return req.body;
}

/** The record that the request's `:id` names; a 404 naming the kind of record (`noun`) when there is none. */
export function recordOf<R>(req: FastifyRequest, noun: string, get: (id: string) => R | undefined): R {
  const id = param(req, 'id');
  const record = get(id);
  if (!record) throw new ApiError(404, 'not_found', `no ${noun} with id ${JSON.stringify(id)}`);
  return record;
}
