// Personal data: what the browser needs without zod (the schemas in schemas/privacy.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).

/** The Beninese supervisory authority, named by the notice (its own published contact details). */
export const APDP = {
  name: 'Autorité de Protection des Données à caractère Personnel (APDP)',
  address: 'Rue 6.076 Aïdjèdo, immeuble El Marzouk, 01 BP 04837 Cotonou, Bénin',
  email: 'contact@apdp.bj',
  website: 'https://apdp.bj',
} as const;

/** Days the controller has to answer a request (law 2017-20). */
export const PRIVACY_REQUEST_DAYS = 45;

export const PRIVACY_MESSAGES = {
  purposeInvalid: 'Choisissez une finalité valide.',
  givenRequired: 'Indiquez si vous donnez ou retirez votre consentement.',
  telephoneInvalid: 'Numéro de téléphone invalide.',
  emailInvalid: 'Veuillez entrer une adresse email valide.',
  addressRequired: 'Indiquez votre numéro de téléphone ou votre adresse e-mail.',
  lookupAddressRequired: 'Indiquez un numéro de téléphone ou une adresse e-mail.',
  consentGiven: 'Votre consentement a été enregistré.',
  consentWithdrawn: 'Votre consentement a été retiré.',
  giveCodeSent: 'Un code de confirmation vient de vous être envoyé. Saisissez-le pour donner votre consentement.',
  withdrawCodeSent: 'Un code de confirmation vient de vous être envoyé. Saisissez-le pour retirer votre consentement.',
  withdrawTokenInvalid: 'Ce lien de retrait n’est pas valide.',
  codeRequired: 'Le code reçu par SMS est requis.',
  codeFormat: 'Le code contient 6 chiffres.',
  codeInvalid: 'Code invalide ou expiré. Demandez un nouveau code.',
  tooManyCodes: 'Trois codes ont déjà été envoyés à ce numéro dans l’heure. Réessayez plus tard.',
  kindInvalid: 'Choisissez le type de demande.',
  detailsRequired: 'Décrivez votre demande.',
  detailsTooLong: 'La description ne doit pas dépasser 2 000 caractères.',
  requestCodeSent: 'Un code à 6 chiffres vient de vous être envoyé par SMS. Saisissez-le pour confirmer votre demande.',
  requestCodeSentByEmail: 'Un code à 6 chiffres vient de vous être envoyé par e-mail. Saisissez-le pour confirmer votre demande.',
  requestVerified: 'Votre demande est confirmée. L’association vous répondra dans un délai de 45 jours au plus.',
  requestNotFound: 'Demande introuvable.',
  requestAlreadyVerified: 'Cette demande est déjà confirmée.',
  requestNotVerified: 'Cette demande n’a pas encore été confirmée par son auteur.',
  requestAlreadyClosed: 'Cette demande est déjà traitée.',
  requestFulfilled: 'La demande est traitée.',
  requestRejected: 'La demande est refusée.',
  passwordWrong: 'Mot de passe actuel incorrect.',
  erasurePasswordRequired:
    'Saisissez votre mot de passe, ou reconnectez-vous avec un code reçu par SMS : vous pourrez alors supprimer votre compte sans mot de passe pendant 15 minutes.',
  accountErased: 'Votre compte et vos données personnelles ont été supprimés.',
  erasureNoPerson: 'Aucune donnée ne correspond à ce numéro ou à cette adresse.',
  anonymisedDonor: 'Donateur anonymisé',
  dataLinkUnknown: 'Ce lien vers vos données n’existe pas ou a été effacé.',
  dataLinkExpired:
    'Ce lien vers vos données a expiré (il était valable 7 jours). Faites une nouvelle demande depuis la page Confidentialité.',
} as const;

export const PRIVACY_REQUEST_KINDS = ['acces', 'rectification', 'effacement', 'opposition'] as const;

export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  acces: 'Accès à mes données',
  rectification: 'Rectification de mes données',
  effacement: 'Effacement de mes données',
  opposition: 'Opposition à un traitement',
};
