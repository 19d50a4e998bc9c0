import type { DonationPurpose } from '@shared/constants';
import {
  monthlyAmount,
  PLEDGE_MESSAGES,
  PLEDGE_PENDING_MAX_PER_TELEPHONE,
  type PledgeChange,
  type PledgeCreate,
  type PledgeCreated,
  type PledgePush,
  type PledgeFrequency,
  type PledgeStatus,
  type PledgeView,
} from '@shared/schemas/pledges';
import { type DB, writeTransaction } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { conflict, HttpError, notFound } from '../../platform/lib/http-errors';
import { toE164 } from '../../platform/lib/phone';
import { recordAudit } from '../audit';
import { type FormSender, recordOwnChannelChoice } from '../privacy';
import { notifyPerson } from '../messages';
import { assertPushPhone, initiateDonation, type MoneyHook, PAID_STATUSES, type PaymentsContext, receiptUrl } from '../payments';
import { cotonouDay, firstDueFrom, nextDueAfter } from './dates';
import {
  countPendingPledges,
  findPledge,
  insertDue,
  insertPledge,
  latestDue,
  lockPledgeTelephone,
  type PledgeRow,
  pledgesOfTelephone,
  pledgePayments,
  pledgesOfUser,
  updatePledge,
} from './data';
import { changedNotice, createdNotice } from './texts';
import { manageUrl, newPledgeToken, pledgeOfToken } from './tokens';

// Pledges: made from the donation page, managed from the donor's link or the member space.

export interface PledgesContext {
  db: DB;
  /** The payments context of the request (its client address included). */
  payments: PaymentsContext;
  publicUrl: string;
}

/** Who changes a pledge: the donor through a link (no account) or a signed-in account, with the request's address. */
export interface PledgeActor {
  userId: number | null;
  ip: string | null;
  /** The adviser acting for the signed-in donor with an act-as token; null otherwise. */
  actingId: number | null;
  via: 'lien' | 'compte' | 'sms';
}

const asView = (row: PledgeRow) => ({
  ...row,
  purpose: row.purpose as DonationPurpose,
  frequency: row.frequency as PledgeFrequency,
  status: row.status as PledgeStatus,
});

/** Pledges with their payments, as the donor and the administrator see them. */
export async function pledgeViews(db: DB, receiptSecret: string, rows: PledgeRow[]): Promise<Array<PledgeView & { collected: number }>> {
  const payments = await pledgePayments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((raw) => {
    const row = asView(raw);
    const own = payments.filter((p) => p.pledge_id === row.id);
    return {
      id: row.id,
      name: row.name,
      amount: row.amount,
      purpose: row.purpose,
      frequency: row.frequency,
      status: row.status,
      monthly_amount: monthlyAmount(row.amount, row.frequency),
      next_due: row.status === 'active' ? row.next_due : null,
      created_at: row.created_at,
      collected: own
        .filter((p) => p.transaction_status === 'approved' || p.transaction_status === 'transferred')
        .reduce((s, p) => s + p.amount, 0),
      payments: own.map((p) => ({
        id: p.id,
        amount: p.amount,
        transaction_status: p.transaction_status,
        due_date: p.pledge_due,
        receipt_number: p.receipt_number,
        receipt_url: receiptUrl(receiptSecret, 'donation', p),
        paid_at: p.paid_at,
        created_at: p.created_at,
      })),
    };
  });
}

export async function pledgeView(db: DB, receiptSecret: string, row: PledgeRow): Promise<PledgeView> {
  const [view] = await pledgeViews(db, receiptSecret, [row]);
  const { collected: _collected, ...rest } = view!;
  return { ...rest, due_to_pay: await hasDueToPay(db, row) };
}

/** True while the latest due sent is unpaid: « Payer l’échéance en cours » is offered only then. */
export async function hasDueToPay(db: DB, row: PledgeRow): Promise<boolean> {
  if (row.status !== 'active' && row.status !== 'pending') return false;
  const due = await latestDue(db, row.id, cotonouDay(clock.now()).date);
  return Boolean(due && !due.paid);
}

/**
 * Makes a pledge and opens the checkout of its first gift at once (an ordinary donation linked to the pledge's first
 * due). The confirmation with the donor's link is queued only once the checkout exists; a provider that cannot open
 * one leaves the pledge cancelled and answers 503 like a one-time gift.
 */
export async function createPledge(
  ctx: PledgesContext,
  input: PledgeCreate,
  userId: number | null,
  actingId: number | null = null,
  /** The signed-in sender: the channel choice is recorded only for their own telephone (docs/whatsapp.md). */
  sender: FormSender | null = null,
): Promise<PledgeCreated | PledgePush> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const today = cotonouDay(now).date;
  const anchorDay = Number(today.slice(8, 10));
  const telephone = toE164(input.telephone) ?? input.telephone;
  // A number the provider cannot ask is refused before the pledge exists (nothing half-made).
  assertPushPhone(ctx.payments, input.mode, telephone);
  const pledge = {
    user_id: userId,
    name: input.name,
    telephone,
    email: input.email ?? null,
    amount: input.amount,
    purpose: input.purpose,
    frequency: input.frequency,
    // Active only once its first gift is approved (activateOnFirstGift): until then no due, reminder nor notice.
    status: 'pending',
    anchor_day: anchorDay,
    next_due: nextDueAfter(today, anchorDay, input.frequency),
    counting_from: today,
    paused_at: null,
    cancelled_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  const { id, token } = await writeTransaction(ctx.db, async (trx) => {
    await lockPledgeTelephone(trx, telephone);
    if ((await countPendingPledges(trx, telephone)) >= PLEDGE_PENDING_MAX_PER_TELEPHONE)
      throw new HttpError(429, PLEDGE_MESSAGES.tooManyPending);
    const id = await insertPledge(trx, pledge);
    await insertDue(trx, { pledge_id: id, due_date: today, status: 'due', amount: input.amount, created_at: nowIso });
    const token = await newPledgeToken(trx, id, now);
    await recordOwnChannelChoice(trx, input.channel, { telephone, sender, source: 'pledge_form', ip: ctx.payments.ip ?? null });
    await recordAudit(trx as DB, {
      actorId: userId,
      actingId: actingId,
      ip: ctx.payments.ip ?? null,
      action: 'pledge.create',
      entity: 'pledge',
      entityId: id,
      after: { amount: input.amount, frequency: input.frequency, purpose: input.purpose, status: 'pending' },
    });
    return { id, token };
  });
  let checkoutUrl: string;
  try {
    checkoutUrl = await initiateDonation(
      ctx.payments,
      { amount: input.amount, purpose: input.purpose, name: input.name, email: input.email, phone: telephone, mode: input.mode },
      userId,
      { pledge_id: id, pledge_due: today },
    );
  } catch (error) {
    await updatePledge(ctx.db, id, { status: 'cancelled', cancelled_at: nowIso, updated_at: nowIso });
    throw error;
  }
  // The welcome (« merci, voici votre lien ») waits for the first gift's approval: welcomeOnFirstGift below.
  const manage = manageUrl(ctx.publicUrl, token);
  if (input.mode === 'push') return { id: checkoutUrl, status: 'en_attente', pledge_id: id, manage_url: manage };
  return { id, manage_url: manage, checkout_url: checkoutUrl };
}

/**
 * The first gift of a pledge approved: the pending pledge becomes active and its welcome is queued, in the
 * transaction that approves the gift (never before the payment's outcome: a refused first gift leaves no « merci »
 * and no active pledge behind). Once per pledge (its dedupe key).
 */
export function welcomeOnFirstGift(publicUrl: string): MoneyHook {
  return async (trx, change) => {
    if (change.kind !== 'donation' || !change.pledge || !PAID_STATUSES.has(change.to) || PAID_STATUSES.has(change.from)) return;
    const pledge = await findPledge(trx, change.pledge.id);
    if (!pledge || pledge.status === 'cancelled') return;
    if (change.pledge.due !== cotonouDay(new Date(pledge.created_at)).date) return;
    if (pledge.status === 'pending') {
      const nowIso = clock.now().toISOString();
      if (await updatePledge(trx, pledge.id, { status: 'active', updated_at: nowIso }, { status: 'pending' })) {
        await recordAudit(trx as DB, {
          actorId: null,
          actingId: null,
          ip: null,
          action: 'pledge.activate',
          entity: 'pledge',
          entityId: pledge.id,
          before: { status: 'pending' },
          after: { status: 'active' },
          details: { first_gift: change.id },
        });
      }
    }
    const manage = manageUrl(publicUrl, await newPledgeToken(trx, pledge.id, clock.now()));
    await notifyPerson(
      trx,
      { telephone: pledge.telephone, email: pledge.email },
      { ...createdNotice(pledge, pledge.next_due, manage), dedupeKey: `pledge:${pledge.id}:created`, category: 'avis' },
    );
  };
}

/** The pledge of a donor's link; a wrong or expired link is a 404 with a French message. */
export async function pledgeByToken(db: DB, token: string): Promise<PledgeRow> {
  const row = await pledgeOfToken(db, token, clock.now());
  if (!row) throw notFound(PLEDGE_MESSAGES.tokenNotFound);
  return row;
}

export async function ownPledge(db: DB, userId: number, id: number): Promise<PledgeRow> {
  const row = await findPledge(db, id);
  if (!row || row.user_id !== userId) throw notFound(PLEDGE_MESSAGES.notFound);
  return row;
}

export const listOwnPledges = (db: DB, userId: number) => pledgesOfUser(db, userId);

/** Pause, resume, skip the next due, cancel, or change the amount or frequency. Returns the message to show. */
export async function changePledge(
  db: DB,
  row: PledgeRow,
  change: PledgeChange,
  actor: PledgeActor,
  /** The site's address: the donor is then told by SMS (an SMS command answers by itself, without it). */
  publicUrl?: string,
): Promise<string> {
  if (row.status === 'cancelled') throw conflict(PLEDGE_MESSAGES.cancelled);
  // Until its first gift is paid a pledge can only be paid or stopped (a pause then a resume would activate it).
  if (row.status === 'pending' && change.action !== 'cancel') throw conflict(PLEDGE_MESSAGES.pendingFirstGift);
  const now = clock.now();
  const nowIso = now.toISOString();
  const today = cotonouDay(now).date;
  const frequency = row.frequency as PledgeFrequency;
  let patch: Partial<PledgeRow>;
  let message: string;
  let skipped: string | null = null;
  switch (change.action) {
    case 'pause':
      if (row.status === 'paused') throw conflict(PLEDGE_MESSAGES.alreadyPaused);
      patch = { status: 'paused', paused_at: nowIso };
      message = PLEDGE_MESSAGES.paused;
      break;
    case 'resume':
      if (row.status !== 'paused') throw conflict(PLEDGE_MESSAGES.notPaused);
      // Dues missed while paused are not asked for; unpaid ones before today no longer count towards a pause.
      patch = {
        status: 'active',
        paused_at: null,
        counting_from: today,
        next_due: firstDueFrom(row.next_due, today, row.anchor_day, frequency),
      };
      message = PLEDGE_MESSAGES.resumed;
      break;
    case 'skip':
      if (row.status !== 'active') throw conflict(PLEDGE_MESSAGES.pausedNoSkip);
      skipped = row.next_due;
      patch = { next_due: nextDueAfter(row.next_due, row.anchor_day, frequency) };
      message = PLEDGE_MESSAGES.skipped;
      break;
    case 'cancel':
      patch = { status: 'cancelled', cancelled_at: nowIso };
      message = PLEDGE_MESSAGES.cancelledDone;
      break;
    default:
      patch = {
        ...(change.amount !== undefined ? { amount: change.amount } : {}),
        ...(change.frequency !== undefined ? { frequency: change.frequency } : {}),
      };
      message = PLEDGE_MESSAGES.changed;
  }
  const before = { status: row.status, amount: row.amount, frequency: row.frequency, next_due: row.next_due };
  await db.transaction().execute(async (trx) => {
    // The skipped due is recorded first: the due job cannot send it any more, whichever process runs it.
    if (skipped) await insertDue(trx, { pledge_id: row.id, due_date: skipped, status: 'skipped', amount: row.amount, created_at: nowIso });
    const changed = await updatePledge(trx, row.id, { ...patch, updated_at: nowIso }, { status: row.status, next_due: row.next_due });
    if (!changed) throw conflict('Cet engagement vient de changer : rechargez la page et recommencez.');
    await recordAudit(trx as DB, {
      actorId: actor.userId,
      actingId: actor.actingId,
      ip: actor.ip,
      action: `pledge.${change.action ?? 'change'}`,
      entity: 'pledge',
      entityId: row.id,
      before,
      after: { ...before, ...patch },
      details: { via: actor.via, ...(skipped ? { skipped_due: skipped } : {}) },
    });
    // Told with the change itself: what it is now and how to undo it (a skip is said on the page only).
    const action = change.action ?? 'change';
    if (publicUrl && action !== 'skip') {
      const after = { ...row, ...patch };
      const manage = manageUrl(publicUrl, await newPledgeToken(trx, row.id, now));
      await notifyPerson(
        trx as DB,
        { telephone: row.telephone, email: row.email },
        {
          ...changedNotice(after, action, after.next_due, manage, `${publicUrl}/donation`),
          dedupeKey: `pledge:${row.id}:${action}:${nowIso}`,
          category: 'avis',
        },
      );
    }
  });
  return message;
}

/** Opens the checkout of the latest due sent to the donor, when it is still unpaid. */
export async function payLatestDue(ctx: PledgesContext, row: PledgeRow, mode: 'checkout' | 'push' = 'checkout') {
  // A pending pledge's due is its first gift: paying it (again) is what activates the pledge.
  if (row.status !== 'active' && row.status !== 'pending') throw conflict(PLEDGE_MESSAGES.notActive);
  const due = await latestDue(ctx.db, row.id, cotonouDay(clock.now()).date);
  if (!due || due.paid) throw conflict(PLEDGE_MESSAGES.nothingToPay);
  const checkoutUrl = await initiateDonation(
    ctx.payments,
    {
      amount: row.amount,
      purpose: row.purpose as DonationPurpose,
      name: row.name,
      email: row.email ?? undefined,
      phone: row.telephone,
      mode,
    },
    row.user_id,
    { pledge_id: row.id, pledge_due: due.due_date },
  );
  if (mode === 'push')
    return { id: checkoutUrl, status: 'en_attente' as const, pledge_id: row.id, due_date: due.due_date, amount: row.amount };
  return { checkout_url: checkoutUrl, due_date: due.due_date, amount: row.amount };
}

/**
 * PAUSE, REPRISE, ARRET by SMS (docs/giving-by-phone.md): every paid-for pledge of the sender (PAUSE: the active
 * ones; REPRISE: the paused ones; ARRET: both), each changed as its link would, audited as coming by SMS. A pending
 * pledge (first gift unpaid, perhaps typed in by a stranger) is never picked. Returns the pledges changed.
 */
export async function changePledgesByTelephone(
  db: DB,
  telephone: string,
  action: 'pause' | 'resume' | 'cancel',
): Promise<Array<Pick<PledgeRow, 'amount' | 'frequency'>>> {
  const statuses: Array<'active' | 'paused'> = action === 'pause' ? ['active'] : action === 'resume' ? ['paused'] : ['active', 'paused'];
  const rows = await pledgesOfTelephone(db, telephone, statuses);
  const changed: PledgeRow[] = [];
  for (const row of rows) {
    try {
      await changePledge(db, row, { action } as PledgeChange, { userId: null, ip: null, actingId: null, via: 'sms' });
      changed.push(row);
    } catch (error) {
      // Changed meanwhile (its link, the due job): the others are still carried out.
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
    }
  }
  return changed;
}
