import { idParamsSchema } from '@shared/schemas/id-param';
import {
  accountCreateSchema,
  accountSchema,
  bookLineSchema,
  lineCancelSchema,
  EXPENSE_FILES,
  type Expense,
  expenseCancelSchema,
  expenseFieldsSchema,
  expenseListQuerySchema,
  expenseResponseSchema,
  expenseSchema,
  journalLineSchema,
  journalQuerySchema,
  manualMatchSchema,
  reportQuerySchema,
  reportSchema,
  STATEMENT_FILE_RULE,
  statementFieldsSchema,
  statementSchema,
  statementSummarySchema,
  TREASURY_MESSAGES,
  transferCreateSchema,
  transferSchema,
  transferCancelSchema,
  transferViewSchema,
  transparencySchema,
  treasurySettingsResponseSchema,
  treasurySettingsSchema,
  yearSchema,
} from '@shared/schemas/treasury';
import multipart from '@fastify/multipart';
import { POLICY_MESSAGES } from '@shared/schemas/account-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zipOf } from '../../platform/exports/zip';
import { notFound } from '../../platform/lib/http-errors';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { openStoredFile } from '../../platform/storage/stored-files';
import { readUpload, validateUpload } from '../../platform/uploads/uploads';
import { actorOf, requireRole } from '../policy';
import { recordAudit } from '../audit';
import { getOrganisationFacts } from '../settings';
import {
  type ExpenseListRow,
  findExpense,
  findExpenseView,
  findTransferView,
  listStatements,
  listTransfers,
  pageOfExpenses,
  type TransferListRow,
} from './data';
import { reportCsvFiles, reportPdf, sendExpensesCsv, sendJournalCsv } from './exports';
import { journalPage } from './journal';
import { annualReport } from './report';
import {
  approveExpense,
  cancelExpense,
  createAccount,
  createExpense,
  cancelTransfer,
  createTransfer,
  listAccounts,
  saveTreasurySettings,
  treasurySettings,
} from './service';
import { readStatementUpload } from './statement-upload';
import { bookLine, cancelBookedLine, importStatement, matchLine, statementView } from './statements';
import { transparency } from './transparency';

// Treasury (administrators) and the public transparency figures. HTTP only: the rules live in the services.

const expenseView = (
  r: ExpenseListRow | (Omit<ExpenseListRow, 'account_name' | 'created_by_name' | 'approved_by_name'> & Partial<ExpenseListRow>),
): Expense => ({
  id: r.id,
  amount: Number(r.amount),
  category: r.category as Expense['category'],
  purpose: r.purpose,
  account: r.account_id,
  account_name: r.account_name ?? '',
  paid_at: r.paid_at,
  method: r.method as Expense['method'],
  payee: r.payee,
  reference: r.reference,
  description: r.description,
  status: r.status as Expense['status'],
  has_proof: r.proof !== null,
  proof_url: r.proof ? `/api/admin/expenses/${r.id}/proof` : null,
  created_by: r.created_by,
  created_by_name: r.created_by_name ?? null,
  approved_by: r.approved_by,
  approved_by_name: r.approved_by_name ?? null,
  approved_at: r.approved_at,
  cancelled_by: r.cancelled_by,
  cancelled_at: r.cancelled_at,
  cancel_reason: r.cancel_reason,
  cancel_proposed_by: r.status === 'approuvee' ? r.cancel_proposed_by : null,
  cancel_proposed_by_name: r.status === 'approuvee' ? (r.cancel_proposed_by_name ?? null) : null,
  cancel_proposed_at: r.status === 'approuvee' ? r.cancel_proposed_at : null,
  cancel_proposed_reason: r.status === 'approuvee' ? r.cancel_proposed_reason : null,
  created_at: r.created_at,
});

/** `?format=` first; else what the client accepts (a spreadsheet or a PDF reader asking by its Accept header). */
const formatOf = (asked: string | undefined, accept: string | undefined): string => {
  if (asked) return asked;
  if (accept?.includes('application/pdf')) return 'pdf';
  if (accept?.includes('text/csv')) return 'csv';
  return 'json';
};

const routes: FastifyPluginAsyncZod = async (app) => {
  // Expenses carry their proof and statements their file: the multipart parser, scoped to this area like the public forms'.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { throwFileSizeLimit: false });
  const admin = { onRequest: requireRole('administrateur') };
  const doc = { tags: ['trésorerie'], security: [{ bearer: [] }] };
  const threshold = () => app.config.expenseApprovalThreshold;

  /** One expense as the lists show it (with its account's and author's names). */
  const expenseById = async (id: number) => {
    const row = await findExpenseView(app.db, id);
    if (!row) throw notFound(TREASURY_MESSAGES.expenseNotFound);
    return expenseView(row);
  };
  const auditExport = (
    request: { user?: { id: number; acting_user_id: number | null } | null; ip: string },
    list: string,
    filters: unknown,
  ) =>
    recordAudit(app.db, {
      actorId: request.user!.id,
      actingId: request.user!.acting_user_id,
      ip: request.ip,
      action: 'export.csv',
      entity: 'export',
      entityId: list,
      details: { list, filters },
    });

  // ------------------------------------------------------------ accounts, settings, transfers

  app.get('/admin/treasury/accounts', { ...admin, schema: { ...doc, response: { 200: z.array(accountSchema) } } }, async () =>
    listAccounts(app.db),
  );

  app.post(
    '/admin/treasury/accounts',
    { ...admin, schema: { ...doc, body: accountCreateSchema, response: { 201: accountSchema } } },
    async (request, reply) => reply.status(201).send(await createAccount(app.db, request.body, actorOf(request))),
  );

  app.get('/admin/treasury/settings', { ...admin, schema: { ...doc, response: { 200: treasurySettingsResponseSchema } } }, async () =>
    treasurySettings(app.db, threshold()),
  );
  app.put(
    '/admin/treasury/settings',
    { ...admin, schema: { ...doc, body: treasurySettingsSchema, response: { 200: treasurySettingsResponseSchema } } },
    async (request) => saveTreasurySettings(app.db, request.body.fedapay_account, actorOf(request), threshold()),
  );

  app.post(
    '/admin/treasury/transfers',
    { ...admin, schema: { ...doc, body: transferCreateSchema, response: { 201: transferSchema } } },
    async (request, reply) => reply.status(201).send(await createTransfer(app.db, request.body, actorOf(request))),
  );
  const transferView = (r: TransferListRow) => ({
    id: r.id,
    from: r.from_account_id,
    from_name: r.from_name,
    to: r.to_account_id,
    to_name: r.to_name,
    amount: Number(r.amount),
    date: r.day,
    reference: r.reference,
    created_at: r.created_at,
    created_by: r.created_by_name,
    cancelled_at: r.cancelled_at,
    cancelled_by: r.cancelled_by_name,
    cancel_reason: r.cancel_reason,
  });
  app.get('/admin/treasury/transfers', { ...admin, schema: { ...doc, response: { 200: z.array(transferViewSchema) } } }, async () =>
    (await listTransfers(app.db)).map(transferView),
  );
  // A transfer is never deleted nor edited: cancelling counters both its movements (reversing entries in the books).
  app.post(
    '/admin/treasury/transfers/:id/cancel',
    {
      ...admin,
      schema: {
        ...doc,
        params: idParamsSchema,
        body: transferCancelSchema,
        response: { 200: transferViewSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      await cancelTransfer(app.db, request.params.id, request.body.reason, actorOf(request));
      const row = await findTransferView(app.db, request.params.id);
      if (!row) throw notFound(TREASURY_MESSAGES.transferNotFound);
      return { ...transferView(row), message: TREASURY_MESSAGES.transferCancelled };
    },
  );

  // ------------------------------------------------------------ journal

  app.get(
    '/admin/treasury/journal',
    { ...admin, schema: { ...doc, querystring: journalQuerySchema, response: { 200: z.array(journalLineSchema) } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const filter = { account: query.account, from: query.from, to: query.to };
      if (formatOf(format, request.headers.accept) === 'csv') {
        await auditExport(request, 'treasury_journal', filter);
        return sendJournalCsv(reply, app.db, filter);
      }
      const { items, total } = await journalPage(app.db, query);
      setPageHeaders(reply, query, total);
      const last = items[items.length - 1];
      if (last && items.length === query.per_page) reply.header('x-next-cursor', last.cursor);
      return items;
    },
  );

  // ------------------------------------------------------------ expenses

  app.post(
    '/admin/expenses',
    { ...admin, schema: { ...doc, consumes: ['multipart/form-data'], response: { 201: expenseResponseSchema } } },
    async (request, reply) => {
      const upload = await readUpload(request, EXPENSE_FILES);
      const fields = validateUpload(expenseFieldsSchema, upload, EXPENSE_FILES, ['proof']);
      const expense = await createExpense(app.db, app.storage, fields, upload.files.proof, actorOf(request), threshold());
      const message = expense.status === 'en_attente' ? TREASURY_MESSAGES.expensePending : TREASURY_MESSAGES.expenseRecorded;
      return reply.status(201).send({ ...(await expenseById(expense.id)), message });
    },
  );

  app.get(
    '/admin/expenses',
    {
      ...admin,
      schema: { ...doc, querystring: seekPageQuerySchema.extend(expenseListQuerySchema.shape), response: { 200: z.array(expenseSchema) } },
    },
    async (request, reply) => {
      const { format, page, per_page, after, ...filter } = request.query;
      if (formatOf(format, request.headers.accept) === 'csv') {
        await auditExport(request, 'expenses', filter);
        return sendExpensesCsv(reply, app.db, filter);
      }
      const { rows, total, next } = await pageOfExpenses(app.db, filter, { page, per_page, after, q: filter.q });
      setPageHeaders(reply, request.query, total, next);
      return rows.map(expenseView);
    },
  );

  app.get(
    '/admin/expenses/:id',
    { ...admin, schema: { ...doc, params: idParamsSchema, response: { 200: expenseSchema } } },
    async (request) => expenseById(request.params.id),
  );

  app.get('/admin/expenses/:id/proof', { ...admin, schema: { ...doc, params: idParamsSchema } }, async (request, reply) => {
    const expense = await findExpense(app.db, request.params.id);
    const opened = expense?.proof ? await openStoredFile(app.storage, 'expense_proofs', expense.proof) : null;
    if (!opened) throw notFound('Justificatif introuvable.');
    return reply
      .header('content-type', opened.contentType)
      .header('content-length', String(opened.size))
      .header('content-disposition', `attachment; filename="justificatif-depense-${request.params.id}.${expense!.proof!.split('.').pop()}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(opened.stream);
  });

  app.post(
    '/admin/expenses/:id/approve',
    { ...admin, schema: { ...doc, params: idParamsSchema, response: { 200: expenseResponseSchema } } },
    async (request) => {
      await approveExpense(app.db, request.params.id, actorOf(request));
      return { ...(await expenseById(request.params.id)), message: TREASURY_MESSAGES.expenseApproved };
    },
  );

  app.post(
    '/admin/expenses/:id/cancel',
    {
      ...admin,
      schema: {
        ...doc,
        params: idParamsSchema,
        body: expenseCancelSchema,
        response: { 200: expenseResponseSchema, 202: expenseResponseSchema },
      },
    },
    async (request, reply) => {
      const done = await cancelExpense(app.db, request.params.id, request.body.reason, actorOf(request));
      // An approved expense is cancelled by two (modules/policy): the first call only proposes it.
      if (done.proposed)
        return reply.status(202).send({ ...(await expenseById(request.params.id)), message: POLICY_MESSAGES.cancelProposed });
      return { ...(await expenseById(request.params.id)), message: TREASURY_MESSAGES.expenseCancelled };
    },
  );

  // ------------------------------------------------------------ reconciliation

  app.post(
    '/admin/treasury/statements',
    { ...admin, schema: { ...doc, consumes: ['multipart/form-data'], response: { 201: statementSchema } } },
    async (request, reply) => {
      const { fields, text, filename } = await readStatementUpload(request, STATEMENT_FILE_RULE);
      const parsed = validateUpload(statementFieldsSchema, { fields, files: {}, errors: {} }, {}, []);
      const statement = await importStatement(app.db, parsed.account, text, parsed.mapping, filename, actorOf(request));
      return reply.status(201).send(statement);
    },
  );

  app.get('/admin/treasury/statements', { ...admin, schema: { ...doc, response: { 200: z.array(statementSummarySchema) } } }, async () =>
    (await listStatements(app.db)).map((s) => ({
      id: s.id,
      account: s.account_id,
      account_name: s.account_name,
      period_start: s.period_start,
      period_end: s.period_end,
      statement_balance: s.closing_balance === null ? null : Number(s.closing_balance),
      created_at: s.created_at,
      created_by: s.created_by_name,
      filename: s.filename,
      lines: Number(s.line_count ?? 0),
      matched: Number(s.matched_count ?? 0),
    })),
  );

  app.get(
    '/admin/treasury/statements/:id',
    { ...admin, schema: { ...doc, params: idParamsSchema, response: { 200: statementSchema } } },
    async (request) => statementView(app.db, request.params.id),
  );

  app.post(
    '/admin/treasury/statements/:id/matches',
    { ...admin, schema: { ...doc, params: idParamsSchema, body: manualMatchSchema, response: { 200: statementSchema } } },
    async (request) => matchLine(app.db, request.params.id, request.body.line, request.body.movement, actorOf(request)),
  );

  app.post(
    '/admin/treasury/statements/:id/lines/:line/book',
    {
      ...admin,
      schema: {
        ...doc,
        params: idParamsSchema.extend({ line: z.coerce.number<string>().int().positive() }),
        body: bookLineSchema,
        response: { 200: statementSchema },
      },
    },
    async (request) => bookLine(app.db, app.storage, request.params.id, request.params.line, request.body, actorOf(request), threshold()),
  );

  // A booked line is never deleted: cancelling counters its movement (reversing its entry) and the line is unmatched again.
  app.post(
    '/admin/treasury/statements/:id/lines/:line/cancel',
    {
      ...admin,
      schema: {
        ...doc,
        params: idParamsSchema.extend({ line: z.coerce.number<string>().int().positive() }),
        body: lineCancelSchema,
        response: { 200: statementSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => ({
      ...(await cancelBookedLine(app.db, request.params.id, request.params.line, request.body.reason, actorOf(request))),
      message: TREASURY_MESSAGES.lineCancelled,
    }),
  );

  // ------------------------------------------------------------ annual statements

  app.get(
    '/admin/treasury/report',
    { ...admin, schema: { ...doc, querystring: reportQuerySchema, response: { 200: reportSchema } } },
    async (request, reply) => {
      const report = await annualReport(app.db, request.query.year);
      const format = formatOf(request.query.format, request.headers.accept);
      if (format === 'json') return report;
      await auditExport(request, `treasury_report_${format}`, { year: report.year });
      const name = `etats-financiers-${report.year}`;
      reply.header('cache-control', 'private, no-store');
      if (format === 'csv')
        // One table per CSV file: the results and the accounts have different columns, so they go as a ZIP of two.
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${name}.zip"`)
          .send((await zipOf(reportCsvFiles(report))) as never);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .send((await reportPdf(report, (await getOrganisationFacts(app.db)).name ?? app.config.organisation?.name ?? 'ASBE')) as never);
    },
  );

  // ------------------------------------------------------------ public

  app.get(
    '/transparency',
    {
      schema: {
        tags: ['site public'],
        querystring: z.object({ year: yearSchema.optional() }),
        response: { 200: transparencySchema },
      },
    },
    async (request, reply) => {
      const year = request.query.year ?? Number(new Date(Date.now() + 3600_000).toISOString().slice(0, 4));
      reply.header('cache-control', 'public, max-age=60');
      return transparency(app.db, year);
    },
  );
};
export default routes;
