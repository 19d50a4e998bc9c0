import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';

// Fewer runs on the PostgreSQL pass of CI: the same properties, already run in full on SQLite.
export const RUNS = Number(process.env.HOSTILE_RUNS ?? (process.env.TEST_DATABASE_URL ? 20 : 50));

let tables: string[] | undefined;

/** Row counts of every table: a rejected request must leave all of them unchanged. */
export async function fingerprint(t: TestApp): Promise<Record<string, number>> {
  if (!tables) {
    // On PostgreSQL introspection lists every schema of the database; each test file has its own (search_path), and
    // other runs may have left theirs: count only this file's tables.
    const own =
      t.config.database.dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]?.s
        : undefined;
    tables = (await t.db.introspection.getTables())
      .filter((x) => own === undefined || x.schema === own)
      .map((x) => x.name)
      .filter((n) => !n.startsWith('kysely_'));
  }
  const counts: Record<string, number> = {};
  // One round trip for all tables.
  const query = sql.join(
    tables.map((name) => sql`select ${name} as t, count(*) as n from ${sql.table(name)}`),
    sql` union all `,
  );
  const rows = await sql<{ t: string; n: number | string }>`${query}`.execute(t.db);
  for (const row of rows.rows) counts[row.t] = Number(row.n);
  return counts;
}

const STACK =
  /\bat .+:\d+:\d+|node_modules|\/work\/|\/apps\/api\/|Error: |TypeError|SqliteError|ZodError|SQLITE_|duplicate key|violates|syntax error/;

/** No 5xx, the error envelope of docs/product/http-api.md, nothing that looks like a stack trace or a database message. */
export function expectCleanAnswer(res: LightMyRequestResponse, context: unknown): void {
  const where = `${res.statusCode} for ${JSON.stringify(context)?.slice(0, 300)}\n${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(STACK.test(res.body), where).toBe(false);
  if (res.statusCode >= 400) {
    const body = res.json() as { message?: unknown; errors?: Record<string, unknown> };
    expect(typeof body.message, where).toBe('string');
    if (body.errors !== undefined) {
      for (const messages of Object.values(body.errors)) {
        expect(Array.isArray(messages), where).toBe(true);
        for (const m of messages as unknown[]) expect(typeof m, where).toBe('string');
      }
    }
  }
}

/** One hostile request: clean answer, and the database untouched when it was refused. */
export async function sendHostile(t: TestApp, request: InjectOptions, context: unknown = request.payload): Promise<LightMyRequestResponse> {
  const before = await fingerprint(t);
  const res = await t.app.inject(request);
  expectCleanAnswer(res, context);
  if (res.statusCode >= 400)
    expect(await fingerprint(t), `database changed by a refused request: ${JSON.stringify(context)?.slice(0, 200)}`).toEqual(before);
  return res;
}
