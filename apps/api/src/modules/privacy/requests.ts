import {
  PRIVACY_MESSAGES as M,
  PRIVACY_REQUEST_DAYS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_WARNING_DAYS,
  type PrivacyRequestKind,
} from '@shared/schemas/privacy';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { conflict, fieldError, HttpError, notFound } from '../../platform/lib/http-errors';
import { toE164 } from '../../platform/lib/phone';
import { MAX_SKIPPED_ROWS, PAGE_MESSAGES } from '../../platform/lib/pagination';
import { type AuditActor, recordAudit } from '../audit';
import { CODE_MASK, issueCode, verifyCode } from '../codes';
import { notifyPerson } from '../messages';
import { findUserByTelephones } from './data/person';
import * as data from './data/requests';
import { telephoneSpellings } from '../../platform/lib/phone';

// Requests about one's data (docs/product/personal-data.md — Requests): made by anyone, proved by a 6-digit code
// sent by SMS to the telephone it names (by e-mail only when it names no telephone), due 45 days after the proof, closed by an administrator.

const DAY = 24 * 60 * 60 * 1000;

function requestCodeNotice(code: string) {
  const sms = `ASBE : votre code pour confirmer votre demande sur vos données personnelles est ${code}. Il est valable 15 minutes.`;
  return {
    subject: 'Confirmez votre demande sur vos données personnelles',
    sms,
    text: `${sms}\n\nSi vous n’avez rien demandé, ignorez ce message.`,
  };
}

const subjectOf = (id: number) => `privacy_request:${id}`;

/**
 * Opens a request and sends its code. A telephone given: the code goes by SMS to it ONLY (an e-mail given beside it
 * is never sent the code nor kept: an attacker's address must not prove someone else's telephone). No telephone: the
 * code goes to the e-mail, and the request covers that e-mail's data only (personOfRequest).
 */
export async function createRequest(
  db: DB,
  input: { kind: PrivacyRequestKind; telephone?: string; email?: string; details: string },
  opts: { ip: string | null; passwordCost: number },
): Promise<{ id: number; message: string }> {
  const telephone = input.telephone ? toE164(input.telephone) : null;
  if (input.telephone && !telephone) throw fieldError('telephone', M.telephoneInvalid);
  const email = telephone ? null : (input.email ?? null);
  if (!telephone && !email) throw fieldError('telephone', M.telephoneInvalid);
  const id = await data.insertRequest(db, {
    kind: input.kind,
    telephone,
    email,
    details: input.details,
    ip: opts.ip,
    createdAt: clock.now().toISOString(),
  });
  const result = await issueCode(db, {
    purpose: 'privacy_request',
    subject: subjectOf(id),
    passwordCost: opts.passwordCost,
    notify: (trx, code) =>
      notifyPerson(trx, telephone ? { telephone } : { email }, { ...requestCodeNotice(CODE_MASK), secret: code, category: 'code' }),
  });
  if (result === 'limited') throw new HttpError(429, M.tooManyCodes);
  return { id, message: telephone ? M.requestCodeSent : M.requestCodeSentByEmail };
}

export async function verifyRequest(db: DB, id: number, code: string, opts: { passwordCost: number }): Promise<{ message: string }> {
  const request = await data.findRequest(db, id);
  if (!request) throw notFound(M.requestNotFound);
  if (request.status !== 'en_attente_code') throw conflict(M.requestAlreadyVerified);
  const checked = await verifyCode(db, { purpose: 'privacy_request', subject: subjectOf(id), code, passwordCost: opts.passwordCost });
  if (!checked.ok) throw fieldError('code', M.codeInvalid, M.codeInvalid);
  const now = clock.now();
  const account = request.telephone ? await findUserByTelephones(db, telephoneSpellings(request.telephone)) : undefined;
  await db.transaction().execute(async (trx) => {
    if (
      !(await data.markVerified(trx, id, {
        verifiedAt: now.toISOString(),
        dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DAYS * DAY).toISOString(),
        userId: account?.id ?? null,
      }))
    )
      throw conflict(M.requestAlreadyVerified);
    await recordAudit(trx, {
      actorId: null,
      actingId: null,
      action: 'privacy.request',
      entity: 'privacy_request',
      entityId: id,
      ip: null,
      details: { kind: request.kind },
    });
  });
  return { message: M.requestVerified };
}

export async function listRequests(db: DB, filter: { status?: string }, page: { page: number; per_page: number }) {
  const offset = (page.page - 1) * page.per_page;
  // Its order (open first by due date) is not the lists' newest first: pages are skips, bounded like theirs.
  if (offset > MAX_SKIPPED_ROWS) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  return data.listRequests(db, filter, { limit: page.per_page, offset });
}

/** An open request, or the right refusal. */
export async function openRequest(db: DB, id: number) {
  const request = await data.findRequest(db, id);
  if (!request) throw notFound(M.requestNotFound);
  if (request.status === 'en_attente_code') throw conflict(M.requestNotVerified);
  return request;
}

/** Closes a request (fulfilled or refused), once; audited with who acted. */
export async function closeRequest(
  db: DB,
  id: number,
  v: { status: 'traitee' | 'refusee'; outcome: string | null },
  actor: AuditActor,
  trx?: DB,
): Promise<void> {
  const run = async (t: DB) => {
    if (!(await data.closeRequest(t, id, { ...v, closedAt: clock.now().toISOString(), closedBy: actor.id })))
      throw conflict(M.requestAlreadyClosed);
    await recordAudit(t, {
      actorId: actor.id,
      actingId: actor.actingId,
      action: v.status === 'traitee' ? 'privacy.request.fulfil' : 'privacy.request.reject',
      entity: 'privacy_request',
      entityId: id,
      ip: actor.ip,
    });
  };
  if (trx) await run(trx);
  else await db.transaction().execute(run);
}

/** The dashboard's « À traiter »: open requests, and those due within 7 days (or overdue). */
export async function requestsToHandle(db: DB): Promise<{ open: number; dueSoon: number }> {
  const limit = new Date(clock.now().getTime() + PRIVACY_REQUEST_WARNING_DAYS * DAY).toISOString();
  const [open, dueSoon] = await Promise.all([data.countOpen(db), data.countDueSoon(db, limit)]);
  return { open, dueSoon };
}

export const kindLabel = (kind: PrivacyRequestKind) => PRIVACY_REQUEST_KIND_LABELS[kind];
