import { describe, expect, it } from 'vitest';
import { closingWarnings, entryFieldErrors, resultOf } from './rules';

describe('entryFieldErrors', () => {
  it('puts a line’s error beside the line on screen (empty lines are not sent)', () => {
    const errors = entryFieldErrors(
      {
        'lines.1.account': ['Ce compte n’existe pas dans le plan comptable.'],
        label: ['Veuillez indiquer le libellé de l’écriture.', 'x'],
      },
      [0, 2],
    );
    expect(errors).toEqual({
      'lines.2.account': 'Ce compte n’existe pas dans le plan comptable.',
      label: 'Veuillez indiquer le libellé de l’écriture.',
    });
  });
});

describe('closingWarnings', () => {
  it('warns when the year is not over or the books’ cash differs from the treasury’s', () => {
    expect(closingWarnings(2025, '2026-01-01', 0)).toEqual([]);
    expect(closingWarnings(2026, '2026-11-29', 0)).toEqual(['L’exercice 2026 n’est pas terminé : il court jusqu’au 31/12/2026.']);
    expect(closingWarnings(2025, '2026-03-01', 3000)[0]).toMatch(/^La trésorerie des comptes diffère .*écart de 3\u00a0000\u00a0FCFA/);
  });
});

describe('resultOf', () => {
  it('is products − charges, its difference actual − budget', () => {
    const charges = { budget: 200_000, actual: 150_000, difference: -50_000 };
    const products = { budget: 100_000, actual: 115_000, difference: 15_000 };
    expect(resultOf(products, charges)).toEqual({ budget: -100_000, actual: -35_000, difference: 65_000 });
  });
});
