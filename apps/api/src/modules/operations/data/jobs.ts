import type { DB } from '../../../platform/database/database';
import { nowIso } from '../../../platform/database/database';
import { isUniqueViolation } from '../../../platform/database/unique-violation';

// The background_jobs rows of the year-end receipts ZIP: created, advanced, finished, read by any process. At most
// one row per kind and parameters is running (a partial unique index, migration 20261127_0200): the process whose
// insert wins runs the job, and moves heartbeat_at while it does.

export const YEAR_RECEIPTS_ZIP = 'year_receipts_zip';

/**
 * The running job of this kind and parameters: the one just inserted (`started`, to be run by the caller) or the one
 * some process already runs. A running row whose heartbeat is older than `staleBefore` (its process died) is marked
 * failed with `staleError` first, so that it can be started again.
 */
export async function claimJob(
  db: DB,
  kind: string,
  params: object,
  createdBy: number | null,
  staleBefore: string,
  staleError: string,
): Promise<{ id: number; started: boolean }> {
  const key = JSON.stringify(params);
  const now = nowIso();
  await db
    .updateTable('background_jobs')
    .set({ status: 'failed', error: staleError, finished_at: now })
    .where('kind', '=', kind)
    .where('params', '=', key)
    .where('status', '=', 'running')
    .where((eb) => eb(eb.fn.coalesce('heartbeat_at', 'created_at'), '<', staleBefore))
    .execute();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const row = await db
        .insertInto('background_jobs')
        .values({ kind, params: key, status: 'running', created_by: createdBy, created_at: now, heartbeat_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, started: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const running = await db
      .selectFrom('background_jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('params', '=', key)
      .where('status', '=', 'running')
      .executeTakeFirst();
    // Finished between the insert and this read: try again.
    if (running) return { id: running.id, started: false };
  }
  throw new Error(`background job ${kind} could not be claimed`);
}

/** The newest job of this kind and parameters, whatever its state (what the dashboard shows when it opens). */
export async function latestJob(db: DB, kind: string, params: object) {
  return db
    .selectFrom('background_jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('params', '=', JSON.stringify(params))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function updateJob(
  db: DB,
  id: number,
  change: Partial<{
    status: string;
    done: number;
    total: number;
    file_key: string;
    error: string;
    finished_at: string;
    heartbeat_at: string;
  }>,
): Promise<void> {
  await db.updateTable('background_jobs').set(change).where('id', '=', id).execute();
}

export async function findJob(db: DB, kind: string, id: number) {
  return db.selectFrom('background_jobs').selectAll().where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
}
