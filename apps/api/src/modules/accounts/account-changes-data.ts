import type { DB } from '../../platform/database/database';
import type { AccountChangesTable } from '../../platform/database/schema';
import type { Insertable } from 'kysely';

// Proposed changes to administrators (migration 20261129_0100): the only queries on account_changes.

export async function insertAccountChange(db: DB, row: Insertable<AccountChangesTable>): Promise<number> {
  const inserted = await db.insertInto('account_changes').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findAccountChange(db: DB, id: number) {
  return db.selectFrom('account_changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Decides a waiting change; false when another request decided it first. */
export async function decideAccountChange(db: DB, id: number, status: string, decidedBy: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('account_changes')
    .set({ status, decided_by: decidedBy, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'en_attente')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hasPendingAccountChange(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('account_changes')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'en_attente')
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest 200 changes (a handful a year in practice), with the names of the account and the proposer. */
export function listAccountChanges(db: DB, status?: string) {
  let q = db
    .selectFrom('account_changes as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as p', 'p.id', 'c.proposed_by')
    .select([
      'c.id',
      'c.kind',
      'c.user_id',
      'u.name as user_name',
      'c.changes',
      'c.status',
      'c.proposed_by',
      'p.name as proposed_by_name',
      'c.proposed_at',
      'c.decided_by',
      'c.decided_at',
    ])
    .orderBy('c.id', 'desc')
    .limit(200);
  if (status) q = q.where('c.status', '=', status);
  return q.execute();
}
