import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { e2eDb, seedE2eUser } from './helpers/seed';

const browser = setupBrowser();

// Text fields typed as they are; « Forme juridique » and the zone are chosen from lists (docs/product, issue #33).
const STEP_ONE_TEXT = {
  "Nom de l'entreprise": 'Menuiserie des Lagunes',
  RCCM: 'RB/COT/23 B 12345',
  Adresse: 'Rue du Marché 45 Akpakpa',
};
const STEP_ONE_CHOICES = {
  'Forme juridique': 'entreprise individuelle',
  Commune: 'Cotonou',
  'Arrondissement (facultatif)': '13e arrondissement',
};

describe('provider information form: Précédent keeps step 1', () => {
  it('comes back to every step 1 field as typed, keeps step 2, and submits both steps', async () => {
    const provider = await seedE2eUser('prestataire_physique', { firstLogin: true });
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await loginViaApi(page, provider.telephone, provider.password);
    await page.goto('/information');
    await page.getByRole('heading', { name: 'Informations du prestataire' }).waitFor();

    for (const [label, value] of Object.entries(STEP_ONE_TEXT)) await page.getByLabel(label, { exact: true }).fill(value);
    for (const [label, value] of Object.entries(STEP_ONE_CHOICES)) await page.getByLabel(label, { exact: true }).selectOption(value);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: /Étape 2 sur 2/ }).waitFor();
    await page.getByLabel('Email').fill('menuiserie@lagunes.bj');
    await page.getByLabel('Téléphone').fill('+22991223344');
    await page.getByLabel('Marge salaire (FCFA)').fill('90000');
    await page.getByLabel('WhatsApp').fill('+22991223355');
    await page.getByRole('checkbox', { name: 'Logement' }).check();

    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('heading', { name: /Étape 1 sur 2/ }).waitFor();
    for (const [label, value] of Object.entries({ ...STEP_ONE_TEXT, ...STEP_ONE_CHOICES })) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);
    }
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: /Étape 2 sur 2/ }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('menuiserie@lagunes.bj');
    expect(await page.getByLabel('WhatsApp').inputValue()).toBe('+22991223355');

    await page.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByRole('status').filter({ hasText: 'Informations du prestataire enregistrées avec succès' }).first().waitFor();
    const row = await e2eDb().selectFrom('providers').selectAll().where('user_id', '=', provider.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      entreprise: STEP_ONE_TEXT["Nom de l'entreprise"],
      forme_juridique: 'entreprise individuelle',
      rccm: STEP_ONE_TEXT.RCCM,
      adresse: STEP_ONE_TEXT.Adresse,
      zone: 'Cotonou — 13e arrondissement',
      email: 'menuiserie@lagunes.bj',
      // Telephones are stored in E.164 with the 10-digit numbering (docs/product/accounts.md).
      telephone: '+2290191223344',
      whatsapp: '+2290191223355',
      marge_salaire: 90000,
    });
    assertNoPageErrors(page);
  });
});
