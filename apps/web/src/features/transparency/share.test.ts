import { describe, expect, it } from 'vitest';
import { formatShare } from './transparency-page';

describe('formatShare', () => {
  it('writes two decimals: 15 000 of 210 000 is 7,14 %, not 7,10 %', () => {
    expect(formatShare(15_000 / 210_000)).toBe('7,14\u00a0%');
    expect(formatShare(Math.round((15_000 / 210_000) * 10_000) / 10_000)).toBe('7,14\u00a0%');
  });
});
