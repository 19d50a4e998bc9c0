import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { ALL_ROLES, providerPayload } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (token: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/prestataires', headers: token ? bearer(token) : {}, payload: payload as object });

describe('POST /api/prestataires', () => {
  it('creates the caller’s record with its domains and discounts, and ends the first login', async () => {
    const u = await seedUser(t, 'prestataire_morale', { firstLogin: true });
    const res = await post(u.token, providerPayload({ entreprise: 'Boulangerie du Port', zone: '  Abomey-Calavi ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Informations du prestataire enregistrées avec succès' });
    const user = await t.db.selectFrom('users').select('first_login').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(user.first_login).toBe(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: u.telephone, password: u.password } });
    expect(login.json().user.first_login).toBe(false);

    const own = await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      entreprise: 'Boulangerie du Port',
      forme_juridique: 'SA',
      adresse: 'Rue des Cocotiers 12',
      zone: 'Abomey-Calavi',
      telephone: '+2290190112233',
      whatsapp: '+2290190112233',
      marge_salaire: 150000,
      domaines: ['Santé', 'Logement'],
      reductions: { Santé: 15, Logement: 5 },
    });
    expect(own.json()).not.toHaveProperty('user_id');
  });

  it('keeps one record per provider: a second submission is refused with 409', async () => {
    const u = await seedUser(t, 'prestataire_physique');
    expect((await post(u.token, providerPayload())).statusCode).toBe(201);
    const again = await post(u.token, providerPayload());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Les informations du prestataire ont déjà été enregistrées pour ce compte.');
    const rows = await t.db.selectFrom('providers').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 401 without a token and 403 for every role that is not a provider', async () => {
    expect((await post(null, providerPayload())).statusCode).toBe(401);
    expect((await post('jeton-inconnu', providerPayload())).statusCode).toBe(401);
    for (const role of ALL_ROLES.filter((r) => !r.startsWith('prestataire_'))) {
      const u = await seedUser(t, role);
      const res = await post(u.token, providerPayload());
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe("Vous n'avez pas l'autorisation d'effectuer cette action.");
    }
  });

  it('checks authentication before validating the body', async () => {
    expect((await post(null, {})).statusCode).toBe(401);
  });

  it('answers invalid fields with 422 and the spec’s French messages', async () => {
    const u = await seedUser(t, 'prestataire_physique');
    const res = await post(u.token, {
      entreprise: 'C',
      forme_juridique: 'Société à responsabilité',
      rccm: 'RCCM 2023 12345',
      adresse: 'x'.repeat(121),
      zone: 'Zone',
      email: 'pas-un-email',
      telephone: '1234',
      whatsapp: '+22 abc',
      marge_salaire: '12',
      domaines: [],
      reductions: { Santé: '100' },
    });
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json();
    expect(message).toBe('Erreur de validation des champs.');
    expect(errors).toMatchObject({
      entreprise: ["Le nom de l'entreprise doit contenir entre 2 et 120 caractères."],
      forme_juridique: ['Choisissez une forme juridique dans la liste.'],
      rccm: ['Le RCCM doit suivre le format du Bénin, par exemple RB/COT/23 B 12345 ou RB/PNO/2021/A/123.'],
      adresse: ["L'adresse doit contenir entre 2 et 120 caractères."],
      email: ["L'email est requis et doit être valide."],
      telephone: ["Le téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire."],
      whatsapp: ["Le téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire."],
      marge_salaire: ['La marge de salaire doit contenir au moins 4 chiffres positifs.'],
      domaines: ['Au moins un domaine est requis'],
      reductions: ['Le pourcentage de réduction doit contenir au plus 2 chiffres positifs.'],
    });
    expect(await t.db.selectFrom('providers').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);
  });

  it('takes what real companies write: apostrophes, commas, short legal forms and Benin’s RCCM', async () => {
    const u = await seedUser(t, 'prestataire_morale');
    const res = await post(
      u.token,
      providerPayload({
        entreprise: "Pharmacie d'Akpakpa",
        forme_juridique: 'SARL',
        rccm: 'rb/cot/23  b 12345',
        adresse: 'Lot 123, Akpakpa',
        zone: 'cotonou - 13E ARRONDISSEMENT',
      }),
    );
    expect(res.statusCode).toBe(201);
    const own = (await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) })).json();
    expect(own).toMatchObject({
      entreprise: "Pharmacie d'Akpakpa",
      forme_juridique: 'SARL',
      rccm: 'RB/COT/23 B 12345',
      adresse: 'Lot 123, Akpakpa',
      zone: 'Cotonou — 13e arrondissement',
    });
    const other = await seedUser(t, 'prestataire_physique');
    const second = await post(
      other.token,
      providerPayload({ forme_juridique: 'entreprise individuelle', rccm: 'RB/PNO/2021/A/123', zone: 'Cotonou' }),
    );
    expect(second.statusCode).toBe(201);
  });

  it('refuses a zone that is not in the reference list, with a French message', async () => {
    const u = await seedUser(t, 'prestataire_physique');
    const res = await post(u.token, providerPayload({ zone: 'Cotonou Akpakpa' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ zone: ['Choisissez une commune dans la liste (et, si vous le souhaitez, un arrondissement).'] });
    const bad = await post(u.token, providerPayload({ zone: 'Cotonou — Godomey' }));
    expect(bad.json().errors.zone).toHaveLength(1);
  });

  it('requires every field, refuses negative margins and unknown domains, never a 500', async () => {
    const u = await seedUser(t, 'prestataire_physique');
    const empty = await post(u.token, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(
      expect.arrayContaining(['entreprise', 'forme_juridique', 'rccm', 'adresse', 'zone', 'telephone', 'marge_salaire', 'domaines']),
    );
    const neg = await post(u.token, providerPayload({ marge_salaire: -15000, domaines: ['Pêche'] }));
    expect(neg.statusCode).toBe(422);
    expect(neg.json().errors.marge_salaire).toEqual(['La marge de salaire doit contenir au moins 4 chiffres positifs.']);
    expect(neg.json().errors.domaines).toBeDefined();
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/prestataires',
      headers: { ...bearer(u.token), 'content-type': 'application/json' },
      payload: '{"entreprise":',
    });
    expect(garbage.statusCode).toBeLessThan(500);
    const wrongTypes = await post(u.token, providerPayload({ domaines: 'Santé', reductions: 'beaucoup', marge_salaire: { a: 1 } }));
    expect(wrongTypes.statusCode).toBe(422);
  });

  it('accepts telephone numbers sent as JSON numbers, with spaces or dots', async () => {
    const u = await seedUser(t, 'prestataire_physique');
    const res = await post(u.token, providerPayload({ telephone: 22990112233, whatsapp: '+229 90 11.22.33' }));
    expect(res.statusCode).toBe(201);
    const own = (await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) })).json();
    expect(own).toMatchObject({ telephone: '+2290190112233', whatsapp: '+2290190112233' });
  });

  it('GET /api/prestataire/status says whether the record exists, with no 404 (/information asks it; issue #41)', async () => {
    const u = await seedUser(t, 'prestataire_physique');
    const status = () => t.app.inject({ method: 'GET', url: '/api/prestataire/status', headers: bearer(u.token) });
    expect((await status()).statusCode).toBe(200);
    expect((await status()).json()).toEqual({ has_record: false });
    expect((await post(u.token, providerPayload())).statusCode).toBe(201);
    expect((await status()).json()).toEqual({ has_record: true });
    const consumer = await seedUser(t, 'consommateur');
    expect((await t.app.inject({ method: 'GET', url: '/api/prestataire/status', headers: bearer(consumer.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/prestataire/status' })).statusCode).toBe(401);
  });

  it('saves a company with no e-mail (phone-only, round three), on creation and on update', async () => {
    const u = await seedUser(t, 'prestataire_morale');
    const res = await post(u.token, providerPayload({ email: '' }));
    expect(res.statusCode).toBe(201);
    const own = await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) });
    expect(own.json().email).toBe('');
    const { email: _email, ...withoutEmail } = providerPayload();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/prestataire/${own.json().id}`,
      headers: bearer(u.token),
      payload: withoutEmail as object,
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().prestataire.email).toBe('');
  });

  it('accepts an empty WhatsApp and domains without discount', async () => {
    const u = await seedUser(t, 'prestataire_physique');
    const res = await post(u.token, providerPayload({ whatsapp: '', domaines: ['Mobilité'], reductions: {} }));
    expect(res.statusCode).toBe(201);
    const own = await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) });
    expect(own.json()).toMatchObject({ whatsapp: null, domaines: ['Mobilité'], reductions: { Mobilité: null } });
  });
});

describe('GET /api/prestataire', () => {
  it('answers 404 with a French message when the provider has no record yet', async () => {
    const u = await seedUser(t, 'prestataire_morale');
    const res = await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Aucune information de prestataire n'a été trouvée pour ce compte.");
  });

  it('answers 401 without a token and 403 for non-provider roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/prestataire' })).statusCode).toBe(401);
    for (const role of ALL_ROLES.filter((r) => !r.startsWith('prestataire_'))) {
      const u = await seedUser(t, role);
      expect((await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) })).statusCode, role).toBe(403);
    }
  });

  it('returns only the caller’s own record', async () => {
    const a = await seedUser(t, 'prestataire_physique');
    const b = await seedUser(t, 'prestataire_physique');
    await post(a.token, providerPayload({ entreprise: 'Entreprise de Awa' }));
    await post(b.token, providerPayload({ entreprise: 'Entreprise de Bio' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(b.token) });
    expect(res.json().entreprise).toBe('Entreprise de Bio');
  });
});

describe('PUT /api/prestataire/:id', () => {
  async function providerWithRecord() {
    const u = await seedUser(t, 'prestataire_physique');
    await post(u.token, providerPayload());
    const record = (await t.app.inject({ method: 'GET', url: '/api/prestataire', headers: bearer(u.token) })).json();
    return { u, record };
  }
  const put = (token: string | null, id: number | string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/prestataire/${id}`, headers: token ? bearer(token) : {}, payload: payload as object });

  it('lets the owner update the record and answers with the updated record', async () => {
    const { u, record } = await providerWithRecord();
    const res = await put(u.token, record.id, {
      ...providerPayload({
        entreprise: 'Nouvelle Entreprise',
        zone: 'porto-novo — 2E arrondissement',
        domaines: ['Santé', 'Éducation'],
        marge_salaire: 250000,
      }),
      reductions: undefined,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Informations du prestataire mises à jour avec succès');
    expect(body.prestataire).toMatchObject({
      id: record.id,
      entreprise: 'Nouvelle Entreprise',
      zone: 'Porto-Novo — 2e arrondissement',
      marge_salaire: 250000,
      domaines: ['Santé', 'Éducation'],
      // The discount of a kept domain stays; a new domain has none until given.
      reductions: { Santé: 15, Éducation: null },
    });
    const row = await t.db.selectFrom('providers').select('zone_key').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(row.zone_key).toBe('porto-novo — 2e arrondissement');
  });

  it('updates the discounts when given', async () => {
    const { u, record } = await providerWithRecord();
    const res = await put(u.token, record.id, providerPayload({ domaines: ['Logement'], reductions: { Logement: 30 } }));
    expect(res.json().prestataire.reductions).toEqual({ Logement: 30 });
  });

  it('refuses another provider (403), unknown records (404), other roles (403) and no token (401)', async () => {
    const { record } = await providerWithRecord();
    const other = await seedUser(t, 'prestataire_morale');
    const forbiddenRes = await put(other.token, record.id, providerPayload());
    expect(forbiddenRes.statusCode).toBe(403);
    expect(forbiddenRes.json().message).toBe('Vous ne pouvez modifier que vos propres informations de prestataire.');
    expect((await put(other.token, 999999, providerPayload())).statusCode).toBe(404);
    expect((await put(other.token, 'abc', providerPayload())).statusCode).toBe(404);
    expect((await put(null, record.id, providerPayload())).statusCode).toBe(401);
    for (const role of ALL_ROLES.filter((r) => !r.startsWith('prestataire_'))) {
      const u = await seedUser(t, role);
      expect((await put(u.token, record.id, providerPayload())).statusCode, role).toBe(403);
    }
    const unchanged = await t.db.selectFrom('providers').select('entreprise').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(unchanged.entreprise).toBe(record.entreprise);
  });

  it('answers 422 with the edit form’s French messages', async () => {
    const { u, record } = await providerWithRecord();
    const res = await put(u.token, record.id, {
      entreprise: '',
      forme_juridique: '',
      rccm: '',
      adresse: '',
      zone: '',
      email: '',
      telephone: '',
      marge_salaire: '',
      domaines: [],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      entreprise: ["L'entreprise est requise"],
      forme_juridique: ['La forme juridique est requise'],
      rccm: ['Le RCCM est requis'],
      adresse: ["L'adresse est requise"],
      zone: ['La zone est requise'],
      telephone: ['Le téléphone est requis'],
      marge_salaire: ['La marge salaire est requise'],
      domaines: ['Au moins un domaine est requis'],
    });
    const short = await put(u.token, record.id, providerPayload({ entreprise: 'C', email: 'faux', marge_salaire: '99' }));
    expect(short.json().errors).toMatchObject({
      entreprise: ["Le nom de l'entreprise doit contenir entre 2 et 120 caractères."],
      email: ['Email invalide'],
      marge_salaire: ['La marge de salaire doit contenir au moins 4 chiffres positifs.'],
    });
  });
});

describe('OpenAPI', () => {
  it('documents the members routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/prestataire',
        '/api/prestataires',
        '/api/prestataire/{id}',
        '/api/questionnaire',
        '/api/recupprestataires',
      ]),
    );
  });
});
