import { z } from 'zod';

// In the browser, no compiled parsers: zod 4 probes `new Function` before its first object parse, which the site's CSP
// forbids; the probe fails quietly but Chromium reports a Content-Security-Policy violation (Lighthouse best practices
// 96 on every page with a form). Every schema of the web app comes through this module, so this runs before any parse.
// The server keeps zod's compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

// French fallback messages for every zod issue a schema does not word itself.
// Imported once by index.ts, so both the web app and the API get it.
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'Ce champ est requis.' : 'Valeur invalide pour ce champ.';
      case 'too_small':
        return issue.origin === 'string'
          ? `Ce champ doit contenir au moins ${issue.minimum} caractères.`
          : `La valeur doit être au moins ${issue.minimum}.`;
      case 'too_big':
        return issue.origin === 'string'
          ? `Ce champ doit contenir au plus ${issue.maximum} caractères.`
          : `La valeur doit être au plus ${issue.maximum}.`;
      case 'invalid_format':
        return issue.format === 'email' ? 'Veuillez entrer une adresse email valide.' : 'Format invalide.';
      case 'invalid_value':
        return 'Valeur non autorisée.';
      case 'unrecognized_keys':
        return 'Champ inconnu.';
      default:
        return 'Valeur invalide.';
    }
  },
});

export { z };
