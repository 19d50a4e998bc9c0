import { OFFLINE_MESSAGES } from '@shared/schemas/offline-payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 25 row 11 (docs/product/accounts.md): a cash record with the same reference, amount and day as an
// existing one is refused with 409 unless `confirm_duplicate: true` — under parallel posts too; `received_at` is within
// the last 10 years and not in the future.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const today = () => new Date().toISOString().slice(0, 10);
const cash = (overrides: Record<string, unknown> = {}) => ({
  kind: 'donation',
  amount: 12000,
  name: 'Edwige Sossa',
  telephone: '0197330000',
  method: 'especes',
  reference: 'Carnet 9 – reçu 4',
  received_at: today(),
  purpose: 'sante',
  ...overrides,
});
const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/offline-payments', headers: bearer(admin.token), payload });
const count = async (reference: string) =>
  Number(
    (
      await t.db
        .selectFrom('donations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('duplicate cash records', () => {
  it('refuses the same reference, amount and day with 409 unless confirmed', async () => {
    expect((await post(cash())).statusCode).toBe(201);
    const again = await post(cash());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFLINE_MESSAGES.duplicate);
    expect(await count('Carnet 9 – reçu 4')).toBe(1);
    // Another amount or another day is another record.
    expect((await post(cash({ amount: 12500 }))).statusCode).toBe(201);
    const confirmed = await post(cash({ confirm_duplicate: true }));
    expect(confirmed.statusCode).toBe(201);
    expect(await count('Carnet 9 – reçu 4')).toBe(3);
  });

  it('records exactly one of 5 identical posts sent in parallel', async () => {
    const body = cash({ reference: 'Parallèle 1', amount: 3000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    expect(await count('Parallèle 1')).toBe(1);
  });

  it('a cancelled record does not block the same one entered again', async () => {
    const first = await post(cash({ reference: 'Annulé puis ressaisi' }));
    expect(first.statusCode).toBe(201);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/donations/${first.json().id}`,
      headers: bearer(admin.token),
      payload: { reason: 'Mauvais montant' },
    });
    expect((await post(cash({ reference: 'Annulé puis ressaisi' }))).statusCode).toBe(201);
  });
});

describe('the day the money was received', () => {
  it.each(['0001-01-01', '2010-06-15'])('refuses %s (more than 10 years ago) with 422', async (received_at) => {
    const res = await post(cash({ reference: `Vieux ${received_at}`, received_at }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.received_at).toEqual([OFFLINE_MESSAGES.receivedAtTooOld]);
  });

  it('refuses a day in the future with 422', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await post(cash({ reference: 'Futur', received_at: future }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.received_at).toEqual([OFFLINE_MESSAGES.receivedAtFuture]);
  });

  it('accepts a day nine years ago', async () => {
    const d = new Date();
    d.setUTCFullYear(d.getUTCFullYear() - 9);
    expect((await post(cash({ reference: 'Neuf ans', received_at: d.toISOString().slice(0, 10) }))).statusCode).toBe(201);
  });
});
