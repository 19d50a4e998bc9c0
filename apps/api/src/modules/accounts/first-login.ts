import type { DB } from '../../platform/database/database';
import { updateUser } from './data';

/**
 * Ends a user's first-login state (docs/product/states.md): called once the provider has submitted /information
 * or the consumer has submitted /questionnaire. Idempotent; accepts a transaction.
 */
export async function markFirstLoginDone(db: DB, userId: number): Promise<void> {
  await updateUser(db, userId, { first_login: 0, updated_at: new Date().toISOString() });
}
