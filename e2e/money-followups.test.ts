import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser, adminToken } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';
import { makePdf, makePng } from '../apps/api/test/public-site/fixtures';

// Issue 33 items 3, 7, 10 and 16, the money leftovers: a pending payment checked later from the member space or with its
// link on another telephone, a payer with only a telephone, cash recorded twice on purpose, the receipts' signature.

const browser = setupBrowser();
const SIZES = [
  { name: '360×740 touch', viewport: { width: 360, height: 740 }, touch: true },
  { name: '1280×800', viewport: { width: 1280, height: 800 }, touch: false },
] as const;

async function simulate(page: Page, outcome: 'Paiement approuvé' | 'Laisser en attente') {
  await page.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL((url) => url.pathname === '/paiement');
}

/** A unique Benin mobile number for this run (10 digits, 01…). */
const uniquePhone = () => `01${String(Date.now()).slice(-8)}`;

/**
 * The provider confirms later (on the payer's phone, after the page was left). The record is marked as asked 10 s
 * ago: the background re-check (every 30 s at most) leaves it alone, a person's check asks again.
 */
async function providerApprovesLater(table: 'payments', id: number) {
  const row = await e2eDb().selectFrom(table).select(['transaction_id']).where('id', '=', id).executeTakeFirstOrThrow();
  await e2eDb().updateTable('sandbox_transactions').set({ status: 'approved' }).where('id', '=', row.transaction_id!).execute();
  await e2eDb()
    .updateTable(table)
    .set({ checked_at: new Date(Date.now() - 10_000).toISOString() })
    .where('id', '=', id)
    .execute();
}

describe.each(SIZES)('money leftovers at $name', ({ viewport, touch }) => {
  it('item 7: a pending payment is checked later from the member space on another device and shows paid', async () => {
    const member = await seedE2eUser('membre', { name: 'Membre Attente' });
    const first = await browser.newPage({ viewport, touch });
    await loginViaApi(first, member.telephone, member.password);
    await first.goto('/paiement?type=cotisation');
    await first.waitForFunction(() => (document.querySelector('input[name=amount]') as HTMLInputElement | null)?.value === '5000');
    await first.getByRole('button', { name: 'Payer', exact: true }).click();
    await simulate(first, 'Laisser en attente');
    await first.getByText('Paiement en attente de confirmation').waitFor();
    const payment = await e2eDb()
      .selectFrom('payments')
      .select(['id'])
      .where('user_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

    // Another telephone: a fresh browser, nothing kept on it.
    const other = await browser.newPage({ viewport, touch });
    await loginViaApi(other, member.telephone, member.password);
    await other.goto('/espace-membre');
    const line = other.getByTestId(`own-money-payment-${payment.id}`);
    await line.getByText('En attente').waitFor();
    await providerApprovesLater('payments', payment.id);
    await line.getByRole('button', { name: 'Vérifier le paiement' }).click();
    await line.getByText('Paiement confirmé\u00a0: votre reçu est disponible.').waitFor();
    await line.getByText('Réglé').waitFor();
    await line.getByRole('link', { name: /^Reçu PAI-/ }).waitFor();
    expect(await line.getByRole('button', { name: 'Vérifier le paiement' }).count()).toBe(0);
    assertNoPageErrors(first);
    assertNoPageErrors(other);
  });

  it('item 7: the pending page gives a link that, opened on another telephone, shows the payment paid', async () => {
    const phone = uniquePhone();
    const page = await browser.newPage({ viewport, touch });
    await page.goto('/paiement');
    await page.getByLabel('Nom').fill('Payeur Lien');
    await page.getByLabel('Téléphone').fill(phone);
    await page.getByLabel('Montant (FCFA)').fill('6000');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await simulate(page, 'Laisser en attente');
    await page.getByText('Paiement en attente de confirmation').waitFor();
    const link = (await page.getByTestId('check-link').innerText()).trim();
    expect(link).toMatch(new RegExp(`^${baseURL()}/api/payments/return/payment/[\\w-]{43}$`));
    const payment = await e2eDb()
      .selectFrom('payments')
      .select(['id'])
      .where('phone', '=', `+229${phone}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await providerApprovesLater('payments', payment.id);

    const other = await browser.newPage({ viewport, touch });
    await other.goto(link);
    await other.waitForURL((url) => url.pathname === '/paiement');
    await other.getByText('Paiement réussi').waitFor();
    expect(await other.getByTestId('paid-summary').innerText()).toBe("Vous avez payé 6\u00a0000\u00a0FCFA — Frais d'adhésion.");
    await other.getByRole('link', { name: 'Voir le reçu' }).waitFor();
    assertNoPageErrors(page);
    assertNoPageErrors(other);
  });

  it('item 3: a payer with only a telephone pays without an e-mail and gets the receipt by SMS', async () => {
    const phone = uniquePhone();
    const page = await browser.newPage({ viewport, touch });
    await page.goto('/paiement');
    await page.getByText('Sans e-mail, votre reçu vous est envoyé par SMS.').waitFor();
    await page.getByLabel('Nom').fill('Payeuse Sans Courriel');
    await page.getByLabel('Téléphone').fill(phone);
    await page.getByLabel('Montant (FCFA)').fill('5000');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await simulate(page, 'Paiement approuvé');
    await page.getByText('Paiement réussi').waitFor();
    const payment = await e2eDb()
      .selectFrom('payments')
      .select(['id', 'email'])
      .where('phone', '=', `+229${phone}`)
      .executeTakeFirstOrThrow();
    expect(payment.email).toBeNull();
    const messages = await e2eDb()
      .selectFrom('outbox_messages')
      .select(['channel', 'to_address', 'body'])
      .where('dedupe_key', 'like', `payment:${payment.id}:%`)
      .execute();
    expect(messages.map((m) => [m.channel, m.to_address])).toEqual([['sms', `+229${phone}`]]);
    expect(messages[0]!.body).toContain('/api/receipts/payment/');
    assertNoPageErrors(page);
  });

  it('item 10: the same cash recorded twice shows the server’s warning and is recorded once confirmed', async () => {
    const reference = `Carnet doublon ${Date.now()} ${viewport.width}`;
    const page = await browser.newPage({ viewport, touch });
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=paiement-recu');
    const form = page.getByRole('form', { name: 'Enregistrer un paiement reçu' });
    const fill = async () => {
      await form.getByLabel('Montant (FCFA)').fill('4500');
      await form.getByLabel('Nom du payeur').fill('Donateur Doublon');
      await form.getByLabel('Téléphone du payeur').fill('+22995001133');
      await form.getByLabel('Référence').fill(reference);
      await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    };
    await fill();
    await page.getByRole('status').filter({ hasText: 'Paiement reçu enregistré.' }).first().waitFor();
    await expect.poll(() => form.getByLabel('Référence').inputValue()).toBe('');

    await fill();
    const warning = page.getByRole('alert').filter({ hasText: 'est déjà enregistré' });
    await warning
      .getByText(
        'Un paiement reçu avec la même référence, le même montant et le même jour est déjà enregistré. Confirmez pour l’enregistrer une seconde fois.',
      )
      .waitFor();
    const count = async () =>
      Number(
        (
          await e2eDb()
            .selectFrom('donations')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('reference', '=', reference)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(1);
    await warning.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(count).toBe(2);
    await expect.poll(() => warning.count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Paiement reçu enregistré.' }).first().waitFor();
    assertNoPageErrors(page);
  });
});

describe.each(SIZES)('item 16: the receipts’ signature at $name', ({ viewport, touch }) => {
  it('the administrator uploads it (a wrong file is refused in French), receipts show it, and it can be removed', async () => {
    const cash = await fetch(`${baseURL()}/api/admin/offline-payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({
        kind: 'donation',
        amount: 3000,
        name: 'Donateur Signature',
        telephone: '+22995001144',
        method: 'especes',
        reference: `Signature ${Date.now()} ${viewport.width}`,
        received_at: new Date().toISOString().slice(0, 10),
        purpose: 'sante',
      }),
    });
    expect(cash.status).toBe(201);
    const receiptUrl = ((await cash.json()) as { receipt_url: string }).receipt_url;

    const page = await browser.newPage({ viewport, touch });
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=parametres');
    const section = page.getByRole('region', { name: 'Signature des reçus' });
    await section.waitFor();
    const field = section.getByLabel(/Image de la signature|Nouvelle image de signature/);

    // A PDF disguised as a PNG: its bytes are read by the server, which refuses it.
    await field.setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: makePdf() });
    await section.getByRole('button', { name: 'Enregistrer la signature' }).click();
    await section.getByText('La signature doit être une image au format png, jpg ou jpeg.').waitFor();
    // A GIF is refused before sending.
    await field.setInputFiles({ name: 'signature.gif', mimeType: 'image/gif', buffer: makePng() });
    await section.getByRole('button', { name: 'Enregistrer la signature' }).click();
    await section.getByText('La signature doit être une image au format png, jpg ou jpeg.').waitFor();

    await field.setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: makePng(120, 40, [20, 20, 90]) });
    await section.getByRole('button', { name: 'Enregistrer la signature' }).click();
    const preview = section.getByRole('img', { name: 'Signature actuelle des reçus' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

    const receipt = await browser.newPage({ viewport, touch });
    await receipt.goto(receiptUrl);
    const signature = receipt.getByRole('img', { name: 'Signature de l’association' });
    await signature.waitFor();
    await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

    await section.getByRole('button', { name: 'Retirer la signature' }).click();
    await section.getByText('Aucune signature : les reçus n’en affichent pas.'.replace(' :', '\u00a0:')).waitFor();
    await receipt.reload();
    await receipt.getByRole('heading', { name: /Reçu de don/ }).waitFor();
    expect(await receipt.getByRole('img', { name: 'Signature de l’association' }).count()).toBe(0);
    assertNoPageErrors(page);
    assertNoPageErrors(receipt);
  });
});
