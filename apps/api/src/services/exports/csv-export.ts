import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';

// The one way an administrator list becomes a CSV file (CONTRACT.md "Exports"): UTF-8 with a byte-order
// mark, `;` between cells (what a French spreadsheet expects), a French header row, every matching row.
// Rows are read from the database in keyset batches and written as the client reads, so 100 000 rows
// never sit in memory; cells starting with = + - @ (or a tab/CR) are neutralised by csv-stringify.

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

export const CSV_BATCH_SIZE = 1000;
const BOM = '\uFEFF';
const OPTIONS = {
  delimiter: ';',
  record_delimiter: '\r\n',
  escape_formulas: true,
  cast: { boolean: (v: boolean) => (v ? 'oui' : 'non') },
} as const;

/** Newest first (by id), one batch at a time; each batch starts after the last id seen. */
export async function* keysetBatches<R extends { id: number }>(
  query: SelectQueryBuilder<any, any, R>,
  idColumn = 'id',
  size = CSV_BATCH_SIZE,
): AsyncGenerator<R[]> {
  let after: number | null = null;
  for (;;) {
    let q = query.orderBy(idColumn as never, 'desc').limit(size);
    if (after !== null) q = q.where(idColumn as never, '<', after as never);
    const rows = (await q.execute()) as R[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function* csvChunks<R extends { id: number }>(exp: CsvExport<R>): AsyncGenerator<string> {
  yield BOM + stringify([exp.columns.map((c) => c.header)], OPTIONS);
  for await (const rows of keysetBatches(exp.query as SelectQueryBuilder<any, any, R>, exp.idColumn)) {
    yield stringify(
      rows.map((row) => exp.columns.map((c) => c.value(row) ?? '')),
      OPTIONS,
    );
  }
}

export function sendCsv<R extends { id: number }>(reply: FastifyReply, exp: CsvExport<R>): FastifyReply {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exp.filename}-${date}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csvChunks(exp), { objectMode: false }));
}
