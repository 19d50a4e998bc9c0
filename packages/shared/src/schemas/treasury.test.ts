import { describe, expect, it } from 'vitest';
import { EXPENSE_METHOD_OF_ACCOUNT_KIND, expenseCategoryWords, overdraftWarning } from './treasury';

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

// The outside treasurer's findings: « Santé — Santé » in the expenses' list, « Espèces » offered for a bank account.
describe('expenseCategoryWords', () => {
  it('names the cause once when it reads as the category', () => {
    expect(expenseCategoryWords('sante', 'sante')).toBe('Santé');
    expect(expenseCategoryWords('alimentation', null)).toBe('Alimentation');
    expect(expenseCategoryWords('fonctionnement', 'education')).toBe('Fonctionnement — Éducation');
  });
});

describe('EXPENSE_METHOD_OF_ACCOUNT_KIND', () => {
  it('pays by transfer from a bank, by mobile money from a wallet, in cash from the till', () => {
    expect(EXPENSE_METHOD_OF_ACCOUNT_KIND).toEqual({ banque: 'virement', mobile_money: 'mobile_money', caisse: 'especes' });
  });
});
