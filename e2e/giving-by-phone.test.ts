import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';

// docs/giving-by-phone.md: on a 360 px phone (/donation, /paiement), « Payer sur mon téléphone » asks the payer to approve on the
// telephone; no checkout page opens; the screen follows the request until the answer (here the sandbox's).

const browser = setupBrowser();

describe('a gift approved on the telephone', () => {
  it('waits on the request, then thanks once the telephone approved', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, touch: true });
    await page.goto('/donation');
    await page.getByLabel('Autre montant (FCFA)').fill('1500');
    await page.getByLabel('Téléphone').fill('+2290196555001');
    await page.getByRole('button', { name: 'Payer sur mon téléphone' }).click();
    const waiting = page.getByRole('status').filter({ hasText: 'Validez le paiement sur votre téléphone' });
    await waiting.waitFor();
    expect(new URL(page.url()).pathname).toBe('/donation');
    const id = await waiting.getAttribute('data-push-id');
    expect(id).toMatch(/^d_/);
    const approved = await fetch(`${baseURL()}/api/sandbox/push/${id}/approve`, { method: 'POST' });
    expect(approved.status).toBe(200);
    await page.getByText('Merci, paiement reçu !').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    assertNoPageErrors(page);
  });

  it('/paiement: a fee asked on the telephone, refused there, said so; the form comes back', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, touch: true });
    await page.goto('/paiement');
    await page.getByTestId('fee-shown').waitFor();
    await page.getByLabel('Nom').fill('Adjo Membre');
    await page.getByLabel('Téléphone').fill('+2290196555002');
    await page.getByRole('button', { name: 'Payer sur mon téléphone' }).click();
    const waiting = page.getByRole('status').filter({ hasText: 'Validez le paiement sur votre téléphone' });
    await waiting.waitFor();
    expect(new URL(page.url()).pathname).toBe('/paiement');
    const id = await waiting.getAttribute('data-push-id');
    expect(id).toMatch(/^p_/);
    expect((await fetch(`${baseURL()}/api/sandbox/push/${id}/refuse`, { method: 'POST' })).status).toBe(200);
    await page.getByText('Paiement refusé').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Recommencer' }).click();
    await page.getByRole('button', { name: 'Payer sur mon téléphone' }).waitFor();
    assertNoPageErrors(page);
  });

  it('the home page says how to give by SMS when the organisation has an SMS number', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, touch: true });
    // ORG_SMS_NUMBER as GET /api/organisation gives it (the e2e server runs without one).
    await page.route('**/api/organisation', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), sms_number: '+2290190000000' } });
    });
    await page.goto('/');
    const hint = page.getByTestId('sms-giving-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toContain('DON 1000');
    // Shown as people dial it, not raw (issue #41).
    expect(await hint.textContent()).toContain('01 90 00 00 00');
    assertNoPageErrors(page);
  });
});
