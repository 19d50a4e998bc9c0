import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../apps/api/src/platform/database/database';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// Issue #33 items 11, 12, 14, 15 and 18 as the person sees them, at 360 × 740 touch and at 1280 × 800: actions in
// view, users and projects managed, the audit trail in words, act-as with the server's reason and one clear exit,
// the project form's feedback in the page.

const browser = setupBrowser();
const SIZES = [
  ['360×740 touch', { viewport: { width: 360, height: 740 }, touch: true }],
  ['1280×800', { viewport: { width: 1280, height: 800 } }],
] as const;
const run = Date.now().toString(36).slice(-5);
const volunteer = `Afiwa Volontaire ${run}`;

beforeAll(async () => {
  const db = e2eDb();
  await db
    .insertInto('volunteers')
    .values({
      name: volunteer,
      email: `afiwa.tres.longue.adresse.${run}@exemple-association-benin.bj`,
      profile_image: `${randomUUID()}.jpg`,
      cv: `${randomUUID()}.pdf`,
      motivation_letter: `${randomUUID()}.pdf`,
      criminal_record: `${randomUUID()}.pdf`,
      domain: 'sante',
      is_confirmed: 0,
      created_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('audit_log')
    .values([
      {
        actor_user_id: null,
        action: 'user.register',
        entity: 'users',
        entity_id: '1',
        details: '{"role":"membre"}',
        created_at: nowIso(),
        ip: null,
      },
      {
        actor_user_id: null,
        action: 'donation.status',
        entity: 'donation',
        entity_id: '7',
        before_state: '{"transaction_status":"pending"}',
        after_state: '{"transaction_status":"declined"}',
        details: null,
        created_at: nowIso(),
        ip: null,
      },
    ])
    .execute();
});

const asAdmin = (page: Page) => loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
const box = async (page: Page, name: string | RegExp) => (await page.getByRole('button', { name }).first().boundingBox())!;

describe.each(SIZES)('back office at %s (issue #33)', (_size, options) => {
  it('« Confirmer Volontaire »: Confirmer and Refuser in view without sideways scrolling; download links apart', async () => {
    const page = await browser.newPage({ ...options, allowConsoleErrors: true });
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=confirmer-volontaire');
    await page.getByText(volunteer).first().waitFor();
    const width = options.viewport.width;
    for (const name of ['Confirmer', `Refuser la candidature de ${volunteer}`]) {
      const b = await box(page, name);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
    }
    // No part of the table lies beyond its box (nothing to scroll sideways to).
    const overflow = await page
      .locator('table')
      .first()
      .evaluate((t) => (t.parentElement!.scrollWidth - t.parentElement!.clientWidth) | 0);
    expect(overflow).toBeLessThanOrEqual(0);
    const downloads = await Promise.all(
      ['Télécharger la photo', 'Télécharger le CV', 'Télécharger le casier judiciaire', 'Télécharger la lettre de motivation'].map((n) =>
        box(page, new RegExp(`^${n} de ${volunteer}$`)),
      ),
    );
    for (let i = 0; i < downloads.length; i++) {
      for (let j = i + 1; j < downloads.length; j++) {
        const [a, b] = [downloads[i]!, downloads[j]!];
        const apart =
          a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5;
        expect(apart, `download links ${i} and ${j} overlap`).toBe(true);
      }
    }
  });

  it('« Journal d’audit » in French words, not codes or JSON', async () => {
    const page = await browser.newPage(options);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=journal');
    await page.getByText('Inscription', { exact: true }).first().waitFor();
    await page.getByText('Statut : En attente → Refusé.').first().waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('user.register');
    expect(text).not.toContain('declined');
    expect(text).not.toContain('{"');
    assertNoPageErrors(page);
  });

  it('an administrator deactivates a member, who then cannot log in (reactivation: API test)', async () => {
    const member = await seedE2eUser('membre', { name: `Kokou Désactivé ${run}${options.viewport.width}` });
    const page = await browser.newPage(options);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=membres');
    await page.getByRole('searchbox').fill(member.name);
    await page.getByRole('button', { name: `Modifier ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Modifier ${member.name}` });
    await dialog.getByLabel('Compte actif (la personne peut se connecter)').uncheck();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Compte désactivé : la personne ne peut plus se connecter.').waitFor();
    await page.getByRole('cell', { name: 'Désactivé' }).first().waitFor();

    const other = await browser.newPage(options);
    await other.goto('/connexion');
    await other.locator('input[type="tel"]').first().fill(member.telephone);
    await other.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await other.getByRole('button', { name: 'Se connecter' }).click();
    await other.getByText('Ce compte a été désactivé par un administrateur.', { exact: false }).first().waitFor();
    assertNoPageErrors(page);
  });

  it('« Les Projets »: a new project is « Reçu », counted in « À traiter », and the reply is sent from the list', async () => {
    const name = `Jardin scolaire ${run} ${options.viewport.width}`;
    await e2eDb()
      .insertInto('projects')
      .values({
        project_name: name,
        description: 'Un jardin pour la cantine de l’école primaire de Zè.',
        goal_amount: 250_000,
        category: 'Education',
        contact_email: `jardin${run}@example.bj`,
        telephone: '0197001122',
        project_file: null,
        created_at: nowIso(),
      })
      .execute();
    const page = await browser.newPage(options);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur');
    await page
      .getByRole('button', { name: /nouveaux? projets?/ })
      .first()
      .waitFor();
    await page.goto('/dashboard-administrateur?vue=projets');
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('cell', { name: 'Reçu' }).first().waitFor();
    await page.getByRole('button', { name: `Répondre au projet ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('et par SMS au 0197001122').waitFor();
    await dialog.getByLabel('Statut').selectOption('accepte');
    await dialog.getByLabel('Réponse au porteur du projet (facultatif)').fill('Bravo, nous vous appelons cette semaine.');
    await dialog.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
    await dialog.getByText('Statut du projet mis à jour ; la réponse est partie vers le porteur du projet.').waitFor();
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await page.getByRole('cell', { name: 'Accepté' }).first().waitFor();
  });

  it('act-as: the server’s reason for an unconfirmed account; « Quitter la session de … » apart from « Déconnexion »', async () => {
    const adviser = await seedE2eUser('conseiller', { name: `Rémi Conseiller ${run}` });
    const pending = await seedE2eUser('consommateur', {
      name: `Sena EnAttente ${run}${options.viewport.width}`,
      confirmed: false,
      createdBy: adviser.id,
    });
    const ready = await seedE2eUser('consommateur', {
      name: `Codjo Prêt ${run}${options.viewport.width}`,
      zone: 'Kandi',
      createdBy: adviser.id,
    });
    const page = await browser.newPage(options);
    await loginViaApi(page, adviser.telephone, adviser.password);
    await page.goto('/dashboard-conseiller');
    await page.getByRole('button', { name: `Se connecter en tant que ${pending.name}` }).click();
    await page.getByText("Votre compte n'a pas encore été confirmé par un administrateur.").first().waitFor();
    expect(await page.getByText('Échec de la connexion').count()).toBe(0);

    await page.getByRole('button', { name: `Se connecter en tant que ${ready.name}` }).click();
    const welcome = page.getByRole('region', { name: `Bienvenue, ${ready.name}` });
    await welcome.waitFor();
    expect(await welcome.getByRole('button', { name: 'Déconnexion', exact: true }).count()).toBe(0);
    await welcome.getByRole('button', { name: `Quitter la session de ${ready.name}` }).click();
    await welcome.waitFor({ state: 'detached' });
    // The adviser is still signed in.
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('conseiller');
  });

  it('project form: the field’s own message only; success shown in the page; no stale toast', async () => {
    const page = await browser.newPage(options);
    await page.goto('/projet-social');
    await page.getByRole('button', { name: 'Soumettre le projet' }).click();
    await page.getByText('Le nom du projet est requis.').waitFor();
    expect(await page.getByText('Une erreur est survenue').count()).toBe(0);
    await page.getByLabel('Nom du projet').fill(`Puits de Zè ${run}`);
    await page.getByLabel('Description').fill('Forer un puits pour trois cents familles du village de Zè.');
    await page.getByLabel('Objectif de financement (FCFA)').fill('2 500 000');
    await page.getByLabel('Email de contact').fill(`puits${run}@example.bj`);
    await page.getByLabel('Téléphone (facultatif)').fill('01 97 11 22 33');
    await page.getByRole('button', { name: 'Soumettre le projet' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Merci ! Votre projet a été soumis avec succès !' });
    await status.waitFor();
    expect(await page.getByRole('button', { name: 'Soumettre le projet' }).count()).toBe(0);
    expect(await page.getByText(/Erreur|Une erreur est survenue/).count()).toBe(0);
    assertNoPageErrors(page);
  });
});
