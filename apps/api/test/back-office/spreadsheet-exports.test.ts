import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAsSpreadsheet } from '../helpers/excel-csv';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, multipart } from '../public-site/fixtures';

// Issue #33 item 13: each export, opened with Excel's rules, shows telephones with their leading 0 (and no stray
// apostrophe), dates « 25/11/2026 14:54 » in Cotonou time, French values; « Les Prestataires » has an export.

let t: TestApp;
let admin: SeededUser;
const WHEN = '2026-11-25T13:54:10.000Z'; // 14:54 in Cotonou
const SHOWN = '25/11/2026 14:54';

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const csv = async (url: string) => {
  const res = await t.app.inject({ url, headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return openAsSpreadsheet(res.body);
};
const dated = (table: 'users' | 'projects' | 'contact_messages' | 'audit_log' | 'outbox_messages') =>
  t.db.updateTable(table).set({ created_at: WHEN }).execute();

describe('CSV exports opened as a spreadsheet', () => {
  it('users, and « Les Prestataires » (both provider roles): leading 0, Cotonou dates, roles in words', async () => {
    const provider = await seedUser(t, 'prestataire_morale', { telephone: '0197112233' });
    const physical = await seedUser(t, 'prestataire_physique', { telephone: '+2290196554433' });
    await seedUser(t, 'membre', { telephone: '0161000001' });
    await dated('users');
    const rows = await csv('/api/users?format=csv&group=prestataires');
    expect(rows.map((r) => r.Téléphone).sort()).toEqual(['+2290196554433', '0197112233']);
    const row = rows.find((r) => r.Nom === provider.name)!;
    expect(row).toMatchObject({ Rôle: 'Prestataire (personne morale)', 'Créé le': SHOWN, Confirmé: 'oui', Actif: 'oui' });
    expect(rows.find((r) => r.Nom === physical.name)?.Rôle).toBe('Prestataire (personne physique)');
    const members = await csv('/api/users?format=csv&role=membre');
    expect(members.map((r) => r.Téléphone)).toEqual(['0161000001']);
  });

  it('projects: « Éducation », the status in words, the telephone and the date', async () => {
    const values = {
      project_name: 'École de Zè',
      description: 'Construire deux salles de classe pour les enfants du village de Zè.',
      goal_amount: '1500000',
      category: 'Education',
      contact_email: 'ecole@example.bj',
      telephone: '0197445566',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      ...multipart(Object.entries(values).map(([k, v]) => field(k, v))),
    });
    expect(res.statusCode).toBe(201);
    await dated('projects');
    const [row] = await csv('/api/projects/unconfirmed?format=csv');
    expect(row).toMatchObject({
      Catégorie: 'Éducation',
      Statut: 'Reçu',
      Téléphone: '+2290197445566',
      'Reçu le': SHOWN,
      'Objectif (FCFA)': '1500000',
    });
  });

  it('contact messages and the outbox: SMS numbers without a stray apostrophe', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Fifamè Houngbo', email: 'fifame@example.bj', phone: '0197000000', message: 'Bonjour !' },
    });
    expect(sent.statusCode).toBe(200);
    await dated('contact_messages');
    const [contact] = await csv('/api/contact-messages?format=csv');
    expect(contact).toMatchObject({ Téléphone: '+2290197000000', 'Reçu le': SHOWN });

    const project = await t.db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${project.id}`,
      headers: bearer(admin.token),
      payload: { status: 'accepte', message: 'Bravo !' },
    });
    expect(patch.statusCode).toBe(200);
    await dated('outbox_messages');
    const outbox = await csv('/api/admin/messages?format=csv');
    const sms = outbox.find((r) => r.Canal === 'SMS')!;
    expect(sms.Destinataire).toBe('+2290197445566');
    expect(sms['Créé le']).toBe(SHOWN);
  });

  it('the audit trail in words, not codes or JSON', async () => {
    const user = await seedUser(t, 'membre');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: bearer(admin.token),
      payload: { role: 'conseiller' },
    });
    expect(res.statusCode).toBe(200);
    await dated('audit_log');
    const rows = await csv('/api/admin/audit?format=csv');
    const row = rows.find((r) => r.Action === 'Changement de rôle')!;
    expect(row).toMatchObject({ Date: SHOWN, Auteur: admin.name, Objet: 'Compte', Changement: 'Rôle\u00a0: Membre → Conseiller.' });
    for (const cell of rows.flatMap((r) => Object.values(r))) {
      expect(cell).not.toMatch(/[{}]|\b(user|project)\.[a-z_]+|declined|approved/);
    }
  });
});

describe('the files fixed by the browser spreadsheet check (e2e/spreadsheet-exports.test.ts)', () => {
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload: payload as object });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  it('volunteers to confirm: the telephone as text', async () => {
    await t.db
      .insertInto('volunteers')
      .values({
        name: 'Afiwa Volontaire',
        email: 'afiwa@example.bj',
        telephone: '+2290194112233',
        profile_image: 'p.jpg',
        cv: 'cv.pdf',
        motivation_letter: 'l.pdf',
        criminal_record: 'c.pdf',
        domain: 'education',
        created_at: WHEN,
      })
      .execute();
    const [row] = await csv('/api/volunteers/unconfirmed?format=csv');
    expect(row).toMatchObject({ Nom: 'Afiwa Volontaire', Téléphone: '+2290194112233', Domaine: 'Éducation', 'Reçu le': SHOWN });
  });

  it('event attendance: arrival and registration « 25/11/2026 14:54 », not a sentence', async () => {
    const start = Date.now() + 7 * 24 * 3600_000;
    const event = await post('/api/admin/events', {
      title: 'Fête de quartier',
      description: 'Une après-midi de jeux et de dépistage.',
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 4 * 3600_000).toISOString(),
      place: 'Maison des jeunes, Akpakpa',
      capacity: 30,
      price_member: 0,
      price_public: 0,
      published: true,
    });
    await t.db
      .insertInto('event_registrations')
      .values({
        event_id: event.id,
        user_id: null,
        name: 'Invité Fête',
        telephone: '+2290168112233',
        email: null,
        seats: 1,
        status: 'confirme',
        amount: 0,
        payment_id: null,
        ticket_nonce: 'nonce-fete',
        code: 'ABCDEF',
        hold_expires_at: null,
        checked_in_at: WHEN,
        checked_in_device: null,
        cancelled_at: null,
        created_at: WHEN,
        updated_at: WHEN,
      })
      .execute();
    const [row] = await csv(`/api/admin/events/${event.id}/attendance?format=csv`);
    expect(row).toMatchObject({ Téléphone: '+2290168112233', Statut: 'Confirmée', Arrivée: SHOWN, Inscription: SHOWN });
  });

  it('treasury journal: the day « 25/11/2026 », the reference as text', async () => {
    const account = await post('/api/admin/treasury/accounts', {
      name: 'Caisse du siège',
      kind: 'caisse',
      opening_balance: 0,
      opening_date: '2026-01-01',
    });
    await post('/api/admin/offline-payments', {
      kind: 'donation',
      amount: 5000,
      name: 'Donateur Espèces',
      telephone: '0191112233',
      method: 'especes',
      reference: '0012345',
      received_at: '2026-11-25',
      purpose: 'education',
      account: account.id,
    });
    const rows = await csv('/api/admin/treasury/journal?format=csv');
    expect(rows.find((r) => r.Référence === '0012345')).toMatchObject({ Date: '25/11/2026', Nature: 'Recette', 'Entrée (FCFA)': '5000' });
  });
});
