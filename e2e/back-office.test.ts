import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { formatTelephone } from '@shared/phone';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { nowIso } from '../apps/api/src/platform/database/database';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { e2eDb, seedE2eUser } from './helpers/seed';

// The back office as people use it (issues #18 §5 and #20): each view at its own address, the first page fetched
// before the app code, lists readable on a 360 px touch phone, what waits for the administrator, contact messages
// handled, pending avatars. Screenshots at 360 px go to docs/screenshots/ for docs/walkthrough.md.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true };
const run = Date.now().toString(36).slice(-5);
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const member = `Mawuli Membre ${run}`;
const contactName = `Kodjo Contact ${run}`;
const author = `Ablavi Témoin ${run}`;

beforeAll(async () => {
  const db = e2eDb();
  await seedE2eUser('membre', { name: member, zone: 'Parakou' });
  await seedE2eUser('consommateur', { name: `Yao EnAttente ${run}`, confirmed: false, zone: 'Lokossa' });
  await db
    .insertInto('contact_messages')
    .values({
      name: contactName,
      email: `contact-${run}@example.bj`,
      phone: '+229 90 44 55 66',
      services: 'Santé',
      message: 'Bonjour, je voudrais aider.',
      created_at: nowIso(),
    })
    .execute();
  const avatar = `${randomUUID()}.png`;
  fs.mkdirSync(path.join(inject('dataDir'), 'uploads', 'avatars'), { recursive: true });
  fs.writeFileSync(path.join(inject('dataDir'), 'uploads', 'avatars', avatar), PNG_1PX);
  await db
    .insertInto('testimonials')
    .values({ text: 'Merci pour votre aide', author, title: 'Parent élève', avatar, is_published: 0, created_at: nowIso() })
    .execute();
  fs.mkdirSync(SHOTS, { recursive: true });
});

const asAdmin = (page: Page) => loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

/** Every visible button and link of the view lies inside the viewport and meets WCAG 2.2's 24 px target size. */
async function expectReachableTargets(page: Page, scope: Locator, width: number) {
  const boxes = await scope.locator('button:visible, a:visible, input:visible, select:visible').evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return {
        text: (n.textContent || n.getAttribute('aria-label') || n.tagName).trim().slice(0, 40),
        x: r.x,
        right: r.right,
        width: r.width,
        height: r.height,
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect({ target: b.text, inside: b.x >= 0 && b.right <= width + 0.5 }).toEqual({ target: b.text, inside: true });
    expect({ target: b.text, big: b.width >= 24 && b.height >= 24 }).toEqual({ target: b.text, big: true });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectNoWcagViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('each back-office view has its own address', () => {
  it('a reload on ?vue=membres opens Les Membres directly, from the request started before the app code', async () => {
    const page = await browser.newPage();
    await asAdmin(page);
    const listRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users?role=membre')) listRequests.push(r.url());
    });
    await page.goto('/dashboard-administrateur?vue=membres');
    await heading(page, 'Les Membres').waitFor();
    await page.locator('main tbody tr').filter({ hasText: member }).waitFor();
    await page.reload();
    await heading(page, 'Les Membres').waitFor();
    await page.locator('main tbody tr').filter({ hasText: member }).waitFor();
    expect(new URL(page.url()).search).toBe('?vue=membres');
    // One request per load: the app took the one list-prefetch.js started instead of asking again.
    expect(listRequests).toHaveLength(2);
    assertNoPageErrors(page);
  });

  it("paints the members' first rows before the application's script and stylesheet are asked for, then hands over", async () => {
    const page = await browser.newPage();
    await asAdmin(page);
    // When the first row entered the document, from the navigation's start (a MutationObserver set before any script).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('tbody tr')) return;
        (window as unknown as { __rowAt: number }).__rowAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/dashboard-administrateur?vue=membres');
    await page.locator('main tbody tr').filter({ hasText: member }).waitFor();
    // The app's own view replaced the preview: one table, the interactive one (search box, reset buttons).
    await expect.poll(() => page.locator('#early-view').count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('searchbox').waitFor();
    const { rowAt, asked } = await page.evaluate(() => ({
      rowAt: (window as unknown as { __rowAt: number }).__rowAt,
      asked: performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/index-[\w-]+\.(js|css)$/.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(asked).toHaveLength(2);
    for (const startTime of asked) expect(startTime).toBeGreaterThan(rowAt);
    assertNoPageErrors(page);
  });

  it.each([
    ['membres', member],
    ['confirmer-compte', `Yao EnAttente ${run}`],
    ['temoignages', author],
    ['messages', contactName],
    ['paiements', 'Payeur Aperçu'],
    ['dons', '7\u00a0500\u00a0FCFA'],
  ])('?vue=%s: the preview painted before the app shows what the app then shows, under the same headers', async (view, marker) => {
    if (view === 'paiements' || view === 'dons') {
      const body =
        view === 'paiements'
          ? { name: 'Payeur Aperçu', email: `apercu-${run}@example.bj`, phone: '+22990112233', amount: 2500 }
          : { amount: 7500, purpose: 'sante' };
      const res = await fetch(`${baseURL()}/api/${view === 'paiements' ? 'payment' : 'donation'}/initiate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.ok).toBe(true);
    }
    const page = await browser.newPage();
    await asAdmin(page);
    // The app's entry waits until the preview has been read.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/dashboard-administrateur?vue=${view}`);
    const early = page.locator('#early-view');
    await early.locator('tbody tr').filter({ hasText: marker }).first().waitFor({ state: 'attached' });
    const readTable = (scope: Locator) =>
      scope
        .locator('table')
        .first()
        .evaluate((table) => ({
          headers: [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? ''),
          rows: [...table.querySelectorAll('tbody tr')].map((tr) =>
            [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
          ),
        }));
    const preview = await readTable(early);
    const title = await early.locator('p').nth(1).textContent();
    release();
    await expect.poll(() => early.count(), { timeout: 20_000 }).toBe(0);
    await heading(page, title ?? '').waitFor();
    const app = await readTable(page.locator('main'));
    // Each preview column is one of the app's, and every previewed row reads the same there, cell for cell.
    const columns = preview.headers.map((h) => app.headers.indexOf(h));
    expect(columns).not.toContain(-1);
    expect(preview.rows.length).toBeGreaterThan(0);
    expect(preview.rows).toEqual(app.rows.slice(0, preview.rows.length).map((cells) => columns.map((i) => cells[i])));
    assertNoPageErrors(page);
  });

  it('an address naming no view (?vue=constructor, __proto__) opens the landing view, not a blank page', async () => {
    const page = await browser.newPage();
    await asAdmin(page);
    for (const view of ['constructor', '__proto__', 'toString']) {
      await page.goto(`/dashboard-administrateur?vue=${view}`);
      await heading(page, 'À traiter').waitFor();
    }
    assertNoPageErrors(page);
  });

  it('shows a member added since the last visit on the next open (no stale first page)', async () => {
    const page = await browser.newPage();
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=membres');
    await page.locator('main tbody tr').filter({ hasText: member }).waitFor();
    const added = `Nouveau Membre ${run}`;
    await seedE2eUser('membre', { name: added, zone: 'Ouidah' });
    await page.reload();
    await page.locator('main tbody tr').filter({ hasText: added }).waitFor();
    // And through the menu, without a reload: the list asks the server again.
    const later = `Dernier Membre ${run}`;
    await seedE2eUser('membre', { name: later, zone: 'Bohicon' });
    await page.getByRole('button', { name: 'Profil', exact: true }).click();
    await page.getByRole('button', { name: 'Filtre utilisateur' }).click();
    await page.getByRole('button', { name: 'Les Membres', exact: true }).click();
    await page.locator('main tbody tr').filter({ hasText: later }).waitFor();
    assertNoPageErrors(page);
  });

  it("the adviser's users list and profile open from their address; an empty list offers « Ajouter »", async () => {
    const adviser = await seedE2eUser('conseiller', { name: `Kossi Conseiller ${run}` });
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, adviser.telephone, adviser.password);
    await page.goto('/dashboard-conseiller');
    await page.getByRole('heading', { name: 'Liste des utilisateurs créés' }).waitFor();
    await page.getByText("Vous n'avez encore créé aucun utilisateur.").waitFor();
    const add = page.getByRole('main').getByRole('button', { name: 'Ajouter', exact: true });
    expect((await add.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectReachableTargets(page, page.getByRole('main'), 360);
    await shot(page, 'conseiller-liste-vide-360');
    await add.click();
    await page.getByRole('dialog', { name: 'Ajouter un utilisateur' }).waitFor();
    await page.goto('/dashboard-conseiller?vue=profil');
    await page.reload();
    await expect
      .poll(() => page.getByRole('main').evaluate((m) => [...m.querySelectorAll('input')].map((i) => i.value).join(' ')))
      .toContain(formatTelephone(adviser.telephone));
    assertNoPageErrors(page);
  });
});

describe('the back office on a 360 px touch phone', () => {
  it('keeps the header’s height when the person’s name arrives', async () => {
    const page = await browser.newPage(PHONE);
    await asAdmin(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/profile', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard-administrateur');
    const header = page.locator('header').first();
    await header.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    const before = (await header.boundingBox())!.height;
    release();
    await page.getByTestId('dashboard-user-name').waitFor();
    expect((await header.boundingBox())!.height).toBe(before);
  });

  it('lands on what waits, with counts, and a menu with words', async () => {
    const page = await browser.newPage(PHONE);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur');
    await heading(page, 'À traiter').waitFor();
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /compte.? à confirmer/ }).waitFor();
    for (const label of [/volontaires? à confirmer/, /témoignages? à publier/, /nouveaux? messages?/])
      await main.getByRole('button', { name: label }).waitFor();
    // No icon rail on a phone: one « Menu » button with its word, opening labelled entries.
    expect(await page.getByRole('complementary', { name: 'Menu du tableau de bord' }).isVisible()).toBe(false);
    await expectReachableTargets(page, page.locator('body'), 360);
    await shot(page, 'admin-a-traiter-360');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('complementary', { name: 'Menu du tableau de bord' });
    for (const label of ['À traiter', 'Confirmer Compte', 'Témoignages', 'Messages de contact', 'Déconnexion'])
      await menu.getByText(label, { exact: true }).waitFor();
    await expectReachableTargets(page, menu, 360);
    await shot(page, 'admin-menu-360');
    await expectNoWcagViolations(page);
    await menu.getByRole('button', { name: 'Confirmer Compte' }).click();
    await heading(page, 'Confirmer Compte').waitFor();
    expect(await menu.isVisible()).toBe(false);
    await page.locator('main tbody tr').first().waitFor();
    // Cards: « Confirmer » is inside the screen (it was at x = 813).
    await expectReachableTargets(page, page.getByRole('main'), 360);
    const confirm = page.getByRole('main').getByRole('button', { name: 'Confirmer' }).first();
    expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'admin-comptes-cartes-360');
    await expectNoWcagViolations(page);
    assertNoPageErrors(page);
  });

  it('handles a contact message: tel: link, « Marquer traité », then listed under « Traités »', async () => {
    const page = await browser.newPage(PHONE);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=messages');
    const card = page.locator('main tbody tr').filter({ hasText: contactName });
    await card.waitFor();
    // Shown in the 10-digit form (formatTelephone), dialled in E.164: the link calls the number it shows.
    expect(await card.getByRole('link', { name: '01 90 44 55 66' }).getAttribute('href')).toBe('tel:+2290190445566');
    await expectReachableTargets(page, page.getByRole('main'), 360);
    await shot(page, 'admin-messages-360');
    await expectNoWcagViolations(page);
    await card.getByRole('button', { name: 'Marquer traité' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Traités' }).click();
    await page.locator('main tbody tr').filter({ hasText: contactName }).getByRole('button', { name: 'Remettre en nouveau' }).waitFor();
    const row = await e2eDb().selectFrom('contact_messages').select('handled_at').where('name', '=', contactName).executeTakeFirstOrThrow();
    expect(row.handled_at).not.toBeNull();
    assertNoPageErrors(page);
  });

  it("shows a pending testimonial's avatar to the administrator before publishing", async () => {
    const page = await browser.newPage(PHONE);
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=temoignages');
    const card = page.locator('main tbody tr').filter({ hasText: author });
    await card.waitFor();
    const img = card.locator('img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    expect(await img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(1);
    await expectReachableTargets(page, page.getByRole('main'), 360);
    await shot(page, 'admin-temoignages-360');
    assertNoPageErrors(page);
  });
});

describe('the back office on a desktop', () => {
  it('keeps the sidebar with labels, French header and logout, and no WCAG A/AA violation', async () => {
    const page = await browser.newPage();
    await asAdmin(page);
    await page.goto('/dashboard-administrateur?vue=membres');
    await page.locator('main tbody tr').filter({ hasText: member }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    const menu = page.getByRole('complementary', { name: 'Menu du tableau de bord' });
    await menu.getByRole('button', { name: 'Déconnexion' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    expect(await page.title()).toBe('Les Membres — Tableau de bord administrateur — ASBE');
    await expectNoWcagViolations(page);
    assertNoPageErrors(page);
  });
});

describe('finish (issue #18 §6)', () => {
  it('serves /favicon.ico (asked for by the checkout and receipt pages)', async () => {
    const res = await fetch(`${inject('baseURL')}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/icon/);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('00000100');
  });

  it('opens a cause from its id without accents, titled in correct French', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/causes/securite-toit');
    await page.getByRole('heading', { level: 1, name: "Sécurité d'un toit" }).waitFor();
    await page.goto('/causes/securite-energetique');
    await page.getByRole('heading', { level: 1, name: 'Sécurité énergétique' }).waitFor();
    expect(await page.locator('footer').innerText()).toContain(`© ${new Date().getFullYear()}`);
    assertNoPageErrors(page);
  });

  it('shows short empty states on the home page when nothing is published yet, and keeps scroll-to-top off the content at 360 px', async () => {
    const page = await browser.newPage(PHONE);
    // The two public lists answer empty (a fresh association): only their answers are replaced.
    for (const list of ['testimonials', 'volunteers'])
      await page.route(`**/api/${list}*`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-total-count': '0' }, body: '[]' }),
      );
    await page.goto('/');
    await page.getByText('Aucun témoignage publié pour le moment.').waitFor();
    await page.getByRole('link', { name: 'Partagez le vôtre' }).waitFor();
    await page.getByText('Nos volontaires seront bientôt présentés ici.').waitFor();
    expect(await page.getByText('Chargement des témoignages...').count()).toBe(0);
    const toTop = page.getByRole('button', { name: 'Remonter en haut de la page' });
    // Mid-page on a phone, no floating button over the text or the carousel's arrows.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(100);
    expect(await toTop.count()).toBe(0);
    // At the end it sits in its own strip below the footer.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await toTop.waitFor();
    const button = (await toTop.boundingBox())!;
    const footer = (await page.locator('footer').boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(footer.y + footer.height);
    expect(button.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'accueil-vide-360');
    assertNoPageErrors(page);
  });
});
