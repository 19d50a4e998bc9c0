import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { enqueueMessage } from '../../src/modules/messages';
import { setClock } from '../../src/platform/lib/clock';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { readZip, type SeededPerson, seedPerson } from './fixtures';

// docs/product/personal-data.md: fulfilling an access request sends the person (SMS, and e-mail when known)
// a link /mes-donnees/{token} (≥ 128 bits, 7 days, one person) to a readable French summary with the ZIP beside it;
// the ZIP carries no live /engagement/… or /billet/… link.

let t: TestApp;
let admin: SeededUser;
let a: SeededPerson;
let b: SeededPerson;
const PLEDGE_TOKEN = 'PledgeTokenOfAwa0123456789abcdefXYZ';
const TICKET_TOKEN = '12.TicketSignatureOfAwa0123456789';
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  a = await seedPerson(t, 'awa', '96515151');
  b = await seedPerson(t, 'bio', '96525252');
  await enqueueMessage(t.db, {
    channel: 'sms',
    to: a.telephone,
    body: `ASBE : gérez votre don mensuel ici : https://asbe.bj/engagement/${PLEDGE_TOKEN} et votre billet : https://asbe.bj/billet/${TICKET_TOKEN}`,
  });
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const smsTo = (address: string) =>
  t.db.selectFrom('outbox_messages').select(['body', 'secret']).where('to_address', '=', address).orderBy('id').execute();

let token = '';
async function fulfilledAccess(telephone: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/privacy/requests',
    payload: { kind: 'acces', telephone, details: 'Mes données.' },
  });
  const { id } = created.json();
  const code = openText((await smsTo(telephone)).filter((r) => r.secret).at(-1)!.secret)!;
  expect((await t.app.inject({ method: 'POST', url: `/api/privacy/requests/${id}/verify`, payload: { code } })).statusCode).toBe(200);
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/admin/privacy-requests/${id}/fulfil`,
    headers: bearer(admin.token),
    payload: {},
  });
  expect(done.statusCode).toBe(200);
  const sms = (await smsTo(telephone)).at(-1)!.body;
  const found = /\/mes-donnees\/([A-Za-z0-9_-]+)/.exec(sms);
  expect(found, sms).not.toBeNull();
  return found![1]!;
}

describe('the person receives their data', () => {
  it('fulfilling an access request sends the link by SMS and to the account’s e-mail; the token carries ≥ 128 bits', async () => {
    setClock('2026-11-26T08:00:00.000Z');
    token = await fulfilledAccess(a.telephone);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const sms = (await smsTo(a.telephone)).at(-1)!.body;
    expect(sms.length).toBeLessThanOrEqual(300);
    expect(sms).toContain('pendant 7 jours');
    const mail = (await smsTo(a.email)).at(-1)!.body;
    expect(mail).toContain(`/mes-donnees/${token}`);
    // Only the token's hash is stored.
    const links = await t.db.selectFrom('data_links').selectAll().execute();
    expect(JSON.stringify(links)).not.toContain(token);
  });

  it('/mes-donnees/{token}: a readable, printable French page of everything held, the ZIP beside it', async () => {
    setClock('2026-11-27T08:00:00.000Z');
    const res = await t.app.inject({ method: 'GET', url: `/mes-donnees/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const html = res.body;
    for (const heading of [
      'Vos données personnelles',
      'Votre compte',
      'Vos dons',
      'Vos dons réguliers',
      'Vos inscriptions aux événements',
      'Vos consentements',
    ])
      expect(html).toContain(heading);
    expect(html).toContain(a.name);
    expect(html).toContain('Compte confirmé</dt><dd>Oui');
    expect(html).toMatch(/\d{1,2} \w+ 2026 à \d{2}:\d{2}/); // Cotonou dates in words
    expect(html).toContain('5\u00a0000\u00a0FCFA');
    expect(html).toContain('@media print');
    expect(html).not.toContain('is_confirmed');
    expect(html).not.toContain(b.name);
    expect(html).not.toContain(PLEDGE_TOKEN);
    expect(html).not.toContain(TICKET_TOKEN);
    expect(html).toContain(`/api/my-data/${token}/zip`);
    const json = await t.app.inject({ method: 'GET', url: `/api/my-data/${token}` });
    expect(json.statusCode).toBe(200);
    expect(json.json().sections.find((s: { key: string }) => s.key === 'dons').title).toBe('Vos dons');
  });

  it('the ZIP: a French summary beside the raw rows, and no live ticket or pledge link', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/my-data/${token}/zip` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const zip = await readZip(res.rawPayload);
    const raw = zip.get('donnees.json')!.toString();
    expect(JSON.parse(raw).donnees.compte[0].name).toBe(a.name);
    expect(raw).not.toContain(PLEDGE_TOKEN);
    expect(raw).not.toContain(TICKET_TOKEN);
    expect(raw).toContain('/engagement/••••');
    expect(raw).not.toContain(b.name);
    const resume = zip.get('resume.html')!.toString();
    expect(resume).toContain('Vos dons');
    expect(resume).not.toContain(PLEDGE_TOKEN);
    // The administrator's copy is masked the same way.
    const [row] = (await t.app.inject({ method: 'GET', url: '/api/admin/privacy-requests', headers: bearer(admin.token) })).json();
    const adminZip = await t.app.inject({
      method: 'GET',
      url: `/api/admin/privacy-requests/${row.id}/export`,
      headers: bearer(admin.token),
    });
    expect((await readZip(adminZip.rawPayload)).get('donnees.json')!.toString()).not.toContain(PLEDGE_TOKEN);
  });

  it('the request log keeps the address with the token, a password or a telephone masked', async () => {
    const logged: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (line: Buffer) => logged.push(line.toString()));
    const logging = await buildApp({ config: { ...t.config, logLevel: 'info' }, db: t.db, logStream, webDir: t.dataDir });
    try {
      await logging.ready();
      await logging.inject({ method: 'GET', url: `/mes-donnees/${token}` });
      await logging.inject({ method: 'GET', url: `/api/my-data/${token}/zip` });
      // A sign-in form that left as a GET (a browser that could not run the page's script).
      await logging.inject({ method: 'GET', url: '/connexion?telephone=%2B2290196000001&password=Secret-123&remember=on' });
      await new Promise((r) => setImmediate(r));
      const text = logged.join('');
      expect(text).toContain('"url":"/mes-donnees/••••"');
      expect(text).toContain('"url":"/api/my-data/••••/zip"');
      expect(text).toContain('"url":"/connexion?telephone=••••&password=••••&remember=on"');
      expect(text).not.toContain(token);
      expect(text).not.toContain('Secret-123');
    } finally {
      await logging.close();
    }
  });

  it('the link answers for 7 days, then 410 with a French page; an unknown token is 404', async () => {
    setClock('2026-12-03T07:59:59.000Z');
    expect((await t.app.inject({ method: 'GET', url: `/api/my-data/${token}` })).statusCode).toBe(200);
    setClock('2026-12-03T08:00:01.000Z');
    const page = await t.app.inject({ method: 'GET', url: `/mes-donnees/${token}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Ce lien vers vos données a expiré');
    expect((await t.app.inject({ method: 'GET', url: `/api/my-data/${token}/zip` })).statusCode).toBe(410);
    const json = await t.app.inject({ method: 'GET', url: `/api/my-data/${token}` });
    expect(json.statusCode).toBe(410);
    expect(json.json().message).toBe(
      'Ce lien vers vos données a expiré (il était valable 7 jours). Faites une nouvelle demande depuis la page Confidentialité.',
    );
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ method: 'GET', url: `/mes-donnees/${forged}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-data/x' })).statusCode).toBe(404);
  });
});
