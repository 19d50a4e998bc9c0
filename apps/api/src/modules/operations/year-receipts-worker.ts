import fs from 'node:fs';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseConfig } from '../../platform/config';
import { createDatabase } from '../../platform/database/database';
import { donorYear, listYearDonors, type YearReceiptIssuer, yearReceiptFilename, yearReceiptPdf } from './year-receipts';

// Runs in a worker thread (node:worker_threads): every donor's year-end receipt PDF (~5 ms of CPU each) and their
// ZIP, so the server's event loop stays free for other people's requests. It reads the database through its own
// connection and either writes the ZIP to a file (a job) or hands it to the main thread chunk by chunk, pausing
// when the main thread says its reader is behind (a download streamed as it is made).

export interface YearReceiptsWorkerInput {
  database: DatabaseConfig;
  /** The PostgreSQL schema the server's connection is pinned to (tests), if any. */
  searchPath?: string;
  year: number;
  issuer: YearReceiptIssuer;
  /** Write the ZIP here; without it, the ZIP's bytes are posted to the main thread. */
  file?: string;
}

export type YearReceiptsWorkerMessage =
  | { type: 'total'; total: number }
  | { type: 'progress'; done: number }
  | { type: 'chunk'; chunk: ArrayBuffer }
  | { type: 'done'; done: number }
  | { type: 'error'; message: string };

const port = parentPort!;
const input = workerData as YearReceiptsWorkerInput;
const post = (message: YearReceiptsWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let paused = false;
let waiting: (() => void) | null = null;
port.on('message', (m: 'pause' | 'resume') => {
  paused = m === 'pause';
  if (!paused && waiting) {
    const go = waiting;
    waiting = null;
    go();
  }
});

/** The ZIP's bytes to the main thread in 64 KiB messages; a write completes only once the main thread is not asking to wait. */
const toMainThread = () => {
  let pending: Buffer[] = [];
  let size = 0;
  const flush = () => {
    const bytes = new Uint8Array(Buffer.concat(pending, size)).buffer;
    pending = [];
    size = 0;
    post({ type: 'chunk', chunk: bytes }, [bytes]);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.length;
      if (size < 64 * 1024) return callback();
      flush();
      if (paused) waiting = () => callback();
      else callback();
    },
    final(callback) {
      if (size > 0) flush();
      callback();
    },
  });
};

async function run(): Promise<void> {
  const db = createDatabase(input.database, input.searchPath ? { searchPath: input.searchPath } : {});
  try {
    const { ZipArchive } = await import('archiver');
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const out = input.file ? fs.createWriteStream(input.file) : toMainThread();
    const written = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
      zip.on('error', reject);
    });
    zip.pipe(out);
    const donors = await listYearDonors(db, input.year);
    post({ type: 'total', total: donors.length });
    let done = 0;
    for (const d of donors) {
      const donor = await donorYear(db, input.year, d.telephone);
      if (donor) {
        zip.append(await yearReceiptPdf(input.year, donor, input.issuer), { name: yearReceiptFilename(input.year, d.telephone) });
        // One PDF at a time: wait for this entry to be written before building the next one.
        await new Promise<void>((resolve) => zip.once('entry', () => resolve()));
      }
      done++;
      post({ type: 'progress', done });
    }
    await zip.finalize();
    await written;
    post({ type: 'done', done });
  } finally {
    await db.destroy();
  }
}

run().catch((err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
