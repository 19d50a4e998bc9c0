import { PAYMENT_MESSAGES } from '@shared/zod-free/payment';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useEffect, useRef, useState } from 'react';
import { rememberDonationThanks } from './donation-thanks';

export type MoneyKind = 'payment' | 'donation';

/** What came back from the checkout, kept on the page (not only a toast): issue 33 item 7. */
export interface ReturnOutcome {
  status: string;
  amount: number | null;
  paymentType: string | null;
  /** A pending record: the link that asks the provider again (GET /api/payments/return/…). */
  checkUrl: string | null;
}

/** Where the return's outcome is kept: the history entry of the return itself (a reload shows it again, a new visit not). */
const KEPT = 'asbeReturn';
interface KeptReturn {
  kind: MoneyKind;
  outcome: ReturnOutcome;
  receiptUrl: string | null;
}

/**
 * The provider's return (docs/product/states.md): the server has already verified the transaction and put its
 * status in the query string (no personal data), and the signed receipt link in the fragment
 * (`#recu=…`, never sent to a server). Both are cleared right away; the outcome stays with that history entry only,
 * so a reload of the return shows it again while every new visit of the page (« Renouveler ma cotisation ») opens
 * a fresh form.
 */
export function useReturnFlow(kind: MoneyKind): { receiptUrl: string | null; outcome: ReturnOutcome | null } {
  const [receiptUrl, setReceiptUrl] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ReturnOutcome | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(window.location.search);
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const status = params.get('transaction-status');
    const entry = (window.history.state ?? {}) as Record<string, unknown>;
    if (!status) {
      const kept = entry[KEPT] as KeptReturn | undefined;
      if (kept?.kind === kind) {
        setOutcome(kept.outcome);
        setReceiptUrl(kept.receiptUrl);
      }
      return;
    }
    const transactionId = params.get('transaction-id') ?? '';
    const returnedAmount = Number(params.get('amount'));
    const check = fragment.get('verifier');
    const returned: ReturnOutcome = {
      status,
      amount: Number.isInteger(returnedAmount) && returnedAmount > 0 ? returnedAmount : null,
      paymentType: params.get('payment_type'),
      // Only our own return links are followed.
      checkUrl: check?.startsWith(`/api/payments/return/${kind}/`) ? check : null,
    };
    // Only our own receipt links are followed.
    const receiptLink = fragment.get('recu');
    const receipt = status === 'approved' && receiptLink?.startsWith('/api/receipts/') ? receiptLink : null;
    const kept: KeptReturn = { kind, outcome: returned, receiptUrl: receipt };
    window.history.replaceState({ ...entry, [KEPT]: kept }, '', window.location.pathname);
    setOutcome(returned);

    if (status === 'canceled') {
      notify.error(PAYMENT_MESSAGES.canceled);
    } else if (status === 'approved') {
      notify.success(PAYMENT_MESSAGES.success);
      if (receipt) {
        setReceiptUrl(receipt);
        // The thank-you survives a reload (issue 18): the query string is cleared just above.
        if (kind === 'donation') {
          const amount = Number(params.get('amount'));
          rememberDonationThanks({
            receiptUrl: receipt,
            amount: Number.isInteger(amount) && amount > 0 ? amount : null,
            purpose: params.get('purpose'),
            pledge: params.get('engagement') === '1',
          });
        }
      }
    } else if (status === 'declined') {
      notify.warning(PAYMENT_MESSAGES.paymentFailed);
    } else {
      notify.warning(PAYMENT_MESSAGES.pendingOrUnknown);
    }

    // docs/product/states.md: the record is posted only when pending; the server re-checks it with the provider. A payment's
    // record post needs the payer's name and telephone, which the return URL no longer carries: the server has
    // already asked the provider on this return and keeps re-checking pending payments, so only donations post.
    if (status === 'pending' && transactionId && kind === 'donation') {
      const request = api.post('/donation', {
        amount: params.get('amount') ?? '',
        purpose: params.get('purpose') ?? undefined,
        'transaction-status': status,
        'transaction-id': transactionId,
      });
      // A failed save is only logged (docs/product/errors.md).
      request.catch((error: unknown) => console.warn('Enregistrement de la transaction impossible', error));
    }
  }, [kind]);

  return { receiptUrl, outcome };
}
