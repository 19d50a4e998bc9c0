import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser, seedE2eProvider } from './helpers/seed';

// Issue #33 items 1 and 3, on a touch phone at 360 × 740: a Cotonou provider found for a Cotonou consumer; an account
// and a volunteer application without an e-mail.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true };

describe('zones chosen from the list (issue #33 item 1)', () => {
  it('an adviser acting for a Cotonou consumer sees the Cotonou provider, and the consumer sees it on their home', async () => {
    const adviser = await seedE2eUser('conseiller', { name: 'Afi Conseillère' });
    const consumer = await seedE2eUser('consommateur', { name: 'Codjo Cotonou', zone: 'Cotonou', createdBy: adviser.id });
    const provider = await seedE2eUser('prestataire_morale');
    // A name of its own: the browser tests share one database, and other tests register Cotonou pharmacies too.
    const pharmacy = `Pharmacie d'Akpakpa ${String(Date.now()).slice(-5)}`;
    await seedE2eProvider(provider.id, 'Cotonou — 13e arrondissement', pharmacy);

    // The adviser's dashboard at 1280 × 800 (its table); the consumer's home below on the phone.
    const page = await browser.newPage();
    await loginViaApi(page, adviser.telephone, adviser.password);
    await page.goto('/dashboard-conseiller');
    await page.getByRole('button', { name: 'Se connecter en tant que Codjo Cotonou' }).click();
    const welcome = page.getByRole('region', { name: 'Bienvenue, Codjo Cotonou' });
    // Other tests seed Cotonou providers too: the zone is read on this pharmacy's own card.
    const card = welcome.getByRole('listitem').filter({ has: page.getByRole('heading', { name: pharmacy }) });
    await card.getByText('Cotonou — 13e arrondissement').waitFor();
    expect(await welcome.getByText('Aucun prestataire trouvé').count()).toBe(0);
    assertNoPageErrors(page);

    // The consumer's own home: their adviser first, then the providers of their commune.
    const own = await browser.newPage(PHONE);
    await loginViaApi(own, consumer.telephone, consumer.password);
    await own.goto('/consommateur');
    await own.getByRole('heading', { name: 'Contactez votre conseiller' }).waitFor();
    await own.getByText('Afi Conseillère').waitFor();
    await own.getByRole('list', { name: 'Prestataires près de chez vous' }).getByText(pharmacy).waitFor();
    expect(await own.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    assertNoPageErrors(own);
  });

  it('the administrator chooses a commune and an arrondissement for a phone-only account (issue #33 item 3)', async () => {
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/inscription');
    const telephone = `97${String(Date.now()).slice(-6)}`;
    await page.getByLabel('Nom').fill('Sènan Sans Courriel');
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByLabel('Commune').selectOption('Cotonou');
    await page.getByLabel('Arrondissement (facultatif)').selectOption('13e arrondissement');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mot-de-passe-solide');
    await page.getByLabel('Rôle').selectOption('consommateur');
    await page.getByRole('button', { name: 'Inscrire cette personne' }).tap();
    await page.getByText('Inscription réussie !').waitFor();
    expect(await page.getByText("L'email est requis.").count()).toBe(0);
    const row = await e2eDb().selectFrom('users').selectAll().where('name', '=', 'Sènan Sans Courriel').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: '', zone: 'Cotonou — 13e arrondissement', commune: 'Cotonou', department: 'Littoral' });
    const sms = await e2eDb()
      .selectFrom('outbox_messages')
      .select(['channel', 'body'])
      .where('dedupe_key', 'like', `account-created:${row.id}:%`)
      .execute();
    expect(sms.map((m) => m.channel)).toEqual(['sms']);
    assertNoPageErrors(page);
  });
});

describe('phone-only volunteers (issue #33 item 3)', () => {
  it('the volunteer form asks a telephone, not an e-mail, and says the answer comes by SMS', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/volontier');
    await page.getByLabel('Téléphone').waitFor();
    expect(await page.getByLabel('Email (facultatif)').count()).toBe(1);
    await page.getByRole('button', { name: "S'inscrire" }).tap();
    await page.getByText('Veuillez indiquer votre numéro de téléphone.').first().waitFor();
    expect(await page.getByText('Veuillez indiquer votre adresse email.').count()).toBe(0);
    assertNoPageErrors(page);
  });
});
