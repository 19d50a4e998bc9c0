import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, multipart } from '../public-site/fixtures';
import { balanceOf, createAccount, expenseValues, postExpense } from './helpers';

// The treasurer's findings (docs/books.md): a reconciliation is kept with its history (who matched what, when) and
// listed afterwards; a cancelled cheque or transfer is « Annulé », not left unmatched; the « Écart » is 0 once
// everything is matched. A transfer recorded by mistake is cancelled (countered in the books, with a reason), never
// deleted, then recorded again.

let t: TestApp;
let admin: SeededUser;
let second: SeededUser;
let bank: { id: number };
let cash: { id: number };
const MAPPING = { date: 'Date', label: 'Libellé', amount: 'Montant', balance: 'Solde' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  second = await seedUser(t, 'administrateur');
  bank = await createAccount(t, admin, 'Banque BOA', 'banque', 200_000, '2026-01-01');
  cash = await createAccount(t, admin, 'Caisse du siège', 'caisse', 300_000, '2026-01-01');
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, who = admin) => t.app.inject({ method: 'POST', url, headers: bearer(who.token), payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });

function upload(csv: string) {
  const body = multipart([
    field('account', String(bank.id)),
    field('mapping', JSON.stringify(MAPPING)),
    file('file', 'releve-avril.csv', Buffer.from(csv), 'text/csv'),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/treasury/statements',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token) },
  });
}

describe('a transfer recorded by mistake', () => {
  it('is cancelled with a reason (both movements countered, reversing entries in the books), then recorded again', async () => {
    const wrong = await post('/api/admin/treasury/transfers', { from: cash.id, to: bank.id, amount: 50_000, date: '2026-04-03' });
    expect(wrong.statusCode, wrong.body).toBe(201);
    const id = wrong.json().id;
    expect(await balanceOf(t, admin, bank.id)).toBe(250_000);

    const noReason = await post(`/api/admin/treasury/transfers/${id}/cancel`, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Veuillez indiquer le motif de l’annulation.']);
    expect((await post('/api/admin/treasury/transfers/999999/cancel', { reason: 'Erreur' })).statusCode).toBe(404);

    const cancelled = await post(`/api/admin/treasury/transfers/${id}/cancel`, { reason: 'Montant erroné : 5 000 F' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id,
      amount: 50_000,
      cancel_reason: 'Montant erroné : 5 000 F',
      cancelled_by: admin.name,
      message: 'Virement annulé : il est contre-passé dans les comptes. Enregistrez le bon virement s’il y a lieu.',
    });
    expect(await balanceOf(t, admin, bank.id)).toBe(200_000);
    expect(await balanceOf(t, admin, cash.id)).toBe(300_000);
    const again = await post(`/api/admin/treasury/transfers/${id}/cancel`, { reason: 'Encore' }, second);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ce virement est déjà annulé.');

    // Kept, never deleted: the list still shows it, cancelled; the books hold the original and its reversal.
    const list = (await get('/api/admin/treasury/transfers')).json();
    expect(list.find((x: { id: number }) => x.id === id)).toMatchObject({ cancelled_by: admin.name, from_name: 'Caisse du siège' });
    const entries = (await get('/api/admin/books/entries?year=2026&per_page=100')).json() as {
      id: number;
      reverses: number | null;
      label: string;
    }[];
    const reversals = entries.filter((e) => e.reverses !== null && e.label.startsWith('Annulation — Virement'));
    expect(reversals).toHaveLength(2);
    expect((await get('/api/admin/books/verify')).json().ok).toBe(true);
    const audit = (await get('/api/admin/audit?action=treasury_transfer.cancel')).json();
    expect(JSON.stringify(audit)).toContain('Montant erroné');

    const right = await post('/api/admin/treasury/transfers', { from: cash.id, to: bank.id, amount: 5_000, date: '2026-04-03' });
    expect(right.statusCode).toBe(201);
    expect(await balanceOf(t, admin, bank.id)).toBe(205_000);
  });
});

describe('a reconciliation kept with its history', () => {
  it('labels cancelled movements « Annulé », shows the gap, keeps who matched what, and lists past reconciliations', async () => {
    // A cheque recorded, then cancelled by two administrators: it never reaches the bank.
    const cheque = await postExpense(t, admin, expenseValues(bank.id, 30_000, { paid_at: '2026-04-08', method: 'cheque' }));
    expect(cheque.statusCode, cheque.body).toBe(201);
    expect((await post(`/api/admin/expenses/${cheque.json().id}/cancel`, { reason: 'Chèque perdu' })).statusCode).toBe(202);
    expect((await post(`/api/admin/expenses/${cheque.json().id}/cancel`, { reason: 'Chèque perdu' }, second)).statusCode).toBe(200);
    const paid = await postExpense(t, admin, expenseValues(bank.id, 12_000, { paid_at: '2026-04-10', method: 'cheque' }));
    expect(paid.statusCode).toBe(201);

    const csv = [
      'Date;Libellé;Montant;Solde',
      '03/04/2026;VERSEMENT;5 000;205 000',
      '11/04/2026;CHEQUE;-12 000;193 000',
      '20/04/2026;FRAIS DE TENUE;-1 500;191 500',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(201);
    const st = res.json();
    expect(st.matched).toBe(2);
    // The cancelled transfer (both sides) and the cancelled cheque are « Annulé », not waiting for the bank.
    expect(st.unmatched_movements).toEqual([]);
    expect(st.cancelled_movements.map((m: { amount: number }) => m.amount).sort((a: number, b: number) => a - b)).toEqual([
      -30_000, 50_000,
    ]);
    expect(st.gap).toBe(-1_500);
    expect(st.complete).toBe(false);
    expect(st.created_by).toBe(admin.name);

    const fees = st.unmatched_lines[0];
    const booked = await post(`/api/admin/treasury/statements/${st.id}/lines/${fees.id}/book`, {
      kind: 'depense',
      category: 'frais_financiers',
    });
    expect(booked.statusCode, booked.body).toBe(200);

    // Leaving the tab loses nothing: the reconciliation is read back from the server, complete, with its history.
    const kept = (await get(`/api/admin/treasury/statements/${st.id}`)).json();
    expect(kept).toMatchObject({ complete: true, gap: 0, matched: 3, unmatched_lines: [], filename: 'releve-avril.csv' });
    expect(kept.lines.find((l: { id: number }) => l.id === fees.id)).toMatchObject({ match: 'saisie', matched_by: admin.name });
    expect(kept.history.map((h: { action: string; by: string }) => [h.action, h.by])).toEqual([
      ['import', admin.name],
      ['saisie', admin.name],
    ]);
    expect(kept.history[0].label).toBe('3 ligne(s) importée(s), 2 rapprochée(s) automatiquement');
    expect(kept.history[1]).toMatchObject({ line: 4, label: 'FRAIS DE TENUE', amount: -1_500 });

    const list = (await get('/api/admin/treasury/statements')).json();
    expect(list[0]).toMatchObject({ id: st.id, lines: 3, matched: 3, created_by: admin.name, account_name: 'Banque BOA' });
  });
});
