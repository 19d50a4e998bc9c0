import { describe, expect, it } from 'vitest';
import { adminToken, assertNoPageErrors, callApi, createE2eEvent, setupBrowser } from './helpers/browser';
import { e2eDb } from './helpers/seed';
import { sentCode } from './helpers/sent-codes';

const browser = setupBrowser();
const PHONE = { width: 360, height: 740 };

const call = callApi;

/** A free event (the shared helper's defaults) starting in `startsIn`. */
const freeEvent = (token: string, title: string, startsIn?: number) => createE2eEvent(token, { title, startsIn });

describe('events at 360 px', () => {
  it('a paid seat: back from the checkout, the page names the event registration and links to the ticket', async () => {
    const admin = await adminToken();
    const title = `Atelier payant ${Date.now()}`;
    const event = await createE2eEvent(admin, { title, capacity: 10, price_member: 500, price_public: 1000 });
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`/evenements/${event.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByLabel('Nom', { exact: true }).fill('Bio Sanni');
    await page.getByLabel('Téléphone').fill('0191234569');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByRole('heading', { name: 'Simulateur de paiement' }).waitFor();
    await page.getByRole('button', { name: 'Paiement approuvé' }).click();
    await page.waitForURL((url) => url.pathname === '/paiement');
    expect(await page.getByTestId('paid-summary').innerText()).toBe('Vous avez payé 1\u00a0000\u00a0FCFA — Inscription à un événement.');
    expect(await page.getByTestId('paid-validity').count()).toBe(0);
    await page.getByRole('link', { name: 'Voir mon billet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon billet' }).waitFor();
    expect(page.url()).toMatch(/\/billet\/\d+\.[A-Za-z0-9_-]{32}$/);
    assertNoPageErrors(page);
  });

  it('a visitor registers for a free event and sees the ticket with its QR code and short code', async () => {
    const admin = await adminToken();
    const title = `Journée santé ${Date.now()}`;
    await freeEvent(admin, title);
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'Nos événements' }).click();
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByLabel('Nom', { exact: true }).fill('Ahouéfa Houngbo');
    await page.getByLabel('Téléphone').fill('0197554433');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon billet' }).waitFor();
    expect(page.url()).toMatch(/\/billet\/\d+\.[A-Za-z0-9_-]{32}$/);
    await page.getByRole('img', { name: 'QR code du billet' }).waitFor();
    const code = await page.getByTestId('ticket-code').textContent();
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    expect(await page.getByTestId('ticket-status').textContent()).toBe('Confirmée');
    const sms = await e2eDb().selectFrom('outbox_messages').select('body').where('to_address', '=', '+2290197554433').execute();
    expect(sms.some((m) => m.body.includes(code!))).toBe(true);
    assertNoPageErrors(page);
  });

  it('a reception volunteer checks a ticket in with the network cut; the scan reaches the server when it is back', async () => {
    const admin = await adminToken();
    // Starting within the hour: the door accepts scans from 2 hours before the start.
    const event = await freeEvent(admin, `Assemblée ${Date.now()}`, 3600_000);
    const ticket = await call<{ id: number; ticket_url: string }>(`/events/${event.id}/registrations`, {
      body: { name: 'Koffi Mensah', telephone: '0197554434', seats: 2 },
    });
    const { code } = await call<{ code: string }>(`/registrations/by-token/${ticket.ticket_url.split('/').pop()}`);
    // A confirmed volunteer with a telephone, assigned to the reception, signs in with the SMS code.
    const volunteer = await e2eDb()
      .insertInto('volunteers')
      .values({
        name: 'Rachida Bello',
        email: `rachida${Date.now()}@example.bj`,
        telephone: '+2290197554435',
        profile_image: 'p.png',
        cv: 'cv.pdf',
        motivation_letter: 'm.pdf',
        criminal_record: 'c.pdf',
        domain: 'sante',
        is_confirmed: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await call(`/admin/events/${event.id}/reception`, { method: 'PUT', token: admin, body: { volunteer_ids: [volunteer.id] } });
    await call('/volunteers/login/code/request', { body: { telephone: '0197554435' } });
    // The code is queued just after the answer (equal timing for any number): poll until it is there.
    let loginCode = '';
    for (const deadline = Date.now() + 15_000; !loginCode && Date.now() < deadline; )
      loginCode = await sentCode('+2290197554435').catch(async () => {
        await new Promise((r) => setImmediate(r));
        return '';
      });
    const { token } = await call<{ token: string }>('/volunteers/login/code', { body: { telephone: '0197554435', code: loginCode } });

    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await page.goto('/unauthorized');
    await page.evaluate((t) => localStorage.setItem('benevole_token', t), token);
    await page.goto(`/accueil/${event.id}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByText('Présents : 0 / 1 billet (0 place)').waitFor();

    await page.context().setOffline(true);
    await page.getByText('Hors connexion', { exact: false }).first().waitFor();
    await page.getByLabel('Code du billet').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByTestId('scan-result').filter({ hasText: 'Bienvenue Koffi Mensah — 2 places' }).waitFor();
    await page.getByText('1 scan en attente d’envoi').waitFor();
    const checkedIn = async () =>
      (await e2eDb().selectFrom('event_registrations').select('checked_in_at').where('id', '=', ticket.id).executeTakeFirstOrThrow())
        .checked_in_at;
    expect(await checkedIn()).toBeNull();
    // The same ticket again on this device: told at once, without network.
    await page.getByLabel('Code du billet').fill(code);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByTestId('scan-result').filter({ hasText: 'Déjà enregistré à' }).waitFor();

    await page.context().setOffline(false);
    await page.getByText('Tous les scans sont envoyés.').waitFor();
    expect(await checkedIn()).not.toBeNull();
    await page.getByText('Présents : 1 / 1 billet (2 places)').waitFor();
    assertNoPageErrors(page);
  });

  it('the coordinator sees the waiting list with positions at 360 px and cancels from the screen; the waiting ticket shows its place', async () => {
    const admin = await adminToken();
    const title = `Causerie ${Date.now()}`;
    const event = await call<{ id: number }>('/admin/events', {
      token: admin,
      body: {
        title,
        description: 'Une causerie.',
        starts_at: new Date(Date.now() + 5 * 24 * 3600_000).toISOString(),
        ends_at: new Date(Date.now() + 5 * 24 * 3600_000 + 3600_000).toISOString(),
        place: 'Akpakpa',
        capacity: 1,
        price_member: 0,
        price_public: 0,
        published: true,
      },
    });
    const register = (name: string, telephone: string) =>
      call<{ ticket_url: string }>(`/events/${event.id}/registrations`, { body: { name, telephone, seats: 1 } });
    await register('Assis Premier', '0197554450');
    await register('Attente Un', '0197554451');
    const second = await register('Attente Deux', '0197554452');

    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await page.goto('/unauthorized');
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('role', 'administrateur');
      localStorage.setItem('is_first_login', 'false');
    }, admin);
    await page.goto('/dashboard-administrateur?vue=evenements');
    const row = page.locator('li', { hasText: title }).first();
    await row.getByText('Inscriptions et liste d’attente').click();
    await row.getByText('Liste d’attente (2 personnes)').waitFor();
    await row.locator('li', { hasText: 'Attente Deux' }).getByText('2ᵉ', { exact: false }).waitFor();
    await row.locator('li', { hasText: 'Attente Un' }).getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler l’inscription' }).click();
    await row.getByText('Liste d’attente (1 personne)').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    assertNoPageErrors(page);

    const ticket = await browser.newPage({ viewport: PHONE, touch: true });
    await ticket.goto(second.ticket_url.replace(/^https?:\/\/[^/]+/, ''));
    await ticket.getByTestId('waiting-position').filter({ hasText: 'Vous êtes 1ʳᵉ sur la liste d’attente' }).waitFor();
    assertNoPageErrors(ticket);
  });

  it('an event already over says so on its page and on its tickets, with no form nor cancel button', async () => {
    const admin = await adminToken();
    const title = `Soirée passée ${Date.now()}`;
    const start = Date.now() + 3 * 24 * 3600_000;
    const body = {
      title,
      description: 'Une soirée de collecte.',
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 3600_000).toISOString(),
      place: 'Akpakpa',
      capacity: 1,
      price_member: 0,
      price_public: 0,
      published: true,
    };
    const event = await call<{ id: number }>('/admin/events', { token: admin, body });
    const register = (name: string, telephone: string) =>
      call<{ ticket_url: string }>(`/events/${event.id}/registrations`, { body: { name, telephone, seats: 1 } });
    const held = await register('Assis Passé', '0197554460');
    const waiting = await register('Attente Passée', '0197554461');
    // The administrator records that it took place yesterday (the books stay editable after the event).
    const yesterday = Date.now() - 24 * 3600_000;
    await call(`/admin/events/${event.id}`, {
      method: 'PUT',
      token: admin,
      body: { ...body, starts_at: new Date(yesterday).toISOString(), ends_at: new Date(yesterday + 3600_000).toISOString() },
    });

    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`/evenements/${event.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByTestId('event-closed').innerText()).toBe('Cet événement est terminé.');
    expect(await page.getByTestId('seats-left').innerText()).toBe('Événement terminé');
    expect(await page.getByRole('button', { name: "S'inscrire" }).count()).toBe(0);
    for (const ticket of [held, waiting]) {
      await page.goto(ticket.ticket_url.replace(/^https?:\/\/[^/]+/, ''));
      await page.getByTestId('ticket-ended').getByText('Cet événement est terminé.').waitFor();
      expect(await page.getByRole('button', { name: 'Annuler mon inscription' }).count()).toBe(0);
      expect(await page.getByTestId('waiting-position').count()).toBe(0);
    }
    assertNoPageErrors(page);
  });
});
