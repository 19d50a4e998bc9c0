import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { nowIso } from '../apps/api/src/platform/database/database';
import { hashToken } from '../apps/api/src/platform/lib/tokens';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// The administrator's journey through /dashboard-administrateur (docs/product/back-office.md "Administrator dashboard", docs/product/errors.md).
// Everything the lists show is seeded straight into the server's database.

const browser = setupBrowser();
// Letters only: names refuse digits (docs/product/validation.md "Text that people write").
const run = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const tag = (label: string) => `${label} ${run}`;

const seeded = {
  sympathiser: tag('Sika Sympathisante'),
  member: tag('Mawuli Membre'),
  adviser: tag('Kossi Conseiller'),
  providerPhysical: tag('Afi Prestataire'),
  providerCompany: tag('Dossou Entreprise'),
  unconfirmed: tag('Yao EnAttente'),
  volunteer: tag('Eyram Volontaire'),
  project: tag('Puits du village'),
  projectNoFile: tag('Cantine scolaire'),
  testimonialAuthor: tag('Ablavi Témoin'),
  contact: tag('Kodjo Contact'),
  subscriber: `abonne-${run}@example.bj`,
};
let donationId = 0;
let paymentId = 0;
let unconfirmedId = 0;
let volunteerId = 0;
const cvName = `${randomUUID()}.pdf`;

async function storeUpload(area: string, name: string, content: string) {
  const dir = path.join(inject('dataDir'), 'uploads', area);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
}

beforeAll(async () => {
  const db = e2eDb();
  await seedE2eUser('sympathisant', { name: seeded.sympathiser, zone: 'Abomey' });
  await seedE2eUser('membre', { name: seeded.member, zone: 'Parakou' });
  await seedE2eUser('conseiller', { name: seeded.adviser, zone: 'Cotonou' });
  await seedE2eUser('prestataire_physique', { name: seeded.providerPhysical, zone: 'Bohicon' });
  await seedE2eUser('prestataire_morale', { name: seeded.providerCompany, zone: 'Ouidah' });
  unconfirmedId = (await seedE2eUser('consommateur', { name: seeded.unconfirmed, confirmed: false, zone: 'Lokossa' })).id;
  const consumer = await seedE2eUser('consommateur', { zone: 'Natitingou' });
  await db
    .insertInto('questionnaires')
    .values({
      user_id: consumer.id,
      marital_status: 'Marié(e)',
      job: 'Maraîcher',
      income: 20000,
      income_total: 30000,
      monthly_expenses: 25000,
      needs: JSON.stringify(['Alimentation', 'Santé']),
      created_at: nowIso(),
    })
    .execute();

  await storeUpload('cv', cvName, '%PDF-1.4 CV de test');
  const recordName = `${randomUUID()}.pdf`;
  await storeUpload('criminal_record', recordName, '%PDF-1.4 casier de test');
  volunteerId = (
    await db
      .insertInto('volunteers')
      .values({
        name: seeded.volunteer,
        email: `volontaire-${run}@example.bj`,
        profile_image: `${randomUUID()}.jpg`,
        cv: cvName,
        motivation_letter: `${randomUUID()}.pdf`,
        criminal_record: recordName,
        domain: 'sante',
        is_confirmed: 0,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const projectFile = `${randomUUID()}.pdf`;
  await storeUpload('projects', projectFile, '%PDF-1.4 projet');
  const project = (name: string, file: string | null) => ({
    project_name: name,
    description: 'Un projet pour améliorer la vie quotidienne des familles du quartier.',
    goal_amount: 1500000,
    category: 'Health',
    contact_email: `projet-${run}@example.bj`,
    project_file: file,
    created_at: nowIso(),
  });
  await db
    .insertInto('projects')
    .values([project(seeded.project, projectFile), project(seeded.projectNoFile, null)])
    .execute();

  const money = {
    transaction_status: 'approved',
    provider: 'sandbox',
    is_verified: 1,
    created_at: nowIso(),
    updated_at: nowIso(),
    paid_at: nowIso(),
  };
  donationId = (
    await db
      .insertInto('donations')
      .values({ ...money, amount: 7300 + (Date.now() % 97), purpose: 'education', transaction_id: `e2e-don-${run}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  paymentId = (
    await db
      .insertInto('payments')
      .values({
        ...money,
        amount: 12500,
        payment_type: 'cotisation',
        name: tag('Client Payeur'),
        phone: '+22990112233',
        email: `client-${run}@example.bj`,
        transaction_id: `e2e-pay-${run}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  await db
    .insertInto('testimonials')
    .values({
      text: 'Grâce à l’association, mes enfants vont à l’école.',
      author: seeded.testimonialAuthor,
      title: 'Un nouveau départ',
      avatar: `${randomUUID()}.jpg`,
      is_published: 0,
      created_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      name: seeded.contact,
      email: `contact-${run}@example.bj`,
      phone: '+22990445566',
      services: 'Santé',
      message: 'Bonjour, je voudrais aider.',
      created_at: nowIso(),
    })
    .execute();
  await db.insertInto('newsletter_subscriptions').values({ email: seeded.subscriber, created_at: nowIso() }).execute();
});

async function openDashboard(page: Page, view?: string): Promise<string> {
  const { token } = await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
  await page.goto(view ? `/dashboard-administrateur?vue=${view}` : '/dashboard-administrateur');
  return token;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menu du tableau de bord' });
const entry = (page: Page, name: string) => sidebar(page).getByRole('button', { name, exact: true });
const viewHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const row = (page: Page, text: string | RegExp) => page.locator('main table tbody tr').filter({ hasText: text });

/** Main content text, including the values of read-only inputs (the profile may show fields). */
const mainText = (page: Page) =>
  page.locator('main').evaluate((m) => `${m.textContent} ${[...m.querySelectorAll('input')].map((i) => i.value).join(' ')}`);

describe('administrator dashboard', () => {
  it('shows the header, the sidebar entries in order, what waits as the landing view and the profile', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    const header = page.locator('header').filter({ hasText: 'Tableau de bord' });
    await header.getByText(E2E_ADMIN.name).waitFor();
    await viewHeading(page, 'À traiter').waitFor();
    await entry(page, 'Profil').click();
    await expect.poll(() => mainText(page), { timeout: 10_000 }).toContain(E2E_ADMIN.email);
    const names = (await sidebar(page).getByRole('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(names).toEqual([
      'À traiter',
      'Ajouter un utilisateur',
      'Confirmer Compte',
      'Confirmer Volontaire',
      'Changements en attente',
      'Filtre utilisateur',
      'Les Projets',
      'Profil',
      'Liste des Paiements',
      'Liste Dons',
      'Dons réguliers',
      'Témoignages',
      'Messages de contact',
      'Newsletter',
      'Envoyer une newsletter',
      'SMS et e-mails envoyés',
      'Statistiques',
      // Running the association (issue 12).
      'Enregistrer un paiement reçu',
      'Adhésions',
      'Reçus annuels',
      'Journal d’audit',
      'Événements',
      'Trésorerie',
      'Comptabilité',
      'Paramètres',
      // Personal data (issue 26).
      'Registres (données personnelles)',
      'Demandes sur les données',
      'Consentements',
      // What the migrations left for a person to decide (issue #33).
      'Données à reprendre',
      'Déconnexion',
    ]);
    await entry(page, 'Filtre utilisateur').click();
    for (const sub of ['Les Sympathisants', 'Les Prestataires', 'Les Conseillers', 'Les Membres']) await entry(page, sub).waitFor();
    assertNoPageErrors(page);
  });

  it('lists users by role with Nom, Email, Téléphone and Ville; providers are both provider roles', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Filtre utilisateur').click();
    const cases: Array<[string, string[], string]> = [
      ['Les Sympathisants', [seeded.sympathiser], 'Abomey'],
      ['Les Conseillers', [seeded.adviser], 'Cotonou'],
      ['Les Membres', [seeded.member], 'Parakou'],
      ['Les Prestataires', [seeded.providerPhysical, seeded.providerCompany], 'Ouidah'],
    ];
    for (const [label, names, zone] of cases) {
      await entry(page, label).click();
      await viewHeading(page, label).waitFor();
      for (const name of names) await row(page, name).waitFor();
      const headers = await page.locator('main table thead th').allInnerTexts();
      expect(headers.map((h) => h.trim())).toEqual(['Nom', 'Email', 'Téléphone', 'Ville', 'Rôle', 'État', 'Mot de passe', 'Gérer']);
      await page.locator('main table').getByText(zone, { exact: true }).first().waitFor();
      expect(await row(page, seeded.unconfirmed).count()).toBe(0);
    }
    // Server-side search.
    await page.getByRole('searchbox').fill(seeded.providerCompany);
    await expect.poll(() => row(page, seeded.providerPhysical).count()).toBe(0);
    await row(page, seeded.providerCompany).waitFor();
    assertNoPageErrors(page);
  });

  it('adds a user of any role through the add-user modal', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Ajouter un utilisateur').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const roleSelect = dialog.getByLabel(/rôle/i);
    const roleValues = await roleSelect.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(roleValues).toEqual(
      expect.arrayContaining([
        'consommateur',
        'prestataire_physique',
        'prestataire_morale',
        'sympathisant',
        'membre',
        'conseiller',
        'conseiller_pro',
        'administrateur',
      ]),
    );
    const name = tag('Nouvelle Conseillère');
    const telephone = `2299${Date.now().toString().slice(-7)}`;
    const email = `nouvelle-${run}@example.bj`;
    await dialog.getByLabel(/^nom/i).fill(name);
    await dialog.getByLabel(/email/i).fill(email);
    await dialog.getByLabel(/téléphone/i).fill(telephone);
    const zone = dialog.getByLabel(/zone/i);
    if (await zone.count()) await zone.fill('Porto-Novo');
    await dialog
      .getByLabel(/mot de passe/i)
      .first()
      .fill('Mot-de-passe-solide-1');
    await roleSelect.selectOption('conseiller');
    await dialog.locator('button[type="submit"]').click();
    await page.getByText('Inscription réussie !').first().waitFor();
    const created = await e2eDb()
      .selectFrom('users')
      .select(['role', 'is_confirmed', 'first_login'])
      .where('email', '=', email)
      .executeTakeFirst();
    expect(created).toEqual({ role: 'conseiller', is_confirmed: 1, first_login: 1 });
    assertNoPageErrors(page);
  });

  it('confirms an account: the item leaves the list', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Confirmer Compte').click();
    await viewHeading(page, 'Confirmer Compte').waitFor();
    const target = row(page, seeded.unconfirmed);
    await target.getByText('Lokossa').waitFor();
    await target.getByRole('button', { name: 'Confirmer' }).click();
    await target.waitFor({ state: 'detached' });
    const user = await e2eDb().selectFrom('users').select('is_confirmed').where('id', '=', unconfirmedId).executeTakeFirstOrThrow();
    expect(user.is_confirmed).toBe(1);
    assertNoPageErrors(page);
  });

  it('downloads a CV and confirms a volunteer after the browser confirmation', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Confirmer Volontaire').click();
    const target = row(page, seeded.volunteer);
    await target.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      target.getByRole('button', { name: /Télécharger le CV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toContain(cvName);
    await target.getByRole('button', { name: /casier/i }).waitFor();
    // Dismissing the browser confirmation changes nothing.
    page.once('dialog', (d) => void d.dismiss());
    await target.getByRole('button', { name: 'Confirmer' }).click();
    await page.waitForTimeout(300);
    expect(await target.count()).toBe(1);
    page.once('dialog', (d) => {
      expect(d.type()).toBe('confirm');
      void d.accept();
    });
    await target.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Volontaire confirmé avec succès !').first().waitFor();
    await target.waitFor({ state: 'detached' });
    const volunteer = await e2eDb().selectFrom('volunteers').select('is_confirmed').where('id', '=', volunteerId).executeTakeFirstOrThrow();
    expect(volunteer.is_confirmed).toBe(1);
    assertNoPageErrors(page);
  });

  it('lists projects with their amount and file, or "Aucun fichier disponible"', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Les Projets').click();
    const withFile = row(page, seeded.project);
    await withFile.waitFor();
    expect(await withFile.textContent()).toContain('1\u00a0500\u00a0000\u00a0FCFA');
    await withFile.getByRole('button', { name: /Télécharger/ }).waitFor();
    await row(page, seeded.projectNoFile).getByText('Aucun fichier disponible').waitFor();
    assertNoPageErrors(page);
  });

  it('lists payments and deletes a donation only after the dialog is confirmed', async () => {
    const page = await browser.newPage();
    await openDashboard(page, 'paiements');
    await viewHeading(page, 'Liste des Paiements').waitFor();
    const payment = row(page, tag('Client Payeur'));
    await payment.waitFor();
    expect(await payment.textContent()).toContain('12\u00a0500\u00a0FCFA');
    await payment.getByText(String(paymentId), { exact: true }).waitFor();

    await entry(page, 'Liste Dons').click();
    await viewHeading(page, 'Liste Dons').waitFor();
    const donation = page.locator('main table tbody tr').filter({ has: page.getByRole('cell', { name: String(donationId), exact: true }) });
    await donation.waitFor();
    expect(await donation.textContent()).toContain('Éducation');
    await donation.getByRole('button', { name: 'Annuler le don' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await donation.count()).toBe(1);
    await donation.getByRole('button', { name: 'Annuler le don' }).click();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await donation.waitFor({ state: 'detached' });
    const stored = await e2eDb().selectFrom('donations').select('deleted_at').where('id', '=', donationId).executeTakeFirst();
    expect(stored === undefined || stored.deleted_at !== null).toBe(true);
    assertNoPageErrors(page);
  });

  it('moderates testimonials and shows contact messages and newsletter subscribers', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Témoignages').click();
    const testimonial = row(page, seeded.testimonialAuthor);
    await testimonial.getByRole('button', { name: 'Publier' }).click();
    await testimonial.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Publiés' }).click();
    await row(page, seeded.testimonialAuthor).waitFor();

    await entry(page, 'Messages de contact').click();
    await row(page, seeded.contact).getByText('Bonjour, je voudrais aider.').waitFor();
    await entry(page, 'Newsletter').click();
    await row(page, seeded.subscriber).waitFor();
    assertNoPageErrors(page);
  });

  it('shows the statistics with text alternatives to the charts', async () => {
    const page = await browser.newPage();
    // The charts' code held back: what is below a chart keeps its place when it arrives (a tap there lands).
    let releaseCharts!: () => void;
    const chartsHeld = new Promise<void>((resolve) => {
      releaseCharts = resolve;
    });
    await page.route('**/assets/stats-charts-*.js', async (route) => {
      await chartsHeld;
      await route.continue();
    });
    await openDashboard(page);
    await entry(page, 'Statistiques').click();
    await viewHeading(page, 'Statistiques').waitFor();
    await page.getByText('Comptes par rôle').waitFor();
    const byZone = page.getByText('Voir les données par zone');
    // In the page, not the window: the window's own scroll may move meanwhile.
    const top = () => byZone.evaluate((summary) => summary.getBoundingClientRect().top + window.scrollY);
    const before = await top();
    releaseCharts();
    await page.locator('.recharts-wrapper').nth(2).waitFor();
    expect(await top()).toBe(before);
    await page.getByText('Voir les données par mois').click();
    await page.getByRole('table', { name: 'Dons et paiements approuvés par mois' }).waitFor();
    await page.getByText('Voir les données par zone').click();
    const needs = page.getByRole('table', { name: /par zone/ });
    await needs.getByRole('rowheader', { name: 'Natitingou' }).waitFor();
    assertNoPageErrors(page);
  });

  it('keeps the view in the URL across reload and back', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Les Projets').click();
    await page.waitForURL(/vue=projets/);
    await entry(page, 'Liste Dons').click();
    await page.waitForURL(/vue=dons/);
    await page.reload();
    await viewHeading(page, 'Liste Dons').waitFor();
    await page.goBack();
    await viewHeading(page, 'Les Projets').waitFor();
    assertNoPageErrors(page);
  });

  it('is usable on a 360 px phone: a « Menu » with words, lists as cards inside the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await openDashboard(page, 'paiements');
    await row(page, tag('Client Payeur')).waitFor();
    // No icon rail (issue #18 §5): the sidebar is closed and hidden until « Menu » opens it.
    const aside = page.locator('aside[aria-label="Menu du tableau de bord"]');
    expect(await aside.getAttribute('data-state')).toBe('narrow');
    expect(await aside.isVisible()).toBe(false);
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    // Each row is a card: nothing scrolls sideways, every cell is inside the screen.
    const right = await page
      .locator('main tbody td')
      .evaluateAll((cells) => Math.max(...cells.map((c) => c.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await aside.getAttribute('data-state')).toBe('open');
    await entry(page, 'Liste Dons').click();
    await viewHeading(page, 'Liste Dons').waitFor();
    expect(await aside.isVisible()).toBe(false);
    // A group shows its sub-entries; choosing one closes the menu again.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await entry(page, 'Filtre utilisateur').click();
    await entry(page, 'Les Membres').click();
    await viewHeading(page, 'Les Membres').waitFor();
    expect(await aside.isVisible()).toBe(false);
    assertNoPageErrors(page);
  });

  it('shows the fetch error of each list when the server refuses (docs/product/errors.md)', async () => {
    const page = await browser.newPage();
    const token = await openDashboard(page);
    await e2eDb().deleteFrom('auth_tokens').where('token_hash', '=', hashToken(token)).execute();
    const cases: Array<[string, string]> = [
      ['profil', 'Erreur lors de la récupération du profil'],
      ['confirmer-compte', 'Erreur lors de la récupération des utilisateurs non confirmés'],
      ['confirmer-volontaire', 'Erreur lors de la récupération des volontaires non confirmés'],
      ['sympathisants', 'Erreur lors de la récupération des sympathisants'],
      ['prestataires', 'Erreur lors de la récupération des prestataires'],
      ['conseillers', 'Erreur lors de la récupération des conseillers'],
      ['membres', 'Erreur lors de la récupération des membres'],
      ['projets', 'Erreur lors de la récupération des projets'],
      ['paiements', 'Erreur lors de la récupération des paiements'],
      ['dons', 'Erreur lors de la récupération des dons'],
    ];
    for (const [view, message] of cases) {
      await page.goto(`/dashboard-administrateur?vue=${view}`);
      await page.locator('main').getByRole('alert').filter({ hasText: message }).waitFor({ timeout: 15_000 });
    }
    assertNoPageErrors(page);
  });

  it('shows the action errors when the item is gone meanwhile (docs/product/errors.md)', async () => {
    const db = e2eDb();
    const user = await seedE2eUser('membre', { name: tag('Disparu Bientôt'), confirmed: false });
    const gone = (
      await db
        .insertInto('donations')
        .values({
          amount: 4321,
          purpose: 'sante',
          transaction_status: 'approved',
          provider: 'sandbox',
          created_at: nowIso(),
          updated_at: nowIso(),
          transaction_id: `e2e-gone-${run}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const page = await browser.newPage();
    await openDashboard(page, 'confirmer-compte');
    const target = row(page, tag('Disparu Bientôt'));
    await target.waitFor();
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    await target.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText("Erreur lors de la confirmation de l'utilisateur").first().waitFor();

    await entry(page, 'Liste Dons').click();
    const donation = page.locator('main table tbody tr').filter({ has: page.getByRole('cell', { name: String(gone), exact: true }) });
    await donation.waitFor();
    await db.updateTable('donations').set({ deleted_at: nowIso() }).where('id', '=', gone).execute();
    await donation.getByRole('button', { name: 'Annuler le don' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Erreur lors de l’annulation du don').first().waitFor();
    assertNoPageErrors(page);
  });

  it('shows the empty texts of the confirmation lists', async () => {
    // Runs alone on the e2e server (files run one after the other): confirming everyone empties both lists.
    await e2eDb().updateTable('users').set({ is_confirmed: 1 }).where('is_confirmed', '=', 0).execute();
    await e2eDb().updateTable('volunteers').set({ is_confirmed: 1 }).where('is_confirmed', '=', 0).execute();
    const page = await browser.newPage();
    await openDashboard(page, 'confirmer-compte');
    await page.getByText('Pas de confirmation en attente', { exact: true }).waitFor();
    await entry(page, 'Confirmer Volontaire').click();
    await page.getByText('Pas de volontaires en attente de confirmation', { exact: true }).waitFor();
    assertNoPageErrors(page);
  });

  it('has no serious axe violation on the profile, a list, the deletion dialog and the statistics', async () => {
    const page = await browser.newPage();
    await openDashboard(page, 'profil');
    await expect.poll(() => mainText(page), { timeout: 10_000 }).toContain(E2E_ADMIN.email);
    await expectNoSeriousAxeViolations(page);
    await entry(page, 'Liste des Paiements').click();
    await row(page, tag('Client Payeur')).waitFor();
    await expectNoSeriousAxeViolations(page);
    await row(page, tag('Client Payeur')).getByRole('button', { name: 'Annuler le paiement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await entry(page, 'Statistiques').click();
    await page.getByText('Comptes par rôle').waitFor();
    await expectNoSeriousAxeViolations(page);
    assertNoPageErrors(page);
  });

  it('logs out to /connexion and forgets the token', async () => {
    const page = await browser.newPage();
    await openDashboard(page);
    await entry(page, 'Déconnexion').click();
    await page.waitForURL('**/connexion');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')])).toEqual([null, null]);
    assertNoPageErrors(page);
  });
});
