import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';
import { startOwnServer } from './helpers/own-server';

const browser = setupBrowser();

/** The browser tests run without the service worker unless they ask (apps/web/src/lib/register-service-worker.ts). */
async function withServiceWorker(page: Page) {
  await page.addInitScript(() => localStorage.setItem('asbe:service-worker', 'on'));
}

/** Waits until the service worker controls the page and has kept the content pages. */
async function waitForOfflineReady(page: Page) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return false;
      const pages = await caches.open('asbe-pages');
      return Boolean((await pages.match('/')) && (await pages.match('/about')));
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error("le service worker n'a pas gardé les pages en 30 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('installable app that survives bad networks', () => {
  it('serves a web app manifest with icons, and a service worker revalidated on every visit', async () => {
    const manifest = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as {
      lang: string;
      start_url: string;
      display: string;
      icons: Array<{ sizes: string; src: string }>;
    };
    expect(body).toMatchObject({ lang: 'fr', start_url: '/', display: 'standalone' });
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of body.icons) expect((await fetch(`${baseURL()}${icon.src}`)).headers.get('content-type')).toBe('image/png');
    const sw = await fetch(`${baseURL()}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const home = await (await fetch(`${baseURL()}/`)).text();
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('opens / and /about on a second visit with the server gone, with the « hors ligne » notice', async () => {
    const server = await startOwnServer();
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 }, allowConsoleErrors: true });
      await withServiceWorker(page);
      await page.goto(`${server.url}/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await waitForOfflineReady(page);

      // The network is gone for real (nothing answers any more).
      await server.stop();
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: 'Nos Causes' }).waitFor();
      await page.waitForSelector('html[data-hydrated="true"]');

      await page.goto(`${server.url}/about`);
      await page.locator('main h1').waitFor();
      await page.waitForSelector('html[data-hydrated="true"]');
      expect(await page.title()).toMatch(/ASBE/);
      // The phone says it is offline: the notice shows, fixed at the bottom.
      await page.context().setOffline(true);
      await page.getByRole('status').filter({ hasText: 'Hors ligne' }).waitFor();
      await page.context().setOffline(false);
      await page.getByRole('status').filter({ hasText: 'Hors ligne' }).waitFor({ state: 'detached' });

      // A page never opened on this device says so in French instead of the browser's error page.
      await page.goto(`${server.url}/paiement`);
      await page.getByRole('heading', { name: 'Vous êtes hors ligne' }).waitFor();
    } finally {
      await server.stop();
    }
  });

  it('keeps the page when the network drops before the first tap (the notifications chunk cannot load)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, touch: true, allowConsoleErrors: true });
    await page.goto('/about');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.context().setOffline(true);
    const chunkFailed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('.js'));
    await page.locator('main h1').tap();
    await chunkFailed;
    await page.getByRole('status').filter({ hasText: 'Hors ligne' }).waitFor();
    expect(await page.locator('main h1').isVisible()).toBe(true);
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await page.context().setOffline(false);
    await page.getByRole('status').filter({ hasText: 'Hors ligne' }).waitFor({ state: 'detached' });
    expect(await page.locator('main h1').isVisible()).toBe(true);
  });

  it('keeps no /api answer but the two public lists, and never a POST', async () => {
    const page = await browser.newPage({ allowConsoleErrors: true });
    await withServiceWorker(page);
    await page.goto('/');
    await waitForOfflineReady(page);
    await page.goto('/temoignage');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.goto('/contact');
    await page.waitForSelector('html[data-hydrated="true"]');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/');
    const api = cached.filter((u) => u.startsWith('/api/'));
    for (const u of api) expect(['/api/testimonials', '/api/volunteers']).toContain(u);
    assertNoPageErrors(page);
  });
});
