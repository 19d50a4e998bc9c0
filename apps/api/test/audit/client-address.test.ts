import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollPendingOnce } from '../../src/modules/payments/money';
import { newUserBody } from '../accounts/helpers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Every audit entry written inside a request records that request's client address (`request.ip`), passed by the
// route to its service (no request context held for the whole process). Each change below comes from its own address,
// and the entry it writes must carry exactly that one.

let t: TestApp;
let admin: SeededUser;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

/** A documentation address (RFC 5737) of its own for each call. */
const nextAddress = () => `203.0.113.${++n}`;

async function lastEntry(action: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['ip', 'actor_user_id', 'entity_id'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function call(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token: string | null = admin.token,
  headers: Record<string, string> = {},
) {
  const address = nextAddress();
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { res, address };
}

async function insertTestimonial(): Promise<number> {
  const row = await t.db
    .insertInto('testimonials')
    .values({ text: 'Merci', author: 'Awa Adresse', title: 'Mère', avatar: 'a.png', is_published: 0, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertVolunteer(): Promise<number> {
  const row = await t.db
    .insertInto('volunteers')
    .values({
      name: 'Kossi Adresse',
      email: `kossi.adresse.${++n}@example.bj`,
      profile_image: 'p.png',
      cv: 'cv.pdf',
      motivation_letter: 'l.pdf',
      criminal_record: 'c.pdf',
      domain: 'Education',
      under_restriction: 0,
      is_confirmed: 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('audit entries record the client address of the request that made the change', () => {
  it('offline payment, then its deletion', async () => {
    const created = await call('POST', '/api/admin/offline-payments', {
      kind: 'donation',
      amount: 5000,
      name: 'Jean Hounkpatin',
      telephone: '+22961000009',
      method: 'especes',
      reference: 'Carnet 1',
      received_at: '2026-11-20',
      purpose: 'education',
    });
    expect(created.res.statusCode).toBe(201);
    expect(await lastEntry('offline_donation.create')).toMatchObject({ ip: created.address, actor_user_id: admin.id });
    const deleted = await call('DELETE', `/api/donations/${created.res.json().id}`, { reason: 'Erreur' });
    expect(deleted.res.statusCode).toBe(200);
    expect(await lastEntry('donation.delete')).toMatchObject({ ip: deleted.address, actor_user_id: admin.id });
  });

  it('testimonial moderation', async () => {
    const id = await insertTestimonial();
    const published = await call('PUT', `/api/testimonials/${id}/publish`);
    expect(published.res.statusCode).toBe(200);
    expect(await lastEntry('testimonial.publish')).toMatchObject({ ip: published.address, entity_id: String(id) });
    const deleted = await call('DELETE', `/api/testimonials/${id}`);
    expect(deleted.res.statusCode).toBe(200);
    expect(await lastEntry('testimonial.delete')).toMatchObject({ ip: deleted.address, entity_id: String(id) });
  });

  it('volunteer confirmation and refusal', async () => {
    const confirmedId = await insertVolunteer();
    const confirmed = await call('PUT', `/api/volunteers/${confirmedId}/confirm`);
    expect(confirmed.res.statusCode).toBe(200);
    expect(await lastEntry('volunteer.confirm')).toMatchObject({ ip: confirmed.address, entity_id: String(confirmedId) });
    const refusedId = await insertVolunteer();
    const refused = await call('PUT', `/api/volunteers/${refusedId}/refuse`, { reason: 'Dossier incomplet, merci de le compléter.' });
    expect(refused.res.statusCode).toBe(200);
    expect(await lastEntry('volunteer.refuse')).toMatchObject({ ip: refused.address, entity_id: String(refusedId) });
  });

  it('account registration and confirmation', async () => {
    const registered = await call('POST', '/api/register', newUserBody('consommateur'));
    expect(registered.res.statusCode).toBe(201);
    expect(await lastEntry('user.register')).toMatchObject({ ip: registered.address, actor_user_id: admin.id });
    const pending = await seedUser(t, 'sympathisant', { confirmed: false });
    const confirmed = await call('PUT', `/api/users/${pending.id}/confirm`);
    expect(confirmed.res.statusCode).toBe(200);
    expect(await lastEntry('user.confirm')).toMatchObject({ ip: confirmed.address, entity_id: String(pending.id) });
  });

  it('cause goal', async () => {
    const changed = await call('PUT', '/api/admin/causes/education', { goal: 1_000_000 });
    expect(changed.res.statusCode).toBe(200);
    expect(await lastEntry('cause_goal.update')).toMatchObject({ ip: changed.address });
  });

  it("a payment's status change: the address of the request that asked the provider; none for the background re-check", async () => {
    const initiated = await call(
      'POST',
      '/api/payment/initiate',
      {
        name: 'Awa Dossou',
        email: 'awa@example.bj',
        phone: '+22996000001',
        amount: 10000,
        payment_type: 'adhesion',
      },
      null,
    );
    expect(initiated.res.statusCode).toBe(201);
    const checkout = await call('POST', initiated.res.json().url, 'outcome=approved', null, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(checkout.res.statusCode).toBe(303);
    expect(await lastEntry('payment.status')).toMatchObject({ ip: checkout.address, actor_user_id: null });

    const pending = await call('POST', '/api/donation/initiate', { amount: 2000, purpose: 'education' }, null);
    const row = await t.db.selectFrom('donations').select(['id', 'transaction_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(pending.res.statusCode).toBe(201);
    await t.db.updateTable('sandbox_transactions').set({ status: 'approved' }).where('id', '=', row.transaction_id!).execute();
    await t.db.updateTable('donations').set({ checked_at: null }).where('id', '=', row.id).execute();
    await pollPendingOnce(t.app.payments);
    expect(await lastEntry('donation.status')).toMatchObject({ ip: null, entity_id: String(row.id) });
  });
});
