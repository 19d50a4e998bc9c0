import { TREASURY_MESSAGES } from '@shared/schemas/treasury';
import {
  BOOKS_MESSAGES,
  bookAccountCreateSchema,
  bookAccountSchema,
  budgetExecutionSchema,
  budgetPutSchema,
  budgetSchema,
  closeResultSchema,
  entriesQuerySchema,
  entryCreateSchema,
  entrySchema,
  ledgerAccountSchema,
  ledgerQuerySchema,
  reopeningSchema,
  reverseSchema,
  statementsQuerySchema,
  statementsSchema,
  trialBalanceLineSchema,
  unmappedSchema,
  verifySchema,
  yearParamsSchema,
  yearPathSchema,
  yearQuerySchema,
  yearStatusSchema,
} from '@shared/schemas/books';
import { idParamsSchema } from '@shared/schemas/id-param';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clock } from '../../platform/lib/clock';
import { conflict, fieldError, notFound } from '../../platform/lib/http-errors';
import { actorOf, requireRole } from '../policy';
import { recordAudit } from '../audit';
import { getOrganisationFacts } from '../settings';
import { postEarlierMovements } from './backfill';
import { budgetExecution, readBudget, saveBudget } from './budget';
import { closeYear, decideReopeningProposal, listYearStatuses, proposeReopening, yearStatus } from './closing';
import { findEntry, listReopenings, listUnmapped } from './data';
import { donorRegister } from './donor-register';
import {
  donorRegisterPdf,
  exportStream,
  type Issuer,
  journalPdf,
  ledgerCsv,
  ledgerPdf,
  statementsCsvFiles,
  statementsPdf,
  trialBalanceCsv,
  trialBalancePdf,
  zipOf,
} from './files';
import { ledger, statements, trialBalance } from './reports';
import {
  accountLabels,
  addSubAccount,
  chartAccounts,
  createManualEntry,
  entryViews,
  listEntries,
  reverseEntry,
  verifyChain,
} from './service';

// Books (administrators): chart, entries, chain check, journal, ledger, trial balance, statements, year end,
// budget, the accountant's export and the donor register. HTTP only: the rules live in the services.

const todayInCotonou = () => new Date(clock.now().getTime() + 3600_000).toISOString().slice(0, 10);

/** A year in a path (yearPathSchema), or a 422 on `year`. */
function yearOf(segment: string): number {
  const parsed = yearPathSchema.safeParse(segment);
  if (!parsed.success) throw fieldError('year', parsed.error.issues[0]?.message ?? TREASURY_MESSAGES.yearInvalid);
  return parsed.data;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const doc = { tags: ['comptabilité'], security: [{ bearer: [] }] };

  await postEarlierMovements(app.db, app.log).catch((error) => app.log.warn({ err: error }, 'books: posting of earlier movements failed'));

  const issuer = async (): Promise<Issuer> => {
    const facts = await getOrganisationFacts(app.db);
    return {
      name: facts.name ?? app.config.organisation?.name ?? 'ASBE',
      address: facts.address,
      registration_number: facts.registration_number,
    };
  };
  const auditFile = (
    request: { user?: { id: number; acting_user_id: number | null } | null; ip: string },
    what: string,
    details: Record<string, unknown>,
  ) =>
    recordAudit(app.db, {
      actorId: request.user!.id,
      actingId: request.user!.acting_user_id,
      ip: request.ip,
      action: 'export.books',
      entity: 'export',
      entityId: what,
      details,
    });
  const attachment = (reply: import('fastify').FastifyReply, type: string, name: string) =>
    reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store');

  // ------------------------------------------------------------ chart

  app.get('/admin/books/accounts', { ...admin, schema: { ...doc, response: { 200: z.array(bookAccountSchema) } } }, async () =>
    chartAccounts(app.db),
  );
  app.post(
    '/admin/books/accounts',
    { ...admin, schema: { ...doc, body: bookAccountCreateSchema, response: { 201: bookAccountSchema } } },
    async (request, reply) => reply.status(201).send(await addSubAccount(app.db, request.body, actorOf(request))),
  );

  // ------------------------------------------------------------ entries

  app.get(
    '/admin/books/entries',
    { ...admin, schema: { ...doc, querystring: entriesQuerySchema, response: { 200: z.array(entrySchema) } } },
    async (request) => {
      const { page, per_page, ...filter } = request.query;
      return listEntries(app.db, filter, page, per_page);
    },
  );
  app.post(
    '/admin/books/entries',
    { ...admin, schema: { ...doc, body: entryCreateSchema, response: { 201: entrySchema } } },
    async (request, reply) => reply.status(201).send(await createManualEntry(app.db, request.body, actorOf(request))),
  );
  app.get(
    '/admin/books/entries/:id',
    { ...admin, schema: { ...doc, params: idParamsSchema, response: { 200: entrySchema } } },
    async (request) => {
      const row = await findEntry(app.db, request.params.id);
      if (!row) throw notFound(BOOKS_MESSAGES.entryNotFound);
      return (await entryViews(app.db, [row]))[0]!;
    },
  );
  // A validated entry is never changed nor deleted: it is reversed.
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
    app.route({
      method,
      url: '/admin/books/entries/:id',
      ...admin,
      schema: { ...doc, params: idParamsSchema },
      handler: async (request) => {
        if (!(await findEntry(app.db, request.params.id))) throw notFound(BOOKS_MESSAGES.entryNotFound);
        throw conflict(BOOKS_MESSAGES.entryImmutable);
      },
    });
  app.post(
    '/admin/books/entries/:id/reverse',
    { ...admin, schema: { ...doc, params: idParamsSchema, body: reverseSchema, response: { 201: entrySchema } } },
    async (request, reply) =>
      reply.status(201).send(await reverseEntry(app.db, request.params.id, request.body.reason, actorOf(request), todayInCotonou())),
  );
  app.get('/admin/books/verify', { ...admin, schema: { ...doc, response: { 200: verifySchema } } }, async () => verifyChain(app.db));
  app.get('/admin/books/unmapped', { ...admin, schema: { ...doc, response: { 200: z.array(unmappedSchema) } } }, async () =>
    listUnmapped(app.db),
  );

  // ------------------------------------------------------------ journal, ledger, trial balance

  app.get(
    '/admin/books/journal',
    {
      ...admin,
      schema: {
        ...doc,
        querystring: yearQuerySchema.extend({
          page: z.coerce.number<string>().int().min(1).max(1_000_000).default(1),
          per_page: z.coerce.number<string>().int().min(1).max(500).default(200),
        }),
        response: { 200: z.array(entrySchema) },
      },
    },
    async (request, reply) => {
      const { year, format, page, per_page } = request.query;
      if (format === 'csv') {
        await auditFile(request, 'books_journal_csv', { year });
        return attachment(reply, 'text/csv; charset=utf-8', `journal-${year}.csv`).send(await exportStream(app.db, year));
      }
      if (format === 'pdf') {
        await auditFile(request, 'books_journal_pdf', { year });
        const entries = await listEntries(app.db, { year }, 1, 5000);
        const pdf = await journalPdf(year, entries, await accountLabels(app.db), await issuer(), entries.length === 5000);
        return attachment(reply, 'application/pdf', `journal-${year}.pdf`).send(pdf);
      }
      return listEntries(app.db, { year }, page, per_page);
    },
  );
  app.get(
    '/admin/books/ledger',
    { ...admin, schema: { ...doc, querystring: ledgerQuerySchema, response: { 200: z.array(ledgerAccountSchema) } } },
    async (request, reply) => {
      const { year, account, format } = request.query;
      const accounts = await ledger(app.db, year, account);
      if (format === 'csv') {
        await auditFile(request, 'books_ledger_csv', { year, account });
        return attachment(reply, 'text/csv; charset=utf-8', `grand-livre-${year}.csv`).send(ledgerCsv(accounts));
      }
      if (format === 'pdf') {
        await auditFile(request, 'books_ledger_pdf', { year, account });
        return attachment(reply, 'application/pdf', `grand-livre-${year}.pdf`).send(await ledgerPdf(year, accounts, await issuer()));
      }
      return accounts;
    },
  );
  app.get(
    '/admin/books/trial-balance',
    { ...admin, schema: { ...doc, querystring: yearQuerySchema, response: { 200: z.array(trialBalanceLineSchema) } } },
    async (request, reply) => {
      const { year, format } = request.query;
      const lines = await trialBalance(app.db, year);
      if (format === 'csv') {
        await auditFile(request, 'books_trial_balance_csv', { year });
        return attachment(reply, 'text/csv; charset=utf-8', `balance-${year}.csv`).send(trialBalanceCsv(lines));
      }
      if (format === 'pdf') {
        await auditFile(request, 'books_trial_balance_pdf', { year });
        return attachment(reply, 'application/pdf', `balance-${year}.pdf`).send(await trialBalancePdf(year, lines, await issuer()));
      }
      return lines;
    },
  );

  // ------------------------------------------------------------ statements

  app.get(
    '/admin/books/statements',
    { ...admin, schema: { ...doc, querystring: statementsQuerySchema, response: { 200: statementsSchema } } },
    async (request, reply) => {
      const { year, system, format } = request.query;
      const result = await statements(app.db, year, system);
      if (format === 'csv') {
        await auditFile(request, 'books_statements_csv', { year, system });
        const files = statementsCsvFiles(result);
        return attachment(reply, 'application/zip', `etats-financiers-${year}.zip`).send(await zipOf(files));
      }
      if (format === 'pdf') {
        await auditFile(request, 'books_statements_pdf', { year, system });
        return attachment(reply, 'application/pdf', `etats-financiers-${year}.pdf`).send(await statementsPdf(result, await issuer()));
      }
      return result;
    },
  );

  // ------------------------------------------------------------ year end

  app.get('/admin/books/years', { ...admin, schema: { ...doc, response: { 200: z.array(yearStatusSchema) } } }, async () =>
    listYearStatuses(app.db, Number(todayInCotonou().slice(0, 4))),
  );
  app.get(
    '/admin/books/years/:year',
    { ...admin, schema: { ...doc, params: yearParamsSchema, response: { 200: yearStatusSchema } } },
    async (request) => yearStatus(app.db, yearOf(request.params.year)),
  );
  app.post(
    '/admin/books/years/:year/close',
    { ...admin, schema: { ...doc, params: yearParamsSchema, response: { 200: closeResultSchema } } },
    async (request) => closeYear(app.db, yearOf(request.params.year), actorOf(request)),
  );
  app.post(
    '/admin/books/years/:year/reopen',
    {
      ...admin,
      schema: { ...doc, params: yearParamsSchema, body: reverseSchema, response: { 202: reopeningSchema.extend({ message: z.string() }) } },
    },
    async (request, reply) => {
      const row = await proposeReopening(app.db, yearOf(request.params.year), request.body.reason, actorOf(request));
      return reply.status(202).send({ ...row, status: 'en_attente' as const, message: BOOKS_MESSAGES.reopeningProposed });
    },
  );
  app.get('/admin/books/reopenings', { ...admin, schema: { ...doc, response: { 200: z.array(reopeningSchema) } } }, async () =>
    (await listReopenings(app.db)).map((r) => ({ ...r, status: r.status as 'en_attente' })),
  );
  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const)
    app.post(
      `/admin/books/reopenings/:id/${path}`,
      { ...admin, schema: { ...doc, params: idParamsSchema, response: { 200: reopeningSchema.extend({ message: z.string() }) } } },
      async (request) => {
        const r = await decideReopeningProposal(app.db, request.params.id, approve, actorOf(request));
        return { ...r, status: r.status as 'approuvee' };
      },
    );

  // ------------------------------------------------------------ budget

  app.get(
    '/admin/books/budgets/:year',
    { ...admin, schema: { ...doc, params: yearParamsSchema, response: { 200: budgetSchema } } },
    async (request) => readBudget(app.db, yearOf(request.params.year)),
  );
  app.put(
    '/admin/books/budgets/:year',
    { ...admin, schema: { ...doc, params: yearParamsSchema, body: budgetPutSchema, response: { 200: budgetSchema } } },
    async (request) => saveBudget(app.db, yearOf(request.params.year), request.body.lines, actorOf(request)),
  );
  app.get(
    '/admin/books/budgets/:year/execution',
    { ...admin, schema: { ...doc, params: yearParamsSchema, response: { 200: budgetExecutionSchema } } },
    async (request) => budgetExecution(app.db, yearOf(request.params.year)),
  );

  // ------------------------------------------------------------ for the accountant

  app.get('/admin/books/export', { ...admin, schema: { ...doc, querystring: yearQuerySchema } }, async (request, reply) => {
    const { year } = request.query;
    await auditFile(request, 'books_export_csv', { year });
    return attachment(reply, 'text/csv; charset=utf-8', `ecritures-${year}.csv`).send(await exportStream(app.db, year));
  });
  app.get('/admin/books/donor-register', { ...admin, schema: { ...doc, querystring: yearQuerySchema } }, async (request, reply) => {
    const { year } = request.query;
    await auditFile(request, 'books_donor_register_pdf', { year });
    const pdf = await donorRegisterPdf(year, await donorRegister(app.db, year), await issuer());
    return attachment(reply, 'application/pdf', `registre-des-dons-${year}.pdf`).send(pdf);
  });
};
export default routes;
