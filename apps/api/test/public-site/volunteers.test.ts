import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@shared/text-rules';
import { withdrawToken } from '../../src/modules/privacy/consents';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, listUploads, makeDocx, makeJpeg, makePdf, makePng, multipart, type Part } from './fixtures';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

let n = 0;
const fields = (over: Record<string, string | null> = {}) => {
  n += 1;
  const base: Record<string, string | null> = {
    name: 'Kossi Mensah',
    email: `kossi${n}@example.bj`,
    domain: 'education',
    under_restriction: '0',
    ...over,
  };
  return Object.entries(base)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => field(k, v!));
};
const files = (over: Record<string, Part | null> = {}): Part[] => {
  const base: Record<string, Part | null> = {
    profile_image: file('profile_image', 'moi.png', makePng(), 'image/png'),
    cv: file('cv', 'cv.pdf', makePdf(), 'application/pdf'),
    motivation_letter: file('motivation_letter', 'lettre.docx', makeDocx()),
    criminal_record: file('criminal_record', 'casier.pdf', makePdf()),
    ...over,
  };
  return Object.values(base).filter((p): p is Part => p !== null);
};
const post = (parts: Part[]) => t.app.inject({ method: 'POST', url: '/api/volunteers', ...multipart(parts) });

describe('POST /api/volunteers', () => {
  it('registers a volunteer unconfirmed with the spec message', async () => {
    const res = await post([...fields({ email: 'Awa.Doe@Example.BJ' }), ...files()]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Merci pour votre inscription !' });
    const row = await t.db.selectFrom('volunteers').selectAll().where('email', '=', 'awa.doe@example.bj').executeTakeFirstOrThrow();
    expect(row.is_confirmed).toBe(0);
    expect(row.profile_image).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(row.motivation_letter).toMatch(/\.docx$/);
    expect(row.restriction_proof).toBeNull();
    expect((await t.app.inject({ url: '/api/volunteers' })).json()).toEqual([]);
  });

  it('refuses a duplicate e-mail with errors.email and leaves no file behind', async () => {
    expect((await post([...fields({ email: 'double@example.bj' }), ...files()])).statusCode).toBe(201);
    const before = listUploads(t.dataDir).length;
    const res = await post([...fields({ email: 'DOUBLE@example.bj' }), ...files()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Cet email est déjà utilisé.']);
    expect(listUploads(t.dataDir).length).toBe(before);
  });

  // Issue 18: each field says what it lacks (the spec's single "Veuillez remplir tous les champs." did not).
  it.each([
    ['name', 'Veuillez indiquer votre nom.'],
    ['domain', 'Veuillez choisir un domaine.'],
  ])('requires %s with its own message', async (name, message) => {
    const res = await post([...fields({ [name]: null }), ...files()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[name]).toEqual([message]);
  });

  it.each([
    ['profile_image', 'Veuillez joindre une photo de profil.'],
    ['cv', 'Veuillez joindre votre CV.'],
    ['motivation_letter', 'Veuillez joindre votre lettre de motivation.'],
    ['criminal_record', 'Veuillez joindre votre extrait de casier judiciaire.'],
  ])('requires the file %s with its own message', async (name, message) => {
    const before = listUploads(t.dataDir).length;
    const res = await post([...fields(), ...files({ [name]: null })]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[name]).toEqual([message]);
    expect(listUploads(t.dataDir).length).toBe(before);
  });

  it('refuses a name with fewer than 3 letters with the spec message', async () => {
    const res = await post([...fields({ name: 'Ko' }), ...files()]);
    expect(res.json().errors.name).toEqual(['Le nom doit comporter au moins 3 lettres ou chiffres, sans caractères spéciaux.']);
  });

  // docs/product/validation.md "Text that people write" replaces the original "no special characters": symbols, digits,
  // control and bidirectional characters are refused; hyphens, apostrophes and periods are not.
  it.each(['Jean@Dupont', 'Anne-Marie!', 'Kossi 2', 'Kossi\u0000Mensah', 'Kossi\u202eMensah'])('refuses the name %j', async (name) => {
    const res = await post([...fields({ name }), ...files()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([TEXT_MESSAGES.nameChars]);
  });

  it.each(["Jean-Baptiste N'Dri", 'Agbo-Dossou', 'Mme Ahouéfa É. Houngbo', 'Ayọ̀ Adébáyọ̀ O’Neil'])('accepts the name %j', async (name) => {
    const res = await post([...fields({ name }), ...files()]);
    expect(res.statusCode).toBe(201);
  });

  it('refuses an e-mail without a valid shape and a domain outside the list', async () => {
    const res = await post([...fields({ email: 'pas-un-email', domain: 'peinture' }), ...files()]);
    expect(res.json().errors).toMatchObject({
      email: ['Veuillez entrer une adresse email valide.'],
      domain: ['Veuillez choisir un domaine valide.'],
    });
  });

  it('requires a restriction proof when the box is ticked, and stores it', async () => {
    const missing = await post([...fields({ under_restriction: '1' }), ...files()]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.restriction_proof).toEqual(['Veuillez joindre un justificatif de restriction.']);
    const ok = await post([
      ...fields({ under_restriction: '1', email: 'restreint@example.bj' }),
      ...files(),
      file('restriction_proof', 'preuve.pdf', makePdf()),
    ]);
    expect(ok.statusCode).toBe(201);
    const row = await t.db.selectFrom('volunteers').selectAll().where('email', '=', 'restreint@example.bj').executeTakeFirstOrThrow();
    expect(row.under_restriction).toBe(1);
    expect(row.restriction_proof).toMatch(/\.pdf$/);
  });

  it('accepts profile images in jpg, jpeg and png only, read from the bytes', async () => {
    expect((await post([...fields(), ...files({ profile_image: file('profile_image', 'moi.jpeg', makeJpeg()) })])).statusCode).toBe(201);
    for (const bad of [file('profile_image', 'moi.gif', makePng()), file('profile_image', 'moi.png', makePdf(), 'image/png')]) {
      const res = await post([...fields(), ...files({ profile_image: bad })]);
      expect(res.json().errors.profile_image).toEqual(["L'image de profil doit être au format jpg, jpeg ou png."]);
    }
  });

  it('refuses documents that are not pdf, doc or docx, listing the allowed types', async () => {
    for (const bad of [file('cv', 'cv.pdf', makePng(), 'application/pdf'), file('cv', 'cv.txt', Buffer.from('bonjour'))]) {
      const res = await post([...fields(), ...files({ cv: bad })]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cv).toEqual(['Le fichier doit être au format pdf, doc ou docx.']);
    }
  });

  it('refuses a PDF with a ZIP appended (polyglot) and an executable double extension', async () => {
    const polyglot = Buffer.concat([makePdf(), makeDocx()]);
    expect((await post([...fields(), ...files({ cv: file('cv', 'cv.pdf', polyglot) })])).json().errors.cv).toEqual([
      'Le fichier doit être au format pdf, doc ou docx.',
    ]);
    expect((await post([...fields(), ...files({ cv: file('cv', 'cv.exe.pdf', makePdf()) })])).json().errors.cv).toEqual([
      "Le nom du fichier n'est pas accepté.",
    ]);
  });

  it('answers 413 for a document over 5 MB and writes nothing', async () => {
    const before = listUploads(t.dataDir).length;
    const big = makePdf(5 * 1024 * 1024 + 1);
    const res = await post([...fields(), ...files({ cv: file('cv', 'cv.pdf', big) })]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Le fichier ne doit pas dépasser 5 Mo.');
    expect(listUploads(t.dataDir).length).toBe(before);
  });
});

describe('volunteer confirmation', () => {
  it('lists unconfirmed volunteers with file names, confirms one, which then appears publicly with its photo', async () => {
    expect((await post([...fields({ name: 'Afi Confirmee', email: 'afi@example.bj', public_profile: '1' }), ...files()])).statusCode).toBe(
      201,
    );
    const list = await t.app.inject({ url: '/api/volunteers/unconfirmed', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const item = list.json().find((v: { email: string }) => v.email === 'afi@example.bj');
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'name',
        'email',
        'domain',
        'under_restriction',
        // The photo too (issue 18): the administrator sees all four documents before confirming.
        'profile_image',
        'cv',
        'motivation_letter',
        'criminal_record',
        'restriction_proof',
        // To call the applicant (issue #33).
        'telephone',
        'created_at',
      ].sort(),
    );
    expect(item.under_restriction).toBe('0');
    expect(item.cv).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const row = await t.db.selectFrom('volunteers').select('profile_image').where('id', '=', item.id).executeTakeFirstOrThrow();
    const photo = `/api/storage/volunteer-profile-images/${row.profile_image}`;
    expect((await t.app.inject({ url: photo })).statusCode).toBe(404);

    const res = await t.app.inject({ method: 'PUT', url: `/api/volunteers/${item.id}/confirm`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Volontaire confirmé avec succès !' });

    const after = await t.app.inject({ url: '/api/volunteers/unconfirmed', headers: bearer(admin.token) });
    expect(after.json().map((v: { id: number }) => v.id)).not.toContain(item.id);
    const pub = await t.app.inject({ url: '/api/volunteers' });
    expect(pub.json()).toContainEqual({ id: item.id, name: 'Afi Confirmee', profile_image: row.profile_image, profile_image_url: photo });
    expect(pub.body).not.toContain('afi@example.bj');
    const image = await t.app.inject({ url: photo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('max-age=31536000');

    const cv = await t.app.inject({ url: `/api/download/cv/${item.cv}`, headers: bearer(admin.token) });
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toMatch(/^attachment;/);
    expect(cv.headers['x-content-type-options']).toBe('nosniff');
    expect(cv.rawPayload.equals(makePdf())).toBe(true);
    const letter = await t.app.inject({ url: `/api/download/motivation_letter/${item.motivation_letter}`, headers: bearer(admin.token) });
    expect(letter.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('takes a phone-only volunteer and tells them by SMS, accepted or refused (and by e-mail when given)', async () => {
    const noContact = await post([...fields({ email: null }), ...files()]);
    expect(noContact.statusCode).toBe(422);
    expect(noContact.json().errors.telephone).toEqual(['Veuillez indiquer votre numéro de téléphone.']);
    const badPhone = await post([...fields({ email: null, telephone: '12' }), ...files()]);
    expect(badPhone.json().errors.telephone).toEqual([
      "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
    ]);
    for (const [name, telephone] of [
      ['Yao Sans Courriel', '97 00 44 01'],
      ['Ama Sans Courriel', '0197004402'],
    ] as const) {
      expect((await post([...fields({ name, email: '', telephone }), ...files()])).statusCode).toBe(201);
    }
    const rows = await t.db
      .selectFrom('volunteers')
      .select(['id', 'name', 'email', 'telephone'])
      .where('name', 'in', ['Yao Sans Courriel', 'Ama Sans Courriel'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.email, r.telephone])).toEqual([
      ['', '+2290197004401'],
      ['', '+2290197004402'],
    ]);
    await t.app.inject({ method: 'PUT', url: `/api/volunteers/${rows[0]!.id}/confirm`, headers: bearer(admin.token) });
    await t.app.inject({
      method: 'PUT',
      url: `/api/volunteers/${rows[1]!.id}/refuse`,
      headers: bearer(admin.token),
      payload: { reason: 'Dossier incomplet pour le moment.' },
    });
    const sent = await t.db
      .selectFrom('outbox_messages')
      .select(['channel', 'to_address', 'body'])
      .where('to_address', 'in', ['+2290197004401', '+2290197004402'])
      .orderBy('to_address')
      .execute();
    expect(sent.map((m) => m.channel)).toEqual(['sms', 'sms']);
    expect(sent[0]!.body).toContain('est acceptée');
    expect(sent[1]!.body).toContain("n'a pas été retenue");
  });

  it('answers 404 when confirming an unknown volunteer', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/volunteers/999999/confirm', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('the public list shows only the volunteers who chose it', () => {
  it('keeps an unticked volunteer, and an erased one, off /api/volunteers and their photo private', async () => {
    expect((await post([...fields({ name: 'Dossa Discret', email: 'discret@example.bj' }), ...files()])).statusCode).toBe(201);
    expect(
      (await post([...fields({ name: 'Yao Visible', email: 'visible@example.bj', public_profile: '1' }), ...files()])).statusCode,
    ).toBe(201);
    const rows = await t.db
      .selectFrom('volunteers')
      .select(['id', 'email', 'profile_image', 'public_profile'])
      .where('email', 'in', ['discret@example.bj', 'visible@example.bj'])
      .execute();
    const discreet = rows.find((r) => r.email === 'discret@example.bj')!;
    const visible = rows.find((r) => r.email === 'visible@example.bj')!;
    expect(discreet.public_profile).toBe(0);
    expect(visible.public_profile).toBe(1);
    for (const r of rows) await t.app.inject({ method: 'PUT', url: `/api/volunteers/${r.id}/confirm`, headers: bearer(admin.token) });
    const ids = (await t.app.inject({ url: '/api/volunteers?per_page=100' })).json().map((v: { id: number }) => v.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(discreet.id);
    expect((await t.app.inject({ url: `/api/storage/volunteer-profile-images/${discreet.profile_image}` })).statusCode).toBe(404);
    // The choice is kept as a consent.
    const consents = await t.db.selectFrom('consents').select(['purpose', 'given']).where('source', '=', 'volunteer_form').execute();
    expect(consents).toContainEqual({ purpose: 'public_name', given: 1 });
    expect(consents).toContainEqual({ purpose: 'public_name', given: 0 });
    // An erased volunteer (anonymised) leaves the list.
    await t.db.updateTable('volunteers').set({ name: 'Bénévole anonymisé' }).where('id', '=', visible.id).execute();
    const after = (await t.app.inject({ url: '/api/volunteers?per_page=100' })).json().map((v: { id: number }) => v.id);
    expect(after).not.toContain(visible.id);
  });

  it('takes a volunteer off the list when the public_name consent is withdrawn elsewhere (a message’s link)', async () => {
    expect(
      (await post([...fields({ name: 'Afi Retrait', email: 'Retrait@Example.bj', public_profile: '1' }), ...files()])).statusCode,
    ).toBe(201);
    const row = await t.db.selectFrom('volunteers').select('id').where('name', '=', 'Afi Retrait').executeTakeFirstOrThrow();
    await t.app.inject({ method: 'PUT', url: `/api/volunteers/${row.id}/confirm`, headers: bearer(admin.token) });
    const listed = async () => (await t.app.inject({ url: '/api/volunteers?per_page=100' })).json().map((v: { id: number }) => v.id);
    expect(await listed()).toContain(row.id);
    const token = await withdrawToken(t.db, 'public_name', 'retrait@example.bj');
    const res = await t.app.inject({ method: 'POST', url: '/api/consents', payload: { purpose: 'public_name', given: false, token } });
    expect(res.statusCode).toBe(200);
    expect(await listed()).not.toContain(row.id);
  });
});
