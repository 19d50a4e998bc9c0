import { ORGANISATION } from '@shared/constants';
import { formatCotonouDateTime } from '@shared/format';
import type { SummarySection } from './my-data-summary';

// The printable French page of a person's data (`/mes-donnees/{token}`, and resume.html inside the ZIP): no script
// (the page's CSP allows none), readable at 360 px, and printed without its buttons.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5}
main{max-width:760px;margin:0 auto;padding:16px}
h1{font-size:22px;color:#166534;margin:8px 0}
h2{font-size:18px;margin:24px 0 8px;color:#14532d;border-bottom:1px solid #d4d4d8;padding-bottom:4px}
.card{background:#fff;border-radius:8px;padding:12px 16px;margin:8px 0;box-shadow:0 0 0 1px #e4e4e7}
dl{display:grid;grid-template-columns:minmax(8em,40%) 1fr;gap:4px 12px;margin:0}
dt{color:#52525b}dd{margin:0;overflow-wrap:anywhere}
.empty{color:#52525b;font-style:italic}
.actions a{display:inline-block;background:#15803d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;margin:8px 0;min-height:24px}
.note{font-size:14px;color:#3f3f46}
@media print{body{background:#fff}.actions,.noprint{display:none}.card{box-shadow:none;border:1px solid #d4d4d8;break-inside:avoid}}`;

export function myDataPage(options: {
  sections: SummarySection[];
  generatedAt: string;
  expiresAt?: string | null;
  zipHref?: string | null;
}): string {
  const sections = options.sections
    .map((s) => {
      const body = s.items.length
        ? s.items
            .map(
              (fields) =>
                `<div class="card"><dl>${fields.map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`).join('')}</dl></div>`,
            )
            .join('')
        : '<p class="empty">Rien n’est enregistré.</p>';
      return `<section><h2>${escapeHtml(s.title)}</h2>${body}</section>`;
    })
    .join('');
  const actions = options.zipHref
    ? `<p class="actions"><a href="${escapeHtml(options.zipHref)}" download>Télécharger toutes mes données (fichier ZIP)</a></p>`
    : '';
  const expiry = options.expiresAt
    ? `<p class="note noprint">Ce lien est personnel et valable jusqu’au ${escapeHtml(formatCotonouDateTime(options.expiresAt))} (heure de Cotonou). Ne le transmettez à personne. Pour imprimer cette page, choisissez « Imprimer » dans le menu de votre navigateur.</p>`
    : '';
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Vos données personnelles — ${escapeHtml(ORGANISATION.shortName)}</title><style>${STYLE}</style></head><body><main><p>${escapeHtml(ORGANISATION.name)}</p><h1>Vos données personnelles</h1><p>Voici tout ce que l’association détient sur vous (état du ${escapeHtml(formatCotonouDateTime(options.generatedAt))}, heure de Cotonou).</p>${expiry}${actions}${sections}<p class="note">Pour faire corriger ou effacer ces données, faites une demande depuis la page Confidentialité du site.</p></main></body></html>`;
}

/** The page shown for a link that does not (or no longer) open anyone's data. */
export function myDataRefusal(message: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Vos données personnelles — ${escapeHtml(ORGANISATION.shortName)}</title><style>${STYLE}</style></head><body><main><h1>Vos données personnelles</h1><p>${escapeHtml(message)}</p><p class="actions"><a href="/confidentialite">Page Confidentialité</a></p></main></body></html>`;
}
