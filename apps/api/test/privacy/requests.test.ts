import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { readZip, type SeededPerson, seedPerson } from './fixtures';

// docs/product/personal-data.md — Requests: public, proved by an SMS code (and e-mail when given), due 45 days after
// the proof, warned on the dashboard 7 days before, fulfilled by an export or an erasure, each recorded.

let t: TestApp;
let admin: SeededUser;
let member: SeededUser;
let a: SeededPerson;
let b: SeededPerson;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  member = await seedUser(t, 'membre');
  a = await seedPerson(t, 'ama', '96333333');
  b = await seedPerson(t, 'ben', '96444444');
});
afterAll(async () => t?.close());
afterEach(() => setClock(null));

const codeSentTo = async (address: string) => {
  const row = await t.db
    .selectFrom('outbox_messages')
    .select(['secret', 'body'])
    .where('to_address', '=', address)
    .where('secret', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return openText(row.secret)!;
};

const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/privacy/requests', payload });
const verify = (id: number, code: string) => t.app.inject({ method: 'POST', url: `/api/privacy/requests/${id}/verify`, payload: { code } });
const list = () => t.app.inject({ method: 'GET', url: '/api/admin/privacy-requests', headers: bearer(admin.token) });

describe('privacy requests', () => {
  it('refuses bad input with French messages', async () => {
    const res = await create({ kind: 'autre', telephone: '12', details: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.kind).toEqual(['Choisissez le type de demande.']);
    expect(res.json().errors.details).toEqual(['Décrivez votre demande.']);
    const bad = await create({ kind: 'acces', telephone: '12', details: 'Mes données' });
    expect(bad.json().errors.telephone).toEqual(['Numéro de téléphone invalide.']);
  });

  it('sends a code by SMS to the telephone only; a wrong code is refused; the right one opens it with a due date 45 days later', async () => {
    setClock('2026-11-26T08:00:00.000Z');
    const res = await create({ kind: 'acces', telephone: '01 96 33 33 33', email: 'ama@exemple.bj', details: 'Je veux mes données.' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const code = await codeSentTo(a.telephone);
    // The e-mail given beside the telephone is never sent the code (it proves nothing).
    expect(await t.db.selectFrom('outbox_messages').select('id').where('to_address', '=', 'ama@exemple.bj').execute()).toEqual([]);
    // Not yet listed: nobody proved the telephone.
    expect((await list()).json()).toEqual([]);
    const wrong = await verify(id, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Code invalide ou expiré. Demandez un nouveau code.');
    const right = await verify(id, code);
    expect(right.statusCode).toBe(200);
    expect((await verify(id, code)).statusCode).toBe(409);
    const rows = (await list()).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      kind: 'acces',
      status: 'a_traiter',
      verified_at: '2026-11-26T08:00:00.000Z',
      due_at: '2027-01-10T08:00:00.000Z',
    });
  });

  it('the dashboard’s « À traiter » warns 7 days before the due date, not earlier', async () => {
    const waiting = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/waiting', headers: bearer(admin.token) })).json();
    setClock('2027-01-02T08:00:00.000Z'); // 8 days before
    expect(await waiting()).toMatchObject({ privacy_requests: 1, privacy_requests_due_soon: 0 });
    setClock('2027-01-03T08:00:01.000Z'); // less than 7 days before
    expect(await waiting()).toMatchObject({ privacy_requests: 1, privacy_requests_due_soon: 1 });
  });

  it('only administrators see requests and exports', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/privacy-requests', headers: bearer(member.token) })).statusCode).toBe(403);
    const [row] = (await list()).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/privacy-requests/${row.id}/export`, headers: bearer(member.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('access: the administrator’s export holds the person’s rows and none of the other person; fulfilling it is recorded', async () => {
    const [row] = (await list()).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/privacy-requests/${row.id}/export`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const zip = await readZip(res.rawPayload);
    const json = zip.get('donnees.json')!.toString();
    expect(json).toContain(a.name);
    expect(json).not.toContain(b.name);
    expect(json).not.toContain('96444444');
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy-requests/${row.id}/fulfil`,
      headers: bearer(admin.token),
      payload: { outcome: 'Fichier envoyé par e-mail.' },
    });
    expect(done.statusCode).toBe(200);
    expect((await list()).json()[0]).toMatchObject({ status: 'traitee', closed_by: admin.id, outcome: 'Fichier envoyé par e-mail.' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy-requests/${row.id}/fulfil`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity', '=', 'privacy_request').execute();
    expect(audit.map((x) => x.action)).toEqual(['privacy.request', 'privacy.export', 'privacy.request.fulfil']);
  });

  it('erasure: fulfilling an erasure request erases the person who proved the telephone, and only them', async () => {
    const res = await create({ kind: 'effacement', telephone: b.telephone, details: 'Effacez tout.' });
    const { id } = res.json();
    expect((await verify(id, await codeSentTo(b.telephone))).statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy-requests/${id}/fulfil`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(done.statusCode).toBe(200);
    for (const key of b.files) expect(await t.app.storage.open(key)).toBeNull();
    for (const key of a.files) expect(await t.app.storage.open(key)).not.toBeNull();
    const donation = await t.db.selectFrom('donations').select(['name', 'phone']).where('id', '=', b.donationId).executeTakeFirstOrThrow();
    expect(donation).toEqual({ name: 'Donateur anonymisé', phone: null });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', b.email).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', a.email).execute()).toHaveLength(1);
    const request = (await list()).json().find((r: { id: number }) => r.id === id);
    expect(request).toMatchObject({ status: 'traitee', telephone: null, details: null });
    const erasure = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'privacy.erasure').executeTakeFirstOrThrow();
    expect(erasure.actor_user_id).toBe(admin.id);
    expect(JSON.stringify(erasure)).not.toContain(b.email);
    expect(JSON.stringify(erasure)).not.toContain('96444444');
  });

  it('a refusal closes the request with its reason', async () => {
    const { id } = (await create({ kind: 'opposition', telephone: a.telephone, details: 'Plus de SMS.' })).json();
    await verify(id, await codeSentTo(a.telephone));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy-requests/${id}/reject`,
      headers: bearer(admin.token),
      payload: { outcome: 'Demande déjà satisfaite.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('La demande est refusée.');
  });
});
