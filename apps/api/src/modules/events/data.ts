import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { RECEIVED_STATUSES } from '@shared/constants';
import { type DB, nowIso } from '../../platform/database/database';
import type { Database, EventRegistrationsTable, EventShiftsTable, EventsTable, ShiftSignupsTable } from '../../platform/database/schema';

// Every query of the events area: events, registrations, reception, shifts, volunteer sessions.

export type Executor = DB | Transaction<Database>;
export type EventRow = Selectable<EventsTable>;
export type RegistrationRow = Selectable<EventRegistrationsTable>;
export type ShiftRow = Selectable<EventShiftsTable>;
export type SignupRow = Selectable<ShiftSignupsTable>;

// ---- events

export async function insertEvent(db: Executor, values: Omit<EventsTable, 'id' | 'seats_taken' | 'status'>): Promise<EventRow> {
  return db.insertInto('events').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEvent(db: Executor, id: number, patch: Partial<Omit<EventRow, 'id'>>): Promise<EventRow | undefined> {
  return db.updateTable('events').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** A new capacity, refused (undefined) when below the seats already given. */
export async function updateEventGuarded(db: Executor, id: number, patch: Partial<Omit<EventRow, 'id'>>, capacity: number) {
  return db
    .updateTable('events')
    .set({ ...patch, capacity })
    .where('id', '=', id)
    .where('seats_taken', '<=', capacity)
    .returningAll()
    .executeTakeFirst();
}

export async function findEvent(db: Executor, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Published events: the upcoming ones first (soonest first), then past ones (latest first). */
export async function listPublishedEvents(db: DB, now: string): Promise<EventRow[]> {
  const [upcoming, past] = await Promise.all([
    db
      .selectFrom('events')
      .selectAll()
      .where('published', '=', 1)
      .where('ends_at', '>=', now)
      .orderBy('starts_at', 'asc')
      .limit(100)
      .execute(),
    db
      .selectFrom('events')
      .selectAll()
      .where('published', '=', 1)
      .where('ends_at', '<', now)
      .orderBy('starts_at', 'desc')
      .limit(20)
      .execute(),
  ]);
  return [...upcoming, ...past];
}

export async function listAllEvents(db: DB): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().orderBy('starts_at', 'desc').limit(500).execute();
}

/**
 * Takes `seats` from the event's counter in one conditional UPDATE: true when they fitted. Both engines
 * evaluate the condition on the row as it is when written (PostgreSQL re-checks it after waiting for a
 * concurrent writer's lock), so no two registrations can share the last seat. `behindWaiting` (a new
 * registration) also refuses them while anyone is on the event's waiting list: free seats are theirs first.
 */
export async function takeSeats(db: Executor, eventId: number, seats: number, options: { behindWaiting?: boolean } = {}): Promise<boolean> {
  let query = db
    .updateTable('events')
    .set({ seats_taken: sql`seats_taken + ${seats}` })
    .where('id', '=', eventId)
    .where(sql<boolean>`seats_taken + ${seats} <= capacity`);
  if (options.behindWaiting) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('event_registrations')
            .select('event_registrations.id')
            .where('event_registrations.event_id', '=', eventId)
            .where('event_registrations.status', '=', 'liste_attente'),
        ),
      ),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Which of these events have someone on their waiting list. */
export async function eventsWithWaiting(db: Executor, eventIds: number[]): Promise<Set<number>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('event_registrations')
    .select('event_id')
    .distinct()
    .where('event_id', 'in', eventIds)
    .where('status', '=', 'liste_attente')
    .execute();
  return new Set(rows.map((r) => r.event_id));
}

export async function releaseSeats(db: Executor, eventId: number, seats: number): Promise<void> {
  await db
    .updateTable('events')
    .set({ seats_taken: sql`case when seats_taken >= ${seats} then seats_taken - ${seats} else 0 end` })
    .where('id', '=', eventId)
    .execute();
}

// ---- registrations

export async function insertRegistration(
  db: Executor,
  values: Omit<EventRegistrationsTable, 'id' | 'door_code_hash'>,
): Promise<RegistrationRow> {
  return db.insertInto('event_registrations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function codeTaken(db: Executor, eventId: number, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_registrations')
    .select('id')
    .where('event_id', '=', eventId)
    .where('code', '=', code)
    .executeTakeFirst();
  return Boolean(row);
}

export async function findRegistration(db: Executor, id: number): Promise<RegistrationRow | undefined> {
  return db.selectFrom('event_registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRegistrationByCode(db: Executor, eventId: number, code: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('code', '=', code).executeTakeFirst();
}

/**
 * The registration a payment pays: the one the payment names (every payment for seats does, migration 20261130_1400),
 * else the one that links it. Not only the registration's current payment: a payer may pay an older checkout.
 */
export async function findRegistrationByPayment(db: Executor, paymentId: number): Promise<RegistrationRow | undefined> {
  const named = await db
    .selectFrom('event_registrations')
    .selectAll('event_registrations')
    .innerJoin('payments', 'payments.event_registration_id', 'event_registrations.id')
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
  return named ?? db.selectFrom('event_registrations').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/** A payment that paid for seats: money received, not cancelled by hand. */
export interface PaidPayment {
  id: number;
  amount: number;
  event_registration_id: number | null;
}

/** A registration's linked payment when its money was received (the payment that confirmed its seats), if any. */
export async function receivedPayment(db: Executor, paymentId: number | null): Promise<PaidPayment | undefined> {
  if (paymentId === null) return undefined;
  return db
    .selectFrom('payments')
    .select(['id', 'amount', 'event_registration_id'])
    .where('id', '=', paymentId)
    .where('transaction_status', 'in', [...RECEIVED_STATUSES])
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Every payment received for the event's registrations (the money the back office weighs against the seats kept). */
export async function paidPaymentsOfEvent(db: Executor, eventId: number): Promise<PaidPayment[]> {
  return db
    .selectFrom('payments')
    .innerJoin('event_registrations', 'event_registrations.id', 'payments.event_registration_id')
    .select(['payments.id', 'payments.amount', 'payments.event_registration_id'])
    .where('event_registrations.event_id', '=', eventId)
    .where('payments.transaction_status', 'in', [...RECEIVED_STATUSES])
    .where('payments.deleted_at', 'is', null)
    .execute();
}

/** Changes a registration only if it is still in one of `fromStatuses`: true when it did (the caller won the race). */
export async function moveRegistration(
  db: Executor,
  id: number,
  fromStatuses: readonly string[],
  patch: Partial<Omit<RegistrationRow, 'id'>>,
  options: { notCheckedIn?: boolean } = {},
): Promise<boolean> {
  let query = db
    .updateTable('event_registrations')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', [...fromStatuses]);
  if (options.notCheckedIn) query = query.where('checked_in_at', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Links a new payment to a registration still waiting for its payment, only if its payment is still `expected` (the
 * one the caller saw): of two requests opening a checkout at once, exactly one links its payment. True when linked.
 */
export async function linkRegistrationPayment(db: Executor, id: number, expected: number | null, paymentId: number): Promise<boolean> {
  const result = await db
    .updateTable('event_registrations')
    .set({ payment_id: paymentId, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'paiement_attendu')
    .where('payment_id', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function firstWaiting(db: Executor, eventId: number): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'liste_attente')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks the first check-in, or replaces one recorded later than `at` (the earliest scan wins). */
export async function recordCheckIn(db: Executor, id: number, at: string, device: string | null): Promise<boolean> {
  const result = await db
    .updateTable('event_registrations')
    .set({ checked_in_at: at, checked_in_device: device })
    .where('id', '=', id)
    .where('status', '=', 'confirme')
    .where((w) => w.or([w('checked_in_at', 'is', null), w('checked_in_at', '>', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The tickets the door knows: confirmed ones, and cancelled ones (so the door says « Billet annulé »). */
export async function doorTickets(db: DB, eventId: number): Promise<RegistrationRow[]> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', 'in', ['confirme', 'annule'])
    .orderBy('id', 'asc')
    .limit(20_000)
    .execute();
}

export async function setDoorCodeHash(db: DB, id: number, hash: string): Promise<void> {
  await db.updateTable('event_registrations').set({ door_code_hash: hash }).where('id', '=', id).execute();
}

export function attendanceQuery(db: DB, eventId: number) {
  return db
    .selectFrom('event_registrations')
    .select(['id', 'name', 'telephone', 'seats', 'status', 'code', 'amount', 'payment_id', 'checked_in_at', 'created_at'])
    .where('event_id', '=', eventId);
}

/** Every registration of the event in order, each waiting one with its place in the waiting list (1 = next). */
export async function listAttendance(db: DB, eventId: number) {
  const rows = await attendanceQuery(db, eventId).orderBy('id', 'asc').limit(5000).execute();
  let waiting = 0;
  return rows.map((r) => ({ ...r, waiting_position: r.status === 'liste_attente' ? ++waiting : null }));
}

/** A waiting registration's place in the list (promotion goes by id): 1 is the next to get a seat. */
export async function waitingPosition(db: Executor, eventId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'liste_attente')
    .where('id', '<=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Confirmed volunteers the coordinator may put at a reception, by name. */
export async function receptionCandidates(db: DB) {
  return db
    .selectFrom('volunteers')
    .select(['id', 'name'])
    .where('is_confirmed', '=', 1)
    .where('name', 'not like', '%anonymis%')
    .orderBy('name', 'asc')
    .limit(1000)
    .execute();
}

/** Unpaid holds past their time. */
export async function expiredHolds(db: DB, now: string): Promise<RegistrationRow[]> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('status', '=', 'paiement_attendu')
    .where('hold_expires_at', '<=', now)
    .orderBy('id', 'asc')
    .limit(200)
    .execute();
}

/** Confirmed registrations of the active events starting between `from` and `to`. */
export async function registrationsStartingBetween(db: DB, from: string, to: string) {
  return db
    .selectFrom('event_registrations')
    .innerJoin('events', 'events.id', 'event_registrations.event_id')
    .selectAll('event_registrations')
    .select(['events.title as event_title', 'events.starts_at as event_starts_at', 'events.place as event_place'])
    .where('events.status', '=', 'actif')
    .where('events.starts_at', '>=', from)
    .where('events.starts_at', '<', to)
    .where('event_registrations.status', '=', 'confirme')
    .limit(5000)
    .execute();
}

export async function activeRegistrationsOfEvent(db: Executor, eventId: number): Promise<RegistrationRow[]> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', 'in', ['confirme', 'paiement_attendu', 'liste_attente'])
    .orderBy('id', 'asc')
    .execute();
}

// ---- reception and volunteers

export async function setReception(db: Executor, eventId: number, volunteerIds: number[]): Promise<void> {
  await db.deleteFrom('event_reception').where('event_id', '=', eventId).execute();
  if (volunteerIds.length > 0) {
    await db
      .insertInto('event_reception')
      .values(volunteerIds.map((volunteer_id) => ({ event_id: eventId, volunteer_id })))
      .execute();
  }
}

export async function isAtReception(db: DB, eventId: number, volunteerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('event_reception')
    .select('volunteer_id')
    .where('event_id', '=', eventId)
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function receptionOf(db: DB, eventId: number): Promise<number[]> {
  const rows = await db.selectFrom('event_reception').select('volunteer_id').where('event_id', '=', eventId).execute();
  return rows.map((r) => r.volunteer_id);
}

export async function confirmedVolunteers(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('volunteers').select(['id', 'name', 'telephone']).where('id', 'in', ids).where('is_confirmed', '=', 1).execute();
}

export async function findVolunteer(db: Executor, id: number) {
  return db.selectFrom('volunteers').select(['id', 'name', 'telephone', 'email', 'is_confirmed']).where('id', '=', id).executeTakeFirst();
}

export async function confirmedVolunteerByTelephone(db: DB, telephone: string) {
  return db
    .selectFrom('volunteers')
    .select(['id', 'name', 'telephone', 'email'])
    .where('telephone', '=', telephone)
    .where('is_confirmed', '=', 1)
    .orderBy('id', 'asc')
    .executeTakeFirst();
}

export async function otherReachableVolunteers(db: Executor, exceptShiftId: number, limit: number) {
  return db
    .selectFrom('volunteers')
    .select(['id', 'name', 'telephone'])
    .where('is_confirmed', '=', 1)
    .where('telephone', 'is not', null)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('shift_signups')
        .select('volunteer_id')
        .where('shift_id', '=', exceptShiftId)
        .where('status', 'in', ['inscrit', 'confirme']),
    )
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

export async function insertVolunteerSession(db: DB, volunteerId: number, tokenHash: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('volunteer_sessions')
    .values({ volunteer_id: volunteerId, token_hash: tokenHash, expires_at: expiresAt, created_at: nowIso() })
    .execute();
}

/** The confirmed volunteer a live session token belongs to. */
export async function volunteerOfSession(db: DB, tokenHash: string, now: string) {
  return db
    .selectFrom('volunteer_sessions')
    .innerJoin('volunteers', 'volunteers.id', 'volunteer_sessions.volunteer_id')
    .select(['volunteers.id as id', 'volunteers.name as name', 'volunteers.telephone as telephone'])
    .where('volunteer_sessions.token_hash', '=', tokenHash)
    .where('volunteer_sessions.expires_at', '>', now)
    .where('volunteers.is_confirmed', '=', 1)
    .executeTakeFirst();
}

// ---- shifts

export async function insertShift(db: Executor, values: Omit<EventShiftsTable, 'id' | 'taken'>): Promise<ShiftRow> {
  return db.insertInto('event_shifts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findShift(db: Executor, id: number) {
  return db
    .selectFrom('event_shifts')
    .innerJoin('events', 'events.id', 'event_shifts.event_id')
    .selectAll('event_shifts')
    .select(['events.title as event_title', 'events.status as event_status'])
    .where('event_shifts.id', '=', id)
    .executeTakeFirst();
}

/** Shifts not yet ended of active events, each with this volunteer's own signup. */
export async function shiftsForVolunteer(db: DB, volunteerId: number, now: string) {
  return db
    .selectFrom('event_shifts')
    .innerJoin('events', 'events.id', 'event_shifts.event_id')
    .leftJoin('shift_signups', (j) =>
      j.onRef('shift_signups.shift_id', '=', 'event_shifts.id').on('shift_signups.volunteer_id', '=', volunteerId),
    )
    .selectAll('event_shifts')
    .select([
      'events.title as event_title',
      'shift_signups.status as my_status',
      'shift_signups.checked_in_at as checked_in_at',
      'shift_signups.checked_out_at as checked_out_at',
    ])
    .where('events.status', '=', 'actif')
    .where((w) => w.or([w('event_shifts.ends_at', '>', now), w('shift_signups.status', 'is not', null)]))
    .orderBy('event_shifts.starts_at', 'asc')
    .limit(200)
    .execute();
}

export async function takeSlot(db: Executor, shiftId: number): Promise<boolean> {
  const result = await db
    .updateTable('event_shifts')
    .set({ taken: sql`taken + 1` })
    .where('id', '=', shiftId)
    .where(sql<boolean>`taken + 1 <= slots`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseSlot(db: Executor, shiftId: number): Promise<void> {
  await db
    .updateTable('event_shifts')
    .set({ taken: sql`case when taken > 0 then taken - 1 else 0 end` })
    .where('id', '=', shiftId)
    .execute();
}

export async function findSignup(db: Executor, shiftId: number, volunteerId: number): Promise<SignupRow | undefined> {
  return db
    .selectFrom('shift_signups')
    .selectAll()
    .where('shift_id', '=', shiftId)
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
}

export async function findSignupById(db: Executor, id: number): Promise<SignupRow | undefined> {
  return db.selectFrom('shift_signups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSignup(db: Executor, shiftId: number, volunteerId: number, nonce: string): Promise<SignupRow> {
  const now = nowIso();
  return db
    .insertInto('shift_signups')
    .values({ shift_id: shiftId, volunteer_id: volunteerId, status: 'inscrit', confirm_nonce: nonce, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function moveSignup(
  db: Executor,
  id: number,
  fromStatuses: readonly string[],
  patch: Partial<Omit<SignupRow, 'id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('shift_signups')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', [...fromStatuses])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a check-in or check-out time once (the first wins). */
export async function stampSignup(db: Executor, id: number, column: 'checked_in_at' | 'checked_out_at', at: string): Promise<boolean> {
  const result = await db
    .updateTable('shift_signups')
    .set({ [column]: at, updated_at: nowIso() })
    .where('id', '=', id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Signups still « inscrit » of shifts starting between `from` and `to`, with what their messages need. */
export async function unconfirmedSignupsStartingBetween(db: DB, from: string, to: string) {
  return db
    .selectFrom('shift_signups')
    .innerJoin('event_shifts', 'event_shifts.id', 'shift_signups.shift_id')
    .innerJoin('events', 'events.id', 'event_shifts.event_id')
    .innerJoin('volunteers', 'volunteers.id', 'shift_signups.volunteer_id')
    .selectAll('shift_signups')
    .select([
      'event_shifts.label as label',
      'event_shifts.starts_at as starts_at',
      'events.title as event_title',
      'volunteers.name as volunteer_name',
      'volunteers.telephone as volunteer_telephone',
    ])
    .where('shift_signups.status', '=', 'inscrit')
    .where('events.status', '=', 'actif')
    .where('event_shifts.starts_at', '>=', from)
    .where('event_shifts.starts_at', '<', to)
    .limit(1000)
    .execute();
}

/** Hours served: the signups whose hours the coordinator confirmed (of shifts still held), with their shift and event. */
export async function servedSignups(db: DB, volunteerId: number) {
  return db
    .selectFrom('shift_signups')
    .innerJoin('event_shifts', 'event_shifts.id', 'shift_signups.shift_id')
    .innerJoin('events', 'events.id', 'event_shifts.event_id')
    .select([
      'shift_signups.hours_minutes as hours_minutes',
      'event_shifts.starts_at as starts_at',
      'event_shifts.ends_at as ends_at',
      'event_shifts.label as label',
      'events.title as event_title',
    ])
    .where('shift_signups.volunteer_id', '=', volunteerId)
    .where('shift_signups.status', 'in', ['inscrit', 'confirme'])
    .where('shift_signups.hours_confirmed_at', 'is not', null)
    .where('shift_signups.hours_minutes', 'is not', null)
    .orderBy('event_shifts.starts_at', 'asc')
    .execute();
}

/** Every signup of a shift with its volunteer's name, for the coordinator. */
export async function rosterOfShift(db: DB, shiftId: number) {
  return db
    .selectFrom('shift_signups')
    .innerJoin('volunteers', 'volunteers.id', 'shift_signups.volunteer_id')
    .selectAll('shift_signups')
    .select(['volunteers.name as name', 'volunteers.telephone as telephone'])
    .where('shift_signups.shift_id', '=', shiftId)
    .orderBy('shift_signups.id', 'asc')
    .limit(1000)
    .execute();
}

export async function shiftsOfEvent(db: DB, eventId: number): Promise<ShiftRow[]> {
  return db.selectFrom('event_shifts').selectAll().where('event_id', '=', eventId).orderBy('starts_at', 'asc').limit(500).execute();
}

/** Active events not yet over with free seats and someone waiting (a seat freed while a waiting registration was being written). */
export async function eventsWithFreeSeatsAndWaiting(db: DB, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('status', '=', 'actif')
    .where('ends_at', '>=', now)
    .where(sql<boolean>`seats_taken < capacity`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_registrations')
          .select('event_registrations.id')
          .whereRef('event_registrations.event_id', '=', 'events.id')
          .where('event_registrations.status', '=', 'liste_attente'),
      ),
    )
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}

/** The name of the newest registration made with one of these telephone spellings (the code sign-in's new account). */
export function registrationNameByTelephone(db: Executor, spellings: string[]): Promise<{ name: string } | undefined> {
  if (spellings.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('event_registrations')
    .select('name')
    .where('telephone', 'in', spellings)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Links to the account the registrations made with its telephone and not linked to anyone yet (idempotent). */
export async function linkRegistrationsByTelephone(db: Executor, userId: number, spellings: string[]): Promise<void> {
  if (spellings.length === 0) return;
  await db
    .updateTable('event_registrations')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('telephone', 'in', spellings)
    .execute();
}

/** An account's registrations with their event, newest event first (« Mon espace »). */
export function registrationsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('event_registrations')
    .innerJoin('events', 'events.id', 'event_registrations.event_id')
    .selectAll('event_registrations')
    .select(['events.title as event_title', 'events.starts_at as event_starts_at', 'events.place as event_place'])
    .where('event_registrations.user_id', '=', userId)
    .orderBy('events.starts_at', 'desc')
    .limit(50)
    .execute();
}

/** The first registration ever made for an event with a telephone, whatever its status now (a stable key per telephone). */
export async function firstRegistrationIdOf(db: Executor, eventId: number, telephone: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.min<number>('id').as('id'))
    .where('event_id', '=', eventId)
    .where('telephone', '=', telephone)
    .executeTakeFirst();
  return row?.id ?? undefined;
}
