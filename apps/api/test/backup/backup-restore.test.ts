import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../../../scripts/backup';
import { restoreBackup } from '../../../../scripts/restore';
import { buildApp } from '../../src/app';
import { createDatabase } from '../../src/platform/database/database';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { field, file, makePng, multipart } from '../public-site/fixtures';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

const contact = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Awa Zinsou', email, phone: '+22997000000', services: 'Aide alimentaire', message: 'Bonjour' },
  });

// The SQLite round trip runs in the API suite; PostgreSQL backups use pg_dump/pg_restore (documented in the script).
describe.skipIf(isPostgres)('npm run backup / npm run restore', () => {
  let t: TestApp | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await t?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('snapshots the database and uploads while the server runs, and restoring brings exactly that state back', async () => {
    t = await createTestApp();
    const avatar = makePng(24, 24, [200, 40, 90]);
    for (const i of [1, 2, 3]) expect((await contact(t, `avant.${i}@exemple.bj`)).statusCode).toBeLessThan(300);
    const form = multipart([
      field('text', 'Merci pour le soutien de toute l equipe'),
      field('author', 'Sena Dossou'),
      field('title', 'Bénéficiaire'),
      file('avatar', 'photo.png', avatar, 'image/png'),
    ]);
    expect((await t.app.inject({ method: 'POST', url: '/api/testimonial', ...form })).statusCode).toBe(201);

    // Snapshot while the product is up and holding its connection.
    const backupDir = fs.mkdtempSync(path.join(t.dataDir, '..', 'assoc-backup-'));
    dirs.push(backupDir);
    const manifest = await createBackup(t.config, backupDir);
    expect(manifest.dialect).toBe('sqlite');
    expect(manifest.uploads.files).toBe(1);

    // Life goes on after the snapshot: more rows, and the uploaded file lost.
    for (const i of [4, 5]) expect((await contact(t, `apres.${i}@exemple.bj`)).statusCode).toBeLessThan(300);
    fs.rmSync(path.join(t.dataDir, 'uploads'), { recursive: true, force: true });

    // Stop the server, restore, start again on the same DATA_DIR.
    await t.app.close();
    await t.db.destroy();
    restoreBackup(t.config, backupDir);
    const db = createDatabase(t.config.database);
    const app = await buildApp({ config: t.config, db, logger: false, webDir: path.join(t.dataDir, 'no-web') });
    t = { ...t, app, db };
    await app.ready();

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: ADMIN.telephone, password: ADMIN.password },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    const messages = await app.inject({ method: 'GET', url: '/api/contact-messages?per_page=100', headers: auth });
    expect(messages.statusCode).toBe(200);
    expect(
      messages
        .json()
        .map((m: { email: string }) => m.email)
        .sort(),
    ).toEqual(['avant.1@exemple.bj', 'avant.2@exemple.bj', 'avant.3@exemple.bj']);

    const pending = await app.inject({ method: 'GET', url: '/api/admin/testimonials', headers: auth });
    const [testimonial] = pending.json() as { id: number; avatar: string }[];
    expect(testimonial).toBeDefined();
    expect((await app.inject({ method: 'PUT', url: `/api/testimonials/${testimonial!.id}/publish`, headers: auth })).statusCode).toBe(200);
    const published = await app.inject({ method: 'GET', url: '/api/testimonials' });
    const avatarUrl = (published.json() as { avatar_url: string }[])[0]!.avatar_url;
    const image = await app.inject({ method: 'GET', url: new URL(avatarUrl, 'http://localhost').pathname });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.length).toBeGreaterThan(0);
    expect(image.rawPayload.subarray(0, 4).toString('hex')).toMatch(/^(89504e47|ffd8ff|52494646)/);

    // Nothing was thrown away: the pre-restore state is kept beside the live files.
    expect(fs.readdirSync(t.dataDir).some((f) => f.includes('.avant-restauration-'))).toBe(true);
  });

  it('refuses a folder that is not a backup, and a snapshot whose checksum does not match', async () => {
    const t2 = await createTestApp();
    try {
      const empty = fs.mkdtempSync(path.join(t2.dataDir, 'vide-'));
      expect(() => restoreBackup(t2.config, empty)).toThrow(/manifest/);
      const dir = path.join(t2.dataDir, 'sauvegarde');
      await createBackup(t2.config, dir);
      fs.appendFileSync(path.join(dir, 'association.sqlite'), 'altéré');
      expect(() => restoreBackup(t2.config, dir)).toThrow(/empreinte/);
    } finally {
      await t2.close();
    }
  });
});
