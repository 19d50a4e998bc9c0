import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The administrator lists of donations and payments show their total (X-Total-Count) on every page; over
// 100 000 rows a COUNT(*) is most of the request. `row_counts` keeps, per table, the number of listed rows
// (not soft-deleted) in total and per transaction status, maintained by triggers in the same transaction as
// the change, whoever writes.

const TABLES = ['donations', 'payments'] as const;

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('row_counts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();

  for (const table of TABLES) {
    const t = sql.table(table);
    await sql`insert into row_counts (key, n) select ${sql.lit(table)}, count(*) from ${t} where deleted_at is null`.execute(db);
    await sql`insert into row_counts (key, n)
      select ${sql.lit(`${table}:status:`)} || transaction_status, count(*) from ${t} where deleted_at is null group by transaction_status`.execute(
      db,
    );
  }

  if (isPg(db)) {
    // Nested IFs: OLD does not exist on INSERT nor NEW on DELETE, and plpgsql does not promise short-circuiting.
    await sql`create function count_money_rows() returns trigger language plpgsql as $$
      begin
        if TG_OP <> 'INSERT' then
          if old.deleted_at is null then
            insert into row_counts (key, n) values (TG_TABLE_NAME, -1), (TG_TABLE_NAME || ':status:' || old.transaction_status, -1)
              on conflict (key) do update set n = row_counts.n + excluded.n;
          end if;
        end if;
        if TG_OP <> 'DELETE' then
          if new.deleted_at is null then
            insert into row_counts (key, n) values (TG_TABLE_NAME, 1), (TG_TABLE_NAME || ':status:' || new.transaction_status, 1)
              on conflict (key) do update set n = row_counts.n + excluded.n;
          end if;
        end if;
        return null;
      end
    $$`.execute(db);
    for (const table of TABLES) {
      await sql`create trigger ${sql.id(`${table}_row_counts`)}
        after insert or update of deleted_at, transaction_status or delete on ${sql.table(table)}
        for each row execute function count_money_rows()`.execute(db);
    }
    return;
  }

  const adjust = (table: string, row: 'new' | 'old', delta: 1 | -1) =>
    sql.raw(`insert into row_counts (key, n) values ('${table}', ${delta}), ('${table}:status:' || ${row}.transaction_status, ${delta})
      on conflict (key) do update set n = row_counts.n + excluded.n;`);
  const visibilityOrStatusChanged = sql.raw(
    '((old.deleted_at is null) <> (new.deleted_at is null) or old.transaction_status is not new.transaction_status)',
  );
  for (const table of TABLES) {
    const t = sql.table(table);
    const name = (suffix: string) => sql.id(`${table}_row_counts_${suffix}`);
    await sql`create trigger ${name('insert')} after insert on ${t} for each row when new.deleted_at is null
      begin ${adjust(table, 'new', 1)} end`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${t} for each row when old.deleted_at is null
      begin ${adjust(table, 'old', -1)} end`.execute(db);
    await sql`create trigger ${name('update')} after update of deleted_at, transaction_status on ${t} for each row
      when ${visibilityOrStatusChanged}
      begin
        ${sql.raw(`insert into row_counts (key, n) select '${table}', -1 where old.deleted_at is null
          union all select '${table}:status:' || old.transaction_status, -1 where old.deleted_at is null
          union all select '${table}', 1 where new.deleted_at is null
          union all select '${table}:status:' || new.transaction_status, 1 where new.deleted_at is null
          on conflict (key) do update set n = row_counts.n + excluded.n;`)}
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (isPg(db)) {
      await sql`drop trigger if exists ${sql.id(`${table}_row_counts`)} on ${sql.table(table)}`.execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update'])
        await sql`drop trigger if exists ${sql.id(`${table}_row_counts_${suffix}`)}`.execute(db);
    }
  }
  if (isPg(db)) await sql`drop function if exists count_money_rows()`.execute(db);
  await db.schema.dropTable('row_counts').execute();
}
