import { ADVISER_CREATABLE_ROLES, ROLES } from '@shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolationField } from '../../src/modules/accounts/unique-violation';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { expectNoSecrets, newUserBody } from './helpers';

let t: TestApp;
let admin: SeededUser;
let conseiller: SeededUser;
let conseillerPro: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  conseiller = await seedUser(t, 'conseiller');
  conseillerPro = await seedUser(t, 'conseiller_pro');
});
afterAll(async () => t.close());

const register = (token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/register', headers: token ? bearer(token) : {}, payload });

const row = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/register', () => {
  it('lets an administrator create every role, confirmed at once, with first_login true', async () => {
    // Alone, the administrator creates at once; a second administrator is then made by two (policy.test.ts).
    await t.db.updateTable('users').set({ is_active: 0 }).where('role', '=', 'administrateur').where('id', '!=', admin.id).execute();
    for (const role of [...ROLES].sort((x, y) => Number(x === 'administrateur') - Number(y === 'administrateur'))) {
      const body = newUserBody(role);
      const res = await register(admin.token, body);
      expect(res.statusCode, role).toBe(201);
      const json = res.json();
      expect(json.message).toBe('Inscription réussie !');
      expect(json.user).toEqual({
        id: expect.any(Number),
        name: body.name,
        email: body.email,
        telephone: body.telephone,
        role,
        zone: 'Porto-Novo',
        is_confirmed: true,
      });
      expectNoSecrets(res, body.password);
      const stored = await row(json.user.id);
      expect(stored).toMatchObject({ is_confirmed: 1, first_login: 1, created_by: admin.id, zone_key: 'porto-novo' });
      expect(stored.password_hash).not.toContain(body.password);
    }
  });

  it('lets advisers create consumers and providers, unconfirmed, who cannot log in until confirmed', async () => {
    for (const creator of [conseiller, conseillerPro]) {
      for (const role of ADVISER_CREATABLE_ROLES) {
        const body = newUserBody(role);
        const res = await register(creator.token, body);
        expect(res.statusCode).toBe(201);
        expect(res.json().user).toMatchObject({ role, is_confirmed: false });
        const stored = await row(res.json().user.id);
        expect(stored).toMatchObject({ is_confirmed: 0, first_login: 1, created_by: creator.id });
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { telephone: body.telephone, password: body.password },
        });
        expect(login.statusCode).toBe(422);
        expect(login.json().message).toBe("Votre compte n'a pas encore été confirmé par un administrateur.");
      }
    }
  });

  it('refuses advisers any other role with 403', async () => {
    for (const creator of [conseiller, conseillerPro]) {
      for (const role of ['sympathisant', 'membre', 'conseiller', 'conseiller_pro', 'administrateur']) {
        const body = newUserBody(role);
        const res = await register(creator.token, body);
        expect(res.statusCode, `${creator.role} → ${role}`).toBe(403);
        expect(res.json().message).toBe("Vous n'êtes pas autorisé à créer un compte avec ce rôle.");
        const exists = await t.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
        expect(exists).toBeUndefined();
      }
    }
  });

  it('refuses every other role with 403 and no token with 401', async () => {
    for (const role of ['consommateur', 'prestataire_physique', 'prestataire_morale', 'sympathisant', 'membre'] as const) {
      const u = await seedUser(t, role);
      const res = await register(u.token, newUserBody('consommateur'));
      expect(res.statusCode, role).toBe(403);
    }
    const anonymous = await register(null, newUserBody('consommateur'));
    expect(anonymous.statusCode).toBe(401);
    // Even with an invalid body, no token means 401 (authentication comes first).
    expect((await register(null, {})).statusCode).toBe(401);
  });

  it('takes created_by from the token and ignores first_login from the body', async () => {
    const body = newUserBody('consommateur', { created_by: admin.id, first_login: false });
    const res = await register(conseiller.token, body);
    expect(res.statusCode).toBe(201);
    expect(await row(res.json().user.id)).toMatchObject({ created_by: conseiller.id, first_login: 1 });
  });

  it('accepts a number telephone and no zone', async () => {
    const body = newUserBody('membre', { telephone: 97123456, zone: undefined });
    const res = await register(admin.token, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ telephone: '+2290197123456', zone: null });
  });

  it('answers invalid fields with French 422 field errors', async () => {
    const res = await register(admin.token, { name: '', email: 'pas-un-email', telephone: '12', password: 'court', role: 'roi' });
    expect(res.statusCode).toBe(422);
    const json = res.json();
    expect(json.message).toBe('Erreur de validation des champs.');
    expect(json.errors).toEqual({
      name: ['Le nom est requis.'],
      email: ['Veuillez entrer une adresse email valide.'],
      telephone: ["Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire."],
      password: ['Le mot de passe doit contenir au moins 8 caractères.'],
      role: ['Veuillez choisir un rôle valide.'],
    });
    const missing = await register(admin.token, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'password', 'role', 'telephone']);
  });

  it('creates a phone-only account without an e-mail (no « L’email est requis. »), several of them', async () => {
    for (const creator of [admin, conseiller]) {
      for (const email of [undefined, '', null]) {
        const body = { ...newUserBody('consommateur'), email };
        const res = await register(creator.token, body);
        expect(res.statusCode, `${creator.role} ${String(email)}`).toBe(201);
        expect(res.json().user.email).toBe('');
      }
    }
  });

  it('stores the zone as the reference list spells it, with its commune and department, and refuses a zone not in it', async () => {
    const res = await register(admin.token, newUserBody('consommateur', { zone: ' cotonou — 13E arrondissement ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.zone).toBe('Cotonou — 13e arrondissement');
    expect(await row(res.json().user.id)).toMatchObject({ commune: 'Cotonou', department: 'Littoral' });
    const bad = await register(admin.token, newUserBody('consommateur', { zone: 'Cotonou Akpakpa' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ zone: ['Choisissez une commune dans la liste (et, si vous le souhaitez, un arrondissement).'] });
  });

  it('sends the person an SMS saying how to sign in (and an e-mail when known)', async () => {
    const phoneOnly = newUserBody('consommateur', { email: '', telephone: '97000333' });
    const res = await register(admin.token, phoneOnly);
    const rows = await t.db
      .selectFrom('outbox_messages')
      .select(['channel', 'to_address', 'body'])
      .where('dedupe_key', 'like', `account-created:${res.json().user.id}:%`)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.channel).toBe('sms');
    expect(rows[0]!.body).toContain('un compte a été créé pour vous');
    expect(rows[0]!.body).toContain('/connexion');
    // A consumer signs in with a code by SMS: the SMS speaks of that code, never of a password (issue #41).
    expect(rows[0]!.body).toContain('Recevoir un code par SMS');
    expect(rows[0]!.body).not.toMatch(/mot de passe/i);
    expect(rows[0]!.body).toContain('01 97 00 03 33');
    expect(rows[0]!.to_address).toBe('+2290197000333');
    const byAdviser = await register(conseiller.token, newUserBody('consommateur', { telephone: '97000334' }));
    const both = await t.db
      .selectFrom('outbox_messages')
      .select(['channel', 'body'])
      .where('dedupe_key', 'like', `account-created:${byAdviser.json().user.id}:%`)
      .orderBy('channel')
      .execute();
    expect(both.map((r) => r.channel)).toEqual(['email', 'sms']);
    expect(both[1]!.body).toContain('Dès sa confirmation');
  });

  it('requires a password of at least 8 characters', async () => {
    const res = await register(admin.token, newUserBody('membre', { password: '1234567' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['Le mot de passe doit contenir au moins 8 caractères.']);
    expect((await register(admin.token, newUserBody('membre', { password: '12345678' }))).statusCode).toBe(201);
  });

  it('answers a taken telephone or e-mail with 422 on that field', async () => {
    const first = newUserBody('membre');
    expect((await register(admin.token, first)).statusCode).toBe(201);
    const sameTel = await register(admin.token, newUserBody('membre', { telephone: first.telephone }));
    expect(sameTel.statusCode).toBe(422);
    expect(sameTel.json().errors).toEqual({ telephone: ['Ce numéro de téléphone est déjà utilisé.'] });
    const sameEmail = await register(admin.token, newUserBody('membre', { email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(422);
    expect(sameEmail.json().errors).toEqual({ email: ['Cet email est déjà utilisé.'] });
  });

  it('lets the database decide between concurrent registrations of the same telephone or e-mail', async () => {
    const base = newUserBody('membre');
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        register(admin.token, newUserBody('membre', i % 2 === 0 ? { telephone: base.telephone } : { email: base.email })),
      ),
    );
    for (const res of attempts) expect([201, 422]).toContain(res.statusCode);
    const losers = attempts.filter((r) => r.statusCode === 422);
    for (const res of losers) {
      const errors = res.json().errors;
      expect(errors.telephone ?? errors.email).toBeDefined();
    }
    const winners = attempts.filter((r) => r.statusCode === 201);
    // One telephone and one e-mail could each be won once.
    expect(winners.length).toBeGreaterThanOrEqual(1);
    expect(winners.length).toBeLessThanOrEqual(2);
    const tel = await t.db.selectFrom('users').select('id').where('telephone', '=', base.telephone).execute();
    const mail = await t.db.selectFrom('users').select('id').where('email', '=', base.email).execute();
    expect(tel.length).toBeLessThanOrEqual(1);
    expect(mail.length).toBeLessThanOrEqual(1);
  });

  it('writes an audit line naming the creator', async () => {
    const res = await register(conseiller.token, newUserBody('consommateur'));
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(res.json().user.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: conseiller.id, action: 'user.register' });
  });

  it("recognises this database engine's unique-constraint error on telephone and on email", async () => {
    const now = new Date().toISOString();
    const insert = (email: string, telephone: string) =>
      t.db
        .insertInto('users')
        .values({
          name: 'X',
          email,
          telephone,
          password_hash: 'x',
          role: 'membre',
          zone: null,
          zone_key: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    const fieldOf = async (email: string, telephone: string) => {
      try {
        await insert(email, telephone);
        return 'inserted';
      } catch (error) {
        return uniqueViolationField(error);
      }
    };
    expect(await fieldOf('unique.a@example.bj', '+22911110000')).toBe('inserted');
    expect(await fieldOf('unique.b@example.bj', '+22911110000')).toBe('telephone');
    expect(await fieldOf('unique.a@example.bj', '+22911110001')).toBe('email');
  });
});
