import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';

/**
 * The table's search is served by its index: on PostgreSQL the trigram index of the side table `<table>_search`
 * (migration 20261127_0700), and the rows themselves carry none (the expression indexes of 20261125_1710 are gone);
 * on SQLite the FTS5 table's plan.
 */
export async function expectSearchIndex(t: TestApp, table: 'donations' | 'users') {
  if (t.config.database.dialect === 'postgres') {
    const { rows } = await sql<{ tablename: string }>`select tablename from pg_indexes
      where schemaname = current_schema() and tablename in (${table}, ${`${table}_search`}) and indexname like '%_trgm'`.execute(t.db);
    expect(rows.map((r) => r.tablename)).toEqual([`${table}_search`]);
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
