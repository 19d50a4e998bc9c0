import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { BooksEntriesTable, BooksLinesTable, Database } from '../../platform/database/schema';

// The books' only queries. Totals per year, account and cause are kept by `insertEntry` in the caller's
// transaction, so the trial balance and the statements read a few hundred rows whatever the number of entries.

export type Exec = DB | Kysely<Database> | Transaction<Database>;
export type EntryRow = Selectable<BooksEntriesTable>;
export type LineRow = Selectable<BooksLinesTable>;
export type NewLine = Omit<Insertable<BooksLinesTable>, 'id' | 'entry_id' | 'line_no'>;

const now = () => new Date().toISOString();

// ---------------------------------------------------------------- chart

export const listOwnAccounts = (db: Exec) => db.selectFrom('books_accounts').select(['number', 'label']).orderBy('number').execute();
export const findOwnAccount = (db: Exec, number: string) =>
  db.selectFrom('books_accounts').select(['number', 'label']).where('number', '=', number).executeTakeFirst();
export const insertOwnAccount = (db: Exec, number: string, label: string, by: number | null) =>
  db.insertInto('books_accounts').values({ number, label, created_by: by, created_at: now() }).execute();
export const ownAccountsUnder = (db: Exec, parent: string) =>
  db.selectFrom('books_accounts').select('number').where('number', 'like', `${parent}%`).execute();

// ---------------------------------------------------------------- treasury accounts (read, and their chart account)

export const treasuryAccount = (db: Exec, id: number) =>
  db
    .selectFrom('treasury_accounts')
    .select(['id', 'name', 'kind', 'ledger_account', 'opening_balance', 'opening_date'])
    .where('id', '=', id)
    .executeTakeFirst();
export const treasuryAccounts = (db: Exec) =>
  db
    .selectFrom('treasury_accounts')
    .select(['id', 'name', 'kind', 'ledger_account', 'opening_balance', 'opening_date'])
    .orderBy('id')
    .execute();
export const setLedgerAccount = (db: Exec, id: number, number: string) =>
  db.updateTable('treasury_accounts').set({ ledger_account: number }).where('id', '=', id).execute();

/** Every treasury account's balance at the end of `day`: its opening balance (once opened) plus its movements. */
export async function treasuryBalanceAt(db: Exec, day: string): Promise<number> {
  const opening = await db
    .selectFrom('treasury_accounts')
    .select((eb) => eb.fn.sum<string | number | null>('opening_balance').as('total'))
    .where('opening_date', '<=', day)
    .executeTakeFirst();
  const moved = await db
    .selectFrom('treasury_daily_totals as d')
    .innerJoin('treasury_accounts as a', 'a.id', 'd.account_id')
    .select((eb) => eb.fn.sum<string | number | null>('d.amount').as('total'))
    .where('d.day', '<=', day)
    .whereRef('a.opening_date', '<=', sql.lit(day))
    .executeTakeFirst();
  return Number(opening?.total ?? 0) + Number(moved?.total ?? 0);
}

// ---------------------------------------------------------------- posting

/** Takes the chain's head (locking it on PostgreSQL until the transaction ends): the previous hash. */
export async function takeChainHead(db: Exec): Promise<string> {
  const row = await db
    .updateTable('books_chain')
    .set((eb) => ({ entries: eb('entries', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_hash')
    .executeTakeFirstOrThrow();
  return row.last_hash;
}
/** The hash of the last entry posted, kept beside the entries: a deletion at the end of the chain leaves it behind. */
export const chainHead = async (db: Exec) =>
  (await db.selectFrom('books_chain').select('last_hash').where('id', '=', 1).executeTakeFirst())?.last_hash ?? null;
export const setChainHead = (db: Exec, hash: string) =>
  db.updateTable('books_chain').set({ last_hash: hash }).where('id', '=', 1).execute();

export async function nextEntryNumber(db: Exec, year: number): Promise<number> {
  const row = await db
    .insertInto('books_counters')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last: eb('books_counters.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

/** The year's running total of debits (equal to its credits): the trial balance's largest sum. */
export async function yearDebitTotal(db: Exec, year: number): Promise<number> {
  const row = await db
    .selectFrom('books_totals')
    .select((eb) => eb.fn.sum<number | string | null>('debit').as('debit'))
    .where('year', '=', year)
    .executeTakeFirst();
  return Number(row?.debit ?? 0);
}

export async function insertEntryRows(db: Exec, entry: Omit<Insertable<BooksEntriesTable>, 'id'>, lines: NewLine[]): Promise<EntryRow> {
  const row = await db.insertInto('books_entries').values(entry).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('books_lines')
    .values(lines.map((l, i) => ({ ...l, entry_id: row.id, line_no: i + 1 })))
    .execute();
  // The kept totals: one upsert per (account, cause) of the entry.
  const sums = new Map<string, { account: string; cause: string; debit: number; credit: number }>();
  for (const l of lines) {
    const key = `${l.account}\u0000${l.cause ?? ''}`;
    const s = sums.get(key) ?? { account: l.account, cause: l.cause ?? '', debit: 0, credit: 0 };
    s.debit += Number(l.debit);
    s.credit += Number(l.credit);
    sums.set(key, s);
  }
  for (const s of sums.values())
    await db
      .insertInto('books_totals')
      .values({ year: entry.year, account: s.account, cause: s.cause, carried: entry.carried ?? 0, debit: s.debit, credit: s.credit })
      .onConflict((oc) =>
        oc.columns(['year', 'account', 'cause', 'carried']).doUpdateSet((eb) => ({
          debit: eb('books_totals.debit', '+', eb.ref('excluded.debit')),
          credit: eb('books_totals.credit', '+', eb.ref('excluded.credit')),
        })),
      )
      .execute();
  return row;
}

export const entryBySource = (db: Exec, sourceType: string, sourceId: string) =>
  db.selectFrom('books_entries').selectAll().where('source_type', '=', sourceType).where('source_id', '=', sourceId).executeTakeFirst();
export const findEntry = (db: Exec, id: number) => db.selectFrom('books_entries').selectAll().where('id', '=', id).executeTakeFirst();
export const entryReversing = (db: Exec, id: number) =>
  db.selectFrom('books_entries').select('id').where('reverses_id', '=', id).executeTakeFirst();
/** The reversal of each of these entries, if any (the journal shows « contre-passée par … »). */
export const reversalsOf = (db: Exec, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([] as { id: number; number: string; reverses_id: number | null }[])
    : db.selectFrom('books_entries').select(['id', 'number', 'reverses_id']).where('reverses_id', 'in', ids).execute();
export const linesOf = (db: Exec, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([] as LineRow[])
    : db.selectFrom('books_lines').selectAll().where('entry_id', 'in', ids).orderBy('entry_id').orderBy('line_no').execute();

// ---------------------------------------------------------------- reading entries

export interface EntryFilter {
  year?: number;
  journal?: string;
  account?: string;
}

export function entriesQuery(db: Exec, f: EntryFilter) {
  let q = db.selectFrom('books_entries as e').selectAll('e');
  if (f.year !== undefined) q = q.where('e.year', '=', f.year);
  if (f.journal) q = q.where('e.journal', '=', f.journal);
  if (f.account) {
    const account = f.account;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('books_lines as l')
          .select('l.id')
          .whereRef('l.entry_id', '=', 'e.id')
          .where((w) => w.or([w('l.account', '=', account), w('l.account', 'like', `${account}%`)])),
      ),
    );
  }
  return q;
}

export const pageOfEntries = (db: Exec, f: EntryFilter, limit: number, offset: number) =>
  entriesQuery(db, f).orderBy('e.day').orderBy('e.id').limit(limit).offset(offset).execute();

/** Entries in chain order, `after` an id, in batches (the chain's check, the journal's files). */
/** Every kept total (the books' verification compares them with the lines). */
export const keptTotals = (db: Exec) =>
  db.selectFrom('books_totals').select(['year', 'account', 'cause', 'carried', 'debit', 'credit']).execute();

/** The lines summed as books_totals keeps them: per year, account, cause and carried flag. */
export const summedLines = (db: Exec) =>
  db
    .selectFrom('books_lines as l')
    .innerJoin('books_entries as e', 'e.id', 'l.entry_id')
    .select((eb) => [
      'e.year',
      'l.account',
      eb.fn.coalesce('l.cause', sql.lit('')).as('cause'),
      'e.carried',
      eb.fn.sum<number | string>('l.debit').as('debit'),
      eb.fn.sum<number | string>('l.credit').as('credit'),
    ])
    .groupBy((eb) => ['e.year', 'l.account', eb.fn.coalesce('l.cause', sql.lit('')), 'e.carried'])
    .execute();

export const entriesAfter = (db: Exec, after: number, limit: number, year?: number) => {
  let q = db.selectFrom('books_entries').selectAll().where('id', '>', after);
  if (year !== undefined) q = q.where('year', '=', year);
  return q.orderBy('id').limit(limit).execute();
};

/** One account's lines (or its sub-accounts') in a year, in date order. */
export const ledgerLines = (db: Exec, year: number, account: string) =>
  db
    .selectFrom('books_lines as l')
    .innerJoin('books_entries as e', 'e.id', 'l.entry_id')
    .select(['e.id as entry', 'e.number', 'e.day', 'e.journal', 'e.label', 'l.account', 'l.debit', 'l.credit', 'l.cause'])
    .where('e.year', '=', year)
    .where((w) => w.or([w('l.account', '=', account), w('l.account', 'like', `${account}%`)]))
    .orderBy('e.day')
    .orderBy('e.id')
    .orderBy('l.line_no')
    .execute();

/** Every line of a year with its entry, in batches after an entry id (the accountant's export). */
export const exportLines = (db: Exec, year: number, afterEntry: number, limit: number) =>
  db
    .selectFrom('books_entries as e')
    .innerJoin('books_lines as l', 'l.entry_id', 'e.id')
    .select([
      'e.id',
      'e.journal',
      'e.number',
      'e.day',
      'e.reference',
      'e.label',
      'e.validated_at',
      'l.account',
      'l.debit',
      'l.credit',
      'l.line_no',
    ])
    .where('e.year', '=', year)
    .where('e.id', '>', afterEntry)
    .where('e.id', '<=', afterEntry + limit)
    .orderBy('e.id')
    .orderBy('l.line_no')
    .execute();
export const lastEntryId = async (db: Exec) =>
  Number(
    (
      await db
        .selectFrom('books_entries')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

// ---------------------------------------------------------------- kept totals

export const totalsOfYear = (db: Exec, year: number) =>
  db.selectFrom('books_totals').select(['account', 'cause', 'carried', 'debit', 'credit']).where('year', '=', year).execute();

/** Sums per account over every year up to `year` (classes 1–5 of the balance sheet, prior results), without carried entries. */
export const totalsUpTo = (db: Exec, year: number) =>
  db
    .selectFrom('books_totals')
    .select([
      'account',
      'year',
      (eb) => eb.fn.sum<string | number>('debit').as('debit'),
      (eb) => eb.fn.sum<string | number>('credit').as('credit'),
    ])
    .where('year', '<=', year)
    .where('carried', '=', 0)
    .groupBy(['account', 'year'])
    .execute();

const treasuryLine = (account: string) =>
  sql<boolean>`(${sql.ref(account)} like '52%' or ${sql.ref(account)} like '55%' or ${sql.ref(account)} like '57%')`;

/**
 * The year's treasury lines that are neither receipts nor payments (the cash-flow statement): opening balances
 * (cash the year starts with) and reversals other than transfers' (a cancelled gift is not a payment, a cancelled
 * expense not a receipt; a transfer's reversal is netted with the transfers through 58). Few entries, by index.
 */
export async function treasuryAdjustments(db: Exec, year: number) {
  const sum = (kind: 'opening' | 'reversal') => {
    let q = db
      .selectFrom('books_entries as e')
      .innerJoin('books_lines as l', 'l.entry_id', 'e.id')
      .select([
        (eb) => eb.fn.sum<string | number | null>('l.debit').as('debit'),
        (eb) => eb.fn.sum<string | number | null>('l.credit').as('credit'),
      ])
      .where('e.year', '=', year)
      .where('e.carried', '=', 0)
      .where(treasuryLine('l.account'));
    q =
      kind === 'opening'
        ? q.where('e.source_type', '=', 'opening')
        : q
            .where('e.reverses_id', 'is not', null)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb.selectFrom('books_lines as t').select('t.id').whereRef('t.entry_id', '=', 'e.id').where('t.account', 'like', '58%'),
                ),
              ),
            );
    return q.executeTakeFirst().then((r) => ({ debit: Number(r?.debit ?? 0), credit: Number(r?.credit ?? 0) }));
  };
  const [opening, reversal] = await Promise.all([sum('opening'), sum('reversal')]);
  return { opening, reversal };
}

export const yearsWithEntries = (db: Exec) => db.selectFrom('books_totals').select('year').distinct().orderBy('year').execute();

// ---------------------------------------------------------------- years

export const closedYears = async (db: Exec) =>
  (await db.selectFrom('books_years').select('year').where('closed', '=', 1).orderBy('year').execute()).map((r) => r.year);
export const findYear = (db: Exec, year: number) => db.selectFrom('books_years').selectAll().where('year', '=', year).executeTakeFirst();
export const listYears = (db: Exec) => db.selectFrom('books_years').selectAll().orderBy('year').execute();
export async function saveYear(db: Exec, year: number, closed: number, result: number | null, by: number | null): Promise<void> {
  const values = { closed, result, closed_by: by, closed_at: closed ? now() : null };
  await db
    .insertInto('books_years')
    .values({ year, ...values })
    .onConflict((oc) => oc.column('year').doUpdateSet(values))
    .execute();
}

export const insertReopening = (db: Exec, year: number, reason: string, by: number) =>
  db
    .insertInto('books_reopenings')
    .values({ year, reason, status: 'en_attente', proposed_by: by, proposed_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
export const pendingReopening = (db: Exec, year: number) =>
  db.selectFrom('books_reopenings').selectAll().where('year', '=', year).where('status', '=', 'en_attente').executeTakeFirst();
export const findReopening = (db: Exec, id: number) =>
  db.selectFrom('books_reopenings').selectAll().where('id', '=', id).executeTakeFirst();
/** The latest proposals, with the names of who proposed and who decided (shown beside the year, not only in the audit). */
export const listReopenings = (db: Exec) =>
  db
    .selectFrom('books_reopenings as r')
    .leftJoin('users as p', 'p.id', 'r.proposed_by')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .selectAll('r')
    .select(['p.name as proposed_by_name', 'd.name as decided_by_name'])
    .orderBy('r.id', 'desc')
    .limit(100)
    .execute();
export async function decideReopening(db: Exec, id: number, status: string, by: number): Promise<boolean> {
  const r = await db
    .updateTable('books_reopenings')
    .set({ status, decided_by: by, decided_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'en_attente')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export const entriesOfYearBySource = (db: Exec, year: number, sourceType: string) =>
  db.selectFrom('books_entries').selectAll().where('year', '=', year).where('source_type', '=', sourceType).execute();

// ---------------------------------------------------------------- budgets

export const budgetOf = (db: Exec, year: number) =>
  db
    .selectFrom('books_budgets')
    .select(['account', 'cause', 'amount'])
    .where('year', '=', year)
    .orderBy('account')
    .orderBy('cause')
    .execute();
export async function replaceBudget(db: Exec, year: number, lines: { account: string; cause: string; amount: number }[]): Promise<void> {
  await db.deleteFrom('books_budgets').where('year', '=', year).execute();
  if (lines.length > 0)
    await db
      .insertInto('books_budgets')
      .values(lines.map((l) => ({ year, ...l })))
      .execute();
}

// ---------------------------------------------------------------- the one-time posting of earlier movements

export const readMeta = async (db: Exec, name: string) =>
  (await db.selectFrom('books_meta').select('value').where('name', '=', name).executeTakeFirst())?.value ?? null;
export const writeMeta = (db: Exec, name: string, value: string) =>
  db
    .insertInto('books_meta')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
export const unpostedMovements = (db: Exec, after: number, limit: number) =>
  db
    .selectFrom('treasury_movements as m')
    .selectAll('m')
    .where('m.id', '>', after)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('books_entries as e')
            .select('e.id')
            .where('e.source_type', '=', 'movement')
            .whereRef('e.source_id', '=', sql<string>`cast(m.id as text)`),
        ),
      ),
    )
    .orderBy('m.id')
    .limit(limit)
    .execute();
export const incomeWithoutAccount = (db: Exec) =>
  db
    .selectFrom('treasury_income_sources')
    .select(['source_type', 'source_id', 'amount', 'month'])
    .where('account_id', 'is', null)
    .where('counted', '=', 1)
    .execute();
export const insertUnmapped = (db: Exec, sourceType: string, sourceId: string, reason: string) =>
  db.insertInto('books_unmapped').values({ source_type: sourceType, source_id: sourceId, reason, created_at: now() }).execute();
export const listUnmapped = (db: Exec) =>
  db.selectFrom('books_unmapped').select(['source_type', 'source_id', 'reason', 'created_at']).orderBy('id').limit(1000).execute();

// ---------------------------------------------------------------- donor register

export const donationsOfYear = (db: Exec, year: number) =>
  db
    .selectFrom('donations')
    .select(['id', 'name', 'phone', 'amount', 'paid_at', 'receipt_number', 'purpose'])
    .where('transaction_status', 'in', ['approved', 'transferred'])
    .where('deleted_at', 'is', null)
    .where('paid_at', '>=', `${year}-01-01`)
    .where('paid_at', '<', `${year + 1}-01-01`)
    .orderBy('name')
    .orderBy('paid_at')
    .limit(100_000)
    .execute();

/** Serialises closings, reopenings and postings on PostgreSQL: the chain's head row, locked until the transaction ends. */
export const lockBooks = (db: Exec) =>
  db
    .updateTable('books_chain')
    .set((eb) => ({ entries: eb.ref('entries') }))
    .where('id', '=', 1)
    .execute();

/** Per account and cause, every year up to `year`, without carried entries: what a closing carries forward. */
export const balancesUpTo = (db: Exec, year: number) =>
  db
    .selectFrom('books_totals')
    .select([
      'account',
      'cause',
      (eb) => eb.fn.sum<string | number>('debit').as('debit'),
      (eb) => eb.fn.sum<string | number>('credit').as('credit'),
    ])
    .where('year', '<=', year)
    .where('carried', '=', 0)
    .groupBy(['account', 'cause'])
    .execute();

export const unreversedEntries = (db: Exec, year: number, sourceType: string) =>
  db
    .selectFrom('books_entries as e')
    .selectAll('e')
    .where('e.year', '=', year)
    .where('e.source_type', '=', sourceType)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('books_entries as r').select('r.id').whereRef('r.reverses_id', '=', 'e.id'))))
    .execute();
