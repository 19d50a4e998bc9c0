import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PassThrough, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../../platform/config';
import { type DB, nowIso, pinnedSchema } from '../../platform/database/database';
import type { Storage } from '../../platform/storage/storage';
import { type AuditActor, recordAudit } from '../audit';
import { receiptIssuer } from '../payments';
import { publicOrganisation, readSignature } from '../settings';
import { claimJob, findJob, latestJob, updateJob, YEAR_RECEIPTS_ZIP } from './data/jobs';
import type { YearReceiptIssuer } from './year-receipts';
import type { YearReceiptsWorkerInput, YearReceiptsWorkerMessage } from './year-receipts-worker';

// The year-end receipts ZIP is made in a worker thread (year-receipts-worker.ts), never on the request thread:
// either as a job (progress kept in background_jobs, the file put in the storage once, then downloaded) or
// streamed to one download as it is made.

// The build emits the worker beside the server as year-receipts-worker.mjs; from the sources (tests, development)
// it is TypeScript, loaded through tsx's loader registered inside the worker first.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSources ? './year-receipts-worker.ts' : './year-receipts-worker.mjs', import.meta.url);
const newWorker = (workerData: YearReceiptsWorkerInput) => {
  if (!fromSources) return new Worker(WORKER_URL, { workerData });
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(WORKER_URL.href)}))`;
  return new Worker(boot, { eval: true, workerData });
};

interface Handlers {
  onTotal?(total: number): void;
  onProgress?(done: number): void;
}

/**
 * The organisation's facts and signature image as the year's receipts print them. An image the store cannot give
 * (an outage) leaves the receipts without it rather than failing them: it is said in the logs.
 */
export async function yearReceiptIssuer(db: DB, storage: Storage, log: { warn(o: object, m: string): void }): Promise<YearReceiptIssuer> {
  const organisation = receiptIssuer(await publicOrganisation(db));
  let signature: Buffer | null = null;
  if (organisation.signatureUrl) {
    signature = await readSignature(db, storage).catch((err: unknown) => {
      log.warn({ err }, 'signature image unreadable: year-end receipts made without it');
      return null;
    });
  }
  return { organisation, signature };
}

function startWorker(
  db: DB,
  database: DatabaseConfig,
  year: number,
  issuer: YearReceiptIssuer,
  file: string | undefined,
  handlers: Handlers,
) {
  const searchPath = pinnedSchema(db);
  const input: YearReceiptsWorkerInput = { database, year, issuer, ...(searchPath ? { searchPath } : {}), ...(file ? { file } : {}) };
  const worker = newWorker(input);
  let settle: { resolve(): void; reject(err: Error): void };
  const finished = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const out = file ? undefined : new PassThrough();
  out?.on('drain', () => worker.postMessage('resume'));
  worker.on('message', (m: YearReceiptsWorkerMessage) => {
    if (m.type === 'total') handlers.onTotal?.(m.total);
    else if (m.type === 'progress') handlers.onProgress?.(m.done);
    else if (m.type === 'chunk') {
      if (out && !out.write(Buffer.from(m.chunk))) worker.postMessage('pause');
    } else if (m.type === 'done') {
      out?.end();
      settle.resolve();
      void worker.terminate();
    } else {
      const err = new Error(m.message);
      out?.destroy(err);
      settle.reject(err);
      void worker.terminate();
    }
  });
  worker.on('error', (err: Error) => {
    out?.destroy(err);
    settle.reject(err);
  });
  worker.on('exit', () => settle.reject(new Error('year receipts worker stopped')));
  // A download given up half-way stops the work it was waiting for.
  out?.on('close', () => void worker.terminate());
  return { finished, out };
}

/** Every donor's PDF in one ZIP, made in a worker thread and streamed as it is made (the direct download). */
export function streamYearReceiptsZip(
  db: DB,
  database: DatabaseConfig,
  year: number,
  issuer: YearReceiptIssuer,
  log: { warn(o: object, m: string): void },
): Readable {
  const { finished, out } = startWorker(db, database, year, issuer, undefined, {});
  finished.catch((err) => log.warn({ err }, 'year receipts zip failed'));
  return out!;
}

export interface JobServices {
  db: DB;
  database: DatabaseConfig;
  storage: Storage;
  log: { warn(o: object, m: string): void };
}

/** Progress is written at most this often (a job of 20 000 PDFs would otherwise write 20 000 times). */
const PROGRESS_EVERY_MS = 250;
/** The running process says it is alive this often (progress writes say it too)… */
const HEARTBEAT_MS = 20_000;
/** …and a running job silent for this long is taken for dead (its process stopped) and may be started again. */
const STALE_AFTER_MS = 2 * 60_000;
const INTERRUPTED = 'La préparation des reçus annuels a été interrompue. Veuillez la relancer.';

/**
 * Starts (or finds, when the same year's ZIP is already being made, by this process or another) the job that makes
 * a year's ZIP, and returns its id at once; the work goes on in a worker thread and the file lands in the storage.
 */
export async function startYearReceiptsJob(services: JobServices, year: number, actor: AuditActor): Promise<number> {
  const { db } = services;
  const params = { year };
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS).toISOString();
  const issuer = await yearReceiptIssuer(db, services.storage, services.log);
  const { id, started } = await claimJob(db, YEAR_RECEIPTS_ZIP, params, actor.id, staleBefore, INTERRUPTED);
  if (!started) return id;
  await recordAudit(db, {
    actorId: actor.id,
    ip: actor.ip,
    actingId: actor.actingId,
    action: 'year_receipts.zip',
    entity: 'background_jobs',
    entityId: id,
    details: params,
  });
  const file = path.join(os.tmpdir(), `recus-annuels-${year}-${randomUUID()}.zip`);
  let lastWrite = 0;
  let writing = Promise.resolve();
  const save = (change: Parameters<typeof updateJob>[2]) => {
    writing = writing.then(() => updateJob(db, id, change)).catch((err) => services.log.warn({ err }, 'year receipts job progress'));
  };
  const heartbeat = setInterval(() => save({ heartbeat_at: nowIso() }), HEARTBEAT_MS);
  heartbeat.unref();
  const { finished } = startWorker(db, services.database, year, issuer, file, {
    onTotal: (total) => save({ total }),
    onProgress: (done) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      save({ done, heartbeat_at: nowIso() });
    },
  });
  finished
    .then(async () => {
      const key = await services.storage.put('receipts', fs.createReadStream(file), 'zip');
      await writing;
      const total = (await findJob(db, YEAR_RECEIPTS_ZIP, id))?.total ?? 0;
      await updateJob(db, id, { status: 'done', done: total, file_key: key, finished_at: nowIso() });
    })
    .catch(async (err) => {
      services.log.warn({ err }, 'year receipts job failed');
      await writing;
      await updateJob(db, id, {
        status: 'failed',
        error: 'La préparation des reçus annuels a échoué. Veuillez réessayer.',
        finished_at: nowIso(),
      }).catch(() => {});
    })
    .finally(() => {
      clearInterval(heartbeat);
      fs.rm(file, { force: true }, () => {});
    });
  return id;
}

type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/** The job as the dashboard reads it: its state, how far it got (percent), and where to download the file once made. */
export async function yearReceiptsJobView(db: DB, id: number) {
  const job = await findJob(db, YEAR_RECEIPTS_ZIP, id);
  return job ? viewOf(job) : null;
}

/** The newest ZIP job of a year (running, made or failed), or null: what the dashboard shows when it opens. */
export async function latestYearReceiptsJob(db: DB, year: number) {
  const job = await latestJob(db, YEAR_RECEIPTS_ZIP, { year });
  return job ? viewOf(job) : null;
}

function viewOf(row: JobRow) {
  // Its process stopped without finishing (no heartbeat for minutes): shown as failed; starting again replaces it.
  const stale = row.status === 'running' && (row.heartbeat_at ?? row.created_at) < new Date(Date.now() - STALE_AFTER_MS).toISOString();
  const job = stale ? { ...row, status: 'failed', error: INTERRUPTED } : row;
  const total = job.total;
  const progress = job.status === 'done' ? 100 : total ? Math.min(99, Math.floor((job.done / total) * 100)) : 0;
  return {
    id: job.id,
    year: (JSON.parse(job.params) as { year: number }).year,
    status: job.status as 'running' | 'done' | 'failed',
    done: job.done,
    total,
    progress,
    download_url: job.status === 'done' ? `/api/admin/year-receipts/zip-jobs/${job.id}/download` : null,
    error: job.error,
    created_at: job.created_at,
    finished_at: job.finished_at,
    file_key: job.file_key,
  };
}
