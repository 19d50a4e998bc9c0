import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code (the E.164 rule below is a copy of packages/shared/src/phone.ts
// as it stood when this migration was written).
//
// One telephone form everywhere (docs/product/accounts.md): every column holding a telephone is rewritten
// in E.164 (`0197123456`, `+229 01 97 12 34 56`, `22901 97 12 34 56` → `+2290197123456`).
// Accounts are unique by telephone: when two accounts would end up with one number, neither is guessed at — both
// rows keep what they hold and the conflict is written to `migration_reports` (and logged at every start until an
// administrator changes one of the numbers; docs/decisions/telephones-e164.md). A value that is no telephone at
// all is left as it is and reported too when it belongs to an account.

const MIGRATION = '20261126_0100_telephones_e164';

/** Every column that holds a telephone; `users.telephone` is the unique one. */
const COLUMNS = [
  { table: 'users', column: 'telephone' },
  { table: 'providers', column: 'telephone' },
  { table: 'contact_messages', column: 'phone' },
  { table: 'volunteers', column: 'telephone' },
  { table: 'donations', column: 'phone' },
  { table: 'payments', column: 'phone' },
  { table: 'pledges', column: 'telephone' },
  { table: 'event_registrations', column: 'telephone' },
  { table: 'consents', column: 'telephone' },
] as const;

const SEPARATORS = /[\s.\-()/\u00a0\u202f]/g;

function toE164(input: string | null): string | null {
  if (!input) return null;
  const cleaned = input.trim().replace(SEPARATORS, '');
  if (!/^(\+|00)?\d+$/.test(cleaned)) return null;
  let international: string | null = null;
  if (cleaned.startsWith('+')) international = cleaned.slice(1);
  else if (cleaned.startsWith('00')) international = cleaned.slice(2);
  else if (cleaned.startsWith('229') && (cleaned.length === 11 || cleaned.length === 13)) international = cleaned;
  if (international !== null) {
    if (international.startsWith('229')) return benin(international.slice(3));
    return international.length >= 8 && international.length <= 15 ? `+${international}` : null;
  }
  return benin(cleaned);
}

function benin(national: string): string | null {
  if (/^01\d{8}$/.test(national)) return `+229${national}`;
  if (/^\d{8}$/.test(national)) return `+22901${national}`;
  return null;
}

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('migration_reports')
    .ifNotExists()
    .$call((t) =>
      isPg(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('migration', 'text', (c) => c.notNull())
    // telephone_conflict | telephone_invalid
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    // JSON: the rows concerned ({ids, values, e164}).
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const existing = new Set((await db.introspection.getTables()).flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)));
  const now = new Date().toISOString();
  for (const { table, column } of COLUMNS) {
    if (!existing.has(`${table}.${column}`)) continue;
    if (table === 'users') {
      await normaliseAccounts(db, now);
      continue;
    }
    // One update per distinct spelling: a million donations share far fewer telephones.
    const values = await db
      .selectFrom(table)
      .select(sql.ref<string>(column).as('v'))
      .distinct()
      .where(column, 'is not', null)
      .where(column, '!=', '')
      .execute();
    for (const { v } of values) {
      const e164 = toE164(v);
      if (e164 && e164 !== v) await db.updateTable(table).set(column, e164).where(column, '=', v).execute();
    }
  }
}

async function normaliseAccounts(db: Kysely<any>, now: string): Promise<void> {
  const rows = await db.selectFrom('users').select(['id', 'telephone']).orderBy('id').execute();
  const byNumber = new Map<string, { id: number; telephone: string }[]>();
  const report = (kind: string, detail: object) =>
    db
      .insertInto('migration_reports')
      .values({ migration: MIGRATION, kind, table_name: 'users', detail: JSON.stringify(detail), created_at: now })
      .execute();
  for (const row of rows) {
    const e164 = toE164(row.telephone);
    if (!e164) {
      await report('telephone_invalid', { ids: [row.id], values: [row.telephone], e164: null });
      continue;
    }
    byNumber.set(e164, [...(byNumber.get(e164) ?? []), row]);
  }
  for (const [e164, owners] of byNumber) {
    if (owners.length > 1) {
      await report('telephone_conflict', { ids: owners.map((o) => o.id), values: owners.map((o) => o.telephone), e164 });
      continue;
    }
    const [only] = owners;
    if (only && only.telephone !== e164) await db.updateTable('users').set({ telephone: e164 }).where('id', '=', only.id).execute();
  }
}

// The numbers stay in E.164 (their earlier spellings are not kept, and every form reads E.164); the report table goes.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('migration_reports').ifExists().execute();
}
