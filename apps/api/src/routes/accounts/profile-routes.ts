import {
  PROFILE_MESSAGES,
  profileAdviserSchema,
  profileSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
} from '@shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { findCreator } from '../../services/accounts/act-as';
import { getProfile, updateProfile } from '../../services/accounts/profile';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    { onRequest: requireAuth, schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: profileSchema } } },
    async (request) => getProfile(app.db, request.user!.id),
  );

  // The adviser-contact page names who created the account and how to call them.
  app.get(
    '/profile/adviser',
    { onRequest: requireAuth, schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: profileAdviserSchema } } },
    async (request) => ({ adviser: await findCreator(app.db, request.user!.id) }),
  );

  app.put(
    '/profile',
    {
      onRequest: requireAuth,
      schema: { tags: ['comptes'], security: [{ bearer: [] }], body: profileUpdateSchema, response: { 200: profileUpdateResponseSchema } },
    },
    async (request) => {
      const user = await updateProfile(app.db, request.user!.id, request.user!.token_id, request.body, app.config.passwordCost);
      return { user, message: PROFILE_MESSAGES.updateSuccess };
    },
  );
};
export default profileRoutes;
