import type { BreachInput, breachInputSchema } from '@shared/schemas/privacy-registers';
import type { z } from 'zod';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { type AuditActor, recordAudit } from '../audit';
import { findBreach, insertBreach, listBreaches } from './data/breaches';

// The breach register (law 2017-20; docs/product/personal-data.md): what happened, when, who is affected, the
// measures taken, and whether the APDP and the people were notified. Recorded with who recorded it, audited.

export type BreachFields = z.output<typeof breachInputSchema>;
export type { BreachInput };

export async function recordBreach(db: DB, fields: BreachFields, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const id = await insertBreach(trx, { ...fields, recorded_by: actor.id, created_at: clock.now().toISOString() });
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'privacy.breach_recorded',
      entity: 'privacy_breaches',
      entityId: id,
      details: { occurred_at: fields.occurred_at, apdp_notified: fields.apdp_notified_at !== null },
    });
    return (await findBreach(trx, id))!;
  });
}

export const breachRegister = (db: DB) => listBreaches(db, 500);
