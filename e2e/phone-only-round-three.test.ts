import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, setupBrowser } from './helpers/browser';
import { e2eDb, seedE2eUser } from './helpers/seed';
import { sentCode } from './helpers/sent-codes';

// Phone-only people, round three: a person created by someone else who signs in by SMS code chooses her password
// without the one she never had, and finds « Mot de passe oublié ? » on that step; « Mon espace » does not loop back.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true };

describe('the password step after an SMS code, at 360 px', () => {
  it('asks only for the new password, links to recovery, then opens « Mon espace » for good', async () => {
    const person = await seedE2eUser('sympathisant', { name: 'Reine Houngbo' });
    await e2eDb().updateTable('users').set({ must_change_password: 1 }).where('id', '=', person.id).execute();
    const page = await browser.newPage(PHONE);
    await page.goto('/connexion');
    await page.getByRole('button', { name: 'Recevoir un code par SMS' }).click();
    await page.getByRole('form', { name: 'Connexion par code' }).getByLabel('Téléphone').fill(person.telephone);
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await page.getByLabel('Code reçu par SMS').waitFor();
    await page.getByLabel('Code reçu par SMS').fill(await sentCode(person.telephone));
    await page.getByRole('button', { name: 'Se connecter', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === '/choisir-mot-de-passe');
    await page.getByRole('heading', { name: 'Choisissez votre mot de passe' }).waitFor();
    expect(await page.getByLabel('Mot de passe reçu').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/mot-de-passe-oublie');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('MonNouveau2027');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('MonNouveau2027');
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
    await page.waitForURL((url) => url.pathname !== '/choisir-mot-de-passe');
    await page.goto('/espace-membre');
    await page.getByRole('heading', { name: 'Mon espace' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/espace-membre');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    assertNoPageErrors(page);
  });
});

describe('round three, the forms at 360 px (issue 41)', () => {
  it('/donation and the monthly form offer SMS or WhatsApp and the privacy link; presets fit; nothing scrolls sideways', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/donation');
    await page.getByRole('radio', { name: 'WhatsApp' }).waitFor();
    // SMS is preselected once the form is live (react-hook-form sets its default after hydration).
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => page.getByRole('radio', { name: 'SMS' }).isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Confidentialité' }).first().waitFor();
    await page.getByRole('button', { name: 'Donner chaque mois' }).click();
    const form = page.locator('form').filter({ hasText: 'Montant de chaque don' });
    await form.getByRole('radio', { name: 'WhatsApp' }).check();
    for (const label of ['1\u00a0000\u00a0FCFA', '5\u00a0000\u00a0FCFA', '10\u00a0000\u00a0FCFA']) {
      const button = form.getByRole('button', { name: label, exact: true });
      const fits = await button.evaluate(
        (b) => [...b.children].every((c) => c.scrollWidth <= c.clientWidth + 1) && b.scrollWidth <= b.clientWidth + 1,
      );
      expect(fits, label).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    assertNoPageErrors(page);
  });
});
