import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';

// docs/giving-by-phone.md: on a 360 px phone, « Payer sur mon téléphone » asks the payer to approve on the
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
});
