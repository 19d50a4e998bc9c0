import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The accounts lists (all users, one role, the unconfirmed, an adviser's own), the members list and the statistics'
// accounts per role counted their rows on every request: a count over every account, 0.5 s at 100 000 on a busy
// machine. Triggers now keep those counts in `row_counts` in the same transaction as the change, whoever writes:
//   users · users:role:<role> · users:unconfirmed · users:created_by:<id> · memberships:until:<YYYY-MM-DD>
// (memberships per last day, so a membership status, a range of days, is a sum over days, not over members).
// `users_newest` gives the users list its order (created_at, id) for reading pages by seek.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const TABLES = {
  users: {
    columns: ['role', 'is_confirmed', 'created_by'],
    rows: (r: string, sign: number) =>
      `select 'users' as key, ${sign} as n
        union all select 'users:role:' || ${r}.role, ${sign}
        union all select 'users:unconfirmed', ${sign} where ${r}.is_confirmed = 0
        union all select 'users:created_by:' || ${r}.created_by, ${sign} where ${r}.created_by is not null`,
  },
  memberships: {
    columns: ['valid_until'],
    rows: (r: string, sign: number) => `select 'memberships:until:' || ${r}.valid_until as key, ${sign} as n`,
  },
} as const;

/** One upsert of the summed deltas (PostgreSQL refuses to update one row twice in a statement). */
const upsert = (selects: string) =>
  `insert into row_counts (key, n) select key, sum(n) from (${selects}) as d where true group by key having sum(n) <> 0
    on conflict (key) do update set n = row_counts.n + excluded.n;`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_newest').on('users').columns(['created_at', 'id']).execute();

  await sql`insert into row_counts (key, n) select 'users', count(*) from users`.execute(db);
  await sql`insert into row_counts (key, n) select 'users:role:' || role, count(*) from users group by role`.execute(db);
  await sql`insert into row_counts (key, n) select 'users:unconfirmed', count(*) from users where is_confirmed = 0`.execute(db);
  await sql`insert into row_counts (key, n)
    select 'users:created_by:' || created_by, count(*) from users where created_by is not null group by created_by`.execute(db);
  await sql`insert into row_counts (key, n)
    select 'memberships:until:' || valid_until, count(*) from memberships group by valid_until`.execute(db);

  for (const [table, { columns, rows }] of Object.entries(TABLES)) {
    const name = `${table}_row_counts`;
    if (isPg(db)) {
      await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.lit(`
        begin
          if TG_OP = 'INSERT' then
            ${upsert(rows('new', 1))}
          elsif TG_OP = 'DELETE' then
            ${upsert(rows('old', -1))}
          else
            ${upsert(`${rows('old', -1)} union all ${rows('new', 1)}`)}
          end if;
          return null;
        end`)}`.execute(db);
      await sql`create trigger ${sql.id(name)} after insert or delete or update of ${sql.raw(columns.join(', '))} on ${sql.table(table)}
        for each row execute function ${sql.id(name)}()`.execute(db);
      continue;
    }
    await sql`create trigger ${sql.id(`${name}_insert`)} after insert on ${sql.table(table)} for each row
      begin ${sql.raw(upsert(rows('new', 1)))} end`.execute(db);
    await sql`create trigger ${sql.id(`${name}_delete`)} after delete on ${sql.table(table)} for each row
      begin ${sql.raw(upsert(rows('old', -1)))} end`.execute(db);
    await sql`create trigger ${sql.id(`${name}_update`)} after update of ${sql.raw(columns.join(', '))} on ${sql.table(table)} for each row
      begin ${sql.raw(upsert(`${rows('old', -1)} union all ${rows('new', 1)}`))} end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(TABLES)) {
    const name = `${table}_row_counts`;
    if (isPg(db)) {
      await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists ${sql.id(name)}()`.execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`${name}_${suffix}`)}`.execute(db);
    }
  }
  await sql`delete from row_counts where key = 'users' or key like 'users:%' or key like 'memberships:%'`.execute(db);
  await db.schema.dropIndex('users_newest').ifExists().execute();
}
