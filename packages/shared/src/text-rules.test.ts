import { describe, expect, it } from 'vitest';
import { donationInitiateSchema } from './schemas/donation';
import { paymentInitiateSchema } from './schemas/payment';
import { hasForbiddenChars, parseFcfa, personName, TEXT_MESSAGES } from './text-rules';

describe('parseFcfa', () => {
  it.each([
    ['5000', 5000],
    ['5 000', 5000],
    ['5\u00a0000', 5000],
    ['5\u202f000', 5000],
    ['5.000', 5000],
    ['1.250.000', 1_250_000],
    [' 10 000 ', 10_000],
    ['5000,00', 5000],
    [5000, 5000],
  ])('reads %j as %d', (input, expected) => {
    expect(parseFcfa(input)).toBe(expected);
  });

  it.each([['5000,50'], ['5000.5'], [12.5]])('reads %j as not whole', (input) => {
    expect(parseFcfa(input)).toBe('not-whole');
  });

  it.each([['5 00'], ['-5000'], ['+5000'], ['5 000.000.0'], ['cinq'], [''], ['5e3'], [Number.NaN]])('refuses %j', (input) => {
    expect(parseFcfa(input)).toBeNull();
  });

  it('serves the donation and payment forms: 5.000 and 5 000 are both 5 000 FCFA', () => {
    for (const amount of ['5.000', '5 000', '5\u00a0000', '5000']) {
      expect(donationInitiateSchema.parse({ amount }).amount).toBe(5000);
      expect(paymentInitiateSchema.parse({ name: 'Awa', email: 'a@b.bj', phone: '+22997000000', amount }).amount).toBe(5000);
    }
  });
});

describe('names', () => {
  const name = personName({ minLetters: 3, minMessage: 'court', max: 100 });
  it.each(["Jean-Baptiste N'Dri", 'Agbo-Dossou', 'Mme Ahouéfa É. Houngbo', 'Ahouéfa O’Neil', 'Ọlábísí Àdìó', 'Мария Иванова'])(
    'accepts %j',
    (value) => {
      expect(name.parse(value)).toBe(value.normalize('NFC'));
    },
  );

  it.each(['Kossi 2', 'Kossi@', '<b>Kossi</b>', 'Kossi\u0000', 'Ko\u202essi', 'Ko\u2067ssi', "'Kossi", 'Ko\nssi'])(
    'refuses %j',
    (value) => {
      const result = name.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.nameChars);
    },
  );

  it('collapses inner runs of spaces and trims', () => {
    expect(name.parse('  Awa   Dossou ')).toBe('Awa Dossou');
  });
});

describe('hasForbiddenChars', () => {
  it('finds control characters and bidirectional overrides, isolates and marks', () => {
    for (const c of ['\u0000', '\u0007', '\u007f', '\u0085', '\u202a', '\u202e', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c']) {
      expect(hasForbiddenChars(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
  });

  it('lets line breaks and tabs through only when asked', () => {
    expect(hasForbiddenChars('a\nb')).toBe(true);
    expect(hasForbiddenChars('a\r\nb\tc', { allowLineBreaks: true })).toBe(false);
    expect(hasForbiddenChars("« Merci ! » — l'équipe, 5 000 FCFA…")).toBe(false);
  });
});
