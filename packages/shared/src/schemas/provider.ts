import { PROVIDER_DOMAINS, type ProviderDomain } from '../constants';
import { z } from '../zod-fr';

// Provider information form (/information, POST /prestataires) and provider edit form
// (dashboard, PUT /prestataire/{id}): spec §5. The browser and the API's 422 show the same strings.

export const PROVIDER_MESSAGES = {
  entreprise: "Le nom de l'entreprise doit contenir entre 8 et 30 caractères.",
  forme_juridique: 'La forme juridique doit contenir entre 8 et 30 caractères.',
  rccm: 'Le RCCM doit contenir entre 8 et 30 caractères.',
  adresse: "L'adresse doit contenir entre 8 et 30 caractères.",
  zone: 'La zone doit contenir entre 8 et 30 caractères.',
  textCharacters: 'Seuls les lettres, les chiffres et les espaces sont autorisés.',
  email: "L'email est requis et doit être valide.",
  telephone: "Le téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  // Spec §5: "same wording for Whatsapp".
  whatsapp: "Le téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  margeSalaire: 'La marge de salaire doit contenir au moins 4 chiffres positifs.',
  margeSalaireTooHigh: 'La marge de salaire est trop élevée.',
  reduction: 'Le pourcentage de réduction doit contenir au plus 2 chiffres positifs.',
  domaines: 'Au moins un domaine est requis',
  domaineUnknown: "Ce domaine n'est pas proposé.",
  // Edit form, client side (spec §5 "Provider edit form").
  entrepriseRequired: "L'entreprise est requise",
  formeJuridiqueRequired: 'La forme juridique est requise',
  rccmRequired: 'Le RCCM est requis',
  emailInvalid: 'Email invalide',
  emailRequired: "L'email est requis",
  telephoneRequired: 'Le téléphone est requis',
  adresseRequired: "L'adresse est requise",
  zoneRequired: 'La zone est requise',
  margeSalaireRequired: 'La marge salaire est requise',
  // Outcomes (spec §8).
  created: 'Informations du prestataire enregistrées avec succès',
  updated: 'Informations du prestataire mises à jour avec succès',
  updateFailed: 'Une erreur est survenue lors de la mise à jour des informations du prestataire',
  loadFailed: 'Erreur lors de la récupération des informations du prestataire',
  saveFailed: "Erreur lors de l'enregistrement",
  notFound: "Aucune information de prestataire n'a été trouvée pour ce compte.",
  alreadyExists: 'Les informations du prestataire ont déjà été enregistrées pour ce compte.',
  notOwner: 'Vous ne pouvez modifier que vos propres informations de prestataire.',
} as const;

// Letters (accented included), digits and spaces. Zone and address also accept the hyphen and the
// apostrophe that Beninese place names need ("Abomey-Calavi", "Porto-Novo").
const WORDS = /^[\p{L}\p{N} ]+$/u;
const PLACE = /^[\p{L}\p{N} '’-]+$/u;
const PHONE = /^\+?\d{8,15}$/;

/** Text of 8 to 30 characters; `required` (edit form) is checked first and stops the other checks. */
function textField(lengthMessage: string, pattern: RegExp, required?: string) {
  let s = z.string({ error: required ?? lengthMessage }).trim();
  if (required) s = s.min(1, { error: required, abort: true });
  return s
    .min(8, { error: lengthMessage, abort: true })
    .max(30, { error: lengthMessage, abort: true })
    .regex(pattern, PROVIDER_MESSAGES.textCharacters);
}

function phoneField(message: string, required?: string) {
  return z
    .union([z.string(), z.number()], { error: required ?? message })
    .transform((v) =>
      String(v)
        .trim()
        .replace(/[\s.-]/g, ''),
    )
    .pipe(
      z
        .string()
        .min(1, { error: required ?? message, abort: true })
        .regex(PHONE, message),
    );
}

const optionalWhatsapp = z
  .union([z.string(), z.number(), z.null()], { error: PROVIDER_MESSAGES.whatsapp })
  .optional()
  .transform((v) =>
    String(v ?? '')
      .trim()
      .replace(/[\s.-]/g, ''),
  )
  .pipe(z.union([z.literal(''), z.string().regex(PHONE, PROVIDER_MESSAGES.whatsapp)]))
  .transform((v) => (v === '' ? null : v));

/** At least 4 digits, stored as an integer (≤ 9 digits keeps it inside a 32-bit column). */
function salaryField(required?: string) {
  return z
    .union([z.string(), z.number()], { error: required ?? PROVIDER_MESSAGES.margeSalaire })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: required ?? PROVIDER_MESSAGES.margeSalaire, abort: true })
        .regex(/^\d{4,}$/, { error: PROVIDER_MESSAGES.margeSalaire, abort: true })
        .regex(/^\d{4,9}$/, PROVIDER_MESSAGES.margeSalaireTooHigh),
    )
    .transform(Number);
}

const domainesField = z
  .array(z.enum(PROVIDER_DOMAINS, { error: PROVIDER_MESSAGES.domaineUnknown }), { error: PROVIDER_MESSAGES.domaines })
  .min(1, PROVIDER_MESSAGES.domaines)
  .transform((list) => [...new Set(list)]);

/** One percentage of 1 or 2 digits per domain; empty means "no discount". */
const reductionValue = z
  .union([z.string(), z.number(), z.null()], { error: PROVIDER_MESSAGES.reduction })
  .transform((v) => (v === null ? '' : String(v).trim()))
  .pipe(z.union([z.literal(''), z.string().regex(/^\d{1,2}$/, PROVIDER_MESSAGES.reduction)]))
  .transform((v) => (v === '' ? null : Number(v)));

const reductionsField = z
  .partialRecord(z.enum(PROVIDER_DOMAINS, { error: PROVIDER_MESSAGES.domaineUnknown }), reductionValue, {
    error: PROVIDER_MESSAGES.reduction,
  })
  .optional()
  .transform((r) => (r ?? {}) as Partial<Record<ProviderDomain, number | null>>);

function onlySelectedDomains<T extends { domaines: ProviderDomain[]; reductions?: Partial<Record<ProviderDomain, number | null>> }>(
  value: T,
) {
  const reductions: Partial<Record<ProviderDomain, number | null>> = {};
  for (const d of value.domaines) reductions[d] = value.reductions?.[d] ?? null;
  return { ...value, reductions };
}

/** POST /prestataires and the two-step /information form. */
export const providerInformationSchema = z
  .object({
    entreprise: textField(PROVIDER_MESSAGES.entreprise, WORDS),
    forme_juridique: textField(PROVIDER_MESSAGES.forme_juridique, WORDS),
    rccm: textField(PROVIDER_MESSAGES.rccm, WORDS),
    adresse: textField(PROVIDER_MESSAGES.adresse, PLACE),
    zone: textField(PROVIDER_MESSAGES.zone, PLACE),
    email: z.string({ error: PROVIDER_MESSAGES.email }).trim().max(254, PROVIDER_MESSAGES.email).pipe(z.email(PROVIDER_MESSAGES.email)),
    telephone: phoneField(PROVIDER_MESSAGES.telephone),
    whatsapp: optionalWhatsapp,
    marge_salaire: salaryField(),
    domaines: domainesField,
    reductions: reductionsField,
  })
  .transform(onlySelectedDomains);
export type ProviderInformationInput = z.input<typeof providerInformationSchema>;
export type ProviderInformation = z.output<typeof providerInformationSchema>;

/** The fields of step 1 of /information, validated before "Suivant". */
export const PROVIDER_STEP_ONE_FIELDS = ['entreprise', 'forme_juridique', 'rccm', 'adresse', 'zone'] as const;

/** PUT /prestataire/{id} and the dashboard's edit form: the client messages first, then the same rules. */
export const providerUpdateSchema = z.object({
  entreprise: textField(PROVIDER_MESSAGES.entreprise, WORDS, PROVIDER_MESSAGES.entrepriseRequired),
  forme_juridique: textField(PROVIDER_MESSAGES.forme_juridique, WORDS, PROVIDER_MESSAGES.formeJuridiqueRequired),
  rccm: textField(PROVIDER_MESSAGES.rccm, WORDS, PROVIDER_MESSAGES.rccmRequired),
  adresse: textField(PROVIDER_MESSAGES.adresse, PLACE, PROVIDER_MESSAGES.adresseRequired),
  zone: textField(PROVIDER_MESSAGES.zone, PLACE, PROVIDER_MESSAGES.zoneRequired),
  email: z
    .string({ error: PROVIDER_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: PROVIDER_MESSAGES.emailRequired, abort: true })
    .max(254, PROVIDER_MESSAGES.emailInvalid)
    .pipe(z.email(PROVIDER_MESSAGES.emailInvalid)),
  telephone: phoneField(PROVIDER_MESSAGES.telephone, PROVIDER_MESSAGES.telephoneRequired),
  whatsapp: optionalWhatsapp,
  marge_salaire: salaryField(PROVIDER_MESSAGES.margeSalaireRequired),
  domaines: domainesField,
  /** Absent: the discounts of the domains kept stay as they were. */
  reductions: reductionsField.optional(),
});
export type ProviderUpdateInput = z.input<typeof providerUpdateSchema>;
export type ProviderUpdate = z.output<typeof providerUpdateSchema>;

/** The caller's own record (GET /prestataire, PUT response). */
export const providerRecordSchema = z.object({
  id: z.number(),
  entreprise: z.string(),
  forme_juridique: z.string(),
  rccm: z.string(),
  adresse: z.string(),
  email: z.string(),
  telephone: z.string(),
  whatsapp: z.string().nullable(),
  domaines: z.array(z.string()),
  reductions: z.record(z.string(), z.number().nullable()),
  zone: z.string(),
  marge_salaire: z.number(),
});
export type ProviderRecord = z.infer<typeof providerRecordSchema>;
export const providerUpdateResponseSchema = z.object({ message: z.string(), prestataire: providerRecordSchema });
export type ProviderUpdateResponse = z.infer<typeof providerUpdateResponseSchema>;

/** One provider of a zone, as the adviser's welcome panel lists it (GET /recupprestataires). */
export const zoneProviderSchema = z.object({
  id: z.number(),
  entreprise: z.string(),
  domaines: z.array(z.string()),
  reductions: z.record(z.string(), z.number().nullable()),
  zone: z.string(),
  telephone: z.string(),
  email: z.string(),
});
export type ZoneProvider = z.infer<typeof zoneProviderSchema>;

export const ZONE_PROVIDERS_MESSAGES = {
  empty: 'Aucun prestataire trouvé pour les critères spécifiés.',
  failure: 'Une erreur est survenue lors de la récupération des prestataires.',
  zoneRequired: 'La zone est requise',
} as const;

export const zoneQuerySchema = z.object({
  zone: z.string({ error: ZONE_PROVIDERS_MESSAGES.zoneRequired }).trim().min(1, ZONE_PROVIDERS_MESSAGES.zoneRequired).max(100),
});
