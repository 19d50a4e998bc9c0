import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeZone } from '@shared/format';
import { nowIso } from '../../src/platform/database/database';
import { lastMonths } from '../../src/modules/admin/stats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

let t: TestApp;
let admin: SeededUser;

/** An ISO timestamp in the month `monthsAgo` before the current one (UTC), on its 10th day. */
const monthsAgoIso = (monthsAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 10, 12)).toISOString();
};

async function insertMoney(
  table: 'donations' | 'payments',
  amount: number,
  opts: { status?: string; createdAt?: string; paidAt?: string | null; deleted?: boolean } = {},
) {
  const created = opts.createdAt ?? nowIso();
  const common = {
    amount,
    transaction_status: opts.status ?? 'approved',
    provider: 'sandbox',
    paid_at: opts.paidAt ?? null,
    deleted_at: opts.deleted ? nowIso() : null,
    created_at: created,
    updated_at: created,
  };
  if (table === 'donations')
    await t.db
      .insertInto('donations')
      .values({ ...common, purpose: 'sante' })
      .execute();
  else
    await t.db
      .insertInto('payments')
      .values({ ...common, payment_type: 'adhesion', name: 'Client', phone: '+22990000000' })
      .execute();
}

async function insertQuestionnaire(userId: number, needs: string) {
  await t.db
    .insertInto('questionnaires')
    .values({
      user_id: userId,
      marital_status: 'Célibataire',
      job: 'Couturière',
      income: 0,
      income_total: 0,
      monthly_expenses: 0,
      needs,
      created_at: nowIso(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  await seedUser(t, 'conseiller');
  await seedUser(t, 'conseiller', { confirmed: false });
  await seedUser(t, 'membre');
  await seedUser(t, 'prestataire_morale', { confirmed: false });

  const volunteer = (email: string, confirmed: number) => ({
    name: 'Volontaire',
    email,
    profile_image: 'p.jpg',
    cv: 'cv.pdf',
    motivation_letter: 'm.pdf',
    criminal_record: 'c.pdf',
    domain: 'education',
    is_confirmed: confirmed,
    created_at: nowIso(),
  });
  await t.db
    .insertInto('volunteers')
    .values([volunteer('a@example.bj', 0), volunteer('b@example.bj', 0), volunteer('c@example.bj', 1)])
    .execute();
  const testimonial = (published: number) => ({
    text: 'Un texte assez long',
    author: 'Auteur',
    title: 'Un titre',
    avatar: 'a.jpg',
    is_published: published,
    created_at: nowIso(),
  });
  await t.db
    .insertInto('testimonials')
    .values([testimonial(0), testimonial(1), testimonial(1)])
    .execute();

  // Donations: this month 5 000 + 2 500 approved; 3 months ago 1 000 (created 4 months ago, paid 3 months ago);
  // excluded: a pending one, a deleted one, one from 13 months ago.
  await insertMoney('donations', 5000);
  await insertMoney('donations', 2500, { createdAt: monthsAgoIso(0) });
  await insertMoney('donations', 1000, { createdAt: monthsAgoIso(4), paidAt: monthsAgoIso(3) });
  await insertMoney('donations', 9999, { status: 'pending' });
  await insertMoney('donations', 8888, { deleted: true });
  await insertMoney('donations', 7777, { createdAt: monthsAgoIso(13) });
  // Payments: 11 months ago (the oldest month shown) 15 000; this month 2 000 approved + 500 transferred;
  // pending and declined ones excluded.
  await insertMoney('payments', 15000, { createdAt: monthsAgoIso(11) });
  await insertMoney('payments', 1500, { status: 'pending' });
  await insertMoney('payments', 500, { status: 'transferred' }); // approved then paid out: still received
  await insertMoney('payments', 3000, { status: 'declined' });
  await insertMoney('payments', 2000);

  // Questionnaires: "Cotonou" written three ways counts as one zone.
  const c1 = await seedUser(t, 'consommateur', { zone: 'Cotonou' });
  const c2 = await seedUser(t, 'consommateur', { zone: '  COTONOU ' });
  const c3 = await seedUser(t, 'consommateur', { zone: 'Porto-Novo' });
  const c4 = await seedUser(t, 'consommateur', { zone: null });
  await insertQuestionnaire(c1.id, JSON.stringify(['Alimentation', 'Santé']));
  await insertQuestionnaire(c2.id, JSON.stringify(['Alimentation']));
  await insertQuestionnaire(c3.id, JSON.stringify(['Logement', 'Santé', 'Éducation']));
  await insertQuestionnaire(c4.id, JSON.stringify(['Énergie']));
  // Malformed rows (not written by our API) are skipped, never a 500.
  await insertQuestionnaire(c4.id, 'pas du json');
  await insertQuestionnaire(c4.id, '{"a":1}');
  expect(normalizeZone('  COTONOU ')).toBe(normalizeZone('Cotonou'));
});
afterAll(async () => t.close());

describe('GET /api/admin/stats', () => {
  it('counts users by role, unconfirmed accounts, unconfirmed volunteers and pending testimonials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const { counts } = res.json();
    // Every role is present; administrators = the bootstrap one plus the seeded one.
    expect(counts.users_by_role).toEqual({
      consommateur: 4,
      prestataire_physique: 0,
      prestataire_morale: 1,
      sympathisant: 0,
      membre: 1,
      conseiller: 2,
      conseiller_pro: 0,
      administrateur: 2,
    });
    expect(counts.unconfirmed_accounts).toBe(2);
    expect(counts.unconfirmed_volunteers).toBe(2);
    expect(counts.pending_testimonials).toBe(1);
  });

  it('sums approved, non-deleted donations and payments per month over the last 12 months', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) });
    const { monthly } = res.json() as {
      monthly: Array<{ month: string; donations_total: number; donations_count: number; payments_total: number; payments_count: number }>;
    };
    const months = lastMonths(new Date());
    expect(monthly.map((m) => m.month)).toEqual(months);
    const byMonth = new Map(monthly.map((m) => [m.month, m]));
    const current = byMonth.get(months[11]!)!;
    expect(current).toMatchObject({ donations_total: 7500, donations_count: 2, payments_total: 2500, payments_count: 2 });
    expect(byMonth.get(months[8]!)).toMatchObject({ donations_total: 1000, donations_count: 1, payments_total: 0 });
    expect(byMonth.get(months[7]!)).toMatchObject({ donations_total: 0, donations_count: 0 });
    expect(byMonth.get(months[0]!)).toMatchObject({ payments_total: 15000, payments_count: 1, donations_total: 0 });
    const sum = monthly.reduce((s, m) => s + m.donations_total, 0);
    expect(sum).toBe(8500); // 9 999 pending, 8 888 deleted and 7 777 (13 months ago) are left out
  });

  it('counts the questionnaire needs per zone, zones compared without case or spaces', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) });
    const needs = res.json().needs_by_zone as Array<{ zone: string; need: string; count: number }>;
    const find = (zone: RegExp, need: string) => needs.find((n) => zone.test(n.zone) && n.need === need)?.count;
    expect(find(/cotonou/i, 'Alimentation')).toBe(2);
    expect(find(/cotonou/i, 'Santé')).toBe(1);
    expect(find(/Porto-Novo/, 'Santé')).toBe(1);
    expect(find(/Porto-Novo/, 'Éducation')).toBe(1);
    expect(find(/Zone non renseignée/, 'Énergie')).toBe(1);
    expect(needs.filter((n) => /cotonou/i.test(n.zone) && n.need === 'Alimentation')).toHaveLength(1);
    expect(needs[0]).toEqual({ zone: expect.stringMatching(/cotonou/i), need: 'Alimentation', count: 2 });
  });

  it('keeps the counts and the money totals current: a donation just recorded is in the next answer', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json();
    await seedUser(t, 'sympathisant', { confirmed: false });
    await insertMoney('donations', 100_000);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json();
    expect(after.counts.unconfirmed_accounts).toBe(before.counts.unconfirmed_accounts + 1);
    expect(after.counts.users_by_role.sympathisant).toBe(before.counts.users_by_role.sympathisant + 1);
    expect(after.monthly.at(-1).donations_total).toBe(before.monthly.at(-1).donations_total + 100_000);
    expect(after.monthly.at(-1).donations_count).toBe(before.monthly.at(-1).donations_count + 1);
  });

  // Last: it seeds users of other roles, which would change the counts above.
  it('refuses a visitor without a token (401) and every other role (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/stats' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Authentification requise. Veuillez vous connecter.');
    for (const role of ['conseiller', 'conseiller_pro', 'membre', 'consommateur', 'prestataire_physique'] as const) {
      const u = await seedUser(t, role);
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(u.token) });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe("Vous n'avez pas l'autorisation d'effectuer cette action.");
    }
  });

  it('lists the 12 months across a year boundary', () => {
    expect(lastMonths(new Date('2026-02-15T00:00:00Z'))).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});
