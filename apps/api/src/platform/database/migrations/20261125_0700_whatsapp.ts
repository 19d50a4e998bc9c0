import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code. WhatsApp beside SMS and e-mail in the outbox:
// - category: what the message is for (code, recu, rappel, echeance, billet, avis), which picks its WhatsApp
//   template and decides whether a « STOP » stops it (codes and receipts are always sent);
// - cost_category: what the message costs (whatsapp_authentication, whatsapp_utility, sms, email), for the
//   outbox view, its export and the statistics;
// - provider_message_id, delivery_status, delivery_error: what the provider's webhook reported;
// - fallback_of: the WhatsApp message an SMS replaces (unique: a fallback is queued once).
// - message_counts: messages per month (UTC, of created_at) and channel, kept by triggers in the same transaction
//   as the outbox row (the statistics read it without scanning the outbox).

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of [
    ['category', 'text'],
    ['cost_category', 'text'],
    ['provider_message_id', 'text'],
    ['delivery_status', 'text'],
    ['delivery_error', 'text'],
    ['fallback_of', 'integer'],
  ] as const) {
    await db.schema.alterTable('outbox_messages').addColumn(name, type).execute();
  }
  await db.schema.createIndex('outbox_provider_message').on('outbox_messages').column('provider_message_id').execute();
  await db.schema.createIndex('outbox_fallback_of').on('outbox_messages').column('fallback_of').unique().execute();

  await db.schema
    .createTable('message_counts')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_counts_pk', ['month', 'channel'])
    .execute();
  await sql`insert into message_counts (month, channel, n)
    select substr(created_at, 1, 7), channel, count(*) from outbox_messages group by substr(created_at, 1, 7), channel`.execute(db);
  const upsert = 'on conflict (month, channel) do update set n = message_counts.n + excluded.n';
  const row = (rec: 'new' | 'old', sign: 1 | -1) => `select substr(${rec}.created_at, 1, 7), ${rec}.channel, ${sign}`;
  if (isPg(db)) {
    await sql`create function outbox_message_counts() returns trigger language plpgsql as ${sql.lit(`
      begin
        if TG_OP <> 'INSERT' then
          insert into message_counts (month, channel, n) ${row('old', -1)} ${upsert};
        end if;
        if TG_OP <> 'DELETE' then
          insert into message_counts (month, channel, n) ${row('new', 1)} ${upsert};
        end if;
        return null;
      end`)}`.execute(db);
    await sql`create trigger outbox_message_counts after insert or update of channel, created_at or delete on outbox_messages
      for each row execute function outbox_message_counts()`.execute(db);
    return;
  }
  await sql`create trigger outbox_message_counts_insert after insert on outbox_messages for each row
    begin insert into message_counts (month, channel, n) ${sql.raw(row('new', 1))} where true ${sql.raw(upsert)}; end`.execute(db);
  await sql`create trigger outbox_message_counts_delete after delete on outbox_messages for each row
    begin insert into message_counts (month, channel, n) ${sql.raw(row('old', -1))} where true ${sql.raw(upsert)}; end`.execute(db);
  await sql`create trigger outbox_message_counts_update after update of channel, created_at on outbox_messages for each row
    begin
      insert into message_counts (month, channel, n) ${sql.raw(row('old', -1))} where true ${sql.raw(upsert)};
      insert into message_counts (month, channel, n) ${sql.raw(row('new', 1))} where true ${sql.raw(upsert)};
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    await sql`drop trigger if exists outbox_message_counts on outbox_messages`.execute(db);
    await sql`drop function if exists outbox_message_counts()`.execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.id(`outbox_message_counts_${suffix}`)}`.execute(db);
  }
  await db.schema.dropTable('message_counts').execute();
  await db.schema.dropIndex('outbox_fallback_of').execute();
  await db.schema.dropIndex('outbox_provider_message').execute();
  for (const name of ['fallback_of', 'delivery_error', 'delivery_status', 'provider_message_id', 'cost_category', 'category']) {
    await db.schema.alterTable('outbox_messages').dropColumn(name).execute();
  }
}
