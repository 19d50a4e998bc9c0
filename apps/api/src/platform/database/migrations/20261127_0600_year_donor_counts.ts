import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The year-end receipts list counted a year's donors (rows of year_donor_totals with count > 0) on every page:
// 5 ms at 100 000 donations on PostgreSQL, growing with the year. `row_counts` now keeps `year_donors:<year>`,
// moved by triggers on year_donor_totals (whose own rows are kept by the donations' triggers, migration
// 20261127_0300) in the same transaction: +1 when a donor's count rises above 0, −1 when it falls back to 0.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const bump = (year: string, delta: string) =>
  `insert into row_counts (key, n) values ('year_donors:' || ${year}, ${delta})
    on conflict (key) do update set n = row_counts.n + excluded.n;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into row_counts (key, n)
    select 'year_donors:' || year, count(*) from year_donor_totals where count > 0 group by year
    on conflict (key) do update set n = excluded.n`.execute(db);
  if (isPg(db)) {
    await sql`create function year_donor_totals_count() returns trigger language plpgsql as ${sql.lit(`
      declare delta integer := 0;
      begin
        if TG_OP <> 'DELETE' then
          if new.count > 0 then delta := delta + 1; end if;
        end if;
        if TG_OP <> 'INSERT' then
          if old.count > 0 then delta := delta - 1; end if;
        end if;
        if delta <> 0 then
          if TG_OP = 'DELETE' then ${bump('old.year', 'delta')} else ${bump('new.year', 'delta')} end if;
        end if;
        return null;
      end`)}`.execute(db);
    await sql`create trigger year_donor_totals_count after insert or delete or update of count on year_donor_totals
      for each row execute function year_donor_totals_count()`.execute(db);
    return;
  }
  await sql`create trigger year_donor_totals_count_insert after insert on year_donor_totals for each row when new.count > 0
    begin ${sql.raw(bump('new.year', '1'))} end`.execute(db);
  await sql`create trigger year_donor_totals_count_delete after delete on year_donor_totals for each row when old.count > 0
    begin ${sql.raw(bump('old.year', '-1'))} end`.execute(db);
  await sql`create trigger year_donor_totals_count_update after update of count on year_donor_totals for each row
    when (old.count > 0) <> (new.count > 0)
    begin ${sql.raw(bump('new.year', 'case when new.count > 0 then 1 else -1 end'))} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    await sql`drop trigger if exists year_donor_totals_count on year_donor_totals`.execute(db);
    await sql`drop function if exists year_donor_totals_count()`.execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.id(`year_donor_totals_count_${suffix}`)}`.execute(db);
  }
  await sql`delete from row_counts where substr(key, 1, 12) = 'year_donors:'`.execute(db);
}
