import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// The books' hash chain, second formula (docs/books.md, « The chain »): entries validated from now on also hash
// their year, source, reversed entry, carried flag and author, which the first formula left out (a direct edit of
// those columns went unseen). Entries already validated keep their first-formula hash (hash_version 1): rehashing
// them would bless any edit made before today.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('books_entries')
    .addColumn('hash_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('books_entries').dropColumn('hash_version').execute();
}
