import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES } from '../constants';
import { formatFcfa } from '../format';
import { parseFcfa } from '../zod-free/text';
import { freeText, optionalFreeText } from '../text-rules';
import { z } from '../zod-fr';
import { FILE_RULES, type FileRule } from './upload-rules';
import { fcfaAmount, PAYMENT_MESSAGES } from './payment';

// Treasury: the association's accounts, the money that goes out (expenses), transfers between accounts,
// the journal, bank or mobile-money statements reconciled with the books, and the public transparency page.

export const ACCOUNT_KINDS = ['caisse', 'banque', 'mobile_money'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = { caisse: 'Caisse', banque: 'Banque', mobile_money: 'Mobile money' };

export const EXPENSE_CATEGORIES = [
  'alimentation',
  'sante',
  'education',
  'logement',
  'vetement',
  'protection',
  'fonctionnement',
  'frais_financiers',
  'autres',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  alimentation: 'Alimentation',
  sante: 'Santé',
  education: 'Éducation',
  logement: 'Logement',
  vetement: 'Vêtements',
  protection: 'Protection juridique',
  fonctionnement: 'Fonctionnement',
  frais_financiers: 'Frais financiers',
  autres: 'Autres',
};

export const EXPENSE_METHODS = ['especes', 'mobile_money', 'virement', 'cheque'] as const;
export type ExpenseMethod = (typeof EXPENSE_METHODS)[number];
export const EXPENSE_METHOD_LABELS: Record<ExpenseMethod, string> = {
  especes: 'Espèces',
  mobile_money: 'Mobile money',
  virement: 'Virement',
  cheque: 'Chèque',
};
/** The usual way money leaves an account of this kind: the expense form's method until the person picks one. */
export const EXPENSE_METHOD_OF_ACCOUNT_KIND: Record<AccountKind, ExpenseMethod> = {
  caisse: 'especes',
  banque: 'virement',
  mobile_money: 'mobile_money',
};

export const EXPENSE_STATUSES = ['en_attente', 'approuvee', 'annulee'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  en_attente: 'En attente d’approbation',
  approuvee: 'Approuvée',
  annulee: 'Annulée',
};

/** Natures of money received, as the annual statements group them. */
export const INCOME_NATURES = ['don', 'adhesion', 'cotisation', 'autre'] as const;
export type IncomeNature = (typeof INCOME_NATURES)[number];
export const INCOME_NATURE_LABELS: Record<IncomeNature, string> = {
  don: 'Dons',
  adhesion: 'Adhésions',
  cotisation: 'Cotisations',
  autre: 'Autres recettes',
};

/** What a journal line is. */
export const MOVEMENT_KINDS = ['recette', 'depense', 'virement_entrant', 'virement_sortant', 'frais'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  recette: 'Recette',
  depense: 'Dépense',
  virement_entrant: 'Virement reçu',
  virement_sortant: 'Virement émis',
  frais: 'Frais',
};

export const TREASURY_MESSAGES = {
  nameRequired: 'Veuillez donner un nom au compte.',
  nameTooLong: 'Le nom du compte doit contenir au plus 80 caractères.',
  kindInvalid: 'Veuillez choisir le type de compte : caisse, banque ou mobile money.',
  openingBalanceInvalid: 'Le solde d’ouverture doit être un nombre entier de FCFA.',
  dateInvalid: 'Veuillez entrer une date valide (AAAA-MM-JJ).',
  dateFuture: 'La date ne peut pas être dans le futur.',
  dateTooOld: 'La date ne peut pas être antérieure au 1er janvier 2000.',
  amountPositive: 'Le montant doit être un nombre entier positif de FCFA.',
  accountRequired: 'Veuillez choisir un compte.',
  accountUnknown: 'Ce compte n’existe pas.',
  accountNameTaken: 'Un compte porte déjà ce nom.',
  sameAccount: 'Les comptes de départ et d’arrivée doivent être différents.',
  referenceTooLong: 'La référence doit contenir au plus 100 caractères.',
  categoryInvalid: 'Veuillez choisir une catégorie de dépense.',
  purposeInvalid: 'Veuillez choisir une cause valide.',
  methodInvalid: 'Veuillez choisir un moyen de paiement.',
  payeeRequired: 'Veuillez indiquer le bénéficiaire.',
  payeeTooLong: 'Le bénéficiaire doit contenir au plus 120 caractères.',
  descriptionRequired: 'Veuillez décrire la dépense.',
  descriptionTooLong: 'La description doit contenir au plus 1 000 caractères.',
  reasonRequired: 'Veuillez indiquer le motif de l’annulation.',
  overdraft: (account: string, after: number) =>
    `Attention : le compte «\u00a0${account}\u00a0» passerait à découvert (solde après l’opération : ${formatFcfa(after)}). L’opération reste possible.`,
  reasonTooLong: 'Le motif doit contenir au plus 300 caractères.',
  yearInvalid: 'Veuillez indiquer une année valide.',
  expenseRecorded: 'Dépense enregistrée.',
  expensePending: 'Dépense enregistrée : elle attend l’approbation d’un autre administrateur.',
  expenseApproved: 'Dépense approuvée.',
  expenseCancelled: 'Dépense annulée.',
  expenseNotFound: 'Dépense introuvable.',
  notPending: 'Cette dépense n’attend pas d’approbation.',
  alreadyCancelled: 'Cette dépense est déjà annulée.',
  ownApproval: 'Vous ne pouvez pas approuver une dépense que vous avez enregistrée : un autre administrateur doit le faire.',
  transferRecorded: 'Virement enregistré.',
  transferCancelled: 'Virement annulé : il est contre-passé dans les comptes. Enregistrez le bon virement s’il y a lieu.',
  transferNotFound: 'Virement introuvable.',
  transferAlreadyCancelled: 'Ce virement est déjà annulé.',
  accountCreated: 'Compte créé.',
  settingsSaved: 'Réglages de trésorerie enregistrés.',
  mobileMoneyOnly: 'Les paiements en ligne arrivent sur un compte mobile money : choisissez un compte de ce type.',
  statementFileRequired: 'Veuillez joindre le relevé au format CSV.',
  statementFileType: 'Le relevé doit être un fichier CSV.',
  statementFileSize: 'Le relevé ne doit pas dépasser 5 Mo.',
  statementEmpty: 'Le relevé ne contient aucune ligne lisible.',
  mappingInvalid: 'Indiquez les colonnes du relevé pour la date, le libellé et le montant.',
  mappingColumnMissing: 'Colonne introuvable dans le relevé : ',
  statementLineInvalid: 'Ligne illisible dans le relevé (date ou montant) : ligne ',
  /** A statement line refused by a rule every other date or amount follows (pastDay, MAX_BOOK_AMOUNT). */
  statementLineRefused: (line: number, message: string) => `Ligne ${line}\u00a0: ${message}`,
  amountTooLarge: PAYMENT_MESSAGES.amountTooLarge,
  statementNotFound: 'Relevé introuvable.',
  lineNotFound: 'Ligne de relevé introuvable.',
  movementNotFound: 'Écriture introuvable.',
  lineAlreadyMatched: 'Cette ligne du relevé est déjà rapprochée.',
  movementAlreadyMatched: 'Cette écriture est déjà rapprochée d’une autre ligne.',
  matchMismatch: 'L’écriture doit être du même compte et du même montant que la ligne du relevé.',
  matched: 'Ligne rapprochée.',
  booked: 'Ligne enregistrée dans les comptes.',
  bookKindInvalid: 'Choisissez « dépense » ou « recette ».',
  bookWrongSign: 'Une ligne de sortie d’argent s’enregistre en dépense, une ligne d’entrée en recette.',
  natureInvalid: 'Veuillez choisir la nature de la recette.',
  lineNotBooked: 'Seule une ligne enregistrée depuis le relevé (recette ou dépense) peut être annulée.',
  lineExpenseActive: 'Cette ligne est enregistrée en dépense\u00a0: annulez d’abord la dépense, puis la ligne.',
  lineCancelled: 'Ligne annulée\u00a0: son écriture est contre-passée et la ligne redevient non rapprochée.',
} as const;

/** The largest amount of one line in the books (a manual entry's line, its total, a statement line): whole FCFA far under 2^53. */
export const MAX_BOOK_AMOUNT = 1e13;

const todayCotonou = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);

/** A calendar day `AAAA-MM-JJ`, not in the future (Cotonou time). */
export const pastDay = z
  .string({ error: TREASURY_MESSAGES.dateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, TREASURY_MESSAGES.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: TREASURY_MESSAGES.dateInvalid,
    abort: true,
  })
  .refine((v) => v <= todayCotonou(), TREASURY_MESSAGES.dateFuture)
  // The books' years run from 2000 (yearSchema): an older day would open a year no screen reaches nor closes.
  .refine((v) => v >= '2000-01-01', TREASURY_MESSAGES.dateTooOld);

/** Any calendar day (filters). */
export const dayFilter = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, TREASURY_MESSAGES.dateInvalid)
  .optional();

const amount = fcfaAmount({ positive: TREASURY_MESSAGES.amountPositive });
const accountId = z.coerce
  .number<string | number>({ error: TREASURY_MESSAGES.accountRequired })
  .int(TREASURY_MESSAGES.accountRequired)
  .positive(TREASURY_MESSAGES.accountRequired);
const reference = optionalFreeText({ max: 100, maxMessage: TREASURY_MESSAGES.referenceTooLong });

/** POST /api/admin/treasury/accounts */
export const accountCreateSchema = z.object({
  name: freeText({ requiredMessage: TREASURY_MESSAGES.nameRequired, max: 80, maxMessage: TREASURY_MESSAGES.nameTooLong }),
  kind: z.enum(ACCOUNT_KINDS, { error: TREASURY_MESSAGES.kindInvalid }),
  opening_balance: z.union([z.number(), z.string()], { error: TREASURY_MESSAGES.openingBalanceInvalid }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.replace(/[\s\u00a0\u202f.]/g, '');
    if (!/^-?\d{1,13}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: TREASURY_MESSAGES.openingBalanceInvalid });
      return z.NEVER;
    }
    return Number(text);
  }),
  opening_date: pastDay,
});
export type AccountCreateInput = z.input<typeof accountCreateSchema>;
export type AccountCreate = z.output<typeof accountCreateSchema>;

export const accountSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  opening_balance: z.number(),
  opening_date: z.string(),
  balance: z.number(),
  /** Its SYCEBNL chart account: a sub-account of 521 (bank), 552 (mobile money) or 571 (cash). */
  ledger_account: z.string().nullable(),
});
export type TreasuryAccount = z.infer<typeof accountSchema>;

/** PUT /api/admin/treasury/settings: the mobile-money account where online (FedaPay) receipts land. */
export const treasurySettingsSchema = z.object({ fedapay_account: accountId.nullable() });
export const treasurySettingsResponseSchema = z.object({ fedapay_account: z.number().nullable(), expense_approval_threshold: z.number() });

/** POST /api/admin/treasury/transfers */
export const transferCreateSchema = z.object({
  from: accountId,
  to: accountId,
  amount,
  date: pastDay,
  reference,
});
export type TransferCreateInput = z.input<typeof transferCreateSchema>;
export type TransferCreate = z.output<typeof transferCreateSchema>;
export const transferSchema = z.object({
  id: z.number(),
  from: z.number(),
  to: z.number(),
  amount: z.number(),
  date: z.string(),
  reference: z.string().nullable(),
  message: z.string(),
});

/** GET /api/admin/treasury/transfers: recent transfers, newest first; a cancelled one keeps its row. */
export const transferViewSchema = z.object({
  id: z.number(),
  from: z.number(),
  from_name: z.string(),
  to: z.number(),
  to_name: z.string(),
  amount: z.number(),
  date: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type TransferView = z.infer<typeof transferViewSchema>;

/** POST /api/admin/treasury/transfers/{id}/cancel: counters both movements, with a reason. */
export const transferCancelSchema = z.object({
  reason: freeText({ requiredMessage: TREASURY_MESSAGES.reasonRequired, max: 300, maxMessage: TREASURY_MESSAGES.reasonTooLong }),
});

/** POST /api/admin/treasury/statements/{id}/lines/{line}/cancel: a booked line countered, with a reason. */
export const lineCancelSchema = transferCancelSchema;

/** POST /api/admin/expenses (multipart; the proof file travels beside these fields). */
export const expenseFieldsSchema = z.object({
  amount,
  category: z.enum(EXPENSE_CATEGORIES, { error: TREASURY_MESSAGES.categoryInvalid }),
  purpose: z
    .union([z.enum(DONATION_PURPOSES, { error: TREASURY_MESSAGES.purposeInvalid }), z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  account: accountId,
  paid_at: pastDay,
  method: z.enum(EXPENSE_METHODS, { error: TREASURY_MESSAGES.methodInvalid }),
  payee: freeText({ requiredMessage: TREASURY_MESSAGES.payeeRequired, max: 120, maxMessage: TREASURY_MESSAGES.payeeTooLong }),
  reference,
  description: freeText({
    requiredMessage: TREASURY_MESSAGES.descriptionRequired,
    max: 1000,
    maxMessage: TREASURY_MESSAGES.descriptionTooLong,
    multiline: true,
  }),
});
export type ExpenseFieldsInput = z.input<typeof expenseFieldsSchema>;
export type ExpenseFields = z.output<typeof expenseFieldsSchema>;

export const EXPENSE_PROOF_RULE: FileRule = {
  extensions: ['pdf', 'jpg', 'jpeg', 'png'],
  kinds: ['pdf', 'jpg', 'png'],
  maxBytes: FILE_RULES.cv.maxBytes,
  requiredMessage: 'Veuillez joindre le justificatif (PDF, JPEG ou PNG).',
  typeMessage: 'Le justificatif doit être au format pdf, jpg, jpeg ou png.',
  sizeMessage: 'Le justificatif ne doit pas dépasser 5 Mo.',
};
export const EXPENSE_FILES = { proof: EXPENSE_PROOF_RULE } as const;

export const expenseCancelSchema = z.object({
  reason: freeText({ requiredMessage: TREASURY_MESSAGES.reasonRequired, max: 300, maxMessage: TREASURY_MESSAGES.reasonTooLong }),
});

export const expenseSchema = z.object({
  id: z.number(),
  amount: z.number(),
  category: z.enum(EXPENSE_CATEGORIES),
  purpose: z.string().nullable(),
  account: z.number(),
  account_name: z.string(),
  paid_at: z.string(),
  method: z.enum(EXPENSE_METHODS),
  payee: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  has_proof: z.boolean(),
  proof_url: z.string().nullable(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  approved_by: z.number().nullable(),
  /** Who approved it, by name (shown on the expense, not only in the audit trail). */
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  cancelled_by: z.number().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** A cancellation of this approved expense proposed by one administrator, waiting for another (modules/policy). */
  cancel_proposed_by: z.number().nullable(),
  cancel_proposed_by_name: z.string().nullable(),
  cancel_proposed_at: z.string().nullable(),
  cancel_proposed_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expenseResponseSchema = expenseSchema.extend({ message: z.string() });

export const expenseListQuerySchema = z.object({
  status: z.enum(EXPENSE_STATUSES, { error: 'Statut inconnu.' }).optional(),
  /** `oui`: only the approved expenses whose cancellation waits for a second administrator. */
  cancel_proposed: z.enum(['oui'], { error: 'Filtre inconnu.' }).optional(),
  category: z.enum(EXPENSE_CATEGORIES, { error: TREASURY_MESSAGES.categoryInvalid }).optional(),
  purpose: z.enum(DONATION_PURPOSES, { error: TREASURY_MESSAGES.purposeInvalid }).optional(),
  account: z.coerce.number<string>().int().positive().optional(),
  from: dayFilter,
  to: dayFilter,
  format: z.enum(['json', 'csv']).optional(),
});

/** GET /api/admin/treasury/journal */
export const journalQuerySchema = z.object({
  account: z.coerce.number<string>().int().positive().optional(),
  from: dayFilter,
  to: dayFilter,
  /** Keyset cursor: the `cursor` of the last line already read. */
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}:\d+$/)
    .optional(),
  page: z.coerce.number<string>().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number<string>().int().min(1).max(200).default(50),
  format: z.enum(['json', 'csv']).optional(),
});

export const journalLineSchema = z.object({
  id: z.number(),
  cursor: z.string(),
  date: z.string(),
  account: z.number(),
  account_name: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  label: z.string(),
  category: z.string().nullable(),
  purpose: z.string().nullable(),
  reference: z.string().nullable(),
  amount: z.number(),
  balance: z.number(),
  reverses: z.number().nullable(),
  source: z.string(),
  source_id: z.number().nullable(),
});
export type JournalLine = z.infer<typeof journalLineSchema>;

/** POST /api/admin/treasury/statements: which column holds what. */
export const statementMappingSchema = z.object(
  {
    date: z.string({ error: TREASURY_MESSAGES.mappingInvalid }).trim().min(1, TREASURY_MESSAGES.mappingInvalid).max(100),
    label: z.string({ error: TREASURY_MESSAGES.mappingInvalid }).trim().min(1, TREASURY_MESSAGES.mappingInvalid).max(100),
    amount: z.string({ error: TREASURY_MESSAGES.mappingInvalid }).trim().min(1, TREASURY_MESSAGES.mappingInvalid).max(100),
    reference: z.string().trim().max(100).optional(),
    balance: z.string().trim().max(100).optional(),
  },
  { error: TREASURY_MESSAGES.mappingInvalid },
);
export type StatementMapping = z.infer<typeof statementMappingSchema>;
export const statementFieldsSchema = z.object({
  account: accountId,
  mapping: z
    .string({ error: TREASURY_MESSAGES.mappingInvalid })
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: TREASURY_MESSAGES.mappingInvalid });
        return z.NEVER;
      }
    })
    .pipe(statementMappingSchema),
});
export const STATEMENT_FILE_RULE = {
  maxBytes: 5 * 1024 * 1024,
  requiredMessage: TREASURY_MESSAGES.statementFileRequired,
  typeMessage: TREASURY_MESSAGES.statementFileType,
  sizeMessage: TREASURY_MESSAGES.statementFileSize,
} as const;

export const statementLineSchema = z.object({
  id: z.number(),
  line: z.number(),
  date: z.string(),
  label: z.string(),
  amount: z.number(),
  reference: z.string().nullable(),
  balance: z.number().nullable(),
  movement: z.number().nullable(),
  match: z.enum(['auto', 'manuel', 'saisie']).nullable(),
  expense: z.number().nullable(),
  /** Who matched the line and when (null before it was matched). */
  matched_by: z.string().nullable(),
  matched_at: z.string().nullable(),
});
export const unmatchedMovementSchema = z.object({
  id: z.number(),
  date: z.string(),
  label: z.string(),
  amount: z.number(),
  reference: z.string().nullable(),
});
/** One step of a reconciliation, oldest first: the import (with its automatic matches), then each match by hand or booking. */
export const reconciliationEventSchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  action: z.enum(['import', 'manuel', 'saisie']),
  line: z.number().nullable(),
  label: z.string(),
  amount: z.number().nullable(),
});
export const statementSchema = z.object({
  id: z.number(),
  account: z.number(),
  account_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  lines: z.array(statementLineSchema),
  matched: z.number(),
  unmatched_lines: z.array(statementLineSchema),
  unmatched_movements: z.array(unmatchedMovementSchema),
  /** Movements of the period that were cancelled (countered, or a counter-entry): « Annulé », not waiting for the bank. */
  cancelled_movements: z.array(unmatchedMovementSchema),
  statement_balance: z.number().nullable(),
  book_balance: z.number(),
  difference: z.number().nullable(),
  /** « Écart »: the statement's unmatched lines less the books' unmatched movements; 0 once everything is matched. */
  gap: z.number(),
  complete: z.boolean(),
  filename: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  history: z.array(reconciliationEventSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** GET /api/admin/treasury/statements: past reconciliations, newest first. */
export const statementSummarySchema = z.object({
  id: z.number(),
  account: z.number(),
  account_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  statement_balance: z.number().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  filename: z.string().nullable(),
  lines: z.number(),
  matched: z.number(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const manualMatchSchema = z.object({
  line: z.coerce.number<string | number>().int().positive(),
  movement: z.coerce.number<string | number>().int().positive({ error: TREASURY_MESSAGES.movementNotFound }),
});
export const bookLineSchema = z.object({
  kind: z.enum(['depense', 'recette'], { error: TREASURY_MESSAGES.bookKindInvalid }),
  category: z.enum(EXPENSE_CATEGORIES, { error: TREASURY_MESSAGES.categoryInvalid }).optional(),
  nature: z.enum(INCOME_NATURES, { error: TREASURY_MESSAGES.natureInvalid }).optional(),
  purpose: z.enum(DONATION_PURPOSES, { error: TREASURY_MESSAGES.purposeInvalid }).optional(),
  payee: optionalFreeText({ max: 120, maxMessage: TREASURY_MESSAGES.payeeTooLong }),
  description: optionalFreeText({ max: 1000, maxMessage: TREASURY_MESSAGES.descriptionTooLong }),
});

export const yearSchema = z.coerce
  .number<string>({ error: TREASURY_MESSAGES.yearInvalid })
  .int(TREASURY_MESSAGES.yearInvalid)
  .min(2000, TREASURY_MESSAGES.yearInvalid)
  .max(2100, TREASURY_MESSAGES.yearInvalid);
export const reportQuerySchema = z.object({ year: yearSchema, format: z.enum(['json', 'pdf', 'csv']).optional() });

const amountLine = z.object({ key: z.string(), label: z.string(), amount: z.number() });
export const reportAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  start_balance: z.number(),
  receipts: z.number(),
  expenses: z.number(),
  transfers_in: z.number(),
  transfers_out: z.number(),
  end_balance: z.number(),
  /** start + receipts − expenses + transfers in − transfers out, compared with the end balance. */
  computed_end_balance: z.number(),
  balanced: z.boolean(),
});
export const reportSchema = z.object({
  year: z.number(),
  receipts: z.array(amountLine),
  receipts_total: z.number(),
  expenses: z.array(amountLine),
  expenses_total: z.number(),
  result: z.number(),
  accounts: z.array(reportAccountSchema),
  balanced: z.boolean(),
});
export type TreasuryReport = z.infer<typeof reportSchema>;

/** GET /api/transparency (public): what was raised and spent per cause; no person is ever named. */
export const transparencyMonthSchema = z.object({ month: z.string(), raised: z.number(), donations: z.number(), spent: z.number() });
export const transparencyCauseSchema = z.object({
  purpose: z.enum(DONATION_PURPOSES),
  label: z.string(),
  /** null when the cause had fewer than 3 gifts in the year (« moins de 3 dons »). */
  raised: z.number().nullable(),
  donations: z.number(),
  spent: z.number(),
  months: z.array(transparencyMonthSchema),
  /** Raised in months with fewer than 3 donations, given for the year only. */
  other_months: z.object({ raised: z.number().nullable(), donations: z.number() }),
});
export const transparencySchema = z.object({
  year: z.number(),
  years: z.array(z.number()),
  causes: z.array(transparencyCauseSchema),
  raised: z.number(),
  spent: z.number(),
  running_costs: z.object({
    fonctionnement: z.number(),
    frais_financiers: z.number(),
    total: z.number(),
    /** Share of the year's spending, 0–1. */
    share: z.number(),
  }),
  spent_by_category: z.array(amountLine),
});
export type Transparency = z.infer<typeof transparencySchema>;
/** Fewer donations than this in a month for a cause: the month is folded into the year's total. */
export const TRANSPARENCY_MIN_DONATIONS = 3;

/**
 * The warning shown (never a refusal: the API accepts it) when money going out of an account would leave it below
 * zero; null while the amount is not a whole FCFA amount or the balance stays at zero or above.
 */
export function overdraftWarning(account: { name: string; balance: number } | undefined, amount: string | number): string | null {
  if (!account) return null;
  const value = parseFcfa(amount);
  if (typeof value !== 'number' || value <= 0) return null;
  const after = account.balance - value;
  return after < 0 ? TREASURY_MESSAGES.overdraft(account.name, after) : null;
}

/** An expense's category and the cause it served, the cause left out when it reads the same (« Santé », not « Santé — Santé »). */
export function expenseCategoryWords(category: string, purpose: string | null | undefined): string {
  const label = (EXPENSE_CATEGORY_LABELS as Record<string, string>)[category] ?? category;
  if (!purpose) return label;
  const cause = (DONATION_PURPOSE_LABELS as Record<string, string>)[purpose] ?? purpose;
  return cause === label ? label : `${label} — ${cause}`;
}
