import { messageSchema } from '@shared/schemas/api-common';
import { idParamsSchema } from '@shared/schemas/id-param';
import {
  consentInputSchema,
  consentLookupSchema,
  consentRowSchema,
  deleteProfileSchema,
  myConsentInputSchema,
  myConsentsSchema,
  PRIVACY_MESSAGES as M,
  PRIVACY_REQUEST_STATUSES,
  privacyNoticeSchema,
  privacyRequestCloseSchema,
  privacyRequestCreatedSchema,
  privacyRequestInputSchema,
  privacyRequestRowSchema,
  privacyRequestVerifySchema,
} from '@shared/schemas/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../platform/lib/http-errors';
import { pageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { verifyPassword } from '../../platform/lib/passwords';
import { actorOf, assertOwnSession, requireAuth, requireRole } from '../policy';
import { recordAudit } from '../audit';
import { isFreshCodeSession } from '../accounts';
import { changeConsent, consentHistory, currentConsents, publicConsent } from './consents';
import { findUserForLogin } from './data/person';
import { currentController } from './controller';
import { buildNotice } from './notice';
import { erasePerson, exportPerson, personOfAccount, personOfRequest } from './person';
import { closeRequest, createRequest, listRequests, openRequest, verifyRequest } from './requests';
import breachesRoutes from './breaches-routes';
import registerRoutes from './register-routes';
import retentionRoutes from './retention-routes';
import { sendDataLink } from './my-data';
import { myDataApiRoutes } from './my-data-routes';

// The personal-data routes (docs/product/personal-data.md): the notice, consents, requests, access and erasure.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const member = { onRequest: requireAuth };
  const security = [{ bearer: [] }];
  const tags = ['données personnelles'];
  const zipName = (who: string) => `donnees-${who}.zip`;

  app.get('/privacy/notice', { schema: { tags: ['site public'], response: { 200: privacyNoticeSchema } } }, async () =>
    buildNotice(app.config, await currentController(app.db, app.config)),
  );

  // --- Consents ---

  app.post(
    '/consents',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags, body: consentInputSchema, response: { 200: messageSchema, 202: messageSchema } },
    },
    async (request, reply) => {
      const result = await publicConsent(app.db, request.body, { ip: request.ip, passwordCost: app.config.passwordCost });
      return reply.code(result.status).send({ message: result.message });
    },
  );

  app.get('/profile/consents', { ...member, schema: { tags, security, response: { 200: myConsentsSchema } } }, async (request) =>
    currentConsents(app.db, { telephone: request.user!.telephone, email: request.user!.email, userId: request.user!.id }),
  );

  app.put(
    '/profile/consents',
    { ...member, schema: { tags, security, body: myConsentInputSchema, response: { 200: myConsentsSchema } } },
    async (request) => {
      const u = request.user!;
      await changeConsent(app.db, request.body.purpose, request.body.given, {
        telephone: u.telephone,
        email: request.body.purpose === 'newsletter' ? u.email : null,
        userId: u.id,
        channel: 'espace_membre',
        source: 'profile',
        ip: request.ip,
      });
      // Audited with both identities: through an act-as token, the adviser or administrator chose for the person.
      await recordAudit(app.db, {
        actorId: u.id,
        actingId: u.acting_user_id ?? null,
        action: 'consent.change',
        entity: 'users',
        entityId: u.id,
        ip: request.ip,
        details: { purpose: request.body.purpose, given: request.body.given },
      });
      return currentConsents(app.db, { telephone: u.telephone, email: u.email, userId: u.id });
    },
  );

  app.get(
    '/admin/consents',
    { ...admin, schema: { tags, security, querystring: consentLookupSchema, response: { 200: z.array(consentRowSchema) } } },
    async (request) => {
      if (!request.query.telephone && !request.query.email) throw fieldError('telephone', M.lookupAddressRequired, M.lookupAddressRequired);
      return consentHistory(app.db, { telephone: request.query.telephone, email: request.query.email });
    },
  );

  // --- Requests ---

  app.post(
    '/privacy/requests',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags, body: privacyRequestInputSchema, response: { 201: privacyRequestCreatedSchema } },
    },
    async (request, reply) => {
      const created = await createRequest(app.db, request.body, { ip: request.ip, passwordCost: app.config.passwordCost });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/privacy/requests/:id/verify',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags, params: idParamsSchema, body: privacyRequestVerifySchema, response: { 200: messageSchema } },
    },
    async (request) => verifyRequest(app.db, request.params.id, request.body.code, { passwordCost: app.config.passwordCost }),
  );

  app.get(
    '/admin/privacy-requests',
    {
      ...admin,
      schema: {
        tags,
        security,
        querystring: pageQuerySchema.extend({ status: z.enum(PRIVACY_REQUEST_STATUSES).optional() }),
        response: { 200: z.array(privacyRequestRowSchema) },
      },
    },
    async (request, reply) => {
      const page = await listRequests(app.db, { status: request.query.status }, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items.map((r) => ({ ...r, kind: r.kind as never, status: r.status as never }));
    },
  );

  app.get(
    '/admin/privacy-requests/:id/export',
    { ...admin, schema: { tags, security, params: idParamsSchema } },
    async (request, reply) => {
      const req = await openRequest(app.db, request.params.id);
      const person = await personOfRequest(app.db, req);
      await recordAudit(app.db, {
        actorId: request.user!.id,
        actingId: request.user!.acting_user_id,
        action: 'privacy.export',
        entity: 'privacy_request',
        entityId: req.id,
        ip: request.ip,
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zipName(`demande-${req.id}`)}"`)
        .header('cache-control', 'private, no-store')
        .send(await exportPerson(app.db, app.storage, app.config, person));
    },
  );

  // Fulfilling: an erasure request erases (then closes), any other closes with what was done.
  app.post(
    '/admin/privacy-requests/:id/fulfil',
    { ...admin, schema: { tags, security, params: idParamsSchema, body: privacyRequestCloseSchema, response: { 200: messageSchema } } },
    async (request) => {
      const req = await openRequest(app.db, request.params.id);
      const actor = actorOf(request);
      if (req.status !== 'a_traiter') {
        await closeRequest(app.db, req.id, { status: 'traitee', outcome: request.body.outcome ?? null }, actor); // answers 409
      }
      if (req.kind === 'effacement') {
        const person = await personOfRequest(app.db, req);
        await closeRequest(app.db, req.id, { status: 'traitee', outcome: request.body.outcome ?? 'Données effacées.' }, actor);
        await erasePerson(app.db, app.storage, person, { actorId: actor.id, ip: actor.ip, actingId: actor.actingId, requestId: req.id });
      } else if (req.kind === 'acces') {
        // The person receives their data: a link to their page and ZIP, by SMS (and e-mail when known).
        const person = await personOfRequest(app.db, req);
        await app.db.transaction().execute(async (trx) => {
          const outcome = request.body.outcome ?? 'Lien vers les données envoyé à la personne (valable 7 jours).';
          await closeRequest(app.db, req.id, { status: 'traitee', outcome }, actor, trx);
          await sendDataLink(trx, req.id, person, { telephone: req.telephone }, app.config.publicUrl);
        });
      } else {
        await closeRequest(app.db, req.id, { status: 'traitee', outcome: request.body.outcome ?? null }, actor);
      }
      return { message: M.requestFulfilled };
    },
  );

  app.post(
    '/admin/privacy-requests/:id/reject',
    { ...admin, schema: { tags, security, params: idParamsSchema, body: privacyRequestCloseSchema, response: { 200: messageSchema } } },
    async (request) => {
      const req = await openRequest(app.db, request.params.id);
      await closeRequest(app.db, req.id, { status: 'refusee', outcome: request.body.outcome ?? null }, actorOf(request));
      return { message: M.requestRejected };
    },
  );

  // --- The person's own data ---

  app.get('/profile/export', { ...member, schema: { tags, security } }, async (request, reply) => {
    const u = request.user!;
    await recordAudit(app.db, {
      actorId: u.id,
      actingId: u.acting_user_id ?? null,
      action: 'privacy.export',
      entity: 'users',
      entityId: u.id,
      ip: request.ip,
    });
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${zipName('personnelles')}"`)
      .header('cache-control', 'private, no-store')
      .send(await exportPerson(app.db, app.storage, app.config, personOfAccount(u)));
  });

  app.delete(
    '/profile',
    { ...member, schema: { tags, security, body: deleteProfileSchema, response: { 200: messageSchema } } },
    async (request) => {
      const u = request.user!;
      // Erasing an account is the person's own act, like choosing its password: never through an act-as token.
      assertOwnSession(actorOf(request));
      const row = await findUserForLogin(app.db, u.id);
      if (!row) throw fieldError('current_password', M.passwordWrong, M.passwordWrong);
      // Signed in by SMS code within 15 minutes: the telephone is proved, as for choosing a password (a code-only
      // account has none to give). Otherwise the password, or a new code sign-in.
      if (!isFreshCodeSession(u.code_verified_at)) {
        const given = request.body.current_password;
        if (!given) throw fieldError('current_password', M.erasurePasswordRequired, M.erasurePasswordRequired);
        if (!(await verifyPassword(given, row.password_hash))) throw fieldError('current_password', M.passwordWrong, M.passwordWrong);
      }
      // The person's own address is not kept in the audit entry of their erasure.
      // Who acted (the person, and whoever acted as them) is kept by id; the address is not.
      await erasePerson(app.db, app.storage, personOfAccount(row), { actorId: u.id, ip: null, actingId: u.acting_user_id ?? null });
      return { message: M.accountErased };
    },
  );
  await app.register(myDataApiRoutes);
  await app.register(retentionRoutes);
  await app.register(registerRoutes);
  await app.register(breachesRoutes);
};
export default routes;
