import type { DB } from '../../../platform/database/database';

// Queries of the consents table: one row per choice given or withdrawn, never updated (the history is the proof).

export interface ConsentValues {
  purpose: string;
  given: boolean;
  wordingVersion: string;
  channel: string;
  source: string;
  telephone?: string | null;
  email?: string | null;
  userId?: number | null;
  subject?: string | null;
  ip?: string | null;
  createdAt: string;
}

export async function insertConsent(db: DB, v: ConsentValues): Promise<number> {
  const row = await db
    .insertInto('consents')
    .values({
      purpose: v.purpose,
      given: v.given ? 1 : 0,
      wording_version: v.wordingVersion,
      channel: v.channel,
      source: v.source,
      telephone: v.telephone ?? null,
      email: v.email ?? null,
      user_id: v.userId ?? null,
      subject: v.subject ?? null,
      ip: v.ip ?? null,
      created_at: v.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const COLUMNS = [
  'id',
  'purpose',
  'given',
  'wording_version',
  'channel',
  'source',
  'telephone',
  'email',
  'user_id',
  'subject',
  'created_at',
] as const;

/** Every consent row of a person (any of their telephone spellings, their e-mail, their account), oldest first. */
export async function consentsOf(db: DB, who: { telephones: string[]; emails: string[]; userId?: number | null; subjects?: string[] }) {
  return db
    .selectFrom('consents')
    .select(COLUMNS)
    .where((eb) => {
      const ors = [];
      if (who.telephones.length) ors.push(eb('telephone', 'in', who.telephones));
      if (who.emails.length) ors.push(eb('email', 'in', who.emails));
      if (who.userId) ors.push(eb('user_id', '=', who.userId));
      if (who.subjects?.length) ors.push(eb('subject', 'in', who.subjects));
      return ors.length ? eb.or(ors) : eb.val(false);
    })
    .orderBy('id', 'asc')
    .execute();
}

/** Removes a person's consent rows (erasure): the address is the personal data, a row without it proves nothing. */
export async function deleteConsentsOf(db: DB, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db.deleteFrom('consents').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A newsletter consent given or withdrawn elsewhere than the newsletter form: the subscription follows it. */
export async function setNewsletterSubscription(db: DB, email: string, subscribed: boolean, now: string): Promise<void> {
  if (!subscribed) {
    await db.deleteFrom('newsletter_subscriptions').where('email', '=', email).execute();
    return;
  }
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

/**
 * A `public_name` consent given or withdrawn elsewhere than the volunteer form (member space, a message's link, a
 * code): the volunteer card on the public site follows it (volunteers.public_profile; the list's version trigger
 * refreshes the cached public page).
 */
export async function setVolunteerPublicProfile(db: DB, who: { telephones: string[]; email: string | null }, shown: boolean) {
  if (who.telephones.length === 0 && !who.email) return;
  await db
    .updateTable('volunteers')
    .set({ public_profile: shown ? 1 : 0 })
    .where((eb) => {
      const ors = [];
      if (who.telephones.length) ors.push(eb('telephone', 'in', who.telephones));
      if (who.email) ors.push(eb(eb.fn('lower', ['email']), '=', who.email));
      return eb.or(ors);
    })
    .execute();
}
