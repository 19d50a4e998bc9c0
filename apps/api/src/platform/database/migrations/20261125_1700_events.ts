import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code. Events and volunteer shifts:
// - events: seats_taken is the counter every registration moves with one conditional UPDATE, so the
//   capacity holds under concurrency on both engines.
// - event_registrations: one row per registration; ticket_nonce signs its ticket token; code is the
//   6-character short code (unique per event); payment_id links a paid registration to its payment.
// - event_reception: the confirmed volunteers who may check tickets in at an event.
// - event_shifts / shift_signups: volunteer slots (taken is the slots counter), with the confirmation
//   request, the hours served (checked_in_at / checked_out_at).
// - volunteer_sessions: bearer tokens of volunteers signed in with an SMS code (hash only).
// - volunteers.telephone: volunteers are reached by SMS; added here only when the places migration (0600), which
//   adds it too, has not run.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const withId = (db: Kysely<any>, name: string) => {
  const t = db.schema.createTable(name);
  return isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
};

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'events')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registration_closes_at', 'text')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('actif'))
    .addColumn('cancel_reason', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_listed').on('events').columns(['published', 'starts_at']).execute();

  await withId(db, 'event_registrations')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('user_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('telephone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_id', 'integer')
    .addColumn('ticket_nonce', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('hold_expires_at', 'text')
    .addColumn('checked_in_at', 'text')
    .addColumn('checked_in_device', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_registrations_code').on('event_registrations').columns(['event_id', 'code']).unique().execute();
  await db.schema.createIndex('event_registrations_status').on('event_registrations').columns(['event_id', 'status', 'id']).execute();
  await db.schema.createIndex('event_registrations_payment').on('event_registrations').column('payment_id').execute();
  await db.schema.createIndex('event_registrations_hold').on('event_registrations').columns(['status', 'hold_expires_at']).execute();

  await db.schema
    .createTable('event_reception')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_reception_pk', ['event_id', 'volunteer_id'])
    .execute();

  await withId(db, 'event_shifts')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('slots', 'integer', (c) => c.notNull())
    .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_shifts_start').on('event_shifts').columns(['starts_at']).execute();

  await withId(db, 'shift_signups')
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('event_shifts.id'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirm_nonce', 'text', (c) => c.notNull())
    .addColumn('confirm_requested_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('checked_in_at', 'text')
    .addColumn('checked_out_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shift_signups_unique').on('shift_signups').columns(['shift_id', 'volunteer_id']).unique().execute();
  await db.schema.createIndex('shift_signups_volunteer').on('shift_signups').columns(['volunteer_id']).execute();

  await withId(db, 'volunteer_sessions')
    .addColumn('volunteer_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  if (isPg(db)) {
    await sql`alter table volunteers add column if not exists telephone text`.execute(db);
  } else {
    const columns = await sql<{ name: string }>`pragma table_info(volunteers)`.execute(db);
    if (!columns.rows.some((c) => c.name === 'telephone'))
      await db.schema.alterTable('volunteers').addColumn('telephone', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['volunteer_sessions', 'shift_signups', 'event_shifts', 'event_reception', 'event_registrations', 'events']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
