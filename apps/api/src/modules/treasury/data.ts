import { countMatches } from '../../platform/database/bounded-search';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/database/database';
import type {
  Database,
  ExpensesTable,
  TreasuryAccountsTable,
  TreasuryMovementsTable,
  TreasuryStatementLinesTable,
} from '../../platform/database/schema';
import { keptCount } from '../../platform/database/kept-counts';
import { likePattern, newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';

// The treasury's only queries. Balances, daily and monthly totals are kept by `insertMovement`, in the caller's
// transaction, so no read ever sums the movements table beyond one account's single day.

export type Exec = DB | Kysely<Database> | Transaction<Database>;
export type AccountRow = Selectable<TreasuryAccountsTable>;
export type MovementRow = Selectable<TreasuryMovementsTable>;
export type NewMovement = Omit<Insertable<TreasuryMovementsTable>, 'id' | 'created_at'>;
export type ExpenseRow = Selectable<ExpensesTable>;
export type StatementLineRow = Selectable<TreasuryStatementLinesTable>;

const now = () => new Date().toISOString();

// ---------------------------------------------------------------- accounts and settings

export const listAccountRows = (db: Exec) => db.selectFrom('treasury_accounts').selectAll().orderBy('id').execute();
export const findAccountRow = (db: Exec, id: number) =>
  db.selectFrom('treasury_accounts').selectAll().where('id', '=', id).executeTakeFirst();
/** The names of these accounts, by id, for the audit trail (docs: packages/shared/src/audit-words.ts). */
export async function accountNamesOf(db: Exec, ids: number[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db.selectFrom('treasury_accounts').select(['id', 'name']).where('id', 'in', ids).execute();
  return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
}
export const firstAccountOfKind = (db: Exec, kind: string) =>
  db.selectFrom('treasury_accounts').selectAll().where('kind', '=', kind).orderBy('id').limit(1).executeTakeFirst();
export const accountByName = (db: Exec, name: string) =>
  db.selectFrom('treasury_accounts').select('id').where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirst();

export async function insertAccountRow(db: Exec, values: Omit<Insertable<TreasuryAccountsTable>, 'id'>): Promise<AccountRow> {
  return db.insertInto('treasury_accounts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function readSetting(db: Exec, name: string): Promise<string | null> {
  const row = await db.selectFrom('treasury_settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Exec, name: string, value: string | null, by: number): Promise<void> {
  await db
    .insertInto('treasury_settings')
    .values({ name, value, updated_by: by, updated_at: now() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_by: by, updated_at: now() }))
    .execute();
}

// ---------------------------------------------------------------- movements and the totals kept beside them

/** Inserts a movement and moves the account's balance, its day's and its month's totals with it. */
export async function insertMovement(db: Exec, movement: NewMovement, flow: string): Promise<MovementRow> {
  const row = await db
    .insertInto('treasury_movements')
    .values({ ...movement, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('treasury_accounts')
    .set((eb) => ({ balance: eb('balance', '+', movement.amount), updated_at: now() }))
    .where('id', '=', movement.account_id)
    .execute();
  await db
    .insertInto('treasury_daily_totals')
    .values({ account_id: movement.account_id, day: movement.day, amount: movement.amount, movements: 1 })
    .onConflict((oc) =>
      oc.columns(['account_id', 'day']).doUpdateSet((eb) => ({
        amount: eb('treasury_daily_totals.amount', '+', eb.ref('excluded.amount')),
        movements: eb('treasury_daily_totals.movements', '+', eb.ref('excluded.movements')),
      })),
    )
    .execute();
  await db
    .insertInto('treasury_monthly_totals')
    .values({ account_id: movement.account_id, month: movement.day.slice(0, 7), flow, amount: movement.amount })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'month', 'flow'])
        .doUpdateSet((eb) => ({ amount: eb('treasury_monthly_totals.amount', '+', eb.ref('excluded.amount')) })),
    )
    .execute();
  return row;
}

/** Adds to the public page's totals for one month (a negative amount and count take a gift or an expense back out). */
export async function addTransparency(db: Exec, month: string, flow: string, amount: number, count: number): Promise<void> {
  await db
    .insertInto('transparency_totals')
    .values({ month, flow, amount, count })
    .onConflict((oc) =>
      oc.columns(['month', 'flow']).doUpdateSet((eb) => ({
        amount: eb('transparency_totals.amount', '+', eb.ref('excluded.amount')),
        count: eb('transparency_totals.count', '+', eb.ref('excluded.count')),
      })),
    )
    .execute();
}

export const findIncomeSource = (db: Exec, sourceType: string, sourceId: number) =>
  db
    .selectFrom('treasury_income_sources')
    .selectAll()
    .where('source_type', '=', sourceType)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();

export async function saveIncomeSource(
  db: Exec,
  values: {
    source_type: string;
    source_id: number;
    account_id: number | null;
    amount: number;
    month: string;
    purpose: string | null;
    counted: number;
  },
): Promise<void> {
  const updated_at = now();
  await db
    .insertInto('treasury_income_sources')
    .values({ ...values, updated_at })
    .onConflict((oc) =>
      oc.columns(['source_type', 'source_id']).doUpdateSet({ counted: values.counted, account_id: values.account_id, updated_at }),
    )
    .execute();
}

/** The movement a source produced first (not a reversal), to reverse it. */
export const originalMovement = (db: Exec, sourceType: string, sourceId: number) =>
  db
    .selectFrom('treasury_movements')
    .selectAll()
    .where('source_type', '=', sourceType)
    .where('source_id', '=', sourceId)
    .where('reverses_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findMovement = (db: Exec, id: number) =>
  db.selectFrom('treasury_movements').selectAll().where('id', '=', id).executeTakeFirst();

/** Sum of an account's movements strictly before `day`, from the daily totals. */
async function sumBeforeDay(db: Exec, accountIds: number[] | null, day: string) {
  let q = db
    .selectFrom('treasury_daily_totals')
    .select(['account_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('day', '<', day)
    .groupBy('account_id');
  if (accountIds) q = q.where('account_id', 'in', accountIds);
  return q.execute();
}

/** Each account's balance at the start of `day` (opening balance plus every earlier movement). */
export async function balancesBefore(db: Exec, day: string): Promise<Map<number, number>> {
  const [accounts, sums] = await Promise.all([
    db.selectFrom('treasury_accounts').select(['id', 'opening_balance']).execute(),
    sumBeforeDay(db, null, day),
  ]);
  const map = new Map(accounts.map((a) => [a.id, Number(a.opening_balance)]));
  for (const s of sums) map.set(s.account_id, (map.get(s.account_id) ?? 0) + Number(s.total ?? 0));
  return map;
}

/** One account's balance just before the movement (day, id): kept daily totals, then that one day's earlier movements. */
export async function balanceBeforeMovement(db: Exec, account: AccountRow, day: string, id: number): Promise<number> {
  const [sums, sameDay] = await Promise.all([
    sumBeforeDay(db, [account.id], day),
    db
      .selectFrom('treasury_movements')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('account_id', '=', account.id)
      .where('day', '=', day)
      .where('id', '<', id)
      .executeTakeFirst(),
  ]);
  return Number(account.opening_balance) + Number(sums[0]?.total ?? 0) + Number(sameDay?.total ?? 0);
}

export interface JournalFilter {
  account?: number;
  from?: string;
  to?: string;
}

/** The journal's rows in date order; `after` is the keyset cursor (day, id) of the last row read. */
export function journalQuery(db: Exec, filter: JournalFilter, after?: { day: string; id: number }) {
  let q = db
    .selectFrom('treasury_movements as m')
    .innerJoin('treasury_accounts as a', 'a.id', 'm.account_id')
    .select([
      'm.id',
      'm.account_id',
      'a.name as account_name',
      'm.day',
      'm.amount',
      'm.kind',
      'm.nature',
      'm.category',
      'm.purpose',
      'm.label',
      'm.reference',
      'm.source_type',
      'm.source_id',
      'm.reverses_id',
    ]);
  if (filter.account) q = q.where('m.account_id', '=', filter.account);
  if (filter.from) q = q.where('m.day', '>=', filter.from);
  if (filter.to) q = q.where('m.day', '<=', filter.to);
  // A row-value comparison: both engines walk the (account, day, id) index from the cursor instead of filtering.
  if (after) q = q.where((eb) => eb(eb.refTuple('m.day', 'm.id'), '>', eb.tuple(after.day, after.id)));
  return q.orderBy('m.day').orderBy('m.id');
}
export type JournalRow = Awaited<ReturnType<ReturnType<typeof journalQuery>['execute']>>[number];

/** How many movements match, from the daily totals. */
export async function countMovements(db: Exec, filter: JournalFilter): Promise<number> {
  let q = db.selectFrom('treasury_daily_totals').select((eb) => eb.fn.sum<number>('movements').as('n'));
  if (filter.account) q = q.where('account_id', '=', filter.account);
  if (filter.from) q = q.where('day', '>=', filter.from);
  if (filter.to) q = q.where('day', '<=', filter.to);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Sums of the monthly totals for one year, per account and flow. */
export const yearFlows = (db: Exec, year: number) =>
  db
    .selectFrom('treasury_monthly_totals')
    .select(['account_id', 'flow', (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('month', '>=', `${year}-01`)
    .where('month', '<=', `${year}-12`)
    .groupBy(['account_id', 'flow'])
    .execute();

export const lastMovementDay = async (db: Exec) =>
  (
    await db
      .selectFrom('treasury_daily_totals')
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst()
  )?.day ?? null;

export const transparencyRows = (db: Exec, year: number) =>
  db
    .selectFrom('transparency_totals')
    .select(['month', 'flow', 'amount', 'count'])
    .where('month', '>=', `${year}-01`)
    .where('month', '<=', `${year}-12`)
    .execute();

export const transparencyMonths = (db: Exec) =>
  db.selectFrom('transparency_totals').select('month').where('count', '>', 0).groupBy('month').execute();

// ---------------------------------------------------------------- transfers

export const insertTransfer = (
  db: Exec,
  values: { from_account_id: number; to_account_id: number; amount: number; day: string; reference: string | null; created_by: number },
) =>
  db
    .insertInto('treasury_transfers')
    .values({ ...values, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Recent transfers with the accounts' and people's names, newest first. */
export function transfersQuery(db: Exec) {
  return db
    .selectFrom('treasury_transfers as t')
    .innerJoin('treasury_accounts as f', 'f.id', 't.from_account_id')
    .innerJoin('treasury_accounts as d', 'd.id', 't.to_account_id')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .leftJoin('users as c', 'c.id', 't.cancelled_by')
    .selectAll('t')
    .select(['f.name as from_name', 'd.name as to_name', 'u.name as created_by_name', 'c.name as cancelled_by_name'])
    .orderBy('t.id', 'desc');
}
export type TransferListRow = Awaited<ReturnType<ReturnType<typeof transfersQuery>['execute']>>[number];

export const listTransfers = (db: Exec) => transfersQuery(db).limit(100).execute();
export const findTransferView = (db: Exec, id: number) => transfersQuery(db).where('t.id', '=', id).executeTakeFirst();
export const findTransfer = (db: Exec, id: number) =>
  db.selectFrom('treasury_transfers').selectAll().where('id', '=', id).executeTakeFirst();

/** Marks a transfer cancelled; false when it already was (two administrators at once). */
export async function markTransferCancelled(db: Exec, id: number, by: number, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('treasury_transfers')
    .set({ cancelled_by: by, cancelled_at: now(), cancel_reason: reason })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The two movements a transfer recorded (not their counter-entries). */
export const transferMovements = (db: Exec, transferId: number) =>
  db
    .selectFrom('treasury_movements')
    .selectAll()
    .where('source_type', '=', 'transfer')
    .where('source_id', '=', transferId)
    .where('reverses_id', 'is', null)
    .orderBy('id')
    .execute();

// ---------------------------------------------------------------- expenses

export const insertExpense = (db: Exec, values: Omit<Insertable<ExpensesTable>, 'id'>) =>
  db.insertInto('expenses').values(values).returningAll().executeTakeFirstOrThrow();

export const findExpense = (db: Exec, id: number) => db.selectFrom('expenses').selectAll().where('id', '=', id).executeTakeFirst();

/** Moves an expense from `from` to another status; false when someone else changed it first. */
export async function updateExpenseFrom(db: Exec, id: number, from: string, patch: Partial<ExpenseRow>): Promise<boolean> {
  const result = await db.updateTable('expenses').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ExpenseFilter {
  status?: string;
  cancel_proposed?: 'oui';
  category?: string;
  purpose?: string;
  account?: number;
  from?: string;
  to?: string;
  q?: string;
}

export function expensesQuery(db: Exec, f: ExpenseFilter) {
  let q = db
    .selectFrom('expenses as e')
    .innerJoin('treasury_accounts as a', 'a.id', 'e.account_id')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .leftJoin('users as ap', 'ap.id', 'e.approved_by')
    .leftJoin('users as cp', 'cp.id', 'e.cancel_proposed_by')
    .selectAll('e')
    .select(['a.name as account_name', 'u.name as created_by_name', 'ap.name as approved_by_name', 'cp.name as cancel_proposed_by_name']);
  if (f.status) q = q.where('e.status', '=', f.status);
  if (f.cancel_proposed) q = q.where('e.status', '=', 'approuvee').where('e.cancel_proposed_by', 'is not', null);
  if (f.category) q = q.where('e.category', '=', f.category);
  if (f.purpose) q = q.where('e.purpose', '=', f.purpose);
  if (f.account) q = q.where('e.account_id', '=', f.account);
  if (f.from) q = q.where('e.paid_at', '>=', f.from);
  if (f.to) q = q.where('e.paid_at', '<=', f.to);
  if (f.q) {
    const pattern = likePattern(f.q);
    const like = (c: string) => sql<boolean>`lower(${sql.ref(c)}) like lower(${pattern}) escape '\\'`;
    q = q.where((eb) => eb.or([like('e.payee'), like('e.description'), like('e.reference')]));
  }
  return q;
}
export type ExpenseListRow = Awaited<ReturnType<ReturnType<typeof expensesQuery>['execute']>>[number];

/** One expense as the lists show it (with its account's and author's names). */
export const findExpenseView = (db: Exec, id: number) => expensesQuery(db, {}).where('e.id', '=', id).executeTakeFirst();

/**
 * One page of expenses, newest first by seek (platform/lib/pagination.ts), its total and the next page's cursor. All
 * expenses or one status are counted by the triggers (migration 20261127_0400); other filters count their rows.
 */
export async function pageOfExpenses(db: Exec, f: ExpenseFilter, page: SeekPageQuery) {
  const { status, ...others } = f;
  const total = Object.values(others).some((v) => v !== undefined && v !== '')
    ? await countMatches(db, expensesQuery(db, f))
    : await keptCount(db as DB, [status ? `expenses:status:${status}` : 'expenses']);
  const { rows, next } = await newestFirstSeek(expensesQuery(db, f), page, total, { created_at: 'e.created_at', id: 'e.id' });
  return { rows, total, next };
}

/** Approved expenses whose cancellation one administrator proposed and another has to confirm. */
export async function countProposedExpenseCancellations(db: Exec): Promise<number> {
  const row = await db
    .selectFrom('expenses')
    .where('status', '=', 'approuvee')
    .where('cancel_proposed_by', 'is not', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countPendingExpenses(db: Exec): Promise<number> {
  const row = await db
    .selectFrom('expenses')
    .where('status', '=', 'en_attente')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- statements

export const insertStatement = (
  db: Exec,
  values: {
    account_id: number;
    filename: string | null;
    period_start: string;
    period_end: string;
    closing_balance: number | null;
    created_by: number;
  },
) =>
  db
    .insertInto('treasury_statements')
    .values({ ...values, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();

export const insertStatementLines = (db: Exec, lines: Omit<Insertable<TreasuryStatementLinesTable>, 'id'>[]) =>
  lines.length === 0 ? Promise.resolve([]) : db.insertInto('treasury_statement_lines').values(lines).returningAll().execute();

export const findStatement = (db: Exec, id: number) =>
  db.selectFrom('treasury_statements').selectAll().where('id', '=', id).executeTakeFirst();

/** Past statements, newest first, with how many of their lines are matched and who imported them. */
export const listStatements = (db: Exec) =>
  db
    .selectFrom('treasury_statements as s')
    .innerJoin('treasury_accounts as a', 'a.id', 's.account_id')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select(['s.id', 's.account_id', 'a.name as account_name', 's.period_start', 's.period_end', 's.closing_balance', 's.created_at'])
    .select(['s.filename', 'u.name as created_by_name'])
    .select((eb) => [
      eb
        .selectFrom('treasury_statement_lines as l')
        .whereRef('l.statement_id', '=', 's.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('line_count'),
      eb
        .selectFrom('treasury_statement_lines as l')
        .whereRef('l.statement_id', '=', 's.id')
        .where('l.match_kind', 'is not', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('matched_count'),
    ])
    .orderBy('s.id', 'desc')
    .limit(100)
    .execute();

/** A statement with the name of who imported it. */
export const findStatementView = (db: Exec, id: number) =>
  db
    .selectFrom('treasury_statements as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .selectAll('s')
    .select('u.name as created_by_name')
    .where('s.id', '=', id)
    .executeTakeFirst();

export const statementLines = (db: Exec, statementId: number) =>
  db
    .selectFrom('treasury_statement_lines as l')
    .leftJoin('users as u', 'u.id', 'l.matched_by')
    .selectAll('l')
    .select('u.name as matched_by_name')
    .where('l.statement_id', '=', statementId)
    .orderBy('l.line_no')
    .execute();

export const findStatementLine = (db: Exec, id: number) =>
  db.selectFrom('treasury_statement_lines').selectAll().where('id', '=', id).executeTakeFirst();

export async function setLineMatch(
  db: Exec,
  lineId: number,
  patch: { movement_id?: number | null; match_kind: string; expense_id?: number | null; matched_by: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('treasury_statement_lines')
    .set({ ...patch, matched_at: now() })
    .where('id', '=', lineId)
    .where('match_kind', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A booked line back to « non rapproché », once (the guard on what it was booked with refuses a second call). */
export async function releaseBookedLine(db: Exec, lineId: number, movementId: number | null): Promise<boolean> {
  const result = await db
    .updateTable('treasury_statement_lines')
    .set({ movement_id: null, match_kind: null, expense_id: null, matched_by: null, matched_at: null })
    .where('id', '=', lineId)
    .where('match_kind', '=', 'saisie')
    .where('movement_id', movementId === null ? 'is' : '=', movementId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const lineWaitingForExpense = (db: Exec, expenseId: number) =>
  db
    .selectFrom('treasury_statement_lines')
    .select('id')
    .where('expense_id', '=', expenseId)
    .where('movement_id', 'is', null)
    .executeTakeFirst();

export const linkLineMovement = (db: Exec, lineId: number, movementId: number) =>
  db.updateTable('treasury_statement_lines').set({ movement_id: movementId }).where('id', '=', lineId).execute();

/**
 * An account's movements between two days that no statement line reconciles; `cancelled` when the movement is a
 * counter-entry or has one (a cancelled cheque, a countered transfer): it never reaches the bank.
 */
export const unreconciledMovements = (db: Exec, accountId: number, from: string, to: string) =>
  db
    .selectFrom('treasury_movements as m')
    .leftJoin('treasury_statement_lines as l', 'l.movement_id', 'm.id')
    .select(['m.id', 'm.day', 'm.label', 'm.amount', 'm.reference'])
    .select((eb) =>
      eb
        .or([
          eb('m.reverses_id', 'is not', null),
          eb.exists(eb.selectFrom('treasury_movements as r').select('r.id').whereRef('r.reverses_id', '=', 'm.id')),
        ])
        .as('cancelled'),
    )
    .where('m.account_id', '=', accountId)
    .where('m.day', '>=', from)
    .where('m.day', '<=', to)
    .where('l.id', 'is', null)
    .orderBy('m.day')
    .orderBy('m.id')
    .limit(5000)
    .execute();

export const isMovementReconciled = async (db: Exec, movementId: number) =>
  Boolean(await db.selectFrom('treasury_statement_lines').select('id').where('movement_id', '=', movementId).executeTakeFirst());
