import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReceiptSecret, receiptPath } from '../../src/modules/payments/receipt-numbers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { readZip, type SeededPerson, seedPerson } from './fixtures';

// docs/product/personal-data.md — Access and Erasure: a person's ZIP holds their rows from every table the contract
// names and nothing about another person; an erasure removes or detaches them and keeps the money.

let t: TestApp;
let admin: SeededUser;
let a: SeededPerson;
let b: SeededPerson;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  a = await seedPerson(t, 'awa', '97111111');
  b = await seedPerson(t, 'bio', '97222222');
});
afterAll(async () => t?.close());

const TABLES = [
  'compte',
  'prestataire',
  'questionnaire',
  'paiements',
  'dons',
  'engagements',
  'inscriptions_evenements',
  'candidatures_benevoles',
  'temoignages',
  'messages_contact',
  'abonnements',
  'consentements',
  'messages_envoyes',
  'journal_audit',
] as const;

describe('access export', () => {
  it('GET /api/profile/export: a ZIP with the person’s rows from every table and their files, nothing about another person', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(a.user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const zip = await readZip(res.rawPayload);
    const json = zip.get('donnees.json')!.toString('utf8');
    const doc = JSON.parse(json);
    for (const table of TABLES) expect(doc.donnees[table].length, table).toBeGreaterThan(0);
    expect(json).toContain(a.name);
    // Nothing of the other person: name, telephone, e-mail.
    expect(json).not.toContain(b.name);
    expect(json).not.toContain('97222222');
    expect(json).not.toContain(b.email);
    // No secrets.
    expect(json).not.toContain('password_hash');
    expect(json).not.toContain('nonce-awa');
    // Their files (CV, criminal record, testimonial photo), not the other's.
    const files = [...zip.keys()].filter((n) => n.startsWith('fichiers/'));
    expect(files).toHaveLength(3);
    expect(zip.get(files.find((f) => f.includes('/cv-'))!)).toEqual(a.fileBytes);
    for (const f of files) expect(zip.get(f)!.toString()).not.toContain('bio');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/export' })).statusCode).toBe(401);
  });
});

describe('erasure', () => {
  it('refuses a wrong password with a French message', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(a.user.token),
      payload: { current_password: 'pas-le-bon' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Mot de passe actuel incorrect.');
  });

  it('DELETE /api/profile: login fails, files gone, the donation still counts and its receipt verifies as « Donateur anonymisé »', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/causes/progress' })).body;
    const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json().monthly;
    const statsBefore = await stats();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(a.user.token),
      payload: { current_password: a.user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Votre compte et vos données personnelles ont été supprimés.');

    // Tokens revoked, login refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(a.user.token) })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: a.telephone, password: a.user.password } });
    expect(login.statusCode).toBe(422); // the answer to wrong credentials
    expect(login.json().token).toBeUndefined();

    // Files removed from the storage; the other person's remain.
    for (const key of a.files) expect(await t.app.storage.open(key)).toBeNull();
    for (const key of b.files) expect(await t.app.storage.open(key)).not.toBeNull();

    // Money kept, detached, counted the same.
    expect((await t.app.inject({ method: 'GET', url: '/api/causes/progress' })).body).toBe(before);
    expect(await stats()).toEqual(statsBefore); // pledges end (nobody left to remind), money totals do not move
    const donation = await t.db.selectFrom('donations').selectAll().where('id', '=', a.donationId).executeTakeFirstOrThrow();
    expect(donation).toMatchObject({
      name: 'Donateur anonymisé',
      email: null,
      phone: null,
      amount: 5_000,
      receipt_number: a.receiptNumber,
    });
    const secret = await loadReceiptSecret(t.db);
    const receipt = await t.app.inject({ method: 'GET', url: receiptPath(secret, 'donation', a.donationId, a.receiptNumber) });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Donateur anonymisé');
    expect(receipt.body).not.toContain(a.name);

    // Nothing personal left in any table; the subscription ended; the other person untouched.
    const left = await readZip(
      (await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(b.user.token) })).rawPayload,
    );
    expect(left.get('donnees.json')!.toString()).not.toContain('awa');
    for (const [table, column] of [
      ['users', 'email'],
      ['contact_messages', 'email'],
      ['newsletter_subscriptions', 'email'],
      ['volunteers', 'email'],
      ['pledges', 'email'],
      ['event_registrations', 'email'],
      ['consents', 'email'],
    ] as const) {
      const rows = await t.db.selectFrom(table).select(column).where(column, '=', a.email).execute();
      expect(rows, table).toHaveLength(0);
    }
    expect(await t.db.selectFrom('providers').select('id').where('user_id', '=', a.user.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('questionnaires').select('id').where('user_id', '=', a.user.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', a.user.id).execute()).toHaveLength(0);
    // The one message left to them tells them it is done; once sent, its address goes too.
    const outbox = () => t.db.selectFrom('outbox_messages').select(['body', 'category']).where('to_address', '=', a.telephone).execute();
    expect(await outbox()).toEqual([
      { body: expect.stringContaining('vos données personnelles ont été effacées'), category: 'effacement' },
    ]);
    await t.app.messages.worker.runOnce();
    expect(await outbox()).toHaveLength(0);
    expect(await t.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', b.email).execute()).toHaveLength(1);

    // The audit says that an erasure happened, not what was erased.
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'privacy.erasure').execute();
    expect(audit).toHaveLength(1);
    const text = JSON.stringify(audit);
    expect(text).not.toContain('awa');
    expect(text).not.toContain('97111111');
    const scrubbed = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.confirm')
      .where('entity_id', '=', String(a.user.id))
      .executeTakeFirstOrThrow();
    expect(scrubbed.after_state).toBeNull();
  });
});
