import type { z } from 'zod';
import type { testimonialFieldsSchema } from '@shared/schemas/testimonial';
import { type DB, nowIso } from '../../platform/database/database';
import { notFound } from '../../platform/lib/http-errors';
import type { PageQuery } from '../../platform/lib/pagination';
import {
  deleteTestimonialRow,
  findTestimonial,
  insertTestimonial,
  markTestimonialPublished,
  pageOfPublishedTestimonials,
  pageOfTestimonials,
} from './data';
import { type ReceivedFile, storeThenCommit } from '../../platform/uploads/uploads';
import type { Storage } from '../../platform/storage/storage';
import type { AuditActor } from '../audit';
import { publicFileUrl } from '../../platform/storage/stored-files';
import { recordAudit } from '../audit';
import { recordFormConsents } from '../privacy';

type TestimonialFields = z.output<typeof testimonialFieldsSchema>;

const withAvatarUrl = <T extends { avatar: string }>(row: T) => ({ ...row, avatar_url: publicFileUrl('avatars', row.avatar) });

/** Published testimonials only (docs/product/public-site.md), newest first. */
export async function listPublishedTestimonials(db: DB, page: PageQuery) {
  const { rows, total } = await pageOfPublishedTestimonials(db, page);
  return { items: rows.map(withAvatarUrl), total };
}

/** Stores the avatar and the row together; the testimonial waits for an administrator. */
export async function submitTestimonial(
  db: DB,
  storage: Storage,
  fields: TestimonialFields,
  avatar: ReceivedFile,
  ip: string | null = null,
): Promise<void> {
  await storeThenCommit(storage, [{ field: 'avatar', area: 'avatars', file: avatar }], async (names) => {
    await db.transaction().execute(async (trx) => {
      const id = await insertTestimonial(trx, {
        text: fields.text,
        author: fields.author,
        title: fields.title,
        avatar: names.avatar!,
        is_published: 0,
        created_at: nowIso(),
      });
      // The row and the proof of its consent together (a testimonial has no address: the consent names it).
      await recordFormConsents(trx, fields.consents, { subject: `testimonial:${id}`, channel: 'web', source: 'testimonial_form', ip });
    });
  });
}

export async function listTestimonialsForAdmin(db: DB, status: 'pending' | 'published' | undefined, page: PageQuery) {
  const { rows, total } = await pageOfTestimonials(db, status, page);
  return {
    // The administrators' own route: it serves pending avatars too (the public one waits for publication).
    items: rows.map((r) => ({ ...r, avatar_url: `/api/admin/avatars/${r.avatar}`, is_published: r.is_published === 1 })),
    total,
  };
}

export async function publishTestimonial(db: DB, id: number, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await markTestimonialPublished(trx, id))) throw notFound('Témoignage introuvable.');
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'testimonial.publish',
      entity: 'testimonials',
      entityId: id,
      after: { is_published: 1 },
    });
  });
}

/** Deletes the row, then its avatar file (a file left by a crash in between is harmless; a row without file is not). */
export async function deleteTestimonial(db: DB, storage: Storage, id: number, actor: AuditActor): Promise<void> {
  const avatar = await db.transaction().execute(async (trx) => {
    const row = await findTestimonial(trx, id);
    if (!row) throw notFound('Témoignage introuvable.');
    await deleteTestimonialRow(trx, id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'testimonial.delete',
      entity: 'testimonials',
      entityId: id,
      before: row,
    });
    return row.avatar;
  });
  await storage.remove(`avatars/${avatar}`);
}

export { isPublishedAvatar } from './data';
