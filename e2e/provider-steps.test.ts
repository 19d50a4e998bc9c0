import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { e2eDb, seedE2eUser } from './helpers/seed';

const browser = setupBrowser();

const STEP_ONE = {
  "Nom de l'entreprise": 'Menuiserie des Lagunes',
  'Forme juridique': 'Entreprise individuelle',
  RCCM: 'RB COT 2025 A 4321',
  Adresse: 'Rue du Marché 45 Akpakpa',
  Zone: 'Cotonou Akpakpa',
};

describe('provider information form: Précédent keeps step 1', () => {
  it('comes back to every step 1 field as typed, keeps step 2, and submits both steps', async () => {
    const provider = await seedE2eUser('prestataire_physique', { firstLogin: true });
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await loginViaApi(page, provider.telephone, provider.password);
    await page.goto('/information');
    await page.getByRole('heading', { name: 'Informations du prestataire' }).waitFor();

    for (const [label, value] of Object.entries(STEP_ONE)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: /Étape 2 sur 2/ }).waitFor();
    await page.getByLabel('Email').fill('menuiserie@lagunes.bj');
    await page.getByLabel('Téléphone').fill('+22991223344');
    await page.getByLabel('Marge salaire (FCFA)').fill('90000');
    await page.getByLabel('WhatsApp').fill('+22991223355');
    await page.getByRole('checkbox', { name: 'Logement' }).check();

    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('heading', { name: /Étape 1 sur 2/ }).waitFor();
    for (const [label, value] of Object.entries(STEP_ONE)) {
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
      entreprise: STEP_ONE["Nom de l'entreprise"],
      forme_juridique: STEP_ONE['Forme juridique'],
      rccm: STEP_ONE.RCCM,
      adresse: STEP_ONE.Adresse,
      zone: STEP_ONE.Zone,
      email: 'menuiserie@lagunes.bj',
      telephone: '+22991223344',
      whatsapp: '+22991223355',
      marge_salaire: 90000,
    });
    assertNoPageErrors(page);
  });
});
