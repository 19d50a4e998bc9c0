import { formatFcfa } from '@shared/format';
import { TREASURY_MESSAGES } from '@shared/schemas/treasury';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';

// A statement line booked as a receipt by mistake is cancelled from the reconciliation view: a reason asked in a
// dialog (never window.prompt), the receipt countered, the line back among those without an entry.

const browser = setupBrowser();

describe('reconciliation', () => {
  it('cancels a booked statement line with a reason', async () => {
    const page = await browser.newPage();
    const { token } = await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    const call = async (path: string, init: RequestInit) => {
      const res = await fetch(`${baseURL()}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return res.json();
    };
    const account = await call('/admin/treasury/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Banque E2E ${Date.now()}`, kind: 'banque', opening_balance: 0, opening_date: '2026-01-01' }),
    });
    const form = new FormData();
    form.append('account', String(account.id));
    form.append('mapping', JSON.stringify({ date: 'Date', label: 'Libellé', amount: 'Montant' }));
    form.append('file', new Blob(['Date;Libellé;Montant\n2026-04-01;VERSEMENT E2E;7000\n'], { type: 'text/csv' }), 'releve.csv');
    const statement = await call('/admin/treasury/statements', { method: 'POST', body: form });
    const line = statement.lines[0].id;
    await call(`/admin/treasury/statements/${statement.id}/lines/${line}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'recette', nature: 'autre' }),
    });

    await page.goto(`/dashboard-administrateur?vue=tresorerie&onglet=rapprochement&releve=${statement.id}`);
    const booked = page.getByRole('listitem').filter({ hasText: 'VERSEMENT E2E' });
    await page.getByRole('heading', { name: 'Lignes enregistrées depuis le relevé' }).waitFor();
    await booked.getByRole('button', { name: 'Annuler l’enregistrement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler l’enregistrement de la ligne' });
    // No reason: refused in the dialog.
    await dialog.getByRole('button', { name: 'Annuler l’enregistrement' }).click();
    await dialog.getByText(TREASURY_MESSAGES.reasonRequired).waitFor();
    await dialog.getByLabel('Motif de l’annulation').fill('Versement saisi deux fois');
    await dialog.getByRole('button', { name: 'Annuler l’enregistrement' }).click();
    await page.locator('.Toastify').getByText(TREASURY_MESSAGES.lineCancelled, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The line waits again for an entry: « Enregistrer en recette » is offered anew.
    const waiting = page.getByRole('listitem').filter({ hasText: 'VERSEMENT E2E' });
    await waiting.getByRole('button', { name: 'Enregistrer en recette' }).waitFor();
    // The countered receipt is listed among the cancelled movements of the period.
    await page
      .getByRole('listitem')
      .filter({ hasText: `VERSEMENT E2E — ${formatFcfa(7_000)} — Annulé` })
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Lignes enregistrées depuis le relevé' }).count()).toBe(0);
    assertNoPageErrors(page);
  });
});
