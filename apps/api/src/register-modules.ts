import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './modules/accounts';
import { adminRoutes } from './modules/admin';
import { auditRoutes, recordAudit } from './modules/audit';
import { contactRoutes } from './modules/contact';
import { healthRoutes } from './modules/health';
import { membershipRoutes } from './modules/membership';
import { messageRoutes } from './modules/messages';
import { newsletterSendingRoutes, newsletterSubscriptionRoutes } from './modules/newsletter';
import { operationsRoutes } from './modules/operations';
import { paymentRoutes, paymentsContext } from './modules/payments';
import { projectRoutes } from './modules/projects';
import { providerRoutes } from './modules/providers';
import { questionnaireRoutes } from './modules/questionnaires';
import { testimonialRoutes } from './modules/testimonials';
import { volunteerRoutes } from './modules/volunteers';
import csvRouteHook from './platform/exports/csv-route-hook';
import publicLists from './platform/http/public-lists';
import { whatsappRoutes } from './modules/whatsapp';
import { pledgeRoutes } from './modules/pledges';
import { smsCommandRoutes } from './modules/sms-commands';
import { eventRoutes } from './modules/events';
import { treasuryRoutes } from './modules/treasury';
import { booksRoutes } from './modules/books';
import { settingsRoutes } from './modules/settings';
import { myDataPageRoutes, privacyRoutes } from './modules/privacy';
import { zoneRoutes } from './modules/places';

/** Every API area, under /api. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  // At the root: `app.payments` is shared by the payments and operations routes, and reachable from tests.
  await app.register(paymentsContext);
  await app.register(publicLists);
  // `/mes-donnees/{token}`: a server page outside /api (the person's data, printable, without the web app).
  await app.register(myDataPageRoutes);
  await app.register(
    async (api) => {
      // First: it acts on every route declared after it (the CSV export of the lists that declare one).
      // Every CSV export lands in the audit trail: who, which list, which filters, how many rows.
      await api.register(csvRouteHook, {
        onExported: (request, summary) =>
          recordAudit(app.db, {
            actorId: request.user?.id ?? null,
            actingId: request.user?.acting_user_id ?? null,
            ip: request.ip,
            action: 'export.csv',
            entity: 'export',
            entityId: summary.list,
            details: { ...summary },
          }),
      });
      await api.register(healthRoutes);
      await api.register(accountRoutes);
      // The public site's forms and lists, with their moderation: the only scope with a multipart parser (upload
      // limits are given per request by platform/uploads/uploads.ts).
      await api.register(async (site) => {
        await site.register(multipart, { throwFileSizeLimit: false });
        await site.register(volunteerRoutes);
        await site.register(testimonialRoutes);
        await site.register(projectRoutes);
        await site.register(contactRoutes);
        await site.register(newsletterSubscriptionRoutes);
      });
      await api.register(paymentRoutes);
      await api.register(providerRoutes);
      await api.register(questionnaireRoutes);
      await api.register(adminRoutes);
      await api.register(messageRoutes);
      await api.register(newsletterSendingRoutes);
      await api.register(auditRoutes);
      await api.register(membershipRoutes);
      await api.register(operationsRoutes);
      await api.register(treasuryRoutes);
      await api.register(booksRoutes);
      await api.register(whatsappRoutes);
      await api.register(pledgeRoutes);
      await api.register(smsCommandRoutes);
      await api.register(eventRoutes);
      await api.register(settingsRoutes);
      await api.register(privacyRoutes);
      await api.register(zoneRoutes);
    },
    { prefix: '/api' },
  );
}
