// GET /report/<id>/: the page a test's test_url points at.
import { notFound, param, type RouteTable, type ServerContext } from '../context.ts';
import { renderReportPage } from '../report-page.ts';

export function reportRoutes(ctx: ServerContext): RouteTable {
  return {
    '/report/:id/': {
      GET: async (req, reply) => {
        const test = ctx.store.getTest(param(req, 'id'));
        if (!test) throw notFound('load test', param(req, 'id'));
        reply.type('text/html; charset=utf-8');
        return renderReportPage(test, ctx.store.getResult(test.id));
      },
    },
  };
}
