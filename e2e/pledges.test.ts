import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/api/src/platform/lib/passwords';
import { toE164 } from '../apps/api/src/platform/lib/phone';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// Recurring giving at 360 px: « Donner chaque mois » on the donation page, the first gift paid in the sandbox, then the
// pledge managed from the link of its SMS (read from the outbox table); and signing in with a code sent by SMS.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true };
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

describe('a monthly gift at 360 px', () => {
  it('chooses « chaque mois », pays the first gift, then manages the pledge from the link in the SMS', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/donation');
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await page.getByRole('button', { name: 'Donner chaque mois' }).waitFor();
    await page.getByLabel('Cause').selectOption('education');
    await page.getByRole('button', { name: '5 000 FCFA' }).click();
    await page.getByRole('button', { name: 'Donner chaque mois' }).click();
    // The cause and the amount are carried over.
    await page.getByRole('button', { name: 'M’engager et verser le premier don' }).waitFor();
    expect(await page.getByLabel('Cause').inputValue()).toBe('education');
    expect(await page.getByLabel('Autre montant (FCFA)').inputValue()).toBe('5000');
    expect(await page.getByRole('radio', { name: 'Chaque mois' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'M’engager et verser le premier don' }).click();
    await page.getByText('Le nom est requis.').waitFor();
    await page.getByLabel('Nom').fill('Ahouéfa Houngbo');
    const telephone = `+22996${String(Date.now()).slice(-6)}`;
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByRole('button', { name: 'M’engager et verser le premier don' }).click();

    await page.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
    await page.getByRole('button', { name: 'Paiement approuvé' }).click();
    await page.waitForURL((url) => url.pathname === '/donation');
    await page.getByRole('link', { name: 'Voir mon reçu' }).waitFor();
    assertNoPageErrors(page);

    // The confirmation SMS, as the outbox holds it, brings the link.
    const pledge = await e2eDb().selectFrom('pledges').selectAll().where('telephone', '=', toE164(telephone)!).executeTakeFirstOrThrow();
    const sms = await e2eDb()
      .selectFrom('outbox_messages')
      .selectAll()
      .where('dedupe_key', '=', `pledge:${pledge.id}:created:sms`)
      .executeTakeFirstOrThrow();
    const link = new URL(/https?:\/\/\S+\/engagement\/[\w-]+/.exec(sms.body)![0]);

    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Mon engagement de don' }).waitFor();
    await page.getByText('Actif', { exact: true }).waitFor();
    await page.getByRole('link', { name: /^Reçu DON-/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Mettre en pause' }).click();
    await toast(page, 'Votre engagement est en pause.').waitFor();
    await page.getByText('En pause', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reprendre' }).click();
    await toast(page, 'Votre engagement a repris.').waitFor();
    await page.getByRole('button', { name: 'Sauter la prochaine échéance' }).click();
    await toast(page, 'La prochaine échéance est sautée.').waitFor();

    await page.getByRole('button', { name: 'Modifier le montant ou la fréquence' }).click();
    await page.getByLabel('Nouveau montant (FCFA)').fill('10 000');
    await page.getByLabel('Fréquence').selectOption('trimestriel');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Votre engagement est modifié.').waitFor();
    await page.getByText(/10\u00a0000\u00a0FCFA — chaque trimestre/).waitFor();

    await page.getByRole('button', { name: 'Arrêter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await toast(page, 'Votre engagement est arrêté.').waitFor();
    await page.getByText('Arrêté', { exact: true }).waitFor();
    const row = await e2eDb()
      .selectFrom('pledges')
      .select(['status', 'amount', 'frequency'])
      .where('id', '=', pledge.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', amount: 10000, frequency: 'trimestriel' });

    await page.goto('/engagement/lien-inconnu-0000000000000000');
    await page.getByText('Ce lien d’engagement est invalide ou a expiré.').waitFor();
    assertNoPageErrors(page);
    // Its frame is in the HTML (issue #32, LCP at first paint), never indexed.
    const frame = await (await page.request.get('/engagement/lien-inconnu-0000000000000000')).text();
    expect(frame).toContain('>Mon engagement de don</h1>');
    expect(frame).toContain('<meta name="robots" content="noindex">');

    // The administrator finds it among the stopped pledges, with its payment.
    const admin = await browser.newPage(PHONE);
    await loginViaApi(admin, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await admin.goto('/dashboard-administrateur?vue=dons-reguliers');
    await admin.getByRole('heading', { name: 'Promis et collecté' }).waitFor();
    await admin.getByRole('button', { name: 'Arrêté' }).click();
    await admin
      .getByRole('cell', { name: /Ahouéfa Houngbo/ })
      .first()
      .waitFor();
    assertNoPageErrors(admin);
  });
});

describe('signing in with a code at 360 px', () => {
  it('a membre asks a code by SMS and signs in with it', async () => {
    const member = await seedE2eUser('membre');
    const page = await browser.newPage(PHONE);
    await page.goto('/connexion');
    // The page is prerendered: its buttons answer once React has hydrated it.
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await page.getByRole('button', { name: 'Recevoir un code par SMS' }).click();
    await page.getByLabel('Téléphone').fill(member.telephone);
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await page.getByRole('status').filter({ hasText: 'un code vient d’être envoyé par SMS' }).waitFor();
    // The outbox keeps the code masked and hands it only to the SMS provider: the journey plants a code it knows
    // in place of the one sent, as the person would read theirs on the phone.
    const live = await e2eDb()
      .selectFrom('one_time_codes')
      .select('id')
      .where('purpose', '=', 'login')
      .where('user_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await e2eDb()
      .updateTable('one_time_codes')
      .set({ code_hash: await hashPassword('246810', 2 ** 12) })
      .where('id', '=', live.id)
      .execute();
    await page.getByLabel('Code reçu par SMS').fill('246810');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/espace-membre');
    await page.getByRole('heading', { name: 'Mon espace' }).waitFor();
    assertNoPageErrors(page);
  });
});
