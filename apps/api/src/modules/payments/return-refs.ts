import { createHash, randomBytes } from 'node:crypto';

// Unguessable references for URLs that open a money record without a token: the provider's return
// (/api/payments/return/{kind}/{ref}) and the simulator's checkout page. 32 random bytes, only their
// SHA-256 stored, so neither a sequential id nor a copy of the database opens someone else's checkout.

export const REF_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newRef(): { ref: string; hash: string } {
  const ref = randomBytes(32).toString('base64url');
  return { ref, hash: hashRef(ref) };
}

export function hashRef(ref: string): string {
  return createHash('sha256').update(ref).digest('hex');
}

/** A pending record's provider is asked again on return only when it was not asked in the last seconds. */
export const RETURN_RECHECK_MS = 5_000;
