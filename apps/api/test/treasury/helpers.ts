import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { bearer, type SeededUser } from '../helpers/users';
import { field, file, makePdf, multipart, type Part } from '../public-site/fixtures';

/** A treasury account created through the API. */
export async function createAccount(t: TestApp, admin: SeededUser, name: string, kind: string, opening = 0, date = '2026-01-01') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/treasury/accounts',
    headers: bearer(admin.token),
    payload: { name, kind, opening_balance: opening, opening_date: date },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; kind: string; balance: number };
}

export async function balanceOf(t: TestApp, admin: SeededUser, id: number): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/treasury/accounts', headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number; balance: number }[]).find((a) => a.id === id)!.balance;
}

export function postExpense(
  t: TestApp,
  admin: SeededUser,
  values: Record<string, string | number>,
  proof: Part | null = file('proof', 'facture.pdf', makePdf()),
) {
  const parts = [...Object.entries(values).map(([k, v]) => field(k, String(v))), ...(proof ? [proof] : [])];
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/expenses',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token) },
  });
}

export const expenseValues = (account: number, amount: number, extra: Record<string, string | number> = {}) => ({
  amount,
  category: 'alimentation',
  purpose: 'alimentation',
  account,
  paid_at: '2026-03-10',
  method: 'especes',
  payee: 'Marché Dantokpa',
  description: 'Riz et huile pour les familles',
  ...extra,
});

export async function offlineDonation(t: TestApp, admin: SeededUser, values: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/offline-payments',
    headers: bearer(admin.token),
    payload: {
      kind: 'donation',
      amount: 10_000,
      name: 'Koffi Mensah',
      telephone: '0197123456',
      method: 'especes',
      reference: `R-${Math.random().toString(36).slice(2, 8)}`,
      received_at: '2026-03-05',
      purpose: 'sante',
      ...values,
    },
  });
  return res;
}
