// Donations: what the browser needs without zod (the schemas in schemas/donation.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).

export const DONATION_MESSAGES = {
  amount: 'Le montant doit être positif et comporter au moins 3 chiffres.',
  purposeInvalid: 'Cause invalide.',
  nameTooShort: 'Le nom doit comporter au moins 2 lettres.',
  nameTooLong: 'Le nom doit comporter au plus 100 caractères.',
  telephoneInvalid: "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  thanks: 'Merci pour votre don !',
} as const;
