import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// A payment for an event's seats names the registration it pays (as a gift names the pledge it pays), so whichever of
// a registration's payments the provider approves confirms it, not only the one the registration last pointed at; and
// it keeps the URL of its checkout, so asking to pay again while it is still pending gives the same page instead of a
// second payment for the same seats. Payments already linked from a registration are named by it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('event_registration_id', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('checkout_url', 'text').execute();
  await db.schema.createIndex('payments_event_registration').on('payments').column('event_registration_id').execute();
  await sql`
    update payments set event_registration_id = (
      select r.id from event_registrations r where r.payment_id = payments.id order by r.id limit 1
    )
    where id in (select payment_id from event_registrations where payment_id is not null)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_event_registration').execute();
  await db.schema.alterTable('payments').dropColumn('checkout_url').execute();
  await db.schema.alterTable('payments').dropColumn('event_registration_id').execute();
}
