import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Searching the lists (names, e-mails, telephones, receipt numbers, references) read every row: `lower(x) like
// '%term%'` over a million records. Each searched table gets an index of its text:
// - SQLite: an FTS5 table with the trigram tokenizer (any substring of three characters or more, case-insensitive),
//   holding no copy of the text (external content) and kept by triggers in the same transaction as the row;
// - PostgreSQL: pg_trgm GIN indexes on the expressions the lists compare (for the money lists one lowered text of
//   every searched column), which LIKE '%term%' uses. Without the right to create the extension, the lists keep working without them (scans).
// Exact look-ups (a receipt number, a telephone) have b-tree indexes.

const SEARCHED = [
  { table: 'donations', columns: ['name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference', 'purpose'] },
  { table: 'payments', columns: ['name', 'email', 'phone', 'transaction_id', 'receipt_number', 'reference'] },
  { table: 'users', columns: ['name', 'email', 'telephone'] },
] as const;

/** Columns the lists compare as they are; the others lowered (`lower(x) like lower(pattern)`). */
const AS_IS = new Set(['telephone']);

/** The money lists' searched text on PostgreSQL; the lists compare exactly this expression. */
const searchText = (columns: readonly string[]) => `lower(${columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`;

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

async function pgTrigramSchema(db: Kysely<any>): Promise<string | null> {
  const find = async () =>
    (
      await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema ?? null;
  const found = await find();
  if (found) return found;
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch {
    return null;
  }
  return find();
}

export async function up(db: Kysely<any>): Promise<void> {
  // Receipt numbers are unique (an index already); donations.phone leads donations_phone_paid.
  await db.schema.createIndex('payments_phone').ifNotExists().on('payments').column('phone').execute();
  if (isPg(db)) {
    const schema = await pgTrigramSchema(db);
    if (!schema) return;
    const ops = sql.raw(`"${schema.replaceAll('"', '""')}".gin_trgm_ops`);
    for (const { table, columns } of SEARCHED) {
      if (table === 'users') {
        // The users lists compare each column (lower(name), lower(email), telephone): one index each.
        for (const column of columns) {
          const expression = AS_IS.has(column) ? sql.ref(column) : sql`lower(${sql.ref(column)})`;
          await sql`create index if not exists ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin ((${expression}) ${ops})`.execute(
            db,
          );
        }
        continue;
      }
      // The money lists compare one text made of every searched column: one index to keep per row, not seven.
      await sql`create index if not exists ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin ((${sql.raw(searchText(columns))}) ${ops})`.execute(
        db,
      );
    }
    return;
  }
  for (const { table, columns } of SEARCHED) {
    const fts = `${table}_search`;
    const list = columns.join(', ');
    const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
    await sql
      .raw(`create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`)
      .execute(db);
    await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
    await sql
      .raw(`create trigger ${fts}_insert after insert on ${table} begin
        insert into ${fts}(rowid, ${list}) values (new.id, ${values('new')}); end`)
      .execute(db);
    await sql
      .raw(`create trigger ${fts}_delete after delete on ${table} begin
        insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')}); end`)
      .execute(db);
    await sql
      .raw(`create trigger ${fts}_update after update of ${list} on ${table} begin
        insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});
        insert into ${fts}(rowid, ${list}) values (new.id, ${values('new')}); end`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    for (const { table, columns } of SEARCHED) {
      for (const column of columns) await sql`drop index if exists ${sql.id(`${table}_${column}_trgm`)}`.execute(db);
      await sql`drop index if exists ${sql.id(`${table}_search_trgm`)}`.execute(db);
    }
  } else {
    for (const { table } of SEARCHED) {
      for (const suffix of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_search_${suffix}`).execute(db);
      await sql.raw(`drop table if exists ${table}_search`).execute(db);
    }
  }
  await db.schema.dropIndex('payments_phone').ifExists().execute();
}
