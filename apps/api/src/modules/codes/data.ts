import { sql } from 'kysely';
import { type DB, isPostgres } from '../../platform/database/database';

// The only file of the codes area that builds queries.

export interface CodeKey {
  purpose: string;
  subject: string;
}

/**
 * Serialises the issuing of codes for one subject and purpose until the transaction ends, so that the
 * hourly limit holds under parallel requests. PostgreSQL: a transaction-level advisory lock; SQLite has a
 * single writer and Kysely runs its transactions one at a time on its one connection.
 */
export async function lockSubject(trx: DB, key: CodeKey): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`one_time_codes:${key.purpose}:${key.subject}`}))`.execute(trx);
}

export async function countIssuedSince(trx: DB, key: CodeKey, since: string): Promise<number> {
  const row = await trx
    .selectFrom('one_time_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject', '=', key.subject)
    .where('purpose', '=', key.purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks every unused code matching the filter as used (void). At least one of subject and userId is set. */
export async function voidLiveCodes(
  db: DB,
  filter: { subject?: string | null; userId?: number | null; purpose?: string | null },
  at: string,
): Promise<number> {
  let query = db.updateTable('one_time_codes').set({ used_at: at }).where('used_at', 'is', null);
  const { subject, userId, purpose } = filter;
  if (subject != null && userId != null) {
    query = query.where((eb) => eb.or([eb('subject', '=', subject), eb('user_id', '=', userId)]));
  } else if (subject != null) query = query.where('subject', '=', subject);
  else if (userId != null) query = query.where('user_id', '=', userId);
  else throw new Error('voidLiveCodes needs a subject or a user id');
  if (purpose != null) query = query.where('purpose', '=', purpose);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertCode(
  trx: DB,
  row: CodeKey & { userId: number | null; codeHash: string; requestedBy: number | null; expiresAt: string; createdAt: string },
): Promise<number> {
  const inserted = await trx
    .insertInto('one_time_codes')
    .values({
      purpose: row.purpose,
      subject: row.subject,
      user_id: row.userId,
      code_hash: row.codeHash,
      attempts: 0,
      requested_by: row.requestedBy,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Counts one try on the live code of this subject and purpose, in one statement, BEFORE its digits are
 * checked: the row is returned only when the try was counted while fewer than `maxTries` had been made, so
 * parallel tries can never exceed the limit. Undefined: no live code, or it is void.
 */
export async function countTry(
  db: DB,
  key: CodeKey,
  now: string,
  maxTries: number,
): Promise<{ id: number; code_hash: string; user_id: number | null; requested_by: number | null } | undefined> {
  const count = (q: DB) =>
    q
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('one_time_codes as live')
          .select('live.id')
          .where('live.subject', '=', key.subject)
          .where('live.purpose', '=', key.purpose)
          .where('live.used_at', 'is', null)
          .where('live.expires_at', '>', now)
          .orderBy('live.id', 'desc')
          .limit(1),
      )
      .where('attempts', '<', maxTries)
      .returning(['id', 'code_hash', 'user_id', 'requested_by'])
      .executeTakeFirst();
  // PostgreSQL waits for the WAL flush at commit only when a statement wrote: a live code (counted) answered about
  // 0.3 ms later than no code (nothing to count), which told who had one (accounts/reset-timing.test.ts). Every
  // branch commits its try without waiting for the flush: a crash may forget a try, never count one that was not made.
  if (!isPostgres(db) || db.isTransaction) return count(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return count(trx);
  });
}

/** Consumes a code once: false when another request consumed (or voided) it first. */
export async function consumeCode(db: DB, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
