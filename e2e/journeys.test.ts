import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { formatTelephone, toE164 } from '@shared/phone';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// Issue 18: the donor, the member space and the header, the first-login password step and act-as, at
// 360×740 on a touch phone and at desktop width, with an axe scan (WCAG A/AA) of each page touched.
const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 }, touch: false };
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

/** At 360 px, what the person sees goes to docs/screenshots/ for docs/walkthrough.md. */
async function shot(page: Page, name: string) {
  if (page.viewportSize()?.width !== 360) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function expectNoAxeViolations(page: Page) {
  // Toasts fade in and out: their half-transparent frames are not what a person reads.
  const results = await new AxeBuilder({ page })
    .exclude('.Toastify')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}
const adminToken = async () =>
  (await api<{ token: string }>('/login', { body: { telephone: E2E_ADMIN.telephone, password: E2E_ADMIN.password } })).body.token;

describe.each([
  ['360×740 touch', PHONE],
  ['desktop', DESKTOP],
])('the donor at %s', (_label, options) => {
  it('goes from a cause page to the form with the cause carried, gives with a name and telephone, is thanked with the receipt, also after a reload', async () => {
    const page = await browser.newPage(options);
    await page.goto('/causes/securite-alimentaire');
    await expectNoAxeViolations(page);
    await shot(page, 'don-cause-360');
    // "Faire un don" in the header is inside the first screen.
    const headerDonate = page.getByRole('banner').getByRole('link', { name: 'Faire un don' });
    const box = await headerDonate.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(options.viewport.width);
    expect(box!.y + box!.height).toBeLessThanOrEqual(options.viewport.height);

    await page.getByRole('main').getByRole('link', { name: 'Faire un don' }).click();
    await page.waitForURL((url) => url.pathname === '/donation' && url.searchParams.get('cause') === 'securite-alimentaire');
    const cause = page.getByLabel('Cause');
    await expect.poll(() => cause.inputValue()).toBe('alimentation');
    await page.getByText(/collectés pour « Alimentation »/).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'don-formulaire-360');

    await page.getByRole('button', { name: '5 000 FCFA' }).click();
    expect(await page.getByLabel('Autre montant (FCFA)').inputValue()).toBe('5000');
    // A control character in the name is refused in the browser with the contract's message.
    await page.getByLabel('Nom').fill("Jean-Baptiste N'Dri\u202e");
    await page.getByRole('button', { name: 'Faire un don', exact: true }).click();
    await page
      .getByText("Le nom ne peut contenir que des lettres, des espaces, des traits d'union, des apostrophes et des points.")
      .waitFor();
    await page.getByLabel('Nom').fill("Jean-Baptiste N'Dri");
    const telephone = `+22996${String(Date.now()).slice(-6)}`;
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByRole('button', { name: 'Faire un don', exact: true }).click();
    await page.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
    await page.getByRole('button', { name: 'Paiement approuvé' }).click();
    await page.waitForURL((url) => url.pathname === '/donation');

    const thanks = page.getByRole('heading', { name: 'Merci pour votre don !' });
    await thanks.waitFor();
    await page.getByRole('link', { name: 'Voir mon reçu' }).waitFor();
    await shot(page, 'don-merci-360');
    expect(await page.getByRole('button', { name: 'Faire un don', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.reload();
    await thanks.waitFor();
    const href = await page.getByRole('link', { name: 'Voir mon reçu' }).getAttribute('href');
    const receipt = await fetch(`${baseURL()}${href}`);
    expect(await receipt.text()).toContain('Jean-Baptiste N');

    const row = await e2eDb().selectFrom('donations').selectAll().where('phone', '=', toE164(telephone)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'alimentation', amount: 5000, name: "Jean-Baptiste N'Dri", transaction_status: 'approved' });
    // The receipt SMS waits in the outbox for the donor's telephone.
    await expect
      .poll(
        async () =>
          (
            await e2eDb()
              .selectFrom('outbox_messages')
              .select(['channel', 'body'])
              .where('to_address', 'like', `%${telephone.slice(-6)}`)
              .execute()
          ).length,
      )
      .toBeGreaterThan(0);
    const sms = await e2eDb()
      .selectFrom('outbox_messages')
      .selectAll()
      .where('to_address', 'like', `%${telephone.slice(-6)}`)
      .executeTakeFirstOrThrow();
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain('/api/receipts/');

    await page.getByRole('button', { name: 'Faire un autre don' }).click();
    await page.getByRole('button', { name: 'Faire un don', exact: true }).waitFor();
    assertNoPageErrors(page);
  });
});

describe.each([
  ['360×740 touch', PHONE],
  ['desktop', DESKTOP],
])('accounts at %s', (_label, options) => {
  it('an account created by an adviser chooses its password first, then reaches its member space; the header says Mon espace and Déconnexion', async () => {
    const admin = await adminToken();
    const adviser = await seedE2eUser('conseiller', { name: 'Rémi Agbo-Dossou' });
    const suffix = String(Date.now()).slice(-7);
    const created = await api<{ user: { id: number } }>('/register', {
      token: admin,
      body: {
        name: 'Ahouéfa É. Houngbo',
        email: `ahouefa.${suffix}@example.bj`,
        telephone: `+2296${suffix}`,
        password: 'Recu-Du-Conseiller-1',
        role: 'membre',
        zone: 'Cotonou',
      },
    });
    expect(created.status).toBe(201);
    await e2eDb().updateTable('users').set({ created_by: adviser.id }).where('id', '=', created.body.user.id).execute();

    const page = await browser.newPage(options);
    await page.goto('/connexion');
    await page.getByLabel('Téléphone').fill(`+2296${suffix}`);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Recu-Du-Conseiller-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/choisir-mot-de-passe');
    await page.getByRole('heading', { name: 'Choisissez votre mot de passe' }).waitFor();
    await shot(page, 'choisir-mot-de-passe-360');
    await expectNoAxeViolations(page);
    // Any other page first sends the account back to this step.
    await page.goto('/espace-membre');
    await page.waitForURL((url) => url.pathname === '/choisir-mot-de-passe');
    await page.getByLabel('Mot de passe reçu').fill('Recu-Du-Conseiller-1');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Mon-Propre-Secret-22');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('Mon-Propre-Secret-22');
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
    await page.waitForURL((url) => url.pathname === '/espace-membre');
    await page.getByRole('heading', { name: 'Mes paiements et dons' }).waitFor();
    await shot(page, 'espace-membre-360');
    await expectNoAxeViolations(page);

    await page.goto('/about');
    const banner = page.getByRole('banner');
    if (options.touch) await banner.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await banner.getByRole('link', { name: 'Mon espace' }).waitFor();
    await banner.getByRole('button', { name: 'Déconnexion' }).waitFor();
    expect(await banner.getByRole('link', { name: 'Connexion' }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL((url) => url.pathname === '/connexion');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    assertNoPageErrors(page);
  });

  it('the adviser acts for a consumer they created without the password; the consumer sees their adviser with a tel: link', async () => {
    const adviser = await seedE2eUser('conseiller', { name: 'Rémi Agbo-Dossou', telephone: `+2290195${String(Date.now()).slice(-6)}` });
    const consumer = await seedE2eUser('consommateur', { name: "Jean-Baptiste N'Dri", zone: 'Kandi', createdBy: adviser.id });
    const page = await browser.newPage(options);
    await loginViaApi(page, adviser.telephone, adviser.password);
    await page.goto('/dashboard-conseiller');
    await page.getByRole('button', { name: "Se connecter en tant que Jean-Baptiste N'Dri" }).click();
    await page.getByRole('region', { name: "Bienvenue, Jean-Baptiste N'Dri" }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const audit = await e2eDb()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.act_as')
      .where('entity_id', '=', String(consumer.id))
      .execute();
    expect(audit.map((a) => a.actor_user_id)).toEqual([adviser.id]);

    const own = await browser.newPage(options);
    await loginViaApi(own, consumer.telephone, consumer.password);
    await own.goto('/consommateur');
    await own.getByText('Rémi Agbo-Dossou').waitFor();
    await shot(own, 'conseiller-contact-360');
    expect(await own.getByRole('link', { name: `Appeler le ${formatTelephone(adviser.telephone)}` }).getAttribute('href')).toBe(
      `tel:${adviser.telephone}`,
    );
    await expectNoAxeViolations(own);
    assertNoPageErrors(page);
    assertNoPageErrors(own);
  });
});
