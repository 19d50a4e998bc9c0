import type { z } from 'zod';
import type { testimonialFieldsSchema } from '@shared/schemas/testimonial';
import { type DB, nowIso } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { type PageQuery, newestFirstPage } from '../../lib/pagination';
import { type ReceivedFile, storeThenCommit } from '../../lib/uploads';
import type { Storage } from '../../storage/storage';
import type { AuditActor } from '../audit/record-audit';
import { audit, publicFileUrl } from './shared';

type TestimonialFields = z.output<typeof testimonialFieldsSchema>;

const withAvatarUrl = <T extends { avatar: string }>(row: T) => ({ ...row, avatar_url: publicFileUrl('avatars', row.avatar) });

/** Published testimonials only (CONTRACT.md), newest first. */
export async function listPublishedTestimonials(db: DB, page: PageQuery) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('testimonials')
      .select(['id', 'text', 'author', 'title', 'avatar'])
      .where('is_published', '=', 1)
      .$call(newestFirstPage(page))
      .execute(),
    db
      .selectFrom('testimonials')
      .where('is_published', '=', 1)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(withAvatarUrl), total: Number(count.n) };
}

/** Stores the avatar and the row together; the testimonial waits for an administrator. */
export async function submitTestimonial(db: DB, storage: Storage, fields: TestimonialFields, avatar: ReceivedFile): Promise<void> {
  await storeThenCommit(storage, [{ field: 'avatar', area: 'avatars', file: avatar }], async (names) => {
    await db
      .insertInto('testimonials')
      .values({
        text: fields.text,
        author: fields.author,
        title: fields.title,
        avatar: names.avatar!,
        is_published: 0,
        created_at: nowIso(),
      })
      .execute();
  });
}

export async function listTestimonialsForAdmin(db: DB, status: 'pending' | 'published' | undefined, page: PageQuery) {
  const flag = status === undefined ? undefined : status === 'published' ? 1 : 0;
  let list = db.selectFrom('testimonials');
  if (flag !== undefined) list = list.where('is_published', '=', flag);
  const [rows, count] = await Promise.all([
    list.select(['id', 'text', 'author', 'title', 'avatar', 'is_published', 'created_at']).$call(newestFirstPage(page)).execute(),
    list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    // The administrators' own route: it serves pending avatars too (the public one waits for publication).
    items: rows.map((r) => ({ ...r, avatar_url: `/api/admin/avatars/${r.avatar}`, is_published: r.is_published === 1 })),
    total: Number(count.n),
  };
}

export async function publishTestimonial(db: DB, id: number, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('testimonials').set({ is_published: 1 }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('Témoignage introuvable.');
    await audit(trx, actor, 'testimonial.publish', 'testimonials', id, { after: { is_published: 1 } });
  });
}

/** Deletes the row, then its avatar file (a file left by a crash in between is harmless; a row without file is not). */
export async function deleteTestimonial(db: DB, storage: Storage, id: number, actor: AuditActor): Promise<void> {
  const avatar = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Témoignage introuvable.');
    await trx.deleteFrom('testimonials').where('id', '=', id).execute();
    await audit(trx, actor, 'testimonial.delete', 'testimonials', id, { before: row });
    return row.avatar;
  });
  await storage.remove(`avatars/${avatar}`);
}

export async function isPublishedAvatar(db: DB, name: string): Promise<boolean> {
  const row = await db.selectFrom('testimonials').select('id').where('avatar', '=', name).where('is_published', '=', 1).executeTakeFirst();
  return row !== undefined;
}
