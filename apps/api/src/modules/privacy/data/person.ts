import { createHmac } from 'node:crypto';
import { loadSecret } from '../../../platform/database/app-secrets';
import type { DB } from '../../../platform/database/database';

// Everything the platform holds about one person, found by their account, every spelling of their telephone and
// their e-mail (docs/product/personal-data.md — Access and Erasure). Secrets (password hashes, token hashes, ticket
// and link nonces, one-time codes) are never read here.

export interface Person {
  userId: number | null;
  /** Every spelling under which their telephone may be stored (platform/lib/phone.ts telephoneSpellings). */
  telephones: string[];
  /** Lower-cased. */
  emails: string[];
}

const none = <T>(): Promise<T[]> => Promise.resolve([]);

export const findUserForLogin = (db: DB, userId: number) =>
  db.selectFrom('users').select(['id', 'telephone', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirst();

/** The account a telephone names (any spelling), if any. */
export const findUserByTelephones = (db: DB, telephones: string[]) =>
  telephones.length === 0
    ? Promise.resolve(undefined)
    : db.selectFrom('users').select(['id', 'telephone', 'email']).where('telephone', 'in', telephones).orderBy('id').executeTakeFirst();

/** Who can match a column: telephones in `tel`, e-mails (case-insensitively) in `mail`, the account in `user`. */
function matchWho(person: Person, cols: { tel?: string; mail?: string; user?: string }) {
  return (eb: any) => {
    const ors = [];
    if (cols.tel && person.telephones.length) ors.push(eb(cols.tel, 'in', person.telephones));
    if (cols.mail && person.emails.length) ors.push(eb(eb.fn('lower', [eb.ref(cols.mail)]), 'in', person.emails));
    if (cols.user && person.userId) ors.push(eb(cols.user, '=', person.userId));
    return ors.length ? eb.or(ors) : eb.val(false);
  };
}

const MONEY = [
  'id',
  'amount',
  'name',
  'email',
  'phone',
  'currency',
  'transaction_status',
  'transaction_id',
  'provider',
  'receipt_number',
  'paid_at',
  'source',
  'method',
  'reference',
  'created_at',
  'updated_at',
  'deleted_at',
  'deleted_reason',
] as const;

/** The rows about the person, table by table (the access export's donnees.json). */
export async function collectPerson(db: DB, p: Person) {
  const uid = p.userId;
  const account = uid
    ? await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'telephone', 'role', 'zone', 'is_confirmed', 'created_at', 'updated_at'])
        .where('id', '=', uid)
        .execute()
    : [];
  const provider = uid ? await db.selectFrom('providers').selectAll().where('user_id', '=', uid).execute() : [];
  const providerDomains = provider.length
    ? await db
        .selectFrom('provider_domains')
        .selectAll()
        .where(
          'provider_id',
          'in',
          provider.map((x) => x.id),
        )
        .execute()
    : [];
  const questionnaire = uid ? await db.selectFrom('questionnaires').selectAll().where('user_id', '=', uid).execute() : [];
  const membership = uid ? await db.selectFrom('memberships').selectAll().where('user_id', '=', uid).execute() : [];
  const payments = await db
    .selectFrom('payments')
    .select([...MONEY, 'payment_type', 'user_id'])
    .where(matchWho(p, { tel: 'phone', mail: 'email', user: 'user_id' }))
    .orderBy('id')
    .execute();
  const donations = await db
    .selectFrom('donations')
    .select([...MONEY, 'purpose', 'user_id', 'pledge_id', 'pledge_due'])
    .where(matchWho(p, { tel: 'phone', mail: 'email', user: 'user_id' }))
    .orderBy('id')
    .execute();
  const pledges = await db
    .selectFrom('pledges')
    .selectAll()
    .where(matchWho(p, { tel: 'telephone', mail: 'email', user: 'user_id' }))
    .orderBy('id')
    .execute();
  const pledgeDues = pledges.length
    ? await db
        .selectFrom('pledge_dues')
        .selectAll()
        .where(
          'pledge_id',
          'in',
          pledges.map((x) => x.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const eventRegistrations = await db
    .selectFrom('event_registrations')
    .innerJoin('events', 'events.id', 'event_registrations.event_id')
    .select([
      'event_registrations.id',
      'event_registrations.event_id',
      'events.title as event_title',
      'event_registrations.name',
      'event_registrations.telephone',
      'event_registrations.email',
      'event_registrations.seats',
      'event_registrations.status',
      'event_registrations.amount',
      'event_registrations.code',
      'event_registrations.checked_in_at',
      'event_registrations.cancelled_at',
      'event_registrations.created_at',
    ])
    .where(matchWho(p, { tel: 'event_registrations.telephone', mail: 'event_registrations.email', user: 'event_registrations.user_id' }))
    .orderBy('event_registrations.id')
    .execute();
  const volunteers = await db
    .selectFrom('volunteers')
    .selectAll()
    .where(matchWho(p, { tel: 'telephone', mail: 'email' }))
    .orderBy('id')
    .execute();
  const shiftSignups = volunteers.length
    ? await db
        .selectFrom('shift_signups')
        .select(['id', 'shift_id', 'volunteer_id', 'status', 'confirmed_at', 'checked_in_at', 'checked_out_at', 'created_at'])
        .where(
          'volunteer_id',
          'in',
          volunteers.map((v) => v.id),
        )
        .orderBy('id')
        .execute()
    : [];
  // What is kept of a deleted criminal record or restriction proof: « vérifié le … par … » (retention job).
  const documentChecks = volunteers.length
    ? await db
        .selectFrom('volunteer_document_checks')
        .select(['volunteer_id', 'document', 'decision', 'decided_at', 'decided_by', 'removed_at'])
        .where(
          'volunteer_id',
          'in',
          volunteers.map((v) => v.id),
        )
        .orderBy('volunteer_id')
        .orderBy('document')
        .execute()
    : [];
  const consents = await db
    .selectFrom('consents')
    .select(['id', 'purpose', 'given', 'wording_version', 'channel', 'source', 'telephone', 'email', 'user_id', 'subject', 'created_at'])
    .where(matchWho(p, { tel: 'telephone', mail: 'email', user: 'user_id' }))
    .orderBy('id')
    .execute();
  const testimonialIds = [
    ...new Set(consents.map((c) => /^testimonial:(\d+)$/.exec(c.subject ?? '')?.[1]).filter((x): x is string => Boolean(x))),
  ].map(Number);
  const testimonials = testimonialIds.length
    ? await db.selectFrom('testimonials').selectAll().where('id', 'in', testimonialIds).execute()
    : [];
  const contactMessages = await db
    .selectFrom('contact_messages')
    .select(['id', 'name', 'email', 'phone', 'services', 'message', 'created_at'])
    .where(matchWho(p, { tel: 'phone', mail: 'email' }))
    .orderBy('id')
    .execute();
  const subscriptions = p.emails.length
    ? await db
        .selectFrom('newsletter_subscriptions')
        .select(['id', 'email', 'created_at'])
        .where(matchWho(p, { mail: 'email' }))
        .execute()
    : await none<{ id: number; email: string; created_at: string }>();
  const projects = p.emails.length
    ? await db
        .selectFrom('projects')
        .selectAll()
        .where(matchWho(p, { mail: 'contact_email' }))
        .orderBy('id')
        .execute()
    : [];
  const addresses = [...p.telephones, ...p.emails];
  const messages = addresses.length
    ? await db
        .selectFrom('outbox_messages')
        // `secret` (a code waiting to be sent) is never read: the body holds its mask.
        .select(['id', 'channel', 'to_address', 'subject', 'body', 'status', 'category', 'created_at', 'sent_at', 'delivery_status'])
        .where((eb) =>
          eb.or([eb('to_address', 'in', addresses), eb(eb.fn('lower', [eb.ref('to_address')]), 'in', p.emails.length ? p.emails : [''])]),
        )
        .orderBy('id')
        .execute()
    : [];
  const privacyRequests = await db
    .selectFrom('privacy_requests')
    .select(['id', 'kind', 'status', 'telephone', 'email', 'details', 'created_at', 'verified_at', 'due_at', 'closed_at', 'outcome'])
    .where(matchWho(p, { tel: 'telephone', mail: 'email', user: 'user_id' }))
    .orderBy('id')
    .execute();
  const auditAbout: Array<[string, Array<number>]> = [
    ['users', uid ? [uid] : []],
    ['volunteers', volunteers.map((v) => v.id)],
    ['donation', donations.map((d) => d.id)],
    ['payment', payments.map((d) => d.id)],
    ['pledge', pledges.map((d) => d.id)],
    ['pledges', pledges.map((d) => d.id)],
    ['event_registration', eventRegistrations.map((d) => d.id)],
    ['testimonials', testimonials.map((d) => d.id)],
    ['contact_messages', contactMessages.map((d) => d.id)],
    ['privacy_request', privacyRequests.map((d) => d.id)],
  ];
  const wanted = auditAbout.filter(([, ids]) => ids.length > 0);
  const audit = wanted.length
    ? await db
        .selectFrom('audit_log')
        .select(['id', 'action', 'entity', 'entity_id', 'details', 'before_state', 'after_state', 'created_at'])
        .where((eb) =>
          eb.or(
            wanted.map(([entity, ids]) =>
              eb.and([
                eb('entity', '=', entity),
                eb(
                  'entity_id',
                  'in',
                  ids.map((i) => String(i)),
                ),
              ]),
            ),
          ),
        )
        .orderBy('id')
        .execute()
    : [];
  return {
    compte: account,
    prestataire: provider,
    prestataire_domaines: providerDomains,
    questionnaire,
    adhesion: membership,
    paiements: payments,
    dons: donations,
    engagements: pledges,
    engagements_echeances: pledgeDues,
    inscriptions_evenements: eventRegistrations,
    candidatures_benevoles: volunteers,
    creneaux_benevoles: shiftSignups,
    verifications_documents_benevoles: documentChecks,
    temoignages: testimonials,
    messages_contact: contactMessages,
    abonnements: subscriptions,
    projets: projects,
    consentements: consents,
    messages_envoyes: messages,
    demandes_donnees: privacyRequests,
    journal_audit: audit,
  };
}

export type PersonData = Awaited<ReturnType<typeof collectPerson>>;

// --- Erasure ---

export const ANONYMISED_DONOR = 'Donateur anonymisé';

/** The app secret that keys the hashes an erasure leaves in place of an address (consents). */
export const ERASURE_HASH_SECRET = 'erasure_hash';

/** A keyed hash of an address (E.164 telephone or lower-cased e-mail): no copy of it, yet the same address hashes alike. */
export function addressHash(key: string, address: string): string {
  return `hmac:${createHmac('sha256', key).update(address).digest('hex').slice(0, 40)}`;
}

/** What identifies the person in free text: each telephone spelling (national digits too), each e-mail, the account's name. */
function needlesOf(p: Person, data: PersonData): string[] {
  const needles = new Set<string>();
  for (const t of p.telephones) {
    needles.add(t);
    const digits = t.replace(/\D/g, '');
    if (digits.length >= 8) needles.add(digits.slice(-8));
  }
  for (const e of p.emails) needles.add(e);
  // A name of two words or more (« Awa » alone would blank strangers' words).
  const name = data.compte[0]?.name?.trim();
  if (name && /\S+\s+\S+/.test(name)) needles.add(name);
  return [...needles].map((x) => x.replace(/[%\\]/g, '')).filter((x) => x.length >= 6);
}

/** Detaches, removes or blanks every row about the person (inside the caller's transaction); returns counts. */
export async function erasePersonRows(db: DB, p: Person, data: PersonData, now: string) {
  const counts: Record<string, number> = {};
  const n = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0);
  const uid = p.userId;
  // Money is kept (accounting law) but detached from the person; its receipt still verifies (the signature covers
  // kind, id and receipt number only: modules/payments/receipt-numbers.ts).
  const detach = { name: ANONYMISED_DONOR, email: null, phone: null, user_id: null, updated_at: now };
  if (data.dons.length)
    counts.dons = n(
      await db
        .updateTable('donations')
        .set(detach)
        .where(
          'id',
          'in',
          data.dons.map((d) => d.id),
        )
        .executeTakeFirst(),
    );
  if (data.paiements.length)
    counts.paiements = n(
      await db
        .updateTable('payments')
        .set(detach)
        .where(
          'id',
          'in',
          data.paiements.map((d) => d.id),
        )
        .executeTakeFirst(),
    );
  if (data.engagements.length) {
    const ids = data.engagements.map((d) => d.id);
    await db.deleteFrom('pledge_tokens').where('pledge_id', 'in', ids).execute();
    counts.engagements = n(
      await db
        .updateTable('pledges')
        .set({ name: ANONYMISED_DONOR, telephone: '', email: null, user_id: null, updated_at: now })
        .where('id', 'in', ids)
        .executeTakeFirst(),
    );
    // A pledge still running ends: nobody is left to remind.
    await db
      .updateTable('pledges')
      .set({ status: 'cancelled', cancelled_at: now })
      .where('id', 'in', ids)
      .where('status', '!=', 'cancelled')
      .execute();
  }
  if (data.inscriptions_evenements.length)
    counts.inscriptions_evenements = n(
      await db
        .updateTable('event_registrations')
        .set({ name: 'Participant anonymisé', telephone: '', email: null, user_id: null, updated_at: now })
        .where(
          'id',
          'in',
          data.inscriptions_evenements.map((d) => d.id),
        )
        .executeTakeFirst(),
    );
  if (data.candidatures_benevoles.length) {
    const ids = data.candidatures_benevoles.map((d) => d.id);
    await db.deleteFrom('volunteer_sessions').where('volunteer_id', 'in', ids).execute();
    // volunteers.email is unique: each erased application gets its own impossible address.
    for (const id of ids) {
      await db
        .updateTable('volunteers')
        .set({
          name: 'Bénévole anonymisé',
          email: `efface-${id}@invalid`,
          telephone: null,
          profile_image: '',
          cv: '',
          motivation_letter: '',
          criminal_record: '',
          restriction_proof: null,
          refusal_reason: null,
        })
        .where('id', '=', id)
        .execute();
    }
    counts.candidatures_benevoles = ids.length;
  }
  if (data.temoignages.length)
    counts.temoignages = n(
      await db
        .deleteFrom('testimonials')
        .where(
          'id',
          'in',
          data.temoignages.map((d) => d.id),
        )
        .executeTakeFirst(),
    );
  if (data.messages_contact.length)
    counts.messages_contact = n(
      await db
        .deleteFrom('contact_messages')
        .where(
          'id',
          'in',
          data.messages_contact.map((d) => d.id),
        )
        .executeTakeFirst(),
    );
  if (data.abonnements.length)
    counts.abonnements = n(
      await db
        .deleteFrom('newsletter_subscriptions')
        .where(
          'id',
          'in',
          data.abonnements.map((d) => d.id),
        )
        .executeTakeFirst(),
    );
  if (data.projets.length)
    counts.projets = n(
      await db
        .deleteFrom('projects')
        .where(
          'id',
          'in',
          data.projets.map((d) => d.id),
        )
        .executeTakeFirst(),
    );
  if (data.consentements.length) {
    // The history of choices stays (an objection must still be honoured), under a keyed hash of the address only.
    const key = await loadSecret(db, ERASURE_HASH_SECRET);
    for (const c of data.consentements) {
      await db
        .updateTable('consents')
        .set({
          telephone: c.telephone ? addressHash(key, c.telephone) : null,
          email: c.email ? addressHash(key, c.email.toLowerCase()) : null,
          user_id: null,
          ip: null,
        })
        .where('id', '=', c.id)
        .execute();
    }
    counts.consentements = data.consentements.length;
  }
  if (data.messages_envoyes.length) {
    const ids = data.messages_envoyes.map((d) => d.id);
    // Not yet sent: never sent. Sent: the trace of the send stays, without the address nor the words.
    await db.deleteFrom('outbox_messages').where('id', 'in', ids).where('status', '=', 'queued').execute();
    counts.messages_envoyes = n(
      await db
        .updateTable('outbox_messages')
        .set({ to_address: 'effacé', subject: null, body: '', html: null, headers: null, secret: null, updated_at: now })
        .where('id', 'in', ids)
        .executeTakeFirst(),
    );
  }
  // Messages to anyone else that name the person (their address in the words): the words go.
  for (const needle of needlesOf(p, data)) {
    await db
      .updateTable('outbox_messages')
      .set({ subject: null, body: '', html: null, headers: null, updated_at: now })
      .where('status', '!=', 'queued') // a message still to send keeps its words (it is not about them alone)
      .where((eb) => eb.or([eb('body', 'like', `%${needle}%`), eb('subject', 'like', `%${needle}%`), eb('html', 'like', `%${needle}%`)]))
      .execute();
    // Audit entries elsewhere that carried the address (an account created for them, a change of telephone…).
    await db
      .updateTable('audit_log')
      .set({ details: null, before_state: null, after_state: null, ip: null })
      .where((eb) =>
        eb.or([eb('details', 'like', `%${needle}%`), eb('before_state', 'like', `%${needle}%`), eb('after_state', 'like', `%${needle}%`)]),
      )
      .execute();
    await db.deleteFrom('migration_reports').where('detail', 'like', `%${needle}%`).execute();
  }
  // The payment stand-in's copy of the payer's name, for the person's money.
  const transactions = [...data.dons, ...data.paiements].map((m) => m.transaction_id).filter((x): x is string => Boolean(x));
  if (transactions.length)
    await db.updateTable('sandbox_transactions').set({ customer_name: null, description: '' }).where('id', 'in', transactions).execute();
  // The year-end totals were kept per telephone: the detached donations left them at 0.
  if (p.telephones.length) await db.deleteFrom('year_donor_totals').where('phone', 'in', p.telephones).where('count', '=', 0).execute();
  if (p.emails.length) await db.deleteFrom('one_time_codes').where('subject', 'in', p.emails).execute();
  if (data.demandes_donnees.length)
    await db
      .deleteFrom('data_links')
      .where(
        'request_id',
        'in',
        data.demandes_donnees.map((d) => d.id),
      )
      .execute();
  if (data.demandes_donnees.length)
    await db
      .updateTable('privacy_requests')
      .set({ telephone: null, email: null, details: null, ip: null })
      .where(
        'id',
        'in',
        data.demandes_donnees.map((d) => d.id),
      )
      .execute();
  if (data.journal_audit.length)
    // The trail keeps what was done and when, not the personal data the entries carried.
    await db
      .updateTable('audit_log')
      .set({ details: null, before_state: null, after_state: null, ip: null })
      .where(
        'id',
        'in',
        data.journal_audit.map((d) => d.id),
      )
      .execute();
  if (p.telephones.length) await db.deleteFrom('one_time_codes').where('subject', 'in', p.telephones).execute();
  if (uid) {
    await db.deleteFrom('one_time_codes').where('user_id', '=', uid).execute();
    await db.deleteFrom('auth_tokens').where('user_id', '=', uid).execute();
    await db.deleteFrom('auth_tokens').where('acting_user_id', '=', uid).execute(); // act-as tokens they held
    await db.deleteFrom('questionnaires').where('user_id', '=', uid).execute();
    await db.deleteFrom('providers').where('user_id', '=', uid).execute(); // provider_domains follow (on delete cascade)
    await db.deleteFrom('memberships').where('user_id', '=', uid).execute();
    // The account row stays (other rows name it as author of past actions) but holds nothing personal, and no
    // telephone or password can ever open it again.
    counts.compte = n(
      await db
        .updateTable('users')
        .set({
          name: 'Compte supprimé',
          email: `efface-${uid}@invalid`,
          telephone: `efface-${uid}`,
          password_hash: '$argon2id$efface', // matches no password (platform/lib/passwords.ts)
          zone: null,
          zone_key: null,
          is_active: 0,
          updated_at: now,
        })
        .where('id', '=', uid)
        .executeTakeFirst(),
    );
  }
  return counts;
}
