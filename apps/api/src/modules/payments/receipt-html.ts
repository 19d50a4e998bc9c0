import type { ReceiptDocument } from './receipt-document';

// The printable receipt page. No inline script (CSP): the print button is wired by /api/receipts/print.js.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const RECEIPT_STYLES = `
  body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9;margin:0;padding:16px}
  main{max-width:640px;margin:0 auto;background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:24px}
  h1{font-size:1.5rem;color:#064e3b;margin:0 0 4px}
  .org{color:#334155;margin:0 0 16px;line-height:1.5}
  dl{display:grid;grid-template-columns:minmax(120px,40%) 1fr;gap:8px 12px;margin:16px 0}
  dt{font-weight:600;color:#334155}
  dd{margin:0;overflow-wrap:anywhere}
  .amount{font-size:1.25rem;font-weight:700;color:#064e3b}
  .actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
  .actions a,.actions button{font:inherit;min-height:44px;padding:8px 16px;border-radius:6px;border:1px solid #065f46;background:#065f46;color:#fff;text-decoration:none;cursor:pointer}
  .actions a{background:#fff;color:#065f46}
  a:focus-visible,button:focus-visible{outline:3px solid #0f766e;outline-offset:2px}
  .signature{max-height:64px;width:auto}
  .voided{color:#991b1b;border:3px solid #991b1b;border-radius:6px;padding:8px 12px;margin:8px 0}
  .voided strong{display:block;font-size:1.5rem;letter-spacing:.1em}
  @media print{body{background:#fff;padding:0}main{border:0}.actions{display:none}}
`;

export function renderReceiptHtml(doc: ReceiptDocument, pdfHref: string): string {
  const row = ([k, v]: [string, string], cls = '') => `<dt>${escapeHtml(k)}</dt><dd${cls ? ` class="${cls}"` : ''}>${escapeHtml(v)}</dd>`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(doc.title)} ${escapeHtml(doc.number)}</title>
<style>${RECEIPT_STYLES}</style>
</head>
<body>
<main>
<h1>${escapeHtml(doc.title)} n° ${escapeHtml(doc.number)}</h1>
${doc.voided ? `<p class="voided" role="status"><strong>${escapeHtml(doc.voided.stamp)}</strong>${escapeHtml(doc.voided.detail)}</p>` : ''}
<p class="org">${[
    `<strong>${escapeHtml(doc.organisation.name)}</strong>`,
    doc.organisation.address,
    doc.organisation.registration,
    doc.organisation.contact,
  ]
    .filter(Boolean)
    .map((l, i) => (i === 0 ? l : escapeHtml(l!)))
    .join('<br>')}</p>
<dl>
${row(['Date', doc.date])}
${doc.payer.map((p) => row(p)).join('\n')}
${row(['Montant', doc.amountFigures], 'amount')}
${row(['Montant en lettres', doc.amountWords])}
${row(doc.object)}
${row(doc.reference)}
</dl>
<p>${escapeHtml(doc.note)}</p>
${doc.organisation.signatureUrl ? `<p><img class="signature" src="${escapeHtml(doc.organisation.signatureUrl)}" alt="Signature de l’association" height="64"></p>` : ''}
<div class="actions">
<button type="button" id="print-receipt">Imprimer</button>
<a href="${escapeHtml(pdfHref)}" download>Télécharger le PDF</a>
</div>
</main>
<script src="/api/receipts/print.js" defer></script>
</body>
</html>`;
}

export const PRINT_SCRIPT = "document.getElementById('print-receipt')?.addEventListener('click',function(){window.print()});\n";
