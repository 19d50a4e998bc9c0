import { describe, expect, it } from 'vitest';
import { overdraftWarning } from './treasury';

describe('overdraftWarning', () => {
  const caisse = { name: 'Caisse du siège', balance: 20_000 };
  it('warns (never refuses) when money going out would leave the account below zero', () => {
    expect(overdraftWarning(caisse, '25 000')).toBe(
      'Attention : le compte «\u00a0Caisse du siège\u00a0» passerait à découvert (solde après l’opération : \u22125\u00a0000\u00a0FCFA). L’opération reste possible.',
    );
  });
  it('says nothing while the balance stays at zero or above, or the amount is not one yet', () => {
    expect(overdraftWarning(caisse, '20000')).toBeNull();
    expect(overdraftWarning(caisse, '')).toBeNull();
    expect(overdraftWarning(caisse, 'abc')).toBeNull();
    expect(overdraftWarning(undefined, '50000')).toBeNull();
  });
});
