import { LIMITS, MARITAL_STATUSES } from '../constants';
import { z } from '../zod-fr';

// Consumer questionnaire (/questionnaire, POST /questionnaire): docs/product/screens.md, docs/product/validation.md and docs/product/errors.md.

export const QUESTIONNAIRE_MESSAGES = {
  maritalStatus: 'Veuillez choisir une situation matrimoniale.',
  jobRequired: "L'emploi actuel est requis.",
  jobTooLong: "L'emploi actuel doit contenir au plus 100 caractères.",
  income: 'Le revenu mensuel doit être un nombre positif ou nul.',
  incomeTotal: 'Le revenu total doit être un nombre positif ou nul.',
  monthlyExpenses: 'Les dépenses mensuelles doivent être un nombre positif ou nul.',
  amountTooHigh: 'Le montant saisi est trop élevé.',
  needsMax: 'Vous ne pouvez sélectionner que 3 besoins maximum.',
  needInvalid: 'Besoin invalide.',
  success: 'Formulaire soumis avec succès',
  failure: 'Erreur lors de la soumission du formulaire',
} as const;

// Amounts are whole FCFA and stay inside a 32-bit integer column.
const MAX_AMOUNT = 2_000_000_000;

/** A non-negative amount typed in a form (string) or sent as a JSON number. */
function amountField(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => {
      if (typeof v === 'number') return v;
      const digits = v.trim().replace(/\s/g, '');
      return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
    })
    .pipe(
      z
        .number({ error: message })
        .int(message)
        .min(0, { error: message, abort: true })
        .max(MAX_AMOUNT, QUESTIONNAIRE_MESSAGES.amountTooHigh),
    );
}

export const questionnaireSchema = z.object({
  marital_status: z.enum(MARITAL_STATUSES, { error: QUESTIONNAIRE_MESSAGES.maritalStatus }),
  job: z
    .string({ error: QUESTIONNAIRE_MESSAGES.jobRequired })
    .trim()
    .min(1, { error: QUESTIONNAIRE_MESSAGES.jobRequired, abort: true })
    .max(100, QUESTIONNAIRE_MESSAGES.jobTooLong),
  income: amountField(QUESTIONNAIRE_MESSAGES.income),
  income_total: amountField(QUESTIONNAIRE_MESSAGES.incomeTotal),
  monthly_expenses: amountField(QUESTIONNAIRE_MESSAGES.monthlyExpenses),
  needs: z
    .array(
      z
        .string({ error: QUESTIONNAIRE_MESSAGES.needInvalid })
        .trim()
        .min(1, QUESTIONNAIRE_MESSAGES.needInvalid)
        .max(60, QUESTIONNAIRE_MESSAGES.needInvalid),
      {
        error: QUESTIONNAIRE_MESSAGES.needInvalid,
      },
    )
    .transform((list) => [...new Set(list)])
    .pipe(z.array(z.string()).max(LIMITS.maxNeeds, QUESTIONNAIRE_MESSAGES.needsMax)),
});
export type QuestionnaireInput = z.input<typeof questionnaireSchema>;
export type Questionnaire = z.output<typeof questionnaireSchema>;
