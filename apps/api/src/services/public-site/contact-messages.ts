import type { ContactValues } from '@shared/schemas/contact';
import { type DB, nowIso } from '../../db/database';
import { type PageQuery, newestFirstPage } from '../../lib/pagination';

export async function saveContactMessage(db: DB, input: ContactValues): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      services: input.services ?? null,
      message: input.message ?? null,
      created_at: nowIso(),
    })
    .execute();
}

export async function listContactMessages(db: DB, page: PageQuery) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'phone', 'services', 'message', 'created_at'])
      .$call(newestFirstPage(page))
      .execute(),
    db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
