// Text rules: what the browser needs without zod (the schemas in text-rules.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).

export const TEXT_MESSAGES = {
  nameChars: "Le nom ne peut contenir que des lettres, des espaces, des traits d'union, des apostrophes et des points.",
  forbiddenChars: 'Ce texte contient des caractères invisibles ou de contrôle non autorisés.',
} as const;

/**
 * Parses an amount in FCFA as people type it: `5000`, `5 000`, `5 000` (no-break or narrow no-break
 * space), `5.000` (dot as thousands separator). A decimal part (`5000,50`) is `'not-whole'` unless it is
 * zero; anything else is null. Only digits, no sign. A trailing currency (`5 000 F`, `5 000 FCFA`, `5000 F CFA`)
 * is tolerated, as people write it.
 */
export function parseFcfa(value: number | string): number | 'not-whole' | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Number.isInteger(value) ? value : 'not-whole';
  }
  const text = value.trim().replace(/[ \u00a0\u202f]*F(?:[ \u00a0\u202f]*CFA)?$/i, '');
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{1,3}(?:[ .\u00a0\u202f]\d{3})+$/.test(text)) return Number(text.replace(/[ .\u00a0\u202f]/g, ''));
  const decimal = /^(\d+(?:[ \u00a0\u202f]\d{3})*)[.,](\d{1,2})$/.exec(text);
  if (decimal) {
    if (/^0+$/.test(decimal[2]!)) return Number(decimal[1]!.replace(/[ \u00a0\u202f]/g, ''));
    return 'not-whole';
  }
  return null;
}
