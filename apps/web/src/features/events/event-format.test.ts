import { describe, expect, it } from 'vitest';
import { seatsText } from './event-format';

describe('the seats line of an event', () => {
  const event = {
    seats_left: 0,
    status: 'actif' as const,
    starts_at: '2030-03-15T15:00:00.000Z',
    ends_at: '2030-03-15T18:00:00.000Z',
    registration_closes_at: '2030-03-14T15:00:00.000Z',
  };
  it('offers the waiting list only while registrations are open, then says they are closed, then that it is over', () => {
    expect(seatsText(event, new Date('2030-03-14T14:00:00Z'))).toBe('Complet — inscription sur liste d’attente');
    expect(seatsText({ ...event, seats_left: 3 }, new Date('2030-03-14T14:00:00Z'))).toBe('3 places restantes');
    expect(seatsText(event, new Date('2030-03-15T16:00:00Z'))).toBe('Inscriptions closes');
    expect(seatsText(event, new Date('2030-03-15T18:00:01Z'))).toBe('Événement terminé');
    expect(seatsText({ ...event, status: 'annule' as const }, new Date('2030-03-14T14:00:00Z'))).toBe('Événement annulé');
  });
});
