import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOfflinePayment } from '../../src/modules/operations/offline-payments';
import { softDelete } from '../../src/modules/payments/admin-lists';
import { approveExpense, cancelExpense, createExpense, createTransfer } from '../../src/modules/treasury/service';
import { setClock } from '../../src/platform/lib/clock';
import { walkAll } from '../helpers/pages';
import { readZip } from '../privacy/fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount } from './helpers';

// A year of a thousand mixed movements (gifts and fees in cash, by cheque and mobile money, expenses below and above
// the approval threshold, transfers, cancellations of both), with movements the year before and after: the annual
// statements hold start + receipts − expenses ± transfers = end for every account, and each figure equals a
// brute-force sum over the movements themselves.

let t: TestApp;
let admin: SeededUser;
let second: SeededUser;
const accounts: number[] = [];
const YEAR = 2025;

// A small deterministic generator: the same year every run.
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const dayIn = (year: number) => {
  const d = new Date(Date.UTC(year, 0, 1) + Math.floor(rand() * 365) * 86_400_000);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp({ expenseApprovalThreshold: 50_000 });
  admin = await seedUser(t, 'administrateur');
  second = await seedUser(t, 'administrateur');
  accounts.push((await createAccount(t, admin, 'Caisse', 'caisse', 150_000, '2024-01-01')).id);
  accounts.push((await createAccount(t, admin, 'Banque', 'banque', 2_000_000, '2024-01-01')).id);
  accounts.push((await createAccount(t, admin, 'Mobile money', 'mobile_money', 0, '2024-01-01')).id);
  const actor = { id: admin.id, ip: null, actingId: null };
  const expenses: number[] = [];
  const gifts: number[] = [];
  const seedYear = async (year: number, count: number) => {
    for (let i = 0; i < count; i++) {
      const r = rand();
      setClock(`${dayIn(year)}T12:00:00Z`);
      if (r < 0.4) {
        const isGift = rand() < 0.8;
        const { row } = await recordOfflinePayment(
          t.db,
          {
            kind: isGift ? 'donation' : 'payment',
            // A membership fee is never below its 1 000 FCFA minimum (modules/settings/fees.ts).
            amount: (isGift ? 500 : 1000) + Math.floor(rand() * 40) * 500,
            name: 'Donateur Test',
            telephone: '+2290197000001',
            method: pick(['especes', 'mobile_money', 'virement', 'cheque'] as const),
            reference: `R${year}-${i}`,
            received_at: dayIn(year),
            purpose: isGift ? pick(['sante', 'education', 'alimentation'] as const) : undefined,
            payment_type: isGift ? undefined : pick(['adhesion', 'cotisation'] as const),
            account: undefined,
          },
          actor,
          12,
        );
        if (isGift) gifts.push(row.id);
      } else if (r < 0.7) {
        const amount = 1_000 + Math.floor(rand() * 80) * 1_000;
        const expense = await createExpense(
          t.db,
          t.app.storage,
          {
            amount,
            category: pick(['alimentation', 'sante', 'fonctionnement', 'frais_financiers', 'autres'] as const),
            purpose: pick([undefined, 'sante', 'education'] as const),
            account: pick(accounts),
            paid_at: dayIn(year),
            method: 'especes',
            payee: 'Fournisseur',
            description: 'Achat',
            reference: undefined,
          },
          undefined,
          actor,
          50_000,
        );
        if (expense.status === 'en_attente' && rand() < 0.8)
          await approveExpense(t.db, expense.id, { id: second.id, ip: null, actingId: null });
        expenses.push(expense.id);
      } else if (r < 0.85) {
        const from = pick(accounts);
        const to = pick(accounts.filter((a) => a !== from));
        await createTransfer(
          t.db,
          { from, to, amount: 1_000 + Math.floor(rand() * 20) * 1_000, date: dayIn(year), reference: undefined },
          actor,
        );
      } else if (r < 0.93 && expenses.length > 0) {
        const id = expenses.splice(Math.floor(rand() * expenses.length), 1)[0]!;
        await cancelExpense(t.db, id, 'Erreur de saisie', actor);
      } else if (gifts.length > 0) {
        const id = gifts.splice(Math.floor(rand() * gifts.length), 1)[0]!;
        await softDelete(t.db, 'donation', id, actor, 'Doublon');
      }
    }
  };
  await seedYear(YEAR - 1, 60);
  await seedYear(YEAR, 1_000);
  await seedYear(YEAR + 1, 60);
  setClock(null);
}, 120_000);
afterAll(async () => {
  setClock(null);
  await t?.close();
});

const sumOf = async (where: ReturnType<typeof sql>) =>
  Number((await sql<{ s: number | null }>`select sum(amount) as s from treasury_movements where ${where}`.execute(t.db)).rows[0]?.s ?? 0);

describe('annual statements', () => {
  it('hold the identity for every account of a year of a thousand mixed movements, figure by figure', async () => {
    const count = Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from treasury_movements where day between ${`${YEAR}-01-01`} and ${`${YEAR}-12-31`}`.execute(t.db)
      ).rows[0]!.n,
    );
    expect(count).toBeGreaterThanOrEqual(1_000);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/treasury/report?year=${YEAR}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.balanced).toBe(true);
    const opening = new Map(
      (await t.db.selectFrom('treasury_accounts').select(['id', 'opening_balance']).execute()).map((a) => [
        a.id,
        Number(a.opening_balance),
      ]),
    );
    for (const a of report.accounts) {
      const start = opening.get(a.id)! + (await sumOf(sql`account_id = ${a.id} and day < ${`${YEAR}-01-01`}`));
      const end = opening.get(a.id)! + (await sumOf(sql`account_id = ${a.id} and day <= ${`${YEAR}-12-31`}`));
      const inYear = sql`account_id = ${a.id} and day between ${`${YEAR}-01-01`} and ${`${YEAR}-12-31`}`;
      expect(a.start_balance).toBe(start);
      expect(a.end_balance).toBe(end);
      expect(a.receipts).toBe(await sumOf(sql`${inYear} and kind = 'recette'`));
      expect(a.expenses).toBe(-(await sumOf(sql`${inYear} and kind in ('depense', 'frais')`)));
      expect(a.transfers_in).toBe(await sumOf(sql`${inYear} and kind = 'virement_entrant'`));
      expect(a.transfers_out).toBe(-(await sumOf(sql`${inYear} and kind = 'virement_sortant'`)));
      expect(a.start_balance + a.receipts - a.expenses + a.transfers_in - a.transfers_out).toBe(a.end_balance);
      expect(a.balanced).toBe(true);
    }
    expect(report.result).toBe(report.receipts_total - report.expenses_total);
    expect(report.receipts.some((r: { key: string }) => r.key === 'don:sante')).toBe(true);
    // The kept balance of each account is the opening balance plus every movement.
    for (const id of accounts) {
      const kept = Number(
        (await t.db.selectFrom('treasury_accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance,
      );
      expect(kept).toBe(opening.get(id)! + (await sumOf(sql`account_id = ${id}`)));
    }
    // The latest year also compares with the kept balances.
    const next = (
      await t.app.inject({ method: 'GET', url: `/api/admin/treasury/report?year=${YEAR + 1}`, headers: bearer(admin.token) })
    ).json();
    expect(next.balanced).toBe(true);
  });

  it('answers CSV and PDF too, and a French 422 for a bad year', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/treasury/report?year=${YEAR}&format=csv`,
      headers: bearer(admin.token),
    });
    expect(csv.statusCode).toBe(200);
    // One table per CSV file, as a ZIP (issue 40).
    expect(csv.headers['content-type']).toBe('application/zip');
    const csvText = [...(await readZip(csv.rawPayload)).values()].map((b) => b.toString('utf8')).join('\n');
    expect(csvText).toContain('Total des recettes');
    expect(csvText).toContain('équilibré');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/treasury/report?year=${YEAR}&format=pdf`,
      headers: bearer(admin.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const byAccept = await t.app.inject({
      method: 'GET',
      url: `/api/admin/treasury/report?year=${YEAR}`,
      headers: { ...bearer(admin.token), accept: 'application/pdf' },
    });
    expect(byAccept.headers['content-type']).toBe('application/pdf');
    const audited = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', 'treasury_report_pdf').execute();
    expect(audited.length).toBeGreaterThan(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/treasury/report?year=abc', headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(422);
    const member = await seedUser(t, 'membre');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/treasury/report?year=${YEAR}`, headers: bearer(member.token) })).statusCode,
    ).toBe(403);
  });

  it('the journal pages with a keyset cursor and its running balance matches the kept balances', async () => {
    const last = new Map<number, number>();
    const pages = await walkAll(
      (url) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) }),
      '/api/admin/treasury/journal?per_page=200',
    );
    for (const res of pages) for (const l of res.json() as { account: number; balance: number }[]) last.set(l.account, l.balance);
    expect(pages.length).toBeGreaterThan(5);
    for (const id of accounts) {
      const kept = Number(
        (await t.db.selectFrom('treasury_accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance,
      );
      expect(last.get(id)).toBe(kept);
    }
  });
});
