import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';

/** The table's search is served by its index (migration 20261125_1710): pg_trgm indexes, or the FTS5 table's plan. */
export async function expectSearchIndex(t: TestApp, table: 'donations' | 'users', pgIndexes: number) {
  if (t.config.database.dialect === 'postgres') {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_indexes where schemaname = current_schema() and tablename = ${table} and indexname like '%_trgm'`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(pgIndexes);
    return;
  }
  const fts = sql.table(`${table}_search`);
  const { rows } = await sql<{
    detail: string;
  }>`explain query plan select id from ${sql.table(table)} where id in (select rowid from ${fts} where ${fts} match '"soglo"')`.execute(
    t.db,
  );
  expect(rows.map((r) => r.detail).join(' ')).toMatch(/VIRTUAL TABLE INDEX/);
}
