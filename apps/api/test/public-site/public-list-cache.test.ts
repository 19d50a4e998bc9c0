import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/platform/database/database';
import { createPublicListCache, VERSION_REUSE_MS } from '../../src/platform/lib/public-list-cache';
import { listPublishedTestimonials } from '../../src/modules/testimonials/service';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, file, makePng, multipart } from './fixtures';

// The public lists are served from rendered pages kept in memory (platform/lib/public-list-cache.ts).
// Whatever changes a visible row, and whoever changes it, the very next read must show it.

let t: TestApp;
let admin: SeededUser;
let other: DB;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  other = openSecondConnection(t);
});
afterAll(async () => {
  await other.destroy();
  await t.close();
});

const stamp = () => `2030-01-01T00:00:${String(seq++ % 60).padStart(2, '0')}.${String(seq).padStart(3, '0')}Z`;

async function insertTestimonial(db: DB, author: string, published: 0 | 1): Promise<number> {
  const row = await db
    .insertInto('testimonials')
    .values({
      text: `Témoignage de ${author}`,
      author,
      title: 'Bénéficiaire',
      avatar: `${author}.png`,
      is_published: published,
      created_at: stamp(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertVolunteer(db: DB, name: string, confirmed: 0 | 1): Promise<number> {
  const row = await db
    .insertInto('volunteers')
    .values({
      name,
      email: `${name.replace(/\W/g, '').toLowerCase()}.${seq++}@example.bj`,
      profile_image: `${name}.png`,
      cv: 'cv.pdf',
      motivation_letter: 'lettre.pdf',
      criminal_record: 'casier.pdf',
      domain: 'Education',
      under_restriction: 0,
      is_confirmed: confirmed,
      // Volunteers shown publicly are those who chose it (docs/walkthrough.md « Phone-only, round three »).
      public_profile: 1,
      created_at: stamp(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const authors = async (url = '/api/testimonials?per_page=100') =>
  (await get(url)).json().map((x: { author: string }) => x.author) as string[];
const names = async (url = '/api/volunteers?per_page=100') => (await get(url)).json().map((x: { name: string }) => x.name) as string[];
const version = async (list: string) =>
  Number((await sql<{ version: number }>`select version from public_list_versions where list = ${list}`.execute(t.db)).rows[0]!.version);

describe('public testimonials list', () => {
  it('answers a repeated read with the same body and headers', async () => {
    await insertTestimonial(t.db, 'Répétition', 1);
    const first = await get('/api/testimonials?page=1&per_page=5');
    const second = await get('/api/testimonials?page=1&per_page=5');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    for (const name of [
      'content-type',
      'x-total-count',
      'x-page',
      'x-per-page',
      'access-control-expose-headers',
      'content-security-policy',
    ]) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('shows a testimonial published through the API on the next read', async () => {
    const id = await insertTestimonial(t.db, 'Publiée Ensuite', 0);
    const before = await get('/api/testimonials?per_page=100');
    expect(before.json().map((x: { author: string }) => x.author)).not.toContain('Publiée Ensuite');
    const published = await t.app.inject({ method: 'PUT', url: `/api/testimonials/${id}/publish`, headers: bearer(admin.token) });
    expect(published.statusCode).toBe(200);
    const after = await get('/api/testimonials?per_page=100');
    expect(after.json()[0]).toMatchObject({ id, author: 'Publiée Ensuite', avatar_url: '/api/storage/avatars/Publiée Ensuite.png' });
    expect(Number(after.headers['x-total-count'])).toBe(Number(before.headers['x-total-count']) + 1);
  });

  it('drops a deleted testimonial on the next read', async () => {
    const id = await insertTestimonial(t.db, 'Supprimée Ensuite', 1);
    expect(await authors()).toContain('Supprimée Ensuite');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/testimonials/${id}`, headers: bearer(admin.token) });
    expect(deleted.statusCode).toBe(200);
    expect(await authors()).not.toContain('Supprimée Ensuite');
  });

  it('shows rows written by another connection (a script, another process) on the next read', async () => {
    expect(await authors()).not.toContain('Écrite Ailleurs');
    const id = await insertTestimonial(other, 'Écrite Ailleurs', 1);
    expect(await authors()).toContain('Écrite Ailleurs');
    await other.updateTable('testimonials').set({ author: 'Renommée Ailleurs' }).where('id', '=', id).execute();
    const list = await authors();
    expect(list).toContain('Renommée Ailleurs');
    expect(list).not.toContain('Écrite Ailleurs');
    await other.updateTable('testimonials').set({ is_published: 0 }).where('id', '=', id).execute();
    expect(await authors()).not.toContain('Renommée Ailleurs');
  });

  it('keeps every page of the list consistent with the new total', async () => {
    const page = async (n: number) => get(`/api/testimonials?page=${n}&per_page=1`);
    const firstBefore = await page(1);
    const secondBefore = await page(2);
    await insertTestimonial(other, 'Nouvelle Première', 1);
    const secondAfter = await page(2);
    expect(Number(secondAfter.headers['x-total-count'])).toBe(Number(secondBefore.headers['x-total-count']) + 1);
    // The former first item moved to page 2, and page 1 now starts with the new one.
    expect(secondAfter.json()).toEqual(firstBefore.json());
    expect((await page(1)).json()[0].author).toBe('Nouvelle Première');
  });

  it('is not invalidated by a pending submission, which the public never sees', async () => {
    await authors();
    const v = await version('testimonials');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/testimonial',
      ...multipart([
        field('text', 'Une aide précieuse pour ma famille'),
        field('author', 'En Attente'),
        field('title', 'Mère de famille'),
        file('avatar', 'photo.png', makePng(), 'image/png'),
      ]),
    });
    expect(res.statusCode).toBe(201);
    await insertTestimonial(other, 'Brouillon Ailleurs', 0);
    expect(await version('testimonials')).toBe(v);
    expect(await authors()).not.toContain('En Attente');
  });

  it('serves reads running alongside a publication, then only the new list', async () => {
    const id = await insertTestimonial(t.db, 'Publiée Pendant', 0);
    const during = Array.from({ length: 20 }, () => get('/api/testimonials?per_page=100'));
    const publish = t.app.inject({ method: 'PUT', url: `/api/testimonials/${id}/publish`, headers: bearer(admin.token) });
    for (const res of await Promise.all(during)) expect(res.statusCode).toBe(200);
    expect((await publish).statusCode).toBe(200);
    const after = await Promise.all(Array.from({ length: 5 }, () => authors()));
    for (const list of after) expect(list).toContain('Publiée Pendant');
  });
});

describe('the version check', () => {
  it('reads committed rows only: a change still inside a transaction is not shown, the committed one at once', async () => {
    const id = await insertTestimonial(t.db, 'Dans Une Transaction', 0);
    await authors(); // the page is rendered and kept
    let seenDuring: string[] = [];
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('testimonials').set({ is_published: 1 }).where('id', '=', id).execute();
      // Answered while the transaction holds the main connection (SQLite's version check runs on its own read
      // connection; PostgreSQL's on another pooled one): the committed list, not the change in progress.
      seenDuring = await authors();
    });
    expect(seenDuring).not.toContain('Dans Une Transaction');
    expect(await authors()).toContain('Dans Une Transaction');
  });

  it('never keeps a page under a version a rolled-back transaction raised', async () => {
    const id = await insertTestimonial(t.db, 'Annulée Puis Publiée', 0);
    await authors();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('testimonials').set({ is_published: 1 }).where('id', '=', id).execute();
        await authors();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await authors()).not.toContain('Annulée Puis Publiée');
    // Raises the version to the number the rolled-back transaction had reached: the page must be rendered anew.
    await other.updateTable('testimonials').set({ is_published: 1 }).where('id', '=', id).execute();
    expect(await authors()).toContain('Annulée Puis Publiée');
  });
});

// SQLite: a version read is reused for VERSION_REUSE_MS by the following reads unless this process ran a statement.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the version reused for a moment (SQLite)', () => {
  const query = { page: 1, per_page: 100 };
  const render = async () => {
    const { items, total } = await listPublishedTestimonials(t.db, query);
    return { body: { identity: Buffer.from(JSON.stringify(items.map((i) => i.author))) }, total };
  };
  const shown = async (cache: ReturnType<typeof createPublicListCache>) =>
    JSON.parse((await cache.page('testimonials', query, render)).body.identity.toString()) as string[];
  /** A writer in another process: nothing in this one knows about it. */
  const publishFromAnotherProcess = (id: number) => {
    if (t.config.database.dialect !== 'sqlite') throw new Error('SQLite only');
    const code = `const db = new (require('better-sqlite3'))(process.argv[1]); db.pragma('busy_timeout = 5000');
      db.prepare('update testimonials set is_published = 1 where id = ?').run(Number(process.argv[2])); db.close();`;
    execFileSync(process.execPath, ['-e', code, t.config.database.file, String(id)], { cwd: process.cwd() });
  };

  it('is short', () => {
    expect(VERSION_REUSE_MS).toBeLessThanOrEqual(1);
  });

  it("shows this process's changes at once, however long the reuse", async () => {
    const cache = createPublicListCache(t.db, { versionReuseMs: 60_000 });
    try {
      const mine = await insertTestimonial(t.db, 'Ici Même', 0);
      const elsewhere = await insertTestimonial(t.db, 'Autre Connexion', 0);
      expect(await shown(cache)).not.toContain('Ici Même');
      await t.app.inject({ method: 'PUT', url: `/api/testimonials/${mine}/publish`, headers: bearer(admin.token) });
      expect(await shown(cache)).toContain('Ici Même');
      await other.updateTable('testimonials').set({ is_published: 1 }).where('id', '=', elsewhere).execute();
      expect(await shown(cache)).toContain('Autre Connexion');
    } finally {
      cache.close();
    }
  });

  it("shows another process's change once the reuse is over, not before", async () => {
    const long = createPublicListCache(t.db, { versionReuseMs: 60_000 });
    const short = createPublicListCache(t.db, { versionReuseMs: 50 });
    try {
      const id = await insertTestimonial(t.db, 'Autre Processus', 0);
      expect(await shown(short)).not.toContain('Autre Processus');
      // Twice and last, so that no statement of this process (its own render, the other cache's) follows the lookup
      // it keeps: any statement here forces a new lookup.
      await shown(long);
      expect(await shown(long)).not.toContain('Autre Processus');
      publishFromAnotherProcess(id);
      // The bound is real: within it, the version read before is still used.
      expect(await shown(long)).not.toContain('Autre Processus');
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await shown(short)).toContain('Autre Processus');
    } finally {
      long.close();
      short.close();
    }
  });
});

describe('public volunteers list', () => {
  it('shows a volunteer confirmed through the API on the next read', async () => {
    const id = await insertVolunteer(t.db, 'Confirmé Ensuite', 0);
    expect(await names()).not.toContain('Confirmé Ensuite');
    const confirmed = await t.app.inject({ method: 'PUT', url: `/api/volunteers/${id}/confirm`, headers: bearer(admin.token) });
    expect(confirmed.statusCode).toBe(200);
    const after = await get('/api/volunteers?per_page=100');
    expect(after.json()[0]).toMatchObject({
      id,
      name: 'Confirmé Ensuite',
      profile_image_url: '/api/storage/volunteer-profile-images/Confirmé Ensuite.png',
    });
  });

  it('follows writes by another connection and ignores unconfirmed registrations', async () => {
    expect(await names()).not.toContain('Ailleurs Confirmé');
    const v = await version('volunteers');
    await insertVolunteer(other, 'Ailleurs En Attente', 0);
    expect(await version('volunteers')).toBe(v);
    const id = await insertVolunteer(other, 'Ailleurs Confirmé', 1);
    expect(await names()).toContain('Ailleurs Confirmé');
    await other.deleteFrom('volunteers').where('id', '=', id).execute();
    const list = await names();
    expect(list).not.toContain('Ailleurs Confirmé');
    expect(list).not.toContain('Ailleurs En Attente');
  });

  it('keeps the testimonials pages when only volunteers change', async () => {
    await authors();
    const v = await version('testimonials');
    await insertVolunteer(other, 'Autre Liste', 1);
    expect(await version('testimonials')).toBe(v);
  });
});
