import type { Insertable, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../platform/database/database';
import { type PageQuery, newestFirstPage } from '../../platform/lib/pagination';
import type { Database, VolunteersTable } from '../../platform/database/schema';
import { indexedSearch, type SearchedTable } from '../../platform/database/text-search';

// The volunteers area's queries (volunteers).

/** The administrator's lists search name, e-mail and telephone (any spelling); a few hundred rows, so no index. */
const VOLUNTEERS_SEARCHED: SearchedTable = {
  table: 'volunteers',
  phone: 'telephone',
  columns: ['name', 'email', 'telephone'],
  scanned: true,
};
const searched = <O>(db: DB, query: SelectQueryBuilder<Database, 'volunteers', O>, term: string | undefined) =>
  term?.trim() ? query.where(indexedSearch(db, VOLUNTEERS_SEARCHED, term.trim())) : query;

/** Confirmed volunteers, newest first, and their total. */
/** The public list: confirmed volunteers who chose to appear, never an erased (anonymised) one. */
const publicVolunteers = (db: DB) =>
  db.selectFrom('volunteers').where('is_confirmed', '=', 1).where('public_profile', '=', 1).where('name', 'not like', '%anonymis%');

export async function pageOfConfirmedVolunteers(db: DB, page: PageQuery) {
  const [rows, count] = await Promise.all([
    publicVolunteers(db).select(['id', 'name', 'profile_image']).$call(newestFirstPage(page)).execute(),
    publicVolunteers(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function volunteerEmailExists(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('volunteers').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertVolunteer(db: DB, values: Insertable<VolunteersTable>): Promise<void> {
  await db.insertInto('volunteers').values(values).execute();
}

/** Applications waiting for a decision: not confirmed, not refused (a refused one has been handled). */
const unconfirmedVolunteers = (db: DB) => db.selectFrom('volunteers').where('is_confirmed', '=', 0).where('refused_at', 'is', null);

export async function pageOfUnconfirmedVolunteers(db: DB, page: PageQuery) {
  const [rows, count] = await Promise.all([
    searched(db, unconfirmedVolunteers(db), page.q)
      .select([
        'id',
        'name',
        'email',
        'domain',
        'under_restriction',
        'profile_image',
        'cv',
        'motivation_letter',
        'criminal_record',
        'restriction_proof',
        'telephone',
        'created_at',
      ])
      .$call(newestFirstPage(page))
      .execute(),
    searched(db, unconfirmedVolunteers(db), page.q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The unconfirmed list's rows for its CSV export. */
export const unconfirmedVolunteersExportQuery = (db: DB, q?: string) =>
  searched(db, unconfirmedVolunteers(db), q).select(['id', 'name', 'telephone', 'email', 'domain', 'under_restriction', 'created_at']);

/** True when the row existed. */
export async function markVolunteerConfirmed(trx: DB, id: number): Promise<boolean> {
  const result = await trx.updateTable('volunteers').set({ is_confirmed: 1 }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findVolunteer(db: DB, id: number) {
  return db
    .selectFrom('volunteers')
    .select(['id', 'name', 'email', 'telephone', 'is_confirmed', 'refused_at', 'public_profile'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function markVolunteerRefused(trx: DB, id: number, refusedAt: string, reason: string): Promise<void> {
  await trx.updateTable('volunteers').set({ refused_at: refusedAt, refusal_reason: reason }).where('id', '=', id).execute();
}

export async function isConfirmedProfileImage(db: DB, name: string): Promise<boolean> {
  // Served publicly only for the volunteers the public list shows (they chose to appear).
  const row = await publicVolunteers(db).select('id').where('profile_image', '=', name).executeTakeFirst();
  return row !== undefined;
}

/** Volunteers an administrator decided on: confirmed, or refused (never confirmed). */
const decidedVolunteers = (db: DB, status: 'confirme' | 'refuse') =>
  status === 'confirme'
    ? db.selectFrom('volunteers').where('is_confirmed', '=', 1)
    : db.selectFrom('volunteers').where('is_confirmed', '=', 0).where('refused_at', 'is not', null);

export async function pageOfDecidedVolunteers(db: DB, status: 'confirme' | 'refuse', page: PageQuery) {
  const [rows, count] = await Promise.all([
    searched(db, decidedVolunteers(db, status), page.q)
      .select(['id', 'name', 'email', 'telephone', 'domain', 'refused_at', 'refusal_reason', 'criminal_record', 'created_at'])
      .$call(newestFirstPage(page))
      .execute(),
    searched(db, decidedVolunteers(db, status), page.q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What the retention job kept of these volunteers' deleted documents (« vérifié le … par … »). */
export const documentChecksOf = (db: DB, volunteerIds: number[]) =>
  volunteerIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('volunteer_document_checks')
        .select(['volunteer_id', 'document', 'decision', 'decided_at', 'decided_by', 'removed_at'])
        .where('volunteer_id', 'in', volunteerIds)
        .orderBy('volunteer_id')
        .orderBy('document')
        .execute();
