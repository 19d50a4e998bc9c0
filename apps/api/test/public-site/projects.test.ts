import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, listUploads, makePdf, makePng, multipart, type Part } from './fixtures';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const valid = {
  project_name: 'Puits pour Zè',
  description: 'Forer un puits pour trois cents familles du village de Zè.',
  goal_amount: '2500000',
  category: 'Health',
  contact_email: 'porteur@example.bj',
};
const post = (values: Record<string, string>, extra: Part[] = []) =>
  t.app.inject({ method: 'POST', url: '/api/projects', ...multipart([...Object.entries(values).map(([k, v]) => field(k, v)), ...extra]) });

describe('POST /api/projects', () => {
  it('stores a project with its PDF and answers the spec message', async () => {
    const res = await post(valid, [file('project_file', 'dossier.pdf', makePdf(), 'application/pdf')]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Merci ! Votre projet a été soumis avec succès !' });
    const row = await t.db.selectFrom('projects').selectAll().where('project_name', '=', 'Puits pour Zè').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ goal_amount: 2_500_000, category: 'Health', contact_email: 'porteur@example.bj' });
    expect(row.project_file).toMatch(/^[0-9a-f-]{36}\.pdf$/);
  });

  it('accepts a project without file and defaults the category to Education', async () => {
    const { category: _c, ...rest } = valid;
    const res = await post({ ...rest, project_name: 'Sans fichier' });
    expect(res.statusCode).toBe(201);
    const row = await t.db.selectFrom('projects').selectAll().where('project_name', '=', 'Sans fichier').executeTakeFirstOrThrow();
    expect(row.category).toBe('Education');
    expect(row.project_file).toBeNull();
  });

  it.each([
    ['project_name', '', 'Le nom du projet est requis.'],
    ['project_name', 'Abc', 'Le nom du projet doit comporter au moins 4 caractères.'],
    ['project_name', 'Projet\u202e 1', 'Le nom du projet contient des caractères invisibles ou de contrôle non autorisés.'],
    [
      'description',
      `${'Une description assez longue '.repeat(2)}\u0000`,
      'La description contient des caractères invisibles ou de contrôle non autorisés.',
    ],
    ['description', '', 'La description est requise.'],
    ['description', 'Trop court pour un projet.', 'La description doit comporter au moins 30 caractères.'],
    ['goal_amount', '', "L'objectif de financement est requis."],
    ['goal_amount', '999', "L'objectif de financement doit contenir uniquement des chiffres (au moins 4 chiffres)."],
    ['goal_amount', '12 00', "L'objectif de financement doit contenir uniquement des chiffres (au moins 4 chiffres)."],
    ['goal_amount', '-5000', "L'objectif de financement doit contenir uniquement des chiffres (au moins 4 chiffres)."],
    ['contact_email', '', "L'email de contact est requis."],
    ['contact_email', 'porteur@example', 'Veuillez entrer une adresse email valide.'],
    ['category', 'Sport', 'Veuillez choisir une catégorie valide.'],
  ])('refuses %s = %j with its message', async (name, value, message) => {
    const res = await post({ ...valid, [name]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[name]).toEqual([message]);
  });

  it('refuses a file that is not a PDF by its bytes', async () => {
    const res = await post(valid, [file('project_file', 'dossier.pdf', makePng(), 'application/pdf')]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.project_file).toEqual(['Le fichier doit être au format pdf.']);
  });

  it('answers 413 "Le fichier ne doit pas dépasser 2 Mo." for a PDF over 2 MB, writing nothing', async () => {
    const before = listUploads(t.dataDir).length;
    const res = await post(valid, [file('project_file', 'gros.pdf', makePdf(2 * 1024 * 1024 + 1))]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Le fichier ne doit pas dépasser 2 Mo.');
    expect(listUploads(t.dataDir).length).toBe(before);
  });

  it('accepts a PDF of exactly 2 MB', async () => {
    const pdf = makePdf(2 * 1024 * 1024);
    expect(pdf.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect((await post({ ...valid, project_name: 'Limite exacte' }, [file('project_file', 'limite.pdf', pdf)])).statusCode).toBe(201);
  });

  it('removes the stored file when the database write fails (no orphan)', async () => {
    const before = listUploads(t.dataDir).length;
    // The input is valid but the database refuses the row (its table is missing for a moment).
    await t.db.schema.alterTable('projects').renameTo('projects_saved').execute();
    try {
      const res = await post({ ...valid, project_name: 'Base en panne' }, [file('project_file', 'dossier.pdf', makePdf())]);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.db.schema.alterTable('projects_saved').renameTo('projects').execute();
    }
    expect(listUploads(t.dataDir).length).toBe(before);
  });
});

describe('administrator project list and download', () => {
  it('lists projects newest first with the file name, and downloads the file as an attachment', async () => {
    await post({ ...valid, project_name: 'Dernier projet' }, [file('project_file', 'dossier.pdf', makePdf())]);
    const res = await t.app.inject({ url: '/api/projects/unconfirmed', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const first = res.json()[0];
    expect(first.project_name).toBe('Dernier projet');
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'project_name',
        'description',
        'goal_amount',
        'category',
        'contact_email',
        'project_file',
        'created_at',
        'status',
        'telephone',
        'status_message',
      ].sort(),
    );
    const dl = await t.app.inject({ url: `/api/projects/download/${first.project_file}`, headers: bearer(admin.token) });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
  });
});
