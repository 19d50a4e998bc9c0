import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../lib/http-errors';
import type { StorageArea } from '../storage/storage';
import { openStoredFile } from '../storage/stored-files';
import type { preHandlerAsyncHookHandler } from 'fastify';

// Stored files as answers. Public images (published avatars, confirmed volunteers' photos) with long caching:
// their names are random and never reused. Private documents only behind the caller's guard, always as attachments.

export const fileParams = z.object({ file: z.string().max(300) });
const filenameParams = z.object({ filename: z.string().max(300) });
export const missingFile = () => notFound('Fichier introuvable.');

/** GET /storage/<area>/:file, answered only while `isVisible(name)` holds (404 otherwise). */
export function publicImageRoute(
  app: FastifyInstance,
  area: 'avatars' | 'volunteer-profile-images',
  isVisible: (name: string) => Promise<boolean>,
): void {
  app.get(`/storage/${area}/:file`, { schema: { tags: ['site public'], params: fileParams } }, async (request, reply) => {
    const { file } = request.params as z.infer<typeof fileParams>;
    const opened = await openStoredFile(app.storage, area, file);
    if (!opened || !(await isVisible(file))) {
      opened?.stream.destroy();
      throw missingFile();
    }
    return reply
      .header('content-type', opened.contentType)
      .header('content-length', String(opened.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(opened.stream);
  });
}

/** A private document as an attachment named `<prefix>-<stored name>`, behind `guard`. */
export function downloadRoute(
  app: FastifyInstance,
  guard: preHandlerAsyncHookHandler,
  url: string,
  area: StorageArea,
  prefix: string,
): void {
  app.get(
    url,
    { onRequest: guard, schema: { tags: ['modération'], security: [{ bearer: [] }], params: filenameParams } },
    async (request, reply) => {
      const { filename } = request.params as z.infer<typeof filenameParams>;
      const opened = await openStoredFile(app.storage, area, filename);
      if (!opened) throw missingFile();
      const name = `${prefix}-${filename}`;
      return reply
        .header('content-type', opened.contentType)
        .header('content-length', String(opened.size))
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(opened.stream);
    },
  );
}
