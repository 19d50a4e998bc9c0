import { createHash } from 'node:crypto';

// The hash chain: each validated entry's hash covers its content and the hash of the entry posted before it, so
// changing, removing or inserting an entry or a line anywhere breaks every hash after it.

export const GENESIS_HASH = '0'.repeat(64);

export interface HashedContent {
  number: string;
  day: string;
  journal: string;
  label: string;
  reference: string | null;
  validated_at: string;
  lines: readonly { account: string; debit: number | string; credit: number | string; cause: string | null }[];
}

export function entryHash(previous: string, e: HashedContent): string {
  const content = JSON.stringify([
    e.number,
    e.day,
    e.journal,
    e.label,
    e.reference ?? null,
    e.validated_at,
    e.lines.map((l) => [l.account, Number(l.debit), Number(l.credit), l.cause ?? null]),
  ]);
  return createHash('sha256').update(previous).update('\n').update(content).digest('hex');
}
