// One telephone form everywhere (docs/product/accounts.md): E.164, `+2290197123456`. Every schema that
// takes a telephone normalises it here, the API stores and compares only this form, and the screens show it back
// to people as « 01 97 12 34 56 » (formatTelephone).
//
// Benin telephones in E.164. Since 30 November 2024 every Beninese mobile number has 10 digits,
// "01" followed by the former 8 digits (97 12 34 56 → 01 97 12 34 56); people still type the old
// form, with or without +229/00229, and with spaces, dots or dashes between digit groups.

export const BENIN_PREFIX = '+229';

/** What a stored telephone looks like: `+` and 8 to 15 digits. */
export const E164_PATTERN = /^\+\d{8,15}$/;

/** Separators people type between digit groups. */
const SEPARATORS = /[\s.\-()/\u00a0\u202f]/g;

/**
 * The E.164 form of a telephone (`+2290197123456`), or null when it cannot be one.
 * A number in another country (`+33…`, `00…`) is kept as it is, only cleaned.
 */
export function toE164(input: string | null | undefined): string | null {
  if (!input) return null;
  const cleaned = input.trim().replace(SEPARATORS, '');
  if (!/^(\+|00)?\d+$/.test(cleaned)) return null;
  let international: string | null = null;
  if (cleaned.startsWith('+')) international = cleaned.slice(1);
  else if (cleaned.startsWith('00')) international = cleaned.slice(2);
  else if (cleaned.startsWith('229') && (cleaned.length === 11 || cleaned.length === 13)) international = cleaned;

  if (international !== null) {
    if (international.startsWith('229')) return benin(international.slice(3));
    return international.length >= 8 && international.length <= 15 ? `+${international}` : null;
  }
  return benin(cleaned);
}

function benin(national: string): string | null {
  if (/^01\d{8}$/.test(national)) return `${BENIN_PREFIX}${national}`;
  if (/^\d{8}$/.test(national)) return `${BENIN_PREFIX}01${national}`; // the former 8-digit numbering
  return null;
}

/**
 * The stored form of a typed telephone: its E.164 form when it has one, else the text without separators (which
 * the schemas then refuse as invalid). `0197123456`, `+229 01 97 12 34 56` and `22901 97 12 34 56` all give
 * `+2290197123456`.
 */
export function normalizeTelephone(value: string): string {
  return toE164(value) ?? value.replace(SEPARATORS, '');
}

/** An E.164 telephone as people read it: « 01 97 12 34 56 » for Benin, `+33 612345678`-style numbers unchanged. */
export function formatTelephone(value: string | null | undefined): string {
  if (!value) return '';
  const e164 = toE164(value);
  if (e164?.startsWith(`${BENIN_PREFIX}01`) && e164.length === 14) return e164.slice(4).replace(/(\d{2})(?=\d)/g, '$1 ');
  return e164 ?? value;
}

/**
 * The spellings under which an account may have stored this telephone (accounts keep what was typed,
 * without separators): used to find the account a recovery request names.
 */
export function telephoneSpellings(input: string): string[] {
  const cleaned = input.trim().replace(SEPARATORS, '');
  const e164 = toE164(cleaned);
  const all = new Set<string>([cleaned]);
  if (e164) {
    all.add(e164);
    all.add(e164.slice(1));
    all.add(`00${e164.slice(1)}`);
    if (e164.startsWith(`${BENIN_PREFIX}01`) && e164.length === 14) {
      const old = e164.slice(6); // the former 8 digits
      const national = e164.slice(4);
      for (const v of [national, old, `${BENIN_PREFIX}${old}`, `229${old}`, `00229${old}`]) all.add(v);
    }
  }
  return [...all].filter((v) => v.length > 0);
}

/** The mobile-money networks of Benin that can be asked to approve a payment on the telephone (docs/giving-by-phone.md). */
export const BENIN_MOBILE_OPERATORS = ['mtn', 'moov', 'celtiis'] as const;
export type BeninMobileOperator = (typeof BENIN_MOBILE_OPERATORS)[number];

// The two digits after « 01 » (the former 8-digit number's first two) name the network that was given the number
// block; Benin has no number portability, so the block is the network.
const OPERATOR_BLOCKS: Record<BeninMobileOperator, readonly string[]> = {
  mtn: ['42', '46', '50', '51', '52', '53', '54', '57', '58', '59', '61', '62', '66', '67', '69', '90', '91', '96', '97'],
  moov: ['55', '56', '60', '63', '64', '65', '68', '94', '95', '98', '99'],
  celtiis: ['40', '41', '43', '44', '45'],
};

/** The network of a Beninese mobile number, or null (a fixed line, another country, a block no network has). */
export function beninMobileOperator(telephone: string | null | undefined): BeninMobileOperator | null {
  const e164 = toE164(telephone);
  if (!e164?.startsWith(`${BENIN_PREFIX}01`) || e164.length !== 14) return null;
  const block = e164.slice(6, 8);
  return BENIN_MOBILE_OPERATORS.find((op) => OPERATOR_BLOCKS[op].includes(block)) ?? null;
}

/** A Beninese telephone in its national 10-digit form (`0197123456`), as the mobile-money networks write it. */
export function beninNationalNumber(telephone: string): string | null {
  const e164 = toE164(telephone);
  return e164?.startsWith(`${BENIN_PREFIX}01`) && e164.length === 14 ? e164.slice(4) : null;
}
