import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { formatDate } from '@shared/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../apps/api/src/modules/membership/period';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// Running the association (issue 12): a member renews from the member space; an administrator records
// cash, finds it and downloads its receipt; an export holds the rows of the list on screen.

const browser = setupBrowser();
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menu du tableau de bord' });
const viewHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

describe('membership renewal from the member space', () => {
  it('shows « À renouveler » with the end date, renews through the checkout and shows the new end date', async () => {
    const member = await seedE2eUser('membre');
    const today = new Date().toISOString().slice(0, 10);
    const end = addDays(today, 10);
    const paidAt = `${addMonths(end, -12)}T10:00:00.000Z`;
    // The payment that bought the current period, ending in 10 days.
    await e2eDb()
      .insertInto('payments')
      .values({
        amount: 5000,
        payment_type: 'cotisation',
        user_id: member.id,
        name: member.name,
        email: member.email,
        phone: member.telephone,
        currency: 'XOF',
        transaction_status: 'approved',
        transaction_id: `e2e-renew-${Date.now()}`,
        provider: 'sandbox',
        is_verified: 1,
        receipt_number: `PAI-E2E-${Date.now()}`,
        paid_at: paidAt,
        created_at: paidAt,
        updated_at: paidAt,
      })
      .execute();
    await e2eDb().insertInto('memberships').values({ user_id: member.id, valid_until: end, updated_at: paidAt }).execute();

    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await loginViaApi(page, member.telephone, member.password);
    await page.goto('/espace-membre');
    await page.getByTestId('membership-status').getByText('À renouveler').waitFor();
    expect(await page.getByTestId('membership-valid-until').innerText()).toContain(formatDate(end));

    await page.getByRole('link', { name: 'Renouveler ma cotisation' }).click();
    await page.waitForURL((url) => url.pathname === '/paiement' && url.searchParams.get('type') === 'cotisation');
    await page.getByRole('heading', { name: 'Faire un Paiement' }).waitFor();
    expect(await page.getByLabel('Type de paiement').inputValue()).toBe('cotisation');
    await page.getByLabel('Montant (FCFA)').fill('5000');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
    await page.getByRole('button', { name: 'Paiement approuvé' }).click();
    await page.waitForURL((url) => url.pathname === '/paiement');
    await page.locator('.Toastify').getByText('Transaction réussie.', { exact: true }).waitFor();

    await page.goto('/espace-membre');
    await page.getByTestId('membership-status').getByText('À jour').waitFor();
    // An early renewal extends from the current end, not from today.
    expect(await page.getByTestId('membership-valid-until').innerText()).toContain(formatDate(addMonths(end, 12)));
    assertNoPageErrors(page);
  });
});

describe('money recorded by hand and exports', () => {
  it('records a cash donation, finds it in the list, downloads its receipt, and exports the rows on screen', async () => {
    const tag = `Espèces E2E ${Date.now()}`;
    const page = await browser.newPage();
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=paiement-recu');
    await viewHeading(page, 'Enregistrer un paiement reçu').waitFor();
    const form = page.getByRole('form', { name: 'Enregistrer un paiement reçu' });
    await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await form.getByText('Le nom est requis.').waitFor();

    for (const [amount, suffix] of [
      ['12000', 'A'],
      ['3500', 'B'],
    ] as const) {
      await form.getByLabel('Montant (FCFA)').fill(amount);
      await form.getByLabel('Nom du payeur').fill(`${tag} ${suffix}`);
      await form.getByLabel('Téléphone du payeur').fill('+22995001122');
      await form.getByLabel('Référence').fill(`Carnet 7 – ${suffix}`);
      await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      await page.getByRole('status').filter({ hasText: 'Paiement reçu enregistré.' }).first().waitFor();
      await expect.poll(() => form.getByLabel('Nom du payeur').inputValue()).toBe('');
    }

    await sidebar(page).getByRole('button', { name: 'Liste Dons', exact: true }).click();
    await viewHeading(page, 'Liste Dons').waitFor();
    await page.getByRole('searchbox').fill(tag);
    const rows = page.getByRole('row').filter({ hasText: 'Saisi à la main' });
    // The search is sent once typing stops: until then the list (and « Exporter ») still shows every donation,
    // and other browser tests have made some. Wait until every row on screen is one of ours.
    const dataRows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect.poll(async () => (await dataRows.allInnerTexts()).map((t) => t.includes(tag))).toEqual([true, true]);
    await expect.poll(() => rows.count()).toBe(2);
    const first = rows.filter({ hasText: '12\u00a0000' });
    await first.getByText('Réf. Carnet 7 – A').waitFor();

    const receiptHref = await first.getByRole('link', { name: /Reçu/ }).getAttribute('href');
    const receipt = await browser.newPage();
    await receipt.goto(receiptHref!);
    await receipt.getByRole('heading', { name: /Reçu de don n° DON-\d{4}-\d{6}/ }).waitFor();
    expect(await receipt.locator('main').innerText()).toContain('Espèces — réf. Carnet 7 – A');
    const [pdf] = await Promise.all([receipt.waitForEvent('download'), receipt.getByRole('link', { name: 'Télécharger le PDF' }).click()]);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const shownIds = (await rows.locator('td:first-child').allInnerTexts()).map((s) => Number(s.trim())).sort();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dons-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Identifiant;Reçu n°;Nom;/);
    expect(
      lines
        .slice(1)
        .map((l) => Number(l.split(';')[0]))
        .sort(),
    ).toEqual(shownIds);
    expect(lines.slice(1).every((l) => l.includes(tag) && l.includes(';Saisi à la main;Espèces;'))).toBe(true);
    assertNoPageErrors(page);
  });
});

describe('accessibility of the operations views', () => {
  it('has no serious or critical axe violation on the new views', async () => {
    // Desktop width like the dashboard's own axe test: on a phone the shared table wrapper scrolls without
    // being focusable (scrollable-region-focusable), which the dashboard layout work owns.
    const page = await browser.newPage();
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    const views: Array<[string, string]> = [
      ['paiement-recu', 'Enregistrer un paiement reçu'],
      ['adhesions', 'Adhésions'],
      ['recus-annuels', 'Reçus annuels des dons'],
      ['journal', 'Journal d’audit'],
      ['dons', 'Liste Dons'],
    ];
    for (const [view, heading] of views) {
      await page.goto(`/dashboard-administrateur?vue=${view}`);
      await viewHeading(page, heading).waitFor();
      await page.locator('main table, main form[aria-label]').first().waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${view} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    assertNoPageErrors(page);
  });
});
