import { sql } from 'kysely';
import type { DB } from './database';

// Row counts kept by triggers in `row_counts` in the same transaction as the rows (migrations 20261122_0200 for the
// money lists, 20261126_0900 for accounts and memberships): a list's X-Total-Count and the statistics read a few
// rows here instead of counting a table.

/** The sum of the kept counts under these keys (0 for a key never counted). */
export async function keptCount(db: DB, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const { rows } = await sql<{ n: number | string | null }>`select sum(n) as n from row_counts where key in (${sql.join(keys)})`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

// Prefixes are compared with substr, not a range of text: a PostgreSQL collation may order « : » and « _ » apart
// from the letters. row_counts holds a few hundred rows, so reading those of a prefix is cheap either way.

/** The kept counts whose key starts with `prefix`, by the rest of the key (`users:role:` → per role). */
export async function keptCountsUnder(db: DB, prefix: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ key: string; n: number | string }>`select key, n from row_counts
    where substr(key, 1, ${prefix.length}) = ${prefix}`.execute(db);
  return new Map(rows.map((r) => [r.key.slice(prefix.length), Number(r.n)]));
}

/** The sum of the kept counts under `prefix` whose rest lies between `from` and `to` (inclusive): days as YYYY-MM-DD. */
export async function keptCountBetween(db: DB, prefix: string, from: string, to: string): Promise<number> {
  const rest = sql`substr(key, ${prefix.length + 1})`;
  const { rows } = await sql<{ n: number | string | null }>`select sum(n) as n from row_counts
    where substr(key, 1, ${prefix.length}) = ${prefix} and ${rest} >= ${from} and ${rest} <= ${to}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
