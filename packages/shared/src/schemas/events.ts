import { E164_PATTERN, normalizeTelephone } from '../phone';
import { freeText, personName } from '../text-rules';
import { z } from '../zod-fr';
import { emailField } from './public-form-fields';
import { messageChannelField } from './message-channel';

// Events, registrations, tickets, check-in and volunteer shifts.

// What the browser needs without zod (statuses, messages, the rules of « over » and « closed »): zod-free/events.ts,
// so the events list and the ticket page load without zod and its schemas (issue #43).
import { EVENT_MESSAGES, REGISTRATION_STATUSES } from '../zod-free/events';

export * from '../zod-free/events';

const M = EVENT_MESSAGES;

/** Whole FCFA from a number or a string of digits; 0 means free. */
const price = z.union([z.number(), z.string()], { error: M.price }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[\s\u00a0\u202f.]/g, ''));
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000) {
    ctx.addIssue({ code: 'custom', message: M.price });
    return z.NEVER;
  }
  return n;
});

/** Benin's offset from UTC, all year (no daylight saving): a date-time typed without one is Cotonou time. */
const COTONOU_OFFSET = '+01:00';
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))?$/;

/**
 * An instant: an ISO date-time, with its offset (the web form sends Cotonou time as +01:00) or without, then read as
 * Cotonou time (Date.parse would read it in the server's own zone). A day, hour and offset that exist (2026-02-30,
 * 24:00 and +23:59 are refused), in the years an event can fall in, once turned to UTC too.
 */
export const isoInstant = (message: string = M.dateInvalid) =>
  z.string({ error: message }).transform((v, ctx) => {
    const parts = INSTANT.exec(v);
    const [y, m, d, h, min, sec, offH, offM] = [1, 2, 3, 4, 5, 6, 8, 9].map((i) => Number(parts?.[i] ?? 0));
    const real =
      parts !== null &&
      m! >= 1 &&
      m! <= 12 &&
      d! >= 1 &&
      d! <= new Date(Date.UTC(y!, m!, 0)).getUTCDate() &&
      h! <= 23 &&
      min! <= 59 &&
      sec! <= 59 &&
      offH! <= 14 &&
      offM! <= 59;
    const t = real ? Date.parse(parts[7] === undefined ? `${v}${COTONOU_OFFSET}` : v) : Number.NaN;
    const year = new Date(t).getUTCFullYear();
    if (Number.isNaN(t) || y! < 2000 || y! > 2100 || year < 2000 || year > 2100) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return new Date(t).toISOString();
  });

const eventFields = {
  title: freeText({ requiredMessage: M.titleRequired, min: 3, minMessage: M.titleLength, max: 150, maxMessage: M.titleLength }),
  description: freeText({ requiredMessage: M.descriptionRequired, max: 5000, maxMessage: M.descriptionLength, multiline: true }),
  starts_at: isoInstant(),
  ends_at: isoInstant(),
  place: freeText({ requiredMessage: M.placeRequired, max: 200, maxMessage: M.placeLength }),
  capacity: z.coerce.number({ error: M.capacity }).int(M.capacity).min(1, M.capacity).max(100_000, M.capacity),
  price_member: price,
  price_public: price,
  registration_closes_at: isoInstant().nullish(),
  published: z.boolean({ error: 'Valeur invalide.' }).default(false),
};

export const eventInputSchema = z.object(eventFields).superRefine((v, ctx) => {
  if (v.ends_at <= v.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: M.endBeforeStart });
  if (v.registration_closes_at && v.registration_closes_at > v.starts_at)
    ctx.addIssue({ code: 'custom', path: ['registration_closes_at'], message: M.closesAfterStart });
});
export type EventInput = z.input<typeof eventInputSchema>;
export type EventData = z.output<typeof eventInputSchema>;

export const eventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  place: z.string(),
  capacity: z.number(),
  seats_left: z.number(),
  price_member: z.number(),
  price_public: z.number(),
  registration_closes_at: z.string().nullable(),
  published: z.boolean(),
  status: z.enum(['actif', 'annule']),
  created_at: z.string(),
});
export type EventItem = z.infer<typeof eventSchema>;

const telephone = z
  .union([z.string(), z.number()], { error: M.telephone })
  .transform((v) => normalizeTelephone(String(v).trim()))
  .pipe(z.string().regex(E164_PATTERN, M.telephone));

export const registrationInputSchema = z.object({
  name: personName({ requiredMessage: M.nameRequired, minLetters: 1, minMessage: M.nameRequired, max: 100, maxMessage: M.nameLength }),
  telephone,
  email: z
    .string()
    .trim()
    .max(150)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(emailField().optional()),
  seats: z.coerce.number({ error: M.seats }).int(M.seats).min(1, M.seats).max(5, M.seats).default(1),
  /** SMS or WhatsApp for the ticket and reminders, recorded as the WhatsApp consent (docs/product/personal-data.md). */
  channel: messageChannelField(),
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;

export const registrationResponseSchema = z.object({
  id: z.number(),
  status: z.enum(REGISTRATION_STATUSES),
  checkout_url: z.string().optional(),
  ticket_url: z.string().optional(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** GET /api/profile/tickets: the signed-in person's registrations (« Mon espace »), with the ticket's page. */
export const ownTicketSchema = z.object({
  id: z.number(),
  status: z.enum(REGISTRATION_STATUSES),
  seats: z.number(),
  code: z.string(),
  ticket_url: z.string(),
  event: z.object({ title: z.string(), starts_at: z.string(), place: z.string() }),
});
export type OwnTicket = z.infer<typeof ownTicketSchema>;

export const ticketSchema = z.object({
  status: z.enum(REGISTRATION_STATUSES),
  seats: z.number(),
  event_id: z.number(),
  code: z.string(),
  name: z.string(),
  amount: z.number(),
  checked_in_at: z.string().nullable(),
  /** On the waiting list: its place (1 = the next to get a seat); null otherwise. */
  waiting_position: z.number().nullable(),
  /** FCFA the association would give back were the ticket cancelled now (a paid, confirmed one); 0 otherwise. */
  refund_on_cancel: z.number(),
  event: z.object({ title: z.string(), starts_at: z.string(), ends_at: z.string(), place: z.string(), status: z.string() }),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const checkInInputSchema = z
  .object({
    code: z.string().trim().max(20).optional(),
    token: z.string().trim().max(300).optional(),
    /** When the scan happened on the device (scans kept offline arrive later). */
    scanned_at: isoInstant().optional(),
    device_id: z.string().trim().max(64).optional(),
  })
  .refine((v) => Boolean(v.code || v.token), { path: ['code'], message: M.codeOrToken });
export type CheckInInput = z.input<typeof checkInInputSchema>;

export const checkInResponseSchema = z.object({ name: z.string(), seats: z.number(), checked_in_at: z.string() });

export const checkInListSchema = z.object({
  event_id: z.number(),
  /** PBKDF2-SHA-256 parameters of `code_hash`: the event's salt and the iterations. */
  code_salt: z.string(),
  code_iterations: z.number(),
  tickets: z.array(
    z.object({
      /** SHA-256 (hex) of the QR token, and PBKDF2 (hex, 32 bytes) of the upper-case code: the device matches scans without holding the tickets. */
      token_hash: z.string(),
      code_hash: z.string(),
      name: z.string(),
      seats: z.number(),
      /** A cancelled ticket is held too, so the door reads « Billet annulé ». */
      status: z.enum(['confirme', 'annule']),
      checked_in_at: z.string().nullable(),
      checked_in_device: z.string().nullable(),
    }),
  ),
});
export type CheckInList = z.infer<typeof checkInListSchema>;

export const attendanceItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  telephone: z.string(),
  seats: z.number(),
  status: z.enum(REGISTRATION_STATUSES),
  code: z.string(),
  amount: z.number(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
  /** On the waiting list: its place (1 = the next to get a seat); null otherwise. */
  waiting_position: z.number().nullable(),
  /** FCFA received for it that the association owes back (cancelled after paying, paid twice, paid without a seat). */
  refund_due: z.number(),
});
export type AttendanceItem = z.infer<typeof attendanceItemSchema>;

export const receptionInputSchema = z.object({
  volunteer_ids: z
    .array(z.number({ error: M.volunteerIds }).int(M.volunteerIds).positive(M.volunteerIds), { error: M.volunteerIds })
    .max(100),
});

export const receptionSchema = z.object({
  volunteer_ids: z.array(z.number()),
  /** The confirmed volunteers the coordinator chooses from, by name. */
  candidates: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Reception = z.infer<typeof receptionSchema>;

export const shiftInputSchema = z
  .object({
    label: freeText({ requiredMessage: M.shiftLabel, min: 2, minMessage: M.shiftLabel, max: 100, maxMessage: M.shiftLabel }),
    starts_at: isoInstant(),
    ends_at: isoInstant(),
    slots: z.coerce.number({ error: M.slots }).int(M.slots).min(1, M.slots).max(500, M.slots),
  })
  .superRefine((v, ctx) => {
    if (v.ends_at <= v.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: M.endBeforeStart });
  });
export type ShiftInput = z.input<typeof shiftInputSchema>;

export const SIGNUP_STATUSES = ['inscrit', 'confirme', 'libere', 'annule'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

export const shiftSchema = z.object({
  id: z.number(),
  event_id: z.number(),
  event_title: z.string(),
  label: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  slots: z.number(),
  slots_left: z.number(),
  /** The signed-in volunteer's own signup on this shift, if any. */
  my_status: z.enum(SIGNUP_STATUSES).nullable(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const shiftHoursInputSchema = z.object({
  confirmed: z.literal(true, { error: M.hoursConfirmedTrue }),
  minutes: z.coerce.number({ error: M.hoursMinutes }).int(M.hoursMinutes).min(0, M.hoursMinutes).max(100_000, M.hoursMinutes).optional(),
});
export type ShiftHoursInput = z.input<typeof shiftHoursInputSchema>;

/** A shift's roster for the coordinator: each signup with its stamps, the minutes inside the window, and what was confirmed. */
export const shiftRosterItemSchema = z.object({
  id: z.number(),
  volunteer_id: z.number(),
  name: z.string(),
  telephone: z.string().nullable(),
  status: z.enum(SIGNUP_STATUSES),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  /** Minutes between arrival and departure, counted inside the shift's window only. */
  served_minutes: z.number().nullable(),
  confirmed_minutes: z.number().nullable(),
  hours_confirmed_at: z.string().nullable(),
});
export type ShiftRosterItem = z.infer<typeof shiftRosterItemSchema>;

export const adminShiftSchema = z.object({
  id: z.number(),
  event_id: z.number(),
  label: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  slots: z.number(),
  taken: z.number(),
});
export type AdminShift = z.infer<typeof adminShiftSchema>;

export const volunteerCodeRequestSchema = z.object({ telephone });
export const volunteerCodeLoginSchema = z.object({
  telephone,
  code: z
    .string({ error: 'Le code est requis.' })
    .trim()
    .regex(/^\d{6}$/, 'Le code doit comporter 6 chiffres.'),
});
