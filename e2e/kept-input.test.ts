import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makePng } from '../apps/api/test/public-site/fixtures';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';
import { e2eDb, seedE2eUser } from './helpers/seed';

const browser = setupBrowser();
const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Holds the app's entry script (named by the prerendered page's boot script) until `release()`: a slow phone. */
async function holdScripts(page: Page, path: string) {
  const html = await (await fetch(`${baseURL()}${path}`)).text();
  const entry = html.match(/data-entry="([^"]+)"/)?.[1];
  if (!entry) throw new Error(`${path} n'est pas prérendue`);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${entry}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('what is typed before the script arrives (prerendered form pages)', () => {
  it('/contact: text typed and a tap on Envoyer before hydration are kept and the message is sent', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const release = await holdScripts(page, '/contact');
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const email = `avant${stamp()}@example.bj`;
    await page.getByLabel('Nom').fill('Afiavi Dossou');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('Écrit avant que le script arrive.');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    release();
    await page.getByText('Votre message a été envoyé avec succès. Nous vous répondrons rapidement.').first().waitFor();
    const row = await e2eDb().selectFrom('contact_messages').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Afiavi Dossou', message: 'Écrit avant que le script arrive.' });
    expect(await page.getByLabel('Nom').inputValue()).toBe('');
    assertNoPageErrors(page);
  });

  it("/donation: the cause shown before hydration is the form's, and a cause chosen then is the one sent", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const release = await holdScripts(page, '/donation');
    await page.goto('/donation', { waitUntil: 'domcontentloaded' });
    const cause = page.getByLabel('Cause');
    expect(await cause.inputValue()).toBe('sante');
    // Away and back to the first cause of the list: a change from what the page showed.
    await cause.selectOption('education');
    await cause.selectOption('alimentation');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/donation/initiate'));
    release();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await cause.inputValue()).toBe('alimentation');
    await page.getByRole('button', { name: '1\u00a0000\u00a0FCFA', exact: true }).click();
    await page.getByRole('button', { name: 'Faire un don', exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({ purpose: 'alimentation', amount: 1000 });
  });

  it('/connexion: sent from the first paint on, the form never leaves as a GET with the password in the address', async () => {
    const user = await seedE2eUser('membre');
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const release = await holdScripts(page, '/connexion');
    // A boot script fetched as a file (as it was) held as long as the app: its request's time was the window.
    let releaseBoot!: () => void;
    const bootHeld = new Promise<void>((resolve) => {
      releaseBoot = resolve;
    });
    await page.route('**/assets/boot-*.js', async (route) => {
      await bootHeld;
      await route.continue();
    });
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await page.goto('/connexion', { waitUntil: 'commit' });
    await page.getByLabel('Mot de passe', { exact: true }).waitFor();
    await page.getByLabel('Téléphone').fill(user.telephone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    // The keyboard's « OK », as a phone sends a form.
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
    expect(new URL(page.url()).search).toBe('');

    releaseBoot();
    release();
    await page.waitForURL('**/espace-membre');
    expect(addresses.filter((url) => url.includes('?') && url.includes(encodeURIComponent(user.password)))).toEqual([]);
    expect(addresses.filter((url) => url.endsWith('/api/login'))).toHaveLength(1);
    assertNoPageErrors(page);
  });

  it('without JavaScript, a form sent by the browser itself goes as a POST and comes back to its page, fields in no address', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    for (const path of ['/connexion', '/donation', '/contact']) {
      await page.goto(path);
      expect(await page.locator('form:not([method="post"])').count()).toBe(0);
    }
    await page.goto('/connexion');
    await page.getByLabel('Téléphone').fill('0196000001');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Secret-123');
    const navigated = page.waitForEvent('framenavigated');
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
    expect((await navigated).url()).toBe(`${baseURL()}/connexion`);
    expect(addresses.some((url) => url === `${baseURL()}/connexion`)).toBe(true);
    expect(addresses.filter((url) => url.includes('Secret-123') || url.includes('0196000001'))).toEqual([]);
  });

  it('/donation: a preset tapped, then an amount typed before hydration: the typed amount is the one sent', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const release = await holdScripts(page, '/donation');
    await page.goto('/donation', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: '5\u00a0000\u00a0FCFA', exact: true }).click();
    await page.getByLabel('Autre montant (FCFA)').fill('2500');
    await page.getByLabel('Téléphone').fill('0197000301');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/donation/initiate'));
    await page.getByRole('button', { name: 'Faire un don', exact: true }).click();
    release();
    expect((await sent).postDataJSON()).toMatchObject({ amount: 2500 });
  });

  it('/donation: « Payer sur mon téléphone » tapped three times before hydration asks the telephone once', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const release = await holdScripts(page, '/donation');
    await page.goto('/donation', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Autre montant (FCFA)').fill('3000');
    await page.getByLabel('Téléphone').fill('0161000031');
    const initiated: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/donation/initiate')) initiated.push(request.postData() ?? '');
    });
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Payer sur mon téléphone' }).click();
    release();
    // Each replayed tap would have left before the first answer came back (each waits for the same form check).
    await page.getByText('Validez le paiement sur votre téléphone').waitFor();
    await page.waitForLoadState('networkidle');
    expect(initiated).toHaveLength(1);
  });

  it('/contact: three taps on Envoyer before hydration send the message once', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const release = await holdScripts(page, '/contact');
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const email = `trois${stamp()}@example.bj`;
    await page.getByLabel('Nom').fill('Afiavi Dossou');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('Trois fois touché, une fois envoyé.');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/')) posts.push(request.url());
    });
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Envoyer' }).click();
    release();
    await page.getByText('Votre message a été envoyé avec succès. Nous vous répondrons rapidement.').first().waitFor();
    const rows = await e2eDb().selectFrom('contact_messages').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(posts).toHaveLength(1);
  });

  it("the app's script lost once is asked again; lost for good, a notice reloads the page with what was typed", async () => {
    const html = await (await fetch(`${baseURL()}/contact`)).text();
    const entry = html.match(/data-entry="([^"]+)"/)![1]!;
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, allowConsoleErrors: true });
    let failing = true;
    let asked = 0;
    await page.route(`**${entry}*`, async (route) => {
      asked += 1;
      if (failing) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Nom').fill('Koffi Mensah');
    await page.getByLabel('Message').fill('Écrit pendant une coupure.');
    // Four tries (the first, then after 1, 2 and 4 s), then the notice.
    await page.getByRole('alert').getByText('La page n’a pas fini de se charger').waitFor({ timeout: 20_000 });
    expect(asked).toBe(4);
    failing = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByLabel('Nom').inputValue()).toBe('Koffi Mensah');
    expect(await page.getByLabel('Message').inputValue()).toBe('Écrit pendant une coupure.');
  });

  it('what a failed reload kept comes back for two minutes only', async () => {
    for (const [age, expected] of [
      [30_000, 'Koffi Mensah'],
      [3 * 60_000, ''],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.addInitScript((ms) => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          sessionStorage.setItem('boot:kept:/contact', JSON.stringify({ at: Date.now() - ms, values: { name: 'Koffi Mensah' } }));
        }
      }, age);
      await page.goto('/contact');
      await page.waitForSelector('html[data-hydrated="true"]');
      expect(await page.getByLabel('Nom').inputValue(), `${age} ms`).toBe(expected);
    }
  });

  it('/connexion: a telephone typed before hydration is still there once React runs', async () => {
    const page = await browser.newPage();
    const release = await holdScripts(page, '/connexion');
    await page.goto('/connexion', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Téléphone').fill('+22997001122');
    release();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByLabel('Téléphone').inputValue()).toBe('+22997001122');
    assertNoPageErrors(page);
  });
});

describe('drafts kept on the device', () => {
  it('/volontier: filled, reloaded, still filled (not the files); sent only on the button; cleared after success', async () => {
    const page = await browser.newPage();
    await page.goto('/volontier');
    await page.waitForSelector('html[data-hydrated="true"]');
    const email = `brouillon${stamp()}@example.bj`;
    // The form asks a telephone (required) and an optional e-mail (docs/product).
    const telephone = `0197${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    await page.getByLabel('Nom').fill('Kossi Brouillon');
    await page.getByLabel('Téléphone').fill(telephone);
    await page.getByLabel('Email (facultatif)').fill(email);
    await page.getByLabel("Domaine d'engagement").selectOption('education');
    await page.getByLabel('CV').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: makePdf() });

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForFunction(
      () => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === 'Kossi Brouillon',
    );
    expect(await page.getByLabel('Téléphone').inputValue()).toBe(telephone);
    expect(await page.getByLabel('Email (facultatif)').inputValue()).toBe(email);
    expect(await page.getByLabel("Domaine d'engagement").inputValue()).toBe('education');
    expect(await page.getByLabel('CV').evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);
    // Nothing was sent by the reload.
    expect(await e2eDb().selectFrom('volunteers').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    await page.getByLabel('Photo de profil').setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: makePng(4, 4) });
    await page.getByLabel('CV').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await page
      .getByLabel('Lettre de motivation')
      .setInputFiles({ name: 'lettre.docx', mimeType: 'application/octet-stream', buffer: makeDocx() });
    await page.getByLabel('Casier judiciaire').setInputFiles({ name: 'casier.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByText('Merci pour votre inscription !').first().waitFor();
    expect(
      await e2eDb().selectFrom('volunteers').select(['name', 'telephone']).where('email', '=', email).executeTakeFirstOrThrow(),
    ).toEqual({ name: 'Kossi Brouillon', telephone: `+229${telephone}` });

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByLabel('Nom').inputValue()).toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('brouillon')))).toEqual([]);
    assertNoPageErrors(page);
  });
});
