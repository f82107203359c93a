// The routes of a stored resource (docs/interface.md 4): create, list, read, update and delete
// under one path, alike for every kind of record: 201 for a create, 404 naming the kind for an
// unknown id, and every answer the record as the resource shows it.
import type { FastifyRequest } from 'fastify';
import { recordOf, type RouteTable } from '../context.ts';

export interface Resource<R extends { id: string }> {
  /** The collection, `/v1/environment/`; one record is `<path>:id/`. */
  path: string;
  /** The kind of record, as a 404 names it: `no environment with id "…"`. */
  noun: string;
  get(id: string): R | undefined;
  list(): R[];
  /** Checks the request and stores the new record; throws the 4xx otherwise. */
  create(req: FastifyRequest): Promise<R> | R;
  /** Stores the record with the request's changes. */
  update(record: R, req: FastifyRequest): Promise<R> | R;
  remove(record: R): Promise<void> | void;
  /** How records are answered, made once per answer after any change is stored (test data reads its hashes then); default: as stored. */
  viewer?: () => (record: R) => unknown;
}

export function crudRoutes<R extends { id: string }>(resource: Resource<R>): RouteTable {
  const find = (req: FastifyRequest): R => recordOf(req, resource.noun, (id) => resource.get(id));
  const show = (): ((record: R) => unknown) => resource.viewer?.() ?? ((record) => record);
  return {
    [resource.path]: {
      POST: async (req, reply) => {
        const record = await resource.create(req);
        reply.code(201);
        return show()(record);
      },
      GET: async () => {
        const shown = show();
        return resource.list().map((record) => shown(record));
      },
    },
    [`${resource.path}:id/`]: {
      GET: async (req) => show()(find(req)),
      PATCH: async (req) => {
        const updated = await resource.update(find(req), req);
        return show()(updated);
      },
      DELETE: async (req) => {
        const record = find(req);
        await resource.remove(record);
        return show()(record);
      },
    },
  };
}
