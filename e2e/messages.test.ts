import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';
import { sentCode } from './helpers/sent-codes';

// Messages reach people (issue 11): account recovery through an SMS code read from the outbox, newsletter
// sending with its counts, and the outbox view's recipient filter. The server runs with SMS_PROVIDER=outbox
// and no SMTP_URL, so messages stay in the outbox, as an operator without providers would run it.

const browser = setupBrowser();
const run = Date.now().toString(36).slice(-5);

async function loginThroughForm(page: Page, telephone: string, password: string) {
  await page.goto('/connexion');
  await page.getByLabel('Téléphone').fill(telephone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('forgotten password', () => {
  it('asks a code, reads it from the outbox, sets a new password and logs in with it', async () => {
    const user = await seedE2eUser('membre', { name: `Afiavi Oubli ${run}` });
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto('/connexion');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL('**/mot-de-passe-oublie');
    await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    await page.getByLabel('Téléphone').fill(user.telephone);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByRole('status').filter({ hasText: 'un code de réinitialisation vient de lui être envoyé' }).waitFor();
    const code = await sentCode(user.telephone);
    // Issue 33 item 5: back from the SMS app (a reload), the second step is still there, the code never stored.
    await page.reload();
    await page.getByLabel('Code reçu par SMS').waitFor();
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toMatch(/\b\d{6}\b/);

    // A wrong code first: the French message shows under the field.
    await page.getByLabel('Code reçu par SMS').fill('000000');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau-Secret-2026');
    if (code !== '000000') {
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await page.getByText('Code invalide ou expiré. Demandez un nouveau code.').first().waitFor();
    }
    await page.getByLabel('Code reçu par SMS').fill(code);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.waitForURL('**/connexion');
    await page.getByText('Votre mot de passe a été modifié.').waitFor();

    await loginThroughForm(page, user.telephone, 'Nouveau-Secret-2026');
    await page.waitForURL((url) => !url.pathname.startsWith('/connexion'));
    assertNoPageErrors(page);
  });
});

describe('administrator', () => {
  it('sends a newsletter and sees its counts', async () => {
    const db = e2eDb();
    for (const who of ['ama', 'kofi'])
      await db
        .insertInto('newsletter_subscriptions')
        .values({ email: `${who}-${run}@example.bj`, created_at: new Date().toISOString() })
        .execute();
    const total = Number(
      (
        await db
          .selectFrom('newsletter_subscriptions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const page = await browser.newPage();
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=envoi-newsletter');
    await page.getByRole('heading', { name: 'Envoyer une newsletter' }).waitFor();
    await page.getByText(`Destinataires\u00a0: ${total} abonnés`).waitFor();
    const subject = `Nouvelles ${run}`;
    await page.getByLabel('Objet').fill(subject);
    await page.getByLabel('Texte').fill('Bonjour à toutes et à tous.\n\nMerci pour votre soutien.');
    await page.getByRole('button', { name: 'Envoyer la newsletter' }).click();
    await page.getByText(`Newsletter en cours d’envoi à ${total} abonnés.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    // The server's worker handles them within a few seconds; the counters are refreshed on demand. Without SMTP_URL
    // every e-mail ends « Conservé » (kept: nothing left the machine), never « Envoyé » (docs/product « The outbox says
    // what happened »): columns Destinataires, Envoyés, Conservés, Échecs.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Actualiser les compteurs' }).click();
          return (await row.getByRole('cell').allTextContents()).slice(2);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([String(total), '0', String(total), '0']);
    assertNoPageErrors(page);
  });

  it('filters the outbox view by recipient', async () => {
    const a = await seedE2eUser('membre', { name: `Dossa Filtre ${run}` });
    const b = await seedE2eUser('membre', { name: `Bio Autre ${run}` });
    for (const u of [a, b]) {
      await fetch(`${baseURL()}/api/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ telephone: u.telephone }),
      });
    }
    const page = await browser.newPage();
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=sms-emails');
    await page.getByRole('heading', { name: 'SMS et e-mails envoyés' }).waitFor();
    const aE164 = `+22901${a.telephone.slice(-8)}`;
    const bE164 = `+22901${b.telephone.slice(-8)}`;
    await page.getByRole('searchbox').fill(a.telephone);
    await page.getByRole('cell', { name: aE164 }).first().waitFor();
    await expect.poll(() => page.getByRole('cell', { name: bE164 }).count()).toBe(0);
    await page.getByRole('searchbox').fill(a.email);
    await page.getByLabel('Canal').selectOption('email');
    await page.getByRole('cell', { name: a.email }).first().waitFor();
    await expect.poll(() => page.getByRole('cell', { name: aE164 }).count()).toBe(0);
    assertNoPageErrors(page);
  });
});
