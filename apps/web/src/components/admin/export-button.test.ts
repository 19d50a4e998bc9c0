import { describe, expect, it } from 'vitest';
import { exportUrl } from './export-button';

describe('exportUrl', () => {
  it('keeps the filters and the search on screen and asks for CSV', () => {
    expect(exportUrl({ path: '/donations', params: { cancelled: '1' } }, 'Awa Doe')).toBe('/donations?cancelled=1&q=Awa+Doe&format=csv');
    expect(exportUrl({ path: '/members', params: { status: undefined } }, '')).toBe('/members?format=csv');
  });
});
