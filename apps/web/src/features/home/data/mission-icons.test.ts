import { Globe, UtensilsCrossed, Zap } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { MISSIONS } from './missions';
import { missionIcon } from './mission-icons';

describe('missionIcon', () => {
  it('gives each of the ten missions its own icon', () => {
    expect(MISSIONS).toHaveLength(10);
    expect(missionIcon('repas')).toBe(UtensilsCrossed);
    expect(missionIcon('energie')).toBe(Zap);
    for (const m of MISSIONS) expect(missionIcon(m.icon)).not.toBe(Globe);
  });

  it('falls back to the generic globe for an unknown icon name', () => {
    expect(missionIcon('inconnu')).toBe(Globe);
    expect(missionIcon('toString')).toBe(Globe);
    expect(missionIcon('')).toBe(Globe);
  });
});
