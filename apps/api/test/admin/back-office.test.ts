import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/platform/database/database';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, makePng, multipart } from '../public-site/fixtures';

// Issue #18 §5: the administrator's landing counts, contact messages with a handled state, pending avatars for
// administrators only.

let t: TestApp;
let admin: SeededUser;
let member: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  member = await seedUser(t, 'membre');
});
afterAll(async () => t.close());

const contact = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Fifamè Houngbo', email, phone: '+22997000000', message: 'Bonjour !' },
  });
const waiting = async () => {
  const res = await t.app.inject({ url: '/api/admin/waiting', headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, number>;
};
const handled = (id: number, value: unknown, token = admin.token) =>
  t.app.inject({ method: 'PUT', url: `/api/contact-messages/${id}/handled`, headers: bearer(token), payload: { handled: value } });

describe('GET /api/admin/waiting', () => {
  it('counts what waits: unconfirmed accounts and volunteers, pending testimonials, new messages', async () => {
    const before = await waiting();
    await seedUser(t, 'conseiller', { confirmed: false });
    await t.db
      .insertInto('volunteers')
      .values({
        name: 'Volontaire',
        email: 'v@exemple.bj',
        profile_image: 'p.jpg',
        cv: 'c.pdf',
        motivation_letter: 'm.pdf',
        criminal_record: 'r.pdf',
        domain: 'sante',
        is_confirmed: 0,
        created_at: nowIso(),
      })
      .execute();
    await t.db
      .insertInto('testimonials')
      .values({ text: 'Merci beaucoup', author: 'Koffi', title: 'Parent élève', avatar: 'a.png', is_published: 0, created_at: nowIso() })
      .execute();
    expect((await contact('attente@exemple.bj')).statusCode).toBe(200);
    expect(await waiting()).toEqual({
      unconfirmed_accounts: before.unconfirmed_accounts! + 1,
      unconfirmed_volunteers: before.unconfirmed_volunteers! + 1,
      pending_testimonials: before.pending_testimonials! + 1,
      new_messages: before.new_messages! + 1,
      pending_expenses: before.pending_expenses,
      expense_cancellations: 0,
      new_projects: before.new_projects,
      organisation_incomplete: before.organisation_incomplete,
      privacy_requests: 0,
      privacy_requests_due_soon: 0,
      unmapped_zones: 0,
      telephone_conflicts: 0,
      account_changes: 0,
    });
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/admin/waiting' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/waiting', headers: bearer(member.token) })).statusCode).toBe(403);
  });
});

describe('contact messages: handled state', () => {
  it('marks a message handled, lists it under its status, counts it no more, and records it in the audit trail', async () => {
    expect((await contact('traite@exemple.bj')).statusCode).toBe(200);
    const row = await t.db.selectFrom('contact_messages').select('id').where('email', '=', 'traite@exemple.bj').executeTakeFirstOrThrow();
    const newBefore = (await waiting()).new_messages!;
    const listed = await t.app.inject({ url: '/api/contact-messages?status=nouveau&per_page=100', headers: bearer(admin.token) });
    expect(listed.json().find((m: { id: number }) => m.id === row.id)).toMatchObject({ handled_at: null, phone: '+2290197000000' });

    const res = await handled(row.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message marqué comme traité.' });
    expect((await waiting()).new_messages).toBe(newBefore - 1);
    const news = await t.app.inject({ url: '/api/contact-messages?status=nouveau&per_page=100', headers: bearer(admin.token) });
    expect(news.json().map((m: { id: number }) => m.id)).not.toContain(row.id);
    const done = await t.app.inject({ url: '/api/contact-messages?status=traite', headers: bearer(admin.token) });
    expect(done.json().find((m: { id: number }) => m.id === row.id)?.handled_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Number(done.headers['x-total-count'])).toBeGreaterThan(0);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'contact_message.handle')
      .where('entity_id', '=', String(row.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(admin.id);

    const reopened = await handled(row.id, false);
    expect(reopened.json()).toEqual({ message: 'Message remis parmi les nouveaux.' });
    expect((await waiting()).new_messages).toBe(newBefore);
  });

  it('refuses a missing or non-boolean flag with a French 422, an unknown message with 404, a non-administrator with 403', async () => {
    const bad = await handled(1, 'oui');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.handled).toEqual(['Indiquez si le message est traité.']);
    expect((await handled(999_999, true)).json()).toEqual({ message: 'Message introuvable.' });
    expect((await handled(999_999, true)).statusCode).toBe(404);
    expect((await handled(1, true, member.token)).statusCode).toBe(403);
  });

  it('refuses an unknown status filter with 422', async () => {
    expect((await t.app.inject({ url: '/api/contact-messages?status=lu', headers: bearer(admin.token) })).statusCode).toBe(422);
  });
});

describe('GET /api/admin/avatars/{file}', () => {
  it("serves a pending testimonial's avatar to administrators only, while the public route still answers 404", async () => {
    const png = makePng();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/testimonial',
      ...multipart([
        field('text', 'Une aide précieuse pour nous'),
        field('author', 'Avatar Attente'),
        field('title', 'Mère de famille'),
        file('avatar', 'a.png', png, 'image/png'),
      ]),
    });
    expect(sent.statusCode).toBe(201);
    const row = await t.db.selectFrom('testimonials').select('avatar').where('author', '=', 'Avatar Attente').executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `/api/storage/avatars/${row.avatar}` })).statusCode).toBe(404);

    const image = await t.app.inject({ url: `/api/admin/avatars/${row.avatar}`, headers: bearer(admin.token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('private');
    expect(image.rawPayload.equals(png)).toBe(true);

    expect((await t.app.inject({ url: `/api/admin/avatars/${row.avatar}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/admin/avatars/${row.avatar}`, headers: bearer(member.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/avatars/..%2Fcv%2Fx.pdf', headers: bearer(admin.token) })).statusCode).toBe(404);
  });
});
