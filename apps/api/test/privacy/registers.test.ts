import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREACH_MESSAGES } from '@shared/schemas/privacy-registers';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 26 item 6: the register of processings (HTML and PDF, from the live configuration) and the breach register.
let t: TestApp;
let admin: SeededUser;
let member: SeededUser;
beforeAll(async () => {
  const env = loadConfig({
    ORG_NAME: 'Association Solidarité Bénin',
    DPO_NAME: 'Afi Protection',
    DPO_EMAIL: 'dpo@example.bj',
    RETENTION_CRIMINAL_RECORD_DAYS: '21',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC123',
    TWILIO_AUTH_TOKEN: 'secret',
    TWILIO_FROM: '+15550001111',
  });
  t = await createTestApp({ organisation: env.organisation, retention: env.retention, messages: env.messages });
  admin = await seedUser(t, 'administrateur', { name: 'Awa Registre' });
  member = await seedUser(t, 'consommateur');
});
afterAll(async () => t.close());

describe('GET /api/admin/privacy/register', () => {
  it('is an HTML page generated from the configuration: controller, retention settings, transfers, security', async () => {
    const res = await t.app.inject({ url: '/api/admin/privacy/register', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('Registre des activités de traitement');
    expect(html).toContain('Association Solidarité Bénin');
    expect(html).toContain('Délégué à la protection des données : Afi Protection (dpo@example.bj)');
    expect(html).toContain('supprimés 21 jours après la décision');
    expect(html).toContain('Twilio Inc. — États-Unis');
    expect(html).toContain('chiffrés au repos (AES-256-GCM)');
    for (const label of [
      'Finalités',
      'Personnes concernées',
      'Catégories de données',
      'Destinataires',
      'Durée de conservation',
      'Transferts hors du Bénin',
      'Mesures de sécurité',
    ])
      expect(html).toContain(label);
  });

  it('is a PDF with ?format=pdf or Accept: application/pdf', async () => {
    for (const request of [
      { url: '/api/admin/privacy/register?format=pdf', headers: bearer(admin.token) },
      { url: '/api/admin/privacy/register', headers: { ...bearer(admin.token), accept: 'application/pdf' } },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registre-des-traitements-\d{4}-\d{2}-\d{2}\.pdf"$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('serves the same rows as JSON to the dashboard', async () => {
    const res = await t.app.inject({ url: '/api/admin/privacy/processings', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const volunteers = res.json().find((p: { key: string }) => p.key === 'benevolat');
    expect(volunteers.retention).toContain('21 jours après la décision');
    expect(volunteers.people).toBe('Candidats bénévoles.');
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/admin/privacy/processings', headers: bearer(member.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/privacy/register', headers: bearer(member.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/privacy/register' })).statusCode).toBe(401);
  });
});

describe('the breach register', () => {
  const breach = {
    description: 'Un ordinateur portable contenant un export des donateurs a été volé.',
    occurred_at: '2026-11-20',
    discovered_at: '2026-11-21',
    people_affected: 'Donateurs de l’année 2026',
    people_count: 120,
    data_categories: 'Noms, téléphones, montants des dons',
    measures: 'Mots de passe changés, plainte déposée, donateurs prévenus par SMS.',
    apdp_notified_at: '2026-11-22',
  };

  it('records a breach (201) with who recorded it, audited, and lists it newest first', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/privacy/breaches', headers: bearer(admin.token), payload: breach });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(BREACH_MESSAGES.created);
    expect(res.json().breach).toMatchObject({ ...breach, people_notified_at: null, recorded_by_name: 'Awa Registre' });
    const older = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/breaches',
      headers: bearer(admin.token),
      payload: { ...breach, occurred_at: '2026-01-05', discovered_at: '2026-01-05', people_count: '', apdp_notified_at: '' },
    });
    expect(older.statusCode).toBe(201);
    expect(older.json().breach).toMatchObject({ people_count: null, apdp_notified_at: null });

    const list = await t.app.inject({ url: '/api/admin/privacy/breaches', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { id: number }) => b.id)).toEqual([res.json().breach.id, older.json().breach.id]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'privacy.breach_recorded')
      .where('entity_id', '=', String(res.json().breach.id))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit.details!)).toEqual({ occurred_at: '2026-11-20', apdp_notified: true });
  });

  it('refuses incomplete or inconsistent entries with French messages per field (422)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/breaches',
      headers: bearer(admin.token),
      payload: { ...breach, description: '', occurred_at: '2026-11-25', discovered_at: '2026-11-20', people_count: -2 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      description: [BREACH_MESSAGES.description],
      people_count: [BREACH_MESSAGES.count],
    });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/breaches',
      headers: bearer(admin.token),
      payload: { ...breach, occurred_at: '2026-11-25', discovered_at: '2026-11-20' },
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toEqual({ discovered_at: [BREACH_MESSAGES.order] });
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/admin/privacy/breaches', headers: bearer(member.token) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/privacy/breaches', headers: bearer(member.token), payload: breach }))
        .statusCode,
    ).toBe(403);
  });
});
