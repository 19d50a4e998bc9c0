import type { PaymentType } from '@shared/constants';
import { DEFAULT_FEE_SETTINGS, type FeeSettings, feeBelowMinimum } from '@shared/schemas/settings';
import type { DB } from '../../platform/database/database';
import { fieldError } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { readSetting, writeSetting } from './data';

// Membership fees (docs/product/places.md, « Trust in accounts »): the amounts the
// payment form prefills and the minimum below which a membership fee is refused (issue 25 row 7: 1 FCFA must not
// make an account « à jour » for a year).

const FEES = 'membership_fees';

/** The fees in force: the administrator's, else the defaults (every field checked, a damaged row falls back). */
export async function getFeeSettings(db: DB): Promise<FeeSettings> {
  const stored = (await readSetting(db, FEES)) as Partial<FeeSettings> | null;
  const pick = (key: keyof FeeSettings) => {
    const v = stored?.[key];
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : DEFAULT_FEE_SETTINGS[key];
  };
  return {
    adhesion_amount: pick('adhesion_amount'),
    cotisation_amount: pick('cotisation_amount'),
    adhesion_min: pick('adhesion_min'),
    cotisation_min: pick('cotisation_min'),
  };
}

/** PUT /api/admin/settings: saved and audited with before and after, in one transaction. */
export async function saveFeeSettings(db: DB, input: FeeSettings, actor: AuditActor): Promise<FeeSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await getFeeSettings(trx);
    await writeSetting(trx, FEES, input, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'settings.update',
      entity: 'settings',
      entityId: FEES,
      before,
      after: input,
    });
    return input;
  });
}

const isMembershipType = (type: string): type is PaymentType => type === 'adhesion' || type === 'cotisation';

/**
 * Refuses (422 on `amount`) a membership fee below its minimum; other payment types (an event's seats) are not
 * membership fees and pass.
 */
export async function assertFeeAtLeastMinimum(db: DB, paymentType: string, amount: number, field = 'amount'): Promise<void> {
  if (!isMembershipType(paymentType)) return;
  const fees = await getFeeSettings(db);
  const min = fees[`${paymentType}_min`];
  if (amount < min) throw fieldError(field, feeBelowMinimum(paymentType, min));
}
