import { describe, expect, it } from 'vitest';
import { parseFcfa } from '../text-rules';
import { feeSettingsSchema, SETTINGS_MESSAGES } from './settings';

describe('fee settings', () => {
  it('accept amounts as people type them: « 5 000 », narrow spaces, « F », « FCFA »', () => {
    const parsed = feeSettingsSchema.parse({
      adhesion_amount: '5 000',
      cotisation_amount: '6\u202f000 FCFA',
      adhesion_min: '1\u00a0000 F',
      cotisation_min: 1000,
    });
    expect(parsed).toEqual({ adhesion_amount: 5000, cotisation_amount: 6000, adhesion_min: 1000, cotisation_min: 1000 });
    expect(parseFcfa('5000 F CFA')).toBe(5000);
  });

  it('still refuse what is not a whole amount', () => {
    const res = feeSettingsSchema.safeParse({
      adhesion_amount: 'cinq',
      cotisation_amount: '5000,5',
      adhesion_min: 0,
      cotisation_min: 1000,
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain(SETTINGS_MESSAGES.amountWhole);
  });
});
