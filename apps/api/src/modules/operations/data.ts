import { RECEIVED_STATUSES } from '@shared/constants';
import { type Insertable, type SelectQueryBuilder, sql } from 'kysely';
import { type DB, isPostgres } from '../../platform/database/database';
import { telephoneSpellings } from '../../platform/lib/phone';
import type { DonationsTable, PaymentsTable } from '../../platform/database/schema';

// The operations area's queries: money recorded by hand, and the donations a year-end receipt sums.

/**
 * Serialises the recording of one (kind, reference, amount, day) for the rest of the transaction, so parallel identical
 * posts see each other (PostgreSQL advisory lock; SQLite has one writer anyway).
 */
export async function lockOfflineKey(trx: DB, key: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`offline:${key}`}))`.execute(trx);
}

/** A live (not cancelled) record entered by hand with this reference and amount on this day. */
export function findOfflineDuplicate(trx: DB, kind: 'donation' | 'payment', values: { reference: string; amount: number; day: string }) {
  return trx
    .selectFrom(kind === 'donation' ? 'donations' : 'payments')
    .select('id')
    .where('source', '=', 'offline')
    .where('deleted_at', 'is', null)
    .where('reference', '=', values.reference)
    .where('amount', '=', values.amount)
    .where('paid_at', '>=', `${values.day}T00:00:00.000Z`)
    .where('paid_at', '<=', `${values.day}T23:59:59.999Z`)
    .executeTakeFirst();
}

export function insertOfflineDonation(trx: DB, values: Insertable<DonationsTable>) {
  return trx.insertInto('donations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertOfflinePayment(trx: DB, values: Insertable<PaymentsTable>) {
  return trx.insertInto('payments').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * The account a payment recorded by hand counts for: the one with that telephone, under any spelling a row left
 * unnormalised by migration 20261126_0100 may keep; none when two accounts answer to it (a reported conflict).
 */
export async function findAccountByTelephone(trx: DB, telephone: string) {
  const spellings = telephoneSpellings(telephone);
  if (spellings.length === 0) return undefined;
  const rows = await trx.selectFrom('users').select(['id', 'email', 'name']).where('telephone', 'in', spellings).limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}

const yearBounds = (year: number) => [`${year}-01-01`, `${year + 1}-01-01`] as const;

/** Donations received in the calendar year (approved or transferred, not cancelled) from a known telephone. */
export const donationsOfYear = (db: DB, year: number) => receivedInYear(db.selectFrom('donations'), year);

/** A query on `donations` (its columns unambiguous) restricted to the donations of the year, as donationsOfYear. */
export function receivedInYear<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, year: number): Q {
  const [from, to] = yearBounds(year);
  return qb
    .where('transaction_status', 'in', [...RECEIVED_STATUSES])
    .where('deleted_at', 'is', null)
    .where('phone', 'is not', null)
    .where('phone', '!=', '')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to) as Q;
}

/**
 * The name a year-end receipt carries for each telephone (docs/decisions/telephones-e164.md): the account holder's
 * when the telephone belongs to an account, else the name given with the year's first named donation — a later gift
 * under someone else's number (in any spelling: all are E.164 now) cannot rename their receipt.
 */
export async function yearDonorNames(db: DB, year: number, phones: string[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  if (phones.length === 0) return names;
  const accounts = await db.selectFrom('users').select(['telephone', 'name']).where('telephone', 'in', phones).execute();
  for (const a of accounts) names.set(a.telephone, a.name);
  const others = phones.filter((p) => !names.has(p));
  if (others.length > 0) {
    const given = await donationsOfYear(db, year)
      .where('phone', 'in', others)
      .where('name', 'is not', null)
      .where('name', '!=', '')
      .select(['phone', 'name'])
      .orderBy('paid_at')
      .orderBy('id')
      .execute();
    for (const g of given) if (!names.has(g.phone!)) names.set(g.phone!, g.name);
  }
  return names;
}

/**
 * Per donor telephone: the total and the count of the year's donations (the name: yearDonorNames), as the triggers
 * of migration 20261127_0300 keep them.
 */
export function yearDonorTotals(db: DB, year: number) {
  return keptYearDonors(db, year).select(['phone', 'total', 'count']).orderBy('phone').execute();
}

/** The year's donors with at least one donation received (a row stays at 0 once its donations all left). */
export function keptYearDonors(db: DB, year: number) {
  return db.selectFrom('year_donor_totals').where('year', '=', year).where('count', '>', 0);
}

export function donorDonationsOfYear(db: DB, year: number, telephone: string) {
  return donationsOfYear(db, year)
    .where('phone', '=', telephone)
    .select(['receipt_number', 'amount', 'paid_at', 'name', 'purpose'])
    .orderBy('paid_at')
    .execute();
}
