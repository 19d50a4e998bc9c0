import { describe, expect, it } from 'vitest';
import { formatFcfa, formatNumber, normalizeZone } from './format';

describe('formatFcfa', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatFcfa(5000)).toBe('5\u00a0000\u00a0FCFA');
    expect(formatNumber(98520)).toBe('98\u00a0520');
    expect(formatNumber(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatNumber(100)).toBe('100');
  });
});

describe('normalizeZone', () => {
  it('ignores case, accents and surrounding spaces', () => {
    expect(normalizeZone('  Cotonou ')).toBe(normalizeZone('COTONOU'));
    expect(normalizeZone('Abomey-Calavi')).toBe('abomey-calavi');
    expect(normalizeZone('Porto-Novo  Ouémé')).toBe('porto-novo oueme');
  });
});
