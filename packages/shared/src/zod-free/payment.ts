// Payments: what the browser needs without zod (the schemas in schemas/payment.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).

export const PAYMENT_MESSAGES = {
  nameRequired: 'Le nom est requis.',
  emailInvalid: 'Veuillez entrer une adresse email valide.',
  phoneTooShort: 'Le numéro de téléphone doit comporter au moins 8 caractères.',
  phoneInvalid: "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  amountPositive: 'Le montant doit être supérieur à 0.',
  amountWhole: 'Le montant doit être un nombre entier de FCFA.',
  amountTooLarge: 'Le montant est trop élevé.',
  typeInvalid: 'Type de paiement invalide.',
  statusInvalid: 'Statut de transaction invalide.',
  transactionUnknown: 'Transaction inconnue.',
  transactionRequired: "L'identifiant de la transaction est requis.",
  // docs/product/errors.md and docs/product/states.md: notifications of the payment and donation pages.
  providerUnavailable: 'Le service de paiement est momentanément indisponible. Veuillez réessayer.',
  paymentFailed: 'Le paiement a échoué.',
  insertFailed: "Une erreur est survenue lors de l'insertion de la transaction.",
  success: 'Transaction réussie.',
  canceled: 'La transaction a été annulée.',
  pendingOrUnknown: 'Transaction en attente de confirmation ou statut inconnu. Elle sera vérifiée automatiquement.',
  recorded: 'Transaction enregistrée.',
  paymentDeleted: 'Paiement supprimé.',
  donationDeleted: 'Don supprimé.',
  inProgress: 'En cours...',
} as const;
