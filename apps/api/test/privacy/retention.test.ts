import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/platform/database/database';
import { setClock } from '../../src/platform/lib/clock';
import { runRetention } from '../../src/modules/privacy/retention';
import { field, file, makeDocx, makePdf, makePng, multipart } from '../public-site/fixtures';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 26 item 4: the retention job — once a day across processes, idempotent, audited, on a settable clock.
const DAY = 86_400_000;
let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur', { name: 'Awa Vérificatrice' });
});
afterAll(async () => t.close());
afterEach(() => setClock(null));

const services = (db = t.db) => ({ db, storage: t.app.storage, retention: t.config.retention });
let n = 0;
async function apply(restricted = false) {
  n += 1;
  const email = `retention${n}@example.bj`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/volunteers',
    ...multipart([
      field('name', 'Kossi Conservation'),
      field('email', email),
      field('domain', 'education'),
      field('under_restriction', restricted ? '1' : '0'),
      file('profile_image', 'moi.png', makePng(), 'image/png'),
      file('cv', 'cv.pdf', makePdf(), 'application/pdf'),
      file('motivation_letter', 'lettre.docx', makeDocx()),
      file('criminal_record', 'casier.pdf', makePdf()),
      ...(restricted ? [file('restriction_proof', 'preuve.pdf', makePdf())] : []),
    ]),
  });
  expect(res.statusCode).toBe(201);
  return t.db.selectFrom('volunteers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}
const stored = (area: string, name: string | null) => (name ? fs.existsSync(path.join(t.dataDir, 'uploads', area, name)) : false);
const removalAudits = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('entity', '=', 'volunteers')
    .where('entity_id', '=', String(id))
    .where('action', '=', 'volunteer.document_removed')
    .execute();

describe('criminal records and restriction proofs', () => {
  it('are kept 30 days after the decision, then deleted once with « vérifié le … par … » kept, even by two concurrent passes', async () => {
    const volunteer = await apply(true);
    const confirm = await t.app.inject({ method: 'PUT', url: `/api/volunteers/${volunteer.id}/confirm`, headers: bearer(admin.token) });
    expect(confirm.statusCode).toBe(200);
    expect(stored('criminal_record', volunteer.criminal_record)).toBe(true);

    setClock(new Date(Date.now() + 29 * DAY));
    expect((await runRetention(services(), { trigger: 'manuel' })).counts.casiers_judiciaires).toBe(0);
    expect(stored('criminal_record', volunteer.criminal_record)).toBe(true);

    setClock(new Date(Date.now() + 31 * DAY));
    // Two passes at once. On PostgreSQL each on its own connection, as two server processes would be; SQLite (one
    // process only: docs/product asks PostgreSQL for more) interleaves them on one.
    const isPg = t.config.database.dialect === 'postgres';
    const second = isPg ? openSecondConnection(t) : t.db;
    try {
      const [a, b] = await Promise.all([
        runRetention(services(), { trigger: 'manuel' }),
        runRetention(services(second), { trigger: 'manuel' }),
      ]);
      expect(a.counts.casiers_judiciaires + b.counts.casiers_judiciaires).toBe(1);
      expect(a.counts.justificatifs_restriction + b.counts.justificatifs_restriction).toBe(1);
    } finally {
      if (isPg) await second.destroy();
    }
    expect(stored('criminal_record', volunteer.criminal_record)).toBe(false);
    expect(stored('restriction_proof', volunteer.restriction_proof)).toBe(false);
    expect(stored('cv', volunteer.cv)).toBe(true); // the CV of a confirmed volunteer stays
    const row = await t.db.selectFrom('volunteers').selectAll().where('id', '=', volunteer.id).executeTakeFirstOrThrow();
    expect(row.criminal_record).toBe('');
    expect(row.restriction_proof).toBeNull();
    const checks = await t.db
      .selectFrom('volunteer_document_checks')
      .selectAll()
      .where('volunteer_id', '=', volunteer.id)
      .orderBy('document')
      .execute();
    expect(checks.map((c) => [c.document, c.decision, c.decided_by])).toEqual([
      ['criminal_record', 'confirme', 'Awa Vérificatrice'],
      ['restriction_proof', 'confirme', 'Awa Vérificatrice'],
    ]);
    expect((await removalAudits(volunteer.id)).map((a) => JSON.parse(a.details!).document).sort()).toEqual([
      'criminal_record',
      'restriction_proof',
    ]);

    // Idempotent: a later pass finds nothing more to do.
    expect((await runRetention(services(), { trigger: 'manuel' })).counts.casiers_judiciaires).toBe(0);
    expect(await removalAudits(volunteer.id)).toHaveLength(2);
  });

  it('counts from the refusal for a refused application', async () => {
    const volunteer = await apply();
    const refuse = await t.app.inject({
      method: 'PUT',
      url: `/api/volunteers/${volunteer.id}/refuse`,
      headers: bearer(admin.token),
      payload: { reason: 'Le profil ne correspond pas à nos besoins actuels.' },
    });
    expect(refuse.statusCode).toBe(200);
    setClock(new Date(Date.now() + 31 * DAY));
    const result = await runRetention(services(), { trigger: 'manuel' });
    expect(result.counts.casiers_judiciaires).toBe(1);
    expect(stored('criminal_record', volunteer.criminal_record)).toBe(false);
    const check = await t.db
      .selectFrom('volunteer_document_checks')
      .selectAll()
      .where('volunteer_id', '=', volunteer.id)
      .executeTakeFirstOrThrow();
    expect([check.decision, check.decided_by]).toEqual(['refuse', 'Awa Vérificatrice']);
  });
});

describe('the daily pass', () => {
  it('runs once a day across processes: the second process finds the day taken', async () => {
    setClock('2031-03-10T07:00:00Z');
    const second = openSecondConnection(t);
    try {
      const results = await Promise.all([
        runRetention(services(), { trigger: 'quotidien' }),
        runRetention(services(second), { trigger: 'quotidien' }),
        runRetention(services(), { trigger: 'quotidien' }),
      ]);
      expect(results.filter((r) => r.id !== null)).toHaveLength(1);
    } finally {
      await second.destroy();
    }
    // The next Cotonou day (23:30 UTC is 00:30 in Cotonou) is a new pass.
    setClock('2031-03-10T23:30:00Z');
    expect((await runRetention(services(), { trigger: 'quotidien' })).id).not.toBeNull();
    const runs = await t.db.selectFrom('retention_runs').select('run_key').where('trigger', '=', 'quotidien').orderBy('id').execute();
    expect(runs.map((r) => r.run_key)).toEqual(['quotidien:2031-03-10', 'quotidien:2031-03-11']);
  });
});

describe('unconfirmed applications and accounts, contact messages, outbox bodies', () => {
  it('removes each after its own period and keeps the rest', async () => {
    const base = Date.now();
    const old = await apply();
    const member = await seedUser(t, 'consommateur', { confirmed: false });
    const confirmedMember = await seedUser(t, 'consommateur');
    const at = (days: number) => new Date(base - days * DAY).toISOString();
    await t.db
      .updateTable('users')
      .set({ created_at: at(400) })
      .where('id', 'in', [member.id, confirmedMember.id])
      .execute();
    await t.db
      .insertInto('contact_messages')
      .values([
        { name: 'Ancien Message', email: 'ancien@example.bj', phone: null, services: null, message: 'Bonjour', created_at: at(800) },
        { name: 'Récent Message', email: 'recent@example.bj', phone: null, services: null, message: 'Bonjour', created_at: at(300) },
      ])
      .execute();
    const outbox = (status: string, days: number, body: string) => ({
      channel: 'sms',
      to_address: '+22990000077',
      subject: null,
      body,
      html: null,
      headers: null,
      dedupe_key: null,
      status,
      last_error: null,
      next_attempt_at: at(days),
      locked_until: null,
      created_at: at(days),
      sent_at: null,
      updated_at: nowIso(),
      category: null,
      cost_category: null,
      provider_message_id: null,
      delivery_status: null,
    });
    await t.db
      .insertInto('outbox_messages')
      .values([outbox('sent', 95, 'Votre code : 123456'), outbox('sent', 80, 'Merci pour votre don'), outbox('queued', 95, 'En attente')])
      .execute();

    // 12 months and a day after the application: gone with its files; the recent contact message stays.
    setClock(new Date(base + 366 * DAY));
    const result = await runRetention(services(), { trigger: 'manuel' });
    expect(result.counts).toMatchObject({ candidatures_non_confirmees: 1, comptes_non_confirmes: 1 });
    expect(await t.db.selectFrom('volunteers').select('id').where('id', '=', old.id).executeTakeFirst()).toBeUndefined();
    for (const [area, name] of [
      ['cv', old.cv],
      ['motivation_letter', old.motivation_letter],
      ['criminal_record', old.criminal_record],
      ['volunteer-profile-images', old.profile_image],
    ] as const)
      expect(stored(area, name)).toBe(false);
    const users = await t.db.selectFrom('users').select('id').where('id', 'in', [member.id, confirmedMember.id]).execute();
    expect(users.map((u) => u.id)).toEqual([confirmedMember.id]);

    const contacts = await t.db
      .selectFrom('contact_messages')
      .select('name')
      .where('email', 'in', ['ancien@example.bj', 'recent@example.bj'])
      .execute();
    expect(contacts.map((c) => c.name)).toEqual(['Récent Message']);
    expect(result.counts.messages_contact).toBe(1);

    const bodies = await t.db
      .selectFrom('outbox_messages')
      .select(['body', 'status'])
      .where('to_address', '=', '+22990000077')
      .orderBy('id')
      .execute();
    // 366 days on, every sent message is past 90 days; the queued one keeps its body to be sent.
    expect(bodies).toEqual([
      { body: '', status: 'sent' },
      { body: '', status: 'sent' },
      { body: 'En attente', status: 'queued' },
    ]);

    const run = await t.db.selectFrom('retention_runs').selectAll().where('id', '=', result.id!).executeTakeFirstOrThrow();
    expect(run.status).toBe('terminee');
    expect(JSON.parse(run.counts)).toEqual(result.counts);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'privacy.retention_run')
      .where('entity_id', '=', String(result.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ trigger: 'manuel', candidatures_non_confirmees: 1 });
  });
});

describe('GET/POST /api/admin/privacy/retention/runs', () => {
  it('lists the last runs with their counts, lets an administrator start one, and refuses anyone else', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/admin/privacy/retention/runs', headers: bearer(admin.token) });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ trigger: 'manuel', status: 'terminee', started_by_name: 'Awa Vérificatrice' });
    expect(Object.keys(started.json().counts).sort()).toEqual([
      'candidatures_non_confirmees',
      'casiers_judiciaires',
      'comptes_non_confirmes',
      'corps_messages_envoyes',
      'justificatifs_restriction',
      'messages_contact',
    ]);
    const list = await t.app.inject({ url: '/api/admin/privacy/retention/runs', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].id).toBe(started.json().id);
    const member = await seedUser(t, 'consommateur');
    expect((await t.app.inject({ url: '/api/admin/privacy/retention/runs', headers: bearer(member.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/privacy/retention/runs' })).statusCode).toBe(401);
  });
});
