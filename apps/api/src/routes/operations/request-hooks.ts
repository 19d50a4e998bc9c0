import type { FastifyInstance, preHandlerHookHandler, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { runWithRequestContext } from '../../lib/request-context';
import { sendCsv } from '../../services/exports/csv-export';
import { LIST_EXPORTS } from '../../services/exports/list-exports';

// Two things every route under /api gets, set up as routes are declared (this plugin is registered first):
// - its handler runs with the request's client address in context, so the audit trail records it;
// - an administrator list named in LIST_EXPORTS also answers `?format=csv`: after the route's own guard
//   and filter validation have run (same permissions, same filters), the file is streamed instead of a page.

const wantsCsv = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('format') === 'csv';

async function requestHooks(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function withContext(request, reply) {
      return runWithRequestContext({ ip: request.ip }, () => handler.call(this, request, reply));
    };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const exportOf = LIST_EXPORTS[route.url];
    if (!exportOf || !methods.includes('GET')) return;
    const csv: preHandlerHookHandler = async function csvExport(request, reply) {
      if (!wantsCsv(request.raw.url ?? '')) return;
      await sendCsv(reply, exportOf(app.db, request.query ?? {}));
      return reply;
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...existing, csv];
  });
}

export default fp(requestHooks, { name: 'operations-request-hooks' });
