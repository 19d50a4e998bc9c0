import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token; only its SHA-256 is stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
