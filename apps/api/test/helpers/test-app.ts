import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/platform/config';
import { createDatabase, type DB } from '../../src/platform/database/database';

export const ADMIN = { telephone: '+2290190000001', password: 'Admin-Mot-De-Passe-1', name: 'Awa Admin', email: 'admin@example.bj' };

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A freshly migrated product on a real database: a SQLite file in a temporary folder by default,
 * or its own schema on the PostgreSQL of TEST_DATABASE_URL, so test files never see each other's rows.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { webDir?: string } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_TELEPHONE: ADMIN.telephone,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      ADMIN_EMAIL: ADMIN.email,
      // A shared database needs the key every process shares (platform/config.ts).
      ...(pgUrl ? { DATABASE_URL: pgUrl, DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') } : {}),
    }),
    passwordCost: 2 ** 10,
    rateLimits: { login: 1000, publicForms: 1000 },
    ...overrides,
  };
  let db: DB;
  let dropSchema: (() => Promise<void>) | undefined;
  if (config.database.dialect === 'postgres') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = createDatabase(config.database);
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    db = createDatabase(config.database, { searchPath: schema });
    dropSchema = async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    };
  } else {
    db = createDatabase(config.database);
  }
  const app = await buildApp({ config, db, logger: false, webDir: options.webDir ?? path.join(dataDir, 'no-web') });
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      await dropSchema?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
