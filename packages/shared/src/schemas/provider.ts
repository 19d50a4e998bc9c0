import { E164_PATTERN, normalizeTelephone } from '../phone';
import { PROVIDER_DOMAINS, type ProviderDomain } from '../constants';
import { hasForbiddenChars } from '../text-rules';
import { z } from '../zod-fr';

// Provider information form (/information, POST /prestataires) and provider edit form
// (dashboard, PUT /prestataire/{id}): docs/product/validation.md. The browser and the API's 422 show the same strings.

export const PROVIDER_MESSAGES = {
  // docs/product/places.md: what real companies write; the spec's wording kept for
  // what is still refused (lengths and characters).
  entreprise: "Le nom de l'entreprise doit contenir entre 2 et 120 caractères.",
  forme_juridique: 'Choisissez une forme juridique dans la liste.',
  rccm: 'Le RCCM doit suivre le format du Bénin, par exemple RB/COT/23 B 12345 ou RB/PNO/2021/A/123.',
  adresse: "L'adresse doit contenir entre 2 et 120 caractères.",
  zone: 'Choisissez une commune dans la liste (et, si vous le souhaitez, un arrondissement).',
  textCharacters: 'Ce texte contient des caractères non autorisés.',
  email: "L'email est requis et doit être valide.",
  telephone: "Le téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  // docs/product/validation.md: "same wording for Whatsapp".
  whatsapp: "Le téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  margeSalaire: 'La marge de salaire doit contenir au moins 4 chiffres positifs.',
  margeSalaireTooHigh: 'La marge de salaire est trop élevée.',
  reduction: 'Le pourcentage de réduction doit contenir au plus 2 chiffres positifs.',
  domaines: 'Au moins un domaine est requis',
  domaineUnknown: "Ce domaine n'est pas proposé.",
  // Edit form, client side (docs/product/validation.md "Provider information").
  entrepriseRequired: "L'entreprise est requise",
  formeJuridiqueRequired: 'La forme juridique est requise',
  rccmRequired: 'Le RCCM est requis',
  emailInvalid: 'Email invalide',
  emailRequired: "L'email est requis",
  telephoneRequired: 'Le téléphone est requis',
  adresseRequired: "L'adresse est requise",
  zoneRequired: 'La zone est requise',
  margeSalaireRequired: 'La marge salaire est requise',
  // Outcomes (docs/product/errors.md).
  created: 'Informations du prestataire enregistrées avec succès',
  updated: 'Informations du prestataire mises à jour avec succès',
  updateFailed: 'Une erreur est survenue lors de la mise à jour des informations du prestataire',
  loadFailed: 'Erreur lors de la récupération des informations du prestataire',
  saveFailed: "Erreur lors de l'enregistrement",
  notFound: "Aucune information de prestataire n'a été trouvée pour ce compte.",
  alreadyExists: 'Les informations du prestataire ont déjà été enregistrées pour ce compte.',
  notOwner: 'Vous ne pouvez modifier que vos propres informations de prestataire.',
} as const;

const PHONE = E164_PATTERN;

/** The legal forms offered (a list, not typed): OHADA's company forms and the other bodies providers are. */
export const LEGAL_FORMS = [
  'SARL',
  'SARLU',
  'SA',
  'SAS',
  'SASU',
  'SNC',
  'SCS',
  'GIE',
  'entreprise individuelle',
  'association',
  'ONG',
  'coopérative',
  'autre',
] as const;

/** The provider forms' hints (information form and edit form). */
export const PROVIDER_HINTS = {
  text: '2 à 120 caractères.',
  rccm: 'Par exemple RB/COT/23 B 12345 ou RB/PNO/2021/A/123.',
  legalFormPlaceholder: 'Choisissez une forme juridique',
} as const;

/** The legal form select's options (the stored value, and how it reads). */
export const LEGAL_FORM_OPTIONS = [
  { value: '', label: PROVIDER_HINTS.legalFormPlaceholder },
  ...LEGAL_FORMS.map((f) => ({ value: f, label: f[0]!.toUpperCase() + f.slice(1) })),
];

/**
 * Benin's RCCM numbers as registries print them: « RB/COT/23 B 12345 », « RB/PNO/2021/A/123 » — RB, the
 * registry's town code, then letters, digits, spaces and slashes. Spaces are tidied and letters upper-cased.
 */
const RCCM = /^RB\/[A-Z]{3}\/[0-9]{2,4}(?:[ /][A-Z0-9]{1,10})+$/;

/** Any printable single-line text of 2 to 120 characters (« Pharmacie d'Akpakpa », « Lot 123, Akpakpa »). */
function printableField(lengthMessage: string, required?: string) {
  let s = z.string({ error: required ?? lengthMessage }).trim();
  if (required) s = s.min(1, { error: required, abort: true });
  return s
    .min(2, { error: lengthMessage, abort: true })
    .max(120, { error: lengthMessage, abort: true })
    .refine((v) => !hasForbiddenChars(v), PROVIDER_MESSAGES.textCharacters);
}

function legalFormField(required?: string) {
  return z
    .string({ error: required ?? PROVIDER_MESSAGES.forme_juridique })
    .trim()
    .min(1, { error: required ?? PROVIDER_MESSAGES.forme_juridique, abort: true })
    .pipe(z.enum(LEGAL_FORMS, { error: PROVIDER_MESSAGES.forme_juridique }));
}

function rccmField(required?: string) {
  return z
    .string({ error: required ?? PROVIDER_MESSAGES.rccm })
    .transform((v) =>
      v
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/\s*\/\s*/g, '/')
        .toUpperCase(),
    )
    .pipe(
      z
        .string()
        .min(1, { error: required ?? PROVIDER_MESSAGES.rccm, abort: true })
        .max(40, { error: PROVIDER_MESSAGES.rccm, abort: true })
        .regex(RCCM, PROVIDER_MESSAGES.rccm),
    );
}

/** A zone chosen from the reference list; the API checks it is in the list (GET /api/zones). */
function zoneField(required?: string) {
  return z
    .string({ error: required ?? PROVIDER_MESSAGES.zone })
    .trim()
    .min(1, { error: required ?? PROVIDER_MESSAGES.zone, abort: true })
    .max(120, { error: PROVIDER_MESSAGES.zone, abort: true })
    .refine((v) => !hasForbiddenChars(v), PROVIDER_MESSAGES.zone);
}

function phoneField(message: string, required?: string) {
  return z
    .union([z.string(), z.number()], { error: required ?? message })
    .transform((v) => normalizeTelephone(String(v).trim()))
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
  .transform((v) => normalizeTelephone(String(v ?? '').trim()))
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

/**
 * E-mail is optional on the provider record (contract « Phone-only people, round three »): many companies have only a
 * telephone. Empty or absent is stored as ''; anything else must be an e-mail.
 */
const optionalProviderEmail = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .max(254, invalid)
    .pipe(z.union([z.literal(''), z.email(invalid)]))
    .nullish()
    .transform((v) => v ?? '');

/** POST /prestataires and the two-step /information form. */
export const providerInformationSchema = z
  .object({
    entreprise: printableField(PROVIDER_MESSAGES.entreprise),
    forme_juridique: legalFormField(),
    rccm: rccmField(),
    adresse: printableField(PROVIDER_MESSAGES.adresse),
    zone: zoneField(),
    email: optionalProviderEmail(PROVIDER_MESSAGES.email),
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
  entreprise: printableField(PROVIDER_MESSAGES.entreprise, PROVIDER_MESSAGES.entrepriseRequired),
  forme_juridique: legalFormField(PROVIDER_MESSAGES.formeJuridiqueRequired),
  rccm: rccmField(PROVIDER_MESSAGES.rccmRequired),
  adresse: printableField(PROVIDER_MESSAGES.adresse, PROVIDER_MESSAGES.adresseRequired),
  zone: zoneField(PROVIDER_MESSAGES.zoneRequired),
  email: optionalProviderEmail(PROVIDER_MESSAGES.emailInvalid),
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
