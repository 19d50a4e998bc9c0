import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';
import { e2eDb } from './helpers/seed';

const browser = setupBrowser();

const HERO_HEADINGS = [
  'Simplifiez votre quotidien grâce à des services adaptés',
  'Découvrez des solutions innovantes pour améliorer votre qualité de vie',
  'Connectez-vous à un réseau de prestataires et de conseillers de confiance',
];
const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const currentSlide = (page: Page) => page.locator('[aria-roledescription="diapositive"]:not([hidden]) h2').innerText();

async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
}

// Rows dated in the future so they come first in the newest-first public lists, whatever other files seeded.
const stamp = Date.now().toString(36);
const future = (n: number) => new Date(Date.UTC(2099, 0, 1, 0, 0, n)).toISOString();

describe('home page', () => {
  it('shows the 13 sections of docs/product/screens.md in order', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Problématiques' }).waitFor();
    const headings = (await page.locator('main h2').allTextContents()).map(text);
    const expected = [
      'Agir avec nous',
      'Une mission associative',
      'Nos Causes',
      'Nos chiffres clés',
      'Missions & Visions',
      'Équipe des Volontaires',
      'Engagez-vous à nos côtés',
      'Ils témoignent',
      'Problématiques',
      'Abonnez-vous à la Newsletter',
    ];
    const positions = expected.map((h) => headings.indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The hero carousel comes first, right after the top navigation; the footer closes the page.
    const hero = page.getByRole('region', { name: "Présentation de l'association" });
    expect(await hero.getAttribute('aria-roledescription')).toBe('carrousel');
    expect(headings.indexOf(HERO_HEADINGS[0]!)).toBeLessThan(positions[0]!);
    const order = await page.evaluate(() => {
      const nav = document.querySelector('header nav');
      const heroEl = document.querySelector('[aria-roledescription="carrousel"]');
      const footer = document.querySelector('footer');
      const follows = (a: Element | null, b: Element | null) =>
        !!a && !!b && !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return follows(nav, heroEl) && follows(heroEl, footer);
    });
    expect(order).toBe(true);
    expect(await page.getByRole('button', { name: 'Remonter en haut de la page' }).count()).toBe(0);
    assertNoPageErrors(page);
  });

  it('advances the hero every 5 s, wraps, and its arrows wrap both ways', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await page.goto('/');
    const hero = page.getByRole('region', { name: "Présentation de l'association" });
    await hero.getByText(HERO_HEADINGS[0]!).waitFor();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await hero.innerText()).toContain('Rendre la vie quotidienne plus facile');
    expect(await hero.innerText()).toContain('Des solutions sur mesure pour vos besoins essentiels');
    // Freeze time, then restart the interval at a known instant with a manual move. The pause instant is a little
    // ahead of the page's clock: on a busy machine more than 50 ms can pass before pauseAt, which refuses the past.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    const start = HERO_HEADINGS.indexOf((await currentSlide(page)) as (typeof HERO_HEADINGS)[number]);
    expect(start).toBeGreaterThanOrEqual(0);
    await hero.getByRole('button', { name: 'Diapositive suivante' }).click();
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[(start + 1) % 3]);
    await page.clock.runFor(4_900);
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[(start + 1) % 3]);
    for (const step of [2, 3, 4]) {
      await page.clock.runFor(step === 2 ? 100 : 5_000);
      expect(await currentSlide(page)).toBe(HERO_HEADINGS[(start + step) % 3]);
    }
    // Bring it back to the first slide, then check both arrows wrap.
    while ((await currentSlide(page)) !== HERO_HEADINGS[0]) await hero.getByRole('button', { name: 'Diapositive suivante' }).click();
    const previous = hero.getByRole('button', { name: 'Diapositive précédente' });
    const next = hero.getByRole('button', { name: 'Diapositive suivante' });
    await previous.click();
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[2]);
    await next.click();
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[0]);
    await next.click();
    await next.click();
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[2]);
    await next.click();
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[0]);
    // The pause button stops the rotation (WCAG 2.2.2) and the play button resumes it.
    await hero.getByRole('button', { name: 'Mettre en pause le défilement' }).click();
    await page.clock.runFor(15_000);
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[0]);
    await hero.getByRole('button', { name: 'Reprendre le défilement' }).click();
    await page.clock.runFor(5_000);
    expect(await currentSlide(page)).toBe(HERO_HEADINGS[1]);
    assertNoPageErrors(page);
  });

  it('loads only the first hero picture eagerly, in AVIF, with high priority; the rest is lazy', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await page.goto('/');
    const first = page.locator('[aria-roledescription="carrousel"] img').first();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[aria-roledescription="carrousel"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('alt')).toMatch(/^Illustration : /);
    // A portrait phone gets the portrait crop, in AVIF.
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/hero-1-portrait-(480|960)\.avif$/);
    const belowFold = await page
      .locator('main section:not([aria-roledescription]) img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('loading')));
    expect(belowFold.length).toBeGreaterThanOrEqual(16);
    expect(belowFold.every((l) => l === 'lazy')).toBe(true);
    // Every picture exists and has French alt text once scrolled into view.
    await scrollThrough(page);
    const belowFoldPictures = 'main section:not([aria-roledescription]) picture img';
    await page.waitForFunction(
      (selector) => [...document.querySelectorAll<HTMLImageElement>(selector)].every((i) => i.complete && i.naturalWidth > 0),
      belowFoldPictures,
      { timeout: 20_000 },
    );
    const alts = await page.locator(belowFoldPictures).evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));
    expect(alts.every((a) => a.length > 10)).toBe(true);
  });

  // docs/product/design.md budgets on a 375 px phone, measured as bytes transferred (compressed) by the browser.
  async function homeTransfer() {
    const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await page.goto('/', { waitUntil: 'networkidle' });
    return page.evaluate(async () => {
      // The prerendered page inlines its stylesheet: counted as CSS at its gzip size.
      const inlineCss = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('');
      const gzipped = new Blob([inlineCss]).stream().pipeThrough(new CompressionStream('gzip'));
      const inlineCssGzip = (await new Response(gzipped).arrayBuffer()).byteLength;
      const entries = [
        ...performance.getEntriesByType('resource'),
        ...performance.getEntriesByType('navigation'),
      ] as PerformanceResourceTiming[];
      const sum = (f: (e: PerformanceResourceTiming) => boolean) => entries.filter(f).reduce((n, e) => n + e.transferSize, 0);
      return { total: sum(() => true), js: sum((e) => e.name.endsWith('.js')), css: sum((e) => e.name.endsWith('.css')) + inlineCssGzip };
    });
  }

  it('stays within the page-weight budget on a 375 px phone: ≤ 500 KB in total, CSS ≤ 15 KB', async () => {
    const sizes = await homeTransfer();
    expect(sizes.total).toBeLessThanOrEqual(500 * 1024);
    expect(sizes.css).toBeLessThanOrEqual(15 * 1024);
  });

  it('loads at most 105 KB of JavaScript for the home route', async () => {
    expect((await homeTransfer()).js).toBeLessThanOrEqual(105 * 1024);
  });

  it('links the four action cards and the seven causes', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const actions = page.getByRole('region', { name: 'Agir avec nous' }).getByRole('link');
    await actions.first().waitFor();
    expect(await actions.count()).toBe(4);
    const cards = [
      ['Inspiration & Témoignages', '/temoignage'],
      ['Faire un Don', '/donation'],
      ['Devenir Volontaire', '/volontier'],
      ['Soumettre un Projet', '/projet-social'],
    ];
    for (const [i, [name, href]] of cards.entries()) {
      expect(text(await actions.nth(i).innerText())).toContain(name);
      expect(await actions.nth(i).getAttribute('href')).toBe(href);
    }
    const mission = page.getByRole('region', { name: 'Une mission associative' });
    expect(await mission.getByRole('link').getAttribute('href')).toBe('/about');

    const causes = page.getByRole('region', { name: 'Nos Causes' }).getByRole('link');
    const expectedCauses = [
      ['securite-sanitaire', 'Sécurité Sanitaire'],
      ['securite-alimentaire', 'Sécurité Alimentaire'],
      ['securite-avenir', "Sécurité d'Avenir"],
      ['securite-vestimentaire', 'Sécurité Textile'],
      ['securite-toît', "Sécurité d'un toit"],
      ['intégrité-juridique', 'Intégrité juridique'],
      ['sécurité-énergetique', 'Sécurité énergétique'],
    ];
    expect(await causes.count()).toBe(7);
    const tops: number[] = [];
    for (const [i, [id, title]] of expectedCauses.entries()) {
      const link = causes.nth(i);
      expect(decodeURI((await link.getAttribute('href')) ?? '')).toBe(`/causes/${id}`);
      expect(text(await link.innerText())).toContain(title);
      tops.push(Math.round((await link.boundingBox())!.y));
    }
    // Laid out as a row of 4 then a row of 3 on a wide screen.
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    expect(new Set(tops.slice(4)).size).toBe(1);
    expect(tops[4]!).toBeGreaterThan(tops[0]!);
    await causes.nth(4).click();
    await page.getByRole('heading', { level: 1, name: "Sécurité d'un toit" }).waitFor();
    expect(decodeURI(new URL(page.url()).pathname)).toBe('/causes/securite-toît');
    assertNoPageErrors(page);
  });

  it('shows the fixed statistics and the ten missions, whose description appears on hover and on focus', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const stats = text(await page.getByRole('region', { name: 'Nos chiffres clés' }).innerText());
    for (const s of ['98 520 Dons Reçus', '30 682 Cœurs Touchés', '6 184 Bénévoles Actifs', '14 369 Projets Réalisés']) {
      expect(stats.replace(/\s+/g, ' ')).toContain(s);
    }
    const missions = page.getByRole('region', { name: 'Missions & Visions' });
    const titles = (await missions.getByRole('heading', { level: 3 }).allInnerTexts()).map(text);
    expect(titles).toEqual([
      'Repas pour Tous',
      'Soins pour Tous',
      'Éducation pour Tous',
      'Financement pour Tous',
      'Vêtements pour Tous',
      'Transport pour Tous',
      'Logement pour Tous',
      'Sécurité pour Tous',
      'Sûrété pour Tous',
      'Énergie pour Tous',
    ]);
    expect(await missions.locator('li svg').count()).toBe(10);
    const description = (title: string) => missions.locator('li', { hasText: title }).locator('p');
    expect(await description('Repas pour Tous').isVisible()).toBe(false);
    await missions.getByRole('button', { name: 'Repas pour Tous' }).hover();
    expect(await description('Repas pour Tous').isVisible()).toBe(true);
    expect(await description('Soins pour Tous').isVisible()).toBe(false);
    await page.mouse.move(0, 0);
    await missions.getByRole('button', { name: 'Soins pour Tous' }).focus();
    expect(await description('Soins pour Tous').isVisible()).toBe(true);
    expect(await description('Repas pour Tous').isVisible()).toBe(false);
    assertNoPageErrors(page);
  });

  it('pages through confirmed volunteers with dots and shows the default picture for a broken photo', async () => {
    const db = e2eDb();
    const names = [1, 2, 3, 4, 5].map((n) => `Volontaire ${stamp} ${n}`);
    for (const [i, name] of names.entries()) {
      await db
        .insertInto('volunteers')
        .values({
          name,
          email: `vol-${stamp}-${i}@example.bj`,
          profile_image: `absente-${stamp}-${i}.jpg`,
          cv: 'cv/absent.pdf',
          motivation_letter: 'motivation_letter/absent.pdf',
          criminal_record: 'criminal_record/absent.pdf',
          domain: 'Education',
          under_restriction: 0,
          is_confirmed: 1,
          // They chose to appear on the public site.
          public_profile: 1,
          created_at: future(10 - i),
        })
        .execute();
    }
    const hiddenName = `Non confirmé ${stamp}`;
    await db
      .insertInto('volunteers')
      .values({
        name: hiddenName,
        email: `vol-${stamp}-x@example.bj`,
        profile_image: 'x.jpg',
        cv: 'cv/x.pdf',
        motivation_letter: 'motivation_letter/x.pdf',
        criminal_record: 'criminal_record/x.pdf',
        domain: 'Education',
        under_restriction: 0,
        is_confirmed: 0,
        created_at: future(20),
      })
      .execute();
    const listed = (await (await fetch(`${baseURL()}/api/volunteers`)).json()) as unknown[];

    const page = await browser.newPage();
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Équipe des Volontaires' });
    await section.getByText(names[0]!).waitFor();
    const cards = section.locator('li');
    expect(await cards.count()).toBe(4);
    expect((await cards.allInnerTexts()).map(text)).toEqual(names.slice(0, 4).map((n) => `${n} Volontaire`));
    expect(await section.getByText(hiddenName).count()).toBe(0);

    const dots = section.getByRole('navigation', { name: 'Pages des volontaires' }).getByRole('button');
    expect(await dots.count()).toBe(Math.ceil(listed.length / 4));
    expect(await dots.nth(0).getAttribute('aria-current')).toBe('true');
    const dotColour = (i: number) =>
      dots
        .nth(i)
        .locator('span')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await dotColour(0)).not.toBe(await dotColour(1));
    await dots.nth(1).click();
    await section.getByText(names[4]!).waitFor();
    expect(await section.getByText(names[0]!).count()).toBe(0);
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await dots.nth(0).getAttribute('aria-current')).toBeNull();

    // The photo file does not exist: the default profile picture replaces it.
    const photo = section.getByRole('img', { name: `Photo de ${names[4]}` });
    await page.waitForFunction((alt) => {
      const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
      return !!img && img.complete && img.naturalWidth > 0;
    }, `Photo de ${names[4]}`);
    expect(await photo.getAttribute('src')).toBe('/images/default-profile-256.webp');
    expect(await photo.evaluate((img) => getComputedStyle(img).borderRadius)).not.toBe('0px');
    assertNoPageErrors(page);
  });

  it('shows "Chargement des témoignages..." until testimonials arrive, keeps it on failure, then runs the carousel', async () => {
    // Failure: logged only (console.warn), the loading text stays.
    const failing = await browser.newPage();
    await failing.route('**/api/testimonials*', (route) => route.abort());
    await failing.goto('/');
    const loading = failing.getByText('Chargement des témoignages...');
    await loading.waitFor();
    await failing.waitForTimeout(1500);
    expect(await loading.isVisible()).toBe(true);
    assertNoPageErrors(failing);

    const db = e2eDb();
    const seeded = [1, 2, 3].map((n) => ({
      text: `Témoignage numéro ${n} ${stamp} : l'association a changé notre quotidien.`,
      author: `Auteur ${stamp} ${n}`,
      title: `Commerçante à Porto-Novo ${n}`,
      avatar: `avatar-absent-${stamp}-${n}.jpg`,
      is_published: 1,
      created_at: future(10 - n),
    }));
    for (const row of seeded) await db.insertInto('testimonials').values(row).execute();
    await db
      .insertInto('testimonials')
      .values({
        text: `Non publié ${stamp} et invisible`,
        author: 'Caché',
        title: 'Non publié',
        avatar: 'a.jpg',
        is_published: 0,
        created_at: future(30),
      })
      .execute();
    const listed = (await (await fetch(`${baseURL()}/api/testimonials`)).json()) as { author: string }[];
    const authors = listed.map((t) => t.author);
    expect(authors.slice(0, 3)).toEqual(seeded.map((s) => s.author));

    const page = await browser.newPage();
    await page.clock.install();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/testimonials*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByText('Chargement des témoignages...').waitFor();
    release();
    const carousel = page.getByRole('region', { name: 'Témoignages' });
    const shows = async (i: number) => {
      await carousel.getByText(listed[i]!.author, { exact: true }).waitFor();
      return true;
    };
    await shows(0);
    expect(await page.getByText('Chargement des témoignages...').count()).toBe(0);
    const figure = text(await carousel.locator('figure').innerText());
    expect(figure).toContain(seeded[0]!.text);
    expect(figure).toContain(seeded[0]!.title);
    expect(await carousel.getByRole('img', { name: `Photo de ${seeded[0]!.author}` }).count()).toBe(1);
    expect(await page.getByText('Non publié').count()).toBe(0);

    await page.clock.runFor(10_000);
    await shows(1);
    await carousel.getByRole('button', { name: 'Témoignage suivant' }).click();
    await shows(2 % authors.length);
    await carousel.getByRole('button', { name: 'Témoignage précédent' }).click();
    await carousel.getByRole('button', { name: 'Témoignage précédent' }).click();
    await shows(0);
    await carousel.getByRole('button', { name: 'Témoignage précédent' }).click();
    await shows(authors.length - 1);
    await carousel.getByRole('button', { name: 'Témoignage suivant' }).click();
    await shows(0);
    assertNoPageErrors(page);
  });

  it('shows the eight problématiques with image, title and description, then the newsletter block', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const grid = page.getByRole('region', { name: 'Problématiques' });
    await grid.waitFor();
    const items = grid.locator('li');
    expect(await items.count()).toBe(8);
    expect((await grid.getByRole('heading', { level: 3 }).allInnerTexts()).map(text)).toEqual([
      'Lutter contre la faim',
      'Habiller les démunis',
      'Faciliter les déplacements',
      'Loger les sans-abri',
      "Accès à l'éducation",
      'Soins de santé pour tous',
      'Intégrité juridique',
      'Sécurité énergétique',
    ]);
    for (let i = 0; i < 8; i++) {
      expect(await items.nth(i).locator('img').count()).toBe(1);
      expect(text(await items.nth(i).locator('p').innerText()).length).toBeGreaterThan(30);
    }
    await page.getByRole('heading', { name: 'Abonnez-vous à la Newsletter' }).waitFor();
    assertNoPageErrors(page);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    it(`has no serious or critical accessibility violation at ${viewport.width} px (axe)`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Problématiques' }).waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }, 120_000);
  }
});
