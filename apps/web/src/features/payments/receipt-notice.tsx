import { PAYMENT_MESSAGES } from '@shared/schemas/payment';
import { CircleCheck, FileText } from 'lucide-react';

/** After an approved transaction: the success message with the link to the receipt. */
export function ReceiptNotice({ receiptUrl }: { receiptUrl: string | null }) {
  if (!receiptUrl) return null;
  return (
    <div role="status" className="mb-6 flex flex-col gap-2 rounded-md border border-emerald-700 bg-emerald-50 p-4 text-emerald-950">
      <p className="flex items-center gap-2 font-semibold">
        <CircleCheck aria-hidden="true" className="h-5 w-5" />
        {PAYMENT_MESSAGES.success}
      </p>
      <a
        href={receiptUrl}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-emerald-900 underline focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        <FileText aria-hidden="true" className="h-5 w-5" />
        Voir le reçu
      </a>
    </div>
  );
}
