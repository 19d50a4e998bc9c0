import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { requireRole } from '../../plugins/auth';
import { openStoredFile } from '../../services/public-site/stored-files';
import { isPublishedAvatar } from '../../services/public-site/testimonials';
import { isConfirmedProfileImage } from '../../services/public-site/volunteers';
import type { StorageArea } from '../../storage/storage';

// Public images (published avatars, confirmed volunteers' photos) with long caching: their names are random
// and never reused. Private documents only for administrators, always as attachments.
const fileParams = z.object({ file: z.string().max(300) });
const filenameParams = z.object({ filename: z.string().max(300) });
const missing = () => notFound('Fichier introuvable.');

const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicImage = (area: 'avatars' | 'volunteer-profile-images', isVisible: (name: string) => Promise<boolean>) =>
    app.get(`/storage/${area}/:file`, { schema: { tags: ['site public'], params: fileParams } }, async (request, reply) => {
      const opened = await openStoredFile(app.storage, area, request.params.file);
      if (!opened || !(await isVisible(request.params.file))) {
        opened?.stream.destroy();
        throw missing();
      }
      return reply
        .header('content-type', opened.contentType)
        .header('content-length', String(opened.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(opened.stream);
    });
  publicImage('avatars', (name) => isPublishedAvatar(app.db, name));
  publicImage('volunteer-profile-images', (name) => isConfirmedProfileImage(app.db, name));

  // Issue #18 §5: administrators see a testimonial's avatar before publishing it (the public route above answers 404
  // until then). Shown inline, never cached by shared caches.
  app.get(
    '/admin/avatars/:file',
    { onRequest: requireRole('administrateur'), schema: { tags: ['modération'], security: [{ bearer: [] }], params: fileParams } },
    async (request, reply) => {
      const opened = await openStoredFile(app.storage, 'avatars', request.params.file);
      if (!opened) throw missing();
      return reply
        .header('content-type', opened.contentType)
        .header('content-length', String(opened.size))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(opened.stream);
    },
  );

  const download = (url: string, area: StorageArea, prefix: string) =>
    app.get(
      url,
      { onRequest: requireRole('administrateur'), schema: { tags: ['modération'], security: [{ bearer: [] }], params: filenameParams } },
      async (request, reply) => {
        const opened = await openStoredFile(app.storage, area, request.params.filename);
        if (!opened) throw missing();
        const name = `${prefix}-${request.params.filename}`;
        return reply
          .header('content-type', opened.contentType)
          .header('content-length', String(opened.size))
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(opened.stream);
      },
    );
  download('/projects/download/:filename', 'projects', 'projet');
  download('/download/cv/:filename', 'cv', 'cv');
  download('/download/criminal_record/:filename', 'criminal_record', 'casier-judiciaire');
  download('/download/motivation_letter/:filename', 'motivation_letter', 'lettre-de-motivation');
  download('/download/restriction_proof/:filename', 'restriction_proof', 'justificatif-restriction');
  // A pending volunteer's photo is not public yet; the administrator sees it before confirming (issue 18).
  download('/download/profile_image/:filename', 'volunteer-profile-images', 'photo');
};
export default fileRoutes;
