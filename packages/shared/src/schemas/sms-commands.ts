// Commands by SMS (docs/giving-by-phone.md): the words people send and every answer they get, in French.

export const SMS_COMMANDS = ['DON', 'ADHESION', 'COTISATION', 'PAUSE', 'REPRISE', 'ARRET', 'STOP', 'AIDE'] as const;
export type SmsCommand = (typeof SMS_COMMANDS)[number];

/** At most this many commands per number per hour; past it, one answer says so, then nothing. */
export const SMS_COMMANDS_PER_HOUR = 10;

export const SMS_ANSWERS = {
  help:
    'ASBE — commandes par SMS : DON 1000 (un don ; ajoutez la cause : DON 1000 sante), ADHESION ou COTISATION (payer la cotisation), ' +
    'PAUSE, REPRISE, ARRET (votre don mensuel), STOP (ne plus recevoir nos nouvelles), AIDE.',
  oneAtATime: 'ASBE : une seule commande par message, s’il vous plaît. Envoyez AIDE pour la liste.',
  amountMissing: 'ASBE : indiquez le montant après DON, par exemple DON 1000 ou DON 5 000 sante.',
  amountNotWhole: 'ASBE : le montant doit être un nombre entier de FCFA, par exemple DON 5000.',
  amountTooSmall: 'ASBE : le don minimum est de 100 FCFA. Exemple : DON 1000.',
  amountTooLarge: 'ASBE : ce montant est trop élevé pour un don par SMS. Exemple : DON 5000.',
  causeUnknown: (cause: string) =>
    `ASBE : cause « ${cause} » inconnue. Causes : alimentation, education, logement, vetement, sante, protection, autres.`,
  pushSent: (amount: string, what: string) =>
    `ASBE : ${what} de ${amount}. Validez la demande de paiement qui s’affiche sur votre téléphone (mobile money). Merci !`,
  pushUnavailable: 'ASBE : le paiement par téléphone n’est pas disponible pour le moment. Réessayez plus tard ou donnez sur notre site.',
  pushTooMany: 'ASBE : trop de demandes de paiement vers ce numéro. Réessayez dans quelques minutes.',
  unknownOperator:
    'ASBE : ce numéro n’est pas un numéro mobile money MTN, Moov ou Celtiis du Bénin, la demande ne peut pas lui être envoyée. Donnez sur notre site.',
  noPledge: 'ASBE : aucun don mensuel n’est enregistré pour ce numéro.',
  paused: 'ASBE : votre don mensuel est mis en pause. Envoyez REPRISE pour le reprendre.',
  resumed: 'ASBE : votre don mensuel reprend. Merci !',
  stopped: 'ASBE : votre don mensuel est arrêté. Merci pour votre générosité.',
  tooMany: 'ASBE : trop de messages en une heure. Réessayez plus tard.',
} as const;
