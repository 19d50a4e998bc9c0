import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type DB, nowIso } from '../../db/database';
import type { Executor, MoneyKind } from '../../db/repositories/money-records';

// Receipt numbers are gap-free per series and year ("PAI-2026-000001", "DON-2026-000001"); the
// counter row is locked by the update inside the caller's transaction.
const SERIES_PREFIX: Record<MoneyKind, string> = { payment: 'PAI', donation: 'DON' };

export async function nextReceiptNumber(trx: Executor, kind: MoneyKind, at = new Date()): Promise<string> {
  const year = at.getUTCFullYear();
  const series = `${SERIES_PREFIX[kind]}-${year}`;
  await trx
    .insertInto('receipt_counters')
    .values({ series, value: 0 })
    .onConflict((oc) => oc.column('series').doNothing())
    .execute();
  const row = await trx
    .updateTable('receipt_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('series', '=', series)
    .returning('value')
    .executeTakeFirstOrThrow();
  return `${series}-${String(row.value).padStart(6, '0')}`;
}

const SECRET_NAME = 'receipt_signing_key';

/** The server secret that signs receipt links: generated once, kept in the database (shared by every copy of the server). */
export async function loadReceiptSecret(db: DB): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return row.value;
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
