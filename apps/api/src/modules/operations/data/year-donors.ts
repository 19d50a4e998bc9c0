import { sql } from 'kysely';
import type { DB } from '../../../platform/database/database';
import { likePattern, type PageQuery } from '../../../platform/lib/pagination';
import { toE164 } from '../../../platform/lib/phone';
import { moneySearch } from '../../payments';
import { donationsOfYear, keptYearDonors, yearDonorNames } from '../data';

// The year-end receipts list, one page at a time: donors of a year (by telephone) with what they gave, searchable by
// name or telephone (typed in any spelling), ordered by telephone, with the number of donors for X-Total-Count.
// Totals come from year_donor_totals (kept by triggers, migration 20261127_0300): grouping the year's donations on
// every page cost 0.7 s at a million.

/** The telephones of the year's donations whose name or telephone matches the search. */
function matchingPhones(db: DB, year: number, q: string) {
  const telephone = toE164(q);
  const pattern = likePattern(q);
  const digits = q.replace(/[\s.-]/g, '');
  return (
    donationsOfYear(db, year)
      // The donations' search index narrows the rows; it also holds e-mails, references and causes, which this list
      // does not search: the names and telephones are compared again on what it found.
      .where(moneySearch(db, 'donations', q, ['name', 'phone']))
      .where((eb) =>
        eb.or([
          ...(telephone ? [eb('phone', '=', telephone)] : []),
          ...(digits !== q && /^\+?\d{4,}$/.test(digits) ? [sql<boolean>`phone like ${likePattern(digits)} escape '\\'`] : []),
          sql<boolean>`lower(name) like lower(${pattern}) escape '\\'`,
          sql<boolean>`phone like ${pattern} escape '\\'`,
        ]),
      )
      .select('phone')
  );
}

export async function pageYearDonors(db: DB, year: number, page: PageQuery) {
  let base = keptYearDonors(db, year);
  // A donor found by one donation shows the whole year's figures, the same as without a search.
  if (page.q) base = base.where('phone', 'in', matchingPhones(db, year, page.q));
  const [rows, count] = await Promise.all([
    base
      .select(['phone', 'total', 'count'])
      .orderBy('phone')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = await yearDonorNames(
    db,
    year,
    rows.map((r) => r.phone),
  );
  return {
    total: Number(count.n),
    items: rows.map((r) => ({ telephone: r.phone, name: names.get(r.phone) ?? null, total: Number(r.total), count: Number(r.count) })),
  };
}
