import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser, adminToken } from './helpers/browser';
import { seedE2eUser } from './helpers/seed';

// Issue 33, journey items 6–9 and 16: what a member, a donor and a visitor see on the money pages and in the footer,
// on a 360 × 740 touch phone and at 1280 × 800.

const browser = setupBrowser();
const SIZES = [
  { name: '360×740 touch', viewport: { width: 360, height: 740 }, touch: true },
  { name: '1280×800', viewport: { width: 1280, height: 800 }, touch: false },
] as const;

async function simulate(page: Page, outcome: 'Paiement approuvé' | 'Annuler le paiement' | 'Laisser en attente', backTo: string) {
  await page.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL((url) => url.pathname === backTo);
}

describe.each(SIZES)('money pages that close the loop at $name', ({ viewport, touch }) => {
  it('item 6: « Renouveler ma cotisation » shows the fee and prefills it', async () => {
    const member = await seedE2eUser('membre', { name: 'Membre Renouvelle' });
    const page = await browser.newPage({ viewport, touch });
    await loginViaApi(page, member.telephone, member.password);
    await page.goto('/espace-membre');
    await page.getByRole('link', { name: 'Renouveler ma cotisation' }).click();
    await page.waitForURL(/\/paiement\?type=cotisation/);
    await page.getByTestId('fee-shown').getByText('Cotisation : 5\u00a0000\u00a0FCFA').waitFor();
    expect(await page.getByTestId('fee-shown').innerText()).toContain('Minimum 1\u00a0000\u00a0FCFA.');
    await page.waitForFunction(() => (document.querySelector('input[name=amount]') as HTMLInputElement | null)?.value === '5000');
    expect(await page.getByLabel('Type de paiement').inputValue()).toBe('cotisation');
    // Below the minimum: refused by the server, the reason under the field.
    await page.getByLabel('Montant (FCFA)').fill('1');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.getByText('Le montant minimum de la cotisation est de 1\u00a0000\u00a0FCFA.').waitFor();
    assertNoPageErrors(page);
  });

  it('item 7: after success, what was paid and the new validity on the return (and its reload); a new visit opens a fresh form', async () => {
    const member = await seedE2eUser('membre', { name: 'Membre Paye' });
    const page = await browser.newPage({ viewport, touch });
    await loginViaApi(page, member.telephone, member.password);
    await page.goto('/paiement?type=cotisation');
    await page.waitForFunction(() => (document.querySelector('input[name=amount]') as HTMLInputElement | null)?.value === '5000');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await simulate(page, 'Paiement approuvé', '/paiement');
    await page.getByText('Paiement réussi').waitFor();
    expect(await page.getByTestId('paid-summary').innerText()).toBe('Vous avez payé 5\u00a0000\u00a0FCFA — Cotisation.');
    await page
      .getByTestId('paid-validity')
      .getByText(/^Votre adhésion est valable jusqu’au \d{1,2} \p{L}+ \d{4}\.$/u)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Payer', exact: true }).count()).toBe(0);
    await page.reload();
    await page.getByText('Paiement réussi').waitFor();
    expect(await page.getByRole('button', { name: 'Payer', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Faire un autre paiement' }).click();
    await page.getByRole('button', { name: 'Payer', exact: true }).waitFor();
    // « Renouveler ma cotisation » afterwards: a fresh form, not the last payment's outcome.
    await page.goto('/espace-membre');
    await page.getByRole('link', { name: 'Renouveler ma cotisation' }).click();
    await page.waitForURL(/\/paiement\?type=cotisation/);
    await page.getByRole('button', { name: 'Payer', exact: true }).waitFor();
    expect(await page.getByText('Paiement réussi').count()).toBe(0);
    await page.goto('/paiement');
    await page.getByRole('button', { name: 'Payer', exact: true }).waitFor();
    expect(await page.getByText('Paiement réussi').count()).toBe(0);
    assertNoPageErrors(page);
  });

  it('item 7: a cancelled payment keeps the amount and says why; a pending one can be checked with a link', async () => {
    const page = await browser.newPage({ viewport, touch });
    await page.goto('/paiement');
    await page.getByLabel('Nom').fill('Payeur Annule');
    await page.getByLabel('Email').fill('annule@example.bj');
    await page.getByLabel('Téléphone').fill('+22997123456');
    await page.getByLabel('Montant (FCFA)').fill('7000');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await simulate(page, 'Annuler le paiement', '/paiement');
    await page.getByRole('alert').getByText('Paiement annulé').waitFor();
    // The amount is given back by an effect after the alert shows: wait for it rather than read at once.
    await page.getByRole('alert').getByText('Le montant saisi a été conservé.', { exact: false }).waitFor();
    expect(await page.getByLabel('Montant (FCFA)').inputValue()).toBe('7000');

    await page.getByLabel('Nom').fill('Payeur Attente');
    await page.getByLabel('Email').fill('attente@example.bj');
    await page.getByLabel('Téléphone').fill('+22997123456');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await simulate(page, 'Laisser en attente', '/paiement');
    await page.getByText('Paiement en attente de confirmation').waitFor();
    const check = await page.getByRole('link', { name: 'Vérifier le paiement' }).getAttribute('href');
    expect(check).toMatch(/^\/api\/payments\/return\/payment\/[\w-]+$/);
    expect(await page.getByLabel('Montant (FCFA)').inputValue()).toBe('7000');
    assertNoPageErrors(page);
  });

  it('item 8: « Faire un don » in the header of a cause page, and /donation?cause=, keep the cause', async () => {
    const page = await browser.newPage({ viewport, touch });
    await page.goto('/causes/securite-alimentaire');
    await page.getByRole('banner').getByRole('link', { name: 'Faire un don' }).click();
    await page.waitForURL(/\/donation\?cause=securite-alimentaire/);
    await page.waitForFunction(
      () => (document.querySelector('select[name=purpose]') as HTMLSelectElement | null)?.value === 'alimentation',
    );
    await page.goto('/donation?cause=securite-avenir');
    await page.waitForFunction(() => (document.querySelector('select[name=purpose]') as HTMLSelectElement | null)?.value === 'education');
    assertNoPageErrors(page);
  });
});

describe('item 9: preset amounts fit their buttons', () => {
  it('at 320 px, « 5 000 FCFA » and « 10 000 FCFA » are whole inside their buttons', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 640 }, touch: true });
    await page.goto('/donation');
    for (const label of ['1\u00a0000\u00a0FCFA', '5\u00a0000\u00a0FCFA', '10\u00a0000\u00a0FCFA']) {
      const button = page.getByRole('button', { name: label, exact: true });
      await button.waitFor();
      const fits = await button.evaluate(
        (b) => [...b.children].every((c) => c.scrollWidth <= c.clientWidth + 1) && b.scrollWidth <= b.clientWidth + 1,
      );
      expect(fits, label).toBe(true);
      expect((await button.innerText()).replace(/\s+/g, ' ')).toBe(label.replace(/\u00a0/g, ' ').replace(' FCFA', ' FCFA'));
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

describe.each(SIZES)("item 16: the organisation's facts once set, at $name", ({ viewport, touch }) => {
  it('the footer, contact and about pages show them instead of the placeholders', async () => {
    const token = await adminToken();
    const res = await fetch(`${baseURL()}/api/admin/organisation`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Association Solidarité Besoins Essentiels',
        address: 'Lot 123, Akpakpa, Cotonou',
        registration_number: '2019/0456/DEP-ATL-LITT',
        telephone: '+229 01 97 12 34 56',
        email: 'contact@asbe.bj',
        social: { facebook: 'https://facebook.com/asbe.benin', twitter: null, instagram: null, youtube: null },
        founder: 'Mathieu Kérékou-Adjovi',
        receipt_signature_image: null,
      }),
    });
    expect(res.status).toBe(200);
    const page = await browser.newPage({ viewport, touch });
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    await footer.getByText('+229 01 97 12 34 56').waitFor();
    await footer.getByText('Lot 123, Akpakpa, Cotonou').waitFor();
    expect(await footer.innerText()).not.toContain('+229 01 00 00 00 00');
    expect(await footer.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe('https://facebook.com/asbe.benin');
    await page.goto('/about');
    await page.getByText('Mathieu Kérékou-Adjovi').waitFor();
    assertNoPageErrors(page);
    // The prerendered HTML itself, before any script: the facts as set, no placeholder to flash (issue 41).
    const html = await (await fetch(`${baseURL()}/contact`)).text();
    expect(html).toContain('+229 01 97 12 34 56');
    expect(html).not.toContain('+229 01 00 00 00 00');
    expect(html).not.toContain('__asbe_fact_');
  });
});
