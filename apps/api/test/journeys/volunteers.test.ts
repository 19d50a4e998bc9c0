import { VOLUNTEER_REFUSAL_MESSAGES } from '@shared/schemas/volunteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, makeDocx, makePdf, makePng, multipart, type Part } from '../public-site/fixtures';

// Issue 18 §3: the administrator sees all four documents (the photo too) and can refuse with a reason
// that the volunteer is told (by e-mail: the spec's form has no telephone).

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

let n = 0;
async function apply(name = "Jean-Baptiste N'Dri") {
  n += 1;
  const parts: Part[] = [
    field('name', name),
    field('email', `candidat${n}@example.bj`),
    field('domain', 'sante'),
    field('under_restriction', '0'),
    file('profile_image', 'moi.png', makePng()),
    file('cv', 'cv.pdf', makePdf()),
    file('motivation_letter', 'lettre.docx', makeDocx()),
    file('criminal_record', 'casier.pdf', makePdf()),
  ];
  const res = await t.app.inject({ method: 'POST', url: '/api/volunteers', ...multipart(parts) });
  expect(res.statusCode, res.body).toBe(201);
  return t.db.selectFrom('volunteers').selectAll().where('email', '=', `candidat${n}@example.bj`).executeTakeFirstOrThrow();
}

const pending = async () =>
  (await t.app.inject({ url: '/api/volunteers/unconfirmed', headers: bearer(admin.token) })).json() as Array<Record<string, unknown>>;
const refuse = (id: number, payload: unknown, token = admin.token) =>
  t.app.inject({ method: 'PUT', url: `/api/volunteers/${id}/refuse`, headers: bearer(token), payload: payload as object });

describe('the administrator and a volunteer application', () => {
  it('lists the four documents, the photo included, and lets the administrator open each', async () => {
    const v = await apply();
    const item = (await pending()).find((x) => x.id === v.id)!;
    expect(item).toMatchObject({
      name: "Jean-Baptiste N'Dri",
      profile_image: v.profile_image,
      cv: v.cv,
      motivation_letter: v.motivation_letter,
      criminal_record: v.criminal_record,
    });
    for (const [kind, name] of [
      ['profile_image', v.profile_image],
      ['cv', v.cv],
      ['motivation_letter', v.motivation_letter],
      ['criminal_record', v.criminal_record],
    ]) {
      const res = await t.app.inject({ url: `/api/download/${kind}/${name}`, headers: bearer(admin.token) });
      expect(res.statusCode, kind).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
    }
    // Still private: no token, no photo; the public route hides it until confirmation.
    expect((await t.app.inject({ url: `/api/download/profile_image/${v.profile_image}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/storage/volunteer-profile-images/${v.profile_image}` })).statusCode).toBe(404);
  });

  it('refuses with a reason: the application leaves the list, the volunteer gets an e-mail with the reason, the audit trail keeps it', async () => {
    const v = await apply('Agbo-Dossou Afi');
    const reason = "Nous n'avons pas de mission de santé à Parakou pour l'instant.";
    const res = await refuse(v.id, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(VOLUNTEER_REFUSAL_MESSAGES.refused);
    expect((await pending()).map((x) => x.id)).not.toContain(v.id);
    const row = await t.db.selectFrom('volunteers').selectAll().where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_confirmed: 0, refusal_reason: reason });
    const mail = await t.db.selectFrom('outbox_messages').selectAll().where('to_address', '=', v.email).executeTakeFirstOrThrow();
    expect(mail.channel).toBe('email');
    expect(mail.body).toContain(reason);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'volunteer.refuse')
      .where('entity_id', '=', String(v.id))
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(admin.id);
    // Decided once: neither a second refusal nor a later confirmation by mistake sends anything else.
    expect((await refuse(v.id, { reason })).statusCode).toBe(409);
    expect(await t.db.selectFrom('outbox_messages').selectAll().where('to_address', '=', v.email).execute()).toHaveLength(1);
  });

  it.each([
    [{}, VOLUNTEER_REFUSAL_MESSAGES.reasonRequired],
    [{ reason: '   ' }, VOLUNTEER_REFUSAL_MESSAGES.reasonRequired],
    [{ reason: 'Non' }, VOLUNTEER_REFUSAL_MESSAGES.reasonShort],
    [{ reason: 'Dossier \u202eincomplet' }, VOLUNTEER_REFUSAL_MESSAGES.reasonChars],
  ])('refuses a refusal without a proper reason (%j) with its French message and changes nothing', async (payload, message) => {
    const v = await apply('Kossi Mensah');
    const res = await refuse(v.id, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reason).toEqual([message]);
    expect((await pending()).map((x) => x.id)).toContain(v.id);
  });

  it('is for administrators only, and 404 for an unknown volunteer', async () => {
    const v = await apply('Fifamè Houngbo');
    const adviser = await seedUser(t, 'conseiller');
    expect((await refuse(v.id, { reason: 'Dossier incomplet' }, adviser.token)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/volunteers/${v.id}/refuse`, payload: { reason: 'Dossier incomplet' } })).statusCode,
    ).toBe(401);
    expect((await refuse(999_999, { reason: 'Dossier incomplet' })).statusCode).toBe(404);
  });
});
