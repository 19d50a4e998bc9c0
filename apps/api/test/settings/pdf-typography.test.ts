import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 40: the statements PDF printed « − » as `"`. The organisation's facts, typed with a minus sign, a narrow
// no-break space and an apostrophe, print readably on the receipt, the year-end receipt and the donor register.

let t: TestApp;
let admin: SeededUser;
const ADDRESS = 'Lot 12\u202fB \u2212 Akpakpa, rue de l’Église';
// pdfText reads WinAnsi bytes as Latin-1: no-break space 0xA0, en dash 0x96, apostrophe 0x92.
const PRINTED = 'Lot 12\u00a0B \u0096 Akpakpa, rue de l\u0092Église';

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/organisation',
    headers: bearer(admin.token),
    payload: { name: 'ASBE', address: ADDRESS },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => t?.close());

describe('PDF typography', () => {
  it('prints the facts readably on the receipt, the year-end receipt and the donor register', async () => {
    const year = new Date().getFullYear();
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/admin/offline-payments',
      headers: bearer(admin.token),
      payload: {
        kind: 'donation',
        amount: 5000,
        name: 'Awa Houénou',
        telephone: '0197440011',
        method: 'especes',
        reference: 'TYPO-1',
        received_at: `${year}-01-02`,
        purpose: 'sante',
      },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const pdfs = {
      receipt: await t.app.inject({ method: 'GET', url: gift.json().receipt_url.replace('?', '/pdf?') }),
      year: await t.app.inject({
        method: 'GET',
        url: `/api/admin/year-receipts/${encodeURIComponent('+2290197440011')}/pdf?year=${year}`,
        headers: bearer(admin.token),
      }),
      register: await t.app.inject({ method: 'GET', url: `/api/admin/books/donor-register?year=${year}`, headers: bearer(admin.token) }),
    };
    for (const [name, res] of Object.entries(pdfs)) {
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text, name).toContain(PRINTED);
      expect(text, name).not.toContain('"');
    }
  });
});
