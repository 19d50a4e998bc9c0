import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, isoInstant, registrationClosedReason } from './events';

describe('an event instant', () => {
  it('is a calendar day that exists, between 2000 and 2100', () => {
    const parse = (v: string) => isoInstant().safeParse(v);
    expect(parse('2026-12-05T10:00:00+01:00')).toMatchObject({ success: true, data: '2026-12-05T09:00:00.000Z' });
    expect(parse('2028-02-29T10:00:00+01:00').success).toBe(true);
    // Without an offset, Cotonou time (UTC+1), whatever the server's own zone.
    expect(parse('2026-12-21T10:00:00')).toMatchObject({ success: true, data: '2026-12-21T09:00:00.000Z' });
    expect(parse('2026-12-21T10:00')).toMatchObject({ success: true, data: '2026-12-21T09:00:00.000Z' });
    for (const bad of [
      '2026-02-30T10:00:00+01:00',
      '2026-13-01T10:00:00Z',
      '1900-01-01T10:00:00Z',
      '9999-12-31T10:00:00Z',
      '2027-02-29T10:00:00Z',
      '2026-12-21T24:00:00Z',
      '2026-12-21T10:00:00+23:59',
      '2100-12-31T23:00:00-14:00',
      '2026-12-21',
      '2026-12-21T10:00:00Z trailing',
    ]) {
      expect(parse(bad).success, bad).toBe(false);
    }
  });
});

describe('why registrations are closed', () => {
  const event = {
    status: 'actif',
    starts_at: '2030-03-15T15:00:00.000Z',
    ends_at: '2030-03-15T18:00:00.000Z',
    registration_closes_at: '2030-03-14T15:00:00.000Z',
  };
  it('says cancelled, then over, then closed, and nothing while open', () => {
    expect(registrationClosedReason(event, new Date('2030-03-14T14:59:00Z'))).toBeNull();
    expect(registrationClosedReason(event, new Date('2030-03-14T15:00:00Z'))).toBe(EVENT_MESSAGES.closed);
    expect(registrationClosedReason(event, new Date('2030-03-15T18:00:00Z'))).toBe(EVENT_MESSAGES.closed);
    expect(registrationClosedReason(event, new Date('2030-03-15T18:00:01Z'))).toBe('Cet événement est terminé.');
    expect(registrationClosedReason({ ...event, status: 'annule' }, new Date('2030-03-16T00:00:00Z'))).toBe(EVENT_MESSAGES.cancelled);
    expect(registrationClosedReason({ ...event, registration_closes_at: null }, new Date('2030-03-15T15:00:00Z'))).toBe(
      EVENT_MESSAGES.closed,
    );
  });
});
