import type { WaitingCounts } from '@shared/schemas/back-office';
import type { DB } from '../../db/database';
import { countPendingModeration, countUnconfirmedUsers } from '../../db/repositories/stats';

/** What waits for an administrator (their landing view): always live, four indexed counts. */
export async function countWaiting(db: DB): Promise<WaitingCounts> {
  const [accounts, pending, messages] = await Promise.all([
    countUnconfirmedUsers(db),
    countPendingModeration(db),
    db
      .selectFrom('contact_messages')
      .where('handled_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    unconfirmed_accounts: accounts,
    unconfirmed_volunteers: pending.volunteers,
    pending_testimonials: pending.testimonials,
    new_messages: Number(messages.n),
  };
}
