import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('motdepasse-solide', 2 ** 10);
    expect(hash).not.toContain('motdepasse');
    expect(await verifyPassword('motdepasse-solide', hash)).toBe(true);
    expect(await verifyPassword('autre', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
