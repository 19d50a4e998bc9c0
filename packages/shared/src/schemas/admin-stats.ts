import { ROLES } from '../constants';
import { z } from '../zod-fr';

// GET /api/admin/stats: the administrator's home (counts, money over time, questionnaire needs by zone).

const count = z.number().int().min(0);

export const adminStatsSchema = z.object({
  counts: z.object({
    /** Every account, confirmed or not, per role (all roles present, zero when none). */
    users_by_role: z.object(Object.fromEntries(ROLES.map((r) => [r, count])) as Record<(typeof ROLES)[number], typeof count>),
    unconfirmed_accounts: count,
    unconfirmed_volunteers: count,
    pending_testimonials: count,
  }),
  /** The last 12 calendar months (UTC), oldest first, zero-filled: received (approved or transferred), non-deleted records, FCFA. */
  monthly: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      donations_total: count,
      donations_count: count,
      payments_total: count,
      payments_count: count,
    }),
  ),
  /** Messages queued per month (the same 12 months) and channel actually used (sms, email, whatsapp), zero-filled. */
  messages_by_channel: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), sms: count, email: count, whatsapp: count })),
  /** How many questionnaires name each need, per zone of their author (zones compared without case/accents). */
  needs_by_zone: z.array(z.object({ zone: z.string(), need: z.string(), count })),
  /** Recurring giving: the monthly amount active pledges commit to, against what pledges brought in each month (by payment date). */
  pledges: z.object({
    committed_monthly: count,
    active: count,
    monthly: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), collected: count })),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
