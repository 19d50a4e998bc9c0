import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { createDatabase, type DB } from '../../src/platform/database/database';
import { migrations } from '../../src/platform/database/migrations';

// docs/product/scaling.md: several processes may start at once on an empty database; the
// migrations take a lock and run once. Four products, each with its own connection pool, start together.
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('TEST_DATABASE_URL is not set: the concurrent start test (PostgreSQL only) is skipped');

describe.skipIf(!url)('several processes starting at once on an empty PostgreSQL schema', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-start-'));
  const pools: DB[] = [];
  const apps: FastifyInstance[] = [];
  let admin: DB;
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(pools.map((db) => db.destroy()));
    if (admin) {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('all start; each migration is applied once and one administrator is created', async () => {
    const config = {
      ...loadConfig({
        DATABASE_URL: url,
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        DATA_DIR: dataDir,
        ADMIN_TELEPHONE: '+22990000001',
        ADMIN_PASSWORD: 'Admin-Mot-De-Passe-1',
      }),
      passwordCost: 2 ** 10,
    };
    admin = createDatabase(config.database);
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    for (let i = 0; i < 4; i += 1) pools.push(createDatabase(config.database, { searchPath: schema }));
    const started = await Promise.allSettled(
      pools.map((db) => buildApp({ config, db, logger: false, webDir: path.join(dataDir, 'no-web') })),
    );
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
    expect(started.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(apps.filter((app) => app.bootstrap.created)).toHaveLength(1);
    const applied = await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(admin);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    const admins = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(schema, 'users')} where role = 'administrateur'`.execute(admin);
    expect(admins.rows[0]!.n).toBe(1);
  });
});
