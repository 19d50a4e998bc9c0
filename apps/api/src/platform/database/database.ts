import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import { createRequire } from 'node:module';
import type PG from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

export type DB = Kysely<Database>;

// node-postgres (~10 MiB once loaded) is loaded only where PostgreSQL is configured, synchronously (it is CommonJS).
const require = createRequire(import.meta.url);
let pgModule: typeof PG | undefined;
function loadPg(): typeof PG {
  if (pgModule) return pgModule;
  pgModule = require('pg') as typeof PG;
  // Return BIGINT (COUNT, SUM) as numbers: FCFA totals stay far below 2^53.
  pgModule.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  return pgModule;
}

// The PostgreSQL schema a database handle is pinned to (tests give each file its own).
const pinnedSchemas = new WeakMap<object, string>();
export const pinnedSchema = (db: Kysely<any>): string | undefined => pinnedSchemas.get(db);

export function createDatabase(config: DatabaseConfig, options: { searchPath?: string } = {}): DB {
  if (config.dialect === 'postgres') {
    const pool = new (loadPg().Pool)({
      connectionString: config.url,
      max: 10,
      connectionTimeoutMillis: 3000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // A client losing its connection must not crash the process: the pool listens to idle clients only, so each
    // client also gets a listener of its own for when it dies while checked out. The query in flight still fails
    // (503), and pg-pool discards the broken client when it is released.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withCallbackQueries(pool) }) });
    if (options.searchPath) pinnedSchemas.set(db, options.searchPath);
    return db;
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        const db = new SQLite(config.file);
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 5000');
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
        // Deleted or overwritten content is zeroed in the file, not left in free space (an erasure leaves no copy).
        db.pragma('secure_delete = ON');
        return withStatementCache(db);
      },
    }),
  });
  sqliteFiles.set(db, config.file);
  return db;
}

/**
 * The pool as Kysely sees it, each query run through pg's callback API instead of the promise API Kysely's driver
 * calls. Read through the promise API, nearly every row pg parsed was promoted to the old generation (~550 bytes a
 * row against ~20 with callbacks) and piled up there as garbage until a full collection: a million-row CSV export
 * grew the server's RSS by 123 MiB, 6 MiB this way (docs/benchmarks.md, « CSV export memory on PostgreSQL »).
 * Same results and errors (Kysely adds the caller's stack to an error either way).
 */
function withCallbackQueries(pool: PG.Pool): PostgresPool {
  // One wrapper per pg client: Kysely keeps its connection object per client it is given.
  const wrappers = new WeakMap<PG.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        // Only the (sql, parameters) form: no cursor is configured, so Kysely never passes one.
        const query = (text: string, parameters: readonly unknown[]) =>
          new Promise<PG.QueryResult>((resolve, reject) => {
            client.query(text, parameters as unknown[], (err, result) => (err ? reject(err) : resolve(result)));
          });
        wrapper = {
          query: query as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

const sqliteFiles = new WeakMap<object, string>();

let sqliteStatements = 0;
/**
 * How many statements this process has run through Kysely on SQLite (every connection createDatabase opened). A
 * change this process makes, committed or not, moves it before it takes effect: a value read from the database
 * and kept while this count is unchanged cannot miss a change made here.
 */
export const sqliteStatementCount = (): number => sqliteStatements;

/** A synchronous reader of committed rows: `get` runs one prepared statement and returns its first row. */
export interface SyncReader {
  get<T>(source: string, parameters: readonly unknown[]): T | undefined;
  close(): void;
}

/**
 * SQLite only (null for PostgreSQL): a connection of its own, read-only, whose statements run synchronously. Kysely's
 * SQLite driver runs every query behind one connection's mutex and a few promises, which for a one-row primary-key
 * lookup on every request (the public lists' version check) costs several times the lookup itself. A separate
 * connection only ever sees committed rows (WAL: readers never wait for the writer), whatever process wrote them,
 * never the uncommitted state of a transaction in progress on the main connection.
 */
export function openSqliteReader(db: Kysely<any>): SyncReader | null {
  const file = sqliteFiles.get(db);
  if (file === undefined) return null;
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const statements = new Map<string, SQLite.Statement>();
  return {
    get<T>(source: string, parameters: readonly unknown[]) {
      let statement = statements.get(source);
      if (!statement) {
        statement = connection.prepare(source);
        statements.set(source, statement);
      }
      return statement.get(...parameters) as T | undefined;
    },
    close() {
      statements.clear();
      connection.close();
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query anew; the same few dozen SQL texts repeat on every request, so
 * their prepared statements are kept (bounded, least recently used dropped). Safe with Kysely's one-connection
 * driver: it runs one statement at a time.
 */
function withStatementCache(db: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      // Kysely runs the statement in the same synchronous call (commit included): counted before it can change anything.
      sqliteStatements += 1;
      let statement = cache.get(source);
      if (statement) {
        cache.delete(source);
      } else {
        statement = db.prepare(source);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(source, statement);
      return statement;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/**
 * True when the database answers and, for SQLite, its files can still be written: an open SQLite handle keeps
 * reading through a file made read-only or a volume remounted read-only, and only writes fail, so `select 1`
 * alone would report healthy while every form submission gets a 503.
 */
export async function pingDatabase(db: DB, config?: DatabaseConfig): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    if (config?.dialect === 'sqlite') {
      for (const file of [config.file, `${config.file}-wal`]) {
        try {
          await fs.promises.access(file, fs.constants.W_OK);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || file === config.file) return false;
        }
      }
    }
    return true;
  } catch {
    return false;
  }
}

export const nowIso = (): string => new Date().toISOString();

/**
 * After an erasure (SQLite only): copies the WAL into the database file and truncates it to zero bytes, so the old
 * pages that held the erased person's data do not stay in the -wal file (secure_delete zeroes them in the main file).
 */
export async function checkpointWal(db: Kysely<any>): Promise<void> {
  if (isPostgres(db) || db.isTransaction) return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/**
 * A transaction that counts rows and then writes from what it counted (a limit), so that two of them never both
 * count the same rows. SQLite: begun IMMEDIATE, taking the one write lock before its first read (a deferred `begin`
 * reads a snapshot another process may have written past, and fails at its first write); within this process
 * Kysely's one connection runs it alone. PostgreSQL: an ordinary transaction, which `fn` serialises with an advisory
 * lock on what it counts (the rows counted may not exist yet, so no row lock can stand for them).
 */
export async function writeTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  if (isPostgres(db)) return db.transaction().execute(fn);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await fn(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
