import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { seedE2eUser } from './helpers/seed';

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

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true }).waitFor();

async function apiCall<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('a treasurer’s corrections (issue 40)', () => {
  it('a manual entry: field errors beside the fields, the gap with the treasury, a reversal asked in a dialog', async () => {
    const account = await apiCall<{ id: number }>('/admin/treasury/accounts', {
      method: 'POST',
      body: {
        name: `Caisse écritures ${Date.now()}`,
        kind: 'caisse',
        opening_balance: 10_000,
        opening_date: `${new Date().getFullYear()}-01-01`,
      },
    });
    const accounts = await apiCall<{ id: number; ledger_account: string }[]>('/admin/treasury/accounts');
    const cash = accounts.find((a) => a.id === account.id)!.ledger_account;
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=comptabilite&onglet=saisie');
    await page.getByRole('heading', { level: 3, name: 'Saisir une écriture' }).waitFor();
    // The server's errors show next to their field, not in a toast only.
    await page.getByLabel('Compte 1').fill('6099');
    await page.getByLabel('Débit').first().fill('1 500');
    await page.getByLabel('Compte 2').fill('471');
    await page.getByLabel('Crédit').nth(1).fill('1 500');
    await page.getByRole('button', { name: 'Enregistrer l’écriture' }).click();
    await page.getByText('Veuillez indiquer le libellé de l’écriture.').waitFor();
    await page.getByLabel('Libellé').fill('Apport en caisse');
    await page.getByRole('button', { name: 'Enregistrer l’écriture' }).click();
    await page.getByText('Ce compte n’existe pas dans le plan comptable.').waitFor();
    expect(await page.getByLabel('Compte 1').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Compte 1').fill(cash);
    await page.getByRole('button', { name: 'Enregistrer l’écriture' }).click();
    await toast(page, 'Écriture enregistrée.');
    // A manual entry on a cash account: the books' cash now differs from the treasury's, and the books say so.
    await page.getByText(/Écart avec la trésorerie : 1\u00a0500\u00a0FCFA/).waitFor();
    await noHorizontalScroll(page);

    await page.getByRole('button', { name: 'Journal', exact: true }).click();
    const entry = page.getByRole('listitem').filter({ hasText: 'Apport en caisse' });
    await entry.getByRole('button', { name: 'Contre-passer' }).click();
    const dialog = page.getByRole('dialog', { name: /Contre-passer l’écriture/ });
    await dialog.getByRole('button', { name: 'Contre-passer' }).click();
    await dialog.getByText('Veuillez indiquer le motif.').waitFor();
    await dialog.getByLabel('Motif de la contre-passation').fill('Apport saisi deux fois');
    await dialog.getByRole('button', { name: 'Contre-passer' }).click();
    const shown = page.getByRole('region', { name: 'Contre-passation enregistrée' });
    await shown.getByText(/Contre-passation enregistrée : écriture \d{4}-\d{6}/).waitFor();
    await expect.poll(() => shown.getByRole('cell', { name: cash, exact: true }).count()).toBe(1);
    await entry.getByText(/Contre-passée par l’écriture/).waitFor();
    await expect.poll(() => entry.getByRole('button', { name: 'Contre-passer' }).count()).toBe(0);
    // Only manual entries offer it: the account's opening balance does not.
    await expect
      .poll(() =>
        page.getByRole('listitem').filter({ hasText: 'Solde d’ouverture' }).getByRole('button', { name: 'Contre-passer' }).count(),
      )
      .toBe(0);
    await expect.poll(() => page.getByText(/Écart avec la trésorerie/).count()).toBe(0);
    await noHorizontalScroll(page);
    assertNoPageErrors(page);
    await page.close();
  });

  it('closing a year not over is warned; a reopening proposed by one administrator is approved by another', async () => {
    const year = new Date().getFullYear();
    const first = await browser.newPage(PHONE);
    await loginViaApi(first, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await first.goto(`/dashboard-administrateur?vue=comptabilite&onglet=cloture&annee=${year}`);
    await first.getByRole('button', { name: `Clôturer l’exercice ${year}` }).click();
    const confirm = first.getByRole('dialog', { name: `Attention : clôturer l’exercice ${year} ?` });
    await confirm.getByText(`L’exercice ${year} n’est pas terminé`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await toast(first, `L’exercice ${year} est clôturé.`);
    await first.getByRole('button', { name: 'Proposer la réouverture' }).click();
    const ask = first.getByRole('dialog', { name: `Proposer la réouverture de ${year}` });
    await ask.getByLabel('Motif de la réouverture').fill('Facture oubliée');
    await ask.getByRole('button', { name: 'Proposer la réouverture' }).click();
    const proposal = first.getByRole('region', { name: 'Réouverture proposée' });
    await proposal.getByText(`Réouverture proposée par ${E2E_ADMIN.name}`, { exact: false }).waitFor();
    await proposal.getByText('Un autre administrateur doit l’approuver.').waitFor();
    await noHorizontalScroll(first);

    const other = await seedE2eUser('administrateur');
    const second = await browser.newPage(PHONE);
    await loginViaApi(second, other.telephone, other.password);
    await second.goto(`/dashboard-administrateur?vue=comptabilite&onglet=cloture&annee=${year}`);
    const seen = second.getByRole('region', { name: 'Réouverture proposée' });
    await seen.getByText(`Réouverture proposée par ${E2E_ADMIN.name}`, { exact: false }).waitFor();
    await seen.getByText('Motif : Facture oubliée').waitFor();
    await seen.getByRole('button', { name: 'Approuver la réouverture' }).click();
    await toast(second, `L’exercice ${year} est rouvert.`);
    await second.getByRole('button', { name: `Clôturer l’exercice ${year}` }).waitFor();
    assertNoPageErrors(first);
    assertNoPageErrors(second);
    await first.close();
    await second.close();
  });
});
