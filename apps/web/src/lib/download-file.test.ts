import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download-file';

describe('filenameFromDisposition', () => {
  it('reads the RFC 5987 form first, then the plain one', () => {
    expect(filenameFromDisposition('attachment; filename="cv.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf')).toBe('résumé.pdf');
    expect(filenameFromDisposition('attachment; filename="casier.pdf"')).toBe('casier.pdf');
    expect(filenameFromDisposition('attachment; filename=projet.pdf')).toBe('projet.pdf');
  });
  it('returns null without a name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('inline')).toBeNull();
  });
});
