import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Totals the treasurer and the public read (money per month, each cause's progress) were sums over whole tables,
// hidden behind a one-minute cache: stale right after a cash record, and 0.2–0.5 s at a million rows.
// `money_totals` keeps, per table, month (of coalesce(paid_at, created_at), UTC), purpose (donations) or payment
// type (payments) and transaction status, the number of records and their amount, for records not soft-deleted.
// Triggers keep it in the same transaction as the change, whoever writes (a refund, a cancellation, an erasure,
// a pledge's payment), so every reader sees totals as current as the rows, on every process.

const TABLES = [
  { table: 'donations', key: 'purpose' },
  { table: 'payments', key: 'payment_type' },
] as const;

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const MONTH = (row: string) => `substr(coalesce(${row}.paid_at, ${row}.created_at), 1, 7)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('money_totals')
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('money_totals_pk', ['table_name', 'month', 'category', 'status'])
    .execute();

  for (const { table, key } of TABLES) {
    await sql`insert into money_totals (table_name, month, category, status, n, amount)
      select ${sql.lit(table)}, ${sql.raw(MONTH(table))}, ${sql.ref(key)}, transaction_status, count(*), coalesce(sum(amount), 0)
      from ${sql.table(table)} where deleted_at is null
      group by ${sql.raw(MONTH(table))}, ${sql.ref(key)}, transaction_status`.execute(db);
  }

  const upsert =
    'on conflict (table_name, month, category, status) do update set n = money_totals.n + excluded.n, amount = money_totals.amount + excluded.amount';
  const row = (table: string, key: string, rec: 'new' | 'old', sign: 1 | -1) =>
    `select '${table}', ${MONTH(rec)}, ${rec}.${key}, ${rec}.transaction_status, ${sign}, ${sign} * ${rec}.amount`;

  if (isPg(db)) {
    for (const { table, key } of TABLES) {
      // Nested IFs: OLD does not exist on INSERT nor NEW on DELETE, and plpgsql does not promise short-circuiting.
      await sql`create function ${sql.id(`${table}_money_totals`)}() returns trigger language plpgsql as ${sql.lit(`
        begin
          if TG_OP <> 'INSERT' then
            if old.deleted_at is null then
              insert into money_totals (table_name, month, category, status, n, amount) ${row(table, key, 'old', -1)} ${upsert};
            end if;
          end if;
          if TG_OP <> 'DELETE' then
            if new.deleted_at is null then
              insert into money_totals (table_name, month, category, status, n, amount) ${row(table, key, 'new', 1)} ${upsert};
            end if;
          end if;
          return null;
        end`)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_money_totals`)}
        after insert or update of deleted_at, transaction_status, amount, paid_at, created_at, ${sql.ref(key)} or delete on ${sql.table(table)}
        for each row execute function ${sql.id(`${table}_money_totals`)}()`.execute(db);
    }
    return;
  }

  for (const { table, key } of TABLES) {
    const t = sql.table(table);
    const name = (suffix: string) => sql.id(`${table}_money_totals_${suffix}`);
    // SQLite parses `insert … select … on conflict` ambiguously without a WHERE: `where true` settles it.
    await sql`create trigger ${name('insert')} after insert on ${t} for each row when new.deleted_at is null
      begin insert into money_totals (table_name, month, category, status, n, amount) ${sql.raw(row(table, key, 'new', 1))} where true ${sql.raw(upsert)}; end`.execute(
      db,
    );
    await sql`create trigger ${name('delete')} after delete on ${t} for each row when old.deleted_at is null
      begin insert into money_totals (table_name, month, category, status, n, amount) ${sql.raw(row(table, key, 'old', -1))} where true ${sql.raw(upsert)}; end`.execute(
      db,
    );
    await sql`create trigger ${name('update')} after update of deleted_at, transaction_status, amount, paid_at, created_at, ${sql.ref(key)} on ${t}
      for each row
      begin
        insert into money_totals (table_name, month, category, status, n, amount) ${sql.raw(row(table, key, 'old', -1))} where old.deleted_at is null ${sql.raw(upsert)};
        insert into money_totals (table_name, month, category, status, n, amount) ${sql.raw(row(table, key, 'new', 1))} where new.deleted_at is null ${sql.raw(upsert)};
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TABLES) {
    if (isPg(db)) {
      await sql`drop trigger if exists ${sql.id(`${table}_money_totals`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists ${sql.id(`${table}_money_totals`)}()`.execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update'])
        await sql`drop trigger if exists ${sql.id(`${table}_money_totals_${suffix}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('money_totals').execute();
}
