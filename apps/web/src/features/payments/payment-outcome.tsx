import { PAYMENT_OUTCOME_MESSAGES as M } from '@shared/schemas/payment-outcome';
import { AlertTriangle, CircleCheck, Clock, Copy, FileText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { ReturnOutcome } from './use-return-flow';
import { Link } from '@web/lib/router';

// After the checkout, what happened stays on the page (issue 33 item 7): a refusal or cancellation with its reason,
// a pending payment with the link that checks it again, from this device or another one (docs/product/payments.md).

function Panel({ tone, icon, title, children }: { tone: 'bad' | 'wait'; icon: ReactNode; title: string; children: ReactNode }) {
  const colours = tone === 'bad' ? 'border-red-700 bg-red-50 text-red-950' : 'border-amber-600 bg-amber-50 text-amber-950';
  return (
    <div role={tone === 'bad' ? 'alert' : 'status'} className={`mb-6 flex flex-col gap-2 rounded-md border p-4 ${colours}`}>
      <p className="flex items-center gap-2 font-semibold">
        {icon}
        {title}
      </p>
      {children}
    </div>
  );
}

/** A refused, cancelled or pending checkout; nothing for an approved one (the page shows what was paid). */
export function ReturnProblem({ outcome, amountKept }: { outcome: ReturnOutcome | null; amountKept: boolean }) {
  if (!outcome) return null;
  if (outcome.status === 'declined' || outcome.status === 'canceled') {
    const declined = outcome.status === 'declined';
    return (
      <Panel tone="bad" icon={<AlertTriangle aria-hidden className="h-5 w-5" />} title={declined ? M.declinedTitle : M.canceledTitle}>
        <p>
          {declined ? M.declined : M.canceled} {amountKept ? M.amountKept : null}
        </p>
      </Panel>
    );
  }
  if (outcome.status === 'pending') {
    return (
      <Panel tone="wait" icon={<Clock aria-hidden className="h-5 w-5" />} title={M.pendingTitle}>
        <p>{M.pending}</p>
        {outcome.checkUrl ? (
          <>
            <a href={outcome.checkUrl} className="inline-flex min-h-11 items-center gap-2 self-start font-semibold underline">
              <FileText aria-hidden className="h-5 w-5" />
              {M.checkNow}
            </a>
            <CheckLink path={outcome.checkUrl} />
          </>
        ) : null}
      </Panel>
    );
  }
  return null;
}

/** The check link in full, to copy or note down: it works from another telephone too. */
function CheckLink({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${path}`;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm">{M.keepLink}</p>
      <p data-testid="check-link" className="break-all rounded bg-white/70 p-2 font-mono text-xs">
        {url}
      </p>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-md px-3 font-semibold ring-1 ring-amber-700 hover:bg-amber-100"
      >
        <Copy aria-hidden className="h-5 w-5" />
        {copied ? M.linkCopied : M.copyLink}
      </button>
    </div>
  );
}

/** An approved payment: what was paid, until when, the receipt; the form only comes back on request. */
export function PaymentDone({
  amount,
  label,
  validUntil,
  receiptUrl,
  ticketUrl = null,
  onAnother,
}: {
  amount: string | null;
  label: string;
  validUntil: string | null;
  receiptUrl: string | null;
  /** An event's seats (null otherwise): no membership validity; the ticket's link when this device kept it ('' if not). */
  ticketUrl?: string | null;
  onAnother: () => void;
}) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-md border border-emerald-700 bg-emerald-50 p-4 text-emerald-950">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck aria-hidden className="h-5 w-5" />
        {M.paidTitle}
      </p>
      {amount ? <p data-testid="paid-summary">{M.paid(amount, label)}</p> : null}
      {ticketUrl === null ? (
        <p data-testid="paid-validity">{validUntil ? M.validUntil(validUntil) : M.validityPending}</p>
      ) : (
        <p data-testid="paid-ticket">{M.eventTicket}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {receiptUrl ? (
          <a
            href={receiptUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-emerald-900 underline focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            <FileText aria-hidden className="h-5 w-5" />
            Voir le reçu
          </a>
        ) : null}
        {ticketUrl ? (
          <Link
            to={new URL(ticketUrl, window.location.origin).pathname}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-emerald-900 underline focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            {M.seeTicket}
          </Link>
        ) : null}
        <button
          type="button"
          onClick={onAnother}
          className="min-h-11 rounded-md px-4 py-2 font-semibold text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-100"
        >
          {M.payAgain}
        </button>
      </div>
    </div>
  );
}
