import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { DB } from '../database/database';
import { hookList } from '../http/route-hooks';
import { type CsvExport, sendCsv } from './csv-export';

// An administrator list that declares `config: { csvExport }` also answers `?format=csv`: after the route's own
// guard and filter validation have run (same permissions, same filters), the file is streamed instead of a page,
// so the file holds exactly the rows the list shows (all pages). No other route gets a hook from here.
// Registered before the routes (it acts as each route is declared); docs/decisions/csv-export-hook.md.

/** An area's export of one of its lists, given the list's validated query (typed where it is defined). */
export type ListExport = (db: DB, query: never) => CsvExport<any>;

/** Defines a list's CSV export with its own query type; the route passes it as `config: { csvExport }`. */
export const listExport = <Q, R extends { id: number }>(build: (db: DB, query: Q) => CsvExport<R>): ListExport =>
  build as unknown as ListExport;

declare module 'fastify' {
  interface FastifyContextConfig {
    csvExport?: ListExport;
  }
}

/** What an export was (docs/product/accounts.md: every CSV export is in the audit trail). */
export interface CsvExportSummary {
  /** The list's route, e.g. `/api/users`. */
  list: string;
  filters: unknown;
  rows: number;
  /** False when the client went away before the end of the file. */
  complete: boolean;
}

export interface CsvRouteHookOptions {
  /** Called once each file has been streamed (or abandoned): register-modules.ts records it in the audit trail. */
  onExported?: (request: FastifyRequest, summary: CsvExportSummary) => Promise<void>;
}

const wantsCsv = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('format') === 'csv';

/** Requests answered with a CSV file by the hook below. */
const exporting = new WeakSet<object>();

async function csvRouteHook(app: FastifyInstance, options: CsvRouteHookOptions): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const exportOf = (route.config as { csvExport?: ListExport } | undefined)?.csvExport as
      | ((db: DB, query: unknown) => CsvExport<any>)
      | undefined;
    if (!exportOf || !methods.includes('GET')) return;
    const csv: preHandlerHookHandler = async function csvExport(request, reply) {
      if (!wantsCsv(request.raw.url ?? '')) return;
      exporting.add(request.raw);
      const filters = request.query ?? {};
      const list = route.url;
      // Not awaited: awaiting the reply rejects when the client aborts mid-file, and Fastify would then try to answer
      // a 500 on a reply already sent ("Reply was already sent"). Returning the reply says the hook answered.
      sendCsv(reply, exportOf(app.db, filters), (rows, complete) =>
        options.onExported?.(request, { list, filters, rows, complete }).catch((err: unknown) => {
          request.log.warn({ err }, 'csv export not recorded in the audit trail');
        }),
      );
      return reply;
    };
    route.preHandler = [...hookList(route.preHandler), csv];
    // Fastify runs the handler after the hooks unless the response has ENDED, which a streamed file has not: the
    // list's own handler must not then run (an extra page query, and an error logged for sending JSON after the file).
    const handler = route.handler;
    route.handler = async function listOrCsv(this: FastifyInstance, request, reply) {
      if (exporting.has(request.raw)) return undefined;
      return handler.call(this, request, reply);
    };
  });
}

export default fp(csvRouteHook, { name: 'csv-route-hook' });
