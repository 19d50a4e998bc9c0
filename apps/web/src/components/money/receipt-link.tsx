import { FileText } from 'lucide-react';

/** « Reçu DON-2026-000123 », opening the receipt in a new tab (member space and monthly gift pages). */
export function ReceiptLink({ href, number }: { href: string; number: string | null }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-emerald-900 underline"
    >
      <FileText aria-hidden="true" size={18} />
      Reçu {number}
    </a>
  );
}
