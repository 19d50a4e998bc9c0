import type { DB } from '../../../platform/database/database';

// The retention job's queries (retention.ts holds its rules). Every removal is a conditional write — the row still
// holds what is to be removed — so when two passes reach the same row, one changes it and the other changes nothing.

export type RetentionDocument = 'criminal_record' | 'restriction_proof';

export async function claimRun(
  db: DB,
  run: { run_key: string; trigger: string; started_by: number | null; started_at: string },
): Promise<number | null> {
  const row = await db
    .insertInto('retention_runs')
    .values({ ...run, status: 'en_cours', counts: '{}' })
    .onConflict((oc) => oc.column('run_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function finishRun(db: DB, id: number, fields: { status: string; counts: string; error: string | null; finished_at: string }) {
  await db.updateTable('retention_runs').set(fields).where('id', '=', id).execute();
}

export const latestRuns = (db: DB, limit: number) =>
  db
    .selectFrom('retention_runs')
    .leftJoin('users', 'users.id', 'retention_runs.started_by')
    .select([
      'retention_runs.id',
      'retention_runs.trigger',
      'retention_runs.status',
      'retention_runs.counts',
      'retention_runs.error',
      'retention_runs.started_at',
      'retention_runs.finished_at',
      'users.name as started_by_name',
    ])
    .orderBy('retention_runs.id', 'desc')
    .limit(limit)
    .execute();

/** Decided volunteers (confirmed or refused) that still hold a criminal record or a restriction proof. */
export const decidedVolunteersWithDocuments = (db: DB, afterId: number, limit: number) =>
  db
    .selectFrom('volunteers')
    .select(['id', 'criminal_record', 'restriction_proof', 'is_confirmed', 'refused_at', 'created_at'])
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('is_confirmed', '=', 1), eb('refused_at', 'is not', null)]))
    .where((eb) => eb.or([eb('criminal_record', '<>', ''), eb('restriction_proof', 'is not', null)]))
    .orderBy('id')
    .limit(limit)
    .execute();

/** The audit entry of a volunteer's decision (confirmation or refusal), with the deciding administrator's name. */
export const decisionEntry = (db: DB, volunteerId: number) =>
  db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select(['audit_log.created_at', 'audit_log.action', 'users.name'])
    .where('audit_log.entity', '=', 'volunteers')
    .where('audit_log.entity_id', '=', String(volunteerId))
    .where('audit_log.action', 'in', ['volunteer.confirm', 'volunteer.refuse'])
    .orderBy('audit_log.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Clears the document's column if it still names `key`; true for the one pass that did. */
export async function clearVolunteerDocument(db: DB, id: number, document: RetentionDocument, key: string): Promise<boolean> {
  const query =
    document === 'criminal_record'
      ? db.updateTable('volunteers').set({ criminal_record: '' }).where('criminal_record', '=', key)
      : db.updateTable('volunteers').set({ restriction_proof: null }).where('restriction_proof', '=', key);
  const result = await query.where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertDocumentCheck(
  db: DB,
  row: {
    volunteer_id: number;
    document: string;
    decision: string;
    decided_at: string;
    decided_by: string | null;
    removed_at: string;
    run_id: number;
  },
) {
  await db
    .insertInto('volunteer_document_checks')
    .values(row)
    .onConflict((oc) => oc.columns(['volunteer_id', 'document']).doNothing())
    .execute();
}

export const documentChecksOf = (db: DB, volunteerId: number) =>
  db.selectFrom('volunteer_document_checks').selectAll().where('volunteer_id', '=', volunteerId).orderBy('document').execute();

export const staleApplications = (db: DB, before: string, limit: number) =>
  db
    .selectFrom('volunteers')
    .select(['id', 'profile_image', 'cv', 'motivation_letter', 'criminal_record', 'restriction_proof'])
    .where('is_confirmed', '=', 0)
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();

export async function deleteUnconfirmedVolunteer(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom('volunteers').where('id', '=', id).where('is_confirmed', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Accounts never confirmed, created before `before`, holding no money record (those are kept for accounting law). */
export const staleAccounts = (db: DB, before: string, afterId: number, limit: number) =>
  db
    .selectFrom('users')
    .select('id')
    .where('is_confirmed', '=', 0)
    .where('role', '<>', 'administrateur')
    .where('created_at', '<', before)
    .where('id', '>', afterId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('donations').select('donations.id').whereRef('donations.user_id', '=', 'users.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('payments').select('payments.id').whereRef('payments.user_id', '=', 'users.id'))),
    )
    .orderBy('id')
    .limit(limit)
    .execute();

export async function deleteUnconfirmedAccount(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).where('is_confirmed', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteContactMessagesBefore(db: DB, before: string): Promise<number> {
  const result = await db.deleteFrom('contact_messages').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Empties the bodies of outbox messages created before `before` that are no longer waiting to be sent. */
export async function emptyOutboxBodiesBefore(db: DB, before: string): Promise<number> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ body: '', html: null })
    .where('created_at', '<', before)
    .where('status', '<>', 'queued')
    .where((eb) => eb.or([eb('body', '<>', ''), eb('html', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
