import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MESSAGES } from '../../src/platform/lib/pagination';
import { walkAll } from '../helpers/pages';
import { contactMessageRow, outboxRow } from '../helpers/rows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// The back-office lists that grow with the association (audit trail, outbox, newsletter, pledges, expenses, contact
// messages, projects, privacy requests) read their pages by seek and answer X-Total-Count from counts the triggers
// keep (migration 20261127_0400; docs/product/http-api.md, « Pagination »).

let t: TestApp;
let admin: SeededUser;
let account: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  const now = new Date().toISOString();
  account = (
    await t.db
      .insertInto('treasury_accounts')
      .values({
        name: 'Caisse seek',
        kind: 'caisse',
        opening_balance: 0,
        opening_date: '2026-01-01',
        balance: 0,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
/** Every page of a list through X-Next-Cursor: the ids in the order read, and the total of the first page. */
async function walk(path: string) {
  const pages = await walkAll(get, `${path}${path.includes('?') ? '&' : '?'}per_page=2`, 51);
  for (const res of pages) expect(res.statusCode, res.body).toBe(200);
  const ids = pages.flatMap((res) => (res.json() as Array<{ id: number }>).map((r) => r.id));
  return { ids, total: Number(pages[0]!.headers['x-total-count']) };
}

/** Newest first, ties broken by id: the order every seek list answers. */
const newest = (rows: Array<{ id: number; created_at: string }>) =>
  [...rows].sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1)).map((r) => r.id);

/** Days spread so that some rows share a created_at (the id breaks the tie). */
const at = (i: number) => `2026-0${1 + (i % 3)}-1${i % 5}T08:00:00.000Z`;

async function seed() {
  for (let i = 0; i < 7; i++) {
    const created_at = at(i);
    await t.db
      .insertInto('audit_log')
      .values({
        actor_user_id: i % 2 ? admin.id : null,
        action: i % 3 ? 'seek.update' : 'seek.create',
        entity: i % 2 ? 'seek_a' : 'seek_b',
        entity_id: String(i),
        details: null,
        created_at,
        ip: null,
        before_state: null,
        after_state: null,
        acting_user_id: null,
      })
      .execute();
    await t.db
      .insertInto('outbox_messages')
      .values(
        outboxRow({
          channel: i % 2 ? 'sms' : 'email',
          to_address: `seek${i}@example.org`,
          subject: 's',
          body: 'b',
          dedupe_key: `seek-${i}`,
          status: 'sent',
          created_at,
          sent_at: created_at,
        }),
      )
      .execute();
    await t.db
      .insertInto('newsletter_subscriptions')
      .values({ email: `seek${i}@example.org`, created_at })
      .execute();
    await t.db
      .insertInto('newsletter_sends')
      .values({ subject: `Lettre ${i}`, body: 'b', recipients: 0, created_by: admin.id, created_at })
      .execute();
    await t.db
      .insertInto('pledges')
      .values({
        user_id: null,
        name: `Donateur ${i}`,
        telephone: '+22990000000',
        email: null,
        amount: 1000,
        purpose: 'education',
        frequency: 'mensuel',
        status: i % 3 ? 'active' : 'paused',
        anchor_day: 1,
        next_due: '2026-12-01',
        counting_from: '2026-01-01',
        paused_at: null,
        cancelled_at: null,
        created_at,
        updated_at: created_at,
      })
      .execute();
    await t.db
      .insertInto('expenses')
      .values({
        amount: 500 + i,
        category: 'fonctionnement',
        purpose: null,
        account_id: account,
        paid_at: created_at.slice(0, 10),
        method: 'especes',
        payee: `Fournisseur ${i}`,
        reference: null,
        description: 'Achat',
        proof: null,
        status: 'en_attente',
        created_by: admin.id,
        approved_by: null,
        approved_at: null,
        cancelled_by: null,
        cancelled_at: null,
        cancel_reason: null,
        created_at,
        updated_at: created_at,
      })
      .execute();
    await t.db
      .insertInto('contact_messages')
      .values(contactMessageRow({ name: `Contact ${i}`, email: `c${i}@example.org`, created_at, handled_at: i % 2 ? created_at : null }))
      .execute();
    await t.db
      .insertInto('projects')
      .values({
        project_name: `Projet ${i}`,
        description: 'd',
        goal_amount: 1000,
        category: 'autre',
        contact_email: `p${i}@example.org`,
        project_file: null,
        created_at,
        telephone: null,
        status_message: null,
        status_changed_at: null,
      })
      .execute();
    await t.db
      .insertInto('privacy_requests')
      .values({
        kind: 'acces',
        status: i % 3 ? 'a_traiter' : 'en_attente_code',
        telephone: '+22990000000',
        email: null,
        details: null,
        user_id: null,
        ip: null,
        created_at,
        verified_at: null,
        due_at: '2026-12-01',
        closed_at: null,
        closed_by: null,
        outcome: null,
      })
      .execute();
  }
}

/** What the kept keys of these tables hold, and a fresh recount of the same keys from the tables. */
const KEYS = `select key, n from row_counts where n <> 0 and (key in ('audit_log', 'outbox_messages', 'newsletter_subscriptions',
  'newsletter_sends', 'pledges', 'expenses', 'contact_messages', 'contact_messages:new', 'projects')
  or key like 'audit_log:%' or key like 'outbox_messages:%' or key like 'pledges:%' or key like 'expenses:%'
  or key like 'projects:%' or key like 'privacy_requests:%') and key not like 'pledges:monthly:%'`;
// pledges:monthly:<status> are amounts, not counts (migration 20261127_0800): money-totals-http.test.ts recounts them.
async function kept() {
  const { rows } = await sql<{ key: string; n: number | string }>`${sql.raw(KEYS)}`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}
async function recount() {
  const { rows } = await sql<{ key: string; n: number | string }>`
    select 'audit_log' as key, count(*) as n from audit_log
    union all select 'audit_log:actor:' || actor_user_id, count(*) from audit_log where actor_user_id is not null group by actor_user_id
    union all select 'audit_log:entity:' || entity, count(*) from audit_log group by entity
    union all select 'audit_log:action:' || action, count(*) from audit_log group by action
    union all select 'outbox_messages', count(*) from outbox_messages
    union all select 'outbox_messages:channel:' || channel, count(*) from outbox_messages group by channel
    union all select 'newsletter_subscriptions', count(*) from newsletter_subscriptions
    union all select 'newsletter_sends', count(*) from newsletter_sends
    union all select 'pledges', count(*) from pledges
    union all select 'pledges:status:' || status, count(*) from pledges group by status
    union all select 'expenses', count(*) from expenses
    union all select 'expenses:status:' || status, count(*) from expenses group by status
    union all select 'contact_messages', count(*) from contact_messages
    union all select 'contact_messages:new', count(*) from contact_messages where handled_at is null
    union all select 'projects', count(*) from projects
    union all select 'projects:status:' || status, count(*) from projects group by status
    union all select 'privacy_requests:status:' || status, count(*) from privacy_requests group by status`.execute(t.db);
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.key, Number(r.n)]));
}

describe('the back-office lists: seek pages and kept totals', () => {
  it('walk every row once, newest first, with the kept total, on every list and filter', async () => {
    await seed();
    const rows = async (table: 'audit_log' | 'outbox_messages', where?: (q: any) => any) => {
      let q = t.db.selectFrom(table).select(['id', 'created_at']) as any;
      if (where) q = where(q);
      return (await q.execute()) as Array<{ id: number; created_at: string }>;
    };
    const expectWalk = async (path: string, listed: Array<{ id: number; created_at: string }>) => {
      expect(await walk(path), path).toEqual({ ids: newest(listed), total: listed.length });
    };
    const all = async (table: string) =>
      (await sql<{ id: number; created_at: string }>`select id, created_at from ${sql.table(table)}`.execute(t.db)).rows;
    const where = async (table: string, condition: string) =>
      (
        await sql<{ id: number; created_at: string }>`select id, created_at from ${sql.table(table)} where ${sql.raw(condition)}`.execute(
          t.db,
        )
      ).rows;

    await expectWalk('/api/admin/audit', await rows('audit_log'));
    await expectWalk(`/api/admin/audit?actor=${admin.id}`, await where('audit_log', `actor_user_id = ${admin.id}`));
    await expectWalk('/api/admin/audit?entity=seek_a', await where('audit_log', `entity = 'seek_a'`));
    await expectWalk('/api/admin/audit?action=seek.update', await where('audit_log', `action = 'seek.update'`));
    await expectWalk(
      '/api/admin/audit?entity=seek_a&action=seek.update',
      await where('audit_log', `entity = 'seek_a' and action = 'seek.update'`),
    );
    await expectWalk('/api/admin/messages', await all('outbox_messages'));
    await expectWalk('/api/admin/messages?channel=sms', await where('outbox_messages', `channel = 'sms'`));
    await expectWalk('/api/admin/messages?to=seek3', await where('outbox_messages', `to_address like '%seek3%'`));
    await expectWalk('/api/newsletter/subscribers', await all('newsletter_subscriptions'));
    await expectWalk('/api/admin/newsletters', await all('newsletter_sends'));
    await expectWalk('/api/admin/newsletters?q=lettre%203', await where('newsletter_sends', `subject = 'Lettre 3'`));
    await expectWalk('/api/admin/pledges', await all('pledges'));
    await expectWalk('/api/admin/pledges?status=paused', await where('pledges', `status = 'paused'`));
    await expectWalk('/api/admin/expenses', await all('expenses'));
    await expectWalk('/api/admin/expenses?status=en_attente', await where('expenses', `status = 'en_attente'`));
    await expectWalk('/api/admin/expenses?q=fournisseur%202', await where('expenses', `payee = 'Fournisseur 2'`));
    await expectWalk('/api/contact-messages', await all('contact_messages'));
    await expectWalk('/api/contact-messages?status=nouveau', await where('contact_messages', 'handled_at is null'));
    await expectWalk('/api/contact-messages?status=traite', await where('contact_messages', 'handled_at is not null'));
    await expectWalk('/api/projects/unconfirmed', await all('projects'));

    // Privacy requests keep their own order (open first by due date); their totals are the kept ones.
    const proved = await where('privacy_requests', `status <> 'en_attente_code'`);
    const privacy = await get('/api/admin/privacy-requests?per_page=100');
    expect(privacy.headers['x-total-count']).toBe(String(proved.length));
    expect((privacy.json() as Array<{ id: number }>).map((r) => r.id).sort()).toEqual(proved.map((r) => r.id).sort());
    expect((await get('/api/admin/privacy-requests?status=en_attente_code')).headers['x-total-count']).toBe('0');
  });

  it('keep every total equal to a fresh recount through inserts, filter changes and deletes', async () => {
    expect(await kept()).toEqual(await recount());
    // Writes that move rows between filters, and deletes, straight in the tables: the triggers see every writer.
    await t.db.updateTable('pledges').set({ status: 'cancelled' }).where('status', '=', 'paused').execute();
    await t.db.updateTable('expenses').set({ status: 'approuvee' }).where('payee', '=', 'Fournisseur 1').execute();
    await t.db
      .updateTable('contact_messages')
      .set({ handled_at: at(9) })
      .where('handled_at', 'is', null)
      .where('name', '=', 'Contact 2')
      .execute();
    await t.db.updateTable('contact_messages').set({ handled_at: null }).where('name', '=', 'Contact 1').execute();
    await t.db.updateTable('projects').set({ status: 'retenu' }).where('project_name', '=', 'Projet 4').execute();
    await t.db
      .updateTable('privacy_requests')
      .set({ status: 'a_traiter' })
      .where('status', '=', 'en_attente_code')
      .where(
        'id',
        '=',
        (await t.db.selectFrom('privacy_requests').select('id').where('status', '=', 'en_attente_code').executeTakeFirstOrThrow()).id,
      )
      .execute();
    await t.db.updateTable('audit_log').set({ actor_user_id: null, entity: 'seek_c' }).where('entity_id', '=', '1').execute();
    await t.db.updateTable('outbox_messages').set({ channel: 'whatsapp' }).where('dedupe_key', '=', 'seek-2').execute();
    await t.db.deleteFrom('newsletter_subscriptions').where('email', '=', 'seek5@example.org').execute();
    await t.db.deleteFrom('newsletter_sends').where('subject', '=', 'Lettre 5').execute();
    await t.db.deleteFrom('pledges').where('name', '=', 'Donateur 6').execute();
    await t.db.deleteFrom('contact_messages').where('name', '=', 'Contact 6').execute();
    await t.db.deleteFrom('audit_log').where('entity_id', '=', '6').execute();
    await t.db.deleteFrom('outbox_messages').where('dedupe_key', '=', 'seek-6').execute();
    await t.db.deleteFrom('projects').where('project_name', '=', 'Projet 6').execute();
    await t.db.deleteFrom('privacy_requests').where('status', '=', 'a_traiter').where('created_at', '=', at(5)).execute();
    expect(await kept()).toEqual(await recount());

    // And the lists answer them.
    const count = async (url: string) => Number((await get(url)).headers['x-total-count']);
    const n = async (q: string) =>
      Number((await sql<{ n: number | string }>`${sql.raw(`select count(*) as n from ${q}`)}`.execute(t.db)).rows[0]!.n);
    expect(await count('/api/admin/pledges?status=cancelled')).toBe(await n(`pledges where status = 'cancelled'`));
    expect(await count('/api/admin/pledges?status=paused')).toBe(0);
    expect(await count('/api/admin/expenses?status=approuvee')).toBe(1);
    expect(await count('/api/contact-messages?status=nouveau')).toBe(await n('contact_messages where handled_at is null'));
    expect(await count('/api/contact-messages?status=traite')).toBe(await n('contact_messages where handled_at is not null'));
    expect(await count('/api/admin/audit?entity=seek_c')).toBe(1);
    expect(await count(`/api/admin/audit?actor=${admin.id}`)).toBe(await n(`audit_log where actor_user_id = ${admin.id}`));
    expect(await count('/api/admin/messages?channel=whatsapp')).toBe(1);
    expect(await count('/api/newsletter/subscribers')).toBe(await n('newsletter_subscriptions'));
    expect(await count('/api/admin/privacy-requests')).toBe(await n(`privacy_requests where status <> 'en_attente_code'`));
  });

  it('refuse a page further than 10 000 rows from both ends of every list, in French', async () => {
    // A kept total raised to 30 000 stands for a big table: the page asked skips 15 000 rows from either end.
    const lists = [
      ['/api/admin/audit', 'audit_log'],
      ['/api/admin/messages', 'outbox_messages'],
      ['/api/newsletter/subscribers', 'newsletter_subscriptions'],
      ['/api/admin/newsletters', 'newsletter_sends'],
      ['/api/admin/pledges', 'pledges'],
      ['/api/admin/expenses', 'expenses'],
      ['/api/contact-messages', 'contact_messages'],
      ['/api/projects/unconfirmed', 'projects'],
    ] as const;
    for (const [path, key] of lists) {
      await sql`update row_counts set n = n + 30000 where key = ${key}`.execute(t.db);
      const res = await get(`${path}?page=300&per_page=50`);
      await sql`update row_counts set n = n - 30000 where key = ${key}`.execute(t.db);
      expect(res.statusCode, path).toBe(422);
      expect(res.json(), path).toMatchObject({ errors: { page: [PAGE_MESSAGES.tooDeep] } });
    }
    // Privacy requests and the treasury journal keep their own order: their skip is bounded the same way.
    for (const path of ['/api/admin/privacy-requests', '/api/admin/treasury/journal']) {
      const res = await get(`${path}?page=202&per_page=50`);
      expect(res.statusCode, path).toBe(422);
      expect(res.json(), path).toMatchObject({ errors: { page: [PAGE_MESSAGES.tooDeep] } });
      expect((await get(`${path}?page=200&per_page=50`)).statusCode, path).toBe(200);
    }
    expect(PAGE_MESSAGES.tooDeep).toContain('10\u00a0000');
  });
});
