import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, seedUser } from '../helpers/users';
import { ALL_ROLES } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const valid = {
  marital_status: 'Marié(e)',
  job: 'Couturière',
  income: 45000,
  income_total: 60000,
  monthly_expenses: 40000,
  needs: ['Santé', 'Logement', 'Éducation'],
};
const post = (token: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/questionnaire', headers: token ? bearer(token) : {}, payload: payload as object });

describe('POST /api/questionnaire', () => {
  it('stores the answers, answers 201 with the French message and ends the first login', async () => {
    const u = await seedUser(t, 'consommateur', { firstLogin: true });
    const res = await post(u.token, valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Formulaire soumis avec succès' });
    const row = await t.db.selectFrom('questionnaires').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      marital_status: 'Marié(e)',
      job: 'Couturière',
      income: 45000,
      income_total: 60000,
      monthly_expenses: 40000,
    });
    expect(JSON.parse(row.needs)).toEqual(['Santé', 'Logement', 'Éducation']);
    const user = await t.db.selectFrom('users').select('first_login').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(user.first_login).toBe(0);
  });

  it('accepts the amounts typed in a form (strings) and zero', async () => {
    const u = await seedUser(t, 'consommateur');
    const res = await post(u.token, { ...valid, income: '0', income_total: '120000', monthly_expenses: '0', needs: [] });
    expect(res.statusCode).toBe(201);
  });

  it('keeps one questionnaire per consumer: a new submission replaces the previous one', async () => {
    const u = await seedUser(t, 'consommateur');
    await post(u.token, valid);
    await post(u.token, { ...valid, job: 'Enseignant' });
    const rows = await t.db.selectFrom('questionnaires').select('job').where('user_id', '=', u.id).execute();
    expect(rows).toEqual([{ job: 'Enseignant' }]);
  });

  it('refuses more than 3 needs with the spec’s message', async () => {
    const u = await seedUser(t, 'consommateur', { firstLogin: true });
    const res = await post(u.token, { ...valid, needs: ['Santé', 'Logement', 'Éducation', 'Transport'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.needs).toEqual(['Vous ne pouvez sélectionner que 3 besoins maximum.']);
    const user = await t.db.selectFrom('users').select('first_login').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(user.first_login).toBe(1);
  });

  it('refuses negative amounts, an unknown marital status and a missing job', async () => {
    const u = await seedUser(t, 'consommateur');
    const res = await post(u.token, {
      ...valid,
      income: -1,
      income_total: '-500',
      monthly_expenses: 'beaucoup',
      marital_status: 'Pacsé',
      job: '  ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      income: ['Le revenu mensuel doit être un nombre positif ou nul.'],
      income_total: ['Le revenu total doit être un nombre positif ou nul.'],
      monthly_expenses: ['Les dépenses mensuelles doivent être un nombre positif ou nul.'],
      marital_status: ['Veuillez choisir une situation matrimoniale.'],
      job: ["L'emploi actuel est requis."],
    });
    const empty = await post(u.token, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(
      expect.arrayContaining(['marital_status', 'job', 'income', 'income_total', 'monthly_expenses', 'needs']),
    );
  });

  it('accepts each marital status of docs/product/screens.md', async () => {
    for (const status of ['Célibataire', 'Marié(e)', 'Divorcé(e)', 'Veuf/Veuve']) {
      const u = await seedUser(t, 'consommateur');
      expect((await post(u.token, { ...valid, marital_status: status })).statusCode, status).toBe(201);
    }
  });

  it('answers 401 without a token and 403 for every other role', async () => {
    expect((await post(null, valid)).statusCode).toBe(401);
    expect((await post(null, {})).statusCode).toBe(401);
    for (const role of ALL_ROLES.filter((r) => r !== 'consommateur')) {
      const u = await seedUser(t, role);
      expect((await post(u.token, valid)).statusCode, role).toBe(403);
    }
  });
});
