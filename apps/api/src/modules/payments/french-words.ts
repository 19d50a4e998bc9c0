// Whole numbers in French words for receipts ("5 000" → "cinq mille"), traditional spelling:
// "vingt et un", "quatre-vingts", "deux cents", "mille" invariable, "millions", "milliards".

const UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
];
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante', 'soixante', 'quatre-vingt', 'quatre-vingt'];

/** 0..99; `final` is true when nothing follows (for the plural of "quatre-vingts"). */
function belowHundred(n: number, final: boolean): string {
  if (n < 20) return UNITS[n]!;
  const ten = Math.floor(n / 10);
  let unit = n % 10;
  if (ten === 7 || ten === 9) unit += 10; // soixante-dix…, quatre-vingt-dix…
  const base = TENS[ten]!;
  if (unit === 0) return ten === 8 && final ? 'quatre-vingts' : base;
  if (unit === 1 && ten !== 8 && ten !== 9) return `${base} et un`;
  if (unit === 11 && ten === 7) return `${base} et onze`;
  return `${base}-${UNITS[unit]}`;
}

/** 0..999 */
function belowThousand(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest, final);
  const head = hundreds === 1 ? 'cent' : `${UNITS[hundreds]} cent${rest === 0 && final ? 's' : ''}`;
  return rest === 0 ? head : `${head} ${belowHundred(rest, final)}`;
}

export function numberToFrenchWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('a non-negative whole number is required');
  if (value === 0) return 'zéro';
  const parts: string[] = [];
  const scales: Array<[number, string, string]> = [
    [1_000_000_000, 'milliard', 'milliards'],
    [1_000_000, 'million', 'millions'],
  ];
  let n = value;
  for (const [size, one, many] of scales) {
    const count = Math.floor(n / size);
    if (count > 0) {
      parts.push(`${numberToFrenchWords(count)} ${count === 1 ? one : many}`);
      n %= size;
    }
  }
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  // "quatre-vingt mille", "deux cent mille": no plural s before "mille".
  if (thousands > 0) parts.push(thousands === 1 ? 'mille' : `${belowThousand(thousands, false)} mille`);
  if (rest > 0) parts.push(belowThousand(rest, true));
  return parts.join(' ');
}

/** "cinq mille francs CFA" */
export function amountInFrenchWords(amount: number): string {
  const words = numberToFrenchWords(amount);
  // "un million de francs", "deux millions de francs": "de" after a round million or milliard.
  const de = /(millions?|milliards?)$/.test(words) ? ' de' : '';
  return `${words}${de} ${amount > 1 ? 'francs' : 'franc'} CFA`;
}
