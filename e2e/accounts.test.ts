import type { Role } from '@shared/constants';
import { toE164 } from '@shared/phone';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

const browser = setupBrowser();

async function loginThroughForm(page: Page, telephone: string, password: string) {
  await page.goto('/connexion');
  await page.getByRole('heading', { name: 'Connectez-vous' }).waitFor();
  await page.getByLabel('Téléphone').fill(telephone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const storage = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    role: localStorage.getItem('role'),
    user_id: localStorage.getItem('user_id'),
    is_first_login: localStorage.getItem('is_first_login'),
  }));

describe('login page', () => {
  const cases: Array<{ role: Role; firstLogin: boolean; lands: string }> = [
    { role: 'consommateur', firstLogin: true, lands: '/questionnaire' },
    // docs/product/accounts.md "Every account has a home": the member space.
    { role: 'consommateur', firstLogin: false, lands: '/consommateur' },
    { role: 'prestataire_physique', firstLogin: true, lands: '/information' },
    { role: 'prestataire_morale', firstLogin: true, lands: '/information' },
    { role: 'prestataire_morale', firstLogin: false, lands: '/dashboard-prestataire' },
    { role: 'conseiller', firstLogin: true, lands: '/dashboard-conseiller' },
    { role: 'conseiller_pro', firstLogin: false, lands: '/espace-membre' },
    { role: 'membre', firstLogin: false, lands: '/espace-membre' },
    { role: 'sympathisant', firstLogin: true, lands: '/espace-membre' },
  ];

  it.each(cases)('logs a $role (first login: $firstLogin) in and lands on $lands', async ({ role, firstLogin, lands }) => {
    const user = await seedE2eUser(role, { firstLogin });
    const page = await browser.newPage();
    await loginThroughForm(page, user.telephone, user.password);
    await page.waitForURL(`**${lands}`);
    await page.getByText('Connexion réussie!').waitFor();
    expect(await storage(page)).toEqual({ token: expect.any(String), role, user_id: String(user.id), is_first_login: String(firstLogin) });
    assertNoPageErrors(page);
  });

  it('logs the administrator in to the admin dashboard', async () => {
    const page = await browser.newPage();
    await loginThroughForm(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard-administrateur');
    expect((await storage(page)).role).toBe('administrateur');
  });

  it('shows the server message for a wrong password and for an unconfirmed account', async () => {
    const page = await browser.newPage();
    const user = await seedE2eUser('membre');
    await loginThroughForm(page, user.telephone, 'mauvais-mot-de-passe');
    await page.getByText('Numéro de téléphone ou mot de passe incorrect.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/connexion');
    expect((await storage(page)).token).toBeNull();

    const pending = await seedE2eUser('consommateur', { confirmed: false });
    await loginThroughForm(page, pending.telephone, pending.password);
    await page.getByText("Votre compte n'a pas encore été confirmé par un administrateur.").waitFor();
  });

  it('shows the field messages before sending an empty form', async () => {
    const page = await browser.newPage();
    await page.goto('/connexion');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Le numéro de téléphone est requis.').waitFor();
    await page.getByText('Le mot de passe est requis.').waitFor();
  });

  it('shows the no-response message when the server cannot be reached', async () => {
    const page = await browser.newPage({ allowConsoleErrors: true });
    await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
    await loginThroughForm(page, '+22990000000', 'peu-importe');
    await page.getByText("Une erreur inattendue s'est produite. Veuillez réessayer.").waitFor();
  });

  it('shows the generic message for another server error', async () => {
    const page = await browser.newPage();
    await page.route('**/api/login', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }));
    await loginThroughForm(page, '+22990000000', 'peu-importe');
    await page.getByText('Erreur lors de la connexion. Veuillez réessayer.').waitFor();
  });

  it('has the show/hide toggle, remember-me box and forgot-password link of the specification', async () => {
    const page = await browser.newPage();
    await page.goto('/connexion');
    // The page is prerendered: the toggle answers once React has hydrated it (a tap before that is replayed then).
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const password = page.getByLabel('Mot de passe', { exact: true });
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('checkbox', { name: 'Se souvenir de moi' }).check();
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/mot-de-passe-oublie');
    assertNoPageErrors(page);
  });
});

describe('logout', () => {
  it('clears token and role, keeps user_id, and the old token gets 401', async () => {
    const page = await browser.newPage();
    const { token } = await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur');
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/connexion');
    await page.getByText('Déconnexion réussie').waitFor();
    const after = await storage(page);
    expect(after.token).toBeNull();
    expect(after.role).toBeNull();
    expect(after.user_id).not.toBeNull();
    const reuse = await fetch(`${baseURL()}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(reuse.status).toBe(401);
  });
});

describe('registration page', () => {
  async function openAsAdmin(page: Page) {
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/inscription');
    await page.getByRole('heading', { name: 'Inscription' }).waitFor();
  }

  it('offers the seven non-admin roles, consommateur first, and links to /connexion', async () => {
    const page = await browser.newPage();
    await openAsAdmin(page);
    const role = page.getByLabel('Rôle');
    expect(await role.inputValue()).toBe('consommateur');
    const values = await role.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual([
      'consommateur',
      'prestataire_physique',
      'prestataire_morale',
      'sympathisant',
      'membre',
      'conseiller',
      'conseiller_pro',
    ]);
    expect(await page.getByLabel('Téléphone').getAttribute('type')).toBe('number');
    expect(await page.locator('main a[href="/connexion"], section a[href="/connexion"]').count()).toBeGreaterThan(0);
  });

  it('lets an administrator create a confirmed user', async () => {
    const page = await browser.newPage();
    await openAsAdmin(page);
    const telephone = `96${String(Date.now()).slice(-6)}`;
    await page.getByLabel('Nom', { exact: true }).fill('Sènan Nouvelle');
    await page.getByLabel('Email').fill(`senan.${telephone}@example.bj`);
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByLabel('Commune').selectOption('Bohicon');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mot-de-passe-solide');
    await page.getByLabel('Rôle').selectOption('membre');
    await page.getByRole('button', { name: 'Inscrire cette personne' }).click();
    await page.getByText('Inscription réussie !').waitFor();
    // Telephones are stored in one E.164 form (docs/product): the typed 8-digit number becomes +22901….
    const row = await e2eDb().selectFrom('users').selectAll().where('telephone', '=', toE164(telephone)!).executeTakeFirstOrThrow();
    expect(row.telephone).toBe(`+22901${telephone}`);
    expect(row).toMatchObject({ name: 'Sènan Nouvelle', role: 'membre', zone: 'Bohicon', is_confirmed: 1, first_login: 1 });
    const admin = await e2eDb().selectFrom('users').select('id').where('telephone', '=', E2E_ADMIN.telephone).executeTakeFirstOrThrow();
    expect(row.created_by).toBe(admin.id);
    assertNoPageErrors(page);
  });

  it('shows the server field errors under the fields', async () => {
    const page = await browser.newPage();
    const existing = await seedE2eUser('membre', { telephone: `95${String(Date.now()).slice(-6)}` });
    await openAsAdmin(page);
    await page.getByLabel('Nom', { exact: true }).fill('Doublon');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Téléphone').fill(existing.telephone);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mot-de-passe-solide');
    await page.getByRole('button', { name: 'Inscrire cette personne' }).click();
    await page.getByText('Erreur de validation des champs.').waitFor();
    await page.getByText('Ce numéro de téléphone est déjà utilisé.').waitFor();
    await page.getByText('Cet email est déjà utilisé.').waitFor();
  });

  it('shows the password rule before sending', async () => {
    const page = await browser.newPage();
    await openAsAdmin(page);
    await page.getByLabel('Mot de passe', { exact: true }).fill('court');
    await page.getByRole('button', { name: 'Inscrire cette personne' }).click();
    await page.getByText('Le mot de passe doit contenir au moins 8 caractères.').waitFor();
  });
});

describe('a forged role in local storage', () => {
  it('reaches the admin page, but every admin call answers 403', async () => {
    const user = await seedE2eUser('consommateur');
    const page = await browser.newPage({ allowConsoleErrors: true });
    await loginViaApi(page, user.telephone, user.password);
    await page.evaluate(() => localStorage.setItem('role', 'administrateur'));
    const statuses: Array<[string, number]> = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      // The organisation's details are public: the footer of the page loginViaApi opened can still be reading them.
      if (path.startsWith('/api/') && path !== '/api/profile' && path !== '/api/organisation') statuses.push([path, r.status()]);
    });
    await page.goto('/dashboard-administrateur');
    await page.getByRole('button', { name: 'Déconnexion' }).waitFor();
    const unconfirmed = page.waitForResponse((r) => r.url().includes('/api/confirmation/unconfirmed'));
    await page.getByRole('button', { name: 'Confirmer Compte' }).click();
    expect((await unconfirmed).status()).toBe(403);
    expect(statuses.length).toBeGreaterThan(0);
    for (const [path, status] of statuses) expect(status, path).toBe(403);
  });
});
