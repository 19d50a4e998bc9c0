import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The journal says which entry reversed each one, and the cash-flow statement sets a year's reversals apart from its
// receipts and payments (docs/books.md): both look entries up by `reverses_id`, which no index served.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('books_entries_reverses').on('books_entries').columns(['reverses_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('books_entries_reverses').execute();
}
