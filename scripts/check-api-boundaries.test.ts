import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { findApiBoundaryViolations } from './check-boundaries.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A throwaway API tree (apps/api/src): { 'modules/a/service.ts': 'source', … }. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'api-boundaries-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

/** A small API that keeps every rule. */
const healthy = {
  'app.ts': "import { donationRoutes } from './modules/donations';\nimport { createDatabase } from './platform/database/database';",
  'platform/database/database.ts': "import { Kysely, sql } from 'kysely';\nexport const ping = (db) => sql`select 1`.execute(db);",
  'platform/lib/pagination.ts': "import type { SelectQueryBuilder } from 'kysely';",
  'modules/donations/index.ts': "export { default as donationRoutes } from './routes';",
  'modules/donations/routes.ts': "import { requireRole } from '../accounts';\nimport { give } from './service';",
  'modules/donations/service.ts':
    "import { nowIso } from '../../platform/database/database';\nimport { recordAudit } from '../audit';\nimport { insertDonation } from './data';\nexport const give = (db) => db.transaction().execute((trx) => insertDonation(trx));",
  'modules/donations/data.ts':
    "import { sql } from 'kysely';\nexport const insertDonation = (db) => db.insertInto('donations').values({}).execute();",
  'modules/payments/data/records.ts': "export const find = (db) => db.selectFrom('payments').selectAll().execute();",
  'modules/accounts/index.ts': 'export const requireRole = () => {};',
  'modules/audit/index.ts': 'export const recordAudit = () => {};',
  'modules/audit/data.ts': "export const insert = (db) => db.insertInto('audit_log').values({}).execute();",
};

describe('API boundaries', () => {
  it('accepts modules that import platform/, the shared package, their own files and other modules’ index.ts', () => {
    expect(findApiBoundaryViolations(tree(healthy))).toEqual([]);
  });

  it('fails when a service imports or uses the query builder', () => {
    const root = tree({
      ...healthy,
      'modules/donations/service.ts':
        "import { sql } from 'kysely';\nexport const give = (db) => db.insertInto('donations').values({}).execute();\nexport const n = (db) => sql`select count(*) from donations`.execute(db);",
    });
    const problems = findApiBoundaryViolations(root);
    expect(problems).toEqual([
      'modules/donations/service.ts imports the query builder (kysely) outside a data-access file',
      "modules/donations/service.ts:2 builds a query outside a data-access file: export const give = (db) => db.insertInto('donations').values({}).execute();",
      'modules/donations/service.ts:3 builds a query outside a data-access file: export const n = (db) => sql`select count(*) from donations`.execute(db);',
    ]);
  });

  it('fails when a module reaches into another module’s internals', () => {
    const root = tree({
      ...healthy,
      'modules/donations/service.ts': "import { insert } from '../audit/data';\nimport { recordAudit } from '../audit/index';",
    });
    expect(findApiBoundaryViolations(root)).toEqual([
      "modules/donations/service.ts (module donations) reaches into module audit's internals (../audit/data): import its index.ts",
    ]);
  });

  it('fails when platform/ imports a module or builds a query outside platform/database', () => {
    const root = tree({
      ...healthy,
      'platform/http/errors.ts': "import { recordAudit } from '../../modules/audit';",
      'platform/lib/cache.ts': "export const version = (db) => db.selectFrom('versions').selectAll().execute();",
    });
    expect(findApiBoundaryViolations(root)).toEqual([
      'platform/http/errors.ts (platform) imports module audit (../../modules/audit)',
      "platform/lib/cache.ts:1 builds a query outside a data-access file: export const version = (db) => db.selectFrom('versions').selectAll().execute();",
    ]);
  });

  it('holds on the real API', () => {
    expect(findApiBoundaryViolations(path.resolve(import.meta.dirname, '../apps/api/src'))).toEqual([]);
  });
});
