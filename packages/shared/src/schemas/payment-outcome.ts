// What the payment and donation pages say after the checkout, kept on the page (issue 33 item 7): what was paid, why a
// payment did not go through, and how to check a pending one later.
export const PAYMENT_OUTCOME_MESSAGES = {
  paidTitle: 'Paiement réussi',
  paid: (amount: string, label: string) => `Vous avez payé ${amount} — ${label}.`,
  validUntil: (date: string) => `Votre adhésion est valable jusqu’au ${date}.`,
  validityPending: 'Votre nouvelle date de validité apparaîtra dans votre espace membre dès la confirmation.',
  /** An event's paid seats (payment_type « evenement »): what the summary names, and the way to the ticket. */
  eventLabel: 'Inscription à un événement',
  eventTicket: 'Votre billet est confirmé dès que l’opérateur confirme le paiement ; il vous est aussi envoyé par SMS.',
  seeTicket: 'Voir mon billet',
  payAgain: 'Faire un autre paiement',
  declinedTitle: 'Paiement refusé',
  declined: 'L’opérateur a refusé le paiement : rien n’a été prélevé. Vérifiez votre solde ou votre numéro, puis réessayez.',
  canceledTitle: 'Paiement annulé',
  canceled: 'Le paiement a été annulé avant sa confirmation : rien n’a été prélevé. Vous pouvez réessayer.',
  amountKept: 'Le montant saisi a été conservé.',
  pendingTitle: 'Paiement en attente de confirmation',
  pending:
    'L’opérateur n’a pas encore confirmé le paiement. Il est vérifié automatiquement ; vous pouvez aussi le vérifier vous-même avec ce lien, maintenant ou plus tard.',
  checkNow: 'Vérifier le paiement',
  keepLink: 'Gardez ce lien : il vérifie le paiement depuis n’importe quel téléphone.',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  // The member space's pending payments (docs/product/payments.md "A pending payment").
  checking: 'Vérification…',
  checkedPaid: 'Paiement confirmé : votre reçu est disponible.',
  checkedRefused: 'Paiement refusé par l’opérateur : rien n’a été prélevé.',
  checkedCanceled: 'Paiement annulé : rien n’a été prélevé.',
  checkedPending: 'L’opérateur n’a pas encore confirmé ce paiement. Réessayez dans quelques minutes.',
  checkFailed: 'La vérification a échoué. Réessayez dans quelques minutes.',
  fee: (label: string, amount: string) => `${label} : ${amount}`,
  feeMinimum: (amount: string) => `Minimum ${amount}.`,
  feePeriod: (months: number) => `Valable ${months} mois.`,
  feeLoading: 'Montant à payer en cours de chargement…',
} as const;
