import { formatNumber } from './format';

// Messages shared by the API and the web app (docs/product/errors.md and docs/product/messages.md). Form-specific messages live in schemas/.
export const MESSAGES = {
  unauthenticated: 'Authentification requise. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas l'autorisation d'effectuer cette action.",
  notFound: "La ressource demandée n'existe pas.",
  validation: 'Erreur de validation des champs.',
  tooLarge: 'Le fichier ou la requête est trop volumineux.',
  rateLimited: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
  serverError: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  busy: 'Le service est très sollicité en ce moment. Veuillez réessayer dans quelques secondes.',
  databaseUnavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  genericRetry: 'Une erreur est survenue. Veuillez réessayer.',
} as const;

/**
 * A list's search counts at most this many matches (X-Total-Count then says this number, with X-Total-Count-Capped;
 * docs/product/http-api.md, « Pagination »). Counting stops only once the cap is passed, so the cap is what a common
 * word costs: at a million donations, counting 1 001 « Zinsou » (one donation in ten) walked about 10 000 rows, which
 * kept PostgreSQL's search at 12 ms; 501 walk half as many. Past a few hundred matches a search is narrowed, not read:
 * its pages still go on (docs/product/http-api.md).
 */
export const SEARCH_COUNT_CAP = 500;

/**
 * A list's search term has at least this many characters (docs/product/http-api.md, « Pagination »): the trigram
 * indexes cannot answer a shorter one, which scanned every row (2.3–2.8 s at a million donations on SQLite).
 */
export const SEARCH_MIN_LENGTH = 3;

/** A term the lists refuse: 1 or 2 characters once trimmed (characters, not UTF-16 units). Empty means no search. */
export function isShortSearch(term: string): boolean {
  const length = [...term.trim()].length;
  return length > 0 && length < SEARCH_MIN_LENGTH;
}

export const LIST_MESSAGES = {
  /** Shown by a list whose search matched more rows than were counted. */
  cappedTotal: `Plus de ${formatNumber(SEARCH_COUNT_CAP)} résultats`,
  /** A 1–2 character search: refused by the API (422 on the term's field), not sent by the web lists. */
  searchTooShort: `La recherche demande au moins ${SEARCH_MIN_LENGTH} caractères.`,
} as const;
