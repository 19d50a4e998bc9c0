import { CompiledQuery, sql } from 'kysely';
import { type DB, openSqliteReader, type SyncReader, sqliteStatementCount } from './database';

// Reads a public list's version from `public_list_versions` (raised by triggers on any visible change; see
// platform/lib/public-list-cache.ts, its only reader). On SQLite the lookup runs synchronously on a read-only connection of its
// own (committed rows only, from any process), not through Kysely's one-connection driver, and one lookup is reused by
// the reads of the next `reuseMs` as long as this process has run no statement in between.

export interface ListVersions {
  read(list: string): Promise<number>;
  /**
   * The version without a promise where the engine allows it (SQLite's own read connection); undefined on
   * PostgreSQL, whose reads go through the pool. The replayed answers (platform/http/response-replay.ts) check their
   * list with it before the framework runs.
   */
  readNow(list: string): number | undefined;
  /** Closes the SQLite read connection, if any. */
  close(): void;
}

const VERSION_SQL = 'select version from public_list_versions where list = ?';

export function openListVersions(db: DB, reuseMs: number): ListVersions {
  // Compiled once: building and compiling even this one-line query through Kysely costs more than running it.
  let versionSql: string | undefined;
  // Opened at the first read (after the migrations have created the table); null on PostgreSQL.
  let reader: SyncReader | null | undefined;
  const lastRead = new Map<string, { version: number; at: number; statements: number }>();
  const missing = (list: string) => new Error(`public_list_versions has no row for ${list}`);

  function readNow(list: string): number | undefined {
    if (reader === undefined) reader = openSqliteReader(db);
    if (!reader) return undefined;
    const at = performance.now();
    const statements = sqliteStatementCount();
    const last = lastRead.get(list);
    if (last && last.statements === statements && at - last.at < reuseMs) return last.version;
    const row = reader.get<{ version: number }>(VERSION_SQL, [list]);
    if (row === undefined) throw missing(list);
    const version = Number(row.version);
    lastRead.set(list, { version, at, statements });
    return version;
  }

  return {
    async read(list) {
      const now = readNow(list);
      if (now !== undefined) return now;
      versionSql ??= sql`select version from public_list_versions where list = ${list}`.compile(db).sql;
      const row = (await db.executeQuery<{ version: number | string }>(CompiledQuery.raw(versionSql, [list]))).rows[0];
      if (row === undefined) throw missing(list);
      return Number(row.version);
    },
    readNow,
    close() {
      reader?.close();
      reader = undefined;
    },
  };
}
