import { TRANSACTION_STATUSES } from '@shared/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { type DB, pinnedSchema } from '../../src/platform/database/database';
import { migrations } from '../../src/platform/database/migrations';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// X-Total-Count of the administrator money lists comes from counts kept by database triggers
// (migration 20261122_0200) instead of a COUNT(*) per request: after any mix of writes, by anyone, it must
// equal the number of rows the list really has, in total and per status; searches still count their matches.

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

type Table = 'donations' | 'payments';
const TABLES: Table[] = ['donations', 'payments'];
const status = fc.constantFrom(...TRANSACTION_STATUSES);

async function insert(db: DB, table: Table, transactionStatus: string, deleted: boolean): Promise<void> {
  const n = seq++;
  const now = new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString();
  const common = {
    amount: 1000 + n,
    name: `Donateur ${n}`,
    email: `donateur.${n}@example.bj`,
    phone: '+22990000000',
    currency: 'XOF',
    transaction_status: transactionStatus,
    transaction_id: `compte-${n}`,
    provider: 'sandbox',
    deleted_at: deleted ? now : null,
    created_at: now,
    updated_at: now,
  };
  if (table === 'donations')
    await db
      .insertInto('donations')
      .values({ ...common, purpose: 'sante' })
      .execute();
  else
    await db
      .insertInto('payments')
      .values({ ...common, payment_type: 'adhesion' })
      .execute();
}

const ids = async (table: Table) => (await t.db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    table: fc.constantFrom(...TABLES),
    status,
    deleted: fc.boolean(),
    viaOther: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('status' as const), table: fc.constantFrom(...TABLES), status, pick: fc.nat() }),
  fc.record({ kind: fc.constant('softDeleteApi' as const), table: fc.constantFrom(...TABLES), pick: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), table: fc.constantFrom(...TABLES), pick: fc.nat() }),
  fc.record({ kind: fc.constant('hardDelete' as const), table: fc.constantFrom(...TABLES), pick: fc.nat() }),
  fc.record({ kind: fc.constant('noise' as const), table: fc.constantFrom(...TABLES), pick: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

async function apply(op: Operation): Promise<void> {
  if (op.kind === 'insert') return insert(op.viaOther ? other : t.db, op.table, op.status, op.deleted);
  const all = await ids(op.table);
  if (all.length === 0) return;
  const id = all[op.pick % all.length]!;
  switch (op.kind) {
    case 'status':
      await other.updateTable(op.table).set({ transaction_status: op.status }).where('id', '=', id).execute();
      return;
    case 'softDeleteApi': {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/${op.table}/${id}`, headers: bearer(admin.token) });
      expect([200, 404]).toContain(res.statusCode);
      return;
    }
    case 'restore':
      await t.db.updateTable(op.table).set({ deleted_at: null }).where('id', '=', id).execute();
      return;
    case 'hardDelete':
      await other.deleteFrom(op.table).where('id', '=', id).execute();
      return;
    case 'noise':
      // A change to another column (a receipt number, a verification) must not move the counts.
      await t.db.updateTable(op.table).set({ is_verified: 1, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
      return;
  }
}

async function listedTotal(table: Table, query = ''): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/${table}?per_page=1${query}`, headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
}

async function actual(table: Table, transactionStatus?: string): Promise<number> {
  let q = t.db.selectFrom(table).where('deleted_at', 'is', null);
  if (transactionStatus) q = q.where('transaction_status', '=', transactionStatus);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('administrator money lists X-Total-Count', () => {
  it('starts right on an empty database', async () => {
    for (const table of TABLES) expect(await listedTotal(table)).toBe(0);
  });

  it('equals the real count after any mix of inserts, status changes, soft and hard deletes, by anyone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) await apply(op);
        for (const table of TABLES) {
          expect(await listedTotal(table)).toBe(await actual(table));
          for (const s of TRANSACTION_STATUSES) expect(await listedTotal(table, `&status=${s}`)).toBe(await actual(table, s));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('counts the rows already there when the migration runs on an existing database', async () => {
    const schema = pinnedSchema(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const down = await migrator.migrateTo('20261122_0100_public_list_versions');
    expect(down.error).toBeUndefined();
    for (const [i, s] of TRANSACTION_STATUSES.entries()) {
      await insert(t.db, 'donations', s, i % 3 === 0);
      await insert(t.db, 'payments', s, false);
    }
    const up = await migrator.migrateToLatest();
    expect(up.error, String(up.error)).toBeUndefined();
    for (const table of TABLES) {
      expect(await listedTotal(table)).toBe(await actual(table));
      for (const s of TRANSACTION_STATUSES) expect(await listedTotal(table, `&status=${s}`)).toBe(await actual(table, s));
    }
  });

  it('still counts the matches of a search', async () => {
    await insert(t.db, 'donations', 'approved', false);
    const n = seq - 1;
    expect(await listedTotal('donations', `&q=donateur.${n}@`)).toBe(1);
    expect(await listedTotal('donations', '&q=aucune-correspondance')).toBe(0);
  });
});
