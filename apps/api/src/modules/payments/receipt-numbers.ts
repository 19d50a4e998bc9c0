import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../platform/database/database';
import { type Executor, findRecord, type MoneyKind, type MoneyRow } from './data/records';
import { loadSecret } from '../../platform/database/app-secrets';
import { bumpReceiptCounter } from './data/receipts';
import { HAS_RECEIPT_STATUSES } from './transitions';

// Receipt numbers are gap-free per series and year ("PAI-2026-000001", "DON-2026-000001"); the
// counter row is locked by the update inside the caller's transaction.
const SERIES_PREFIX: Record<MoneyKind, string> = { payment: 'PAI', donation: 'DON' };

export async function nextReceiptNumber(trx: Executor, kind: MoneyKind, at = new Date()): Promise<string> {
  const year = at.getUTCFullYear();
  const series = `${SERIES_PREFIX[kind]}-${year}`;
  const value = await bumpReceiptCounter(trx, series);
  return `${series}-${String(value).padStart(6, '0')}`;
}

const SECRET_NAME = 'receipt_signing_key';

/** The server secret that signs receipt links: generated once, kept in the database (shared by every copy of the server). */
export async function loadReceiptSecret(db: DB): Promise<string> {
  return loadSecret(db, SECRET_NAME);
}

export function receiptSignature(secret: string, kind: MoneyKind, id: number, receiptNumber: string): string {
  return createHmac('sha256', secret).update(`receipt:${kind}:${id}:${receiptNumber}`).digest('base64url').slice(0, 32);
}

export function isValidReceiptSignature(secret: string, kind: MoneyKind, id: number, receiptNumber: string, given: string): boolean {
  const expected = Buffer.from(receiptSignature(secret, kind, id, receiptNumber));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function receiptPath(secret: string, kind: MoneyKind, id: number, receiptNumber: string, format: 'html' | 'pdf' = 'html'): string {
  const sig = receiptSignature(secret, kind, id, receiptNumber);
  return `/api/receipts/${kind}/${id}${format === 'pdf' ? '/pdf' : ''}?signature=${sig}`;
}

type ReceiptFields = Pick<MoneyRow, 'receipt_number' | 'transaction_status'>;

/** A record has a receipt once numbered, while its money is received or was refunded (the receipt then says so). */
const hasReceipt = <R extends ReceiptFields>(row: R): row is R & { receipt_number: string } =>
  !!row.receipt_number && HAS_RECEIPT_STATUSES.has(row.transaction_status);

/** The signed link to a record's receipt, or null while it has none. */
export function receiptUrl(
  secret: string,
  kind: MoneyKind,
  row: Pick<MoneyRow, 'id' | 'receipt_number' | 'transaction_status'>,
  format: 'html' | 'pdf' = 'html',
): string | null {
  if (!hasReceipt(row)) return null;
  return receiptPath(secret, kind, row.id, row.receipt_number, format);
}

/** The record whose receipt a signed link opens: null when it has no receipt or the signature is not this server's. */
export async function findSignedReceipt(db: DB, secret: string, kind: MoneyKind, id: number, signature: string): Promise<MoneyRow | null> {
  const row = await findRecord(db, kind, id);
  if (!row || !hasReceipt(row)) return null;
  if (!isValidReceiptSignature(secret, kind, id, row.receipt_number, signature)) return null;
  return row;
}
