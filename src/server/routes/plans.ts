// GET /v1/load/plan/<plan_id>/: the plan every test was created with (its config_data with the
// defaults applied).
import { notFound, param, type RouteTable, type ServerContext } from '../context.ts';

export function planRoutes(ctx: ServerContext): RouteTable {
  return {
    '/v1/load/plan/:id/': {
      GET: async (req) => {
        const plan = ctx.store.getPlan(param(req, 'id'));
        if (!plan) throw notFound('plan', param(req, 'id'));
        return plan;
      },
    },
  };
}
