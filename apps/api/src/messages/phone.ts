// Benin telephones in E.164. Since 30 November 2024 every Beninese mobile number has 10 digits,
// "01" followed by the former 8 digits (97 12 34 56 → 01 97 12 34 56); people still type the old
// form, with or without +229/00229, and with spaces, dots or dashes between digit groups.

export const BENIN_PREFIX = '+229';

/**
 * The E.164 form of a telephone (`+2290197123456`), or null when it cannot be one.
 * A number in another country (`+33…`, `00…`) is kept as it is, only cleaned.
 */
export function toE164(input: string | null | undefined): string | null {
  if (!input) return null;
  const cleaned = input.trim().replace(/[\s.\-()/]/g, '');
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
 * The spellings under which an account may have stored this telephone (accounts keep what was typed,
 * without separators): used to find the account a recovery request names.
 */
export function telephoneSpellings(input: string): string[] {
  const cleaned = input.trim().replace(/[\s.\-()/]/g, '');
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
