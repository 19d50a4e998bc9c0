import type { EventItem } from '@shared/schemas/events';
import { hasEnded, registrationClosedReason } from '@shared/zod-free/events';
import { formatCotonouDateTime, formatFcfa } from '@shared/format';

export const priceText = (event: Pick<EventItem, 'price_member' | 'price_public'>): string => {
  if (event.price_public === 0 && event.price_member === 0) return 'Gratuit';
  if (event.price_member === event.price_public) return formatFcfa(event.price_public);
  return `${formatFcfa(event.price_public)} (membres à jour : ${event.price_member === 0 ? 'gratuit' : formatFcfa(event.price_member)})`;
};

/** French count with its noun: « 0 place », « 1 place », « 2 places » (plural from 2). */
export const countOf = (n: number, singular: string, pluralForm = `${singular}s`): string =>
  `${n.toLocaleString('fr-FR').replace(/\s/g, '\u202f')} ${n >= 2 ? pluralForm : singular}`;

export const seatsText = (
  event: Pick<EventItem, 'seats_left' | 'status' | 'starts_at' | 'ends_at' | 'registration_closes_at'>,
  now = new Date(),
): string => {
  if (event.status === 'annule') return 'Événement annulé';
  if (hasEnded(event, now)) return 'Événement terminé';
  // Not « liste d’attente » beside « Les inscriptions à cet événement sont closes. » (probe of session 16).
  if (registrationClosedReason(event, now) !== null) return 'Inscriptions closes';
  if (event.seats_left === 0) return 'Complet — inscription sur liste d’attente';
  return `${countOf(event.seats_left, 'place')} ${event.seats_left >= 2 ? 'restantes' : 'restante'}`;
};

export const whenText = (event: Pick<EventItem, 'starts_at'>): string => formatCotonouDateTime(event.starts_at);
