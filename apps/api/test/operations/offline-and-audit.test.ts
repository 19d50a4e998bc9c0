import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/modules/audit';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const cash = {
  kind: 'donation',
  amount: 25000,
  name: 'Jean Hounkpatin',
  telephone: '+22961000001',
  method: 'especes',
  reference: 'Carnet 3 – reçu 12',
  received_at: '2026-11-20',
  purpose: 'education',
};
const post = (payload: Record<string, unknown>, token = admin.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/offline-payments',
    headers: { ...bearer(token), 'x-forwarded-for': '10.1.2.3' },
    payload,
  });

describe('POST /api/admin/offline-payments', () => {
  it('records cash as an approved, numbered, offline donation by this administrator, shown as such in the list', async () => {
    const res = await post(cash);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'donation',
      amount: 25000,
      source: 'offline',
      transaction_status: 'approved',
      recorded_by: admin.id,
      message: 'Paiement reçu enregistré.',
    });
    expect(body.receipt_number).toMatch(/^DON-2026-\d{6}$/);
    const row = await t.db.selectFrom('donations').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'offline',
      recorded_by: admin.id,
      method: 'especes',
      reference: 'Carnet 3 – reçu 12',
      phone: '+2290161000001',
      paid_at: '2026-11-20T12:00:00.000Z',
      is_verified: 1,
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/donations', headers: bearer(admin.token) });
    expect(list.json()[0]).toMatchObject({
      id: body.id,
      source: 'offline',
      method: 'especes',
      reference: 'Carnet 3 – reçu 12',
      transaction_status: 'approved',
    });
    const receipt = await t.app.inject({ method: 'GET', url: body.receipt_url });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Espèces — réf. Carnet 3 – reçu 12');
    const pdf = await t.app.inject({ method: 'GET', url: body.receipt_url.replace('?', '/pdf?') });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('a membership fee recorded by hand counts for the account with that telephone', async () => {
    const member = await seedUser(t, 'membre');
    const res = await post({
      ...cash,
      kind: 'payment',
      purpose: undefined,
      payment_type: 'cotisation',
      telephone: member.telephone,
      method: 'mobile_money',
      received_at: new Date().toISOString().slice(0, 10),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().receipt_number).toMatch(/^PAI-\d{4}-\d{6}$/);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(member.token) });
    expect(profile.json().membership.status).toBe('a_jour');
  });

  it.each([
    [{ ...cash, method: 'bitcoin' }, 'method', 'Veuillez choisir un moyen de paiement.'],
    [{ ...cash, kind: 'pret' }, 'kind', 'Veuillez choisir « don » ou « paiement ».'],
    [{ ...cash, amount: 0 }, 'amount', 'Le montant doit être supérieur à 0.'],
    [{ ...cash, reference: '  ' }, 'reference', 'La référence est requise (numéro de reçu, de virement ou de chèque).'],
    [{ ...cash, received_at: '2026-02-31' }, 'received_at', 'Veuillez entrer une date de réception valide (AAAA-MM-JJ).'],
    [{ ...cash, received_at: '2999-01-01' }, 'received_at', 'La date de réception ne peut pas être dans le futur.'],
    [{ ...cash, purpose: undefined }, 'purpose', 'Veuillez choisir la cause du don.'],
    [{ ...cash, kind: 'payment', purpose: undefined }, 'payment_type', 'Veuillez choisir le type de paiement.'],
    [{ ...cash, name: '' }, 'name', 'Le nom est requis.'],
  ])('refuses bad input %# with a French 422 on %s and records nothing', async (payload, field, message) => {
    const before = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field as string]).toEqual([message]);
    const after = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('is for administrators only', async () => {
    for (const role of ['membre', 'conseiller', 'conseiller_pro'] as const) {
      const user = await seedUser(t, role);
      expect((await post(cash, user.token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/offline-payments', payload: cash })).statusCode).toBe(401);
  });
});

describe('cancelling a money record', () => {
  it('keeps the row with its reason, hides it from the list and totals, shows it under the cancelled filter', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const monthTotal = async () => {
      const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json();
      return stats.monthly.find((m: { month: string }) => m.month === today.slice(0, 7)).donations_total as number;
    };
    const base = await monthTotal();
    const { id } = (await post({ ...cash, amount: 7000, received_at: today })).json();
    // Offline money counts in the statistics like any other.
    expect(await monthTotal()).toBe(base + 7000);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/donations/${id}`,
      headers: bearer(admin.token),
      payload: { reason: 'Saisie en double' },
    });
    expect(del.statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/donations?per_page=100', headers: bearer(admin.token) })).json();
    expect(list.some((d: { id: number }) => d.id === id)).toBe(false);
    const cancelled = await t.app.inject({ method: 'GET', url: '/api/donations?cancelled=1', headers: bearer(admin.token) });
    expect(cancelled.json()).toEqual([expect.objectContaining({ id, deleted_reason: 'Saisie en double' })]);
    expect(cancelled.headers['x-total-count']).toBe('1');
    expect(await monthTotal()).toBe(base);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/donations/${id}`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
    const tooLong = await t.app.inject({
      method: 'DELETE',
      url: `/api/payments/1`,
      headers: bearer(admin.token),
      payload: { reason: 'x'.repeat(301) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.reason).toEqual(['Le motif doit contenir au plus 300 caractères.']);
  });
});

describe('GET /api/admin/audit', () => {
  it('records who did what, when, from which address, before and after; filtered by actor, entity and action', async () => {
    const { id } = (await post({ ...cash, amount: 3000 })).json();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/donations/${id}`,
      headers: { ...bearer(admin.token), 'x-forwarded-for': '10.9.9.9' },
      payload: { reason: 'Erreur' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=donation&actor=${admin.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().filter((e: { entity_id: string }) => e.entity_id === String(id));
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['donation.delete', 'offline_donation.create']);
    const [deletion, creation] = entries;
    expect(creation).toMatchObject({
      actor_user_id: admin.id,
      actor_name: admin.name,
      before: null,
      after: expect.objectContaining({ amount: 3000, source: 'offline' }),
    });
    expect(creation.ip).toEqual(expect.any(String));
    expect(deletion.before).toMatchObject({ deleted_at: null });
    expect(deletion.after).toMatchObject({ deleted_reason: 'Erreur' });
    expect(deletion.details).toEqual({ reason: 'Erreur' });

    const byAction = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=donation.delete', headers: bearer(admin.token) });
    expect(byAction.json().every((e: { action: string }) => e.action === 'donation.delete')).toBe(true);
    expect(Number(byAction.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const member = await seedUser(t, 'membre');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(member.token) })).statusCode).toBe(403);
  });

  it('account confirmations go through the same trail', async () => {
    const pending = await seedUser(t, 'sympathisant', { confirmed: false });
    await t.app.inject({ method: 'PUT', url: `/api/users/${pending.id}/confirm`, headers: bearer(admin.token) });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=user.confirm', headers: bearer(admin.token) });
    expect(res.json()[0]).toMatchObject({
      entity: 'users',
      entity_id: String(pending.id),
      actor_user_id: admin.id,
      ip: expect.any(String),
    });
  });

  it('is written in the same transaction as the change: a change that fails leaves no entry', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('donations').set({ amount: 1 }).where('id', '=', 1).execute();
        await recordAudit(trx, {
          actorId: admin.id,
          ip: null,
          actingId: null,
          action: 'donation.update',
          entity: 'donation',
          entityId: 1,
          before: {},
          after: { amount: 1 },
        });
        throw new Error('the change fails after its audit entry');
      }),
    ).rejects.toThrow('the change fails');
    expect(await count()).toBe(before);

    // Through the API: deleting a record that does not exist changes nothing and records nothing.
    await t.app.inject({ method: 'DELETE', url: '/api/donations/999999', headers: bearer(admin.token) });
    expect(await count()).toBe(before);
  });
});
