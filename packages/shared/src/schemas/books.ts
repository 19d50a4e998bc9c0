import { optionalFreeText, freeText } from '../text-rules';
import { z } from '../zod-fr';
import { MAX_BOOK_AMOUNT, pastDay, TREASURY_MESSAGES, yearSchema } from './treasury';

// Books: double-entry accounting on OHADA's SYCEBNL (docs/books.md). Every amount is whole FCFA.

export const BOOKS_MESSAGES = {
  accountNumberInvalid: 'Le numéro de compte s’écrit avec 3 à 8 chiffres.',
  accountParentMissing: 'Ce numéro doit prolonger un compte existant du plan (par exemple 5211 sous 521).',
  accountExists: 'Ce numéro de compte existe déjà.',
  accountLabelRequired: 'Veuillez indiquer l’intitulé du compte.',
  accountLabelTooLong: 'L’intitulé ne doit pas dépasser 120 caractères.',
  accountUnknown: 'Ce compte n’existe pas dans le plan comptable.',
  lineAccountInvalid: 'Le numéro de compte s’écrit avec 2 à 8 chiffres.',
  linesTooFew: 'Une écriture compte au moins deux lignes.',
  linesTooMany: (max: number) => `Une écriture compte au plus ${max} lignes.`,
  offBalanceMixed: 'Les comptes de la classe 9 ne se mouvementent qu’entre eux.',
  lineAmount: 'Chaque ligne porte un montant au débit ou au crédit, pas les deux.',
  amountInvalid: 'Le montant doit être un nombre entier de FCFA.',
  amountTooLarge: TREASURY_MESSAGES.amountTooLarge,
  unbalanced: 'Écriture déséquilibrée : le total des débits doit égaler le total des crédits.',
  labelRequired: 'Veuillez indiquer le libellé de l’écriture.',
  labelTooLong: 'Le libellé ne doit pas dépasser 200 caractères.',
  referenceTooLong: 'La référence ne doit pas dépasser 100 caractères.',
  journalInvalid: 'Le journal s’écrit avec 2 à 4 lettres (BQ, MM, CA, OD…) ; AN est réservé aux à-nouveaux.',
  reasonRequired: 'Veuillez indiquer le motif.',
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères.',
  entryNotFound: 'Écriture introuvable.',
  entryImmutable: 'Une écriture validée ne peut être ni modifiée ni supprimée : contre-passez-la.',
  entryAlreadyReversed: 'Cette écriture a déjà été contre-passée.',
  entryIsReversal: 'Cette écriture est déjà une contre-passation.',
  entryReversedAtSource:
    'Cette écriture vient d’un mouvement, d’une dépense, d’une ouverture ou d’une clôture : annulez sa source (ou rouvrez l’exercice), elle sera contre-passée avec elle.',
  beforeFirstYear: (year: number) => `Les comptes commencent en ${year} : une écriture ne peut pas être datée d’un exercice antérieur.`,
  yearClosed: (year: number) => `L’exercice ${year} est clôturé : aucune écriture ne peut y être datée.`,
  yearAlreadyClosed: (year: number) => `L’exercice ${year} est déjà clôturé.`,
  previousYearOpen: (year: number) => `Clôturez d’abord l’exercice ${year}.`,
  yearNotClosed: (year: number) => `L’exercice ${year} n’est pas clôturé.`,
  laterYearClosed: (year: number) => `Rouvrez d’abord l’exercice ${year}.`,
  reopeningPending: 'Une réouverture de cet exercice attend déjà l’accord d’un autre administrateur.',
  reopeningNotFound: 'Proposition de réouverture introuvable.',
  reopeningDecided: 'Cette proposition a déjà été traitée.',
  reopeningRejected: 'Réouverture refusée : l’exercice reste clôturé.',
  notByProposer: 'Un autre administrateur que celui qui l’a proposée doit approuver cette réouverture.',
  yearClosedDone: (year: number) => `L’exercice ${year} est clôturé.`,
  reopeningProposed: 'Réouverture proposée : un autre administrateur doit l’approuver.',
  reopened: (year: number) => `L’exercice ${year} est rouvert.`,
  budgetAmount: 'Le montant budgété doit être un nombre entier positif de FCFA.',
  budgetDuplicate: 'Ce compte figure deux fois dans le budget pour la même cause.',
  chainVerified: (entries: number) => `Chaîne des écritures vérifiée (${entries} écritures).`,
  chainBroken: (entry: number) => `Chaîne rompue à l’écriture n° ${entry}.`,
  chainHeadMissing: 'Chaîne rompue\u00a0: des écritures manquent à la fin de la chaîne.',
  totalsBroken: 'Les totaux tenus ne correspondent plus aux écritures.',
} as const;

/** The most lines a manual entry holds. */
export const MAX_ENTRY_LINES = 200;
/** The books' first possible year (yearSchema, pastDay). */
export const FIRST_BOOK_YEAR = 2000;

export const JOURNALS = ['BQ', 'MM', 'CA', 'OD', 'AN'] as const;
export const JOURNAL_LABELS: Record<(typeof JOURNALS)[number], string> = {
  BQ: 'Banque',
  MM: 'Mobile money',
  CA: 'Caisse',
  OD: 'Opérations diverses',
  AN: 'À-nouveaux',
};

const accountNumber = z
  .string({ error: BOOKS_MESSAGES.accountNumberInvalid })
  .trim()
  .regex(/^\d{3,8}$/, BOOKS_MESSAGES.accountNumberInvalid);
/** An account a line or a budget names: any account of the chart from its two-digit level down. */
const lineAccount = z
  .string({ error: BOOKS_MESSAGES.lineAccountInvalid })
  .trim()
  .regex(/^\d{2,8}$/, BOOKS_MESSAGES.lineAccountInvalid);

export const bookAccountSchema = z.object({ number: z.string(), label: z.string(), class: z.number() });
export type BookAccount = z.infer<typeof bookAccountSchema>;

/** POST /api/admin/books/accounts */
export const bookAccountCreateSchema = z.object({
  number: accountNumber,
  label: freeText({ requiredMessage: BOOKS_MESSAGES.accountLabelRequired, max: 120, maxMessage: BOOKS_MESSAGES.accountLabelTooLong }),
});

// A number, or digits (spaces between thousands allowed): never a boolean, an exponent or a decimal.
const wholeAmount = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d[\d \u00a0\u202f]*$/.test(v) ? Number(v.replace(/\D/g, '')) : v),
  z
    .number({ error: BOOKS_MESSAGES.amountInvalid })
    .int(BOOKS_MESSAGES.amountInvalid)
    .min(0, BOOKS_MESSAGES.amountInvalid)
    .max(MAX_BOOK_AMOUNT, BOOKS_MESSAGES.amountTooLarge),
);

const cause = optionalFreeText({ max: 40 });

export const entryLineInputSchema = z
  .object({ account: lineAccount, debit: wholeAmount.default(0), credit: wholeAmount.default(0), cause })
  .refine((l) => l.debit > 0 !== l.credit > 0, BOOKS_MESSAGES.lineAmount);

/** POST /api/admin/books/entries: a manual entry; its debits and credits must be equal. */
export const entryCreateSchema = z
  .object({
    date: pastDay,
    journal: z
      .string({ error: BOOKS_MESSAGES.journalInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2,4}$/, BOOKS_MESSAGES.journalInvalid)
      .refine((j) => j !== 'AN', BOOKS_MESSAGES.journalInvalid)
      .default('OD'),
    label: freeText({ requiredMessage: BOOKS_MESSAGES.labelRequired, max: 200, maxMessage: BOOKS_MESSAGES.labelTooLong }),
    reference: optionalFreeText({ max: 100, maxMessage: BOOKS_MESSAGES.referenceTooLong }),
    lines: z
      .array(entryLineInputSchema, { error: BOOKS_MESSAGES.linesTooFew })
      .min(2, BOOKS_MESSAGES.linesTooFew)
      .max(MAX_ENTRY_LINES, BOOKS_MESSAGES.linesTooMany(MAX_ENTRY_LINES)),
  })
  .superRefine((e, ctx) => {
    const debit = e.lines.reduce((s, l) => s + l.debit, 0);
    const credit = e.lines.reduce((s, l) => s + l.credit, 0);
    if (debit !== credit) ctx.addIssue({ code: 'custom', path: ['lines'], message: BOOKS_MESSAGES.unbalanced });
    // The total is capped as a line is: many lines at the maximum would reach 2^53 in a few entries.
    else if (debit > MAX_BOOK_AMOUNT) ctx.addIssue({ code: 'custom', path: ['lines'], message: BOOKS_MESSAGES.amountTooLarge });
  });
export type EntryCreate = z.output<typeof entryCreateSchema>;

export const entryLineSchema = z.object({
  account: z.string(),
  debit: z.number(),
  credit: z.number(),
  cause: z.string().nullable().optional(),
});
export const entrySchema = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  journal: z.string(),
  label: z.string(),
  reference: z.string().nullable(),
  validated_at: z.string(),
  hash: z.string(),
  reverses: z.number().nullable(),
  /** Recorded by hand: the only entries reversed from the journal (the others are countered with their source). */
  manual: z.boolean(),
  /** The number of the entry that reverses this one, if any. */
  reversed_by: z.string().nullable(),
  lines: z.array(entryLineSchema),
});
export type BookEntry = z.infer<typeof entrySchema>;

export const entriesQuerySchema = z.object({
  year: yearSchema.optional(),
  journal: z.string().trim().max(4).optional(),
  account: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, BOOKS_MESSAGES.accountNumberInvalid)
    .optional(),
  page: z.coerce.number<string>().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number<string>().int().min(1).max(500).default(100),
});

export const reverseSchema = z.object({
  reason: freeText({ requiredMessage: BOOKS_MESSAGES.reasonRequired, max: 500, maxMessage: BOOKS_MESSAGES.reasonTooLong }),
});

export const verifySchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  first_broken: z.number().nullable(),
  /** The kept totals (trial balance, statements) equal the sums of the hashed lines. */
  totals_ok: z.boolean(),
  /** The last entry is the chain's kept head: none was deleted from the end. */
  head_ok: z.boolean(),
});

export const booksFormat = z.enum(['json', 'csv', 'pdf']).optional();
export const yearQuerySchema = z.object({ year: yearSchema, format: booksFormat });
export const ledgerQuerySchema = z.object({
  year: yearSchema,
  account: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, BOOKS_MESSAGES.accountNumberInvalid)
    .optional(),
  format: booksFormat,
});

export const trialBalanceLineSchema = z.object({
  account: z.string(),
  label: z.string(),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export type TrialBalanceLine = z.infer<typeof trialBalanceLineSchema>;

export const journalEntrySchema = entrySchema;
export const ledgerAccountSchema = z.object({
  account: z.string(),
  label: z.string(),
  lines: z.array(
    z.object({
      entry: z.number(),
      number: z.string(),
      date: z.string(),
      journal: z.string(),
      label: z.string(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
      cause: z.string().nullable(),
    }),
  ),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});

const amountLine = z.object({ account: z.string(), label: z.string(), amount: z.number() });
export const statementsQuerySchema = z.object({
  year: yearSchema,
  system: z.enum(['normal', 'minimal']).default('normal'),
  format: booksFormat,
});
export const statementsSchema = z.object({
  year: z.number(),
  system: z.enum(['normal', 'minimal']),
  balance_sheet: z.object({
    assets: z.array(amountLine),
    liabilities: z.array(amountLine),
    total_assets: z.number(),
    total_liabilities: z.number(),
    result: z.number(),
  }),
  income_statement: z.object({
    lines: z.array(amountLine.extend({ kind: z.enum(['charge', 'produit']) })),
    total_charges: z.number(),
    total_products: z.number(),
    result: z.number(),
  }),
  cash_flow: z
    .object({
      opening_cash: z.number(),
      receipts: z.number(),
      payments: z.number(),
      closing_cash: z.number(),
      treasury_balances: z.number(),
    })
    .optional(),
  checks: z.object({ balanced: z.boolean(), results_agree: z.boolean(), cash_agrees: z.boolean() }),
});
export type BookStatements = z.infer<typeof statementsSchema>;

export const budgetPutSchema = z
  .object({
    lines: z.array(z.object({ account: lineAccount, cause, amount: wholeAmount }, { error: BOOKS_MESSAGES.budgetAmount })).max(500),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.lines.forEach((l, i) => {
      const key = `${l.account}:${l.cause ?? ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'account'], message: BOOKS_MESSAGES.budgetDuplicate });
      seen.add(key);
    });
  });
export const budgetSchema = z.object({
  year: z.number(),
  lines: z.array(z.object({ account: z.string(), label: z.string(), cause: z.string().nullable(), amount: z.number() })),
});
const budgetTotalSchema = z.object({ budget: z.number(), actual: z.number(), difference: z.number() });
export const budgetExecutionSchema = z.object({
  year: z.number(),
  lines: z.array(
    z.object({
      account: z.string(),
      label: z.string(),
      cause: z.string().nullable(),
      budget: z.number(),
      actual: z.number(),
      difference: z.number(),
    }),
  ),
  total_budget: z.number(),
  total_actual: z.number(),
  /** The budgeted charges (class 6) and products (class 7), each with its actual and difference (actual − budget). */
  charges: budgetTotalSchema,
  products: budgetTotalSchema,
});

/** A year in a path: exactly four digits (never 2026e0 nor 02026), from the books' first year. */
export const yearPathSchema = z
  .string({ error: TREASURY_MESSAGES.yearInvalid })
  .regex(/^\d{4}$/, TREASURY_MESSAGES.yearInvalid)
  .transform(Number)
  .refine((y) => y >= FIRST_BOOK_YEAR, BOOKS_MESSAGES.beforeFirstYear(FIRST_BOOK_YEAR))
  .refine((y) => y <= 2100, TREASURY_MESSAGES.yearInvalid);
/**
 * The path's year is read by the handler with yearPathSchema: a malformed segment here would answer 404 (as an
 * unknown id does), when a year is a value the user typed and gets a 422 naming what is wrong.
 */
export const yearParamsSchema = z.object({ year: z.string() });
export const closeResultSchema = z.object({
  year: z.number(),
  result: z.number(),
  dedicated_funds: z.number(),
  opening_entry: z.number().nullable(),
  message: z.string(),
});
export const reopeningSchema = z.object({
  id: z.number(),
  year: z.number(),
  reason: z.string(),
  status: z.enum(['en_attente', 'approuvee', 'rejetee']),
  proposed_by: z.number(),
  proposed_at: z.string(),
  decided_by: z.number().nullable(),
  decided_at: z.string().nullable(),
  /** Names (GET /reopenings): the pending proposal says who proposed it. */
  proposed_by_name: z.string().nullable().optional(),
  decided_by_name: z.string().nullable().optional(),
});
export type Reopening = z.infer<typeof reopeningSchema>;
export const yearStatusSchema = z.object({
  year: z.number(),
  closed: z.boolean(),
  result: z.number().nullable(),
  closed_at: z.string().nullable(),
});
export const unmappedSchema = z.object({ source_type: z.string(), source_id: z.string(), reason: z.string(), created_at: z.string() });
