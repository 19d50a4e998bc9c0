import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFedaPayTestApp, type FedaPayTestApp } from '../helpers/fedapay-app';
import type { TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { file, makePng } from '../public-site/fixtures';
import { balanceOf, createAccount, expenseValues, offlineDonation, postExpense } from './helpers';

// Balances are kept as money moves: online receipts in the mobile-money account, cash in the account named (or the
// first of its kind), expenses, transfers; refunds and cancellations are counter-entries, never edits.

let t: TestApp;
let app: FedaPayTestApp;
let admin: SeededUser;
let second: SeededUser;
let caisse: { id: number };
let banque: { id: number };
let momo: { id: number };

beforeAll(async () => {
  app = await createFedaPayTestApp('treasury', { eventIdFrom: 90000, overrides: { publicUrl: 'https://asbe.example.bj' } });
  t = app.t;
  admin = await seedUser(t, 'administrateur');
  second = await seedUser(t, 'administrateur');
  caisse = await createAccount(t, admin, 'Caisse du siège', 'caisse', 20_000);
  banque = await createAccount(t, admin, 'Compte Ecobank', 'banque', 500_000);
  momo = await createAccount(t, admin, 'MTN MoMo', 'mobile_money', 0);
});
afterAll(async () => {
  await app?.close();
});

const webhook = (transactionId: string, status: string) => app.webhook(transactionId, status);

async function giveOnline(amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/donation/initiate',
    payload: { amount, purpose: 'education', name: 'Ama Donatrice', phone: '0196000001' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const row = await t.db.selectFrom('donations').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  await webhook(row.transaction_id!, 'approved');
  return row;
}

const journal = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/treasury/journal${query}`, headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{
    id: number;
    amount: number;
    balance: number;
    account: number;
    kind: string;
    reverses: number | null;
    date: string;
    source: string;
  }>;
};

describe('accounts', () => {
  it('lists accounts with their opening and current balances; only administrators', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/treasury/accounts', headers: bearer(admin.token) });
    expect(res.json()).toEqual(
      expect.arrayContaining([
        {
          id: caisse.id,
          name: 'Caisse du siège',
          kind: 'caisse',
          opening_balance: 20_000,
          opening_date: '2026-01-01',
          balance: 20_000,
          ledger_account: '5711',
        },
      ]),
    );
    const member = await seedUser(t, 'membre');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/treasury/accounts', headers: bearer(member.token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/treasury/accounts' })).statusCode).toBe(401);
  });

  it('refuses a bad kind, a duplicate name and a future opening date with French 422s', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/treasury/accounts', headers: bearer(admin.token), payload });
    const bad = await post({ name: 'X', kind: 'coffre', opening_balance: 0, opening_date: '2026-01-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.kind[0]).toContain('caisse, banque ou mobile money');
    const dup = await post({ name: 'caisse du siège', kind: 'caisse', opening_balance: 0, opening_date: '2026-01-01' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['Un compte porte déjà ce nom.']);
    const future = await post({ name: 'Futur', kind: 'caisse', opening_balance: 0, opening_date: '2099-01-01' });
    expect(future.statusCode).toBe(422);
  });
});

describe('money received', () => {
  it('an approved online donation lands in the mobile-money account; its refund is a counter-entry', async () => {
    const row = await giveOnline(7_500);
    expect(await balanceOf(t, admin, momo.id)).toBe(7_500);
    await webhook(row.transaction_id!, 'refunded');
    expect(await balanceOf(t, admin, momo.id)).toBe(0);
    const lines = (await journal(`?account=${momo.id}`)).filter((l) => l.source === 'donation');
    expect(lines.map((l) => l.amount)).toEqual([7_500, -7_500]);
    expect(lines[1]!.reverses).toBe(lines[0]!.id);
    expect(lines.map((l) => l.balance)).toEqual([7_500, 0]);
  });

  it('online receipts land in the mobile-money account named in the settings', async () => {
    const moov = await createAccount(t, admin, 'Moov Money', 'mobile_money', 0);
    const wrongKind = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/treasury/settings',
      headers: bearer(admin.token),
      payload: { fedapay_account: banque.id },
    });
    expect(wrongKind.statusCode).toBe(422);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/treasury/settings',
      headers: bearer(admin.token),
      payload: { fedapay_account: moov.id },
    });
    expect(set.statusCode).toBe(200);
    await giveOnline(3_000);
    expect(await balanceOf(t, admin, moov.id)).toBe(3_000);
    expect(await balanceOf(t, admin, momo.id)).toBe(0);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/treasury/settings',
      headers: bearer(admin.token),
      payload: { fedapay_account: null },
    });
  });

  it('cash lands in the first account of its kind, or in the account named; a cancellation is a counter-entry', async () => {
    const before = { caisse: await balanceOf(t, admin, caisse.id), banque: await balanceOf(t, admin, banque.id) };
    const cash = await offlineDonation(t, admin, { amount: 10_000 });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(await balanceOf(t, admin, caisse.id)).toBe(before.caisse + 10_000);
    const cheque = await offlineDonation(t, admin, { amount: 4_000, method: 'cheque' });
    expect(cheque.statusCode).toBe(201);
    expect(await balanceOf(t, admin, banque.id)).toBe(before.banque + 4_000);
    const named = await offlineDonation(t, admin, { amount: 2_000, account: banque.id });
    expect(named.statusCode).toBe(201);
    expect(await balanceOf(t, admin, banque.id)).toBe(before.banque + 6_000);
    const unknown = await offlineDonation(t, admin, { amount: 2_000, account: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.account).toEqual(['Ce compte n’existe pas.']);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/donations/${cash.json().id}`,
      headers: bearer(admin.token),
      payload: { reason: 'Saisie en double' },
    });
    expect(del.statusCode).toBe(200);
    expect(await balanceOf(t, admin, caisse.id)).toBe(before.caisse);
    const lines = (await journal(`?account=${caisse.id}`)).filter((l) => l.source === 'donation');
    expect(lines.slice(-2).map((l) => l.amount)).toEqual([10_000, -10_000]);
  });

  it('a membership payment recorded by hand lands too', async () => {
    const before = await balanceOf(t, admin, caisse.id);
    const res = await offlineDonation(t, admin, { kind: 'payment', payment_type: 'cotisation', purpose: undefined, amount: 5_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(t, admin, caisse.id)).toBe(before + 5_000);
  });
});

describe('transfers', () => {
  it('moves money between two accounts and refuses the same account', async () => {
    const [c, b] = [await balanceOf(t, admin, caisse.id), await balanceOf(t, admin, banque.id)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/treasury/transfers',
      headers: bearer(admin.token),
      payload: { from: caisse.id, to: banque.id, amount: '5 000', date: '2026-03-20', reference: 'DEP-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(t, admin, caisse.id)).toBe(c - 5_000);
    expect(await balanceOf(t, admin, banque.id)).toBe(b + 5_000);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/admin/treasury/transfers',
      headers: bearer(admin.token),
      payload: { from: caisse.id, to: caisse.id, amount: 1, date: '2026-03-20' },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.to).toEqual(['Les comptes de départ et d’arrivée doivent être différents.']);
  });
});

describe('expenses', () => {
  it('below the threshold: approved at once, leaves its account; cancelled with a reason: a counter-entry', async () => {
    const before = await balanceOf(t, admin, caisse.id);
    const res = await postExpense(t, admin, expenseValues(caisse.id, 8_000));
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json();
    expect(expense).toMatchObject({ status: 'approuvee', amount: 8_000, has_proof: true, message: 'Dépense enregistrée.' });
    expect(await balanceOf(t, admin, caisse.id)).toBe(before - 8_000);
    const proof = await t.app.inject({ method: 'GET', url: expense.proof_url, headers: bearer(admin.token) });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('application/pdf');

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/expenses/${expense.id}/cancel`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(noReason.statusCode).toBe(422);
    // An approved expense is cancelled by two (modules/policy): proposed by one, carried out by the other.
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/expenses/${expense.id}/cancel`,
      headers: bearer(admin.token),
      payload: { reason: 'Facture erronée' },
    });
    expect(proposed.statusCode).toBe(202);
    expect(await balanceOf(t, admin, caisse.id)).toBe(before - 8_000);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/expenses/${expense.id}/cancel`,
      headers: bearer(second.token),
      payload: { reason: 'Facture erronée' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'annulee', cancel_reason: 'Facture erronée' });
    expect(await balanceOf(t, admin, caisse.id)).toBe(before);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/expenses/${expense.id}/cancel`,
      headers: bearer(admin.token),
      payload: { reason: 'x' },
    });
    expect(again.statusCode).toBe(409);
    // Never deleted: still listed, with its status.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/expenses?status=annulee', headers: bearer(admin.token) });
    expect(list.json().map((e: { id: number }) => e.id)).toContain(expense.id);
    const lines = (await journal(`?account=${caisse.id}`)).filter((l) => l.source === 'expense');
    expect(lines.slice(-2).map((l) => l.amount)).toEqual([-8_000, 8_000]);
  });

  it('at or above the threshold it waits for another administrator; no one approves their own', async () => {
    const before = await balanceOf(t, admin, banque.id);
    const res = await postExpense(
      t,
      admin,
      expenseValues(banque.id, 100_000, { method: 'virement', category: 'fonctionnement', purpose: '' }),
      file('proof', 'recu.png', makePng()),
    );
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json();
    expect(expense.status).toBe('en_attente');
    expect(expense.message).toContain('attend l’approbation');
    expect(await balanceOf(t, admin, banque.id)).toBe(before);

    const own = await t.app.inject({ method: 'POST', url: `/api/admin/expenses/${expense.id}/approve`, headers: bearer(admin.token) });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain('un autre administrateur');
    expect(await balanceOf(t, admin, banque.id)).toBe(before);

    const ok = await t.app.inject({ method: 'POST', url: `/api/admin/expenses/${expense.id}/approve`, headers: bearer(second.token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approuvee', approved_by: second.id });
    expect(await balanceOf(t, admin, banque.id)).toBe(before - 100_000);
    const twice = await t.app.inject({ method: 'POST', url: `/api/admin/expenses/${expense.id}/approve`, headers: bearer(second.token) });
    expect(twice.statusCode).toBe(409);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('entity', '=', 'expense')
      .where('entity_id', '=', String(expense.id))
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'expense.create', actor_user_id: admin.id },
        { action: 'expense.approve', actor_user_id: second.id },
      ]),
    );
  });

  it('two administrators approving at once move the balance once', async () => {
    const third = await seedUser(t, 'administrateur');
    const before = await balanceOf(t, admin, banque.id);
    const res = await postExpense(t, admin, expenseValues(banque.id, 150_000, { method: 'virement' }));
    const id = res.json().id;
    const answers = await Promise.all(
      [second, third].map((a) => t.app.inject({ method: 'POST', url: `/api/admin/expenses/${id}/approve`, headers: bearer(a.token) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(t, admin, banque.id)).toBe(before - 150_000);
  });

  it('refuses a missing proof, a bad category, a wrong file type; members get 403', async () => {
    const noProof = await postExpense(t, admin, expenseValues(caisse.id, 1_000), null);
    expect(noProof.statusCode).toBe(422);
    expect(noProof.json().errors.proof).toEqual(['Veuillez joindre le justificatif (PDF, JPEG ou PNG).']);
    const badCategory = await postExpense(t, admin, expenseValues(caisse.id, 1_000, { category: 'loisirs' }));
    expect(badCategory.statusCode).toBe(422);
    expect(badCategory.json().errors.category).toEqual(['Veuillez choisir une catégorie de dépense.']);
    const badFile = await postExpense(
      t,
      admin,
      expenseValues(caisse.id, 1_000),
      file('proof', 'facture.pdf', Buffer.from('<html>hello</html>')),
    );
    expect(badFile.statusCode).toBe(422);
    expect(badFile.json().errors.proof).toEqual(['Le justificatif doit être au format pdf, jpg, jpeg ou png.']);
    const member = await seedUser(t, 'membre');
    expect((await postExpense(t, member, expenseValues(caisse.id, 1_000))).statusCode).toBe(403);
  });

  it('lists with filters and search, and exports CSV', async () => {
    await postExpense(t, admin, expenseValues(caisse.id, 2_500, { payee: 'Pharmacie Akpakpa', category: 'sante', purpose: 'sante' }));
    const found = await t.app.inject({ method: 'GET', url: '/api/admin/expenses?q=akpakpa&category=sante', headers: bearer(admin.token) });
    expect(found.json()).toHaveLength(1);
    expect(found.headers['x-total-count']).toBe('1');
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/expenses?format=csv&q=akpakpa', headers: bearer(admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^Identifiant;Date;Montant/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Pharmacie Akpakpa');
  });
});

describe('journal', () => {
  it('is in date order with a running balance per account that ends on the kept balance, and exports CSV', async () => {
    const lines = await journal(`?account=${banque.id}&per_page=200`);
    const dates = lines.map((l) => l.date);
    expect([...dates].sort()).toEqual(dates);
    let balance = 500_000;
    for (const l of lines) {
      balance += l.amount;
      expect(l.balance).toBe(balance);
    }
    expect(balance).toBe(await balanceOf(t, admin, banque.id));
    // The second page starts from the right balance.
    const page2 = await journal(`?account=${banque.id}&per_page=2&page=2`);
    expect(page2[0]!.balance).toBe(lines[2]!.balance);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/treasury/journal?account=${banque.id}&format=csv`,
      headers: bearer(admin.token),
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(rows[0]).toBe('Date;Compte;Nature;Libellé;Référence;Entrée (FCFA);Sortie (FCFA);Solde (FCFA)');
    expect(rows).toHaveLength(lines.length + 1);
    expect(rows.at(-1)!.endsWith(`;${balance}`)).toBe(true);
  });
});
