import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB } from '../../src/platform/database/database';
import { migrations } from '../../src/platform/database/migrations';

// Every migration has a `down` that undoes it (docs/deployment.md: a release can be rolled back): all of them up,
// all of them down to an empty database, then up again — on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

const url = process.env.TEST_DATABASE_URL;
const provider: MigrationProvider = { getMigrations: async (): Promise<Record<string, Migration>> => migrations };

async function tablesOf(db: Kysely<any>, postgres: boolean, schema?: string): Promise<string[]> {
  const rows = postgres
    ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db))
        .rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  return rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_migration') && !n.includes('_search_'));
}

async function roundTrip(db: DB, postgres: boolean, schema?: string) {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  const full = await tablesOf(db, postgres, schema);
  expect(full).toContain('donations');

  const down = await migrator.migrateTo(NO_MIGRATIONS);
  const failed = down.results?.find((r) => r.status === 'Error');
  expect({ error: String(down.error ?? ''), failed: failed?.migrationName }).toEqual({ error: '', failed: undefined });
  expect(await tablesOf(db, postgres, schema)).toEqual([]);

  const again = await migrator.migrateToLatest();
  expect(again.error).toBeUndefined();
  expect((await tablesOf(db, postgres, schema)).sort()).toEqual([...full].sort());
}

describe('migrations up, down and up again', () => {
  it('on SQLite', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-migrations-'));
    const db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
    try {
      await roundTrip(db, false);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  describe.skipIf(!url)('on PostgreSQL', () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    let admin: DB | undefined;
    let db: DB | undefined;
    afterAll(async () => {
      await db?.destroy();
      if (admin) {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
        await admin.destroy();
      }
    });
    it('in a schema of its own', async () => {
      admin = createDatabase({ dialect: 'postgres', url: url! });
      await sql`create schema ${sql.id(schema)}`.execute(admin);
      db = createDatabase({ dialect: 'postgres', url: url! }, { searchPath: schema });
      await roundTrip(db, true, schema);
    }, 120_000);
  });
});
