import {
  VOLUNTEER_MESSAGES,
  VOLUNTEER_REFUSAL_MESSAGES,
  type VolunteerDecision,
  type VolunteerFields,
  type VolunteerFileField,
} from '@shared/schemas/volunteer';
import { type DB, nowIso } from '../../platform/database/database';
import { conflict, fieldError, notFound } from '../../platform/lib/http-errors';
import type { PageQuery } from '../../platform/lib/pagination';
import {
  documentChecksOf,
  findVolunteer,
  insertVolunteer,
  markVolunteerConfirmed,
  markVolunteerRefused,
  pageOfConfirmedVolunteers,
  pageOfDecidedVolunteers,
  pageOfUnconfirmedVolunteers,
  volunteerEmailExists,
} from './data';
import { type ReceivedFile, storeThenCommit } from '../../platform/uploads/uploads';
import { notifyVolunteerConfirmed, notifyVolunteerRefused } from '../messages';
import type { Storage, StorageArea } from '../../platform/storage/storage';
import type { AuditActor } from '../audit';
import { isUniqueViolation } from '../../platform/database/unique-violation';
import { publicFileUrl } from '../../platform/storage/stored-files';
import { recordAudit } from '../audit';
import { recordConsent, recordOwnChannelChoice } from '../privacy';
import { toE164 } from '../../platform/lib/phone';

const AREA_BY_FIELD: Record<VolunteerFileField, StorageArea> = {
  profile_image: 'volunteer-profile-images',
  cv: 'cv',
  motivation_letter: 'motivation_letter',
  criminal_record: 'criminal_record',
  restriction_proof: 'restriction_proof',
};

const emailTaken = () => fieldError('email', VOLUNTEER_MESSAGES.emailTaken, VOLUNTEER_MESSAGES.emailTaken);

/** Confirmed volunteers only (docs/product/public-site.md), newest first. */
export async function listConfirmedVolunteers(db: DB, page: PageQuery) {
  const { rows, total } = await pageOfConfirmedVolunteers(db, page);
  return {
    items: rows.map((r) => ({ ...r, profile_image_url: publicFileUrl('volunteer-profile-images', r.profile_image) })),
    total,
  };
}

/** Stores the files, then the row; a duplicate e-mail (checked first, and by the unique index under a race) leaves nothing behind. */
export async function registerVolunteer(
  db: DB,
  storage: Storage,
  fields: VolunteerFields,
  files: Partial<Record<VolunteerFileField, ReceivedFile>>,
): Promise<void> {
  if (fields.email !== '' && (await volunteerEmailExists(db, fields.email))) throw emailTaken();
  const isRestricted = fields.under_restriction === '1';
  const toStore = (Object.keys(AREA_BY_FIELD) as VolunteerFileField[])
    .filter((field) => files[field] && (field !== 'restriction_proof' || isRestricted))
    .map((field) => ({ field, area: AREA_BY_FIELD[field], file: files[field]! }));
  try {
    await storeThenCommit(storage, toStore, async (names) => {
      await insertVolunteer(db, {
        name: fields.name,
        email: fields.email,
        // Stored in E.164 when it can be (the SMS notices and the volunteers' code sign-in use it).
        telephone: fields.telephone === '' ? null : (toE164(fields.telephone) ?? fields.telephone),
        profile_image: names.profile_image!,
        cv: names.cv!,
        motivation_letter: names.motivation_letter!,
        criminal_record: names.criminal_record!,
        domain: fields.domain,
        under_restriction: isRestricted ? 1 : 0,
        restriction_proof: isRestricted ? names.restriction_proof! : null,
        is_confirmed: 0,
        public_profile: fields.public_profile === '1' ? 1 : 0,
        created_at: nowIso(),
      });
      // The choice is also kept as a consent (public_name), ticked or not, with the address it was given by.
      await recordConsent(db, 'public_name', fields.public_profile === '1', {
        telephone: fields.telephone || null,
        email: fields.email || null,
        subject: 'volunteer_profile',
        channel: 'web',
        source: 'volunteer_form',
      });
      // The form is public, anyone may type any number: the choice neither undoes the number's withdrawal nor
      // withdraws its owner's consent (docs/whatsapp.md — « The channel chosen on a public form »).
      await recordOwnChannelChoice(db, fields.channel, { telephone: fields.telephone || null, sender: null, source: 'volunteer_form' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function listUnconfirmedVolunteers(db: DB, page: PageQuery) {
  const { rows, total } = await pageOfUnconfirmedVolunteers(db, page);
  return {
    items: rows.map((r) => ({ ...r, under_restriction: (r.under_restriction === 1 ? '1' : '0') as '1' | '0' })),
    total,
  };
}

export async function confirmVolunteer(db: DB, id: number, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await markVolunteerConfirmed(trx, id))) throw notFound('Volontaire introuvable.');
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'volunteer.confirm',
      entity: 'volunteers',
      entityId: id,
      after: { is_confirmed: 1 },
    });
    const volunteer = (await findVolunteer(trx, id))!;
    await notifyVolunteerConfirmed(trx, {
      id: volunteer.id,
      name: volunteer.name,
      email: volunteer.email,
      telephone: volunteer.telephone,
      publicProfile: volunteer.public_profile === 1,
    });
  });
}

/** Refuses a pending application with the reason the volunteer is told by e-mail; audited, in one transaction. */
export async function refuseVolunteer(db: DB, id: number, actor: AuditActor, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const volunteer = await findVolunteer(trx, id);
    if (!volunteer) throw notFound('Volontaire introuvable.');
    if (volunteer.is_confirmed === 1 || volunteer.refused_at) throw conflict(VOLUNTEER_REFUSAL_MESSAGES.alreadyDecided);
    const refusedAt = nowIso();
    await markVolunteerRefused(trx, id, refusedAt, reason);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'volunteer.refuse',
      entity: 'volunteers',
      entityId: id,
      after: { refused_at: refusedAt, refusal_reason: reason },
    });
    await notifyVolunteerRefused(trx, volunteer, reason);
  });
}

export { isConfirmedProfileImage } from './data';

/** The volunteers confirmed (or refused), each with what is kept of its deleted documents (« vérifié le … par … »). */
export async function listDecidedVolunteers(db: DB, status: VolunteerDecision, page: PageQuery) {
  const { rows, total } = await pageOfDecidedVolunteers(db, status, page);
  const checks = await documentChecksOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      ...r,
      status,
      checks: checks.filter((c) => c.volunteer_id === r.id).map(({ volunteer_id: _, ...check }) => check),
    })),
    total,
  };
}
