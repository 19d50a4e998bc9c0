import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// PostgreSQL: the searched text of donations, payments and users, lowered once and stored in a side table
// `<table>_search (id, text)` kept by triggers in the same transaction as the row, with the trigram index on it.
// Migration 20261125_1710 indexed the expression `lower(a || ' ' || b …)`, so every row a search walked or rechecked
// was lowered again: lower() of UTF-8 text costs about 1 µs a row, and counting the first 1 001 « Zinsou » among a
// million donations took 13 ms, the trigram bitmap of their 100 000 candidates 12 ms. Reading the stored text costs
// a third of that. A side table, not a generated column: the rows' `select *` (privacy exports, audit snapshots)
// stay as they are. The columns are joined with the unit separator (chr(31)), which no typed term holds: a phrase
// never spans two columns, as with SQLite's FTS5 tables (same name, `<table>_search`).
// SQLite keeps its FTS5 tables: nothing changes there.

const SEARCHED = {
  donations: ['name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference', 'purpose'],
  payments: ['name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference'],
  users: ['name', 'email', 'telephone'],
} as const;

/** The money tables, whose lists show the rows not cancelled (deleted_at is null). */
const LISTED = ['donations', 'payments'] as const;

const textOf = (row: string, columns: readonly string[]) =>
  `lower(${columns.map((c) => `coalesce(${row}${c}, '')`).join(' || chr(31) || ')})`;

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/** The schema of pg_trgm when migration 20261125_1710 could create it; null without it (searches then scan). */
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension
    where extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema ?? null;
}

/** The expression indexes of migration 20261125_1710 this replaces, and how to make them again (down). */
const OLD_INDEXES: Array<{ name: string; table: string; expression: string }> = [
  {
    name: 'donations_search_trgm',
    table: 'donations',
    expression: `lower(${SEARCHED.donations.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`,
  },
  {
    name: 'payments_search_trgm',
    table: 'payments',
    expression: `lower(${SEARCHED.payments.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`,
  },
  { name: 'users_name_trgm', table: 'users', expression: 'lower(name)' },
  { name: 'users_email_trgm', table: 'users', expression: 'lower(email)' },
  { name: 'users_telephone_trgm', table: 'users', expression: 'telephone' },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPg(db)) return;
  const schema = await trigramSchema(db);
  // First: the side tables' indexes take two of their names (<table>_search_trgm).
  for (const { name } of OLD_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  // A search walks the newest matches joined to the money rows the lists show: read from this index alone, the join
  // costs a third of reading each row (about 1 ms instead of 3 for the 10 000 rows behind 1 001 « Zinsou »).
  for (const table of LISTED)
    await sql`create index ${sql.id(`${table}_listed_id`)} on ${sql.table(table)} (id) where deleted_at is null`.execute(db);
  for (const [table, columns] of Object.entries(SEARCHED)) {
    const side = `${table}_search`;
    await sql`create table ${sql.table(side)} (id integer primary key, text text not null)`.execute(db);
    await sql`insert into ${sql.table(side)} (id, text) select id, ${sql.raw(textOf('', columns))} from ${sql.table(table)}`.execute(db);
    await sql`create function ${sql.id(side)}() returns trigger language plpgsql as ${sql.lit(`
      begin
        if TG_OP = 'INSERT' then
          insert into ${side} (id, text) values (new.id, ${textOf('new.', columns)});
        elsif TG_OP = 'UPDATE' then
          update ${side} set text = ${textOf('new.', columns)} where id = new.id;
        else
          delete from ${side} where id = old.id;
        end if;
        return null;
      end`)}`.execute(db);
    await sql`create trigger ${sql.id(side)} after insert or delete or update of ${sql.raw(columns.join(', '))} on ${sql.table(table)}
      for each row execute function ${sql.id(side)}()`.execute(db);
    if (schema) {
      const ops = sql.raw(`"${schema.replaceAll('"', '""')}".gin_trgm_ops`);
      await sql`create index ${sql.id(`${side}_trgm`)} on ${sql.table(side)} using gin (text ${ops})`.execute(db);
    }
    // The planner's estimate of how many rows a term matches (a common name: walk the newest; a rare one: the index).
    await sql`analyze ${sql.table(side)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPg(db)) return;
  const schema = await trigramSchema(db);
  for (const table of Object.keys(SEARCHED)) {
    const side = `${table}_search`;
    await sql`drop trigger if exists ${sql.id(side)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists ${sql.id(side)}()`.execute(db);
    await sql`drop table if exists ${sql.table(side)}`.execute(db);
  }
  for (const table of LISTED) await sql`drop index if exists ${sql.id(`${table}_listed_id`)}`.execute(db);
  if (!schema) return;
  const ops = sql.raw(`"${schema.replaceAll('"', '""')}".gin_trgm_ops`);
  for (const { name, table, expression } of OLD_INDEXES)
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} using gin ((${sql.raw(expression)}) ${ops})`.execute(db);
}
