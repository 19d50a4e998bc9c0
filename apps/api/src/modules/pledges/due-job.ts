import type { FastifyBaseLogger } from 'fastify';
import { PLEDGE_PENDING_LAPSE_HOURS, type PledgeFrequency } from '@shared/schemas/pledges';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { type PeriodicPass, periodicPass } from '../../platform/lib/periodic-pass';
import { recordAudit } from '../audit';
import { notifyPerson } from '../messages';
import { addDays, cotonouDay, nextDueAfter } from './dates';
import {
  claimReminder,
  duesToRemind,
  findPledge,
  insertDue,
  type PledgeRow,
  pledgesDueBy,
  recentDues,
  stalePendingPledges,
  updatePledge,
} from './data';
import { dueNotice, pausedNotice, reminderNotice } from './texts';
import { manageUrl, newPledgeToken, payUrl } from './tokens';

// The pledges' due job. Each pass (hourly, in every process) looks at the Cotonou calendar day:
// - an active pledge whose next due is today: its due row is inserted (unique per pledge and date) together with
//   the SMS (and e-mail) bringing a fresh payment link, and the next due moves one period on — all in one
//   transaction, so whichever process inserts the row sends the message, and the others insert nothing;
// - a due unpaid 3 days later: one reminder, claimed by stamping the due row in the message's transaction;
// - when a due arrives and the two dues before it went unpaid, the pledge pauses itself instead, and says so;
// - a pledge still pending (first gift unpaid) a day after it was made lapses: cancelled, without any message
//   (anyone can type a number into the form: nothing is sent to it before its owner has paid).
// Outbox dedupe keys (pledge:{id}:{date}:{kind}) stand behind each of these as a second guard.
// Messages leave from SEND_FROM_HOUR, Cotonou time; a due missed for more than CATCH_UP_DAYS (server down) is
// recorded as missed rather than asked for late.

export const SEND_FROM_HOUR = 8;
export const REMINDER_AFTER_DAYS = 3;
const CATCH_UP_DAYS = 6;
export const PLEDGE_JOB_INTERVAL_MS = 60 * 60_000;
const FIRST_PASS_DELAY_MS = 60_000;

export interface DuePassResult {
  due: number;
  reminders: number;
  paused: number;
  lapsed: number;
}

type Outcome = 'due' | 'missed' | 'paused' | 'taken';

const recipient = (p: PledgeRow) => ({ telephone: p.telephone, email: p.email?.trim() || null });

async function handleDue(db: DB, pledge: PledgeRow, today: string, now: Date, publicUrl: string): Promise<Outcome> {
  const due = pledge.next_due;
  const nowIso = now.toISOString();
  const following = nextDueAfter(due, pledge.anchor_day, pledge.frequency as PledgeFrequency);
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    // The claim comes first and is a write: on PostgreSQL it locks the pledge's row, so a second process waits and
    // then finds the due already moved; on SQLite it takes the write lock before anything is read.
    if (!(await updatePledge(trx, pledge.id, { updated_at: nowIso }, { status: 'active', next_due: due }))) return 'taken';
    if (due < addDays(today, -CATCH_UP_DAYS)) {
      if (!(await insertDue(trx, { pledge_id: pledge.id, due_date: due, status: 'missed', amount: pledge.amount, created_at: nowIso })))
        return 'taken';
      await updatePledge(trx, pledge.id, { next_due: following, updated_at: nowIso }, { next_due: due });
      return 'missed';
    }
    const previous = await recentDues(trx, pledge.id, pledge.counting_from, due, 2);
    if (previous.length === 2 && previous.every((d) => !d.paid)) {
      const paused = await updatePledge(
        trx,
        pledge.id,
        { status: 'paused', paused_at: nowIso, updated_at: nowIso },
        { status: 'active', next_due: due },
      );
      if (!paused) return 'taken';
      const token = await newPledgeToken(trx, pledge.id, now);
      await notifyPerson(trx as DB, recipient(pledge), {
        ...pausedNotice(pledge, manageUrl(publicUrl, token)),
        dedupeKey: `pledge:${pledge.id}:${due}:pause`,
        category: 'avis',
      });
      await recordAudit(trx as DB, {
        actorId: null,
        actingId: null,
        ip: null,
        action: 'pledge.auto_pause',
        entity: 'pledge',
        entityId: pledge.id,
        before: { status: 'active' },
        after: { status: 'paused' },
        details: { unpaid_dues: previous.map((d) => d.due_date) },
      });
      return 'paused';
    }
    if (!(await insertDue(trx, { pledge_id: pledge.id, due_date: due, status: 'due', amount: pledge.amount, created_at: nowIso })))
      return 'taken';
    await updatePledge(trx, pledge.id, { next_due: following, updated_at: nowIso }, { next_due: due });
    const token = await newPledgeToken(trx, pledge.id, now);
    await notifyPerson(trx as DB, recipient(pledge), {
      ...dueNotice(pledge, payUrl(publicUrl, token)),
      dedupeKey: `pledge:${pledge.id}:${due}:due`,
      category: 'echeance',
    });
    return 'due';
  });
}

/** One pass at the settable clock's time. Returns what this pass queued (another process's work is not counted). */
export async function runPledgeDues(db: DB, publicUrl: string, now: Date = clock.now()): Promise<DuePassResult> {
  const result: DuePassResult = { due: 0, reminders: 0, paused: 0, lapsed: 0 };
  result.lapsed = await lapsePendingPledges(db, now);
  const { date: today, hour } = cotonouDay(now);
  if (hour < SEND_FROM_HOUR) return result;

  for (const listed of await pledgesDueBy(db, today)) {
    // A pledge behind by several periods (server down) catches up one due at a time; only a recent one is sent.
    for (let step = 0; step < 400; step += 1) {
      const pledge = step === 0 ? listed : await findPledge(db, listed.id);
      if (pledge?.status !== 'active' || pledge.next_due > today) break;
      const outcome = await handleDue(db, pledge, today, now, publicUrl);
      if (outcome === 'due') result.due += 1;
      if (outcome === 'paused') result.paused += 1;
      if (outcome === 'taken' || outcome === 'paused') break;
    }
  }

  const latest = addDays(today, -REMINDER_AFTER_DAYS);
  for (const due of await duesToRemind(db, addDays(latest, -CATCH_UP_DAYS), latest)) {
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, due.due_id, now.toISOString()))) return false;
      const token = await newPledgeToken(trx, due.id, now);
      await notifyPerson(trx as DB, recipient(due), {
        ...reminderNotice(due, due.due_date, payUrl(publicUrl, token)),
        dedupeKey: `pledge:${due.id}:${due.due_date}:reminder`,
        category: 'rappel',
      });
      return true;
    });
    if (sent) result.reminders += 1;
  }
  return result;
}

/** Cancels the pledges whose first gift is still unpaid PLEDGE_PENDING_LAPSE_HOURS after they were made (no message). */
async function lapsePendingPledges(db: DB, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const before = new Date(now.getTime() - PLEDGE_PENDING_LAPSE_HOURS * 3_600_000).toISOString();
  let lapsed = 0;
  for (const pledge of await stalePendingPledges(db, before)) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await updatePledge(trx, pledge.id, { status: 'cancelled', cancelled_at: nowIso, updated_at: nowIso }, { status: 'pending' })))
        return false;
      await recordAudit(trx as DB, {
        actorId: null,
        actingId: null,
        ip: null,
        action: 'pledge.lapse',
        entity: 'pledge',
        entityId: pledge.id,
        before: { status: 'pending' },
        after: { status: 'cancelled' },
        details: { created_at: pledge.created_at },
      });
      return true;
    });
    if (done) lapsed += 1;
  }
  return lapsed;
}

/** Runs a pass shortly after `start()`, then every hour until `stop()`, in every process. */
export function pledgeDueSchedule(db: DB, publicUrl: string, log: FastifyBaseLogger): PeriodicPass {
  return periodicPass('pledge dues', () => runPledgeDues(db, publicUrl), log, {
    intervalMs: PLEDGE_JOB_INTERVAL_MS,
    firstDelayMs: FIRST_PASS_DELAY_MS,
  });
}
