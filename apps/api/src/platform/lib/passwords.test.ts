import { describe, expect, it } from 'vitest';
import { legacyScryptHash } from '../../../test/helpers/legacy-scrypt';
import { ARGON2_MEMORY_KIB, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('motdepasse-solide', 2 ** 10);
    expect(hash).not.toContain('motdepasse');
    expect(await verifyPassword('motdepasse-solide', hash)).toBe(true);
    expect(await verifyPassword('autre', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$v=19$m=1024,t=2,p=1$bad')).toBe(false);
  });

  it('hashes with Argon2id and OWASP parameters by default (19 MiB, 2 passes, 1 lane)', async () => {
    const hash = await hashPassword('motdepasse-solide');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(ARGON2_MEMORY_KIB).toBe(19 * 1024);
    expect(needsRehash(hash)).toBe(false);
  });

  it('still verifies hashes made with scrypt before, and marks them for replacement', async () => {
    const old = await legacyScryptHash('ancien-mot-de-passe');
    expect(await verifyPassword('ancien-mot-de-passe', old)).toBe(true);
    expect(await verifyPassword('autre', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('x', 2 ** 10), 2 ** 10)).toBe(false);
    expect(needsRehash(await hashPassword('x', 2 ** 10))).toBe(true);
  });
});
