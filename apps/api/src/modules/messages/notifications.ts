import type { DB } from '../../platform/database/database';
import { getOrganisationFacts } from '../settings';
import { findUserContact } from './data';
import { notifyPerson } from './outbox';
import { toE164 } from '../../platform/lib/phone';
import {
  accountConfirmedNotice,
  accountCreatedNotice,
  moneyApprovedNotice,
  moneyFailedNotice,
  type Notice,
  volunteerConfirmedNotice,
  volunteerRefusedNotice,
} from './templates';

// The notices queued by changes elsewhere. Each is called inside the transaction of its change, so a
// notice exists exactly when the change does; its dedupe key makes it once-only across retries and processes.

/** The organisation's current name (its facts in settings) signs receipts' messages; the built-in one when unset. */
const signer = async (db: DB) => (await getOrganisationFacts(db)).name ?? undefined;

async function send(db: DB, to: { telephone?: string | null; email?: string | null }, notice: Notice, dedupeKey: string): Promise<void> {
  await notifyPerson(db, { telephone: toE164(to.telephone), email: to.email?.trim() || null }, { ...notice, dedupeKey });
}

export async function notifyAccountConfirmed(
  db: DB,
  user: { id: number; name: string; telephone: string; email: string | null; role: string },
  publicUrl: string,
) {
  await send(db, user, accountConfirmedNotice(user, publicUrl), `account-confirmed:${user.id}`);
}

/** An account created for someone: an SMS (and an e-mail when known) saying how to sign in. */
export async function notifyAccountCreated(
  db: DB,
  user: { id: number; name: string; telephone: string; email: string | null; role: string },
  publicUrl: string,
  confirmed: boolean,
) {
  await send(db, user, accountCreatedNotice(user, publicUrl, confirmed), `account-created:${user.id}`);
}

/** Volunteers are told by SMS (and by e-mail when they gave one). */
type VolunteerContact = { id: number; name: string; email: string | null; telephone?: string | null; publicProfile?: boolean };

export async function notifyVolunteerConfirmed(db: DB, volunteer: VolunteerContact) {
  await send(db, volunteer, volunteerConfirmedNotice(volunteer), `volunteer-confirmed:${volunteer.id}`);
}

export type MoneyKind = 'payment' | 'donation';

export interface MoneyChange {
  kind: MoneyKind;
  id: number;
  amount: number;
  phone: string | null;
  email: string | null;
  /** The paying member's account, when logged in: its telephone and e-mail stand in for missing ones. */
  userId?: number | null;
  receiptNumber: string | null;
  /** The pledge and due a gift pays, when it pays one. */
  pledge?: { id: number; due: string } | null;
  from: string;
  to: string;
}

export interface MoneyNotifierOptions {
  publicUrl: string;
  /** Signed receipt path of an approved record (`/api/receipts/…`). */
  receiptPath: (kind: MoneyKind, id: number, receiptNumber: string) => string;
}

const PAID = new Set(['approved', 'transferred']);
const FAILED = new Set(['declined', 'canceled']);

export type MoneyStatusListener = (db: DB, change: MoneyChange) => Promise<void>;

/** Listener for money status changes: approved → receipt link; a pending payment that fails → a retry link. */
export function createMoneyNotifier(options: MoneyNotifierOptions): MoneyStatusListener {
  return async (db: DB, change: MoneyChange): Promise<void> => {
    const to = await recipientOf(db, change);
    if (!to.telephone && !to.email) return; // an anonymous donation stays anonymous
    if (PAID.has(change.to) && !PAID.has(change.from)) {
      const path = change.receiptNumber ? options.receiptPath(change.kind, change.id, change.receiptNumber) : null;
      const notice = moneyApprovedNotice(change.kind, change.amount, path ? `${options.publicUrl}${path}` : null, await signer(db));
      await send(db, to, notice, `${change.kind}:${change.id}:approved`);
    } else if (FAILED.has(change.to) && change.from === 'pending') {
      const retry = `${options.publicUrl}${change.kind === 'donation' ? '/donation' : '/paiement'}`;
      await send(db, to, moneyFailedNotice(change.kind, change.amount, retry), `${change.kind}:${change.id}:failed`);
    }
  };
}

async function recipientOf(db: DB, change: MoneyChange): Promise<{ telephone: string | null; email: string | null }> {
  let telephone = change.phone?.trim() || null;
  let email = change.email?.trim() || null;
  if ((!telephone || !email) && change.userId) {
    const user = await findUserContact(db, change.userId);
    telephone ??= user?.telephone ?? null;
    email ??= user?.email?.trim() || null;
  }
  return { telephone, email };
}

/**
 * Money recorded by hand (cash, a transfer): the payer gets the same receipt notice as after an online payment, by SMS
 * (and e-mail when known), with the receipt's link (issue 33 item 10). Once per record.
 */
export async function notifyMoneyRecordedByHand(
  db: DB,
  record: { kind: MoneyKind; id: number; amount: number; telephone: string | null; email: string | null },
  receiptUrl: string | null,
): Promise<void> {
  if (!record.telephone && !record.email) return;
  const to = { telephone: record.telephone, email: record.email };
  await send(db, to, moneyApprovedNotice(record.kind, record.amount, receiptUrl, await signer(db)), `${record.kind}:${record.id}:approved`);
}

/** Issue 18: a refused volunteer is told why (volunteers give an e-mail only, docs/product/validation.md). */
export async function notifyVolunteerRefused(db: DB, volunteer: VolunteerContact, reason: string) {
  await send(db, volunteer, volunteerRefusedNotice(volunteer, reason), `volunteer-refused:${volunteer.id}`);
}
