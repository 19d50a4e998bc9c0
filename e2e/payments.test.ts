import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { seedE2eUser } from './helpers/seed';

const browser = setupBrowser();
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function adminGet<T>(path: string): Promise<T> {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telephone: E2E_ADMIN.telephone, password: E2E_ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The transaction id the simulator page shows (its URL carries a random checkout key, not the id). */
const shownTransactionId = (page: Page) => page.locator('dt:text-is("Transaction") + dd').innerText();

/** On the simulator page: pick an outcome, land back on the product page. */
async function simulate(page: Page, outcome: 'Paiement approuvé' | 'Annuler le paiement' | 'Laisser en attente', backTo: string) {
  await page.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL((url) => url.pathname === backTo);
}

describe('payments and donations through the sandbox', () => {
  it('pays a membership fee: "En cours...", approved, receipt, and the administrator sees it', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    // A name holds letters only (docs/product/validation.md "Text that people write").
    const name = `Payeur Essai ${[...Date.now().toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join('')}`;
    await page.goto('/paiement');
    await page.getByRole('heading', { name: 'Faire un Paiement' }).waitFor();
    // Rules of docs/product/validation.md in the browser, with the server's wording.
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.getByText('Le nom est requis.').waitFor();
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel('Email').fill('payeur.e2e@example.bj');
    await page.getByLabel('Téléphone').fill('+22997123456');
    await page.getByLabel('Montant (FCFA)').fill('15000');
    await page.getByText('15\u00a0000\u00a0FCFA').waitFor();
    expect(await page.getByLabel('Type de paiement').inputValue()).toBe('adhesion');
    await page.getByLabel('Type de paiement').selectOption({ label: 'Cotisation' });
    // Slow the initiation down to see the in-progress state.
    await page.route('**/api/payment/initiate', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    const busy = page.getByRole('button', { name: 'En cours...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);

    await simulate(page, 'Paiement approuvé', '/paiement');
    await toast(page, 'Transaction réussie.').waitFor();
    expect(new URL(page.url()).search).toBe(''); // processed once
    const receiptHref = await page.getByRole('link', { name: 'Voir le reçu' }).getAttribute('href');
    expect(receiptHref).toMatch(/^\/api\/receipts\/payment\/\d+\?signature=/);
    assertNoPageErrors(page);

    await page.goto(receiptHref!);
    await page.getByRole('heading', { name: /Reçu de paiement n° PAI-\d{4}-\d{6}/ }).waitFor();
    const receiptText = await page.locator('main').innerText();
    expect(receiptText).toContain('quinze mille francs CFA');
    expect(receiptText).toContain('Cotisation');
    expect(receiptText).toContain(name);

    const payments = await adminGet<
      Array<{ name: string; transaction_status: string; payment_type: string; amount: number; receipt_url: string }>
    >(`/api/payments?q=${encodeURIComponent(name)}`);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ transaction_status: 'approved', payment_type: 'cotisation', amount: 15000 });
    expect(payments[0]!.receipt_url).toBe(receiptHref);
  });

  it('makes a donation and cancels it: error notification, recorded as canceled', async () => {
    const page = await browser.newPage();
    await page.goto('/donation');
    await page.getByRole('heading', { name: 'Faire un Don' }).waitFor();
    await page.getByLabel('Montant (FCFA)').fill('12');
    await page.getByRole('button', { name: 'Faire un don' }).click();
    await page.getByText('Le montant doit être positif et comporter au moins 3 chiffres.').waitFor();
    await page.getByLabel('Montant (FCFA)').fill('2500');
    await page.getByLabel('Cause').selectOption('education');
    await page.getByRole('button', { name: 'Faire un don' }).click();
    await page.waitForURL(/\/api\/sandbox\/checkout\//);
    const transactionId = await shownTransactionId(page);
    await simulate(page, 'Annuler le paiement', '/donation');
    await toast(page, 'La transaction a été annulée.').waitFor();
    expect(await page.getByRole('link', { name: 'Voir le reçu' }).count()).toBe(0);
    assertNoPageErrors(page);

    const donations = await adminGet<
      Array<{ transaction_id: string; transaction_status: string; purpose: string; receipt_url: string | null }>
    >('/api/donations?status=canceled&per_page=100');
    expect(donations.find((d) => d.transaction_id === transactionId)).toMatchObject({ purpose: 'education', receipt_url: null });
  });

  it('makes a donation left pending, approved later on the simulator', async () => {
    const page = await browser.newPage();
    await page.goto('/donation');
    await page.getByLabel('Montant (FCFA)').fill('5000');
    await page.getByRole('button', { name: 'Faire un don' }).click();
    await page.waitForURL(/\/api\/sandbox\/checkout\//);
    const checkoutUrl = page.url();
    const transactionId = await shownTransactionId(page);
    await simulate(page, 'Laisser en attente', '/donation');
    await toast(page, 'Transaction en attente de confirmation ou statut inconnu. Elle sera vérifiée automatiquement.').waitFor();
    let donations =
      await adminGet<Array<{ transaction_id: string; transaction_status: string; purpose: string }>>('/api/donations?per_page=100');
    expect(donations.find((d) => d.transaction_id === transactionId)).toMatchObject({ transaction_status: 'pending', purpose: 'sante' });

    // The payer approves later (like on the phone); the simulator notifies the server.
    await page.goto(checkoutUrl);
    await simulate(page, 'Paiement approuvé', '/donation');
    await toast(page, 'Transaction réussie.').waitFor();
    // Issue 18: a thank-you with the receipt instead of the empty form.
    await page.getByRole('heading', { name: 'Merci pour votre don !' }).waitFor();
    const receiptHref = await page.getByRole('link', { name: 'Voir mon reçu' }).getAttribute('href');
    await page.goto(receiptHref!);
    await page.getByRole('heading', { name: /Reçu de don n° DON-\d{4}-\d{6}/ }).waitFor();
    expect(await page.locator('main').innerText()).toContain('cinq mille francs CFA');
    const pdf = await fetch(`${baseURL()}${receiptHref!.replace('?', '/pdf?')}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    donations = await adminGet('/api/donations?per_page=100');
    expect(donations.find((d) => d.transaction_id === transactionId)).toMatchObject({ transaction_status: 'approved' });
  });

  it("a signed-in member pays with the profile's e-mail, read-only, and the payment is linked to the account", async () => {
    const member = await seedE2eUser('membre', { name: 'Membre Payeur' });
    const page = await browser.newPage();
    await loginViaApi(page, member.telephone, member.password);
    await page.goto('/paiement');
    const email = page.getByLabel('Email');
    await page.waitForFunction(
      (expected) => (document.querySelector('input[type=email]') as HTMLInputElement | null)?.value === expected,
      member.email,
    );
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Nom').inputValue()).toBe('Membre Payeur');
    await page.getByLabel('Montant (FCFA)').fill('2000');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await simulate(page, 'Paiement approuvé', '/paiement');
    await toast(page, 'Transaction réussie.').waitFor();
    const payments = await adminGet<Array<{ email: string; transaction_status: string; payment_type: string }>>(
      `/api/payments?q=${encodeURIComponent(member.email)}`,
    );
    expect(payments[0]).toMatchObject({ email: member.email, transaction_status: 'approved', payment_type: 'adhesion' });
    assertNoPageErrors(page);
  });
});
