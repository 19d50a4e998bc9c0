// Events: what the browser needs without zod (the schemas in schemas/events.ts re-export it), so the events list,
// the ticket page and the volunteers' space skip zod and its schemas (apps/web/src/lib/lazy-resolver.ts).
import { FRENCH_COLON, formatFcfa } from '../format';

export const REGISTRATION_STATUSES = ['confirme', 'liste_attente', 'paiement_attendu', 'annule', 'expire'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirme: 'Confirmée',
  liste_attente: 'Liste d’attente',
  paiement_attendu: 'Paiement attendu',
  annule: 'Annulée',
  expire: 'Expirée',
};

/** Short ticket codes: no 0/O, 1/I/L to misread; matched whatever the case. */
export const TICKET_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TICKET_CODE_LENGTH = 6;
export const MAX_SEATS_PER_REGISTRATION = 5;
/** How long an unpaid registration holds its seats. */
export const PAYMENT_HOLD_MINUTES = 30;
/** A volunteer's departure is recorded until this long after the shift's end. */
export const SHIFT_CHECK_OUT_GRACE_MINUTES = 120;

export const EVENT_MESSAGES = {
  titleRequired: 'Le titre est requis.',
  titleLength: 'Le titre doit comporter entre 3 et 150 caractères.',
  descriptionRequired: 'La description est requise.',
  descriptionLength: 'La description doit comporter au plus 5 000 caractères.',
  placeRequired: 'Le lieu est requis.',
  placeLength: 'Le lieu doit comporter au plus 200 caractères.',
  dateInvalid: 'Date invalide.',
  endBeforeStart: 'La fin doit être après le début.',
  closesAfterStart: 'Les inscriptions doivent fermer avant le début.',
  capacity: 'La capacité doit être un nombre entier entre 1 et 100 000.',
  price: 'Le prix doit être un nombre entier de FCFA, 0 pour gratuit.',
  notFound: 'Événement introuvable.',
  cancelled: 'Cet événement est annulé.',
  closed: 'Les inscriptions à cet événement sont closes.',
  ended: 'Cet événement est terminé.',
  nameRequired: 'Le nom est requis.',
  nameLength: 'Le nom doit comporter au plus 100 caractères.',
  telephone: 'Numéro de téléphone invalide.',
  seats: 'Vous pouvez réserver de 1 à 5 places.',
  registrationNotFound: 'Inscription introuvable.',
  alreadyCancelled: 'Cette inscription est déjà annulée.',
  ticketUnknown: 'Billet inconnu pour cet événement.',
  ticketCancelled: 'Billet annulé : cette inscription a été annulée.',
  ticketNotConfirmed: 'Ce billet n’est pas confirmé.',
  codeOrToken: 'Indiquez le code du billet ou scannez son QR code.',
  notPayable: 'Cette inscription n’attend pas de paiement.',
  checkoutBusy: 'Le paiement est en cours d’ouverture\u00a0: réessayez dans un instant.',
  capacityBelowTaken: 'La capacité ne peut pas être inférieure aux places déjà attribuées.',
  cancelledOk: 'Inscription annulée.',
  eventCancelledOk: 'Événement annulé.',
  shiftLabel: 'L’intitulé du créneau doit comporter entre 2 et 100 caractères.',
  slots: 'Le nombre de places doit être un nombre entier entre 1 et 500.',
  shiftNotFound: 'Créneau introuvable.',
  shiftFull: 'Ce créneau est complet.',
  shiftStarted: 'Ce créneau a déjà commencé.',
  shiftEnded: 'Ce créneau est terminé.',
  alreadySignedUp: 'Vous êtes déjà inscrit à ce créneau.',
  notSignedUp: 'Vous n’êtes pas inscrit à ce créneau.',
  confirmed: 'Créneau confirmé. Merci !',
  signupCancelled: 'Votre inscription au créneau est annulée.',
  notCheckedIn: 'L’arrivée n’a pas encore été enregistrée.',
  volunteerIds: 'Liste de bénévoles invalide.',
  volunteerUnknown: 'Bénévole inconnu ou non confirmé.',
  notReception: 'Vous n’êtes pas affecté à l’accueil de cet événement.',
  checkInTooEarly: 'L’arrivée s’enregistre au plus tôt 30 minutes avant le début du créneau.',
  checkInTooLate: 'Ce créneau est terminé : l’arrivée ne peut plus être enregistrée.',
  checkOutTooLate: 'Le départ s’enregistre au plus tard 2 heures après la fin du créneau.',
  checkOutTooEarly: 'Le créneau n’a pas encore commencé\u00a0: le départ s’enregistre après son début.',
  signupNotFound: 'Inscription au créneau introuvable.',
  hoursConfirmed: 'Heures confirmées.',
  hoursNothing: 'Aucune heure à confirmer : l’arrivée et le départ ne sont pas enregistrés. Indiquez les minutes.',
  hoursMinutes: 'Les minutes doivent être un nombre entier entre 0 et la durée du créneau.',
  hoursConfirmedTrue: 'Indiquez confirmed: true pour confirmer les heures.',
  registrationCheckedIn: 'Ce billet a déjà été enregistré à l’entrée : il ne peut plus être annulé.',
  scannedAtOutside: 'L’heure du scan doit se situer entre 2 heures avant le début de l’événement et maintenant.',
  checkInNotOpen: 'L’accueil de cet événement ouvre 2 heures avant son début. Ce billet ne peut pas encore être enregistré.',
} as const;

const M = EVENT_MESSAGES;

// A paid ticket cancelled (by its holder, the administrator or the event's cancellation): the association gives the
// money back by hand, never automatically; the holder is told so, and the back office shows what remains to refund.
/** « L’association vous remboursera 2 000 FCFA. » (the holder's confirmation and the cancellation SMS). */
export const refundNotice = (amount: number) => `L’association vous remboursera ${formatFcfa(amount)}.`;
/** The ticket page's question before cancelling, with the refund when the ticket was paid. */
export const cancelQuestion = (refund: number) => `Annuler cette inscription\u00a0?${refund > 0 ? ` ${refundNotice(refund)}` : ''}`;
/** « Remboursement à faire : 2 000 FCFA » on a registration of the back office. */
export const refundDueLabel = (amount: number) => `Remboursement à faire${FRENCH_COLON} ${formatFcfa(amount)}`;

// An event (or a shift) is over once its end has passed, as the public list sorts them: from then on only the
// administrator's books act on it (edits, attendance, hours), never a visitor, a volunteer or a message.
export const hasEnded = (item: { ends_at: string }, now: Date): boolean => Date.parse(item.ends_at) < now.getTime();

/** Why a visitor can no longer register (the API's 409 and the page's notice), or null while registrations are open. */
export function registrationClosedReason(
  event: { status: string; starts_at: string; ends_at: string; registration_closes_at: string | null },
  now: Date,
): string | null {
  if (event.status === 'annule') return M.cancelled;
  if (hasEnded(event, now)) return M.ended;
  if (now.getTime() >= Date.parse(event.registration_closes_at ?? event.starts_at)) return M.closed;
  return null;
}
