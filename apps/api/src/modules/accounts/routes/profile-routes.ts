import {
  PROFILE_MESSAGES,
  profileAdviserSchema,
  profileSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
} from '@shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../policy';
import { findAdviserContact } from '../act-as';
import { getProfile, updateProfile } from '../profile';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const beforePasswordChange = { beforePasswordChange: true };
  app.get(
    '/profile',
    {
      onRequest: requireAuth,
      config: beforePasswordChange,
      schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: profileSchema } },
    },
    async (request) => getProfile(app.db, request.user!.id, request.user!.code_verified_at),
  );

  // The adviser-contact page names the person's adviser (or the association) and how to call them.
  app.get(
    '/profile/adviser',
    { onRequest: requireAuth, schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: profileAdviserSchema } } },
    async (request) => ({ adviser: await findAdviserContact(app.db, request.user!.id, app.config.organisation) }),
  );

  app.put(
    '/profile',
    {
      onRequest: requireAuth,
      config: beforePasswordChange,
      schema: { tags: ['comptes'], security: [{ bearer: [] }], body: profileUpdateSchema, response: { 200: profileUpdateResponseSchema } },
    },
    async (request) => {
      const user = await updateProfile(app.db, { ...request.user!, ip: request.ip }, request.body, {
        passwordCost: app.config.passwordCost,
        publicUrl: app.config.publicUrl,
      });
      return { user, message: PROFILE_MESSAGES.updateSuccess };
    },
  );
};
export default profileRoutes;
