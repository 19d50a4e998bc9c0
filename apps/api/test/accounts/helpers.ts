import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** No answer of the accounts area may carry a password, a password hash or a token hash. */
export function expectNoSecrets(res: LightMyRequestResponse, ...secrets: string[]): void {
  expect(res.body).not.toMatch(/password|token_hash|scrypt\$/i);
  for (const secret of secrets) expect(res.body).not.toContain(secret);
}

let n = 0;
/** A unique, valid registration body. */
export function newUserBody(role: string, overrides: Record<string, unknown> = {}) {
  n += 1;
  const unique = `${process.pid % 10000}${String(n).padStart(4, '0')}`.slice(-8).padStart(8, '1');
  return {
    name: `Kossi Nouveau ${n}`,
    email: `nouveau.${unique}@example.bj`,
    telephone: `9${unique}`,
    password: 'Secret-Mot-2025',
    role,
    zone: 'Porto-Novo',
    ...overrides,
  };
}
