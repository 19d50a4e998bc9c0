import { formatTelephone, toE164 } from '@shared/phone';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// The shared pieces other dashboards mount: the profile panel, the add-user modal and the logout hook.
const browser = setupBrowser();

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('profile panel', () => {
  it('shows the profile read-only, edits it with Modifier → Sauvegarder, and Annuler returns to the view', async () => {
    const user = await seedE2eUser('membre', { name: 'Akouavi Profil' });
    const page = await browser.newPage();
    await loginViaApi(page, user.telephone, user.password);
    await page.goto('/espace-membre');
    await page.getByRole('heading', { name: 'Akouavi Profil' }).waitFor();
    await page.getByText('Membre', { exact: true }).waitFor();
    const name = page.getByLabel('Nom', { exact: true });
    expect(await name.inputValue()).toBe('Akouavi Profil');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    expect(await page.getByLabel('Téléphone').inputValue()).toBe(formatTelephone(user.telephone));

    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByLabel('Nom', { exact: true }).fill('Nom provisoire');
    await page.getByRole('button', { name: 'Annuler' }).click();
    expect(await page.getByLabel('Nom', { exact: true }).inputValue()).toBe('Akouavi Profil');

    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByLabel('Nom', { exact: true }).fill('Akouavi Modifiée');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Nouveau-Secret-9');
    // A new password needs the current one (docs/product/accounts.md "Every account has a home").
    await page.getByLabel('Mot de passe actuel').fill(user.password);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await page.getByText('Profil mis à jour avec succès.').waitFor();
    await page.getByRole('button', { name: 'Modifier' }).waitFor();
    expect(await page.getByLabel('Nom', { exact: true }).inputValue()).toBe('Akouavi Modifiée');
    const row = await e2eDb().selectFrom('users').select(['name']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Akouavi Modifiée');
    assertNoPageErrors(page);
  });

  it('shows server field errors under the fields', async () => {
    const other = await seedE2eUser('membre');
    const user = await seedE2eUser('sympathisant');
    const page = await browser.newPage();
    await loginViaApi(page, user.telephone, user.password);
    await page.goto('/espace-membre');
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByLabel('Email').fill(other.email);
    await page.getByLabel('Mot de passe actuel').fill(user.password);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await page.getByText('Cet email est déjà utilisé.').waitFor();
    await page.getByRole('button', { name: 'Sauvegarder' }).waitFor();
  });

  it('shows the load failure message', async () => {
    const user = await seedE2eUser('membre');
    const page = await browser.newPage();
    await loginViaApi(page, user.telephone, user.password);
    await page.route('**/api/profile', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }));
    await page.goto('/espace-membre');
    await page.getByText('Erreur lors de la récupération du profil.').waitFor();
  });
});

describe('add-user modal (adviser dashboard)', () => {
  it('offers only consommateur and the provider roles and creates an unconfirmed user', async () => {
    const adviser = await seedE2eUser('conseiller');
    const page = await browser.newPage();
    await loginViaApi(page, adviser.telephone, adviser.password);
    await page.goto('/dashboard-conseiller');
    await page.getByRole('button', { name: 'Utilisateur' }).click();
    await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
    await dialog.waitFor();
    const role = dialog.getByLabel('Rôle');
    expect(await role.inputValue()).toBe('consommateur');
    const values = await role.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual(['consommateur', 'prestataire_physique', 'prestataire_morale']);

    const telephone = `94${String(Date.now()).slice(-6)}`;
    await dialog.getByLabel('Nom').fill('Codjo Créé');
    await dialog.getByLabel('Email').fill(`codjo.${telephone}@example.bj`);
    await dialog.getByLabel('Téléphone').fill(telephone);
    await dialog.getByLabel('Commune').selectOption('Ouidah');
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('court');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await dialog.getByText('Le mot de passe doit contenir au moins 8 caractères.').waitFor();
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('Mot-de-passe-solide');
    await dialog.getByLabel('Rôle').selectOption('prestataire_physique');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Inscription réussie !').waitFor();
    const row = await e2eDb().selectFrom('users').selectAll().where('telephone', '=', toE164(telephone)!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'prestataire_physique', zone: 'Ouidah', is_confirmed: 0, first_login: 1, created_by: adviser.id });
  });
});

describe('dashboard logout', () => {
  it('removes token, role and any act-as token, then goes to /connexion', async () => {
    const user = await seedE2eUser('membre');
    const page = await browser.newPage();
    await loginViaApi(page, user.telephone, user.password);
    await page.evaluate(() => localStorage.setItem('consumerToken', 'jeton-consommateur'));
    await page.goto('/espace-membre');
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/connexion');
    await page.getByText('Déconnexion réussie').waitFor();
    const kept = await page.evaluate(() => ({ ...localStorage }));
    expect(kept.token).toBeUndefined();
    expect(kept.role).toBeUndefined();
    expect(kept.user_id).toBe(String(user.id));
    expect(kept.is_first_login).toBe('false');
    // An act-as token never outlives the logout (docs/product/accounts.md).
    expect(kept.consumerToken).toBeUndefined();
  });

  it('an adviser’s logout ends the act-as: the browser forgets the token and the server refuses it', async () => {
    const adviser = await seedE2eUser('conseiller', { name: 'Afi Sortante' });
    await seedE2eUser('consommateur', { name: 'Codjo Agi', createdBy: adviser.id });
    const page = await browser.newPage();
    await loginViaApi(page, adviser.telephone, adviser.password);
    await page.goto('/dashboard-conseiller');
    await page.getByRole('button', { name: 'Se connecter en tant que Codjo Agi' }).click();
    await page.getByRole('region', { name: 'Bienvenue, Codjo Agi' }).waitFor();
    const consumerToken = await page.evaluate(() => localStorage.getItem('consumerToken'));
    expect(consumerToken).toMatch(/\S{20,}/);

    // The dashboard's own Déconnexion (not the act-as panel's, which ends only the act-as).
    await page.getByRole('complementary').getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    const left = await page.evaluate(() => ({
      consumer: localStorage.getItem('consumerToken'),
      acting: sessionStorage.getItem('adviser.actingAs'),
    }));
    expect(left).toEqual({ consumer: null, acting: null });
    const res = await page.request.get(new URL('/api/profile', page.url()).href, { headers: { authorization: `Bearer ${consumerToken}` } });
    expect(res.status()).toBe(401);
  });
});

describe('accessibility', () => {
  it('has no serious axe violation on /connexion and /inscription', async () => {
    const page = await browser.newPage();
    await page.goto('/connexion');
    await page.getByRole('heading', { name: 'Connectez-vous' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/inscription');
    await page.getByRole('heading', { name: 'Inscription' }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });

  it('works at 360 px without horizontal scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/connexion');
    await page.getByRole('heading', { name: 'Connectez-vous' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
