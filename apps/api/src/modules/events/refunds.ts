import * as data from './data';

// Money the association owes back on a registration. Nothing is refunded automatically: the provider is never asked;
// the audit trail and the back office's registrations say what to give back, and money is never deleted.

/**
 * The refund a cancellation makes due: the payment that paid the seats. Read on the registration as it is once
 * cancelled, or still confirmed: its linked payment has received money only if that payment confirmed it (the
 * approval of the payment of a registration waiting for it confirms it in the same transaction).
 */
export async function refundOnCancel(
  db: data.Executor,
  registration: Pick<data.RegistrationRow, 'payment_id'>,
): Promise<{ refund_due: number; payment_id: number } | null> {
  const paid = await data.receivedPayment(db, registration.payment_id);
  return paid && paid.amount > 0 ? { refund_due: paid.amount, payment_id: paid.id } : null;
}

/**
 * What is owed back on each registration: the money received for it, less the payment of the seats it keeps (a
 * confirmed one keeps the payment that confirmed it). A second payment for the same seats, money paid after the
 * hold expired without a seat, or a paid registration later cancelled: all of it.
 */
export function refundsDue(
  registrations: readonly Pick<data.RegistrationRow, 'id' | 'status' | 'payment_id'>[],
  paid: readonly data.PaidPayment[],
) {
  const due = new Map<number, number>();
  for (const r of registrations) {
    const mine = paid.filter((p) => p.event_registration_id === r.id);
    const received = mine.reduce((sum, p) => sum + p.amount, 0);
    const kept = r.status === 'confirme' ? (mine.find((p) => p.id === r.payment_id)?.amount ?? 0) : 0;
    if (received > kept) due.set(r.id, received - kept);
  }
  return due;
}
