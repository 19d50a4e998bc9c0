import type { EventItem } from '@shared/schemas/events';
import { formatCotonouDateTime, formatFcfa } from '@shared/format';

export const priceText = (event: Pick<EventItem, 'price_member' | 'price_public'>): string => {
  if (event.price_public === 0 && event.price_member === 0) return 'Gratuit';
  if (event.price_member === event.price_public) return formatFcfa(event.price_public);
  return `${formatFcfa(event.price_public)} (membres à jour : ${event.price_member === 0 ? 'gratuit' : formatFcfa(event.price_member)})`;
};

export const seatsText = (event: Pick<EventItem, 'seats_left' | 'status'>): string => {
  if (event.status === 'annule') return 'Événement annulé';
  if (event.seats_left === 0) return "Complet — inscription sur liste d'attente";
  return `${event.seats_left} place${event.seats_left > 1 ? 's' : ''} restante${event.seats_left > 1 ? 's' : ''}`;
};

export const whenText = (event: Pick<EventItem, 'starts_at'>): string => formatCotonouDateTime(event.starts_at);
