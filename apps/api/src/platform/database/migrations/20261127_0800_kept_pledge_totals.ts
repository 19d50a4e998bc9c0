import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The statistics and the pledges list summed every pledge's monthly amount on each request (the committed total),
// and the statistics walked every pledge payment ever made for the last twelve months' collected money: both grew
// with the pledges. Triggers now keep them in the same transaction as the change, whoever writes, like migrations
// 20261125_0800 and 20261127_0400:
// - row_counts `pledges:monthly:<status>`: the monthly amounts of the pledges of a status (a quarterly pledge counts
//   a third, a yearly one a twelfth, each rounded as the sum over the rows did);
// - money_totals rows of table_name `pledge_payments`: per month of paid_at (UTC), purpose and transaction status,
//   the donations paying a pledge (pledge_id set) that have a payment date and are not soft-deleted.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const MONTHLY = (r: string) =>
  `case ${r}.frequency when 'trimestriel' then round(${r}.amount / 3.0) when 'annuel' then round(${r}.amount / 12.0) else ${r}.amount end`;
const PLEDGE_COLUMNS = 'status, amount, frequency';
/** One upsert of the summed deltas (PostgreSQL refuses to update one row twice in a statement). */
const pledgeUpsert = (selects: string) =>
  `insert into row_counts (key, n) select key, sum(n) from (${selects}) as d where true group by key having sum(n) <> 0
    on conflict (key) do update set n = row_counts.n + excluded.n;`;
const pledgeRow = (r: string, sign: number) => `select 'pledges:monthly:' || ${r}.status as key, ${sign} * ${MONTHLY(r)} as n`;

const PAYMENT_COLUMNS = 'pledge_id, deleted_at, transaction_status, amount, paid_at, purpose';
const counted = (r: string) => `${r}.pledge_id is not null and ${r}.paid_at is not null and ${r}.deleted_at is null`;
const paymentUpsert = (r: string, sign: number) =>
  `insert into money_totals (table_name, month, category, status, n, amount)
    select 'pledge_payments', substr(${r}.paid_at, 1, 7), ${r}.purpose, ${r}.transaction_status, ${sign}, ${sign} * ${r}.amount
    where ${counted(r)}
    on conflict (table_name, month, category, status) do update set n = money_totals.n + excluded.n, amount = money_totals.amount + excluded.amount;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into row_counts (key, n)
    select 'pledges:monthly:' || status, sum(${sql.raw(MONTHLY('pledges'))}) from pledges group by status
    having sum(${sql.raw(MONTHLY('pledges'))}) <> 0`.execute(db);
  await sql`insert into money_totals (table_name, month, category, status, n, amount)
    select 'pledge_payments', substr(paid_at, 1, 7), purpose, transaction_status, count(*), coalesce(sum(amount), 0)
    from donations d where ${sql.raw(counted('d'))}
    group by substr(paid_at, 1, 7), purpose, transaction_status`.execute(db);

  if (isPg(db)) {
    await sql`create function pledges_monthly_totals() returns trigger language plpgsql as ${sql.lit(`
      begin
        if TG_OP = 'INSERT' then
          ${pledgeUpsert(pledgeRow('new', 1))}
        elsif TG_OP = 'DELETE' then
          ${pledgeUpsert(pledgeRow('old', -1))}
        else
          ${pledgeUpsert(`${pledgeRow('old', -1)} union all ${pledgeRow('new', 1)}`)}
        end if;
        return null;
      end`)}`.execute(db);
    await sql`create trigger pledges_monthly_totals after insert or delete or update of ${sql.raw(PLEDGE_COLUMNS)} on pledges
      for each row execute function pledges_monthly_totals()`.execute(db);
    // Nested IFs: OLD does not exist on INSERT nor NEW on DELETE, and plpgsql does not promise short-circuiting.
    await sql`create function donations_pledge_totals() returns trigger language plpgsql as ${sql.lit(`
      begin
        if TG_OP <> 'INSERT' then
          ${paymentUpsert('old', -1)}
        end if;
        if TG_OP <> 'DELETE' then
          ${paymentUpsert('new', 1)}
        end if;
        return null;
      end`)}`.execute(db);
    // One trigger per event, each with its WHEN: a donation that pays no pledge does not call the function.
    await sql`create trigger donations_pledge_totals_insert after insert on donations
      for each row when (new.pledge_id is not null) execute function donations_pledge_totals()`.execute(db);
    await sql`create trigger donations_pledge_totals_delete after delete on donations
      for each row when (old.pledge_id is not null) execute function donations_pledge_totals()`.execute(db);
    await sql`create trigger donations_pledge_totals_update after update of ${sql.raw(PAYMENT_COLUMNS)} on donations
      for each row when (old.pledge_id is not null or new.pledge_id is not null) execute function donations_pledge_totals()`.execute(db);
    return;
  }

  await sql`create trigger pledges_monthly_totals_insert after insert on pledges for each row
    begin ${sql.raw(pledgeUpsert(pledgeRow('new', 1)))} end`.execute(db);
  await sql`create trigger pledges_monthly_totals_delete after delete on pledges for each row
    begin ${sql.raw(pledgeUpsert(pledgeRow('old', -1)))} end`.execute(db);
  await sql`create trigger pledges_monthly_totals_update after update of ${sql.raw(PLEDGE_COLUMNS)} on pledges for each row
    begin ${sql.raw(pledgeUpsert(`${pledgeRow('old', -1)} union all ${pledgeRow('new', 1)}`))} end`.execute(db);
  // The WHERE of each insert … select also settles SQLite's ambiguous parse of `on conflict` after a select.
  await sql`create trigger donations_pledge_totals_insert after insert on donations for each row when new.pledge_id is not null
    begin ${sql.raw(paymentUpsert('new', 1))} end`.execute(db);
  await sql`create trigger donations_pledge_totals_delete after delete on donations for each row when old.pledge_id is not null
    begin ${sql.raw(paymentUpsert('old', -1))} end`.execute(db);
  await sql`create trigger donations_pledge_totals_update after update of ${sql.raw(PAYMENT_COLUMNS)} on donations for each row
    when old.pledge_id is not null or new.pledge_id is not null
    begin ${sql.raw(paymentUpsert('old', -1))} ${sql.raw(paymentUpsert('new', 1))} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    await sql`drop trigger if exists pledges_monthly_totals on pledges`.execute(db);
    await sql`drop function if exists pledges_monthly_totals()`.execute(db);
    for (const suffix of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.id(`donations_pledge_totals_${suffix}`)} on donations`.execute(db);
    await sql`drop function if exists donations_pledge_totals()`.execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`pledges_monthly_totals_${suffix}`)}`.execute(db);
      await sql`drop trigger if exists ${sql.id(`donations_pledge_totals_${suffix}`)}`.execute(db);
    }
  }
  await sql`delete from row_counts where substr(key, 1, 16) = 'pledges:monthly:'`.execute(db);
  await sql`delete from money_totals where table_name = 'pledge_payments'`.execute(db);
}
