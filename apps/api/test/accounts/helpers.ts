import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** No answer of the accounts area may carry a password, a password hash or a token hash. */
export function expectNoSecrets(res: LightMyRequestResponse, ...secrets: string[]): void {
  // `must_change_password` is a flag of docs/product/accounts.md, not a secret.
  expect(res.body.replaceAll('"must_change_password"', '')).not.toMatch(/password|token_hash|scrypt\$/i);
  for (const secret of secrets) expect(res.body).not.toContain(secret);
}

let n = 0;
/** A number spelt with letters (a name holds no digits, docs/product/validation.md): 1 → "b", 27 → "bb". */
export const lettersOf = (value: number) => [...value.toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join('');

/** A unique, valid registration body. */
export function newUserBody(role: string, overrides: Record<string, unknown> = {}) {
  n += 1;
  const unique = `${process.pid % 10000}${String(n).padStart(4, '0')}`.slice(-8).padStart(8, '1');
  return {
    name: `Kossi Nouveau-${lettersOf(n)}`,
    email: `nouveau.${unique}@example.bj`,
    telephone: `+22901${unique}`,
    password: 'Secret-Mot-2025',
    role,
    zone: 'Porto-Novo',
    ...overrides,
  };
}
