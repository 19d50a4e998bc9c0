import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Migration, Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB } from '../../src/platform/database/database';
import { migrations } from '../../src/platform/database/migrations';

// Migration 20261130_1400 on a database with payments for seats already made: each payment a registration links is
// named by it, so its approval still finds the registration; other payments name nothing.

const NAME = '20261130_1400_payment_registration';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-payment-link-'));
const db: DB = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const migrateTo = async (names: Record<string, Migration>) => {
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => names },
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (error) throw error;
};

describe('payments name the registration they pay', () => {
  it('names the linked payments of registrations made before it', async () => {
    await migrateTo(Object.fromEntries(Object.entries(migrations).filter(([name]) => name < NAME)));
    const now = new Date().toISOString();
    const payment = async () =>
      (
        await sql<{ id: number }>`insert into payments (amount, transaction_status, provider, payment_type, created_at, updated_at)
          values (2000, 'pending', 'sandbox', 'evenement', ${now}, ${now}) returning id`.execute(db)
      ).rows[0]!.id;
    const [linked, replaced, other] = [await payment(), await payment(), await payment()];
    const event = (
      await sql<{ id: number }>`insert into events (title, description, starts_at, ends_at, place, capacity, created_at, updated_at)
        values ('Fête', 'x', ${now}, ${now}, 'Cotonou', 5, ${now}, ${now}) returning id`.execute(db)
    ).rows[0]!.id;
    const registration = (
      await sql<{
        id: number;
      }>`insert into event_registrations (event_id, name, telephone, seats, status, amount, payment_id, ticket_nonce, code, created_at, updated_at)
        values (${event}, 'Awa', '+2290197000001', 1, 'paiement_attendu', 2000, ${linked}, 'n', 'ABCDEF', ${now}, ${now}) returning id`.execute(
        db,
      )
    ).rows[0]!.id;

    await migrateTo(migrations);
    const rows = await db.selectFrom('payments').select(['id', 'event_registration_id', 'checkout_url']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: linked, event_registration_id: registration, checkout_url: null },
      // A checkout the registration no longer pointed at (the flaw this fixes) cannot be told apart from any payment.
      { id: replaced, event_registration_id: null, checkout_url: null },
      { id: other, event_registration_id: null, checkout_url: null },
    ]);
  });
});
