import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTIMONIAL_MESSAGES } from '@shared/schemas/testimonial';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, listUploads, makeJpeg, makePdf, makePng, multipart } from './fixtures';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const valid = { text: 'Une aide précieuse pour ma famille', author: 'Aïcha', title: 'Mère de famille' };
const post = (
  values: Record<string, string>,
  avatar: ReturnType<typeof file> | null = file('avatar', 'photo.png', makePng(), 'image/png'),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/testimonial',
    ...multipart([...Object.entries(values).map(([k, v]) => field(k, v)), ...(avatar ? [avatar] : [])]),
  });

describe('POST /api/testimonial', () => {
  it('stores a valid testimonial unpublished and answers 201 {message}', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/témoignage/);
    const row = await t.db.selectFrom('testimonials').selectAll().where('author', '=', 'Aïcha').executeTakeFirstOrThrow();
    expect(row.is_published).toBe(0);
    expect(row.avatar).toMatch(/^[0-9a-f-]{36}\.png$/);
    const list = await t.app.inject({ url: '/api/testimonials' });
    expect(list.json().map((x: { author: string }) => x.author)).not.toContain('Aïcha');
  });

  it.each([
    ['text', 'court', 'Le témoignage doit comporter au moins 10 caractères.'],
    ['text', 'Super association \u0000 merci', TESTIMONIAL_MESSAGES.textChars],
    ['text', 'Super association \u202emerci', TESTIMONIAL_MESSAGES.textChars],
    ['author', 'Al', "Le nom de l'auteur doit comporter au moins 3 caractères."],
    ['author', 'Al@in', TESTIMONIAL_MESSAGES.authorChars],
    ['author', 'Koffi 2', TESTIMONIAL_MESSAGES.authorChars],
    ['author', 'Aïcha\u2066 Bio', TESTIMONIAL_MESSAGES.authorChars],
    ['title', 'Mère', 'Le titre doit comporter au moins 6 caractères.'],
    ['title', 'Ma vie\u0007 changée', TESTIMONIAL_MESSAGES.titleChars],
  ])('refuses %s = %j with its message', async (name, value, message) => {
    const res = await post({ ...valid, [name]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[name]).toContain(message);
  });

  it('records the consent to publish with name and photo, and refuses a « no »', async () => {
    const res = await post({ ...valid, author: 'Reine Consentante', consents: JSON.stringify({ testimonial: true }) });
    expect(res.statusCode).toBe(201);
    const row = await t.db.selectFrom('testimonials').select('id').where('author', '=', 'Reine Consentante').executeTakeFirstOrThrow();
    const consent = await t.db.selectFrom('consents').selectAll().where('subject', '=', `testimonial:${row.id}`).executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ purpose: 'testimonial', given: 1, source: 'testimonial_form', channel: 'web' });
    expect(consent.wording_version).toMatch(/^testimonial-/);

    const before = await t.db
      .selectFrom('testimonials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const consents of [JSON.stringify({ testimonial: false }), '{pas du json', JSON.stringify({ autre: true })]) {
      const refused = await post({ ...valid, consents });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toContain('consents');
    }
    expect((await post({ ...valid, consents: JSON.stringify({ testimonial: false }) })).json().errors.consents).toContain(
      TESTIMONIAL_MESSAGES.consentRequired,
    );
    const after = await t.db
      .selectFrom('testimonials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('accepts accented letters and digits', async () => {
    const res = await post({ text: 'Élève en 3e grâce à vous', author: 'Koffi Deux', title: 'Étudiant à Porto Novo' });
    expect(res.statusCode).toBe(201);
  });

  // docs/product/validation.md "Text that people write" replaces the original "letters, digits and spaces only".
  it('keeps a quote with its punctuation and a name with hyphens and apostrophes, as written', async () => {
    const text = "Grâce à l'association, ma fille est retournée à l'école : merci !\nC'était « inespéré ».";
    const res = await post({ text, author: "Jean-Baptiste N'Dri", title: 'Une rentrée, enfin.' });
    expect(res.statusCode).toBe(201);
    const row = await t.db.selectFrom('testimonials').selectAll().where('author', '=', "Jean-Baptiste N'Dri").executeTakeFirstOrThrow();
    expect(row.text).toBe(text);
    expect(row.title).toBe('Une rentrée, enfin.');
  });

  it('requires the avatar', async () => {
    const res = await post(valid, null);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.avatar).toEqual(["Veuillez choisir une image pour l'avatar."]);
  });

  it('checks the avatar from its bytes, not its name or declared type', async () => {
    const before = listUploads(t.dataDir).length;
    const res = await post(valid, file('avatar', 'photo.png', makePdf(), 'image/png'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.avatar).toEqual(["L'avatar doit être une image au format jpg, jpeg, png ou webp."]);
    expect(listUploads(t.dataDir).length).toBe(before);
  });

  it('refuses a zero-byte avatar, a double extension and a path in the name', async () => {
    expect((await post(valid, file('avatar', 'vide.png', Buffer.alloc(0)))).json().errors.avatar).toEqual(['Le fichier est vide.']);
    expect((await post(valid, file('avatar', 'photo.php.png', makePng()))).json().errors.avatar).toEqual([
      "Le nom du fichier n'est pas accepté.",
    ]);
    expect((await post(valid, file('avatar', '../../etc/photo.png', makePng()))).json().errors.avatar).toEqual([
      "Le nom du fichier n'est pas accepté.",
    ]);
  });

  it('refuses a PNG carrying a script after its end (polyglot)', async () => {
    const polyglot = Buffer.concat([makePng(), Buffer.from('<script>alert(1)</script>')]);
    const res = await post(valid, file('avatar', 'photo.png', polyglot));
    expect(res.statusCode).toBe(422);
  });

  it('answers 413 for an avatar over 5 MB and writes nothing', async () => {
    const before = listUploads(t.dataDir).length;
    const big = Buffer.concat([makeJpeg(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await post(valid, file('avatar', 'photo.jpg', big, 'image/jpeg'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("L'image ne doit pas dépasser 5 Mo.");
    expect(listUploads(t.dataDir).length).toBe(before);
  });
});

describe('moderation of testimonials', () => {
  async function submitted(author: string) {
    expect((await post({ ...valid, author })).statusCode).toBe(201);
    return t.db.selectFrom('testimonials').selectAll().where('author', '=', author).executeTakeFirstOrThrow();
  }

  it('lists pending testimonials for administrators, publishes one, and the public then sees it and its avatar', async () => {
    const row = await submitted('Publiable');
    const avatarUrl = `/api/storage/avatars/${row.avatar}`;
    expect((await t.app.inject({ url: avatarUrl })).statusCode).toBe(404);

    const pending = await t.app.inject({ url: '/api/admin/testimonials?status=pending', headers: bearer(admin.token) });
    expect(pending.statusCode).toBe(200);
    const item = pending.json().find((x: { id: number }) => x.id === row.id);
    // Administrators see the avatar before publishing, through their own route (issue #18 §5).
    expect(item).toMatchObject({ author: 'Publiable', is_published: false, avatar_url: `/api/admin/avatars/${row.avatar}` });
    expect(Number(pending.headers['x-total-count'])).toBeGreaterThan(0);

    const pub = await t.app.inject({ method: 'PUT', url: `/api/testimonials/${row.id}/publish`, headers: bearer(admin.token) });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().message).toBe('Témoignage publié avec succès.');

    const list = await t.app.inject({ url: '/api/testimonials' });
    expect(list.json()[0]).toEqual({
      id: row.id,
      text: valid.text,
      author: 'Publiable',
      title: valid.title,
      avatar: row.avatar,
      avatar_url: avatarUrl,
    });
    const image = await t.app.inject({ url: avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload.equals(makePng())).toBe(true);

    const published = await t.app.inject({ url: '/api/admin/testimonials?status=published', headers: bearer(admin.token) });
    expect(published.json().map((x: { id: number }) => x.id)).toContain(row.id);
  });

  it('deletes a testimonial and its avatar file', async () => {
    const row = await submitted('Supprimable');
    expect(listUploads(t.dataDir)).toContain(`avatars/${row.avatar}`);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/testimonials/${row.id}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Témoignage supprimé avec succès.');
    expect(listUploads(t.dataDir)).not.toContain(`avatars/${row.avatar}`);
    expect(await t.db.selectFrom('testimonials').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
    const again = await t.app.inject({ method: 'DELETE', url: `/api/testimonials/${row.id}`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
  });

  it('paginates the public list newest first with X-Total-Count', async () => {
    const ids: number[] = [];
    for (const author of ['Premier', 'Deuxieme', 'Troisieme']) {
      const row = await submitted(author);
      await t.app.inject({ method: 'PUT', url: `/api/testimonials/${row.id}/publish`, headers: bearer(admin.token) });
      ids.push(row.id);
    }
    const res = await t.app.inject({ url: '/api/testimonials?per_page=2' });
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0].id).toBe(ids[2]);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
  });
});
