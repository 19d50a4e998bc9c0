import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { nowIso } from '../../src/platform/database/database';
import { outboxRow } from '../helpers/rows';
import type { TestApp } from '../helpers/test-app';
import { type SeededUser, seedUser } from '../helpers/users';

/** The entries of a ZIP answer, by name. */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export interface SeededPerson {
  user: SeededUser;
  /** The national spelling stored in some rows (01…), the E.164 one in others. */
  telephone: string;
  email: string;
  name: string;
  donationId: number;
  receiptNumber: string;
  files: string[];
  fileBytes: Buffer;
}

/**
 * A person with a row in every table the contract names (account, provider record, questionnaire, payment,
 * donation, pledge, event registration, volunteer application with files, testimonial, contact message,
 * subscription, consent, message, audit entry), some rows under another spelling of their telephone.
 */
export async function seedPerson(t: TestApp, tag: string, digits: string): Promise<SeededPerson> {
  const e164 = `+22901${digits}`;
  const national = `01${digits}`;
  const email = `${tag}@exemple.bj`;
  const name = `Personne ${tag}`;
  const user = await seedUser(t, 'membre', { telephone: e164, email, name });
  const now = nowIso();
  const db = t.db;
  const provider = await db
    .insertInto('providers')
    .values({
      user_id: user.id,
      entreprise: `Entreprise ${tag}`,
      forme_juridique: 'SARL',
      rccm: `RCCM-${tag}`,
      adresse: `Rue ${tag}`,
      email,
      telephone: e164,
      whatsapp: null,
      marge_salaire: 10,
      zone: 'Cotonou',
      zone_key: 'cotonou',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('provider_domains').values({ provider_id: provider.id, domain: 'sante', reduction: 5 }).execute();
  await db
    .insertInto('questionnaires')
    .values({
      user_id: user.id,
      marital_status: `statut-${tag}`,
      job: 'Couturière',
      income: 50_000,
      income_total: 80_000,
      monthly_expenses: 40_000,
      needs: `besoins-${tag}`,
      created_at: now,
    })
    .execute();
  const receiptNumber = `DON-2026-${digits}`;
  const money = {
    amount: 5_000,
    name,
    email,
    phone: national,
    transaction_status: 'approved',
    transaction_id: `tx-${tag}`,
    provider: 'sandbox',
    is_verified: 1,
    receipt_number: receiptNumber,
    paid_at: now,
    created_at: now,
    updated_at: now,
  };
  const donation = await db
    .insertInto('donations')
    .values({ ...money, purpose: 'education', user_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('payments')
    .values({ ...money, transaction_id: `txp-${tag}`, receipt_number: `ADH-2026-${digits}`, payment_type: 'adhesion', user_id: user.id })
    .execute();
  await db
    .insertInto('pledges')
    .values({
      user_id: null,
      name,
      telephone: e164,
      email,
      amount: 2_000,
      purpose: 'sante',
      frequency: 'mensuel',
      status: 'active',
      anchor_day: 5,
      next_due: '2026-12-05',
      counting_from: '2026-11-05',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const event = await db
    .insertInto('events')
    .values({
      title: `Fête ${tag}`,
      description: 'Rencontre',
      starts_at: '2026-12-20T10:00:00.000Z',
      ends_at: '2026-12-20T12:00:00.000Z',
      place: 'Cotonou',
      capacity: 50,
      price_member: 0,
      price_public: 0,
      registration_closes_at: null,
      published: 1,
      cancel_reason: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('event_registrations')
    .values({
      event_id: event.id,
      user_id: null,
      name,
      telephone: e164,
      email,
      seats: 1,
      status: 'confirmee',
      amount: 0,
      payment_id: null,
      ticket_nonce: `nonce-${tag}`,
      code: `C${digits.slice(-5)}`,
      hold_expires_at: null,
      checked_in_at: null,
      checked_in_device: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const fileBytes = Buffer.from(`%PDF-1.4 CV de ${tag}`);
  const cvKey = await t.app.storage.put('cv', fileBytes, 'pdf');
  const crKey = await t.app.storage.put('criminal_record', Buffer.from(`casier ${tag}`), 'pdf');
  const base = (k: string) => k.slice(k.indexOf('/') + 1);
  await db
    .insertInto('volunteers')
    .values({
      name,
      email,
      profile_image: '',
      cv: base(cvKey),
      motivation_letter: '',
      criminal_record: base(crKey),
      domain: 'education',
      restriction_proof: null,
      refused_at: null,
      refusal_reason: null,
      telephone: national,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const avatarKey = await t.app.storage.put('avatars', Buffer.from(`photo ${tag}`), 'png');
  const testimonial = await db
    .insertInto('testimonials')
    .values({ text: `Témoignage de ${tag}`, author: name, title: 'Merci', avatar: base(avatarKey), is_published: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('consents')
    .values({
      purpose: 'testimonial',
      given: 1,
      wording_version: 'testimonial-2026-11',
      channel: 'web',
      telephone: null,
      email,
      user_id: null,
      source: 'testimonial_form',
      subject: `testimonial:${testimonial.id}`,
      ip: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      name,
      email,
      phone: national,
      services: null,
      message: `Bonjour de ${tag}`,
      created_at: now,
      handled_at: null,
      handled_by: null,
    })
    .execute();
  await db.insertInto('newsletter_subscriptions').values({ email, created_at: now }).execute();
  await db
    .insertInto('outbox_messages')
    .values(
      outboxRow({
        channel: 'sms',
        to_address: e164,
        body: `Merci ${tag}`,
        status: 'sent',
        created_at: now,
        sent_at: now,
        category: 'recu',
        cost_category: 'sms',
      }),
    )
    .execute();
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: null,
      action: 'user.confirm',
      entity: 'users',
      entity_id: String(user.id),
      details: JSON.stringify({ name }),
      created_at: now,
      ip: null,
      before_state: null,
      after_state: JSON.stringify({ telephone: e164 }),
    })
    .execute();
  return {
    user,
    telephone: e164,
    email,
    name,
    donationId: donation.id,
    receiptNumber,
    files: [cvKey, crKey, avatarKey],
    fileBytes,
  };
}

export const bodyOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
export { Readable };
