import type { DB } from '../../../platform/database/database';
import { linkRegistrationsByTelephone, registrationNameByTelephone } from '../../events';
import { linkMoneyByTelephone, moneyNameByTelephone } from '../../payments';
import { linkPledgesByTelephone, pledgeNameByTelephone } from '../../pledges';
import { recomputeMembership } from '../../membership';

// Phone-only people, round three: what someone gave, pledged or registered for with a telephone, before they had an
// account. Each area reads and links its own rows (its data layer, through its index); this file only puts them
// together. The telephone is proved by the SMS code before anything is linked.

/** The name given with the newest pledge, registration, gift or payment made with one of these spellings, or null. */
export async function findPhoneRecordName(db: DB, spellings: string[]): Promise<string | null> {
  if (spellings.length === 0) return null;
  const [pledge, registration, money] = await Promise.all([
    pledgeNameByTelephone(db, spellings),
    registrationNameByTelephone(db, spellings),
    moneyNameByTelephone(db, spellings),
  ]);
  const found = [pledge, registration, money].find((r) => r !== undefined);
  if (!found) return null;
  return found.name?.trim() || 'Donateur';
}

/** Links to the account every record made with its telephone and not yet linked to anyone (idempotent), and derives its membership. */
export async function linkPhoneRecords(db: DB, userId: number, spellings: string[], membershipMonths: number): Promise<void> {
  if (spellings.length === 0) return;
  // A fee paid before the account existed makes it a member from that payment on, as if paid signed in. Nothing
  // linked, nothing to recompute (this runs at every sign-in).
  if ((await linkMoneyByTelephone(db, userId, spellings)) > 0) await recomputeMembership(db, userId, membershipMonths);
  await linkPledgesByTelephone(db, userId, spellings);
  await linkRegistrationsByTelephone(db, userId, spellings);
}
