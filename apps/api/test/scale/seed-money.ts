import { sql } from 'kysely';
import type { DB } from '../../src/platform/database/database';

const isPg = (db: DB) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');

/**
 * `n` approved donations inserted by the database itself (no round trip per row): donor i has the name
 * « Donateur i », the telephone +22901 and 8 digits, the receipt number DON-i, paid in the given year.
 */
export async function seedDonations(db: DB, n: number, year = 2025, start = 0): Promise<void> {
  if (isPg(db)) {
    await sql`insert into donations (amount, name, email, phone, transaction_status, transaction_id, provider, receipt_number, paid_at, created_at, updated_at, purpose, source)
      select 1000 + (i % 50) * 100, 'Donateur ' || i, 'donateur' || i || '@exemple.bj', '+22901' || lpad(i::text, 8, '0'), 'approved',
        'tx-' || i, 'sandbox', 'DON-' || lpad(i::text, 8, '0'),
        ${`${year}-`} || lpad((1 + i % 12)::text, 2, '0') || '-15T10:00:00.000Z', ${`${year}-01-01T00:00:00.000Z`}, ${`${year}-01-01T00:00:00.000Z`}, 'sante', 'online'
      from generate_series(${sql.lit(start)}, ${sql.lit(start + n - 1)}) as i`.execute(db);
    await sql`analyze donations, donations_search`.execute(db);
    return;
  }
  await sql`with recursive s(i) as (select ${sql.lit(start)} union all select i + 1 from s where i < ${sql.lit(start + n - 1)})
    insert into donations (amount, name, email, phone, transaction_status, transaction_id, provider, receipt_number, paid_at, created_at, updated_at, purpose, source)
    select 1000 + (i % 50) * 100, 'Donateur ' || i, 'donateur' || i || '@exemple.bj', '+22901' || substr('00000000' || i, -8), 'approved',
      'tx-' || i, 'sandbox', 'DON-' || substr('00000000' || i, -8),
      ${`${year}-`} || substr('0' || (1 + i % 12), -2) || '-15T10:00:00.000Z', ${`${year}-01-01T00:00:00.000Z`}, ${`${year}-01-01T00:00:00.000Z`}, 'sante', 'online'
    from s`.execute(db);
  await sql`analyze`.execute(db);
}
