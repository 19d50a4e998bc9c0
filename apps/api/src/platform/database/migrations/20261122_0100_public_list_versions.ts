import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// One version number per public list (published testimonials, confirmed volunteers), raised by triggers in the
// same transaction as any change to a row that is or was visible on that list. The API keeps the rendered public
// pages in memory and checks this number on every read: any writer (this process, another one, a script, psql)
// invalidates them, and a pending submission, which the public never sees, does not.

const LISTS = [
  { list: 'testimonials', table: 'testimonials', flag: 'is_published' },
  { list: 'volunteers', table: 'volunteers', flag: 'is_confirmed' },
] as const;

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('public_list_versions')
    .addColumn('list', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('public_list_versions')
    .values(LISTS.map(({ list }) => ({ list, version: 0 })))
    .execute();

  if (isPg(db)) {
    await sql`create function bump_public_list_version() returns trigger language plpgsql as $$
      begin
        update public_list_versions set version = version + 1 where list = TG_ARGV[0];
        return null;
      end
    $$`.execute(db);
  }
  for (const { list, table, flag } of LISTS) {
    const events = [
      { event: 'insert', when: `new.${flag} = 1` },
      { event: 'update', when: `old.${flag} = 1 or new.${flag} = 1` },
      { event: 'delete', when: `old.${flag} = 1` },
    ];
    for (const { event, when } of events) {
      const name = sql.id(`${table}_${event}_public_list_version`);
      if (isPg(db)) {
        await sql`create trigger ${name} after ${sql.raw(event)} on ${sql.table(table)} for each row
          when (${sql.raw(when)}) execute function bump_public_list_version(${sql.lit(list)})`.execute(db);
      } else {
        await sql`create trigger ${name} after ${sql.raw(event)} on ${sql.table(table)} for each row
          when ${sql.raw(when)}
          begin update public_list_versions set version = version + 1 where list = ${sql.lit(list)}; end`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of LISTS) {
    for (const event of ['insert', 'update', 'delete']) {
      const name = sql.id(`${table}_${event}_public_list_version`);
      if (isPg(db)) await sql`drop trigger if exists ${name} on ${sql.table(table)}`.execute(db);
      else await sql`drop trigger if exists ${name}`.execute(db);
    }
  }
  if (isPg(db)) await sql`drop function if exists bump_public_list_version()`.execute(db);
  await db.schema.dropTable('public_list_versions').execute();
}
