import { sql } from 'kysely';
import type { DB } from '../../../platform/database/database';
import { likePattern, type PageQuery } from '../../../platform/lib/pagination';
import { toE164 } from '../../../platform/lib/phone';
import { RECEIVED_STATUSES } from '@shared/constants';
import { yearDonorNames } from '../data';

// The year-end receipts list, one page at a time: donors of a year (by telephone) with what they gave, searchable by
// name or telephone (typed in any spelling), ordered by telephone, with the number of donors for X-Total-Count.

export async function pageYearDonors(db: DB, year: number, page: PageQuery) {
  let base = db
    .selectFrom('donations')
    .where('transaction_status', 'in', [...RECEIVED_STATUSES])
    .where('deleted_at', 'is', null)
    .where('phone', 'is not', null)
    .where('phone', '!=', '')
    .where('paid_at', '>=', `${year}-01-01`)
    .where('paid_at', '<', `${year + 1}-01-01`);
  if (page.q) {
    const telephone = toE164(page.q);
    const pattern = likePattern(page.q);
    base = base.where((eb) =>
      eb.or([
        ...(telephone ? [eb('phone', '=', telephone)] : []),
        sql<boolean>`lower(name) like lower(${pattern}) escape '\\'`,
        sql<boolean>`phone like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select((eb) => ['phone', eb.fn.sum<number>('amount').as('total'), eb.fn.countAll<number>().as('count')])
      .groupBy('phone')
      .orderBy('phone')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    base.select((eb) => eb.fn.count<number>('phone').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = await yearDonorNames(
    db,
    year,
    rows.map((r) => r.phone!),
  );
  return {
    total: Number(count.n),
    items: rows.map((r) => ({ telephone: r.phone!, name: names.get(r.phone!) ?? null, total: Number(r.total), count: Number(r.count) })),
  };
}
