import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The back-office lists that still counted their rows on every request (a count over the whole table, growing with
// the association) now read counts kept by triggers in `row_counts`, in the same transaction as the change, like
// migrations 20261122_0200 and 20261126_0900:
//   audit_log · audit_log:actor:<id> · audit_log:entity:<entity> · audit_log:action:<action>
//   outbox_messages · outbox_messages:channel:<channel>
//   newsletter_subscriptions · newsletter_sends · pledges · pledges:status:<status> · expenses · expenses:status:<status>
//   contact_messages · contact_messages:new (not handled) · projects · projects:status:<status>
//   privacy_requests:status:<status>
// The audit trail's (filter, id) indexes become (filter, created_at, id): its pages are read by seek, newest first.

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/** Per table: the columns whose change moves a count, and the (key, n) rows a row adds (sign 1) or removes (-1). */
const TABLES: Record<string, { columns: string[]; rows: (r: string, sign: number) => string }> = {
  audit_log: {
    columns: ['actor_user_id', 'entity', 'action'],
    rows: (r, s) => `select 'audit_log' as key, ${s} as n
      union all select 'audit_log:actor:' || ${r}.actor_user_id, ${s} where ${r}.actor_user_id is not null
      union all select 'audit_log:entity:' || ${r}.entity, ${s}
      union all select 'audit_log:action:' || ${r}.action, ${s}`,
  },
  outbox_messages: {
    columns: ['channel'],
    rows: (r, s) => `select 'outbox_messages' as key, ${s} as n
      union all select 'outbox_messages:channel:' || ${r}.channel, ${s}`,
  },
  newsletter_subscriptions: { columns: [], rows: (_r, s) => `select 'newsletter_subscriptions' as key, ${s} as n` },
  newsletter_sends: { columns: [], rows: (_r, s) => `select 'newsletter_sends' as key, ${s} as n` },
  pledges: {
    columns: ['status'],
    rows: (r, s) => `select 'pledges' as key, ${s} as n union all select 'pledges:status:' || ${r}.status, ${s}`,
  },
  expenses: {
    columns: ['status'],
    rows: (r, s) => `select 'expenses' as key, ${s} as n union all select 'expenses:status:' || ${r}.status, ${s}`,
  },
  contact_messages: {
    columns: ['handled_at'],
    rows: (r, s) => `select 'contact_messages' as key, ${s} as n
      union all select 'contact_messages:new', ${s} where ${r}.handled_at is null`,
  },
  projects: {
    columns: ['status'],
    rows: (r, s) => `select 'projects' as key, ${s} as n union all select 'projects:status:' || ${r}.status, ${s}`,
  },
  privacy_requests: {
    columns: ['status'],
    rows: (r, s) => `select 'privacy_requests:status:' || ${r}.status as key, ${s} as n`,
  },
};

/** One upsert of the summed deltas (PostgreSQL refuses to update one row twice in a statement). */
const upsert = (selects: string) =>
  `insert into row_counts (key, n) select key, sum(n) from (${selects}) as d where true group by key having sum(n) <> 0
    on conflict (key) do update set n = row_counts.n + excluded.n;`;

const REINDEXED = [
  ['audit_log_actor', 'actor_user_id'],
  ['audit_log_entity_recent', 'entity'],
  ['audit_log_action', 'action'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_log_newest').on('audit_log').columns(['created_at', 'id']).execute();
  for (const [name, column] of REINDEXED) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('audit_log').columns([column, 'created_at', 'id']).execute();
  }
  await db.schema.createIndex('pledges_newest').on('pledges').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('pledges_status_newest').on('pledges').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('newsletter_subscriptions_newest').on('newsletter_subscriptions').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('newsletter_sends_newest').on('newsletter_sends').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('outbox_messages_channel_newest').on('outbox_messages').columns(['channel', 'created_at', 'id']).execute();
  await db.schema.createIndex('projects_newest').on('projects').columns(['created_at', 'id']).execute();

  // The backfill: the same keys as the triggers, counted once.
  const grouped = (table: string, prefix: string, column: string, where = 'true') =>
    `insert into row_counts (key, n) select '${prefix}' || ${column}, count(*) from ${table} where ${where} group by ${column}`;
  const total = (table: string, key = table, where = 'true') =>
    `insert into row_counts (key, n) select '${key}', count(*) from ${table} where ${where}`;
  for (const statement of [
    total('audit_log'),
    grouped('audit_log', 'audit_log:actor:', 'actor_user_id', 'actor_user_id is not null'),
    grouped('audit_log', 'audit_log:entity:', 'entity'),
    grouped('audit_log', 'audit_log:action:', 'action'),
    total('outbox_messages'),
    grouped('outbox_messages', 'outbox_messages:channel:', 'channel'),
    total('newsletter_subscriptions'),
    total('newsletter_sends'),
    ...['pledges', 'expenses', 'projects'].flatMap((t) => [total(t), grouped(t, `${t}:status:`, 'status')]),
    total('contact_messages'),
    total('contact_messages', 'contact_messages:new', 'handled_at is null'),
    grouped('privacy_requests', 'privacy_requests:status:', 'status'),
  ])
    await sql.raw(statement).execute(db);

  for (const [table, { columns, rows }] of Object.entries(TABLES)) {
    const name = `${table}_row_counts`;
    if (isPg(db)) {
      await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.lit(`
        begin
          if TG_OP = 'INSERT' then
            ${upsert(rows('new', 1))}
          elsif TG_OP = 'DELETE' then
            ${upsert(rows('old', -1))}
          else
            ${upsert(`${rows('old', -1)} union all ${rows('new', 1)}`)}
          end if;
          return null;
        end`)}`.execute(db);
      const events = columns.length ? `insert or delete or update of ${columns.join(', ')}` : 'insert or delete';
      await sql`create trigger ${sql.id(name)} after ${sql.raw(events)} on ${sql.table(table)}
        for each row execute function ${sql.id(name)}()`.execute(db);
      continue;
    }
    await sql`create trigger ${sql.id(`${name}_insert`)} after insert on ${sql.table(table)} for each row
      begin ${sql.raw(upsert(rows('new', 1)))} end`.execute(db);
    await sql`create trigger ${sql.id(`${name}_delete`)} after delete on ${sql.table(table)} for each row
      begin ${sql.raw(upsert(rows('old', -1)))} end`.execute(db);
    if (columns.length)
      await sql`create trigger ${sql.id(`${name}_update`)} after update of ${sql.raw(columns.join(', '))} on ${sql.table(table)} for each row
        begin ${sql.raw(upsert(`${rows('old', -1)} union all ${rows('new', 1)}`))} end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(TABLES)) {
    const name = `${table}_row_counts`;
    if (isPg(db)) {
      await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists ${sql.id(name)}()`.execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`${name}_${suffix}`)}`.execute(db);
    }
    await sql`delete from row_counts where key = ${table} or substr(key, 1, ${table.length + 1}) = ${`${table}:`}`.execute(db);
  }
  for (const name of [
    'audit_log_newest',
    'pledges_newest',
    'pledges_status_newest',
    'newsletter_subscriptions_newest',
    'newsletter_sends_newest',
    'outbox_messages_channel_newest',
    'projects_newest',
  ])
    await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, column] of REINDEXED) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('audit_log').columns([column, 'id']).execute();
  }
}
