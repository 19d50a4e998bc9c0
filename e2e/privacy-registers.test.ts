import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';

// The registers for the APDP on a 360 px phone (issue 26 item 7): the register of processings from the live
// configuration, a breach recorded with the form then listed, and a retention pass started with its counts.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true } as const;
const viewHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true }).waitFor();

describe('registers at 360 px', () => {
  it('shows the processings, records a breach, starts a retention pass, without horizontal scroll', async () => {
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=registres');
    await viewHeading(page, 'Registre des traitements').waitFor();
    await page.getByText('Candidatures de bénévoles', { exact: true }).click();
    await page.getByText(/casier judiciaire et le justificatif de restriction sont supprimés 30 jours après la décision/).waitFor();

    const description = `Clé USB perdue ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Inscrire une violation de données' });
    await form.getByRole('button', { name: 'Inscrire au registre' }).click();
    await form.getByText('Décrivez ce qui s’est passé (3 à 2 000 caractères).').waitFor();
    await form.getByLabel('Ce qui s’est passé').fill(description);
    await form.getByLabel('Date de la violation').fill('2026-11-20');
    await form.getByLabel('Date de la découverte').fill('2026-11-21');
    await form.getByLabel('Personnes concernées').fill('Bénévoles inscrits en 2026');
    await form.getByLabel('Nombre de personnes (si connu)').fill('12');
    await form.getByLabel('Données concernées').fill('Noms et téléphones');
    await form.getByLabel('Mesures prises').fill('Bénévoles prévenus, mots de passe changés.');
    await form.getByRole('button', { name: 'Inscrire au registre' }).click();
    await toast(page, 'Violation inscrite au registre.');
    const listed = page.getByRole('list', { name: 'Violations inscrites' }).getByRole('listitem').filter({ hasText: description });
    await listed.getByText('non notifiée', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Lancer maintenant' }).click();
    await toast(page, 'Passage de conservation terminé.');
    await page
      .getByRole('list', { name: 'Derniers passages' })
      .getByText(/Lancé par un administrateur/)
      .first()
      .waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // The toasts (shared, fading in and out) are not this view's: axe reads their colours mid-animation.
    const axe = await new AxeBuilder({ page }).exclude('.Toastify').analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => [v.id, v.nodes.map((n) => n.html.slice(0, 120))]),
    ).toEqual([]);
    assertNoPageErrors(page);
  });
});
