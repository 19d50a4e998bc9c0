import { VOLUNTEER_MESSAGES, VOLUNTEER_REFUSAL_MESSAGES, type VolunteerFields, type VolunteerFileField } from '@shared/schemas/volunteer';
import { type DB, nowIso } from '../../db/database';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { type PageQuery, newestFirstPage } from '../../lib/pagination';
import { type ReceivedFile, storeThenCommit } from '../../lib/uploads';
import { notifyVolunteerConfirmed, notifyVolunteerRefused } from '../../messages/notifications';
import type { Storage, StorageArea } from '../../storage/storage';
import type { AuditActor } from '../audit/record-audit';
import { audit, isUniqueViolation, publicFileUrl } from './shared';

const AREA_BY_FIELD: Record<VolunteerFileField, StorageArea> = {
  profile_image: 'volunteer-profile-images',
  cv: 'cv',
  motivation_letter: 'motivation_letter',
  criminal_record: 'criminal_record',
  restriction_proof: 'restriction_proof',
};

const emailTaken = () => fieldError('email', VOLUNTEER_MESSAGES.emailTaken, VOLUNTEER_MESSAGES.emailTaken);

/** Confirmed volunteers only (CONTRACT.md), newest first. */
export async function listConfirmedVolunteers(db: DB, page: PageQuery) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('volunteers')
      .select(['id', 'name', 'profile_image'])
      .where('is_confirmed', '=', 1)
      .$call(newestFirstPage(page))
      .execute(),
    db
      .selectFrom('volunteers')
      .where('is_confirmed', '=', 1)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, profile_image_url: publicFileUrl('volunteer-profile-images', r.profile_image) })),
    total: Number(count.n),
  };
}

/** Stores the files, then the row; a duplicate e-mail (checked first, and by the unique index under a race) leaves nothing behind. */
export async function registerVolunteer(
  db: DB,
  storage: Storage,
  fields: VolunteerFields,
  files: Partial<Record<VolunteerFileField, ReceivedFile>>,
): Promise<void> {
  const existing = await db.selectFrom('volunteers').select('id').where('email', '=', fields.email).executeTakeFirst();
  if (existing) throw emailTaken();
  const isRestricted = fields.under_restriction === '1';
  const toStore = (Object.keys(AREA_BY_FIELD) as VolunteerFileField[])
    .filter((field) => files[field] && (field !== 'restriction_proof' || isRestricted))
    .map((field) => ({ field, area: AREA_BY_FIELD[field], file: files[field]! }));
  try {
    await storeThenCommit(storage, toStore, async (names) => {
      await db
        .insertInto('volunteers')
        .values({
          name: fields.name,
          email: fields.email,
          profile_image: names.profile_image!,
          cv: names.cv!,
          motivation_letter: names.motivation_letter!,
          criminal_record: names.criminal_record!,
          domain: fields.domain,
          under_restriction: isRestricted ? 1 : 0,
          restriction_proof: isRestricted ? names.restriction_proof! : null,
          is_confirmed: 0,
          created_at: nowIso(),
        })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function listUnconfirmedVolunteers(db: DB, page: PageQuery) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('volunteers')
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
        'created_at',
      ])
      .where('is_confirmed', '=', 0)
      // A refused application has been handled: it leaves the list (issue 18).
      .where('refused_at', 'is', null)
      .$call(newestFirstPage(page))
      .execute(),
    db
      .selectFrom('volunteers')
      .where('is_confirmed', '=', 0)
      .where('refused_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, under_restriction: (r.under_restriction === 1 ? '1' : '0') as '1' | '0' })),
    total: Number(count.n),
  };
}

export async function confirmVolunteer(db: DB, id: number, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('volunteers').set({ is_confirmed: 1 }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('Volontaire introuvable.');
    await audit(trx, actor, 'volunteer.confirm', 'volunteers', id, { after: { is_confirmed: 1 } });
    const volunteer = await trx.selectFrom('volunteers').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
    await notifyVolunteerConfirmed(trx, volunteer);
  });
}

/** Refuses a pending application with the reason the volunteer is told by e-mail; audited, in one transaction. */
export async function refuseVolunteer(db: DB, id: number, actor: AuditActor, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const volunteer = await trx
      .selectFrom('volunteers')
      .select(['id', 'name', 'email', 'is_confirmed', 'refused_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!volunteer) throw notFound('Volontaire introuvable.');
    if (volunteer.is_confirmed === 1 || volunteer.refused_at) throw conflict(VOLUNTEER_REFUSAL_MESSAGES.alreadyDecided);
    const refusedAt = nowIso();
    await trx.updateTable('volunteers').set({ refused_at: refusedAt, refusal_reason: reason }).where('id', '=', id).execute();
    await audit(trx, actor, 'volunteer.refuse', 'volunteers', id, { after: { refused_at: refusedAt, refusal_reason: reason } });
    await notifyVolunteerRefused(trx, volunteer, reason);
  });
}

export async function isConfirmedProfileImage(db: DB, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('volunteers')
    .select('id')
    .where('profile_image', '=', name)
    .where('is_confirmed', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
