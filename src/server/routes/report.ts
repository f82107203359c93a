// GET /report/<id>/: the page a test's test_url points at.
import { recordOf, type RouteTable, type ServerContext } from '../context.ts';
import { renderReportPage } from '../report-page.ts';

export function reportRoutes(ctx: ServerContext): RouteTable {
  return {
    '/report/:id/': {
      GET: async (req, reply) => {
        const test = recordOf(req, 'load test', (id) => ctx.store.getTest(id));
        reply.type('text/html; charset=utf-8');
        return renderReportPage(test, ctx.store.getResult(test.id), ctx.queue.progress(test.id));
      },
    },
  };
}
