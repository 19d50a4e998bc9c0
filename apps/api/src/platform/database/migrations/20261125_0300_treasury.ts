import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
// Treasury: accounts whose balance is kept as money moves, every movement of money (signed amounts, a refund or a
// cancellation is its own counter-entry), daily and monthly totals kept beside them so that balances at a date,
// the journal's running balance, the annual statements and the public transparency figures never re-scan the
// movements; expenses with their approval; transfers; bank or mobile-money statements and their lines.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const withId = (db: Kysely<any>, name: string) => {
  const t = db.schema.createTable(name);
  return isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
};

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'treasury_accounts')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('opening_balance', 'bigint', (c) => c.notNull())
    .addColumn('opening_date', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('treasury_accounts_kind').on('treasury_accounts').columns(['kind', 'id']).execute();

  await db.schema
    .createTable('treasury_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, 'treasury_movements')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('treasury_accounts.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('nature', 'text')
    .addColumn('category', 'text')
    .addColumn('purpose', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer')
    .addColumn('reverses_id', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The journal's two orders (one account, all accounts), keyset-friendly; amount makes the sums index-only.
  await db.schema
    .createIndex('treasury_movements_account_day')
    .on('treasury_movements')
    .columns(['account_id', 'day', 'id', 'amount'])
    .execute();
  await db.schema.createIndex('treasury_movements_day').on('treasury_movements').columns(['day', 'id']).execute();
  await db.schema.createIndex('treasury_movements_source').on('treasury_movements').columns(['source_type', 'source_id']).execute();
  await db.schema.createIndex('treasury_movements_match').on('treasury_movements').columns(['account_id', 'amount', 'day']).execute();

  // Per account and day: the sum and number of movements, so a balance at any date is a few hundred rows at most.
  await db.schema
    .createTable('treasury_daily_totals')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('movements', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('treasury_daily_totals_pk', ['account_id', 'day'])
    .execute();
  await db.schema.createIndex('treasury_daily_totals_day').on('treasury_daily_totals').columns(['day']).execute();

  // Per account, month and kind of flow (recette:don:sante, depense:fonctionnement, virement_entrant…): the annual statements.
  await db.schema
    .createTable('treasury_monthly_totals')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('treasury_monthly_totals_pk', ['account_id', 'month', 'flow'])
    .execute();

  // Per month of the gift or of the expense: what the public page shows (raised:<purpose>, spent:<category>:<purpose>).
  await db.schema
    .createTable('transparency_totals')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('transparency_totals_pk', ['month', 'flow'])
    .execute();

  // One row per donation or payment that ever counted as received: whether it counts now, and where it landed.
  await db.schema
    .createTable('treasury_income_sources')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text')
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('treasury_income_sources_pk', ['source_type', 'source_id'])
    .execute();

  await withId(db, 'treasury_transfers')
    .addColumn('from_account_id', 'integer', (c) => c.notNull().references('treasury_accounts.id'))
    .addColumn('to_account_id', 'integer', (c) => c.notNull().references('treasury_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, 'expenses')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('treasury_accounts.id'))
    .addColumn('paid_at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('payee', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('proof', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('approved_by', 'integer')
    .addColumn('approved_at', 'text')
    .addColumn('cancelled_by', 'integer')
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expenses_recent').on('expenses').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('expenses_status').on('expenses').columns(['status', 'created_at', 'id']).execute();

  await withId(db, 'treasury_statements')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('treasury_accounts.id'))
    .addColumn('filename', 'text')
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('closing_balance', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, 'treasury_statement_lines')
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('treasury_statements.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('balance', 'bigint')
    .addColumn('movement_id', 'integer')
    .addColumn('match_kind', 'text')
    .addColumn('expense_id', 'integer')
    .execute();
  await db.schema
    .createIndex('treasury_statement_lines_statement')
    .on('treasury_statement_lines')
    .columns(['statement_id', 'line_no'])
    .execute();
  // A movement is reconciled with one statement line at most.
  await db.schema.createIndex('treasury_statement_lines_movement').on('treasury_statement_lines').column('movement_id').unique().execute();
  await db.schema.createIndex('treasury_statement_lines_expense').on('treasury_statement_lines').column('expense_id').execute();

  // Gifts received before this migration count on the public page (no account: the treasury did not exist yet).
  const now = new Date().toISOString();
  await sql`
    insert into treasury_income_sources (source_type, source_id, account_id, amount, month, purpose, counted, updated_at)
    select 'donation', id, null, amount, substr(paid_at, 1, 7), purpose, 1, ${now} from donations
    where transaction_status in ('approved', 'transferred') and deleted_at is null and paid_at is not null`.execute(db);
  await sql`
    insert into transparency_totals (month, flow, amount, count)
    select month, 'raised:' || purpose, sum(amount), count(*) from treasury_income_sources
    where source_type = 'donation' group by month, purpose`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'treasury_statement_lines',
    'treasury_statements',
    'expenses',
    'treasury_transfers',
    'treasury_income_sources',
    'transparency_totals',
    'treasury_monthly_totals',
    'treasury_daily_totals',
    'treasury_movements',
    'treasury_settings',
    'treasury_accounts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
