import { ROLES } from '@shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, makeDocx, makePdf, makePng, multipart } from './fixtures';

let t: TestApp;
let admin: SeededUser;
const others: SeededUser[] = [];
let cv = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  for (const role of ROLES.filter((r) => r !== 'administrateur')) others.push(await seedUser(t, role));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/volunteers',
    ...multipart([
      field('name', 'Sena Agbo'),
      field('email', 'sena@example.bj'),
      field('domain', 'sante'),
      field('under_restriction', '0'),
      file('profile_image', 'p.png', makePng()),
      file('cv', 'cv.pdf', makePdf()),
      file('motivation_letter', 'l.docx', makeDocx()),
      file('criminal_record', 'c.pdf', makePdf()),
    ]),
  });
  expect(res.statusCode).toBe(201);
  cv = (await t.db.selectFrom('volunteers').select('cv').executeTakeFirstOrThrow()).cv;
});
afterAll(async () => t.close());

const ADMIN_ENDPOINTS: Array<[method: 'GET' | 'PUT' | 'DELETE', url: () => string]> = [
  ['GET', () => '/api/volunteers/unconfirmed'],
  ['PUT', () => '/api/volunteers/1/confirm'],
  ['GET', () => '/api/projects/unconfirmed'],
  ['GET', () => `/api/projects/download/${cv}`],
  ['GET', () => `/api/download/cv/${cv}`],
  ['GET', () => `/api/download/criminal_record/${cv}`],
  ['GET', () => `/api/download/motivation_letter/${cv}`],
  ['GET', () => `/api/download/restriction_proof/${cv}`],
  ['GET', () => '/api/admin/testimonials'],
  ['PUT', () => '/api/testimonials/1/publish'],
  ['DELETE', () => '/api/testimonials/1'],
  ['GET', () => '/api/contact-messages'],
  ['GET', () => '/api/newsletter/subscribers'],
];

describe('administrator-only endpoints', () => {
  it.each(ADMIN_ENDPOINTS.map(([m, u]) => [m, u().replace(cv, '{file}'), u] as const))(
    '%s %s: 401 without a token',
    async (method, _label, url) => {
      const res = await t.app.inject({ method, url: url() });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTruthy();
    },
  );

  it.each(ADMIN_ENDPOINTS.map(([m, u]) => [m, u().replace(cv, '{file}'), u] as const))(
    '%s %s: 403 for every other role',
    async (method, _label, url) => {
      for (const user of others) {
        const res = await t.app.inject({ method, url: url(), headers: bearer(user.token) });
        expect(res.statusCode, user.role).toBe(403);
      }
    },
  );

  it('serves the CV to an administrator', async () => {
    const res = await t.app.inject({ url: `/api/download/cv/${cv}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
  });
});

describe('download names', () => {
  it.each([
    '..%2F..%2Fassociation.sqlite',
    '%2e%2e%2fassociation.sqlite',
    '..%5Cassociation.sqlite',
    '....%2F%2Fetc%2Fpasswd',
    'association.sqlite',
    '%2Fetc%2Fpasswd',
    '00000000-0000-0000-0000-000000000000.pdf',
    `${cv.slice(0, -4)}.PDF`,
    `${cv}%00.png`,
  ])('refuses %s with 404 (or 400), never the file', async (name) => {
    const res = await t.app.inject({ url: `/api/download/cv/${name}`, headers: bearer(admin.token) });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('does not serve a CV through another area or the public image paths', async () => {
    expect((await t.app.inject({ url: `/api/download/criminal_record/${cv}`, headers: bearer(admin.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/storage/avatars/${cv}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/storage/volunteer-profile-images/${cv}` })).statusCode).toBe(404);
  });

  it('never serves a file outside the storage for ../ in the raw path (the URL is normalised before routing)', async () => {
    const res = await t.app.inject({ url: '/api/download/cv/../../../association.sqlite', headers: bearer(admin.token) });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body.startsWith('SQLite format')).toBe(false);
  });
});
