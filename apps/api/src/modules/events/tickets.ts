import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from '@shared/schemas/events';

// A ticket carries two proofs: a signed token (in the QR code and the /billet link) and a short code for
// people without a smartphone. The token is `<registration id>.<signature>`: the server checks it against the
// registration's own nonce, so a token cannot be guessed from an id, and a check-in device can match a scan
// against the SHA-256 it holds without holding the token itself.

export const newNonce = (): string => randomBytes(16).toString('base64url');

export function ticketToken(secret: string, registrationId: number, nonce: string): string {
  const signature = createHmac('sha256', secret).update(`ticket:${registrationId}:${nonce}`).digest('base64url').slice(0, 32);
  return `${registrationId}.${signature}`;
}

/** The registration id a well-formed token names (its signature is checked by `isTicketToken`). */
export function tokenRegistrationId(token: string): number | null {
  const match = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? Number(match[1]) : null;
}

export function isTicketToken(secret: string, registrationId: number, nonce: string, token: string): boolean {
  const expected = Buffer.from(ticketToken(secret, registrationId, nonce));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function newTicketCode(): string {
  let code = '';
  for (let i = 0; i < TICKET_CODE_LENGTH; i += 1) code += TICKET_CODE_ALPHABET[randomInt(TICKET_CODE_ALPHABET.length)];
  return code;
}

/** A typed code as stored: upper case, without the spaces or dashes people add. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
export const codeHash = (eventId: number, code: string): string => sha256(`${eventId}:${normalizeCode(code)}`);

/** A confirmation link's signature for one shift signup (the SMS sent 48 hours before). */
export function signupSignature(secret: string, signupId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`shift:${signupId}:${nonce}`).digest('base64url').slice(0, 32);
}
