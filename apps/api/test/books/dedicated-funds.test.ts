import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount, expenseValues, offlineDonation, postExpense } from '../treasury/helpers';
import { balanceOfAccount, trialBalance } from './helpers';

// A gift restricted to a cause and unspent at year end goes to the dedicated funds (165 by 6918); spent the next
// year, the funds come back as income (792), so that year's result is not charged twice.

let t: TestApp;
let admin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  await t?.close();
});

const close = (year: number) => t.app.inject({ method: 'POST', url: `/api/admin/books/years/${year}/close`, headers: bearer(admin.token) });

describe('dedicated funds across years', () => {
  it('sets aside an unspent restricted gift, then releases it when spent', async () => {
    const caisse = await createAccount(t, admin, 'Caisse', 'caisse', 0, '2024-01-01');
    expect(
      (await offlineDonation(t, admin, { amount: 10_000, purpose: 'education', received_at: '2024-06-01', account: caisse.id })).statusCode,
    ).toBe(201);
    const first = await close(2024);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ dedicated_funds: 10_000, result: 0 });
    expect(balanceOfAccount(await trialBalance(t, admin, 2024), '6918')).toBe(10_000);

    const spent = await postExpense(
      t,
      admin,
      expenseValues(caisse.id, 4_000, { category: 'education', purpose: 'education', paid_at: '2025-03-01' }),
    );
    expect(spent.statusCode, spent.body).toBe(201);
    const second = await close(2025);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ dedicated_funds: -4_000, result: 0 });
    const tb = await trialBalance(t, admin, 2025);
    expect(balanceOfAccount(tb, '792')).toBe(-4_000);
    // 2026 opens with 6 000 still set aside for education.
    expect(balanceOfAccount(await trialBalance(t, admin, 2026), '165')).toBe(-6_000);
  });
});
