// GET /v1/balance/: what the key may still spend. This server does not meter keys, so every key
// answers the largest 32-bit value, which clients read as unlimited.
import type { RouteTable } from '../context.ts';

export const UNLIMITED = 2147483647;

export function balanceRoutes(): RouteTable {
  return {
    '/v1/balance/': { GET: async () => ({ request_count: UNLIMITED, duration: UNLIMITED }) },
  };
}
