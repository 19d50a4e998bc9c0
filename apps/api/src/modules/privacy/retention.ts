import type { FastifyBaseLogger } from 'fastify';
import type { RetentionConfig } from '../../platform/config';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import type { Storage } from '../../platform/storage/storage';
import { recordAudit } from '../audit';
import {
  claimRun,
  clearVolunteerDocument,
  decidedVolunteersWithDocuments,
  decisionEntry,
  deleteContactMessagesBefore,
  deleteUnconfirmedAccount,
  deleteUnconfirmedVolunteer,
  emptyOutboxBodiesBefore,
  finishRun,
  insertDocumentCheck,
  type RetentionDocument,
  staleAccounts,
  staleApplications,
} from './data/retention';

// The retention job (docs/product/personal-data.md): criminal records and restriction proofs deleted
// RETENTION_CRIMINAL_RECORD_DAYS after the volunteer was confirmed or refused (keeping who decided and when);
// applications and accounts never confirmed deleted after RETENTION_UNCONFIRMED_MONTHS; contact messages after
// RETENTION_CONTACT_MONTHS; outbox message bodies emptied after 90 days.
// Once a day across processes: the day's pass is claimed by inserting its run row (`quotidien:<Cotonou day>`,
// unique), so only one process runs it. Within a pass every removal is a conditional write inside its own
// transaction (data/retention.ts), the file deleted before that transaction commits: a second pass running at the
// same moment (an administrator's « Lancer maintenant », a process that missed the claim) removes nothing twice,
// and a failed file deletion leaves the row for the next pass. Counts are recorded, never contents.

export interface RetentionCounts {
  casiers_judiciaires: number;
  justificatifs_restriction: number;
  candidatures_non_confirmees: number;
  comptes_non_confirmes: number;
  messages_contact: number;
  corps_messages_envoyes: number;
}

export const emptyCounts = (): RetentionCounts => ({
  casiers_judiciaires: 0,
  justificatifs_restriction: 0,
  candidatures_non_confirmees: 0,
  comptes_non_confirmes: 0,
  messages_contact: 0,
  corps_messages_envoyes: 0,
});

export interface RetentionServices {
  db: DB;
  storage: Storage;
  retention: RetentionConfig;
  log?: FastifyBaseLogger;
}

const BATCH = 200;
const DAY_MS = 86_400_000;
export const RETENTION_INTERVAL_MS = 60 * 60_000;
const FIRST_PASS_DELAY_MS = 90_000;

function monthsBefore(now: Date, months: number): string {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}

/** The Cotonou calendar day (UTC+1, no daylight saving) of `now`: the key of the day's pass. */
export const cotonouDate = (now: Date) => new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);

async function removeDecidedDocuments(s: RetentionServices, runId: number, now: Date, counts: RetentionCounts) {
  const cutoff = now.getTime() - s.retention.criminalRecordDays * DAY_MS;
  let after = 0;
  for (;;) {
    const batch = await decidedVolunteersWithDocuments(s.db, after, BATCH);
    if (batch.length === 0) return;
    after = batch[batch.length - 1]!.id;
    for (const volunteer of batch) {
      const entry = await decisionEntry(s.db, volunteer.id);
      // A volunteer decided before decisions were audited: the application's date stands in (the earliest possible).
      const decidedAt = entry?.created_at ?? volunteer.refused_at ?? volunteer.created_at;
      if (Date.parse(decidedAt) > cutoff) continue;
      const decision = volunteer.refused_at && !volunteer.is_confirmed ? 'refuse' : 'confirme';
      const documents: Array<[RetentionDocument, string | null]> = [
        ['criminal_record', volunteer.criminal_record || null],
        ['restriction_proof', volunteer.restriction_proof],
      ];
      for (const [document, key] of documents) {
        if (!key) continue;
        const removed = await s.db.transaction().execute(async (trx) => {
          if (!(await clearVolunteerDocument(trx, volunteer.id, document, key))) return false;
          await insertDocumentCheck(trx, {
            volunteer_id: volunteer.id,
            document,
            decision,
            decided_at: decidedAt,
            decided_by: entry?.name ?? null,
            removed_at: now.toISOString(),
            run_id: runId,
          });
          await recordAudit(trx, {
            actorId: null,
            actingId: null,
            ip: null,
            action: 'volunteer.document_removed',
            entity: 'volunteers',
            entityId: volunteer.id,
            details: { document, reason: 'conservation', run_id: runId },
          });
          await s.storage.remove(`${document}/${key}`); // before the commit: a failure leaves the document for the next pass
          return true;
        });
        if (removed) counts[document === 'criminal_record' ? 'casiers_judiciaires' : 'justificatifs_restriction'] += 1;
      }
    }
  }
}

async function removeStaleApplications(s: RetentionServices, runId: number, before: string, counts: RetentionCounts) {
  for (;;) {
    const batch = await staleApplications(s.db, before, BATCH);
    let removedInBatch = 0;
    for (const application of batch) {
      const removed = await s.db.transaction().execute(async (trx) => {
        if (!(await deleteUnconfirmedVolunteer(trx, application.id))) return false;
        await recordAudit(trx, {
          actorId: null,
          actingId: null,
          ip: null,
          action: 'volunteer.application_removed',
          entity: 'volunteers',
          entityId: application.id,
          details: { reason: 'conservation', run_id: runId },
        });
        const { profile_image, cv, motivation_letter, criminal_record, restriction_proof } = application;
        const files: Array<[string, string | null]> = [
          ['volunteer-profile-images', profile_image],
          ['cv', cv],
          ['motivation_letter', motivation_letter],
          ['criminal_record', criminal_record],
          ['restriction_proof', restriction_proof],
        ];
        for (const [area, name] of files) if (name) await s.storage.remove(`${area}/${name}`);
        return true;
      });
      if (removed) {
        counts.candidatures_non_confirmees += 1;
        removedInBatch += 1;
      }
    }
    // Rows another pass removed meanwhile are simply gone from the next batch; a batch where nothing could be
    // removed (taken by another pass) ends the loop rather than spinning.
    if (batch.length < BATCH || removedInBatch === 0) return;
  }
}

async function removeStaleAccounts(s: RetentionServices, runId: number, before: string, counts: RetentionCounts) {
  let after = 0;
  for (;;) {
    const batch = await staleAccounts(s.db, before, after, BATCH);
    if (batch.length === 0) return;
    after = batch[batch.length - 1]!.id;
    for (const { id } of batch) {
      try {
        const removed = await s.db.transaction().execute(async (trx) => {
          if (!(await deleteUnconfirmedAccount(trx, id))) return false;
          await recordAudit(trx, {
            actorId: null,
            actingId: null,
            ip: null,
            action: 'user.account_removed',
            entity: 'users',
            entityId: id,
            details: { reason: 'conservation', run_id: runId },
          });
          return true;
        });
        if (removed) counts.comptes_non_confirmes += 1;
      } catch (error) {
        // A record elsewhere still points at the account (a foreign key): kept, and said in the log.
        s.log?.warn({ err: error, user: id }, 'retention: unconfirmed account kept');
      }
    }
  }
}

export interface RetentionRunResult {
  id: number | null;
  counts: RetentionCounts;
}

/**
 * One pass at the settable clock's time. `daily`: claims the Cotonou day's pass (null id when another process has
 * it); otherwise a pass started by an administrator. Returns what this pass removed.
 */
export async function runRetention(
  s: RetentionServices,
  options: { trigger: 'quotidien' | 'manuel'; actorId?: number | null; now?: Date },
): Promise<RetentionRunResult> {
  const now = options.now ?? clock.now();
  const counts = emptyCounts();
  const runKey =
    options.trigger === 'quotidien'
      ? `quotidien:${cotonouDate(now)}`
      : `manuel:${now.toISOString()}:${Math.random().toString(36).slice(2)}`;
  const id = await claimRun(s.db, {
    run_key: runKey,
    trigger: options.trigger,
    started_by: options.actorId ?? null,
    started_at: now.toISOString(),
  });
  if (id === null) return { id: null, counts };
  try {
    await removeDecidedDocuments(s, id, now, counts);
    await removeStaleApplications(s, id, monthsBefore(now, s.retention.unconfirmedMonths), counts);
    await removeStaleAccounts(s, id, monthsBefore(now, s.retention.unconfirmedMonths), counts);
    counts.messages_contact = await deleteContactMessagesBefore(s.db, monthsBefore(now, s.retention.contactMonths));
    counts.corps_messages_envoyes = await emptyOutboxBodiesBefore(
      s.db,
      new Date(now.getTime() - s.retention.outboxBodyDays * DAY_MS).toISOString(),
    );
    await s.db.transaction().execute(async (trx) => {
      await finishRun(trx, id, { status: 'terminee', counts: JSON.stringify(counts), error: null, finished_at: clock.now().toISOString() });
      await recordAudit(trx, {
        actorId: options.actorId ?? null,
        actingId: null,
        ip: null,
        action: 'privacy.retention_run',
        entity: 'retention_runs',
        entityId: id,
        details: { trigger: options.trigger, ...counts },
      });
    });
    return { id, counts };
  } catch (error) {
    await finishRun(s.db, id, {
      status: 'echec',
      counts: JSON.stringify(counts),
      error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      finished_at: clock.now().toISOString(),
    });
    throw error;
  }
}

/** Tries the day's pass shortly after `start()`, then every hour (only the first try of a day does anything). */
export function retentionSchedule(s: RetentionServices & { log: FastifyBaseLogger }): { start(): void; stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  let closed = false;
  const pass = () => {
    if (running || closed) return;
    running = true;
    runRetention(s, { trigger: 'quotidien' })
      .then((result) => {
        if (result.id !== null) s.log.info({ run: result.id, ...result.counts }, 'retention pass done');
      })
      .catch((error) => s.log.warn({ err: error }, 'retention pass failed'))
      .finally(() => {
        running = false;
      });
  };
  return {
    start() {
      timers.push(setTimeout(pass, FIRST_PASS_DELAY_MS), setInterval(pass, RETENTION_INTERVAL_MS));
      for (const timer of timers) timer.unref();
    },
    stop() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
