import { auditChangeWords, auditEntityWords } from '@shared/audit-words';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount, expenseValues, postExpense } from './helpers';

// The outside treasurer's audit findings: the trail named a treasury account by its id (« Compte : 3 ») and a books
// entry by its internal id (« Écriture comptable n° 10 ») instead of « Banque BOA » and « 2026-000010 ».

let t: TestApp;
let admin: SeededUser;
let bank: { id: number };
let cash: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  bank = await createAccount(t, admin, 'Banque BOA', 'banque', 200_000, '2026-01-01');
  cash = await createAccount(t, admin, 'Caisse du siège', 'caisse', 300_000, '2026-01-01');
});
afterAll(async () => t?.close());

type Row = { action: string; entity: string; entity_id: string; before: unknown; after: unknown; details: unknown };
const trail = async (action: string): Promise<Row[]> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?action=${action}`, headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const words = (r: Row) => auditChangeWords(r.before, r.after, r.details);

describe('the audit trail names treasury accounts and books entries as their screens do', () => {
  it('names the expense’s account', async () => {
    const res = await postExpense(t, admin, expenseValues(bank.id, 10_000, { method: 'virement' }));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await trail('expense.create');
    expect(words(row!)).toContain('Compte\u00a0: Banque BOA.');
    expect(words(row!)).not.toContain(`Compte\u00a0: ${bank.id}.`);
  });

  it('names both accounts of a transfer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/treasury/transfers',
      headers: bearer(admin.token),
      payload: { from: cash.id, to: bank.id, amount: 5_000, date: '2026-03-20' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const text = words((await trail('treasury_transfer.create'))[0]!);
    expect(text).toContain('Compte débité\u00a0: Caisse du siège.');
    expect(text).toContain('Compte crédité\u00a0: Banque BOA.');
  });

  it('names a books entry by its number, on creation and on reversal, in the view and the CSV export', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/books/entries',
      headers: bearer(admin.token),
      payload: {
        date: '2026-04-01',
        label: 'Achat de papeterie',
        lines: [
          { account: '605', debit: 3_000 },
          { account: '471', credit: 3_000 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json() as { id: number; number: string };
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/books/entries/${entry.id}/reverse`,
      headers: bearer(admin.token),
      payload: { reason: 'Erreur de compte' },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    for (const action of ['books_entry.create', 'books_entry.reverse']) {
      const [row] = await trail(action);
      expect(auditEntityWords(row!.entity, row!.entity_id, row!)).toBe(`Écriture comptable n° ${entry.number}`);
    }
    const csv = await t.app.inject({ url: '/api/admin/audit?format=csv&entity=books_entry', headers: bearer(admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(entry.number);
  });
});
