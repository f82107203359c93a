// The routes of a stored resource (docs/interface.md 4): create, list, read, update and delete
// under one path, alike for every kind of record: 201 for a create, 404 naming the kind for an
// unknown id, and every answer the record as the resource shows it. Every record is reached
// through the request's tenant (TenantStore): another tenant's record is a 404 like no record.
import type { FastifyRequest } from 'fastify';
import { recordOf, recordsOf, type RouteTable, type ServerContext } from '../context.ts';
import type { TenantStore } from '../store/store.ts';

export interface Resource<R extends { id: string }> {
  /** The collection, `/v1/environment/`; one record is `<path>:id/`. */
  path: string;
  /** The kind of record, as a 404 names it: `no environment with id "…"`. */
  noun: string;
  get(records: TenantStore, id: string): R | undefined;
  list(records: TenantStore): R[];
  /** Checks the request and stores the new record; throws the 4xx otherwise. */
  create(req: FastifyRequest, records: TenantStore): Promise<R> | R;
  /** Stores the record with the request's changes. */
  update(record: R, req: FastifyRequest, records: TenantStore): Promise<R> | R;
  remove(record: R, records: TenantStore): Promise<void> | void;
  /** How records are answered, made once per answer after any change is stored (test data reads its hashes then); default: as stored. */
  viewer?: (records: TenantStore) => (record: R) => unknown;
}

export function crudRoutes<R extends { id: string }>(ctx: ServerContext, resource: Resource<R>): RouteTable {
  const find = (req: FastifyRequest, records: TenantStore): R => recordOf(req, resource.noun, (id) => resource.get(records, id));
  const show = (records: TenantStore): ((record: R) => unknown) => resource.viewer?.(records) ?? ((record) => record);
  return {
    [resource.path]: {
      POST: async (req, reply) => {
        const records = recordsOf(ctx, req);
        const record = await resource.create(req, records);
        reply.code(201);
        return show(records)(record);
      },
      GET: async (req) => {
        const records = recordsOf(ctx, req);
        const shown = show(records);
        return resource.list(records).map((record) => shown(record));
      },
    },
    [`${resource.path}:id/`]: {
      GET: async (req) => {
        const records = recordsOf(ctx, req);
        return show(records)(find(req, records));
      },
      PATCH: async (req) => {
        const records = recordsOf(ctx, req);
        const updated = await resource.update(find(req, records), req, records);
        return show(records)(updated);
      },
      DELETE: async (req) => {
        const records = recordsOf(ctx, req);
        const record = find(req, records);
        await resource.remove(record, records);
        return show(records)(record);
      },
    },
  };
}
