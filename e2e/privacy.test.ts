import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './helpers/constants';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { e2eDb, seedE2eUser } from './helpers/seed';
import { sentCode } from './helpers/sent-codes';

// docs/product/personal-data.md at 360 px on a touch phone: the notice, a consent given then withdrawn from the member
// space, a request made (with its SMS code) and answered by an administrator.

const browser = setupBrowser();
const PHONE = { width: 360, height: 740 };
const seeText = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('privacy', () => {
  it('shows the notice generated from the configuration, linked from the footer and beside the forms', async () => {
    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await page.goto('/contact');
    await page.getByRole('link', { name: 'En savoir plus sur vos données' }).first().waitFor();
    await page.locator('footer').getByRole('link', { name: 'Confidentialité' }).click();
    await page.getByRole('heading', { level: 1, name: 'Confidentialité et données personnelles' }).waitFor();
    await seeText(page, 'Association Solidarité Besoins Essentiels');
    await seeText(page, '24 mois après leur réception.');
    await seeText(page, /supprimés 30 jours après la décision/);
    await seeText(page, /aucun service hors du Bénin ne les reçoit/);
    await seeText(page, /Rue 6\.076 Aïdjèdo/);
    expect(await fitsWidth(page)).toBe(true);
    assertNoPageErrors(page);
  });

  it('a member gives then withdraws a consent from the member space', async () => {
    const member = await seedE2eUser('membre');
    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await loginViaApi(page, member.telephone, member.password);
    await page.goto('/espace-membre');
    const whatsapp = page.getByRole('checkbox', { name: /Messages par WhatsApp/ });
    await whatsapp.waitFor();
    expect(await whatsapp.isChecked()).toBe(false);
    await whatsapp.click(); // the box follows once the app has taken the click
    await seeText(page, 'Votre consentement a été enregistré.');
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: /Messages par WhatsApp/ }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /Messages par WhatsApp/ }).click();
    await seeText(page, 'Votre consentement a été retiré.');
    const rows = await e2eDb()
      .selectFrom('consents')
      .select(['given', 'channel'])
      .where('user_id', '=', member.id)
      .where('purpose', '=', 'whatsapp')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { given: 1, channel: 'espace_membre' },
      { given: 0, channel: 'espace_membre' },
    ]);
    await page.getByRole('button', { name: 'Télécharger mes données' }).waitFor();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    assertNoPageErrors(page);
  });

  it('a request is made with its SMS code, then answered by an administrator', async () => {
    const digits = String(Date.now()).slice(-8);
    const telephone = `01${digits}`;
    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await page.goto('/confidentialite');
    await page.getByLabel('Type de demande').selectOption('acces');
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByLabel('Votre demande').fill('Je souhaite recevoir mes données.');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await seeText(page, /Un code à 6 chiffres vient de vous être envoyé par SMS/);
    await page.getByLabel('Code reçu par SMS').fill(await sentCode(`+229${telephone}`));
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await seeText(page, 'Votre demande est confirmée. L’association vous répondra dans un délai de 45 jours au plus.');
    expect(await fitsWidth(page)).toBe(true);
    assertNoPageErrors(page);

    // Answered by an administrator (the dashboard view « Demandes sur les données » calls the same route).
    const login = await fetch(`${baseURL()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telephone: E2E_ADMIN.telephone, password: E2E_ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = (await (await fetch(`${baseURL()}/api/admin/privacy-requests`, { headers: auth })).json()) as Array<{
      id: number;
      telephone: string;
      due_at: string;
    }>;
    const request = list.find((r) => r.telephone === `+229${telephone}`)!;
    expect(request.due_at).toBeTruthy();
    const answered = await fetch(`${baseURL()}/api/admin/privacy-requests/${request.id}/fulfil`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ outcome: 'Vos données vous ont été remises.' }),
    });
    expect(answered.status).toBe(200);
    const row = await e2eDb()
      .selectFrom('privacy_requests')
      .select(['status', 'outcome'])
      .where('telephone', '=', `+229${telephone}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'traitee', outcome: 'Vos données vous ont été remises.' });

    // The person receives their data: the SMS brings /mes-donnees/{token}, a readable page with the ZIP beside it.
    const sms = await e2eDb()
      .selectFrom('outbox_messages')
      .select('body')
      .where('to_address', '=', `+229${telephone}`)
      .where('body', 'like', '%/mes-donnees/%')
      .executeTakeFirstOrThrow();
    const link = /\/mes-donnees\/[A-Za-z0-9_-]+/.exec(sms.body)![0];
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Vos données personnelles' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Vos demandes sur vos données' }).waitFor();
    await page.getByRole('link', { name: 'Télécharger toutes mes données (fichier ZIP)' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
  });

  it('/consentement without a message’s link: a telephone and the code sent to it withdraw a consent', async () => {
    const digits = String(Date.now() + 7).slice(-8);
    const telephone = `01${digits}`;
    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await page.goto('/consentement');
    await page.getByLabel('Traitement').selectOption('sms_news');
    await page.getByLabel('Mon choix').selectOption('retirer');
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await seeText(page, /Un code de confirmation vient de vous être envoyé/);
    await page.getByLabel('Code reçu').fill(await sentCode(`+229${telephone}`));
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await seeText(page, 'Votre consentement a été retiré.');
    const rows = await e2eDb().selectFrom('consents').select(['given', 'purpose']).where('telephone', '=', `+229${telephone}`).execute();
    expect(rows).toEqual([{ given: 0, purpose: 'sms_news' }]);
    expect(await fitsWidth(page)).toBe(true);
    assertNoPageErrors(page);
  });

  it('an erasure asks the administrator to confirm, naming the person', async () => {
    const person = await seedE2eUser('membre', { name: 'Bénédicte Efface' });
    const created = await fetch(`${baseURL()}/api/privacy/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'effacement', telephone: person.telephone, details: 'Effacez mes données.' }),
    });
    const { id } = (await created.json()) as { id: number };
    const verified = await fetch(`${baseURL()}/api/privacy/requests/${id}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: await sentCode(person.telephone) }),
    });
    expect(verified.status).toBe(200);
    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=demandes-donnees');
    const card = page.getByRole('listitem', { name: `Demande ${id}` });
    await card.getByRole('button', { name: 'Effacer les données et clore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer l’effacement' });
    await dialog.getByText(/Effacer définitivement les données de Bénédicte Efface/).waitFor();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await seeText(page, 'La demande est traitée.');
    const user = await e2eDb().selectFrom('users').select('name').where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(user.name).toBe('Compte supprimé');
    expect(await fitsWidth(page)).toBe(true);
    assertNoPageErrors(page);
  });
});
