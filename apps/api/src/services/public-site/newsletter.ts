import { NEWSLETTER_MESSAGES } from '@shared/schemas/newsletter';
import { type DB, nowIso } from '../../db/database';
import { type PageQuery, pageOffset } from '../../lib/pagination';
import { isUniqueViolation } from './shared';

/** Subscribes once; a repeat (even a concurrent one) is answered kindly. The e-mail arrives lower-cased. */
export async function subscribe(db: DB, email: string): Promise<{ message: string; isNew: boolean }> {
  const existing = await db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return { message: NEWSLETTER_MESSAGES.alreadySubscribed, isNew: false };
  try {
    await db.insertInto('newsletter_subscriptions').values({ email, created_at: nowIso() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { message: NEWSLETTER_MESSAGES.alreadySubscribed, isNew: false };
    throw error;
  }
  return { message: NEWSLETTER_MESSAGES.subscribed, isNew: true };
}

export async function listSubscribers(db: DB, page: PageQuery) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('newsletter_subscriptions')
      .select(['id', 'email', 'created_at'])
      .orderBy('id', 'desc') // ids grow with time: newest first on the primary key
      .limit(page.per_page)
      .offset(pageOffset(page))
      .execute(),
    db
      .selectFrom('newsletter_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
