import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';

// « Comptabilité » on a 360 px phone: a treasurer opens the trial balance (balanced), walks the journal and the
// statements, whose PDF answers 200; the tab is in the address, so the back button returns to the previous one.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true } as const;

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

describe('Comptabilité at 360 px', () => {
  it('a treasurer sees the trial balance, the journal and downloads the statements’ PDF', async () => {
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    const year = new Date().getFullYear();
    await page.goto('/dashboard-administrateur?vue=comptabilite');
    await page.getByRole('heading', { level: 2, name: 'Comptabilité', exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: `Balance ${year}` }).waitFor();
    await page.getByRole('region', { name: 'Balance des comptes' }).waitFor();
    await page.getByText('La balance est équilibrée.').waitFor();
    await noHorizontalScroll(page);
    // Each account is a card: nothing scrolls sideways inside the card either (issue 40).
    const inner = await page.getByRole('region', { name: 'Balance des comptes' }).evaluate((r) => r.scrollWidth - r.clientWidth);
    expect(inner).toBeLessThanOrEqual(1);
    await expect.poll(() => page.getByText('Totaux').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Journal', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('onglet') === 'journal');
    await page.getByRole('heading', { level: 3, name: `Journal ${year}` }).waitFor();
    await noHorizontalScroll(page);

    await page.getByRole('button', { name: 'États financiers', exact: true }).click();
    await page.getByRole('heading', { level: 3, name: `États financiers ${year}` }).waitFor();
    await page.getByText('Total actif').waitFor();
    await noHorizontalScroll(page);
    const pdf = page.waitForResponse((r) => r.url().includes('/api/admin/books/statements') && r.url().includes('format=pdf'));
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');

    await page.goBack();
    await page.getByRole('heading', { level: 3, name: `Journal ${year}` }).waitFor();
    assertNoPageErrors(page);
    await page.close();
  });
});
