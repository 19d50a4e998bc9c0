import { describe, expect, it } from 'vitest';
import { cotonouDay, firstDueFrom, nextDueAfter } from './dates';

describe('pledge due dates', () => {
  it('falls on the same day of the month, or the last day when the month is shorter (the 31st rule)', () => {
    const dues = ['2027-01-31'];
    for (let i = 0; i < 4; i += 1) dues.push(nextDueAfter(dues.at(-1)!, 31, 'mensuel'));
    expect(dues).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(nextDueAfter('2028-01-31', 31, 'mensuel')).toBe('2028-02-29'); // leap year
    expect(nextDueAfter('2026-12-15', 15, 'mensuel')).toBe('2027-01-15');
  });

  it('steps by a quarter or a year', () => {
    expect(nextDueAfter('2026-11-30', 30, 'trimestriel')).toBe('2027-02-28');
    expect(nextDueAfter('2027-02-28', 30, 'trimestriel')).toBe('2027-05-30');
    expect(nextDueAfter('2028-02-29', 29, 'annuel')).toBe('2029-02-28');
    expect(firstDueFrom('2027-01-31', '2027-04-10', 31, 'mensuel')).toBe('2027-04-30');
  });

  it('reads the day in Cotonou time (UTC+1)', () => {
    expect(cotonouDay(new Date('2026-12-31T23:30:00Z'))).toEqual({ date: '2027-01-01', hour: 0 });
  });
});
