import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PAGE_FACT_MARKS as MARK } from '@shared/organisation-page-facts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../events/fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer } from '../helpers/users';

// The prerendered pages carry the organisation's facts as set (docs/architecture.md — « Prerendered pages and the
// organisation's facts »): the build renders a mark per fact, the server fills them when it serves the page, so the
// HTML itself (before any script) has the real telephone, and a change in the back office shows at the next load.
let t: TestApp;
let webDir: string;
const FOOTER = `<footer><p>${MARK.name}</p><p>${MARK.address}</p><p>${MARK.telephone}</p><a href="tel:${MARK.telephone}">x</a><a href="mailto:${MARK.email}">${MARK.email}</a><a href="${MARK.social.Facebook}">Facebook</a></footer>`;
const PAGE = `<!doctype html><html lang="fr"><head><title>Contact</title></head><body><div id="root"><main>${'Contactez-Nous '.repeat(100)}</main>${FOOTER}</div></body></html>`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-web-'));
  const write = (file: string, data: string) => {
    fs.mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
    fs.writeFileSync(path.join(webDir, file), data);
  };
  write('index.html', '<!doctype html><html><body><div id="root"></div></body></html>');
  write('pages/contact.html', PAGE);
  write(
    'pages/not-found.html',
    `<!doctype html><html><head></head><body><div id="root" data-not-found=""><h1>Page Non Trouvée</h1>${FOOTER}</div></body></html>`,
  );
  write('prerendered.json', JSON.stringify({ '/contact': 'pages/contact.html' }));
  write('web-routes.json', JSON.stringify({ routes: ['/', '/contact'], notFound: 'pages/not-found.html' }));
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const facts = (telephone: string | null, name: string | null = null) => ({
  name,
  address: 'Lot 123, Akpakpa, Cotonou',
  registration_number: null,
  telephone,
  email: 'contact@asbe.bj',
  social: { facebook: 'https://facebook.com/asbe.benin', twitter: null, instagram: null, youtube: null },
  founder: null,
  receipt_signature_image: null,
});

describe('the organisation facts in the prerendered HTML', () => {
  it('the placeholders until a fact is set, the facts as set from the next load on, escaped, compressed or not', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/contact' })).body;
    expect(before).toContain('<p>+229 01 00 00 00 00</p>');
    expect(before).not.toContain('__asbe_fact_');

    const token = await adminToken(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/organisation',
      headers: bearer(token),
      payload: facts('+229 01 97 12 34 56', 'Solidarité & Besoins <ASBE>'),
    });
    expect(put.statusCode, put.body).toBe(200);

    for (const headers of [{}, { 'accept-encoding': 'br' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/contact', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
      expect(html).toContain('<p>+229 01 97 12 34 56</p>');
      expect(html).toContain('href="tel:+2290197123456"');
      expect(html).toContain('<p>Lot 123, Akpakpa, Cotonou</p>');
      expect(html).toContain('href="https://facebook.com/asbe.benin"');
      expect(html).toContain('<p>Solidarité &amp; Besoins &lt;ASBE&gt;</p>');
      expect(html).not.toContain('+229 01 00 00 00 00');
      expect(html).not.toContain('__asbe_fact_');
      // The page's script hydrates with the same facts (apps/web/src/components/layout/use-organisation.ts).
      expect(html).toMatch(/<meta name="asbe-organisation" content="\{&quot;name&quot;:&quot;Solidarité &amp; Besoins &lt;ASBE&gt;&quot;/);
    }
    // The « page non trouvée » too.
    expect((await t.app.inject({ method: 'GET', url: '/nulle-part' })).body).toContain('<p>+229 01 97 12 34 56</p>');

    // A change shows at the next load, without a rebuild.
    await t.app.inject({ method: 'PUT', url: '/api/admin/organisation', headers: bearer(token), payload: facts('+229 01 55 44 33 22') });
    const after = (await t.app.inject({ method: 'GET', url: '/contact' })).body;
    expect(after).toContain('<p>+229 01 55 44 33 22</p>');
    expect(after).toContain('<p>Association Solidarité Besoins Essentiels</p>');
  });
});
