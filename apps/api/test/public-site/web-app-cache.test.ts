import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The built web app as the server sees it: a prerendered page with its precompressed copy, the service worker, the
// manifest, a hashed asset and an image in two widths.
let t: TestApp;
let webDir: string;
const PAGE = `<!doctype html><html lang="fr"><head><title>Contact</title></head><body><div id="root"><main>${'Contactez-Nous '.repeat(200)}</main></div></body></html>`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-web-'));
  const write = (file: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
    fs.writeFileSync(path.join(webDir, file), data);
  };
  write('index.html', '<!doctype html><html><body><div id="root"></div></body></html>');
  write('pages/contact.html', PAGE);
  write('pages/contact.html.br', zlib.brotliCompressSync(PAGE));
  write('pages/pledge-frame.html', '<!doctype html><html><body><div id="root"><h1>Mon engagement de don</h1></div></body></html>');
  write('prerendered.json', JSON.stringify({ '/contact': 'pages/contact.html', '/engagement/:token': 'pages/pledge-frame.html' }));
  write(
    'pages/not-found.html',
    '<!doctype html><html><body><div id="root" data-not-found=""><h1>Page Non Trouvée</h1></div></body></html>',
  );
  write(
    'web-routes.json',
    JSON.stringify({
      routes: ['/', '/contact', '/causes/:causeId', '/engagement/:token', '/engagement/:token/payer', '/dashboard-administrateur'],
      notFound: 'pages/not-found.html',
    }),
  );
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  write('manifest.webmanifest', '{"name":"ASBE"}');
  write('assets/index-abc123.js', 'console.log(1)');
  write('images/hero/hero-1-1600.avif', Buffer.alloc(1600, 1));
  write('images/hero/hero-1-960.avif', Buffer.alloc(960, 1));
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('one cache policy per page, whatever the encoding', () => {
  it('revalidates a prerendered page every time, compressed or plain', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/contact' });
    const brotli = await t.app.inject({ method: 'GET', url: '/contact', headers: { 'accept-encoding': 'br' } });
    expect(plain.statusCode).toBe(200);
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(brotli.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates the service worker and the manifest, keeps hashed assets a year', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

describe('Save-Data', () => {
  it('answers an image with its smallest width when the phone saves data, and says the answer varies on it', async () => {
    const normal = await t.app.inject({ method: 'GET', url: '/images/hero/hero-1-1600.avif' });
    const saving = await t.app.inject({ method: 'GET', url: '/images/hero/hero-1-1600.avif', headers: { 'save-data': 'on' } });
    expect(normal.rawPayload.length).toBe(1600);
    expect(saving.rawPayload.length).toBe(960);
    expect(normal.headers.vary).toContain('Save-Data');
    expect(saving.headers.vary).toContain('Save-Data');
    // The smallest one has nothing smaller.
    const smallest = await t.app.inject({ method: 'GET', url: '/images/hero/hero-1-960.avif', headers: { 'save-data': 'on' } });
    expect(smallest.rawPayload.length).toBe(960);
  });
});

describe('addresses the app has no route for', () => {
  it('get the prerendered "page non trouvée"; the app routes get their page or the shell', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/une/page/inexistante' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('data-not-found');
    expect(unknown.headers['cache-control']).toBe('no-cache');
    for (const url of ['/dashboard-administrateur', '/dashboard-administrateur/', '/causes/sante?x=1']) {
      const known = await t.app.inject({ method: 'GET', url });
      expect(known.body, url).toContain('<div id="root"></div>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/contact' })).body).toContain('Contactez-Nous');
    expect((await t.app.inject({ method: 'GET', url: '/causes/sante/plus' })).body).toContain('data-not-found');
  });

  it('sends a form the browser posted itself (no script) back to its page, 303, the fields nowhere', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connexion',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'telephone=0196000001&password=Secret-123',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/connexion');
    for (const url of ['//evil.example/x', '/\\evil.example/x']) {
      const away = await t.app.inject({
        method: 'POST',
        url,
        payload: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(away.headers.location, url).toMatch(/^\/(?![/\\])/);
    }
    // Not for the API nor a file: those keep their 404.
    expect((await t.app.inject({ method: 'POST', url: '/api/inconnu', payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sw.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/connexion' })).statusCode).toBe(404);
  });
});

describe('a page prerendered with a parameter', () => {
  it('answers its frame for every value of the parameter, and nothing deeper', async () => {
    for (const url of ['/engagement/exemple', '/engagement/Zx-9_token']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Mon engagement de don</h1>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // /engagement/:token/payer is another route: the single-page shell, not the frame.
    const deeper = await t.app.inject({ method: 'GET', url: '/engagement/exemple/payer' });
    expect(deeper.body).toBe('<!doctype html><html><body><div id="root"></div></body></html>');
  });
});
