import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { TestimonialsTable } from '../../platform/database/schema';
import { type PageQuery, newestFirstPage } from '../../platform/lib/pagination';

// The testimonials area's queries (testimonials).

export type TestimonialStatus = 'pending' | 'published';

const testimonialsWith = (db: DB, status: TestimonialStatus | undefined) => {
  const list = db.selectFrom('testimonials');
  return status === undefined ? list : list.where('is_published', '=', status === 'published' ? 1 : 0);
};

export async function pageOfPublishedTestimonials(db: DB, page: PageQuery) {
  const [rows, count] = await Promise.all([
    testimonialsWith(db, 'published').select(['id', 'text', 'author', 'title', 'avatar']).$call(newestFirstPage(page)).execute(),
    testimonialsWith(db, 'published')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertTestimonial(db: DB, values: Insertable<TestimonialsTable>): Promise<number> {
  const row = await db.insertInto('testimonials').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function pageOfTestimonials(db: DB, status: TestimonialStatus | undefined, page: PageQuery) {
  const list = testimonialsWith(db, status);
  const [rows, count] = await Promise.all([
    list.select(['id', 'text', 'author', 'title', 'avatar', 'is_published', 'created_at']).$call(newestFirstPage(page)).execute(),
    list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The administrators' list's rows for its CSV export, with the same status filter. */
export const testimonialsExportQuery = (db: DB, status: TestimonialStatus | undefined) =>
  testimonialsWith(db, status).select(['id', 'author', 'title', 'text', 'is_published', 'created_at']);

/** True when the row existed. */
export async function markTestimonialPublished(trx: DB, id: number): Promise<boolean> {
  const result = await trx.updateTable('testimonials').set({ is_published: 1 }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findTestimonial(db: DB, id: number) {
  return db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteTestimonialRow(trx: DB, id: number): Promise<void> {
  await trx.deleteFrom('testimonials').where('id', '=', id).execute();
}

export async function isPublishedAvatar(db: DB, name: string): Promise<boolean> {
  const row = await db.selectFrom('testimonials').select('id').where('avatar', '=', name).where('is_published', '=', 1).executeTakeFirst();
  return row !== undefined;
}
