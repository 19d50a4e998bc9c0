/** The receipt of a paid record: a signed URL from the payments area, readable without the bearer token. */
export function ReceiptLink({ url, number }: { url: string | null; number: string | null }) {
  if (!url) return <span className="text-slate-600">—</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center font-medium whitespace-nowrap text-emerald-800 underline underline-offset-2 hover:text-emerald-950"
    >
      Reçu{number ? <span className="sr-only"> {number}</span> : null}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
