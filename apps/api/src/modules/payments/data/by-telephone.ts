import type { DB } from '../../../platform/database/database';

// Gifts and payments made with a telephone before its owner had an account (docs/product/donors.md): the code
// sign-in names the new account after them and links them to it (modules/accounts/code-login.ts).

/** The name given with the newest gift, then payment, made with one of these spellings; undefined when none. */
export async function moneyNameByTelephone(db: DB, spellings: string[]): Promise<{ name: string | null } | undefined> {
  if (spellings.length === 0) return undefined;
  const newest = (table: 'donations' | 'payments') =>
    db
      .selectFrom(table)
      .select('name')
      .where('phone', 'in', spellings)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  const [donation, payment] = await Promise.all([newest('donations'), newest('payments')]);
  return donation ?? payment;
}

/** Links to the account the gifts and payments made with its telephone and not linked to anyone yet (idempotent). */
/** Returns how many payments it linked (only they can change the membership). */
export async function linkMoneyByTelephone(db: DB, userId: number, spellings: string[]): Promise<number> {
  if (spellings.length === 0) return 0;
  await db.updateTable('donations').set({ user_id: userId }).where('user_id', 'is', null).where('phone', 'in', spellings).execute();
  const linked = await db
    .updateTable('payments')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('phone', 'in', spellings)
    .executeTakeFirst();
  return Number(linked.numUpdatedRows);
}
