import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token; only its SHA-256 is stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * How long a bearer token lives: a working day unless the person ticked "Se souvenir de moi" at login, so a shared or
 * borrowed phone does not stay signed in for a month.
 */
export const TOKEN_LIFETIME_MS = { session: 12 * 60 * 60 * 1000, remembered: 30 * 24 * 60 * 60 * 1000 } as const;
