import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: this file never imports application code. Portable types only:
// integer keys, integer FCFA, integer 0/1 booleans, ISO-8601 text timestamps.

type Table = CreateTableBuilder<string, never>;

function isPg(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

function withId(db: Kysely<any>, t: Table): Table {
  return isPg(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (dflt: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(dflt);

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('telephone', 'text', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('zone', 'text')
    .addColumn('zone_key', 'text')
    .addColumn('is_confirmed', 'integer', flag(0))
    .addColumn('first_login', 'integer', flag(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_telephone_unique').on('users').column('telephone').unique().execute();
  await db.schema.createIndex('users_role_created').on('users').columns(['role', 'created_at']).execute();
  await db.schema.createIndex('users_confirmed_created').on('users').columns(['is_confirmed', 'created_at']).execute();
  await db.schema.createIndex('users_created_by').on('users').column('created_by').execute();
  await db.schema.createIndex('users_zone_key').on('users').column('zone_key').execute();

  await withId(db, db.schema.createTable('auth_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('auth_tokens_hash_unique').on('auth_tokens').column('token_hash').unique().execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('providers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entreprise', 'text', notNull)
    .addColumn('forme_juridique', 'text', notNull)
    .addColumn('rccm', 'text', notNull)
    .addColumn('adresse', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('telephone', 'text', notNull)
    .addColumn('whatsapp', 'text')
    .addColumn('marge_salaire', 'integer', notNull)
    .addColumn('zone', 'text', notNull)
    .addColumn('zone_key', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('providers_user_unique').on('providers').column('user_id').unique().execute();
  await db.schema.createIndex('providers_zone_key').on('providers').column('zone_key').execute();

  await db.schema
    .createTable('provider_domains')
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('domain', 'text', notNull)
    .addColumn('reduction', 'integer')
    .addPrimaryKeyConstraint('provider_domains_pk', ['provider_id', 'domain'])
    .execute();

  await withId(db, db.schema.createTable('questionnaires'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('marital_status', 'text', notNull)
    .addColumn('job', 'text', notNull)
    .addColumn('income', 'integer', notNull)
    .addColumn('income_total', 'integer', notNull)
    .addColumn('monthly_expenses', 'integer', notNull)
    .addColumn('needs', 'text', notNull) // JSON array of at most 3 needs
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('questionnaires_user').on('questionnaires').column('user_id').execute();

  await withId(db, db.schema.createTable('contact_messages'))
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('phone', 'text')
    .addColumn('services', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();

  await withId(db, db.schema.createTable('newsletter_subscriptions'))
    .addColumn('email', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('newsletter_email_unique').on('newsletter_subscriptions').column('email').unique().execute();

  await withId(db, db.schema.createTable('testimonials'))
    .addColumn('text', 'text', notNull)
    .addColumn('author', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('avatar', 'text', notNull)
    .addColumn('is_published', 'integer', flag(0))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('testimonials_published_created').on('testimonials').columns(['is_published', 'created_at']).execute();

  await withId(db, db.schema.createTable('volunteers'))
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('profile_image', 'text', notNull)
    .addColumn('cv', 'text', notNull)
    .addColumn('motivation_letter', 'text', notNull)
    .addColumn('criminal_record', 'text', notNull)
    .addColumn('domain', 'text', notNull)
    .addColumn('under_restriction', 'integer', flag(0))
    .addColumn('restriction_proof', 'text')
    .addColumn('is_confirmed', 'integer', flag(0))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('volunteers_email_unique').on('volunteers').column('email').unique().execute();
  await db.schema.createIndex('volunteers_confirmed_created').on('volunteers').columns(['is_confirmed', 'created_at']).execute();

  await withId(db, db.schema.createTable('projects'))
    .addColumn('project_name', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('goal_amount', 'integer', notNull)
    .addColumn('category', 'text', notNull)
    .addColumn('contact_email', 'text', notNull)
    .addColumn('project_file', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('projects_created').on('projects').column('created_at').execute();

  for (const table of ['donations', 'payments'] as const) {
    let t = withId(db, db.schema.createTable(table)).addColumn('amount', 'integer', notNull);
    t =
      table === 'donations'
        ? t.addColumn('purpose', 'text', notNull)
        : t
            .addColumn('payment_type', 'text', notNull)
            .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'));
    await t
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('XOF'))
      .addColumn('transaction_status', 'text', notNull)
      .addColumn('transaction_id', 'text')
      .addColumn('provider', 'text', notNull)
      .addColumn('is_verified', 'integer', flag(0))
      .addColumn('receipt_number', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('deleted_at', 'text')
      .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();
    await db.schema.createIndex(`${table}_transaction_unique`).on(table).column('transaction_id').unique().execute();
    await db.schema.createIndex(`${table}_receipt_unique`).on(table).column('receipt_number').unique().execute();
    await db.schema.createIndex(`${table}_listing`).on(table).columns(['deleted_at', 'created_at']).execute();
    await db.schema.createIndex(`${table}_status`).on(table).columns(['transaction_status', 'created_at']).execute();
  }

  await withId(db, db.schema.createTable('payment_events'))
    .addColumn('event_key', 'text', notNull)
    .addColumn('transaction_id', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('received_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('payment_events_key_unique').on('payment_events').column('event_key').unique().execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', notNull)
    .addColumn('entity', 'text', notNull)
    .addColumn('entity_id', 'text', notNull)
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'audit_log',
    'payment_events',
    'payments',
    'donations',
    'projects',
    'volunteers',
    'testimonials',
    'newsletter_subscriptions',
    'contact_messages',
    'questionnaires',
    'provider_domains',
    'providers',
    'auth_tokens',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
