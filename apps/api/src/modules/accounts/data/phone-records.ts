import type { DB } from '../../../platform/database/database';

// Phone-only people, round three: what someone gave, pledged or registered for with a telephone, before they had an
// account. Data access only. It reads and links rows of the payments, pledges and events tables by their telephone,
// the one key these records share with an account: the telephone is proved by the SMS code before anything is linked.

/** The name given with the newest gift, pledge or registration made with one of these spellings, or null if none. */
export async function findPhoneRecordName(db: DB, spellings: string[]): Promise<string | null> {
  if (spellings.length === 0) return null;
  const [donation, pledge, registration, payment] = await Promise.all([
    db
      .selectFrom('donations')
      .select('name')
      .where('phone', 'in', spellings)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('pledges').select('name').where('telephone', 'in', spellings).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db
      .selectFrom('event_registrations')
      .select('name')
      .where('telephone', 'in', spellings)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('payments')
      .select('name')
      .where('phone', 'in', spellings)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const found = [pledge, registration, donation, payment].find((r) => r !== undefined);
  if (!found) return null;
  return found.name?.trim() || 'Donateur';
}

/** Links to the account every record made with its telephone and not yet linked to anyone (idempotent). */
export async function linkPhoneRecords(db: DB, userId: number, spellings: string[]): Promise<void> {
  if (spellings.length === 0) return;
  await db.updateTable('donations').set({ user_id: userId }).where('user_id', 'is', null).where('phone', 'in', spellings).execute();
  await db.updateTable('payments').set({ user_id: userId }).where('user_id', 'is', null).where('phone', 'in', spellings).execute();
  await db.updateTable('pledges').set({ user_id: userId }).where('user_id', 'is', null).where('telephone', 'in', spellings).execute();
  await db
    .updateTable('event_registrations')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('telephone', 'in', spellings)
    .execute();
}
