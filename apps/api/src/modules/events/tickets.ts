import { createHash, createHmac, pbkdf2, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
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

/**
 * The door device holds short codes only as PBKDF2-SHA-256 with a salt of their event: 31⁶ codes would be
 * tried in seconds against a plain SHA-256, not against 10 000 iterations per try and per event.
 */
export const DOOR_CODE_ITERATIONS = 10_000;
export const doorSalt = (secret: string, eventId: number): string =>
  createHmac('sha256', secret).update(`door-salt:${eventId}`).digest('base64url').slice(0, 22);
const pbkdf2Async = promisify(pbkdf2);
export async function doorCodeHash(salt: string, code: string): Promise<string> {
  return (await pbkdf2Async(normalizeCode(code), salt, DOOR_CODE_ITERATIONS, 32, 'sha256')).toString('hex');
}

/** A confirmation link's signature for one shift signup (the SMS sent 48 hours before). */
export function signupSignature(secret: string, signupId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`shift:${signupId}:${nonce}`).digest('base64url').slice(0, 32);
}
