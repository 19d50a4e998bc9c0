import { describe, expect, it } from 'vitest';
import { TABLE_CLASSES } from './table-classes';

// Issue 40: at 1280 px words broke mid-word in the back office's tables (overflow-wrap:anywhere shrinks a column
// below its longest word). From 640 px a cell wraps at spaces only.
describe('back-office table cells', () => {
  it('never cut a word in two on a wide screen', () => {
    const wide = TABLE_CLASSES.td.split(/\s+/).filter((c) => c.startsWith('sm:'));
    expect(wide).not.toContain('sm:[overflow-wrap:anywhere]');
    expect(wide).not.toContain('sm:break-all');
    expect(wide).toContain('sm:break-words');
  });
});
