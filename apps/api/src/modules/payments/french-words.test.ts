import { describe, expect, it } from 'vitest';
import { amountInFrenchWords, numberToFrenchWords } from './french-words';

describe('numberToFrenchWords', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [16, 'seize'],
    [17, 'dix-sept'],
    [21, 'vingt et un'],
    [22, 'vingt-deux'],
    [71, 'soixante et onze'],
    [72, 'soixante-douze'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [91, 'quatre-vingt-onze'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [101, 'cent un'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [280, 'deux cent quatre-vingts'],
    [1000, 'mille'],
    [1001, 'mille un'],
    [2000, 'deux mille'],
    [5000, 'cinq mille'],
    [25_000, 'vingt-cinq mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [1_000_000, 'un million'],
    [2_500_000, 'deux millions cinq cent mille'],
    [1_000_000_000, 'un milliard'],
    [98_520, 'quatre-vingt-dix-huit mille cinq cent vingt'],
  ])('%i → %s', (n, words) => {
    expect(numberToFrenchWords(n)).toBe(words);
  });

  it('refuses negative and fractional numbers', () => {
    expect(() => numberToFrenchWords(-1)).toThrow();
    expect(() => numberToFrenchWords(1.5)).toThrow();
  });
});

describe('amountInFrenchWords', () => {
  it('names the currency', () => {
    expect(amountInFrenchWords(5000)).toBe('cinq mille francs CFA');
    expect(amountInFrenchWords(1)).toBe('un franc CFA');
    expect(amountInFrenchWords(2_000_000)).toBe('deux millions de francs CFA');
  });
});
