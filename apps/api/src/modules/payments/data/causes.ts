import type { DonationPurpose } from '@shared/constants';
import type { DB } from '../../../platform/database/database';

// Cause goals and the donations counted towards them.

/**
 * Per purpose: the sum and count of the donations with one of `statuses`, not deleted. Kept by triggers as money
 * moves (migration 20261125_0800): a handful of rows, whatever the number of gifts.
 */
export function donationSumsByPurpose(db: DB, statuses: string[]) {
  return db
    .selectFrom('money_totals')
    .select((eb) => ['category as purpose', eb.fn.sum<number>('amount').as('raised'), eb.fn.sum<number>('n').as('donors')])
    .where('table_name', '=', 'donations')
    .where('status', 'in', statuses)
    .groupBy('category')
    .execute();
}

export function causeGoals(db: DB) {
  return db.selectFrom('cause_goals').select(['purpose', 'goal']).execute();
}

export function findCauseGoal(trx: DB, purpose: DonationPurpose) {
  return trx.selectFrom('cause_goals').select('goal').where('purpose', '=', purpose).executeTakeFirst();
}

export async function upsertCauseGoal(trx: DB, purpose: DonationPurpose, goal: number | null, by: number, now: string): Promise<void> {
  await trx
    .insertInto('cause_goals')
    .values({ purpose, goal, updated_by: by, updated_at: now })
    .onConflict((oc) => oc.column('purpose').doUpdateSet({ goal, updated_by: by, updated_at: now }))
    .execute();
}
