import { RECEIVED_STATUSES, type TransactionStatus } from '@shared/constants';

// A record's status only moves forward, whatever order the provider's news arrives in.

/** Statuses under which money was received. */
export const PAID_STATUSES: ReadonlySet<string> = new Set<TransactionStatus>(RECEIVED_STATUSES);

/** Statuses whose record keeps its receipt: money received, or received then refunded (the receipt says so). */
export const HAS_RECEIPT_STATUSES: ReadonlySet<string> = new Set<TransactionStatus>(['approved', 'transferred', 'refunded']);

const NEXT: Record<string, readonly TransactionStatus[]> = {
  pending: ['approved', 'declined', 'canceled', 'transferred', 'refunded'],
  // A payer may retry on the same checkout after a failure: money received always wins.
  declined: ['approved', 'transferred'],
  canceled: ['approved', 'transferred'],
  approved: ['transferred', 'refunded'],
  transferred: ['refunded'],
  refunded: [],
};

export function canTransition(from: string, to: TransactionStatus): boolean {
  if (from === to) return false;
  return (NEXT[from] ?? []).includes(to);
}
