import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../apps/api/src/platform/database/database';
import { assertNoPageErrors, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// Issue #33, the back office's leftovers, as the administrator sees them at 360 × 740 touch and at 1280 × 800:
// a user's zone chosen from the list, the volunteers' telephones.

const browser = setupBrowser();
const SIZES = [
  ['360×740 touch', { viewport: { width: 360, height: 740 }, touch: true }],
  ['1280×800', { viewport: { width: 1280, height: 800 } }],
] as const;
const run = Date.now().toString(36).slice(-5);
const letters = (n: number) => [...n.toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join('');
const asAdmin = (page: Page) => loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);

describe.each(SIZES)('back office leftovers at %s (issue #33)', (_size, options) => {
  const tag = `${run}${letters(options.viewport.width)}`;

  it('the user-edit dialog chooses the zone from the list (an old typed zone shown to be replaced)', async () => {
    const member = await seedE2eUser('membre', { name: `Kokou Zone ${letters(Date.now() % 100_000)}`, zone: 'Quartier Zongo' });
    const page = await browser.newPage(options);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=membres');
    await page.getByRole('searchbox').fill(member.name);
    await page.getByRole('button', { name: `Modifier ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Modifier ${member.name}` });
    await dialog.getByText('Zone enregistrée : « Quartier Zongo ». Choisissez-la dans la liste.').waitFor();
    expect(await dialog.locator('input[name="zone"], input[type="text"][value="Quartier Zongo"]').count()).toBe(0);
    await dialog.getByLabel('Commune').selectOption('Cotonou');
    await dialog.getByLabel('Arrondissement (facultatif)').selectOption('13e arrondissement');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Utilisateur mis à jour.').first().waitFor();
    const row = await e2eDb()
      .selectFrom('users')
      .select(['zone', 'commune', 'department'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ zone: 'Cotonou — 13e arrondissement', commune: 'Cotonou', department: 'Littoral' });
    assertNoPageErrors(page);
  });

  it('« Confirmer Volontaire » shows each telephone as people read it, dialled with one tap', async () => {
    const name = `Afiwa Appel ${tag}`;
    await e2eDb()
      .insertInto('volunteers')
      .values({
        name,
        email: '',
        telephone: '+2290197445566',
        profile_image: `${randomUUID()}.jpg`,
        cv: `${randomUUID()}.pdf`,
        motivation_letter: `${randomUUID()}.pdf`,
        criminal_record: `${randomUUID()}.pdf`,
        domain: 'sante',
        created_at: nowIso(),
      })
      .execute();
    const page = await browser.newPage({ ...options, allowConsoleErrors: true });
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=confirmer-volontaire');
    const row = page.getByRole('row').filter({ hasText: name });
    const link = row.getByRole('link', { name: '01 97 44 55 66' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('tel:+2290197445566');
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(options.viewport.width);
  });
});

describe.each(SIZES)('what the migrations left, at %s (issue #33)', (_size, options) => {
  const tag = `${run}${letters(options.viewport.width)}`;

  it('« À traiter » counts the zones to choose; the administrator chooses one from the list', async () => {
    const typed = `Quartier ${tag}`;
    const member = await seedE2eUser('consommateur', { name: `Codjo Sans Zone ${letters(Date.now() % 100_000)}`, zone: typed });
    await e2eDb()
      .insertInto('zones_unmapped')
      .values({ table_name: 'users', row_id: member.id, zone: typed, created_at: nowIso() })
      .execute();
    const page = await browser.newPage(options);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur');
    await page.getByRole('button', { name: /zones? à choisir dans la liste/ }).click();
    await page.getByRole('heading', { name: 'Zones à choisir dans la liste' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: `« ${typed} »` });
    await card.getByText(`${member.name} (Consommateur)`).waitFor();
    await card.getByLabel('Commune').selectOption('Abomey-Calavi');
    await card.getByLabel('Arrondissement (facultatif)').selectOption('Godomey');
    await card.getByRole('button', { name: `Enregistrer la zone de ${member.name}` }).click();
    await page.getByText(`Zone enregistrée. ${member.name} : Abomey-Calavi — Godomey.`).first().waitFor();
    await card.waitFor({ state: 'detached' });
    const row = await e2eDb()
      .selectFrom('users')
      .select(['zone', 'commune', 'department'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ zone: 'Abomey-Calavi — Godomey', commune: 'Abomey-Calavi', department: 'Atlantique' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(options.viewport.width);
    assertNoPageErrors(page);
  });

  it('a telephone conflict shows its accounts and what to do; a new number, then « Marquer comme résolu »', async () => {
    const digits = String(Date.now() % 1_000_000).padStart(6, '0');
    const first = await seedE2eUser('membre', { name: `Afi Doublon ${tag}`, telephone: `97${digits}` });
    const second = await seedE2eUser('consommateur', { name: `Afi Doublon Bis ${tag}`, telephone: `+22997${digits}` });
    await e2eDb()
      .insertInto('migration_reports')
      .values({
        migration: '20261126_0100_telephones_e164',
        kind: 'telephone_conflict',
        table_name: 'users',
        detail: JSON.stringify({ ids: [first.id, second.id], values: [first.telephone, second.telephone], e164: `+2290197${digits}` }),
        created_at: nowIso(),
      })
      .execute();
    const page = await browser.newPage({ ...options, allowConsoleErrors: true });
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=donnees-a-reprendre');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `2 comptes avec le numéro 01 97 ${digits.replace(/(\d{2})(?=\d)/g, '$1 ')}` }) });
    await card.getByText(`${first.name} (Membre)`).waitFor();
    await card.getByText(`${second.name} (Consommateur)`).waitFor();
    await card.getByText('aucun ne peut se connecter avec son téléphone', { exact: false }).waitFor();
    // Still shared: the server says so.
    await card.getByRole('button', { name: 'Marquer comme résolu' }).click();
    await card.getByText('Ces comptes ont encore le même numéro : changez d’abord le téléphone de l’un d’eux.').waitFor();
    await card.getByLabel(`Nouveau numéro de ${second.name}`).fill(`01 96 ${digits.replace(/(\d{2})(?=\d)/g, '$1 ')}`);
    await card.getByRole('button', { name: `Enregistrer le numéro de ${second.name}` }).click();
    await card.getByText('Chaque compte a maintenant son propre numéro', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Marquer comme résolu' }).click();
    await page.getByText('Conflit résolu : chaque compte a maintenant son propre numéro.').first().waitFor();
    await card.waitFor({ state: 'detached' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(options.viewport.width);
  });

  it('« Confirmer Volontaire » › « Confirmés »: « Casier judiciaire vérifié le … par … » once the record is deleted', async () => {
    const name = `Sena Vérifiée ${tag}`;
    const { id } = await e2eDb()
      .insertInto('volunteers')
      .values({
        name,
        email: '',
        telephone: '+2290197667788',
        profile_image: `${randomUUID()}.jpg`,
        cv: `${randomUUID()}.pdf`,
        motivation_letter: `${randomUUID()}.pdf`,
        criminal_record: '',
        domain: 'education',
        is_confirmed: 1,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await e2eDb()
      .insertInto('volunteer_document_checks')
      .values({
        volunteer_id: id,
        document: 'criminal_record',
        decision: 'confirme',
        decided_at: '2026-10-01T23:30:00.000Z',
        decided_by: 'Adjoa Administratrice',
        removed_at: '2026-11-01T02:00:00.000Z',
        run_id: null,
      })
      .execute();
    const page = await browser.newPage({ ...options, allowConsoleErrors: true });
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=confirmer-volontaire');
    await page.getByRole('button', { name: 'Confirmés' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Casier judiciaire vérifié le 02/10/2026 par Adjoa Administratrice, supprimé le 01/11/2026.').waitFor();
    expect(await row.getByRole('link', { name: '01 97 66 77 88' }).getAttribute('href')).toBe('tel:+2290197667788');
  });
});
