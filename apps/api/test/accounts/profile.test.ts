import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { expectNoSecrets } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/profile', () => {
  it('returns the caller’s own profile and nothing secret', async () => {
    const u = await seedUser(t, 'prestataire_morale', { zone: 'Parakou' });
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.id,
      name: u.name,
      email: u.email,
      telephone: u.telephone,
      role: 'prestataire_morale',
      zone: 'Parakou',
      must_change_password: false,
      membership: { status: 'aucune', valid_until: null },
      code_window_until: null,
    });
    expectNoSecrets(res, u.password, u.token);
  });
});

describe('PUT /api/profile', () => {
  const put = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload });

  it('updates name, e-mail and telephone and answers {user, message}', async () => {
    const u = await seedUser(t, 'membre');
    const res = await put(u.token, {
      name: 'Afi Modifiée',
      email: 'AFI.MODIFIEE@example.bj',
      telephone: '+229 61 00 00 01',
      current_password: u.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Profil mis à jour avec succès.',
      user: {
        id: u.id,
        name: 'Afi Modifiée',
        email: 'afi.modifiee@example.bj',
        telephone: '+2290161000001',
        role: 'membre',
        zone: u.zone,
        must_change_password: false,
        membership: { status: 'aucune', valid_until: null },
        code_window_until: null,
      },
    });
    expectNoSecrets(res);
    // The old password still works when none is sent.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: '+22961000001', password: u.password } });
    expect(login.statusCode).toBe(200);
  });

  it('changes the password when one is given, never echoes it, and signs out the other sessions', async () => {
    const u = await seedUser(t, 'consommateur');
    const other = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: u.telephone, password: u.password } });
    const otherToken = other.json().token as string;
    const res = await put(u.token, {
      name: u.name,
      email: u.email,
      telephone: u.telephone,
      password: 'Nouveau-Secret-9',
      current_password: u.password,
    });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res, 'Nouveau-Secret-9');
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { telephone: u.telephone, password: u.password } });
    expect(oldLogin.statusCode).toBe(422);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: u.telephone, password: 'Nouveau-Secret-9' },
    });
    expect(newLogin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(u.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(otherToken) })).statusCode).toBe(401);
  });

  it('answers invalid fields with French 422 field errors', async () => {
    const u = await seedUser(t, 'sympathisant');
    const res = await put(u.token, { name: '', email: 'faux', telephone: 'abc', password: 'court' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Erreur de validation des champs.',
      errors: {
        name: ['Le nom est requis.'],
        email: ['Veuillez entrer une adresse email valide.'],
        telephone: ["Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire."],
        password: ['Le mot de passe doit contenir au moins 8 caractères.'],
      },
    });
  });

  it('refuses an e-mail or telephone of another account with 422 on that field, but accepts its own', async () => {
    const a = await seedUser(t, 'membre');
    const b = await seedUser(t, 'membre');
    const own = await put(a.token, { name: a.name, email: a.email, telephone: a.telephone });
    expect(own.statusCode).toBe(200);
    const tel = await put(a.token, { name: a.name, email: a.email, telephone: b.telephone, current_password: a.password });
    expect(tel.statusCode).toBe(422);
    expect(tel.json().errors).toEqual({ telephone: ['Ce numéro de téléphone est déjà utilisé.'] });
    const mail = await put(a.token, { name: a.name, email: b.email, telephone: a.telephone, current_password: a.password });
    expect(mail.statusCode).toBe(422);
    expect(mail.json().errors).toEqual({ email: ['Cet email est déjà utilisé.'] });
  });
});
