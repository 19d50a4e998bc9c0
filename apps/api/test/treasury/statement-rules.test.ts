import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, multipart } from '../public-site/fixtures';
import { balanceOf, createAccount } from './helpers';

// A statement line follows the rules of every other date and amount: from 2000, not in the future, at most the
// books' limit; refused at import (with its line number, nothing imported) and again at booking.

let t: TestApp;
let admin: SeededUser;
let bank: { id: number };
const MAPPING = { date: 'Date', label: 'Libellé', amount: 'Montant' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  bank = await createAccount(t, admin, 'Banque Atlantique', 'banque', 1_000_000, '2026-01-01');
});
afterAll(async () => t?.close());

function upload(csv: string, filename = 'releve.csv') {
  const body = multipart([
    field('account', String(bank.id)),
    field('mapping', JSON.stringify(MAPPING)),
    file('file', filename, Buffer.from(csv), 'text/csv'),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/treasury/statements',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token) },
  });
}

const statementCount = async () => (await t.db.selectFrom('treasury_statements').select('id').execute()).length;
const book = (statement: number, line: number, payload: object = { kind: 'recette', nature: 'autre' }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/treasury/statements/${statement}/lines/${line}/book`,
    headers: bearer(admin.token),
    payload,
  });

describe('statement lines: dates and amounts', () => {
  it('refuses at import a line dated before 2000 or in the future, naming the line, and imports nothing', async () => {
    const before = await statementCount();
    const old = await upload('Date;Libellé;Montant\n2026-03-01;A;1000\n1999-01-01;B;2000\n');
    expect(old.statusCode, old.body).toBe(422);
    expect(old.json().errors.file[0]).toBe('Ligne 3\u00a0: La date ne peut pas être antérieure au 1er janvier 2000.');
    const future = await upload('Date;Libellé;Montant\n2099-01-01;A;1000\n');
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.file[0]).toBe('Ligne 2\u00a0: La date ne peut pas être dans le futur.');
    expect(await statementCount()).toBe(before);
  });

  it('refuses at import an amount over the books’ limit, naming the line', async () => {
    const before = await statementCount();
    const res = await upload('Date;Libellé;Montant\n2026-03-01;A;1000\n2026-03-02;B;99999999999999999999\n');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file[0]).toBe('Ligne 3\u00a0: Le montant est trop élevé.');
    expect(await statementCount()).toBe(before);
  });

  it('checks the date and the amount again at booking (lines imported before the rule)', async () => {
    const res = await upload('Date;Libellé;Montant\n2026-03-01;A;1000\n2026-03-02;B;2000\n');
    expect(res.statusCode, res.body).toBe(201);
    const st = res.json() as { id: number; lines: { id: number; line: number }[] };
    const [a, b] = st.lines;
    await t.db.updateTable('treasury_statement_lines').set({ day: '2099-01-01' }).where('id', '=', a!.id).execute();
    await t.db.updateTable('treasury_statement_lines').set({ amount: 20_000_000_000_000 }).where('id', '=', b!.id).execute();
    const movements = async () => (await t.db.selectFrom('treasury_movements').select('id').execute()).length;
    const count = await movements();
    const future = await book(st.id, a!.id);
    expect(future.statusCode, future.body).toBe(422);
    expect(future.json().errors.line[0]).toBe('Ligne 2\u00a0: La date ne peut pas être dans le futur.');
    const huge = await book(st.id, b!.id);
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().errors.line[0]).toBe('Ligne 3\u00a0: Le montant est trop élevé.');
    expect(await movements()).toBe(count);
  });
});

describe('cancelling a booked statement line', () => {
  const cancel = (statement: number, line: number, reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/treasury/statements/${statement}/lines/${line}/cancel`,
      headers: bearer(admin.token),
      payload: reason === undefined ? {} : { reason },
    });

  it('counters a receipt’s movement, reverses its entry, audits the reason and unmatches the line', async () => {
    const res = await upload('Date;Libellé;Montant\n2026-04-01;VERSEMENT INCONNU;7000\n2026-04-02;FRAIS;-500\n');
    expect(res.statusCode, res.body).toBe(201);
    const st = res.json() as { id: number; lines: { id: number; line: number }[] };
    const [receipt, fees] = st.lines;
    const before = await balanceOf(t, admin, bank.id);
    expect((await book(st.id, receipt!.id)).statusCode).toBe(200);
    expect(await balanceOf(t, admin, bank.id)).toBe(before + 7_000);

    // Not booked, no reason: refused.
    expect((await cancel(st.id, fees!.id, 'Erreur')).statusCode).toBe(409);
    expect((await cancel(st.id, receipt!.id)).statusCode).toBe(422);

    const done = await cancel(st.id, receipt!.id, 'Versement déjà saisi ailleurs');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Ligne annulée\u00a0: son écriture est contre-passée et la ligne redevient non rapprochée.');
    const line = done.json().lines.find((l: { id: number }) => l.id === receipt!.id);
    expect(line.match).toBeNull();
    expect(line.movement).toBeNull();
    expect(done.json().unmatched_lines.map((l: { id: number }) => l.id)).toContain(receipt!.id);
    expect(await balanceOf(t, admin, bank.id)).toBe(before);

    // The books hold the entry and its reversal; the chain holds.
    const entries = (
      await t.app.inject({ method: 'GET', url: '/api/admin/books/entries?year=2026&per_page=500', headers: bearer(admin.token) })
    ).json() as { id: number; label: string; reverses: number | null; reversed_by: string | null }[];
    const original = entries.find((e) => e.label === 'VERSEMENT INCONNU');
    expect(original?.reversed_by).not.toBeNull();
    expect(entries.some((e) => e.reverses === original!.id)).toBe(true);
    const verify = await t.app.inject({ method: 'GET', url: '/api/admin/books/verify', headers: bearer(admin.token) });
    expect(verify.json().ok).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'treasury_statement.cancel_line')
      .executeTakeFirstOrThrow();
    expect(String(audit.details)).toContain('Versement déjà saisi ailleurs');

    // Once: a second cancel is refused; the line can be booked anew.
    expect((await cancel(st.id, receipt!.id, 'Encore')).statusCode).toBe(409);
    expect((await book(st.id, receipt!.id)).statusCode).toBe(200);
    expect(await balanceOf(t, admin, bank.id)).toBe(before + 7_000);
  });

  it('releases a line booked as an expense only once the expense is cancelled', async () => {
    const res = await upload('Date;Libellé;Montant\n2026-04-05;AGIOS;-800\n');
    const st = res.json() as { id: number; lines: { id: number; expense: number | null }[] };
    const booked = await book(st.id, st.lines[0]!.id, { kind: 'depense', category: 'frais_financiers', payee: 'Banque' });
    expect(booked.statusCode, booked.body).toBe(200);
    const expense = booked.json().lines[0].expense as number;
    const early = await cancel(st.id, st.lines[0]!.id, 'Erreur');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Cette ligne est enregistrée en dépense\u00a0: annulez d’abord la dépense, puis la ligne.');
    // An approved expense is cancelled by two administrators (modules/policy).
    const cancelExpense = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/expenses/${expense}/cancel`, headers: bearer(token), payload: { reason: 'Erreur' } });
    expect((await cancelExpense(admin.token)).statusCode).toBe(202);
    expect((await cancel(st.id, st.lines[0]!.id, 'Erreur')).statusCode).toBe(409);
    const second = await seedUser(t, 'administrateur');
    const cancelled = await cancelExpense(second.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const done = await cancel(st.id, st.lines[0]!.id, 'Erreur');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().lines[0].match).toBeNull();
  });
});

describe('the statement’s file name', () => {
  it('keeps only its base name, without < or >', async () => {
    const res = await upload('Date;Libellé;Montant\n2026-05-01;A;1000\n', '../../C:\\banque\\<img src=x onerror=alert(1)>mars.csv');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().filename).toBe('img src=x onerror=alert(1)mars.csv');
    const stored = await t.db
      .selectFrom('treasury_statements')
      .select('filename')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.filename).toBe('img src=x onerror=alert(1)mars.csv');
  });
});
