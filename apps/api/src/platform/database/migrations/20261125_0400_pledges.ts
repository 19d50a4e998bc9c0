import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. Recurring giving:
// - pledges: a promise to give `amount` FCFA every month, quarter or year. `anchor_day` is the day of the
//   month of the first gift (a due falls on that day, or on the month's last day when shorter); `next_due`
//   the next due date (YYYY-MM-DD, Cotonou calendar); dues before `counting_from` do not count towards the
//   automatic pause (set when the donor resumes).
// - pledge_tokens: the donor's links (/engagement/{token}); only a hash is stored, each with its expiry.
// - pledge_dues: one row per pledge and due date (unique): inserted by the one process that sends that due's
//   message, in the same transaction as the outbox row; `reminded_at` claims the reminder the same way.
// - donations.pledge_id / pledge_due: a pledge's payment is an ordinary donation linked to its due.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const withId = (db: Kysely<any>, table: string) => {
  const t = db.schema.createTable(table);
  return isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
};

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'pledges')
    .addColumn('user_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('telephone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('anchor_day', 'integer', (c) => c.notNull())
    .addColumn('next_due', 'text', (c) => c.notNull())
    .addColumn('counting_from', 'text', (c) => c.notNull())
    .addColumn('paused_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pledges_status_due').on('pledges').columns(['status', 'next_due']).execute();
  await db.schema.createIndex('pledges_user').on('pledges').columns(['user_id', 'id']).execute();

  await withId(db, 'pledge_tokens')
    .addColumn('pledge_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pledge_tokens_hash').on('pledge_tokens').column('token_hash').unique().execute();

  await withId(db, 'pledge_dues')
    .addColumn('pledge_id', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reminded_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pledge_dues_once').on('pledge_dues').columns(['pledge_id', 'due_date']).unique().execute();
  await db.schema.createIndex('pledge_dues_reminder').on('pledge_dues').columns(['status', 'due_date']).execute();

  await db.schema.alterTable('donations').addColumn('pledge_id', 'integer').execute();
  await db.schema.alterTable('donations').addColumn('pledge_due', 'text').execute();
  await db.schema.createIndex('donations_pledge').on('donations').columns(['pledge_id', 'pledge_due']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('donations_pledge').ifExists().execute();
  await db.schema.alterTable('donations').dropColumn('pledge_due').execute();
  await db.schema.alterTable('donations').dropColumn('pledge_id').execute();
  for (const t of ['pledge_dues', 'pledge_tokens', 'pledges']) await db.schema.dropTable(t).ifExists().execute();
}
