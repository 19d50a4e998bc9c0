import type { DB } from '../db/database';
import { notifyPerson } from './outbox';
import { toE164 } from './phone';
import {
  accountConfirmedNotice,
  moneyApprovedNotice,
  moneyFailedNotice,
  type Notice,
  volunteerConfirmedNotice,
  volunteerRefusedNotice,
} from './templates';

// The notices queued by changes elsewhere. Each is called inside the transaction of its change, so a
// notice exists exactly when the change does; its dedupe key makes it once-only across retries and processes.

async function send(db: DB, to: { telephone?: string | null; email?: string | null }, notice: Notice, dedupeKey: string): Promise<void> {
  await notifyPerson(db, { telephone: toE164(to.telephone), email: to.email?.trim() || null }, { ...notice, dedupeKey });
}

export async function notifyAccountConfirmed(
  db: DB,
  user: { id: number; name: string; telephone: string; email: string | null },
  publicUrl: string,
) {
  await send(db, user, accountConfirmedNotice(user, publicUrl), `account-confirmed:${user.id}`);
}

export async function notifyVolunteerConfirmed(db: DB, volunteer: { id: number; name: string; email: string | null }) {
  await send(db, { email: volunteer.email }, volunteerConfirmedNotice(volunteer), `volunteer-confirmed:${volunteer.id}`);
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
      const notice = moneyApprovedNotice(change.kind, change.amount, path ? `${options.publicUrl}${path}` : null);
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
    const user = await db.selectFrom('users').select(['telephone', 'email']).where('id', '=', change.userId).executeTakeFirst();
    telephone ??= user?.telephone ?? null;
    email ??= user?.email?.trim() || null;
  }
  return { telephone, email };
}

/** Issue 18: a refused volunteer is told why (volunteers give an e-mail only, spec §5). */
export async function notifyVolunteerRefused(db: DB, volunteer: { id: number; name: string; email: string | null }, reason: string) {
  await send(db, { email: volunteer.email }, volunteerRefusedNotice(volunteer, reason), `volunteer-refused:${volunteer.id}`);
}
