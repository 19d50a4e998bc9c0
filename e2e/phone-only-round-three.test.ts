import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makePng } from '../apps/api/test/public-site/fixtures';
import { adminToken, assertNoPageErrors, callApi, createE2eEvent, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';
import { sentCode } from './helpers/sent-codes';

// Phone-only people, round three: a person created by someone else who signs in by SMS code chooses her password
// without the one she never had, and finds « Mot de passe oublié ? » on that step; « Mon espace » does not loop back.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true };

describe('the password step after an SMS code, at 360 px', () => {
  it('asks only for the new password, links to recovery, then opens « Mon espace » for good', async () => {
    const person = await seedE2eUser('sympathisant', { name: 'Reine Houngbo' });
    await e2eDb().updateTable('users').set({ must_change_password: 1 }).where('id', '=', person.id).execute();
    const page = await browser.newPage(PHONE);
    await page.goto('/connexion');
    await page.getByRole('button', { name: 'Recevoir un code par SMS' }).click();
    await page.getByRole('form', { name: 'Connexion par code' }).getByLabel('Téléphone').fill(person.telephone);
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await page.getByLabel('Code reçu par SMS').waitFor();
    await page.getByLabel('Code reçu par SMS').fill(await sentCode(person.telephone));
    await page.getByRole('button', { name: 'Se connecter', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === '/choisir-mot-de-passe');
    await page.getByRole('heading', { name: 'Choisissez votre mot de passe' }).waitFor();
    expect(await page.getByLabel('Mot de passe reçu').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/mot-de-passe-oublie');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('MonNouveau2027');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('MonNouveau2027');
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
    await page.waitForURL((url) => url.pathname !== '/choisir-mot-de-passe');
    await page.goto('/espace-membre');
    await page.getByRole('heading', { name: 'Mon espace' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/espace-membre');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    assertNoPageErrors(page);
  });
});

async function signInByCode(page: Page, telephone: string) {
  await page.goto('/connexion');
  await page.getByRole('button', { name: 'Recevoir un code par SMS' }).click();
  await page.getByRole('form', { name: 'Connexion par code' }).getByLabel('Téléphone').fill(telephone);
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await page.getByLabel('Code reçu par SMS').waitFor();
  await page.getByLabel('Code reçu par SMS').fill(await sentCode(telephone));
  await page.getByRole('button', { name: 'Se connecter', exact: true }).last().click();
  await page.waitForURL((url) => url.pathname !== '/connexion');
}

describe('the code window told by the server, in another tab', () => {
  it('/choisir-mot-de-passe opened in a new tab asks no « Mot de passe reçu »', async () => {
    const person = await seedE2eUser('sympathisant', { name: 'Pélagie Nouvel Onglet' });
    await e2eDb().updateTable('users').set({ must_change_password: 1 }).where('id', '=', person.id).execute();
    const page = await browser.newPage(PHONE);
    await signInByCode(page, person.telephone);
    // A new tab: same localStorage (the token), empty sessionStorage.
    const tab = await page.context().newPage();
    await tab.goto('/choisir-mot-de-passe');
    await tab.getByLabel('Nouveau mot de passe', { exact: true }).waitFor();
    expect(await tab.getByLabel('Mot de passe reçu').count()).toBe(0);
    await tab.getByText('Vous êtes connecté(e) par code SMS').waitFor();
    assertNoPageErrors(page);
  });

  it('a code-only account erases itself from « Mon espace » without a password', async () => {
    const person = await seedE2eUser('sympathisant', { name: 'Sans Motdepasse' });
    await e2eDb().updateTable('users').set({ password_hash: '!code-only' }).where('id', '=', person.id).execute();
    const page = await browser.newPage(PHONE);
    await signInByCode(page, person.telephone);
    await page.goto('/espace-membre');
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await dialog.getByText('Vous êtes connecté(e) par un code reçu par SMS : aucun mot de passe n’est demandé.').waitFor();
    expect(await dialog.getByLabel('Mot de passe actuel').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assertNoPageErrors(page);
  });

  it('a password session is told how to erase without a password', async () => {
    const person = await seedE2eUser('membre', { name: 'Avec Motdepasse' });
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, person.telephone, person.password);
    await page.goto('/espace-membre');
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await dialog.getByLabel('Mot de passe actuel').waitFor();
    await dialog.getByText(/reconnectez-vous avec un code reçu par SMS/).waitFor();
    assertNoPageErrors(page);
  });
});

describe('round three, the forms at 360 px (issue 41)', () => {
  it('/donation and the monthly form offer SMS or WhatsApp and the privacy link; presets fit; nothing scrolls sideways', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/donation');
    await page.getByRole('radio', { name: 'WhatsApp' }).waitFor();
    // SMS is preselected once the form is live (react-hook-form sets its default after hydration).
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => page.getByRole('radio', { name: 'SMS' }).isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Confidentialité' }).first().waitFor();
    await page.getByRole('button', { name: 'Donner chaque mois' }).click();
    const form = page.locator('form').filter({ hasText: 'Montant de chaque don' });
    await form.getByRole('radio', { name: 'WhatsApp' }).check();
    for (const label of ['1\u00a0000\u00a0FCFA', '5\u00a0000\u00a0FCFA', '10\u00a0000\u00a0FCFA']) {
      const button = form.getByRole('button', { name: label, exact: true });
      const fits = await button.evaluate(
        (b) => [...b.children].every((c) => c.scrollWidth <= c.clientWidth + 1) && b.scrollWidth <= b.clientWidth + 1,
      );
      expect(fits, label).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    assertNoPageErrors(page);
  });
});

// --- Issue #41, the outside tester's findings at 360 px ---

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const call = callApi;
/** A free, published event a week ahead. */
const freeEvent = async (title: string) => createE2eEvent(await adminToken(), { title });

describe('« Mes billets » and a cancelled ticket, at 360 px (issue 41)', () => {
  it('the ticket is listed in « Mon espace »; cancelled on its page, a toast below the header, then a page that says so and links onwards, and an SMS', async () => {
    const person = await seedE2eUser('membre', { name: 'Ahouéfa Billet' });
    const title = `Journée dépistage ${Date.now()}`;
    const event = await freeEvent(title);
    const page = await browser.newPage(PHONE);
    const { token } = await loginViaApi(page, person.telephone, person.password);
    await call(`/events/${event.id}/registrations`, { token, body: { name: person.name, telephone: person.telephone, seats: 2 } });

    await page.goto('/espace-membre');
    const tickets = page.getByRole('region', { name: 'Mes billets' });
    await tickets.getByText(title).waitFor();
    expect(await tickets.innerText()).toContain('Confirmée · 2 places');
    expect(await noSidewaysScroll(page)).toBe(true);
    await tickets.getByRole('link', { name: 'Voir le billet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon billet' }).waitFor();

    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Annuler mon inscription' }).click();
    // The toast shows below the sticky header, inside the screen (it no longer covers the menu).
    const toast = page.locator('.Toastify__toast').filter({ hasText: /annul/i });
    await toast.waitFor();
    const header = (await page.locator('header').first().boundingBox())!;
    // It slides in from the right: measured once it has arrived.
    const inside = async () => {
      const box = await toast.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 360;
    };
    await expect.poll(inside).toBe(true);
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);

    // Not a dead end: what happened, the event and the other events.
    const ended = page.getByTestId('ticket-ended');
    await ended.getByText('Cette inscription est annulée\u00a0: ce billet n’est plus valable.').waitFor();
    expect(await ended.getByRole('link', { name: 'Voir l’événement' }).getAttribute('href')).toBe(`/evenements/${event.id}`);
    expect(await ended.getByRole('link', { name: 'Voir les autres événements' }).getAttribute('href')).toBe('/evenements');
    expect(await page.getByRole('img', { name: 'QR code du billet' }).count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    // The holder is told by SMS, on the ticket's telephone.
    await expect
      .poll(async () =>
        (await e2eDb().selectFrom('outbox_messages').select('body').where('to_address', '=', person.telephone).execute()).map(
          (m) => m.body,
        ),
      )
      .toContainEqual(expect.stringContaining('est annulée, comme vous l’avez demandé'));

    await page.goto('/espace-membre');
    await page.getByRole('region', { name: 'Mes billets' }).getByText('Annulée · 2 places').waitFor();
    assertNoPageErrors(page);
  });
});

describe('« Mon espace » at 360 px (issue 41)', () => {
  it('shows a long name whole (it wraps), with the name in a title, and nothing scrolls sideways', async () => {
    const name = 'Marie-Christine Houénou Adjovi Sossa-Gbèdji';
    const person = await seedE2eUser('membre', { name });
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, person.telephone, person.password);
    await page.goto('/espace-membre');
    const shown = page.getByTestId('dashboard-user-name');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(name);
    expect(await shown.getAttribute('title')).toBe(name);
    // Not cut: the text fits its box.
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await noSidewaysScroll(page)).toBe(true);
    assertNoPageErrors(page);
  });
});

describe('/information with no record yet (issue 41)', () => {
  it('loads with no failed request and no console error', async () => {
    const provider = await seedE2eUser('prestataire_physique', { firstLogin: true });
    const page = await browser.newPage(PHONE);
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') failed.push(m.text());
    });
    await loginViaApi(page, provider.telephone, provider.password);
    failed.length = 0;
    await page.goto('/information');
    await page.getByText('Étape 1 sur 2 — Votre entreprise').waitFor();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    assertNoPageErrors(page);
  });
});

describe('/volontier promises a public profile only when chosen (issue 41)', () => {
  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: makePdf() });
  async function apply(page: Page, telephone: string, publicProfile: boolean) {
    await page.goto('/volontier');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByLabel('Nom').fill('Kossi Mensah');
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByLabel("Domaine d'engagement").selectOption('education');
    await page.getByLabel('Photo de profil').setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: makePng(4, 4) });
    await page.getByLabel('CV').setInputFiles(pdf('cv.pdf'));
    await page
      .getByLabel('Lettre de motivation')
      .setInputFiles({ name: 'lettre.docx', mimeType: 'application/octet-stream', buffer: makeDocx() });
    await page.getByLabel('Casier judiciaire').setInputFiles(pdf('casier.pdf'));
    if (publicProfile) await page.getByLabel(/J’accepte d’apparaître/).check();
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByRole('heading', { name: 'Et maintenant ?' }).waitFor();
  }

  it('the intro says « if you wish »; unticked, the thank-you keeps the profile private; ticked, it says it will show', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/volontier');
    const intro = page.getByText(/Si vous le souhaitez \(case plus bas\), votre photo et votre nom apparaîtront sur le site/);
    await intro.waitFor();
    expect(await page.getByText('votre profil apparaît sur le site une fois validé').count()).toBe(0);

    const suffix = String(Date.now()).slice(-6);
    await apply(page, `0196${suffix}`, false);
    await page.getByText(/Votre photo et votre nom restent privés/).waitFor();
    expect(await page.getByText(/apparaissent dans l’équipe des volontaires/).count()).toBe(0);
    // The telephone as people write it, not raw.
    await page.getByText(`01 96 ${suffix.replace(/(\d\d)(\d\d)(\d\d)/, '$1 $2 $3')}`).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    const other = await browser.newPage(PHONE);
    await apply(other, `0195${suffix}`, true);
    await other.getByText(/apparaissent dans l’équipe des volontaires, sur la page d’accueil, comme vous l’avez choisi/).waitFor();
    expect(await other.getByText(/restent privés/).count()).toBe(0);
    assertNoPageErrors(page);
    assertNoPageErrors(other);
  });
});

describe('the footer at 360 px (issue 41)', () => {
  it('links every useful page; « Connexion » for a visitor, « Mon espace » once signed in', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Liens utiles' });
    const expected = [
      ['Inspiration & Témoignages', '/temoignage'],
      ['Faire un Don', '/donation'],
      ['Devenir Volontaire', '/volontier'],
      ['Soumettre un Projet', '/projet-social'],
      ['Contactez-nous', '/contact'],
      ['À propos de nous', '/about'],
      ['Transparence financière', '/transparence'],
      ['Confidentialité', '/confidentialite'],
      ['Connexion', '/connexion'],
      ['Accueil', '/'],
    ];
    for (const [name, href] of expected) {
      const link = footer.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href'), name).toBe(href);
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(360);
    }
    await footer.getByRole('link', { name: 'Confidentialité', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/confidentialite');
    expect(await noSidewaysScroll(page)).toBe(true);

    const member = await seedE2eUser('membre');
    await loginViaApi(page, member.telephone, member.password);
    await page.goto('/contact');
    await page.waitForSelector('html[data-hydrated="true"]');
    const signedIn = page.getByRole('navigation', { name: 'Liens utiles' });
    await signedIn.getByRole('link', { name: 'Mon espace', exact: true }).waitFor();
    expect(await signedIn.getByRole('link', { name: 'Connexion', exact: true }).count()).toBe(0);
    assertNoPageErrors(page);
  });
});

describe('the outbox at 1280 px (issue 41)', () => {
  it('shows the date whole (day and time never broken inside), and the status badge on one line', async () => {
    const person = await seedE2eUser('membre');
    // A message to this person: the code sign-in request queues one.
    await call('/login/code/request', { body: { telephone: person.telephone } });
    await expect
      .poll(
        async () =>
          (await e2eDb().selectFrom('outbox_messages').select('status').where('to_address', '=', person.telephone).execute()).map(
            (m) => m.status,
          ),
        { timeout: 15_000 },
      )
      .toContain('kept');
    const page = await browser.newPage(DESKTOP);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=sms-emails');
    await page.getByRole('searchbox').fill(person.telephone);
    const row = page.getByRole('row').filter({ hasText: 'Conservé' }).first();
    await row.waitFor();
    // « Créé le », the first column: the day and the time, each on one line.
    const parts = row.locator('td').first().locator('span.whitespace-nowrap');
    expect(await parts.count()).toBe(2);
    expect(await parts.nth(0).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await parts.nth(1).textContent()).toMatch(/^\d{2}:\d{2}$/);
    // Polled: the list may still be redrawn with the search's answer just after the first row showed.
    for (const part of await parts.all()) await expect.poll(() => part.evaluate((el) => el.getClientRects().length)).toBe(1);
    const badge = row.getByText('Conservé', { exact: true });
    await expect.poll(() => badge.evaluate((el) => el.getClientRects().length)).toBe(1);
    expect(await noSidewaysScroll(page)).toBe(true);
    assertNoPageErrors(page);
  });
});
