import { describe, expect, it } from 'vitest';
import { beninMobileOperator, beninNationalNumber, formatTelephone, normalizeTelephone, telephoneSpellings, toE164 } from './phone';

describe('toE164 (Benin)', () => {
  it('keeps the 10-digit numbering under +229', () => {
    expect(toE164('01 97 12 34 56')).toBe('+2290197123456');
    expect(toE164('0197123456')).toBe('+2290197123456');
    expect(toE164('+229 01 97 12 34 56')).toBe('+2290197123456');
    expect(toE164('00229-01.97.12.34.56')).toBe('+2290197123456');
    expect(toE164('2290197123456')).toBe('+2290197123456');
  });

  it('turns the former 8-digit form into 01 + 8 digits', () => {
    expect(toE164('97 12 34 56')).toBe('+2290197123456');
    expect(toE164('+22997123456')).toBe('+2290197123456');
    expect(toE164('22997123456')).toBe('+2290197123456');
    expect(toE164('0022966000001')).toBe('+2290166000001');
  });

  it('keeps numbers of other countries', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('0033612345678')).toBe('+33612345678');
  });

  it('refuses what cannot be a telephone', () => {
    for (const bad of ['', '   ', 'abc', '12345', '0297123456', '+229123', '+1234567890123456', '01 97 12 34 5x']) {
      expect(toE164(bad), bad).toBeNull();
    }
    expect(toE164(null)).toBeNull();
  });
});

describe('telephoneSpellings', () => {
  it('lists the forms an account may have stored', () => {
    const forms = telephoneSpellings('01 97 12 34 56');
    for (const f of ['0197123456', '+2290197123456', '2290197123456', '97123456', '+22997123456']) expect(forms).toContain(f);
  });
  it('keeps what was typed when it is not a Benin number', () => {
    expect(telephoneSpellings('+33612345678')).toContain('+33612345678');
  });
});

describe('normalizeTelephone and formatTelephone', () => {
  it('gives one form for the spellings of one person', () => {
    for (const typed of ['0197123456', '+229 01 97 12 34 56', '22901 97 12 34 56', '01.97.12.34.56', '97 12 34 56']) {
      expect(normalizeTelephone(typed), typed).toBe('+2290197123456');
    }
  });
  it('leaves what is not a telephone without separators, for the schemas to refuse', () => {
    expect(normalizeTelephone('12 345')).toBe('12345');
  });
  it('shows a Benin number as people write it', () => {
    expect(formatTelephone('+2290197123456')).toBe('01 97 12 34 56');
    expect(formatTelephone('+33612345678')).toBe('+33612345678');
    expect(formatTelephone(null)).toBe('');
  });
});

describe('beninMobileOperator', () => {
  it('names the network from the block after 01, in any spelling', () => {
    expect(beninMobileOperator('+2290197123456')).toBe('mtn');
    expect(beninMobileOperator('01 66 00 00 01')).toBe('mtn');
    expect(beninMobileOperator('95 12 34 56')).toBe('moov');
    expect(beninMobileOperator('0160000000')).toBe('moov');
    expect(beninMobileOperator('+229 01 40 12 34 56')).toBe('celtiis');
  });

  it('knows no network for a fixed line, an unallocated block or another country', () => {
    expect(beninMobileOperator('+2290121301234')).toBeNull();
    expect(beninMobileOperator('+2290181000000')).toBeNull();
    expect(beninMobileOperator('+33612345678')).toBeNull();
    expect(beninMobileOperator('')).toBeNull();
  });

  it('writes the national form the networks use', () => {
    expect(beninNationalNumber('+2290197123456')).toBe('0197123456');
    expect(beninNationalNumber('+33612345678')).toBeNull();
  });
});
