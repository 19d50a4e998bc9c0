import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { BoundedQueue } from '../lib/bounded-queue';
import { hookList } from '../http/route-hooks';

// Multipart uploads: a per-process cap on uploads read at once (503 + Retry-After beyond), the folder their
// size-capped temporary files go to, and the removal of those files when the response is over — whatever
// happened (stored, refused with 422/413, client gone). uploads.ts (beside this file) does the reading.

declare module 'fastify' {
  interface FastifyInstance {
    uploads: { queue: BoundedQueue; tempDir: string };
  }
}

const tempFiles = new WeakMap<FastifyRequest, string[]>();

/** Registers a temporary file of this request, removed once its response is finished or the client is gone. */
export function trackTempFile(request: FastifyRequest, file: string): void {
  const list = tempFiles.get(request);
  if (list) list.push(file);
  else tempFiles.set(request, [file]);
}

export async function removeTempFiles(request: FastifyRequest): Promise<void> {
  const list = tempFiles.get(request);
  if (!list) return;
  tempFiles.delete(request);
  await Promise.allSettled(list.map((file) => fsp.rm(file, { force: true })));
}

/**
 * A route that reads uploads (uploads.ts) declares it in its schema, `consumes: ['multipart/form-data']`; only
 * those routes get the clean-up hooks below (every other request used to run them for nothing, an async onSend
 * hook included). readUpload refuses to read a multipart body on a route that does not declare it.
 */
export function readsUploads(route: Pick<RouteOptions, 'schema'>): boolean {
  const consumes = (route.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

/** Temporary files older than this are left over from a crash and removed at start. */
const STALE_MS = 3600_000;

export default fp(async function uploadsPlugin(app: FastifyInstance) {
  const tempDir = path.join(app.config.dataDir, 'uploads', '.tmp');
  app.decorate('uploads', {
    // Refused before reading the body; Node then discards the body (no memory) so the client reads the 503.
    queue: new BoundedQueue({ concurrency: app.config.maxConcurrentUploads, maxWaiting: 0 }),
    tempDir,
  });
  // Removed before the answer leaves (so a client that reads the answer finds no temporary file), and again when the
  // connection closes, for a client that went away before any answer.
  const removeOnClose: onRequestHookHandler = (request, reply, done) => {
    if (request.headers['content-type']?.startsWith('multipart/')) reply.raw.once('close', () => void removeTempFiles(request));
    done();
  };
  const removeBeforeAnswer: onSendHookHandler = (request, _reply, payload, done) => {
    if (!tempFiles.has(request)) return done(null, payload);
    removeTempFiles(request).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };
  app.addHook('onRoute', (route) => {
    if (!readsUploads(route)) return;
    route.onRequest = [...hookList(route.onRequest), removeOnClose] as RouteOptions['onRequest'];
    route.onSend = [...hookList(route.onSend), removeBeforeAnswer] as RouteOptions['onSend'];
  });
  app.addHook('onReady', async () => {
    const names = await fsp.readdir(tempDir).catch(() => [] as string[]);
    const now = Date.now();
    for (const name of names.filter((n) => n.startsWith('incoming-'))) {
      const file = path.join(tempDir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_MS) await fsp.rm(file, { force: true });
    }
  });
});
