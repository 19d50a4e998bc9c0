import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';

const browser = setupBrowser();

describe('web shell', () => {
  it('serves the home page with the header and footer of docs/product/screens.md', async () => {
    const page = await browser.newPage();
    const organisation = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/organisation');
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const [name, href] of [
      ['Accueil', '/'],
      ['À propos de nous', '/about'],
      ['Contactez-nous', '/contact'],
      ['Connexion', '/connexion'],
    ]) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    const footer = page.locator('footer');
    for (const href of ['/temoignage', '/donation', '/volontier', '/projet-social', '/contact', '/about', '/connexion', '/']) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
    // The address is the organisation's as « Paramètres » set it (other browser tests change it in the shared
    // database), else the specification's « Cotonou, Bénin »: read from the page's own request.
    const facts = (await (await organisation).json()) as { address: string | null };
    const address = facts.address ?? 'Cotonou, Bénin';
    await footer.getByText(address).waitFor();
    const footerText = await footer.innerText();
    expect(footerText).toContain(address);
    expect(footerText).toContain(`© ${new Date().getFullYear()}`);
    for (const network of ['Facebook', 'Twitter', 'Instagram', 'YouTube']) {
      expect(await footer.getByRole('link', { name: network }).count()).toBe(1);
    }
    assertNoPageErrors(page);
  });

  it('announces the first hero image as a preload on the home page only', async () => {
    const home = await fetch(`${baseURL()}/`);
    expect(home.headers.get('link')).toContain('/images/hero/hero-1-portrait-480.avif>; rel=preload; as=image');
    const about = await fetch(`${baseURL()}/about`);
    expect(about.headers.get('link')).toBeNull();
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(requested.filter((u) => /hero-1-portrait-\d+\.avif$/.test(u))).toHaveLength(1);
  });

  it('opens and closes the burger menu on a small screen', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/about');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await burger.click();
    const mobileNav = page.getByRole('navigation', { name: 'Menu mobile' });
    await mobileNav.getByRole('link', { name: 'Contactez-nous' }).waitFor();
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    expect(await mobileNav.count()).toBe(0);
  });

  it('shows the scroll-to-top button after 300 px and scrolls back up', async () => {
    // From 640 px; on a phone it only shows at the page's end (e2e/back-office.test.ts, issue #18 §6).
    const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Remonter en haut de la page' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 400);
    });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('loads deep links and shows "Page Non Trouvée" for unknown URLs', async () => {
    const page = await browser.newPage();
    await page.goto('/causes/securite-alimentaire');
    await page.locator('footer').waitFor();
    await page.goto('/une/page/inexistante');
    await page.getByRole('heading', { name: 'Page Non Trouvée' }).waitFor();
    expect(await page.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('sends a visitor without a token to /connexion and a wrong role to /unauthorized', async () => {
    const page = await browser.newPage();
    await page.goto('/dashboard-administrateur');
    await page.waitForURL('**/connexion');
    await page.evaluate(() => {
      localStorage.setItem('token', 'jeton-quelconque');
      localStorage.setItem('role', 'consommateur');
    });
    await page.goto('/dashboard-administrateur');
    await page.waitForURL('**/unauthorized');
    await page.getByRole('heading', { name: 'Accès non autorisé' }).waitFor();
  });

  it('shows "Unexpected Application Error!" when a page cannot load, and recovers on the next navigation', async () => {
    const page = await browser.newPage({ allowConsoleErrors: true });
    // A page chunk that fails to download (a deploy replaced it, the link dropped): the route error screen.
    await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contactez-Nous' }).waitFor();
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'À propos de nous' }).click();
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
    // Leaving the broken URL clears the error without a reload.
    await page.goBack();
    await page.getByRole('heading', { name: 'Contactez-Nous' }).waitFor();
  });
});
