import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code. Personal data (docs/product/personal-data.md):
// - consents: every choice given or withdrawn for an optional processing (newsletter, sms_news, whatsapp,
//   public_name, testimonial), with the wording's version, the time, the channel it was expressed through and the
//   address. Created here unless the temporary 20261125_0201_consents_stub already made it (same columns), so an
//   existing database upgrades in place; indexes for « the latest choice of this address for this purpose ».
// - legacy consents: existing newsletter subscribers and published testimonials get one row each, source and
//   channel `legacy`, wording version `legacy`, dated when they subscribed or submitted
//   (docs/decisions/legacy-consents.md says why).
// - privacy_requests: access, rectification, erasure and objection requests, proved by an SMS code; due_at is
//   45 days after the code was entered.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  const id = (t: any) =>
    isPg(db)
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('consents').ifNotExists())
    .addColumn('purpose', 'text', (c: any) => c.notNull())
    .addColumn('given', 'integer', (c: any) => c.notNull())
    .addColumn('wording_version', 'text', (c: any) => c.notNull())
    .addColumn('channel', 'text', (c: any) => c.notNull())
    .addColumn('telephone', 'text')
    .addColumn('email', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('source', 'text', (c: any) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_telephone').ifNotExists().on('consents').columns(['telephone', 'purpose', 'id']).execute();
  await db.schema.createIndex('consents_email').ifNotExists().on('consents').columns(['email', 'purpose', 'id']).execute();
  await db.schema.createIndex('consents_user').ifNotExists().on('consents').columns(['user_id', 'purpose', 'id']).execute();
  await db.schema.createIndex('consents_subject').ifNotExists().on('consents').columns(['subject', 'purpose', 'id']).execute();

  await sql`insert into consents (purpose, given, wording_version, channel, telephone, email, user_id, source, subject, ip, created_at)
    select 'newsletter', 1, 'legacy', 'legacy', null, s.email, null, 'legacy', null, null, s.created_at
    from newsletter_subscriptions s
    where not exists (select 1 from consents c where c.purpose = 'newsletter' and c.email = s.email)`.execute(db);
  await sql`insert into consents (purpose, given, wording_version, channel, telephone, email, user_id, source, subject, ip, created_at)
    select 'testimonial', 1, 'legacy', 'legacy', null, null, null, 'legacy', 'testimonial:' || t.id, null, t.created_at
    from testimonials t
    where t.is_published = 1`.execute(db);

  await id(db.schema.createTable('privacy_requests'))
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('telephone', 'text')
    .addColumn('email', 'text')
    .addColumn('details', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('due_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema.createIndex('privacy_requests_open').on('privacy_requests').columns(['status', 'due_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_requests').ifExists().execute();
  // The consents table may predate this migration (20261125_0201_consents_stub creates it too): only what this one
  // added goes — its indexes and the legacy rows it recorded, so that running it again records them once.
  await sql`delete from consents where source = 'legacy'`.execute(db);
  for (const index of ['consents_telephone', 'consents_email', 'consents_user', 'consents_subject'])
    await db.schema.dropIndex(index).ifExists().execute();
}
