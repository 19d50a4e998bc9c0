import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';

const browser = setupBrowser();
const slideStates = (page: import('playwright-core').Page) =>
  page.evaluate(() => [...document.querySelectorAll('[aria-roledescription="diapositive"]')].map((e) => !(e as HTMLElement).hidden));

// The content pages are rendered at build time (scripts/lib/prerender-pages.mjs) and hydrated after the page's load
// (apps/web/boot.js), so a phone paints them before ~100 KB of JavaScript has arrived.
describe('prerendered home page', () => {
  it('answers "/" with the page already in the HTML, and deep links with the empty shell', async () => {
    const home = await (await fetch(`${baseURL()}/`)).text();
    expect(home).toMatch(/<div id="root"><!--\$--><div/);
    for (const piece of [
      'Nos Causes',
      'Nos chiffres clés',
      'Abonnez-vous à la Newsletter',
      'Chargement des témoignages...',
      'Problématiques',
    ]) {
      expect(home).toContain(piece);
    }
    // The stylesheet is inline; the only script is the boot script, inline too, which the CSP allows by its hash.
    expect(home).toContain('<style>');
    expect(home).not.toContain('rel="stylesheet"');
    expect(home.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script data-entry="\/assets\/index-/)]);
    const boot = home.match(/<script data-entry[^>]*>([\s\S]*?)<\/script>/)![1]!;
    const bootHash = (await import('node:crypto')).createHash('sha256').update(boot, 'utf8').digest('base64');
    expect((await fetch(`${baseURL()}/`)).headers.get('content-security-policy')).toContain(`'sha256-${bootHash}'`);

    // The public form pages are prerendered too (e2e/kept-input.test.ts); the dashboards get the empty shell, whose
    // list-prefetch script loads the app (e2e/back-office.test.ts).
    const dashboard = await (await fetch(`${baseURL()}/dashboard-administrateur`)).text();
    expect(dashboard).toContain('<div id="root"></div>');
    expect(dashboard).toMatch(/<script data-entry="\/assets\/index-[\w-]+\.js" data-style=/);
    // That inline script, and only it, is allowed by the CSP, by its hash.
    const csp = (await fetch(`${baseURL()}/dashboard-administrateur`)).headers.get('content-security-policy') ?? '';
    const inline = dashboard.match(/<script data-entry[^>]*>([\s\S]*?)<\/script>/)![1]!;
    const hash = (await import('node:crypto')).createHash('sha256').update(inline, 'utf8').digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(dashboard).not.toContain('home-page-');
  });

  it('is readable without JavaScript: hero, sections, links and footer', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    await page.goto('/');
    expect(await page.locator('[aria-roledescription="diapositive"]:not([hidden]) h2').innerText()).toBe(
      'Simplifiez votre quotidien grâce à des services adaptés',
    );
    expect(await page.locator('main h2').count()).toBeGreaterThanOrEqual(10);
    expect(await page.locator('a[href^="/causes/"]').count()).toBe(7);
    // The organisation's address as set (another test may have set it), else the placeholder: in the HTML itself.
    const facts = (await (await fetch(`${baseURL()}/api/organisation`)).json()) as { address: string | null };
    expect(await page.locator('footer').innerText()).toContain(facts.address ?? 'Cotonou, Bénin');
    expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);
  });

  it('downloads its JavaScript only after the page has loaded, then hydrates without errors', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated="true"]');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = performance.getEntriesByType('resource').filter((e) => /\/assets\/(index|home-page)-.*\.js$/.test(e.name));
      return { loadEventStart: nav.loadEventStart, scriptStarts: scripts.map((e) => e.startTime) };
    });
    expect(timing.scriptStarts).toHaveLength(2);
    for (const start of timing.scriptStarts) expect(start).toBeGreaterThanOrEqual(timing.loadEventStart);
    // Hydrated: the carousel answers its buttons. Paused first, so its 5 s rotation cannot move it between the tap
    // and the check on a busy machine; then « suivante » moves it one slide on from wherever it was.
    await page.getByRole('button', { name: 'Mettre en pause le défilement' }).click();
    const before = (await slideStates(page)).indexOf(true);
    await page.getByRole('button', { name: 'Diapositive suivante' }).click();
    await expect.poll(async () => (await slideStates(page)).indexOf(true)).toBe((before + 1) % 3);
    assertNoPageErrors(page);
  });

  it('keeps the taps and the address given before React is ready, and replays them once it is', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Diapositive suivante' }).click();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const email = `avant-hydratation-${Date.now()}@example.org`;
    await page.getByPlaceholder('Votre adresse email').fill(email);
    await page.getByLabel(/J’accepte de recevoir la lettre/).check();
    await page.getByRole('button', { name: "S'abonner" }).click();
    // Nothing has run yet: the first slide still shows, the menu is closed, no request left.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    expect(await slideStates(page)).toEqual([true, false, false]);
    expect(await page.locator('#mobile-menu').count()).toBe(0);

    release();
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => slideStates(page)).toEqual([false, true, false]);
    await page.locator('#mobile-menu').waitFor();
    await page.getByText('Merci ! Votre abonnement à la newsletter est confirmé.').waitFor();
    expect(await page.getByPlaceholder('Votre adresse email').inputValue()).toBe('');
    assertNoPageErrors(page);
  });

  it('gives the first hero slide 5 s from when it was painted, not from when React arrived', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    // React arrives ~1.5 s after the first paint.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10_000 });
    const hydratedAt = await page.evaluate(() => performance.now());
    const changedAt = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const slides = [...document.querySelectorAll('[aria-roledescription="diapositive"]')];
          new MutationObserver(() => {
            if ((slides[0] as HTMLElement).hidden) resolve(performance.now());
          }).observe(slides[0]!, { attributes: true, attributeFilter: ['hidden'] });
        }),
    );
    const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
    expect(hydratedAt - firstPaint).toBeGreaterThan(1_000);
    expect(changedAt - firstPaint).toBeGreaterThanOrEqual(4_900);
    expect(changedAt - firstPaint).toBeLessThan(5_600);
    assertNoPageErrors(page);
  });

  it('prerenders /about and every cause page too (accented ids, whatever the encoding), not an unknown cause', async () => {
    for (const [path, heading] of [
      ['/about', 'À propos de nous'],
      ['/causes/securite-alimentaire', 'Sécurité Alimentaire'],
      [`/causes/${encodeURIComponent('sécurité-énergetique')}`, 'Sécurité énergétique'],
      ['/causes/financement', 'Financement Communautaire'],
    ] as const) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html, path).toMatch(/<div id="root"><!--\$--><div/);
      expect(html, path).toContain(heading);
      expect(html, path).toContain(`<title>${heading} — ASBE</title>`);
      expect(html, path).not.toContain('home-page-');
    }
    expect(await (await fetch(`${baseURL()}/causes/inconnue`)).text()).toContain('<div id="root"></div>');

    // Hydrated in the browser without any mismatch (a console error fails the test).
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    for (const path of ['/about', '/causes/securite-sanitaire']) {
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    }
    assertNoPageErrors(page);
  });

  it('/inscription without a session goes to /connexion before the app loads (signed in, it stays: accounts.test.ts)', async () => {
    const page = await browser.newPage();
    await page.goto('/inscription');
    await page.waitForURL('**/connexion');
    await page.getByRole('heading', { name: 'Connectez-vous' }).waitFor();
    // A document navigation from /inscription's HTML, not the app's client-side redirect once loaded.
    const requests = await page.evaluate(() => performance.getEntriesByType('navigation').map((n) => n.name));
    expect(requests.map((u) => new URL(u).pathname)).toEqual(['/connexion']);
    assertNoPageErrors(page);
  });
});
