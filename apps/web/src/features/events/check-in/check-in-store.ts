import type { CheckInList } from '@shared/schemas/events';
import { ApiError, api } from '@web/lib/api-client';

// What the check-in page keeps on the device, so that it works without network: the event's tickets as hashes
// (never their tokens or codes), and the scans not yet sent. A scan carries its own time and the device's id:
// the server keeps the earliest scan of a ticket, whichever device reaches it first.

export type HeldTicket = CheckInList['tickets'][number];

export interface QueuedScan {
  /** The scanned value as the server takes it. */
  code?: string;
  token?: string;
  scanned_at: string;
  device_id: string;
  /** The hash it matched locally, to update the held ticket when the server answers. */
  hash: string | null;
}

const key = (eventId: string, what: string) => `accueil:${eventId}:${what}`;

function read<T>(name: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(name);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}
const write = (name: string, value: unknown) => {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // A full storage keeps the page working online.
  }
};

export function deviceId(): string {
  let id = read<string | null>('accueil:appareil', null);
  if (!id) {
    id = `app-${crypto.getRandomValues(new Uint32Array(2)).join('-')}`;
    write('accueil:appareil', id);
  }
  return id;
}

export const heldTickets = (eventId: string): HeldTicket[] => read(key(eventId, 'billets'), []);
export const saveTickets = (eventId: string, tickets: HeldTicket[]) => write(key(eventId, 'billets'), tickets);

/** The event's PBKDF2 parameters for short codes, kept with its tickets. */
export interface CodeHashing {
  salt: string;
  iterations: number;
}
export const heldHashing = (eventId: string): CodeHashing | null => read(key(eventId, 'sel'), null);
export const saveHashing = (eventId: string, hashing: CodeHashing) => write(key(eventId, 'sel'), hashing);
export const queuedScans = (eventId: string): QueuedScan[] => read(key(eventId, 'file'), []);
export const saveQueue = (eventId: string, scans: QueuedScan[]) => write(key(eventId, 'file'), scans);

export async function sha256Hex(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** A scanned value: the ticket link of a QR code (or its bare token), or a typed short code. */
export function parseScan(value: string): { token?: string; code?: string } {
  const trimmed = value.trim();
  const token = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (/^\d+\.[A-Za-z0-9_-]{32}$/.test(token)) return { token };
  return { code: trimmed.replace(/[\s-]/g, '').toUpperCase() };
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A short code as the device holds it: PBKDF2-SHA-256 with the event's salt (Web Crypto), never the code itself. */
export async function pbkdf2Hex(code: string, hashing: CodeHashing): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(code), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(hashing.salt), iterations: hashing.iterations },
    key,
    256,
  );
  return hex(bits);
}

export async function scanHash(eventId: string, scan: { token?: string; code?: string }): Promise<string | null> {
  if (scan.token) return sha256Hex(scan.token);
  const hashing = heldHashing(eventId);
  return hashing && scan.code ? pbkdf2Hex(scan.code, hashing) : null;
}

export const findHeld = (tickets: HeldTicket[], hash: string | null) =>
  hash ? tickets.find((t) => t.token_hash === hash || t.code_hash === hash) : undefined;

export async function fetchTickets(eventId: string, token: string | null): Promise<CheckInList> {
  return api.get<CheckInList>(`/events/${encodeURIComponent(eventId)}/check-ins`, { token });
}

export type SendOutcome =
  | { kind: 'sent'; name: string; seats: number; checked_in_at: string }
  | { kind: 'duplicate'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'offline' };

export async function sendScan(eventId: string, token: string | null, scan: QueuedScan): Promise<SendOutcome> {
  try {
    const body = { code: scan.code, token: scan.token, scanned_at: scan.scanned_at, device_id: scan.device_id };
    const answer = await api.post<{ name: string; seats: number; checked_in_at: string }>(
      `/events/${encodeURIComponent(eventId)}/check-ins`,
      body,
      { token },
    );
    return { kind: 'sent', ...answer };
  } catch (error) {
    if (!(error instanceof ApiError) || !error.hasResponse || error.status >= 500) return { kind: 'offline' };
    if (error.status === 409) return { kind: 'duplicate', message: error.message };
    return { kind: 'refused', message: error.message };
  }
}
