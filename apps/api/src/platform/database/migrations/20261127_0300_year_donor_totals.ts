import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The year-end receipts list grouped a whole year's received donations by telephone (and counted the distinct
// telephones) on every page: 0.7 s at a million donations. `year_donor_totals` keeps, per calendar year (of paid_at)
// and donor telephone, the total and the number of donations received: approved or transferred, not soft-deleted,
// with a telephone and a payment date. Triggers keep it in the same transaction as the change, whoever writes (an
// approval, a refund, a cancellation, an erasure blanking the telephone). A row falls to count 0 rather than going.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/** RECEIVED_STATUSES of @shared/constants, frozen here. */
const counted = (r: string) =>
  `${r}.transaction_status in ('approved', 'transferred') and ${r}.deleted_at is null
    and ${r}.phone is not null and ${r}.phone <> '' and ${r}.paid_at is not null`;

const YEAR = (r: string) => `cast(substr(${r}.paid_at, 1, 4) as integer)`;

const rows = (r: string, sign: 1 | -1) =>
  `select ${YEAR(r)} as year, ${r}.phone as phone, ${sign} * ${r}.amount as total, ${sign} as n where ${counted(r)}`;

/** One upsert of the summed deltas (PostgreSQL refuses to update one row twice in a statement). */
const upsert = (selects: string) =>
  `insert into year_donor_totals (year, phone, total, count)
    select year, phone, sum(total), sum(n) from (${selects}) as d where true group by year, phone
      having sum(n) <> 0 or sum(total) <> 0
    on conflict (year, phone) do update
      set total = year_donor_totals.total + excluded.total, count = year_donor_totals.count + excluded.count;`;

const COLUMNS = 'transaction_status, deleted_at, phone, paid_at, amount';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('year_donor_totals')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('year_donor_totals_pk', ['year', 'phone'])
    .execute();

  await sql`insert into year_donor_totals (year, phone, total, count)
    select ${sql.raw(YEAR('donations'))}, phone, sum(amount), count(*) from donations where ${sql.raw(counted('donations'))}
    group by ${sql.raw(YEAR('donations'))}, phone`.execute(db);

  if (isPg(db)) {
    await sql`create function donations_year_donor_totals() returns trigger language plpgsql as ${sql.lit(`
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
    await sql`create trigger donations_year_donor_totals after insert or delete or update of ${sql.raw(COLUMNS)} on donations
      for each row execute function donations_year_donor_totals()`.execute(db);
    return;
  }
  await sql`create trigger donations_year_donor_totals_insert after insert on donations for each row
    begin ${sql.raw(upsert(rows('new', 1)))} end`.execute(db);
  await sql`create trigger donations_year_donor_totals_delete after delete on donations for each row
    begin ${sql.raw(upsert(rows('old', -1)))} end`.execute(db);
  await sql`create trigger donations_year_donor_totals_update after update of ${sql.raw(COLUMNS)} on donations for each row
    begin ${sql.raw(upsert(`${rows('old', -1)} union all ${rows('new', 1)}`))} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    await sql`drop trigger if exists donations_year_donor_totals on donations`.execute(db);
    await sql`drop function if exists donations_year_donor_totals()`.execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.id(`donations_year_donor_totals_${suffix}`)}`.execute(db);
  }
  await db.schema.dropTable('year_donor_totals').execute();
}
