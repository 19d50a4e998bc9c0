import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/lib/clock';
import { createFedaPayTestApp, type FedaPayTestApp, seededRandom } from '../helpers/fedapay-app';
import { walkAll } from '../helpers/pages';
import type { TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// The year-end receipts list reads year_donor_totals, kept by triggers (migration 20261127_0300). After ~300 writes
// made the way the product makes them (gifts opened online and approved, declined, cancelled or refunded through
// FedaPay's webhook, cash recorded by an administrator, records cancelled, donors erasing their account) and a few
// no route makes (a telephone or amount corrected, a row deleted), the kept totals equal a recount of the donations,
// and the list shows them.

let t: TestApp;
let app: FedaPayTestApp;
let admin: SeededUser;

beforeAll(async () => {
  app = await createFedaPayTestApp('year_donors', { eventIdFrom: 110000 });
  t = app.t;
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => {
  setClock(null);
  await app?.close();
});

const webhook = (transactionId: string, status: string) => app.webhook(transactionId, status);

/** The kept totals and the same figures grouped from the donations, as `year|phone|total|count`. */
async function totals() {
  const { rows } = await sql<{ year: string; phone: string; total: number; n: number }>`
    select substr(paid_at, 1, 4) as year, phone, sum(amount) as total, count(*) as n from donations
    where transaction_status in ('approved', 'transferred') and deleted_at is null
      and phone is not null and phone <> '' and paid_at is not null
    group by substr(paid_at, 1, 4), phone`.execute(t.db);
  const recount = rows.map((r) => `${Number(r.year)}|${r.phone}|${Number(r.total)}|${Number(r.n)}`).sort();
  const keptRows = await t.db.selectFrom('year_donor_totals').selectAll().where('count', '<>', 0).execute();
  const kept = keptRows.map((r) => `${r.year}|${r.phone}|${Number(r.total)}|${r.count}`).sort();
  // The number of donors per year, kept by the triggers of migration 20261127_0600 (the list's X-Total-Count).
  const { rows: counted } = await sql<{ key: string; n: number | string }>`select key, n from row_counts
    where key like 'year_donors:%'`.execute(t.db);
  const keptDonors = Object.fromEntries(counted.filter((r) => Number(r.n) !== 0).map((r) => [r.key.slice(12), Number(r.n)]));
  const donors: Record<string, number> = {};
  for (const r of recount) donors[r.split('|')[0]!] = (donors[r.split('|')[0]!] ?? 0) + 1;
  expect(keptDonors).toEqual(donors);
  return { kept, recount };
}

describe('year donor totals kept as donations move', () => {
  it('equal a fresh recount after ~300 writes of every kind, and the list shows them', async () => {
    const rnd = seededRandom(20261127);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    // Few telephones, so that donors give several times a year and their totals move both ways.
    const phones = Array.from({ length: 12 }, (_, i) => `+22961770${String(i).padStart(3, '0')}`);
    const members: SeededUser[] = [];
    for (let i = 0; i < 8; i++) members.push(await seedUser(t, 'membre'));
    const online: string[] = [];
    const kinds: Record<string, number> = {};
    const day = () =>
      `${pick(['2024', '2025'])}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
    for (let i = 0; i < 300; i++) {
      const roll = rnd();
      let kind: string;
      if (roll < 0.2 || online.length < 10) {
        kind = 'gift opened online';
        // Some given while logged in, with the account's telephone (an erasure blanks it later).
        const member = rnd() < 0.3 ? pick(members.filter((m) => m.id > 0)) : null;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/donation/initiate',
          ...(member ? { headers: bearer(member.token) } : {}),
          payload: {
            amount: 500 * (1 + Math.floor(rnd() * 40)),
            purpose: pick(['sante', 'education']),
            name: 'Donatrice En Ligne',
            telephone: member ? member.telephone : pick(phones),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        const row = await t.db.selectFrom('donations').select('transaction_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
        online.push(row.transaction_id!);
      } else if (roll < 0.55) {
        // Approvals most of the time, on a day of 2024 or 2025; declines, the payer's cancellations, refunds, transfers.
        const status = pick(['approved', 'approved', 'approved', 'declined', 'canceled', 'refunded', 'transferred']);
        kind = `webhook ${status}`;
        setClock(`${day()}T10:00:00Z`);
        await webhook(pick(online), status);
        setClock(null);
      } else if (roll < 0.75) {
        kind = 'cash recorded';
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/offline-payments',
          headers: bearer(admin.token),
          payload: {
            kind: 'donation',
            amount: 250 * (1 + Math.floor(rnd() * 20)),
            name: 'Jean Hounkpatin',
            telephone: pick(phones),
            method: pick(['especes', 'mobile_money']),
            reference: `Carnet ${i}`,
            received_at: day(),
            purpose: 'sante',
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      } else if (roll < 0.88) {
        kind = 'record cancelled';
        const live = await t.db.selectFrom('donations').select('id').where('deleted_at', 'is', null).execute();
        if (live.length === 0) continue;
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/donations/${pick(live).id}`,
          headers: bearer(admin.token),
          payload: { reason: 'Saisie en double' },
        });
        expect(res.statusCode, res.body).toBe(200);
      } else if (roll < 0.91) {
        kind = 'account erased';
        const alive = members.filter((m) => m.id > 0);
        if (alive.length <= 3) continue;
        const member = pick(alive);
        const res = await t.app.inject({
          method: 'DELETE',
          url: '/api/profile',
          headers: bearer(member.token),
          payload: { current_password: member.password },
        });
        expect(res.statusCode, res.body).toBe(200);
        member.id = -member.id;
      } else {
        // No route writes these: a correction by hand, a restore from backup.
        const all = await t.db.selectFrom('donations').select('id').execute();
        const id = pick(all).id;
        const fix = Math.floor(rnd() * 4);
        kind = ['telephone corrected', 'amount corrected', 'date corrected', 'row deleted'][fix]!;
        if (fix === 0)
          await t.db
            .updateTable('donations')
            .set({ phone: pick([...phones, '', null]) })
            .where('id', '=', id)
            .execute();
        else if (fix === 1)
          await t.db
            .updateTable('donations')
            .set({ amount: 100 * (1 + Math.floor(rnd() * 90)) })
            .where('id', '=', id)
            .execute();
        else if (fix === 2)
          await t.db
            .updateTable('donations')
            .set({ paid_at: `${day()}T09:00:00.000Z` })
            .where('id', '=', id)
            .execute();
        else await t.db.deleteFrom('donations').where('id', '=', id).execute();
      }
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (i % 100 === 99) {
        const { kept, recount } = await totals();
        expect(kept, `after ${i + 1} writes`).toEqual(recount);
      }
    }
    for (const kind of [
      'gift opened online',
      'webhook approved',
      'webhook refunded',
      'cash recorded',
      'record cancelled',
      'account erased',
    ])
      expect(kinds[kind] ?? 0, kind).toBeGreaterThan(kind === 'account erased' ? 2 : 5);
    const { kept, recount } = await totals();
    expect(recount.length).toBeGreaterThan(15);
    expect(kept).toEqual(recount);

    // The list reads those totals: every donor of each year, counted in X-Total-Count.
    for (const year of [2024, 2025]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/year-receipts?year=${year}&per_page=100`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      const listed = (res.json() as Array<{ telephone: string; total: number; count: number }>).map(
        (d) => `${year}|${d.telephone}|${d.total}|${d.count}`,
      );
      listed.sort();
      const expected = recount.filter((r) => r.startsWith(`${year}|`));
      expect(listed).toEqual(expected);
      expect(res.headers['x-total-count']).toBe(String(expected.length));

      // Page by page with the cursor: every donor once, in telephone order; the last page has no cursor.
      const pages = await walkAll(
        (url) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) }),
        `/api/admin/year-receipts?year=${year}&per_page=3`,
        100,
      );
      for (const pageRes of pages) expect(pageRes.statusCode).toBe(200);
      const walked = pages.flatMap((pageRes) => (pageRes.json() as Array<{ telephone: string }>).map((d) => d.telephone));
      expect(walked).toEqual(expected.map((r) => r.split('|')[1]).sort());
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/year-receipts?year=2025&after=bm9u', headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(422);
  }, 600_000);
});
