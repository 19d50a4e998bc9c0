import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, setupBrowser } from './helpers/browser';

const browser = setupBrowser();

const CAUSES = [
  ['securite-sanitaire', 'Sécurité Sanitaire'],
  ['securite-alimentaire', 'Sécurité Alimentaire'],
  ['securite-avenir', "Sécurité d'Avenir"],
  ['securite-vestimentaire', 'Sécurité Textile'],
  ['securite-toît', "Sécurité d'un toit"],
  ['intégrité-juridique', 'Intégrité juridique'],
  ['sécurité-énergetique', 'Sécurité énergétique'],
  ['financement', 'Financement Communautaire'],
] as const;

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('cause pages', () => {
  it('shows each cause of the built-in list, including financement, with its picture, text and a "Faire un don" link', async () => {
    const page = await browser.newPage();
    for (const [id, title] of CAUSES) {
      await page.goto(`/causes/${encodeURIComponent(id)}`);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      const main = page.locator('main');
      const paragraphs = await main.locator('article p').allInnerTexts();
      expect(paragraphs.join(' ').length).toBeGreaterThan(300);
      const img = main.locator('article img');
      expect((await img.getAttribute('alt'))?.startsWith('Illustration : ')).toBe(true);
      await page.waitForFunction(() => {
        const i = document.querySelector<HTMLImageElement>('main article img');
        return !!i && i.complete && i.naturalWidth > 0;
      });
      const donate = main.getByRole('link', { name: 'Faire un don', exact: true });
      // The cause is carried to the form (docs/product/donors.md).
      expect(await donate.getAttribute('href')).toBe(`/donation?cause=${encodeURIComponent(id)}`);
      expect(await page.getByText('Cause non trouvée.').count()).toBe(0);
    }
    await page.locator('main').getByRole('link', { name: 'Faire un don', exact: true }).click();
    await page.waitForURL('**/donation?cause=**');
    assertNoPageErrors(page);
  });

  it('accepts the accented ids typed without percent-encoding', async () => {
    const page = await browser.newPage();
    await page.goto('/causes/sécurité-énergetique');
    await page.getByRole('heading', { level: 1, name: 'Sécurité énergétique' }).waitFor();
  });

  it('shows "Cause non trouvée." for an unknown id', async () => {
    const page = await browser.newPage();
    for (const id of ['inconnue', 'securite', 'cause%20inconnue', 'financement-x']) {
      await page.goto(`/causes/${id}`);
      await page.getByText('Cause non trouvée.', { exact: true }).waitFor();
      // The header's « Faire un don » stays; the page itself offers none.
      expect(await page.locator('main').getByRole('link', { name: 'Faire un don', exact: true }).count()).toBe(0);
    }
    assertNoPageErrors(page);
  });

  it('has no serious or critical accessibility violation on /causes/securite-alimentaire (axe)', async () => {
    const page = await browser.newPage();
    await page.goto('/causes/securite-alimentaire');
    await page.getByRole('heading', { level: 1, name: 'Sécurité Alimentaire' }).waitFor();
    await expectNoSeriousViolations(page);
  });
});

describe('about page', () => {
  it('shows the mission, the vision and the founder credit', async () => {
    const page = await browser.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'À propos de nous' }).waitFor();
    for (const heading of ['Notre mission', 'Notre vision', 'Notre fondateur']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(body).toContain('Notre mission est de répondre aux besoins essentiels de chacun');
    expect(body).toContain("Nous rêvons d'un Bénin où personne ne manque de l'essentiel");
    expect(body).toContain('fondateur');
    expect(await page.title()).toContain('À propos de nous');
    assertNoPageErrors(page);
  });

  it('has no serious or critical accessibility violation (axe)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'À propos de nous' }).waitFor();
    await expectNoSeriousViolations(page);
  });
});
