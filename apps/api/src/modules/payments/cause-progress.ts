import { DONATION_PURPOSES, type DonationPurpose } from '@shared/constants';
import type { CauseProgress } from '@shared/schemas/cause-progress';
import { type DB, nowIso } from '../../platform/database/database';
import { type AuditActor, recordAudit } from '../audit';
import { causeGoals, donationSumsByPurpose, findCauseGoal, upsertCauseGoal } from './data/causes';
import { PAID_STATUSES } from './transitions';

// GET /api/causes/progress and PUT /api/admin/causes/{purpose} (docs/product/donors.md).

/**
 * Statuses whose money counts towards a cause: money received and kept. Everything else (pending,
 * declined, canceled, refunded — and any status added later, such as a cancellation by an
 * administrator) is left out by construction. Deleted records are left out too.
 */
const COUNTED_STATUSES = [...PAID_STATUSES];

export async function causeProgress(db: DB): Promise<CauseProgress[]> {
  const [sums, goals] = await Promise.all([donationSumsByPurpose(db, COUNTED_STATUSES), causeGoals(db)]);
  return DONATION_PURPOSES.map((purpose) => {
    const sum = sums.find((s) => s.purpose === purpose);
    const goal = goals.find((g) => g.purpose === purpose)?.goal ?? null;
    return { purpose, raised: Number(sum?.raised ?? 0), donors: Number(sum?.donors ?? 0), goal: goal === null ? null : Number(goal) };
  });
}

/** Sets (or clears with null) a purpose's goal; audited in the same transaction. */
export async function setCauseGoal(db: DB, purpose: DonationPurpose, goal: number | null, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findCauseGoal(trx, purpose);
    await upsertCauseGoal(trx, purpose, goal, actor.id, nowIso());
    await recordAudit(trx, {
      actorId: actor.id,
      actingId: actor.actingId,
      action: 'cause_goal.update',
      entity: 'cause_goal',
      entityId: purpose,
      ip: actor.ip,
      before: { goal: before?.goal ?? null },
      after: { goal },
    });
  });
}
