import { describe, expect, it } from 'vitest';
import { formatDate, formatFcfa, formatNumber, formatTick, niceTicks, normalizeZone } from './format';

describe('formatFcfa', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatFcfa(5000)).toBe('5\u00a0000\u00a0FCFA');
    expect(formatNumber(98520)).toBe('98\u00a0520');
    expect(formatNumber(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatNumber(100)).toBe('100');
  });
  it('writes a negative amount with the true minus sign (U+2212), never a hyphen', () => {
    expect(formatFcfa(-15000)).toBe('\u221215\u00a0000\u00a0FCFA');
    expect(formatNumber(-2.5)).toBe('\u22122,50');
  });
});

describe('formatDate', () => {
  it('gives the day in Cotonou, not the one of the device or the server', () => {
    expect(formatDate('2026-11-25T23:30:00.000Z')).toBe('26 novembre 2026');
    expect(formatDate('2026-11-25T22:59:00.000Z')).toBe('25 novembre 2026');
    // A day without a time (a membership's end) stays that day.
    expect(formatDate('2026-11-25')).toBe('25 novembre 2026');
    expect(formatDate('pas une date')).toBe('');
  });
});

describe('normalizeZone', () => {
  it('ignores case, accents and surrounding spaces', () => {
    expect(normalizeZone('  Cotonou ')).toBe(normalizeZone('COTONOU'));
    expect(normalizeZone('Abomey-Calavi')).toBe('abomey-calavi');
    expect(normalizeZone('Porto-Novo  Ouémé')).toBe('porto-novo oueme');
  });
});

describe('niceTicks and formatTick (issue #33 item 14: round chart ticks)', () => {
  it('gives round steps from 0 past the largest value', () => {
    expect(niceTicks(6_300)).toEqual([0, 2_000, 4_000, 6_000, 8_000]);
    expect(niceTicks(5_000)).toEqual([0, 2_000, 4_000, 6_000]);
    expect(niceTicks(1_900_000)).toEqual([0, 500_000, 1_000_000, 1_500_000, 2_000_000]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
  it('writes ticks the French way', () => {
    expect(formatTick(5_000)).toBe('5\u00a0000');
    expect(formatTick(1_500_000)).toBe('1,5\u00a0M');
  });
});
