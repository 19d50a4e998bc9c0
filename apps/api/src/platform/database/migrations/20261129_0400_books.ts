import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
// Books (double entry on SYCEBNL): the association's own sub-accounts, entries and their lines (whole FCFA), the
// hash chain's head, per-year entry numbers, totals kept per year, account and cause (so the trial balance and the
// statements never scan the lines), closed years and their reopening proposals, budgets, and what the one-time
// posting of earlier movements could not map. A treasury account names its chart account in `ledger_account`.

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
  await db.schema.alterTable('treasury_accounts').addColumn('ledger_account', 'text').execute();

  await db.schema
    .createTable('books_accounts')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, 'books_entries')
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('journal', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text')
    .addColumn('reverses_id', 'integer')
    .addColumn('carried', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('validated_at', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Once per movement: a second posting of the same source fails instead of doubling the books.
  await db.schema.createIndex('books_entries_source').on('books_entries').columns(['source_type', 'source_id']).unique().execute();
  await db.schema.createIndex('books_entries_year_day').on('books_entries').columns(['year', 'day', 'id']).execute();
  await db.schema.createIndex('books_entries_journal').on('books_entries').columns(['year', 'journal', 'day', 'id']).execute();

  await withId(db, 'books_lines')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('books_entries.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('debit', 'bigint', (c) => c.notNull())
    .addColumn('credit', 'bigint', (c) => c.notNull())
    .addColumn('cause', 'text')
    .execute();
  await db.schema.createIndex('books_lines_entry').on('books_lines').columns(['entry_id', 'line_no']).execute();
  await db.schema.createIndex('books_lines_account').on('books_lines').columns(['account', 'entry_id']).execute();

  await db.schema
    .createTable('books_totals')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('carried', 'integer', (c) => c.notNull())
    .addColumn('debit', 'bigint', (c) => c.notNull())
    .addColumn('credit', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('books_totals_pk', ['year', 'account', 'cause', 'carried'])
    .execute();

  await db.schema
    .createTable('books_chain')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('books_chain')
    .values({ id: 1, last_hash: '0'.repeat(64), entries: 0 })
    .execute();

  await db.schema
    .createTable('books_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('books_years')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('closed', 'integer', (c) => c.notNull())
    .addColumn('result', 'bigint')
    .addColumn('closed_by', 'integer')
    .addColumn('closed_at', 'text')
    .execute();

  await withId(db, 'books_reopenings')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('proposed_by', 'integer', (c) => c.notNull())
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .execute();

  await db.schema
    .createTable('books_budgets')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('books_budgets_pk', ['year', 'account', 'cause'])
    .execute();

  await withId(db, 'books_unmapped')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('books_meta')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'books_meta',
    'books_unmapped',
    'books_budgets',
    'books_reopenings',
    'books_years',
    'books_counters',
    'books_chain',
    'books_totals',
    'books_lines',
    'books_entries',
    'books_accounts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('treasury_accounts').dropColumn('ledger_account').execute();
}
