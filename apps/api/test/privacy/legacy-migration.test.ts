import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Migration, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB, pinnedSchema } from '../../src/platform/database/database';
import { runMigrations } from '../../src/platform/database/migrate';
import { migrations } from '../../src/platform/database/migrations';

// Migration 20261126_0100 on a database that already ran the temporary consents stub: the table is kept with its rows,
// and existing newsletter subscribers and published testimonials get a `legacy` consent dated from their own date
// (docs/decisions/legacy-consents.md).

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = createDatabase({ dialect: 'postgres', url: pgUrl });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    db = createDatabase({ dialect: 'postgres', url: pgUrl }, { searchPath: schema });
    cleanup = async () => {
      await db.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-legacy-'));
    db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
    cleanup = async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '20261126_0100_personal_data'));
  // On PostgreSQL the migration tables live in this test's own schema, as runMigrations puts them.
  const schema = pinnedSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before as Record<string, Migration> },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
});
afterAll(async () => cleanup?.());

describe('personal-data migration on an existing database', () => {
  it('keeps the stub’s rows and records legacy consents for subscribers and published testimonials', async () => {
    await db
      .insertInto('newsletter_subscriptions')
      .values({ email: 'ancien@exemple.bj', created_at: '2025-03-01T10:00:00.000Z' })
      .execute();
    await db
      .insertInto('testimonials')
      .values([
        { text: 'Publié', author: 'Awa', title: 'Merci bien', avatar: 'a.png', is_published: 1, created_at: '2025-04-01T10:00:00.000Z' },
        {
          text: 'En attente',
          author: 'Bio',
          title: 'Merci bien',
          avatar: 'b.png',
          is_published: 0,
          created_at: '2025-05-01T10:00:00.000Z',
        },
      ])
      .execute();
    await db
      .insertInto('consents')
      .values({
        purpose: 'whatsapp',
        given: 1,
        wording_version: 'v1',
        channel: 'web',
        telephone: '+2290197000000',
        email: null,
        user_id: null,
        source: 'form',
        subject: null,
        ip: null,
        created_at: '2026-11-25T10:00:00.000Z',
      })
      .execute();
    await runMigrations(db);
    const rows = await db
      .selectFrom('consents')
      .select(['purpose', 'given', 'source', 'channel', 'email', 'subject', 'created_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { purpose: 'whatsapp', given: 1, source: 'form', channel: 'web', email: null, subject: null, created_at: '2026-11-25T10:00:00.000Z' },
      {
        purpose: 'newsletter',
        given: 1,
        source: 'legacy',
        channel: 'legacy',
        email: 'ancien@exemple.bj',
        subject: null,
        created_at: '2025-03-01T10:00:00.000Z',
      },
      {
        purpose: 'testimonial',
        given: 1,
        source: 'legacy',
        channel: 'legacy',
        email: null,
        subject: 'testimonial:1',
        created_at: '2025-04-01T10:00:00.000Z',
      },
    ]);
    expect(await db.selectFrom('privacy_requests').selectAll().execute()).toEqual([]);
  });
});
