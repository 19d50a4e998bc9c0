import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrivacyNotice, DEFAULT_NOTICE_SETTINGS, DEFAULT_PRIVACY_CONTROLLER } from '@shared/privacy-notice';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';

// docs/product/personal-data.md — Notice: GET /api/privacy/notice serves the facts generated from the live configuration.
describe('privacy notice', () => {
  let t: TestApp;
  beforeAll(async () => {
    const configured = loadConfig({
      ORG_NAME: 'Association Test',
      ORG_ADDRESS: 'Quartier Haie Vive, Cotonou',
      ORG_EMAIL: 'contact@test.bj',
      ORG_TELEPHONE: '+2290197000000',
      DPO_NAME: 'Koffi Délégué',
      DPO_EMAIL: 'dpo@test.bj',
      RETENTION_CRIMINAL_RECORD_DAYS: '21',
      RETENTION_UNCONFIRMED_MONTHS: '6',
      RETENTION_CONTACT_MONTHS: '18',
      STORAGE_URL: 's3://bucket-test/prefix',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), // required beside STORAGE_URL (several processes)
      S3_REGION: 'eu-west-3',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'x',
      TWILIO_FROM: '+15550000000',
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
    });
    t = await createTestApp({
      organisation: configured.organisation,
      retention: configured.retention,
      messages: configured.messages,
      storage: { kind: 'local' },
    });
  });
  afterAll(async () => t.close());

  it('names the configured controller, DPO, retention settings and the APDP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/notice' });
    expect(res.statusCode).toBe(200);
    const notice = res.json();
    expect(notice.controller).toEqual({
      name: 'Association Test',
      address: 'Quartier Haie Vive, Cotonou',
      email: 'contact@test.bj',
      telephone: '+2290197000000',
      dpo: { name: 'Koffi Délégué', email: 'dpo@test.bj' },
    });
    expect(notice.retention).toMatchObject({ criminal_record_days: 21, unconfirmed_months: 6, contact_months: 18, outbox_body_days: 90 });
    const text = JSON.stringify(notice.categories);
    expect(text).toContain('21 jours après la décision');
    expect(text).toContain('18 mois');
    expect(notice.authority.name).toContain('APDP');
    expect(notice.request_days).toBe(45);
  });

  it('lists the transfers the configured services imply (Twilio), and none for unconfigured ones', async () => {
    const notice = (await t.app.inject({ method: 'GET', url: '/api/privacy/notice' })).json();
    const recipients = notice.transfers.map((x: { recipient: string }) => x.recipient);
    expect(recipients).toEqual(['Twilio Inc.']);
  });

  it('an SMTP host of unknown location is named as the mail relay, not asserted a transfer; a known foreign service is', async () => {
    const notice = (await t.app.inject({ method: 'GET', url: '/api/privacy/notice' })).json();
    const messages = notice.categories.find((c: { key: string }) => c.key === 'messages');
    expect(messages.recipients).toContain('le serveur de messagerie smtp.example.com qui achemine les e-mails de l’association');
    expect(JSON.stringify(notice.transfers)).not.toContain('smtp.example.com');
    const gmail = buildPrivacyNotice(
      { ...DEFAULT_NOTICE_SETTINGS, messages: { sms: { provider: 'outbox' }, smtpUrl: 'smtps://a:b@smtp.gmail.com:465' } },
      DEFAULT_PRIVACY_CONTROLLER,
    );
    expect(gmail.transfers).toEqual([
      {
        service: 'Envoi des e-mails',
        recipient: 'Google (Gmail)',
        destination: 'États-Unis',
        data: 'Adresse e-mail et contenu des e-mails.',
      },
    ]);
  });

  it('event registrations (no account) are not said to be kept « tant que le compte existe »', async () => {
    const notice = (await t.app.inject({ method: 'GET', url: '/api/privacy/notice' })).json();
    const events = notice.categories.find((c: { key: string }) => c.key === 'evenements');
    expect(events.retention).not.toContain('compte existe');
    expect(events.retention).toContain('jusqu’à ce que vous en demandiez l’effacement');
    expect(events.retention).toContain('sans avoir besoin d’un compte');
  });

  it('without configuration: defaults (30 days, 12 and 24 months) and no transfer outside Benin', async () => {
    const plain = await createTestApp();
    try {
      const notice = (await plain.app.inject({ method: 'GET', url: '/api/privacy/notice' })).json();
      expect(notice.retention).toMatchObject({ criminal_record_days: 30, unconfirmed_months: 12, contact_months: 24 });
      expect(notice.transfers).toEqual([]);
      expect(notice.controller.dpo).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('without ORG_* settings, names the organisation facts the back office keeps', async () => {
    const plain = await createTestApp();
    try {
      const admin = await seedUser(plain, 'administrateur');
      const put = await plain.app.inject({
        method: 'PUT',
        url: '/api/admin/organisation',
        headers: bearer(admin.token),
        payload: {
          name: 'Association du Bureau',
          address: 'Akpakpa, Cotonou',
          telephone: '+2290197123456',
          email: 'bureau@asso.bj',
          receipt_signature_image: null,
        },
      });
      expect(put.statusCode).toBe(200);
      const notice = (await plain.app.inject({ method: 'GET', url: '/api/privacy/notice' })).json();
      expect(notice.controller).toMatchObject({ name: 'Association du Bureau', address: 'Akpakpa, Cotonou', email: 'bureau@asso.bj' });
    } finally {
      await plain.close();
    }
  });

  it('refuses a malformed setting at start with one line naming it', () => {
    expect(() => loadConfig({ RETENTION_CONTACT_MONTHS: 'deux' })).toThrow(/RETENTION_CONTACT_MONTHS/);
    expect(() => loadConfig({ DPO_EMAIL: 'pas-une-adresse' })).toThrow(/DPO_EMAIL/);
  });
});
