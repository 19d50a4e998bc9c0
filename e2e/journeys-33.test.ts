import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser, adminToken } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser, seedE2eProvider } from './helpers/seed';
import { sentCode } from './helpers/sent-codes';

// Issue #33, the items of its first list that other files walk at one size only (docs/product/journeys-coverage.md):
// each here at 360 × 740 touch and at 1280 × 800, asserting what the person sees, with no sideways scroll.

const browser = setupBrowser();
const SIZES = [
  ['360×740 touch', { viewport: { width: 360, height: 740 }, touch: true }],
  ['1280×800', { viewport: { width: 1280, height: 800 } }],
] as const;
// Names hold letters only; every run and size seeds its own (the browser tests share one database).
const letters = (n: number) => [...n.toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join('');
const run = letters(Date.now() % 10_000_000);
let serial = 0;
const unique = () => `${run}${letters(++serial + 100)}`;
const digits = () => String(Date.now() + ++serial).slice(-6);

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The outbox list, searched by recipient, once the worker has kept the message (no SMS provider configured). */
async function outboxRowFor(page: Page, telephone: string) {
  await expect
    .poll(
      async () =>
        (await e2eDb().selectFrom('outbox_messages').select('status').where('to_address', '=', telephone).execute()).map((m) => m.status),
      {
        timeout: 15_000,
      },
    )
    .toContain('kept');
  await page.goto('/dashboard-administrateur?vue=sms-emails');
  await page.getByRole('searchbox').fill(telephone);
  const row = page.getByRole('row').filter({ hasText: 'Conservé' }).first();
  await row.waitFor();
  return row;
}

describe.each(SIZES)('people who cannot match or sign up, at %s (issue #33 items 1–5)', (_size, options) => {
  it('item 1: a Cotonou provider is found for a Cotonou consumer, by the adviser acting for them and on the consumer’s home', async () => {
    const adviser = await seedE2eUser('conseiller', { name: `Afi Conseillère ${unique()}` });
    const consumer = await seedE2eUser('consommateur', { name: `Codjo Cotonou ${unique()}`, zone: 'Cotonou', createdBy: adviser.id });
    const provider = await seedE2eUser('prestataire_morale');
    const pharmacy = `Pharmacie d'Akpakpa ${unique()}`;
    await seedE2eProvider(provider.id, 'Cotonou — 13e arrondissement', pharmacy);

    const page = await browser.newPage(options);
    await loginViaApi(page, adviser.telephone, adviser.password);
    await page.goto('/dashboard-conseiller');
    await page.getByRole('button', { name: `Se connecter en tant que ${consumer.name}` }).click();
    const welcome = page.getByRole('region', { name: `Bienvenue, ${consumer.name}` });
    await welcome.getByText(pharmacy).waitFor();
    expect(await welcome.getByText('Aucun prestataire trouvé').count()).toBe(0);
    await noSidewaysScroll(page);
    assertNoPageErrors(page);

    const own = await browser.newPage(options);
    await loginViaApi(own, consumer.telephone, consumer.password);
    await own.goto('/consommateur');
    await own.getByText(adviser.name).first().waitFor();
    await own.getByRole('list', { name: 'Prestataires près de chez vous' }).getByText(pharmacy).waitFor();
    await noSidewaysScroll(own);
    assertNoPageErrors(own);
  });

  it('item 2: the provider form takes « Pharmacie d’Akpakpa », SARL, the RCCM and « Lot 123, Akpakpa »', async () => {
    const provider = await seedE2eUser('prestataire_morale', { firstLogin: true });
    const page = await browser.newPage(options);
    await loginViaApi(page, provider.telephone, provider.password);
    await page.goto('/information');
    await page.getByRole('heading', { name: 'Informations du prestataire' }).waitFor();
    await page.getByLabel("Nom de l'entreprise").fill("Pharmacie d'Akpakpa");
    await page.getByLabel('Forme juridique').selectOption('SARL');
    await page.getByLabel('RCCM').fill('RB/COT/23 B 12345');
    await page.getByLabel('Adresse').fill('Lot 123, Akpakpa');
    await page.getByLabel('Commune').selectOption('Cotonou');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: /Étape 2 sur 2/ }).waitFor();
    await page.getByLabel('Email').fill(`pharmacie.${unique()}@example.bj`);
    await page.getByLabel('Téléphone').fill('01 97 11 22 33');
    await page.getByLabel('Marge salaire (FCFA)').fill('150000');
    await page.getByRole('checkbox', { name: 'Santé' }).check();
    await page.getByLabel('Réduction Santé (%)').fill('5');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByRole('status').filter({ hasText: 'Informations du prestataire enregistrées avec succès' }).first().waitFor();
    const row = await e2eDb().selectFrom('providers').selectAll().where('user_id', '=', provider.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      entreprise: "Pharmacie d'Akpakpa",
      forme_juridique: 'SARL',
      rccm: 'RB/COT/23 B 12345',
      adresse: 'Lot 123, Akpakpa',
    });
    assertNoPageErrors(page);
  });

  it('item 3: an account for a phone-only person, told by SMS; the volunteer form asks a telephone, not an e-mail', async () => {
    const page = await browser.newPage(options);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/inscription');
    const name = `Sènan Sans Courriel ${unique()}`;
    const local = `97${digits()}`;
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel('Téléphone').fill(local);
    await page.getByLabel('Commune').selectOption('Cotonou');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mot-de-passe-solide');
    await page.getByLabel('Rôle').selectOption('consommateur');
    await page.getByRole('button', { name: 'Inscrire cette personne' }).click();
    await page.getByText('Inscription réussie !').waitFor();
    expect(await page.getByText("L'email est requis.").count()).toBe(0);
    await noSidewaysScroll(page);
    // Item 10 too: the person is told by SMS that an account was made for them; the outbox says it was kept.
    const { telephone } = await e2eDb().selectFrom('users').select('telephone').where('name', '=', name).executeTakeFirstOrThrow();
    const row = await outboxRowFor(page, telephone);
    expect(await row.innerText()).toContain('SMS');
    expect(await row.innerText()).not.toContain('Envoyé');

    const volunteer = await browser.newPage(options);
    await volunteer.goto('/volontier');
    await volunteer.getByLabel('Téléphone').waitFor();
    expect(await volunteer.getByLabel('Email (facultatif)').count()).toBe(1);
    await volunteer.getByRole('button', { name: "S'inscrire" }).click();
    await volunteer.getByText('Veuillez indiquer votre numéro de téléphone.').first().waitFor();
    expect(await volunteer.getByText('Veuillez indiquer votre adresse email.').count()).toBe(0);
    await noSidewaysScroll(volunteer);
    assertNoPageErrors(page);
  });

  it('items 4 and 5: the code step survives a reload; after a reset by SMS code, no « Choisissez votre mot de passe »', async () => {
    const adviser = await seedE2eUser('conseiller');
    // An account an adviser created, whose first password step is still open.
    const user = await seedE2eUser('membre', { name: `Afiavi Oubli ${unique()}`, firstLogin: true, createdBy: adviser.id });
    const page = await browser.newPage(options);
    await page.goto('/mot-de-passe-oublie');
    await page.getByLabel('Téléphone').fill(user.telephone);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByRole('status').filter({ hasText: 'un code de réinitialisation vient de lui être envoyé' }).waitFor();
    await page.reload();
    await page.getByLabel('Code reçu par SMS').fill(await sentCode(user.telephone));
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau-Secret-2026');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Votre mot de passe a été modifié.').waitFor();

    await page.goto('/connexion');
    await page.getByLabel('Téléphone').fill(user.telephone);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Nouveau-Secret-2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/espace-membre');
    await page.getByText('Connexion réussie!').waitFor();
    expect(await page.getByText('Choisissez votre mot de passe').count()).toBe(0);
    assertNoPageErrors(page);
  });
});

describe.each(SIZES)('money and back office, at %s (issue #33 items 9–12, 14, 16, 17)', (_size, options) => {
  const width = options.viewport.width;

  it('item 9: the preset amounts are whole inside their buttons', async () => {
    const page = await browser.newPage(options);
    await page.goto('/donation');
    for (const label of ['1\u00a0000\u00a0FCFA', '5\u00a0000\u00a0FCFA', '10\u00a0000\u00a0FCFA']) {
      const button = page.getByRole('button', { name: label, exact: true });
      await button.waitFor();
      const fits = await button.evaluate(
        (b) => [...b.children].every((c) => c.scrollWidth <= c.clientWidth + 1) && b.scrollWidth <= b.clientWidth + 1,
      );
      expect(fits, label).toBe(true);
      expect((await button.innerText()).replace(/\s+/g, ' ')).toBe(label.replace(/\u00a0/g, ' '));
    }
    await noSidewaysScroll(page);
  });

  it('items 10, 11 and 16: cash recorded by hand sends a receipt SMS, « Conservé » in an outbox whose columns stay in view; the receipt names the association', async () => {
    // The organisation's facts as money-loop.test.ts sets them (same values, whichever file runs first).
    const facts = await fetch(`${baseURL()}/api/admin/organisation`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
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
    expect(facts.status).toBe(200);
    const page = await browser.newPage(options);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=paiement-recu');
    const form = page.getByRole('form', { name: 'Enregistrer un paiement reçu' });
    const payer = `Donatrice Espèces ${unique()}`;
    const local = `01 96 ${digits().replace(/(\d\d)(\d\d)(\d\d)/, '$1 $2 $3')}`;
    await form.getByLabel('Montant (FCFA)').fill('12000');
    await form.getByLabel('Nom du payeur').fill(payer);
    await form.getByLabel('Téléphone du payeur').fill(local);
    await form.getByLabel('Référence').fill(`Carnet ${unique()}`);
    await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await page.getByRole('status').filter({ hasText: 'Paiement reçu enregistré.' }).first().waitFor();

    const telephone = `+229${local.replace(/\s/g, '')}`;
    const row = await outboxRowFor(page, telephone);
    expect(await row.innerText()).toContain('/api/receipts/');
    // Item 11: every column of the row, the last one included, lies on screen; nothing to scroll sideways to.
    for (const cell of await row.locator('td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await noSidewaysScroll(page);

    // Item 16: the receipt the SMS links to carries the association's registration number once it is set.
    const sms = await e2eDb().selectFrom('outbox_messages').select('body').where('to_address', '=', telephone).executeTakeFirstOrThrow();
    const receipt = await browser.newPage(options);
    const link = new URL(/https?:\/\/\S+\/api\/receipts\/\S+/.exec(sms.body)![0]);
    await receipt.goto(`${link.pathname}${link.search}`);
    await receipt.getByText(payer).first().waitFor();
    await receipt.getByText('N° d’enregistrement : 2019/0456/DEP-ATL-LITT').waitFor();
    await receipt.getByText('Lot 123, Akpakpa, Cotonou').first().waitFor();
    await noSidewaysScroll(receipt);
    assertNoPageErrors(page);
  });

  it('item 12: the administrator changes a member’s role; the person is then listed with the advisers', async () => {
    const member = await seedE2eUser('membre', { name: `Kossi Promu ${unique()}` });
    const page = await browser.newPage(options);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=membres');
    await page.getByRole('searchbox').fill(member.name);
    await page.getByRole('button', { name: `Modifier ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Modifier ${member.name}` });
    await dialog.getByLabel('Rôle').selectOption('conseiller');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Utilisateur mis à jour.').first().waitFor();
    await page.goto('/dashboard-administrateur?vue=conseillers');
    await page.getByRole('searchbox').fill(member.name);
    await page.getByRole('button', { name: `Modifier ${member.name}` }).waitFor();
    await noSidewaysScroll(page);
    assertNoPageErrors(page);
  });

  it('item 14: the statistics chart counts in round steps written out, never « 2 k »', async () => {
    const page = await browser.newPage(options);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=statistiques');
    await page.getByRole('heading', { name: 'Dons et paiements approuvés (12 derniers mois)' }).waitFor();
    // The money chart's vertical axis: the first y-axis labels layer of the view.
    const labels = page.locator('.recharts-yAxis-tick-labels').first().locator('.recharts-cartesian-axis-tick-value');
    await labels.first().waitFor();
    const ticks = await labels.allTextContents();
    expect(ticks.join(' | ')).not.toMatch(/\dk|\d\s?k\b/i);
    const values = ticks.map((t) =>
      Number(
        t
          .replace(/[\s\u00a0\u202f]/g, '')
          .replace(',', '.')
          .replace(/M$/, 'e6'),
      ),
    );
    expect(values[0]).toBe(0);
    const step = values[1]! - values[0]!;
    expect(values.every((v, i) => v === i * step)).toBe(true);
    await noSidewaysScroll(page);
    assertNoPageErrors(page);
  });

  it('item 17: after the questionnaire, the consumer’s home opens on their adviser, then the providers of their commune', async () => {
    const adviser = await seedE2eUser('conseiller', { name: `Rémi Conseiller ${unique()}` });
    const consumer = await seedE2eUser('consommateur', { zone: 'Cotonou', firstLogin: true, createdBy: adviser.id });
    const provider = await seedE2eUser('prestataire_morale');
    const pharmacy = `Pharmacie du Littoral ${unique()}`;
    await seedE2eProvider(provider.id, 'Cotonou', pharmacy);
    const page = await browser.newPage(options);
    await loginViaApi(page, consumer.telephone, consumer.password);
    await page.goto('/questionnaire');
    await page.getByLabel('Situation matrimoniale').selectOption('Veuf/Veuve');
    await page.getByLabel('Emploi actuel').fill('Couturière');
    await page.getByLabel('Revenu mensuel (FCFA)').fill('45000');
    await page.getByLabel('Revenu total (FCFA)').fill('60000');
    await page.getByLabel('Dépenses mensuelles (FCFA)').fill('40000');
    await page.getByRole('checkbox', { name: 'Santé' }).check();
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.waitForURL('**/consommateur');
    await page.getByRole('heading', { name: 'Contactez votre conseiller' }).waitFor();
    await page.getByText(adviser.name).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await page.getByText(adviser.name).first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(options.viewport.height);
    await page.getByRole('list', { name: 'Prestataires près de chez vous' }).getByText(pharmacy).waitFor();
    await noSidewaysScroll(page);
    assertNoPageErrors(page);
  });
});
