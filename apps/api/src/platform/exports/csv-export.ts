import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { csvLine } from './csv-encode';

// The one way an administrator list becomes a CSV file (docs/product/exports.md): UTF-8 with a byte-order
// mark, `;` between cells (what a French spreadsheet expects), a French header row, every matching row.
// Rows are read from the database in keyset batches and written as the client reads (through compression), so
// 100 000 rows never sit in memory; cells starting with = + - @ (or a tab/CR) are neutralised (csv-encode.ts). A
// batch holds the event loop a few milliseconds only, and the loop runs other work between two batches.

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | boolean | null | undefined;
}

export interface CsvExport<R> {
  /** File name without extension; the date is appended. */
  filename: string;
  columns: ReadonlyArray<CsvColumn<R>>;
  /** The list's filtered query; must select the id column named by `idColumn` as `id`. */
  query: SelectQueryBuilder<any, any, R & { id: number }>;
  /** The id column to page on (e.g. 'id' or 'users.id'). */
  idColumn?: string;
}

export const CSV_BATCH_SIZE = 100;
const BOM = '\uFEFF';

/**
 * How long one batch may hold the event loop (reading it on SQLite, then encoding it): batches shrink when they
 * take longer (a busy machine, wide rows) and grow back when they are quick, so other requests wait a few
 * milliseconds at most between two batches, and no statement ever iterates the whole table on the request thread.
 */
const BATCH_BUDGET_MS = 8;
const MIN_BATCH = 25;
/**
 * A batch's rows and text are alive while the next young-generation collection runs (the start command gives V8 a
 * 2 MiB one), so big batches move to the old generation and pile up there until a full collection: a million-row
 * export grew the server's RSS by 133 MiB with batches of up to 1 000 rows, 44 MiB with 250, 16 MiB with 100
 * (and took 13.3 → 10.6 s). Issue #28's budget is 32 MiB.
 */
const MAX_BATCH = 100;

/** Lets timers and I/O run (other people's requests) before the next batch. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Newest first (by id), one batch at a time; each batch starts after the last id seen. `size` may change between batches. */
export async function* keysetBatches<R extends { id: number }>(
  query: SelectQueryBuilder<any, any, R>,
  idColumn = 'id',
  size: number | (() => number) = CSV_BATCH_SIZE,
): AsyncGenerator<R[]> {
  let after: number | null = null;
  for (;;) {
    const limit = typeof size === 'number' ? size : size();
    let q = query.orderBy(idColumn as never, 'desc').limit(limit);
    if (after !== null) q = q.where(idColumn as never, '<', after as never);
    const rows = (await q.execute()) as R[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < limit) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function* csvChunks<R extends { id: number }>(exp: CsvExport<R>, progress?: { rows: number }): AsyncGenerator<string> {
  yield BOM + csvLine(exp.columns.map((c) => c.header));
  const values = exp.columns.map((c) => c.value);
  let size = CSV_BATCH_SIZE;
  let started = performance.now();
  for await (const rows of keysetBatches(exp.query as SelectQueryBuilder<any, any, R>, exp.idColumn, () => size)) {
    let text = '';
    for (const row of rows) text += csvLine(values.map((value) => value(row)));
    if (progress) progress.rows += rows.length;
    const took = performance.now() - started;
    if (took > BATCH_BUDGET_MS) size = Math.max(MIN_BATCH, Math.floor(size / 2));
    else if (took < BATCH_BUDGET_MS / 4) size = Math.min(MAX_BATCH, size * 2);
    yield text;
    await yieldToEventLoop();
    started = performance.now();
  }
}

/**
 * Streams the file. `onDone` learns how many rows went out and whether the file was complete (false when the client
 * went away mid-file), once the stream ends either way.
 */
export function sendCsv<R extends { id: number }>(
  reply: FastifyReply,
  exp: CsvExport<R>,
  onDone?: (rows: number, complete: boolean) => Promise<void> | undefined,
): FastifyReply {
  const date = new Date().toISOString().slice(0, 10);
  const progress = { rows: 0 };
  async function* tracked(): AsyncGenerator<string> {
    let complete = false;
    try {
      yield* csvChunks(exp, progress);
      complete = true;
      // The file ends once onDone has run (its audit entry written): whoever has the whole file finds the entry.
      await onDone?.(progress.rows, true);
    } finally {
      if (!complete) void onDone?.(progress.rows, false);
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exp.filename}-${date}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(tracked(), { objectMode: false }));
}
