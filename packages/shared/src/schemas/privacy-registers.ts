import { freeText } from '../text-rules';
import { z } from '../zod-fr';

// The registers the APDP asks for (docs/product/personal-data.md): the retention job's runs, the register of
// processings, and the breach register.

// --- Retention ---

export const RETENTION_COUNT_LABELS = {
  casiers_judiciaires: 'Casiers judiciaires supprimés',
  justificatifs_restriction: 'Justificatifs de restriction supprimés',
  candidatures_non_confirmees: 'Candidatures jamais confirmées supprimées',
  comptes_non_confirmes: 'Comptes jamais confirmés supprimés',
  messages_contact: 'Messages de contact supprimés',
  corps_messages_envoyes: 'Contenus de messages envoyés effacés',
} as const;
export type RetentionCountKey = keyof typeof RETENTION_COUNT_LABELS;

export const RETENTION_TRIGGER_LABELS = { quotidien: 'Passage quotidien', manuel: 'Lancé par un administrateur' } as const;
export const RETENTION_STATUS_LABELS = { en_cours: 'En cours', terminee: 'Terminé', echec: 'Échec' } as const;

export const retentionRunSchema = z.object({
  id: z.number(),
  trigger: z.enum(['quotidien', 'manuel']),
  status: z.enum(['en_cours', 'terminee', 'echec']),
  counts: z.record(z.string(), z.number()),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  started_by_name: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;

// --- Register of processings ---

export const processingSchema = z.object({
  key: z.string(),
  name: z.string(),
  purposes: z.string(),
  legal_basis: z.string(),
  people: z.string(),
  data: z.string(),
  recipients: z.string(),
  retention: z.string(),
  transfers: z.string(),
  security: z.string(),
});
export type Processing = z.infer<typeof processingSchema>;

// --- Breaches ---

export const BREACH_MESSAGES = {
  description: 'Décrivez ce qui s’est passé (3 à 2 000 caractères).',
  peopleAffected: 'Indiquez qui est concerné (3 à 1 000 caractères).',
  dataCategories: 'Indiquez les données concernées (3 à 1 000 caractères).',
  measures: 'Indiquez les mesures prises (3 à 2 000 caractères).',
  date: 'Indiquez une date valide (AAAA-MM-JJ).',
  order: 'La découverte ne peut pas précéder la violation.',
  count: 'Indiquez un nombre de personnes entier, positif ou nul.',
  created: 'Violation inscrite au registre.',
} as const;

const day = z.string({ error: BREACH_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, BREACH_MESSAGES.date);
const optionalDay = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim() || null)
  .pipe(day.nullable());

export const breachInputSchema = z
  .object({
    description: freeText({
      min: 3,
      max: 2000,
      minMessage: BREACH_MESSAGES.description,
      maxMessage: BREACH_MESSAGES.description,
      multiline: true,
    }),
    occurred_at: day,
    discovered_at: day,
    people_affected: freeText({
      min: 3,
      max: 1000,
      minMessage: BREACH_MESSAGES.peopleAffected,
      maxMessage: BREACH_MESSAGES.peopleAffected,
    }),
    people_count: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
      .pipe(z.number({ error: BREACH_MESSAGES.count }).int(BREACH_MESSAGES.count).min(0, BREACH_MESSAGES.count).nullable()),
    data_categories: freeText({
      min: 3,
      max: 1000,
      minMessage: BREACH_MESSAGES.dataCategories,
      maxMessage: BREACH_MESSAGES.dataCategories,
    }),
    measures: freeText({ min: 3, max: 2000, minMessage: BREACH_MESSAGES.measures, maxMessage: BREACH_MESSAGES.measures, multiline: true }),
    /** The day the APDP was notified; absent: not notified. */
    apdp_notified_at: optionalDay,
    /** The day the people concerned were told; absent: not told. */
    people_notified_at: optionalDay,
  })
  .refine((b) => b.discovered_at >= b.occurred_at, { path: ['discovered_at'], error: BREACH_MESSAGES.order });
export type BreachInput = z.input<typeof breachInputSchema>;

export const breachSchema = z.object({
  id: z.number(),
  description: z.string(),
  occurred_at: z.string(),
  discovered_at: z.string(),
  people_affected: z.string(),
  people_count: z.number().nullable(),
  data_categories: z.string(),
  measures: z.string(),
  apdp_notified_at: z.string().nullable(),
  people_notified_at: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;
