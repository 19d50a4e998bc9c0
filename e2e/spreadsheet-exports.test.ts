import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../apps/api/src/platform/database/database';
import { openAsSpreadsheet, parseCsv } from '../apps/api/test/helpers/excel-csv';
import { baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// Issue #33 item 13, « a spreadsheet check »: each administrator export, downloaded from the real server (the
// « Exporter » button of each back-office list at 360 × 740 touch and at 1280 × 800, the other files through their
// routes), opened with Excel's rules (apps/api/test/helpers/excel-csv.ts: BOM, `;`, `="…"` shown as its text, a
// number-looking cell loses its leading 0): telephones keep their leading 0 and +229, dates read « 25/11/2026 14:54 »
// in Cotonou time, values are French words. docs/decisions/csv-spreadsheet-values.md.

const browser = setupBrowser();
const SIZES = [
  ['360×740 touch', { viewport: { width: 360, height: 740 }, touch: true }],
  ['1280×800', { viewport: { width: 1280, height: 800 } }],
] as const;

const WHEN = '2026-11-25T13:54:10.000Z'; // 14:54 in Cotonou (UTC+1)
const SHOWN = '25/11/2026 14:54';
// Days still ahead whenever the suite runs: a membership valid for months, a pledge due next month.
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const shownDay = (day: string) => day.split('-').reverse().join('/');
const VALID_UNTIL = dayIn(200);
const NEXT_DUE = dayIn(20);
// Names hold letters only: the run's digits spelt as letters keep every seeded name apart in the shared database.
const tag = [...Date.now().toString(36).slice(-6)].map((c) => String.fromCharCode(97 + (Number.parseInt(c, 36) % 26))).join('');
const digits = String(Date.now()).slice(-6);
/** A Benin mobile number in its national form (10 digits, leading 0) and as stored (E.164). */
const phone = (prefix: string) => ({ national: `01${prefix}${digits}`, e164: `+22901${prefix}${digits}` });

const seeded = {
  member: { name: `Adjovi Membre ${tag}`, tel: phone('97') },
  provider: { name: `Pharmacie Akpakpa ${tag}`, tel: phone('96') },
  pending: { name: `Sena Attente ${tag}`, tel: phone('95') },
  volunteer: { name: `Afiwa Volontaire ${tag}`, tel: phone('94') },
  project: { name: `École de Zè ${tag}`, tel: phone('93') },
  contact: { name: `Fifamè Contact ${tag}`, tel: phone('92') },
  donor: { name: `Donateur Espèces ${tag}`, tel: phone('91') },
  payer: { name: `Cotisant Espèces ${tag}`, tel: phone('90') },
  pledge: { name: `Engagé Mensuel ${tag}`, tel: phone('69') },
  guest: { name: `Invité Fête ${tag}`, tel: phone('68') },
  author: `Témoin ${tag}`,
  subscriber: `abonne.${tag}@example.bj`,
};
let memberId = 0;
let eventId = 0;
let token = '';

async function api(path: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

beforeAll(async () => {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telephone: E2E_ADMIN.telephone, password: E2E_ADMIN.password }),
  });
  token = ((await login.json()) as { token: string }).token;
  const db = e2eDb();
  const member = await seedE2eUser('membre', { name: seeded.member.name, telephone: seeded.member.tel.e164 });
  memberId = member.id;
  const provider = await seedE2eUser('prestataire_morale', { name: seeded.provider.name, telephone: seeded.provider.tel.e164 });
  const pending = await seedE2eUser('consommateur', { name: seeded.pending.name, telephone: seeded.pending.tel.e164, confirmed: false });
  await db.updateTable('users').set({ created_at: WHEN }).where('id', 'in', [member.id, provider.id, pending.id]).execute();
  await db.insertInto('memberships').values({ user_id: member.id, valid_until: VALID_UNTIL, updated_at: WHEN }).execute();
  await db
    .insertInto('volunteers')
    .values({
      name: seeded.volunteer.name,
      email: `afiwa.${tag}@example.bj`,
      telephone: seeded.volunteer.tel.e164,
      profile_image: `${randomUUID()}.jpg`,
      cv: `${randomUUID()}.pdf`,
      motivation_letter: `${randomUUID()}.pdf`,
      criminal_record: `${randomUUID()}.pdf`,
      domain: 'education',
      is_confirmed: 0,
      created_at: WHEN,
    })
    .execute();
  await db
    .insertInto('projects')
    .values({
      project_name: seeded.project.name,
      description: 'Construire deux salles de classe pour les enfants du village de Zè.',
      goal_amount: 1_500_000,
      category: 'Education',
      contact_email: `ecole.${tag}@example.bj`,
      telephone: seeded.project.tel.e164,
      project_file: null,
      created_at: WHEN,
    })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      name: seeded.contact.name,
      email: `fifame.${tag}@example.bj`,
      phone: seeded.contact.tel.e164,
      services: 'Santé',
      message: 'Bonjour, je voudrais aider.',
      created_at: WHEN,
      handled_at: null,
      handled_by: null,
    })
    .execute();
  await db
    .insertInto('testimonials')
    .values({
      text: 'Merci pour votre aide.',
      author: seeded.author,
      title: 'Mère de famille',
      avatar: `${randomUUID()}.jpg`,
      created_at: WHEN,
    })
    .execute();
  await db.insertInto('newsletter_subscriptions').values({ email: seeded.subscriber, created_at: WHEN }).execute();
  // Money recorded by hand into a cash box of this run, typed with the national number: stored in E.164, a receipt
  // SMS waits in the outbox, the treasury journal gets the receipt.
  const account = (await (
    await api('/admin/treasury/accounts', { name: `Caisse ${tag}`, kind: 'caisse', opening_balance: 0, opening_date: '2026-01-01' })
  ).json()) as { id: number };
  for (const [kind, who, extra] of [
    ['donation', seeded.donor, { purpose: 'education' }],
    ['payment', seeded.payer, { payment_type: 'cotisation' }],
  ] as const) {
    await api('/admin/offline-payments', {
      kind,
      amount: 5000,
      name: who.name,
      telephone: who.tel.national,
      method: 'especes',
      reference: `Carnet ${tag} ${kind}`,
      received_at: WHEN.slice(0, 10),
      account: account.id,
      ...extra,
    });
  }
  // An expense awaiting a second administrator's approval, paid to a beneficiary with a telephone-like reference.
  await db
    .insertInto('expenses')
    .values({
      amount: 25_000,
      category: 'sante',
      purpose: 'sante',
      account_id: account.id,
      paid_at: WHEN.slice(0, 10),
      method: 'especes',
      payee: `Pharmacie ${tag}`,
      reference: '0097112233',
      description: 'Médicaments pour le dispensaire',
      proof: null,
      status: 'en_attente',
      created_by: null,
      approved_by: null,
      approved_at: null,
      cancelled_by: null,
      cancelled_at: null,
      cancel_reason: null,
      created_at: WHEN,
      updated_at: WHEN,
    })
    .execute();
  await db.updateTable('donations').set({ created_at: WHEN, paid_at: WHEN }).where('name', '=', seeded.donor.name).execute();
  await db.updateTable('payments').set({ created_at: WHEN, paid_at: WHEN }).where('name', '=', seeded.payer.name).execute();
  await db.updateTable('outbox_messages').set({ created_at: WHEN }).where('to_address', '=', seeded.donor.tel.e164).execute();
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: null,
      action: 'user.register',
      entity: 'users',
      entity_id: String(member.id),
      details: '{"role":"membre"}',
      created_at: WHEN,
      ip: null,
    })
    .execute();
  await db
    .insertInto('pledges')
    .values({
      user_id: null,
      name: seeded.pledge.name,
      telephone: seeded.pledge.tel.e164,
      email: null,
      amount: 5000,
      purpose: 'education',
      frequency: 'mensuel',
      status: 'active',
      anchor_day: Number(NEXT_DUE.slice(8)),
      next_due: NEXT_DUE,
      counting_from: WHEN.slice(0, 10),
      paused_at: null,
      cancelled_at: null,
      created_at: WHEN,
      updated_at: WHEN,
    })
    .execute();
  const start = Date.now() + 7 * 24 * 3600_000;
  eventId = (
    (await (
      await api('/admin/events', {
        title: `Fête de quartier ${tag}`,
        description: 'Une après-midi de jeux et de dépistage.',
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 4 * 3600_000).toISOString(),
        place: 'Maison des jeunes, Akpakpa',
        capacity: 30,
        price_member: 0,
        price_public: 0,
        published: true,
      })
    ).json()) as { id: number }
  ).id;
  await db
    .insertInto('event_registrations')
    .values({
      event_id: eventId,
      user_id: null,
      name: seeded.guest.name,
      telephone: seeded.guest.tel.e164,
      email: null,
      seats: 1,
      status: 'confirme',
      amount: 0,
      payment_id: null,
      ticket_nonce: randomUUID(),
      code: tag.slice(0, 6).toUpperCase().replace(/[ILO]/g, 'A'),
      hold_expires_at: null,
      checked_in_at: WHEN,
      checked_in_device: null,
      cancelled_at: null,
      created_at: WHEN,
      updated_at: nowIso(),
    })
    .execute();
});

/** What no cell of an export may show in a spreadsheet: ISO dates, a stray apostrophe, JSON, English codes. */
function expectSpreadsheetReady(text: string) {
  expect(text.charCodeAt(0), 'UTF-8 byte-order mark').toBe(0xfeff);
  const [header, ...rows] = parseCsv(text);
  expect(header!.length).toBeGreaterThan(1);
  for (const raw of rows.flat()) {
    expect(raw, 'a date in ISO form').not.toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(raw, 'a stray apostrophe before a number').not.toMatch(/^'[+\d]/);
    // Digits with a leading 0 or + left bare: Excel would read a number and drop them.
    expect(raw, 'a telephone Excel reads as a number').not.toMatch(/^(?:\+|0)\d{6,}$/);
    expect(raw, 'JSON').not.toMatch(/^[{[]"/);
    expect(raw, 'an English status').not.toMatch(/^(?:approved|declined|pending|canceled|queued|sent|kept|active)$/);
  }
}

/** Clicks the list's « Exporter » and opens the downloaded file as Excel would. */
async function exportOf(page: Page, view: string): Promise<Record<string, string>[]> {
  await page.goto(`/dashboard-administrateur?vue=${view}`);
  const button = page.getByRole('button', { name: 'Exporter', exact: true });
  await button.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expectSpreadsheetReady(text);
  return openAsSpreadsheet(text);
}

const rowWhere = (rows: Record<string, string>[], column: string, value: string) => {
  const row = rows.find((r) => r[column] === value);
  expect(row, `${value} in the export`).toBeDefined();
  return row!;
};

describe.each(SIZES)('each back-office export opened as a spreadsheet, downloaded at %s', (_size, options) => {
  it('users, providers, accounts to confirm, memberships: phones with their 0, Cotonou dates, French words', async () => {
    const page = await browser.newPage(options);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    expect(rowWhere(await exportOf(page, 'membres'), 'Nom', seeded.member.name)).toMatchObject({
      Téléphone: seeded.member.tel.e164,
      Rôle: 'Membre',
      Confirmé: 'oui',
      Actif: 'oui',
      'Créé le': SHOWN,
    });
    expect(rowWhere(await exportOf(page, 'prestataires'), 'Nom', seeded.provider.name)).toMatchObject({
      Téléphone: seeded.provider.tel.e164,
      Rôle: 'Prestataire (personne morale)',
      'Créé le': SHOWN,
    });
    expect(rowWhere(await exportOf(page, 'confirmer-compte'), 'Nom', seeded.pending.name)).toMatchObject({
      Téléphone: seeded.pending.tel.e164,
      Rôle: 'Consommateur',
      'Créé le': SHOWN,
    });
    expect(rowWhere(await exportOf(page, 'adhesions'), 'Nom', seeded.member.name)).toMatchObject({
      Téléphone: seeded.member.tel.e164,
      Adhésion: 'À jour',
      'Valable jusqu’au': shownDay(VALID_UNTIL),
    });
  });

  it('volunteers, projects, contact messages, testimonials, newsletter', async () => {
    const page = await browser.newPage(options);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    expect(rowWhere(await exportOf(page, 'confirmer-volontaire'), 'Nom', seeded.volunteer.name)).toMatchObject({
      Téléphone: seeded.volunteer.tel.e164,
      Domaine: 'Éducation',
      'Sous restriction': 'non',
      'Reçu le': SHOWN,
    });
    expect(rowWhere(await exportOf(page, 'projets'), 'Projet', seeded.project.name)).toMatchObject({
      Téléphone: seeded.project.tel.e164,
      Catégorie: 'Éducation',
      Statut: 'Reçu',
      'Objectif (FCFA)': '1500000',
      'Reçu le': SHOWN,
    });
    expect(rowWhere(await exportOf(page, 'messages'), 'Nom', seeded.contact.name)).toMatchObject({
      Téléphone: seeded.contact.tel.e164,
      'Reçu le': SHOWN,
    });
    expect(rowWhere(await exportOf(page, 'temoignages'), 'Auteur', seeded.author)).toMatchObject({ Publié: 'non', 'Reçu le': SHOWN });
    expect(rowWhere(await exportOf(page, 'newsletter'), 'E-mail', seeded.subscriber)).toMatchObject({ 'Inscrit le': SHOWN });
  });

  it('payments, donations, the outbox and the audit trail', async () => {
    const page = await browser.newPage(options);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    expect(rowWhere(await exportOf(page, 'dons'), 'Nom', seeded.donor.name)).toMatchObject({
      Téléphone: seeded.donor.tel.e164,
      Cause: 'Éducation',
      'Montant (FCFA)': '5000',
      Statut: 'Approuvé',
      Origine: 'Saisi à la main',
      Moyen: 'Espèces',
      'Payé le': SHOWN,
      'Créé le': SHOWN,
    });
    expect(rowWhere(await exportOf(page, 'paiements'), 'Nom', seeded.payer.name)).toMatchObject({
      Téléphone: seeded.payer.tel.e164,
      Type: 'Cotisation',
      Statut: 'Approuvé',
      Moyen: 'Espèces',
      'Payé le': SHOWN,
    });
    // The donor's receipt SMS: kept in the outbox (no SMS provider configured), the number as text.
    expect(rowWhere(await exportOf(page, 'sms-emails'), 'Destinataire', seeded.donor.tel.e164)).toMatchObject({
      Canal: 'SMS',
      'Créé le': SHOWN,
    });
    const audit = (await exportOf(page, 'journal')).filter((r) => r['N° de l’objet'] === String(memberId));
    expect(audit.find((r) => r.Date === SHOWN)).toMatchObject({ Action: 'Inscription', Objet: 'Compte' });
  });
});

describe('the exports with their own buttons, opened as a spreadsheet', () => {
  const file = async (path: string) => {
    const res = await api(path);
    expect(res.headers.get('content-type')).toContain('text/csv');
    // Decoded with its byte-order mark kept (fetch's text() drops it), as the file on disk is.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expectSpreadsheetReady(text);
    return openAsSpreadsheet(text);
  };

  it('recurring gifts: the donor’s telephone, the cause and frequency in words, the next due day', async () => {
    expect(rowWhere(await file('/admin/pledges?format=csv'), 'Donateur', seeded.pledge.name)).toMatchObject({
      Téléphone: seeded.pledge.tel.e164,
      Cause: 'Éducation',
      Fréquence: 'Chaque mois',
      Statut: 'Actif',
      'Prochaine échéance': shownDay(NEXT_DUE),
      'Créé le': SHOWN,
    });
  });

  it('event attendance: the guest’s telephone, the status in words, arrival and registration in Cotonou time', async () => {
    expect(rowWhere(await file(`/admin/events/${eventId}/attendance?format=csv`), 'Nom', seeded.guest.name)).toMatchObject({
      Téléphone: seeded.guest.tel.e164,
      Statut: 'Confirmée',
      Arrivée: SHOWN,
      Inscription: SHOWN,
    });
  });

  it('treasury: the journal with the cash received, an expense, and the annual statements', async () => {
    const journal = await file('/admin/treasury/journal?format=csv');
    const line = journal.find((r) => r.Référence === `Carnet ${tag} donation`);
    expect(line, 'the cash donation in the journal').toMatchObject({ Date: '25/11/2026', Nature: 'Recette', 'Entrée (FCFA)': '5000' });
    expect(rowWhere(await file('/admin/expenses?format=csv'), 'Bénéficiaire', `Pharmacie ${tag}`)).toMatchObject({
      Date: '25/11/2026',
      Catégorie: 'Santé',
      Cause: 'Santé',
      Moyen: 'Espèces',
      Référence: '0097112233',
      Statut: 'En attente d’approbation',
      'Enregistrée le': SHOWN,
    });
    // The annual statements' CSV is one table per file, as a ZIP (issue 40; their tables are checked in the API tests).
    const report = await api(`/admin/treasury/report?format=csv&year=${WHEN.slice(0, 4)}`);
    expect(report.headers.get('content-type')).toBe('application/zip');
  });
});
