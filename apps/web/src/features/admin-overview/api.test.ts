import { describe, expect, it } from 'vitest';
import { monthLabel, pivotNeeds } from './api';

describe('admin statistics helpers', () => {
  it('labels months in French', () => {
    expect(monthLabel('2026-03')).toBe('mars 2026');
    expect(monthLabel('2025-12', 'short')).toMatch(/^déc\.? 25$/);
  });
  it('pivots needs by zone, busiest first', () => {
    const { zones, needs } = pivotNeeds([
      { zone: 'Parakou', need: 'Santé', count: 1 },
      { zone: 'Cotonou', need: 'Alimentation', count: 3 },
      { zone: 'Cotonou', need: 'Santé', count: 2 },
    ]);
    expect(zones.map((z) => [z.zone, z.total])).toEqual([
      ['Cotonou', 5],
      ['Parakou', 1],
    ]);
    expect(zones[0]!.byNeed).toEqual({ Alimentation: 3, Santé: 2 });
    expect(needs).toEqual(['Alimentation', 'Santé']);
  });
});
