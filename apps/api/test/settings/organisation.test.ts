import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const facts = {
  name: 'Association Solidarité Besoins Essentiels',
  address: 'Lot 123, Akpakpa, Cotonou',
  registration_number: 'N° 2019/0456/DEP-ATL-LITT/SG/SAG-ASSOC',
  telephone: '+229 01 97 12 34 56',
  email: 'contact@asbe.bj',
  social: { facebook: 'https://facebook.com/asbe.benin', twitter: '', instagram: 'https://instagram.com/asbe', youtube: null },
  founder: 'Mathieu Kérékou-Adjovi',
  receipt_signature_image: null,
};
const put = (payload: Record<string, unknown>, token = admin.token) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/organisation', headers: bearer(token), payload });
const read = async () => (await t.app.inject({ method: 'GET', url: '/api/organisation' })).json();

describe("the organisation's facts", () => {
  it('are all unset on a fresh install, read by anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organisation' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: null,
      address: null,
      registration_number: null,
      telephone: null,
      email: null,
      social: { facebook: null, twitter: null, instagram: null, youtube: null },
      founder: null,
      receipt_signature_image: null,
    });
  });

  it('« À traiter » asks the administrator to complete them until they are set', async () => {
    const waiting = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/waiting', headers: bearer(admin.token) })).json();
    expect((await waiting()).organisation_incomplete).toBe(true);
    await put({ ...facts, registration_number: '' });
    expect((await waiting()).organisation_incomplete).toBe(true);
    // Once the facts receipts need are set, it stops asking, social links and founder left blank (issue 40).
    await put({ ...facts, founder: '', social: { facebook: null, twitter: null, instagram: null, youtube: null } });
    expect((await waiting()).organisation_incomplete).toBe(false);
    await put(facts);
  });

  it('an administrator sets them; blanks stay unset; audited with before and after', async () => {
    const res = await put(facts);
    expect(res.statusCode).toBe(200);
    expect(await read()).toEqual({
      ...facts,
      social: { facebook: 'https://facebook.com/asbe.benin', twitter: null, instagram: 'https://instagram.com/asbe', youtube: null },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'organisation.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit.after_state!).founder).toBe('Mathieu Kérékou-Adjovi');
    expect(JSON.parse(audit.before_state!)).toHaveProperty('founder');
  });

  it('refuses links that are not https, a malformed e-mail or telephone, a signature that was never uploaded, in French', async () => {
    const res = await put({
      ...facts,
      email: 'pas-un-email',
      telephone: 'appelez-nous',
      social: { facebook: 'javascript:alert(1)' },
      receipt_signature_image: '../../etc/passwd',
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.email).toEqual(['Veuillez entrer une adresse email valide.']);
    expect(errors.telephone[0]).toMatch(/^Le numéro de téléphone/);
    expect(errors.social).toEqual(['Le lien doit commencer par https://.']);
    const signature = await put({ ...facts, receipt_signature_image: 'signatures/00000000-0000-0000-0000-000000000000.png' });
    expect(signature.statusCode).toBe(422);
    expect(signature.json().errors.receipt_signature_image).toEqual(['Image de signature inconnue : envoyez-la de nouveau.']);
  });

  it('only an administrator changes them', async () => {
    for (const role of ['membre', 'conseiller'] as const) {
      const user = await seedUser(t, role);
      expect((await put(facts, user.token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/organisation', payload: facts })).statusCode).toBe(401);
  });
});

describe('receipts carry the facts that are set, and leave out the ones that are not', () => {
  const cash = {
    kind: 'donation',
    amount: 25000,
    name: 'Jean Hounkpatin',
    telephone: '+22961000001',
    method: 'especes',
    reference: 'Carnet 3',
    received_at: new Date().toISOString().slice(0, 10),
    purpose: 'education',
  };
  let carnet = 0;
  const receipt = async () => {
    // A new reference each time: the same reference, amount and day is refused as a duplicate (409).
    carnet += 1;
    const payload = { ...cash, reference: `Carnet ${carnet}` };
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/offline-payments', headers: bearer(admin.token), payload });
    expect(res.statusCode).toBe(201);
    return (await t.app.inject({ method: 'GET', url: res.json().receipt_url })).body;
  };

  it('an unset telephone, e-mail or registration number is left out (no placeholder on a receipt)', async () => {
    await put({ name: null, address: null, registration_number: null, telephone: null, email: null, social: null, founder: null });
    const html = await receipt();
    expect(html).toContain('Association Solidarité Besoins Essentiels');
    expect(html).not.toContain('+229 01 00 00 00 00');
    expect(html).not.toContain('enregistrement');
  });

  it('once set, the name, address, registration number and contact appear on the receipt', async () => {
    await put(facts);
    const html = await receipt();
    expect(html).toContain('Lot 123, Akpakpa, Cotonou');
    expect(html).toContain('N° d’enregistrement : N° 2019/0456/DEP-ATL-LITT/SG/SAG-ASSOC');
    expect(html).toContain('+229 01 97 12 34 56 · contact@asbe.bj');
  });
});
