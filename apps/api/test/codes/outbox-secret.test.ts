import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { CODE_MASK } from '../../src/modules/codes';
import { openText } from '../../src/platform/storage/sealed-text';
import { outboxRow } from '../helpers/rows';
import { notifyPerson } from '../../src/modules/messages/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { startSmtpServer } from '../messages/helpers';

// A message carrying a code: the outbox (and its list) hold the mask, the provider gets the code, then it is forgotten.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ messages: { sms: { provider: 'outbox' }, smtpUrl: smtp.url, mailFrom: 'ASBE <no-reply@asbe.bj>' } });
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('outbox secrets', () => {
  it('lists the mask and sends the code', async () => {
    await notifyPerson(
      t.db,
      { telephone: '+2290197000099', email: 'code@example.bj' },
      { subject: 'Votre code', sms: `Votre code est ${CODE_MASK}.`, html: `<p>Code : ${CODE_MASK}</p>`, secret: '482913' },
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages', headers: bearer(admin.token) });
    expect(list.body).not.toContain('482913');
    expect(list.body).toContain(CODE_MASK);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/messages?format=csv', headers: bearer(admin.token) });
    expect(csv.body).not.toContain('482913');
    await t.app.messages.worker.runOnce();
    expect(smtp.mails.at(-1)?.raw).toContain('482913');
    const rows = await t.db.selectFrom('outbox_messages').select(['secret', 'status', 'body']).execute();
    // The e-mail left by SMTP (sent); the SMS stayed here since no SMS provider is configured (kept).
    expect(rows.every((r) => r.secret === null && !r.body.includes('482913'))).toBe(true);
    expect(rows.map((r) => r.status).sort()).toEqual(['kept', 'sent']);
  });

  it('a code queued in clear by an earlier version is sealed at the next start', async () => {
    await t.db
      .insertInto('outbox_messages')
      .values(
        outboxRow({
          channel: 'sms',
          to_address: '+2290197000098',
          body: `Code ${CODE_MASK}`,
          secret: '771155',
          status: 'queued',
          created_at: new Date().toISOString(),
        }),
      )
      .execute();
    const again = await buildApp({ config: t.config, db: t.db, logger: false, webDir: t.dataDir });
    try {
      await again.ready();
      const row = await t.db
        .selectFrom('outbox_messages')
        .select('secret')
        .where('to_address', '=', '+2290197000098')
        .executeTakeFirstOrThrow();
      expect(row.secret).not.toContain('771155');
      expect(openText(row.secret)).toBe('771155');
    } finally {
      await again.close();
    }
  });
});
