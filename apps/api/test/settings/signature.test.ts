import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import sharp from 'sharp';
import { pdfText } from '../helpers/pdf-text';
import { readZip } from '../privacy/fixtures';
import { file, makePdf, makePng, multipart, type Part } from '../public-site/fixtures';

// Issue 33 build item 7: the organisation's signature image, uploaded by an administrator, checked like every upload,
// stored through the storage layer, shown on receipts (HTML and PDF); until it is set, receipts leave it out.

let t: TestApp;
let admin: SeededUser;
let receipt: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/offline-payments',
    headers: bearer(admin.token),
    payload: {
      kind: 'donation',
      amount: 2500,
      name: 'Afi Donatrice',
      telephone: '+22961000090',
      method: 'especes',
      reference: 'Carnet 9',
      received_at: new Date().toISOString().slice(0, 10),
      purpose: 'sante',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  receipt = res.json().receipt_url;
});
afterAll(async () => t?.close());

const upload = (part: Part | null, token = admin.token) => {
  const body = multipart(part ? [part] : []);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/organisation/signature',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};
const receiptHtml = async () => (await t.app.inject({ method: 'GET', url: receipt })).body;
const receiptPdf = async () => (await t.app.inject({ method: 'GET', url: receipt.replace('?', '/pdf?') })).rawPayload.toString('latin1');
const hasImage = (pdf: string) => /\/Subtype\s*\/Image/.test(pdf);

describe("the receipts' signature", () => {
  it('is left out of receipts until set', async () => {
    expect(await receiptHtml()).not.toContain('class="signature"');
    const pdf = await receiptPdf();
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(hasImage(pdf)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisation/signature' })).statusCode).toBe(404);
  });

  it('refuses a wrong file with a French message and stores nothing', async () => {
    const cases: Array<[Part | null, number, string]> = [
      [file('signature', 'signature.png', makePdf(), 'image/png'), 422, 'La signature doit être une image au format png, jpg ou jpeg.'],
      [file('signature', 'signature.gif', makePng(), 'image/gif'), 422, 'La signature doit être une image au format png, jpg ou jpeg.'],
      [
        file('signature', 'signature.png', Buffer.concat([makePng(), Buffer.alloc(1024 * 1024 + 10)]), 'image/png'),
        413,
        "L'image de la signature ne doit pas dépasser 1 Mo.",
      ],
      [null, 422, "Veuillez choisir l'image de la signature."],
    ];
    for (const [part, status, message] of cases) {
      const res = await upload(part);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors.signature).toEqual([message]);
    }
    const facts = (await t.app.inject({ method: 'GET', url: '/api/admin/organisation', headers: bearer(admin.token) })).json();
    expect(facts).toMatchObject({ receipt_signature_image: null, signature_key: null });
  });

  it('is for administrators only', async () => {
    const member = await seedUser(t, 'membre');
    expect((await upload(file('signature', 's.png', makePng(), 'image/png'), member.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/organisation/signature' })).statusCode).toBe(401);
  });

  it('once uploaded, is served and shown on the HTML and PDF receipts, kept by a later save of the facts', async () => {
    const png = makePng(40, 16);
    const res = await upload(file('signature', 'Signature présidente.png', png, 'image/png'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.signature_key).toMatch(/^signatures\/[0-9a-f-]{36}\.png$/);
    expect(body.receipt_signature_image).toMatch(/^\/api\/organisation\/signature\?v=[0-9a-f-]+$/);

    const image = await t.app.inject({ method: 'GET', url: body.receipt_signature_image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);

    expect(await receiptHtml()).toContain(`<img class="signature" src="${body.receipt_signature_image}"`);
    expect(hasImage(await receiptPdf())).toBe(true);

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'organisation.signature').execute();
    expect(audit.at(-1)).toMatchObject({ actor_user_id: admin.id });

    // The facts form sends no signature: saving them keeps it.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/organisation',
      headers: bearer(admin.token),
      payload: { name: 'ASBE', address: 'Lot 123, Akpakpa' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().receipt_signature_image).toBe(body.receipt_signature_image);

    // The year-end receipts carry the same issuer: the facts set and the image, one by one and in the ZIP (made by
    // the worker thread, which gets them from the request).
    const year = new Date().getFullYear();
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/admin/year-receipts/${encodeURIComponent('+22961000090')}/pdf?year=${year}`,
      headers: bearer(admin.token),
    });
    expect(single.statusCode).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: `/api/admin/year-receipts/zip?year=${year}`, headers: bearer(admin.token) });
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    // The donor's telephone, stored in E.164 (the national number took its « 01 »), names the file.
    const zipped = entries.get(`recu-annuel-${year}-2290161000090.pdf`);
    expect(zipped, [...entries.keys()].join(', ')).toBeDefined();
    for (const pdf of [single.rawPayload, zipped!]) {
      expect(hasImage(pdf.toString('latin1'))).toBe(true);
      const text = pdfText(pdf);
      expect(text).toContain('Lot 123, Akpakpa');
      expect(text).toContain('ASBE atteste avoir reçu ces dons');
    }
  });

  it('takes a JPEG too, replacing the previous image, and is removed on request', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/organisation', headers: bearer(admin.token) })).json();
    // A real JPEG (a scan), which the PDF receipt draws.
    const jpeg = await sharp({ create: { width: 60, height: 24, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const res = await upload(file('signature', 'signature.jpg', jpeg, 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signature_key).toMatch(/\.jpg$/);
    expect(await t.app.storage.open(before.signature_key)).toBeNull();
    expect(hasImage(await receiptPdf())).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/admin/organisation/signature', headers: bearer(admin.token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ receipt_signature_image: null, signature_key: null });
    expect(await t.app.storage.open(res.json().signature_key)).toBeNull();
    expect(await receiptHtml()).not.toContain('class="signature"');
    expect(hasImage(await receiptPdf())).toBe(false);
  });
});
