import { createHash } from 'node:crypto';

// The hash chain: each validated entry's hash covers its content and the hash of the entry posted before it, so
// changing, removing or inserting an entry or a line anywhere breaks every hash after it. Formula 2 (entries
// validated since migration 20261130_0400) also covers the year, the source, the reversed entry, the carried flag
// and the author; formula 1 entries keep the hash they were validated with (docs/books.md).

export const GENESIS_HASH = '0'.repeat(64);
export const CURRENT_HASH_VERSION = 2;

export interface HashedContent {
  number: string;
  day: string;
  journal: string;
  label: string;
  reference: string | null;
  validated_at: string;
  lines: readonly { account: string; debit: number | string; credit: number | string; cause: string | null }[];
  /** Formula 2 only. */
  year?: number;
  source_type?: string;
  source_id?: string | null;
  reverses_id?: number | null;
  carried?: number;
  created_by?: number | null;
}

export function entryHash(previous: string, e: HashedContent, version: number = CURRENT_HASH_VERSION): string {
  const base: unknown[] = [
    e.number,
    e.day,
    e.journal,
    e.label,
    e.reference ?? null,
    e.validated_at,
    e.lines.map((l) => [l.account, Number(l.debit), Number(l.credit), l.cause ?? null]),
  ];
  if (version >= 2) {
    base.push(
      Number(e.year),
      e.source_type ?? null,
      e.source_id ?? null,
      e.reverses_id ?? null,
      Number(e.carried ?? 0),
      e.created_by ?? null,
    );
  }
  return createHash('sha256').update(previous).update('\n').update(JSON.stringify(base)).digest('hex');
}
