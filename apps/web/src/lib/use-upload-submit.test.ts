import { describe, expect, it } from 'vitest';
import { toFormData } from './use-upload-submit';

describe('toFormData', () => {
  it('trims the texts, sends the first file of each input and skips inputs without a file', () => {
    const cv = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    const other = new File(['x'], 'autre.pdf', { type: 'application/pdf' });
    const body = toFormData({ name: '  Awa Dossou ', goal: 5000, empty: undefined }, { cv: [cv, other], avatar: [], proof: undefined });
    expect(body.get('name')).toBe('Awa Dossou');
    expect(body.get('goal')).toBe('5000');
    expect(body.get('empty')).toBe('');
    expect(body.getAll('cv')).toHaveLength(1);
    expect((body.get('cv') as File).name).toBe('cv.pdf');
    expect(body.has('avatar')).toBe(false);
    expect(body.has('proof')).toBe(false);
  });
});
