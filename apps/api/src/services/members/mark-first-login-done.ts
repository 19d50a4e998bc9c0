import { type DB, nowIso } from '../../db/database';

// TEMPORARY stand-in until the accounts issue lands `markFirstLoginDone` in services/accounts/.
export async function markFirstLoginDone(db: DB, userId: number): Promise<void> {
  await db.updateTable('users').set({ first_login: 0, updated_at: nowIso() }).where('id', '=', userId).execute();
}
